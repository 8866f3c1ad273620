#!/usr/bin/env bash
# The floor under `state identify westwood` at its default bound (issue 32):
# what one lookup a seed costs on this CPU (bench/probes/gather_floor.c), next
# to what bitexact's hash alone and its hash plus filter cost a seed, and
# the plain one-hash C loop's whole cost a seed — all on one thread.
#
#   bash bench/gather_floor.sh
#
# A default identification looks each seed's first word up among ~40 000
# seeding points; the peer compares it with one word. When the cheapest
# lookup (a table in L1) plus bitexact's hash already costs more than the
# peer's loop, no filter reaches the peer's speed on this machine.
# Needs gcc with OpenMP and cargo; run it on an idle machine. Not part of CI.
set -euo pipefail
cd "$(dirname "$0")/.."

build="${BITEXACT_PEERS_BUILD:-target/peers}"
mkdir -p "$build"
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
echo "== $cpu; one thread" >&2
gcc -O2 -march=native bench/probes/gather_floor.c -o "$build/gather_floor"
gcc -O3 -march=native -fopenmp -DFIRST bench/peers/psdes_plain.c -o "$build/psdes_FIRST"
cargo build --quiet --release -p bitexact-cli
bx=target/release/bitexact

echo "== one lookup a seed, ns (table bytes, way, ns a lane)" >&2
"$build/gather_floor"

seed=0xFFFFFFF0
"$bx" -q state save westwood --seed "$seed" --layout ra2 -o "$build/floor0.bin"
"$bx" -q state save westwood --seed "$seed" --skip-words 5000 --layout ra2 -o "$build/floor5000.bin"
. bench/lib.sh
n=$((1 << 30))
per_seed() { awk -v t="$1" -v n="$2" 'BEGIN { printf "%.3f", t / n * 1e9 }'; }
hash=$(timed "$bx" -q state identify westwood "$build/floor0.bin" --max-draws 0 --threads 1 --seed-range 0..$n)
full=$(timed "$bx" -q state identify westwood "$build/floor5000.bin" --threads 1 --seed-range 0..$n)
peer=$(OMP_NUM_THREADS=1 "$build/psdes_FIRST" "$seed" | cut -f2)
echo "== ns a seed, one thread"
printf 'bitexact hash alone (--max-draws 0)\t%s\n' "$(per_seed "$hash" $n)"
printf 'bitexact default (hash, filter, 40 000 points)\t%s\n' "$(per_seed "$full" $n)"
printf 'peer: the plain one-hash loop\t%s\n' "$(per_seed "$peer" $((1 << 32)))"
