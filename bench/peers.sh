#!/usr/bin/env bash
# Side-by-side throughput: bitexact's single draws and fills (the Rust
# throughput example) next to C / C++ peers built here with the system
# compilers. (The Westwood seed searches next to their plain C peers:
# bench/westwood.sh.)
#
#   bash bench/peers.sh [SECONDS_PER_ROW]      (default 0.5)
#
# Needs gcc, g++ and cargo. Not part of CI: its numbers depend on the
# machine and its load. See bench/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."

secs="${1:-0.5}"
build="${BITEXACT_PEERS_BUILD:-target/peers}"
mkdir -p "$build"
src=bench/peers

echo "== building (gcc $(gcc -dumpfullversion), g++ $(g++ -dumpfullversion), $(cargo --version))" >&2
g++ -O2 -DLABEL='"c++.std_mt19937.O2"' "$src/std_mt19937.cpp" -o "$build/std_mt19937.O2"
g++ -O3 -march=native -DLABEL='"c++.std_mt19937.O3-native"' "$src/std_mt19937.cpp" -o "$build/std_mt19937.O3-native"
gcc -O2 -DLABEL='"c.xorshift128p.O2"' "$src/xorshift128p.c" -o "$build/xorshift128p.O2"
gcc -O3 -march=native -DLABEL='"c.xorshift128p.O3-native"' "$src/xorshift128p.c" -o "$build/xorshift128p.O3-native"
cargo build --quiet --release -p bitexact --example throughput

rows="$build/rows.tsv"
: >"$rows"
echo "== ours: cargo run --release --example throughput $secs" >&2
target/release/examples/throughput "$secs" 2>"$build/ratios.txt" | tee -a "$rows"
cat "$build/ratios.txt" >&2
echo "== peers" >&2
for b in std_mt19937.O2 std_mt19937.O3-native xorshift128p.O2 xorshift128p.O3-native; do
    "$build/$b" "$secs" | tee -a "$rows"
done


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
echo "the seed searches next to plain C peers: bash bench/westwood.sh"
