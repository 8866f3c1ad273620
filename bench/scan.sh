#!/usr/bin/env bash
# `bitexact scan` next to `objdump -d` (GNU binutils) disassembling the same
# image, side by side in one run: runs paired A B A B …, each side's median,
# and the ratio (scan time / objdump time). objdump only disassembles; the
# scan decodes twice, builds the call graph and runs the data flow and the
# matcher over every function, so the ratio is what the scan's extra work
# costs against the tool a reverse engineer would otherwise run.
#
#   bash bench/scan.sh [RUNS] [IMAGE ...]   (RUNS default 3; IMAGE default
#                                           libLLVM-15.so.1 where Debian has it)
#
# Each image is scanned on every core (the default) and on one
# (taskset -c 0); objdump runs on one core (it has no threads). Output
# goes to /dev/null on both sides. Run it on an idle machine. Not part of CI.
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${1:-3}"
shift || true
images=("$@")
if [ ${#images[@]} -eq 0 ]; then
    for f in /usr/lib/x86_64-linux-gnu/libLLVM-15.so.1; do
        [ -e "$f" ] && images+=("$f")
    done
fi
if [ ${#images[@]} -eq 0 ]; then
    echo "no image given and no libLLVM-15.so.1 here (apt-get install libllvm15)" >&2
    exit 2
fi

cargo build --release --locked -q -p bitexact-cli
bin=target/release/bitexact
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
echo "== $cpu, $(nproc) cores; $(objdump --version | head -1)" >&2

secs() { # the wall time of "$@", in seconds
    local t0 t1
    t0=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || true
    t1=$(date +%s.%N)
    echo "$t1 - $t0" | bc -l
}
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

for img in "${images[@]}"; do
    all=() one=() dump=()
    for _ in $(seq "$runs"); do
        dump+=("$(secs taskset -c 0 objdump -d "$img")")
        all+=("$(secs "$bin" scan "$img")")
        one+=("$(secs taskset -c 0 "$bin" scan "$img")")
    done
    d=$(printf '%s\n' "${dump[@]}" | median)
    a=$(printf '%s\n' "${all[@]}" | median)
    o=$(printf '%s\n' "${one[@]}" | median)
    printf '%s (%s bytes): objdump -d %.2f s; scan %.2f s on %s cores (%.2fx), %.2f s on one (%.2fx)\n' \
        "$img" "$(stat -c %s "$img")" "$d" "$a" "$(nproc)" "$(echo "$a / $d" | bc -l)" \
        "$o" "$(echo "$o / $d" | bc -l)"
done
