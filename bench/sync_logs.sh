#!/usr/bin/env bash
# `bitexact sync` on big logs, side by side with `grep -c` reading the same
# file (the floor for any tool that looks at every line), and its peak
# memory: a 1 GiB Generals DEBUG_RANDOM_LOGIC log (the example log repeated:
# each copy starts with its InitRandom line, so the whole file replays), and
# Phobos / Vinifera / generals-crc at their default and largest draw bounds.
#
#   bash bench/sync_logs.sh [MIB]      (default 1024)
#
# Needs cargo and GNU time (/usr/bin/time). Not part of CI: it writes MIB of
# temporary file and takes about a minute. Run it on an idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."

mib="${1:-1024}"
cargo build --quiet --release -p bitexact-cli
bin=target/release/bitexact
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bitexact-sync-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

log="$tmp/generals.txt"
python3 - "$log" "$mib" <<'PY'
import sys
src = open("examples/sync/generals-debug.txt", "rb").read()
want = int(sys.argv[2]) << 20
with open(sys.argv[1], "wb") as f:
    for _ in range(want // len(src) + 1):
        f.write(src)
PY
cat "$log" > /dev/null   # warm the page cache for both sides
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores"
echo "log: $(stat -c %s "$log") bytes"
# (to a file: GNU grep stops at the first match when its output is /dev/null)
/usr/bin/time -f "grep -c:                %e s, %M KB peak" grep -c GetGameLogicRandomValue "$log" > "$tmp/count"
echo "  ($(cat "$tmp/count") logic lines)"
/usr/bin/time -f "bitexact sync generals: %e s, %M KB peak" "$bin" sync generals "$log" > /dev/null

t() { local what=$1; shift; /usr/bin/time -f "$what: %e s, %M KB peak" "$bin" "$@" > /dev/null || true; }
t "sync phobos, 10^7 draws (default), wrong seed" sync phobos examples/sync/SYNC0.TXT --seed 1
t "sync phobos, 10^9 draws (ceiling), wrong seed" sync phobos examples/sync/SYNC0.TXT --seed 1 --max-draws 1000000000
t "sync vinifera, 10^8 draws (default), wrong seed" sync vinifera examples/sync/vinifera-crc.txt --seed 1
t "sync generals-crc, 10^7 draws (default), wrong seed" sync generals-crc examples/sync/crcDebug0.txt --seed 1
