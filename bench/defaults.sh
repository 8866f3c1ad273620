#!/usr/bin/env bash
# The default paths users hit (issue 32), each next to the plain C a
# competent user writes for the same job (bench/peers/, written from the
# SPEC): bitexact at its default settings on every core vs the peer on every
# core (OpenMP), paired A B A B …, medians, and the ratio (bitexact / peer:
# 1.00 or less means bitexact is at or past its peer).
#
#   bash bench/defaults.sh [RUNS] [LOG2_SEEDS]   (RUNS default 3; the
#                                                searches cover seeds
#                                                0..2^LOG2_SEEDS, default 26)
#
# Rows (each search's evidence is seed 0xFFFFFFF0's values, a seed past the
# searched range, so both sides search the range whole, as a "not found"
# is; its cost is per seed):
#   recover sots u32              1 raw word, --max-offset 0 (default)
#   recover sots int:100 x6       six next_int_inclusive(100) values
#   recover openra next           1 Next() value
#   recover generals raw          1 raw draw
#   identify sots                 `state identify sots` at its default
#                                 --max-twists 100000 on a state 99 999
#                                 twists in: a walk, no seed range, no
#                                 search; its peer walks the same twists
#                                 (one core on both sides: the walk is serial)
# Before timing, every peer is checked against bitexact on a tiny range
# (2^16 seeds ending at 2^32, so holding the planted seed): the same hits
# and offsets (the int:N and Next() mappings have no published vectors; the
# planted seed's values come from `bitexact stream`, so its hit is that
# cross-check), and the identify peer must name the same seed and words.
# Not part of CI: run it on an idle machine (a few minutes at 2^26).
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${1:-3}"
log2="${2:-26}"
n=$((1 << log2))
build="${BITEXACT_PEERS_BUILD:-target/peers}"
mkdir -p "$build"
cargo build --quiet --release -p bitexact-cli
bx="${CARGO_TARGET_DIR:-target}/release/bitexact"

cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
if grep -qw avx512f /proc/cpuinfo; then isa="AVX-512F"
elif grep -qw avx2 /proc/cpuinfo; then isa="AVX2"; else isa="portable"; fi
echo "== $cpu, $(nproc) cores; bitexact's kernels: $isa (picked at run time); peers: $(gcc --version | head -1), -O3 -march=native -fopenmp; $runs paired runs; 2^$log2 seeds a search" >&2

# Build each peer; say whether gcc vectorised its seed loop (the line
# marked `vec: seed loop` in the source).
peer() { # peer NAME SOURCE FLAGS...
    local name=$1 src=$2
    shift 2
    gcc -O3 -march=native -fopenmp "$@" "$src" -o "$build/$name" -fopt-info-vec-optimized 2>"$build/$name.vec"
    local lines verdict=""
    lines=$(grep -n 'vec: seed loop' "$src" | cut -d: -f1 || true)
    for l in $lines; do
        # gcc names the loop's line, or for an `omp simd` loop its first
        # statement's.
        if grep -Eq "$(basename "$src"):($l|$((l + 1))):.*loop vectorized" "$build/$name.vec"; then
            verdict="$verdict line $l vectorised;"
        else
            verdict="$verdict line $l NOT vectorised;"
        fi
    done
    echo "== peer $name ($src $*):${verdict:- no seed loop (a serial walk); $(grep -c 'loop vectorized' "$build/$name.vec" || true) loops vectorised}" >&2
}
peer mt_u32 bench/peers/mt_plain.c -DTAP_U32
peer mt_int bench/peers/mt_plain.c -DTAP_INT
peer mt_openra bench/peers/mt_plain.c -DTAP_OPENRA
peer generals bench/peers/generals_plain.c
peer mt_identify bench/peers/mt_identify.c

seed=0xFFFFFFF0
sots_u32=$("$bx" stream sots --seed "$seed" --count 1)
sots_int=$("$bx" stream sots --seed "$seed" --tap int:100 --count 6 | paste -sd, -)
openra=$("$bx" stream openra --seed "$seed" --count 1)
generals=$("$bx" stream generals --seed "$seed" --count 1)
"$bx" -q state save sots --seed "$seed" --skip-words $((99999 * 624 + 100)) -o "$build/sots_99999.bin"

# The check: peer and bitexact give the same `seed offset` pairs on
# 4294901760..4294967296 (the planted seed among them).
check() { # check NAME 'BITEXACT ARGS' 'PEER ARGS'
    local lo=4294901760 hi=4294967296 p b
    p=$(eval "$build/$3" 2>/dev/null | sed -n 's/^seed \([0-9]*\) offset \([0-9]*\)$/\1 \2/p' | sort)
    b=$(eval "$bx -q recover $2 --seed-range $lo..$hi --max-hits 100000 --json" |
        python3 -c 'import json,sys; [print(h["seed"], h["offset"]) for h in json.load(sys.stdin)["hits"]]' | sort)
    if [ "$p" != "$b" ] || ! grep -q "^$((seed)) 0$" <<<"$p"; then
        echo "check $1: the peer and bitexact differ on $lo..$hi (or miss seed $((seed))):" >&2
        diff <(echo "$p") <(echo "$b") >&2 || true
        exit 1
    fi
    echo "== check $1: same $(wc -l <<<"$p") hit(s) as bitexact on 2^16 seeds" >&2
}
check "sots u32" "sots --values $sots_u32" "mt_u32 4294901760 4294967296 $sots_u32"
check "sots int:100 x6" "sots --tap int:100 --values $sots_int" "mt_int int:100 4294901760 4294967296 $sots_int"
int2=$(cut -d, -f1-2 <<<"$sots_int") # two values: more hits, each confirmed
check "sots int:100 x2" "sots --tap int:100 --values $int2" "mt_int int:100 4294901760 4294967296 $int2"
check "openra next" "openra --values $openra" "mt_openra 4294901760 4294967296 $openra"
check "generals raw" "generals --values $generals" "generals 4294901760 4294967296 $generals"
want=$("$bx" state identify sots "$build/sots_99999.bin" | awk '/^seed:/ {s=$2} /^words_drawn:/ {w=$2} END {print "seed " s " words_drawn " w}')
got=$("$build/mt_identify" "$build/sots_99999.bin" 2>/dev/null | cut -d' ' -f1-4)
if [ "$want" != "$got" ]; then
    echo "check identify sots: bitexact says '$want', the peer '$got'" >&2
    exit 1
fi
echo "== check identify sots: both say $got" >&2

# timed, median
. bench/lib.sh

# row NAME 'BITEXACT COMMAND' 'PEER COMMAND': A (bitexact) and B (peer), paired.
row() {
    local name=$1 a=() b=()
    for _ in $(seq "$runs"); do
        a+=("$(timed sh -c "$2")")
        b+=("$(timed sh -c "$3")")
    done
    local ma mb
    ma=$(printf '%s\n' "${a[@]}" | median)
    mb=$(printf '%s\n' "${b[@]}" | median)
    printf '%s\t%.3f\t%.3f\t%.2f\n' "$name" "$ma" "$mb" "$(awk -v a="$ma" -v b="$mb" 'BEGIN { print a / b }')" | tee -a "$build/defaults.tsv"
}

: >"$build/defaults.tsv"
echo "== name<TAB>bitexact_s<TAB>peer_s<TAB>ratio (medians, wall clock of the whole command)" >&2
range="--seed-range 0..$n"
row "recover sots u32" "$bx -q recover sots --values $sots_u32 $range" "$build/mt_u32 0 $n $sots_u32"
row "recover sots int:100 x6" "$bx -q recover sots --tap int:100 --values $sots_int $range" "$build/mt_int int:100 0 $n $sots_int"
row "recover openra next" "$bx -q recover openra --values $openra $range" "$build/mt_openra 0 $n $openra"
row "recover generals raw" "$bx -q recover generals --values $generals $range" "$build/generals 0 $n $generals"
row "identify sots (99 999 twists in)" "$bx -q state identify sots $build/sots_99999.bin" "$build/mt_identify $build/sots_99999.bin"
