#!/usr/bin/env bash
# bitexact's System.Random seed search next to the plain C a competent user
# writes for the same job (bench/peers/dotnet_plain.c: new Random(s) for
# every seed pattern, OpenMP over the seeds, gcc -O3 -march=native), side by
# side in one run: runs paired A B A B …, medians, and the ratio.
#
#   bash bench/dotnet.sh [RUNS] [SEEDS]   (RUNS default 5; SEEDS default
#                                         2^26 patterns, from 0)
#
# The search: `recover dotnet --tap next:6` for seven dice thrown by a seed
# near the end of the range (nothing stops early), at the defaults
# (max-offset 0, all cores) vs the peer's loop. Run it on an idle machine.
# Not part of CI.
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${1:-5}"
seeds="${2:-67108864}"
build="${BITEXACT_PEERS_BUILD:-target/peers}"
mkdir -p "$build"
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
if grep -qw avx2 /proc/cpuinfo; then isa="AVX2"; else isa="portable"; fi
echo "== $cpu, $(nproc) cores; bitexact's lanes: $isa (picked at run time)" >&2
gcc -O3 -march=native -fopenmp bench/peers/dotnet_plain.c -o "$build/dotnet_plain"
cargo build --quiet --release -p bitexact-cli
bx=target/release/bitexact
planted=$(( seeds - 5 ))
dice=$("$bx" stream dotnet --seed "$planted" --tap next:6 --count 7 | paste -sd, -)

time_of() { # prints the seconds a command took
    local t0 t1
    t0=$(date +%s.%N)
    "$@" >/dev/null 2>&1
    t1=$(date +%s.%N)
    echo "$t1 - $t0" | bc -l
}
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

a=() b=()
for _ in $(seq "$runs"); do
    a+=("$(time_of "$bx" recover dotnet --tap next:6 --values "$dice" --seed-range "0..$seeds")")
    b+=("$(time_of "$build/dotnet_plain" 0 "$seeds" "$dice")")
done
ma=$(printf '%s\n' "${a[@]}" | median)
mb=$(printf '%s\n' "${b[@]}" | median)
printf 'recover dotnet --tap next:6 (7 dice), %s seeds: bitexact %.2f s, plain C %.2f s, ratio %.2f\n' \
    "$seeds" "$ma" "$mb" "$(echo "$ma / $mb" | bc -l)"
