#!/usr/bin/env bash
# Every vector kernel against the portable path on this machine: each row is
# one engine's verb at its default settings, run with the kernels the CPU
# picks and with BITEXACT_MAX_ISA=portable, paired A B A B, medians, and
# the ratio (picked / portable: 1.00 or less is the promise, issue 32).
# Then the fills (the throughput example, both ways).
#
#   bash bench/matrix.sh [RUNS] [LOG2_SEEDS]   (RUNS default 3; searches
#                                               cover 2^LOG2_SEEDS seeds,
#                                               default 28, on every core)
#
# A search row searches a part of the seed space that holds no hit (so it
# is searched whole, as a "not found" is); its cost is per seed, the same
# part of 2^32 on both sides. Not part of CI: run it on an idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${1:-3}"
log2="${2:-28}"
n=$((1 << log2))
build="${BITEXACT_PEERS_BUILD:-target/peers}"
mkdir -p "$build"
cargo build --quiet --release -p bitexact-cli
bx=target/release/bitexact

cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
if grep -qw avx512f /proc/cpuinfo; then isa="AVX-512F"
elif grep -qw avx2 /proc/cpuinfo; then isa="AVX2"; else isa="portable"; fi
echo "== $cpu, $(nproc) cores; picked kernels: $isa; $runs paired runs; 2^$log2 seeds a search" >&2

# The evidence each row searches for: values of seed 0xFFFFFFF0 (past every
# searched range), a Westwood state 5 000 draws in.
seed=0xFFFFFFF0
"$bx" -q state save westwood --seed "$seed" --skip-words 5000 --layout ra2 -o "$build/ww5000.bin"
ww_raw=$("$bx" stream westwood --seed "$seed" --count 1)
ww_ranged=$("$bx" stream westwood --seed "$seed" --tap ranged:0,99 --count 5 | paste -sd, -)
sots_u32=$("$bx" stream sots --seed "$seed" --count 1)
sots_int=$("$bx" stream sots --seed "$seed" --tap int:100 --count 6 | paste -sd, -)
openra=$("$bx" stream openra --seed "$seed" --count 1)
generals=$("$bx" stream generals --seed "$seed" --count 1)
range="--seed-range 0..$n"

# timed, median
. bench/lib.sh

# row NAME 'COMMAND': picked kernels (A) and portable (B), paired.
row() {
    local name=$1 cmd=$2 a=() b=()
    for _ in $(seq "$runs"); do
        a+=("$(timed sh -c "$cmd")")
        b+=("$(BITEXACT_MAX_ISA=portable timed sh -c "$cmd")")
    done
    local ma mb
    ma=$(printf '%s\n' "${a[@]}" | median)
    mb=$(printf '%s\n' "${b[@]}" | median)
    printf '%s\t%.2f\t%.2f\t%.2f\n' "$name" "$ma" "$mb" "$(awk -v a="$ma" -v b="$mb" 'BEGIN { print a / b }')" | tee -a "$build/matrix.tsv"
}

: >"$build/matrix.tsv"
echo "== row<TAB>picked_s<TAB>portable_s<TAB>ratio (medians)" >&2
row "identify westwood (default --max-draws)" "$bx -q state identify westwood $build/ww5000.bin $range"
row "identify westwood --max-draws 0" "$bx -q state identify westwood $build/ww5000.bin --max-draws 0 $range"
row "recover westwood raw" "$bx -q recover westwood --values $ww_raw $range"
row "recover westwood ranged:0,99 x5" "$bx -q recover westwood --tap ranged:0,99 --values $ww_ranged --seed-range 0..$((n / 4))"
row "recover sots u32" "$bx -q recover sots --values $sots_u32 $range"
row "recover sots int:100 x6" "$bx -q recover sots --tap int:100 --values $sots_int $range"
row "recover openra next" "$bx -q recover openra --values $openra $range"
row "recover generals raw" "$bx -q recover generals --values $generals --seed-range 0..$((n / 4))"

echo "== fills: ns per word, picked / portable (the throughput example, 0.3 s a row)" >&2
cargo build --quiet --release -p bitexact --example throughput
ex=target/release/examples/throughput
"$ex" 0.3 >"$build/fill_picked.tsv" 2>/dev/null
BITEXACT_MAX_ISA=portable "$ex" 0.3 >"$build/fill_portable.tsv" 2>/dev/null
join -t "$(printf '\t')" <(sort "$build/fill_picked.tsv") <(sort "$build/fill_portable.tsv") |
    awk -F '\t' '$1 ~ /fill/ { printf "%s\t%.3f\t%.3f\t%.2f\n", $1, $2, $3, $2 / $3 }' | tee -a "$build/matrix.tsv"
