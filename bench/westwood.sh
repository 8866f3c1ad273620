#!/usr/bin/env bash
# bitexact's Westwood seed searches next to the plain C a competent user
# writes for the same job (bench/peers/psdes_plain.c: one loop over all 2^32
# seeds, OpenMP reductions, vectorised by gcc -O3 -march=native), side by
# side in one run: runs paired A B A B …, medians, and the ratio.
#
#   bash bench/westwood.sh [RUNS] [avx2]   (RUNS default 5; the ranged pair
#                                          runs max(1, RUNS / 2) times: its
#                                          peer takes about 50 s a run)
#
# With `avx2` on an AVX-512 machine, both sides are held to AVX2: bitexact by
# BITEXACT_MAX_ISA=avx2, the peers built with -mno-avx512f.
#
# Searches (all 2^32 seeds; the planted seed 0xFFFFFFF0 is near the end, so
# nothing stops early):
#   identify   state identify westwood (ra2 object, --max-draws 0)  vs  psdes(s, 0) == w
#   identify_default   the same 5 000 draws in, at the default
#              --max-draws (10^7: 40 000 seeding points to look each
#              seed's first word up among)                         vs  the same loop
#   raw        recover westwood --tap raw, one value                vs  psdes(s,0) ^ psdes(s,103) == v
#   ranged     recover westwood --tap ranged:0,99, five values      vs  the five ranged calls, rejected
#                                                                       draws drawn again (the whole answer)
# and, printed once for reference, a ranged filter that does less than the
# search (first draw only, rejections left as candidates).
#
# Needs gcc with OpenMP and cargo. Run it on an idle machine: a second load
# on the cores moves the pairs by tens of percent. Not part of CI.
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${1:-5}"
only="${2:-}"
cflags="-O3 -march=native -fopenmp"
if [ "$only" = avx2 ]; then
    export BITEXACT_MAX_ISA=avx2
    cflags="$cflags -mno-avx512f"
fi
ranged_runs=$(( runs / 2 > 0 ? runs / 2 : 1 ))
build="${BITEXACT_PEERS_BUILD:-target/peers}"
mkdir -p "$build"
src=bench/peers/psdes_plain.c
seed=0xFFFFFFF0

cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
cores=$(nproc)
if [ "$only" != avx2 ] && grep -qw avx512f /proc/cpuinfo; then isa="AVX-512F";
elif grep -qw avx2 /proc/cpuinfo; then isa="AVX2"; else isa="portable"; fi
echo "== $cpu, $cores cores; bitexact's kernels: $isa (picked at run time)" >&2
echo "== building: gcc $(gcc -dumpfullversion) $cflags; $(cargo --version)" >&2
for mode in FIRST RAW RANGED RANGED_EXACT; do
    # shellcheck disable=SC2086 # $cflags is a list of flags
    gcc $cflags "-D$mode" -fopt-info-vec-optimized "$src" -o "$build/psdes_$mode" \
        2>"$build/vec_$mode.txt"
    line=$(grep -n 'omp simd' "$src" | head -1 | cut -d: -f1)
    widths=$(grep "psdes_plain.c:$line:" "$build/vec_$mode.txt" | grep -o 'using [0-9]* byte vectors' | sort -u | paste -sd, -)
    echo "   peer $mode: the seed loop vectorised ${widths:-NOT AT ALL}" >&2
done
cargo build --quiet --release -p bitexact-cli
bx=target/release/bitexact

state="$build/identify.bin"
"$bx" -q state save westwood --seed "$seed" --layout ra2 -o "$state"
state5000="$build/identify5000.bin"
"$bx" -q state save westwood --seed "$seed" --skip-words 5000 --layout ra2 -o "$state5000"
raw=$("$bx" stream westwood --seed "$seed" --count 1)
ranged=$("$bx" stream westwood --seed "$seed" --tap ranged:0,99 --count 5 | paste -sd, -)

# timed (its output to "$build/out.txt", checked by `pair`), median
. bench/lib.sh

# pair NAME RUNS 'BITEXACT COMMAND' 'PEER COMMAND' EXPECT
pair() {
    local name=$1 n=$2 ours=$3 peer=$4 expect=$5 a=() b=()
    for _ in $(seq "$n"); do
        a+=("$(timed sh -c "$ours")")
        grep -q "$expect" "$build/out.txt" || { echo "$name: bitexact missed: $(cat "$build/out.txt")" >&2; return 1; }
        b+=("$(timed sh -c "$peer")")
    done
    local ma mb
    ma=$(printf '%s\n' "${a[@]}" | median)
    mb=$(printf '%s\n' "${b[@]}" | median)
    printf '%s\t%.2f\t%.2f\t%.2f\t%s\n' "$name" "$ma" "$mb" "$(awk -v a="$ma" -v b="$mb" 'BEGIN { print a / b }')" "$n" | tee -a "$build/westwood.tsv"
}

: >"$build/westwood.tsv"
echo "== search<TAB>bitexact_s<TAB>peer_s<TAB>ratio<TAB>runs (medians of paired runs)" >&2
pair identify "$runs" "$bx -q state identify westwood $state --max-draws 0" "$build/psdes_FIRST $seed" "seed: 4294967280"
pair identify_default "$runs" "$bx -q state identify westwood $state5000" "$build/psdes_FIRST $seed" "seed: 4294967280"
pair raw "$runs" "$bx -q recover westwood --tap raw --values $raw" "$build/psdes_RAW $seed" "seed 4294967280 offset 0"
pair ranged "$ranged_runs" "$bx -q recover westwood --tap ranged:0,99 --values $ranged" "$build/psdes_RANGED_EXACT $seed" "seed 4294967280 offset 0"
t=$(timed "$build/psdes_RANGED" "$seed")
printf 'reference: the ranged first-draw filter alone (less work than the search): %.2f s\n' "$t" >&2
