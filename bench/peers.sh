#!/usr/bin/env bash
# Side-by-side throughput: bitexact's single draws and fills (the Rust
# throughput example) next to C / C++ peers built here with the system
# compilers, and full 2^32-seed pseudo-DES brute forces in C + OpenMP (one
# hash per seed, and two) next to bitexact's own westwood seed searches
# (identify: one hash per seed; recover: two).
#
#   bash bench/peers.sh [SECONDS_PER_ROW]      (default 0.5)
#
# Needs gcc, g++ (with OpenMP) and cargo. Not part of CI: it takes about a
# minute (the two 2^32-seed searches are most of it) and its numbers depend
# on the machine and its load. See bench/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."

secs="${1:-0.5}"
build="${BITEXACT_PEERS_BUILD:-target/peers}"
mkdir -p "$build"
src=bench/peers
# A seed near the end of the space, so both searches sweep all 2^32 seeds.
search_seed=0xFFFFFFF0

echo "== building (gcc $(gcc -dumpfullversion), g++ $(g++ -dumpfullversion), $(cargo --version))" >&2
g++ -O2 -DLABEL='"c++.std_mt19937.O2"' "$src/std_mt19937.cpp" -o "$build/std_mt19937.O2"
g++ -O3 -march=native -DLABEL='"c++.std_mt19937.O3-native"' "$src/std_mt19937.cpp" -o "$build/std_mt19937.O3-native"
gcc -O2 -DLABEL='"c.xorshift128p.O2"' "$src/xorshift128p.c" -o "$build/xorshift128p.O2"
gcc -O3 -march=native -DLABEL='"c.xorshift128p.O3-native"' "$src/xorshift128p.c" -o "$build/xorshift128p.O3-native"
gcc -O3 -march=native -fopenmp "$src/psdes_search.c" -o "$build/psdes_search"
gcc -O3 -march=native -fopenmp "$src/psdes_recover.c" -o "$build/psdes_recover"
cargo build --quiet --release -p bitexact --example throughput
cargo build --quiet --release -p bitexact-cli

rows="$build/rows.tsv"
: >"$rows"
echo "== ours: cargo run --release --example throughput $secs" >&2
target/release/examples/throughput "$secs" 2>"$build/ratios.txt" | tee -a "$rows"
cat "$build/ratios.txt" >&2
echo "== peers" >&2
for b in std_mt19937.O2 std_mt19937.O3-native xorshift128p.O2 xorshift128p.O3-native; do
    "$build/$b" "$secs" | tee -a "$rows"
done

echo "== brute force over all 2^32 seeds (psdes(seed, 0) == psdes($search_seed, 0))" >&2
c_line=$("$build/psdes_search" "$search_seed" 2>"$build/psdes_hits.txt")
cat "$build/psdes_hits.txt" >&2
echo "== brute force over all 2^32 seeds (first raw draw of $search_seed: two hashes a seed)" >&2
c2_line=$("$build/psdes_recover" "$search_seed" 2>"$build/psdes_recover_hits.txt")
cat "$build/psdes_recover_hits.txt" >&2
# An RA2 state 1000 draws after seeding, identified at the default bound
# (10^7 draws: 40 000 seeding points to probe each seed against).
target/release/bitexact state save westwood --seed "$search_seed" --skip-words 1000 --layout ra2 \
    -o "$build/search_state.bin" >/dev/null 2>&1
t0=$(date +%s.%N)
target/release/bitexact state identify westwood "$build/search_state.bin" \
    >"$build/identify.txt" 2>"$build/identify_err.txt"
t1=$(date +%s.%N)
grep -q "seed: $((search_seed))" "$build/identify.txt" || {
    echo "bitexact identify did not find seed $search_seed" >&2
    exit 1
}
first_raw=$(target/release/bitexact stream westwood --seed "$search_seed" --count 1)
t2=$(date +%s.%N)
target/release/bitexact recover westwood --tap raw --values "$first_raw" \
    >"$build/recover.txt" 2>"$build/recover_err.txt"
t3=$(date +%s.%N)
grep -q "seed $((search_seed)) offset 0" "$build/recover.txt" || {
    echo "bitexact recover did not find seed $search_seed" >&2
    exit 1
}
threads=$(nproc)

ns() { awk -F'\t' -v n="$1" '$1 == n { print $2 }' "$rows"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

echo
echo "side by side (ns per word, lower is faster; x = how many times faster than the peer)"
printf '%-34s %10s\n' "row" "ns/word"
for r in c++.std_mt19937.O2 c++.std_mt19937.O3-native rand_mt.next_u32 sots.next_u32 sots.fill \
    c.xorshift128p.O2 c.xorshift128p.O3-native laige.next_u64 laige.fill \
    westwood.raw westwood.fill; do
    printf '%-34s %10s\n' "$r" "$(ns "$r")"
done
echo
for peer in c++.std_mt19937.O2 c++.std_mt19937.O3-native rand_mt.next_u32; do
    printf 'sots.next_u32 vs %-26s x%s   sots.fill vs it x%s\n' "$peer" \
        "$(ratio "$(ns "$peer")" "$(ns sots.next_u32)")" "$(ratio "$(ns "$peer")" "$(ns sots.fill)")"
done
for peer in c.xorshift128p.O2 c.xorshift128p.O3-native; do
    printf 'laige.next_u64 vs %-25s x%s   laige.fill vs it x%s\n' "$peer" \
        "$(ratio "$(ns "$peer")" "$(ns laige.next_u64)")" "$(ratio "$(ns "$peer")" "$(ns laige.fill)")"
done
echo
echo "2^32-seed searches (wall clock, $threads cores)"
awk -F'\t' '{ printf "%-34s %8.2f s  %7.3f ns/seed  (%d threads, %d hits)\n", "C psdes + OpenMP, one hash", $2, $3, $4, $5 }' <<<"$c_line"
awk -F'\t' '{ printf "%-34s %8.2f s  %7.3f ns/seed  (%d threads, %d hits)\n", "C psdes + OpenMP, two hashes", $2, $3, $4, $5 }' <<<"$c2_line"
awk -v t0="$t0" -v t1="$t1" -v n="$threads" 'BEGIN { s = t1 - t0; printf "%-34s %8.2f s  %7.3f ns/seed  (%d threads, rayon)\n", "bitexact state identify westwood", s, s * 1e9 / 4294967296, n }'
awk -v t0="$t2" -v t1="$t3" -v n="$threads" 'BEGIN { s = t1 - t0; printf "%-34s %8.2f s  %7.3f ns/seed  (%d threads; two pseudo-DES per seed)\n", "bitexact recover westwood (raw)", s, s * 1e9 / 4294967296, n }'
