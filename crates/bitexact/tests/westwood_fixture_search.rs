//! Seed 002's withdrawn fixture — "seed 1's first ranged(1, 2147483647) is
//! 1,631,533,363" (double 0.759741926100105) — does not hold for seed 1
//! under the published algorithm. Which seeds *do* produce it?
//!
//! `full_search_for_the_fixture` scans all 2^32 seeds (a first raw draw is
//! `psdes(s, 0) ^ psdes(s, 103)`; the ranged draw keeps its low 31 bits plus
//! one, rejecting only `0x7fffffff`). It takes tens of seconds in a release
//! build, so it is `#[ignore]`d; run it with
//! `cargo test --release -p bitexact --test westwood_fixture_search -- --ignored --nocapture`.
//! Its answer is pinned in [`FIXTURE_SEEDS`] and checked quickly below.

use bitexact::westwood::{psdes, Random2};

/// Every seed whose first `ranged(1, 2147483647)` is 1,631,533,363, found by
/// the full search below (2026-11-29).
const FIXTURE_SEEDS: &[u32] = &[479_635_554, 4_119_985_456];

const FIXTURE: i32 = 1_631_533_363;

#[test]
fn pinned_fixture_seeds_produce_the_fixture() {
    for &seed in FIXTURE_SEEDS {
        let mut rng = Random2::new(seed);
        assert_eq!(rng.ranged(1, i32::MAX), Ok(FIXTURE), "seed {seed}");
        let mut rng = Random2::new(seed);
        assert_eq!(rng.double(), FIXTURE as f64 / 2_147_483_648.0);
        assert_eq!(
            format!("{:.15}", FIXTURE as f64 / 2_147_483_648.0),
            "0.759741926100105"
        );
    }
    // And seed 1 is not among them.
    assert!(!FIXTURE_SEEDS.contains(&1));
    assert_ne!(Random2::new(1).ranged(1, i32::MAX), Ok(FIXTURE));
}

#[test]
#[ignore]
fn full_search_for_the_fixture() {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()) as u64;
    let span = (1u64 << 32) / threads;
    let start = std::time::Instant::now();
    let mut hits: Vec<u32> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    let (lo, hi) = (
                        t * span,
                        if t + 1 == threads {
                            1 << 32
                        } else {
                            (t + 1) * span
                        },
                    );
                    let mut found = Vec::new();
                    for seed in lo..hi {
                        let seed = seed as u32;
                        let first = (psdes(seed, 0) ^ psdes(seed, 103)) & 0x7fff_ffff;
                        // ranged(1, i32::MAX) = 1 + first unless first == 0x7fffffff (rejected).
                        if (first == FIXTURE - 1 || first == 0x7fff_ffff)
                            && Random2::new(seed).ranged(1, i32::MAX) == Ok(FIXTURE)
                        {
                            found.push(seed);
                        }
                    }
                    found
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    hits.sort_unstable();
    println!(
        "seeds with first ranged(1, 2147483647) = {FIXTURE}: {hits:?} ({:.1?}, {threads} threads)",
        start.elapsed()
    );
    assert_eq!(hits, FIXTURE_SEEDS);
}
