//! The scheduler against a plain sequential scan (SPEC 8), and the parsers.

use super::*;

/// Bare seeds as hits, for the scheduler's own tests.
impl Seeded for u64 {
    fn seed(&self) -> u64 {
        *self
    }
}

#[test]
fn seed_ranges() {
    assert_eq!(parse_seed_range("0..10", 1 << 32), Ok(0..10));
    assert_eq!(parse_seed_range("0x10..=0x1f", 1 << 32), Ok(16..32));
    assert_eq!(parse_seed_range("0..=4294967295", 1 << 32), Ok(0..1 << 32));
    assert!(parse_seed_range("5..5", 1 << 32)
        .unwrap_err()
        .contains("empty"));
    assert!(parse_seed_range("0..4294967297", 1 << 32)
        .unwrap_err()
        .contains("past"));
    assert!(parse_seed_range("7", 1 << 32).is_err());
    assert!(parse_seed_range("a..b", 1 << 32).is_err());
    assert!(parse_seed_range("1..=18446744073709551615", u64::MAX)
        .unwrap_err()
        .contains("cannot be searched"));
    assert_eq!(
        parse_seed_range("18446744073709551610..18446744073709551615", u64::MAX),
        Ok(u64::MAX - 5..u64::MAX)
    );
}

#[test]
fn resume_ranges() {
    let m = interrupted_message(10, 5, Some("0..=99"), 1 << 32);
    assert!(m.ends_with("resume with --seed-range 5..=99"), "{m}");
    let m = interrupted_message(10, 5, None, 1 << 32);
    assert!(m.ends_with("resume with --seed-range 5..4294967296"), "{m}");
}

#[test]
fn rates() {
    assert_eq!(rate(38_000_000, 1.0), "38 million seeds/s");
    assert_eq!(rate(2_500, 1.0), "2.5 thousand seeds/s");
    assert_eq!(rate(1_141_000_000, 1.0), "1.14 billion seeds/s");
    assert_eq!(rate(7, 1.0), "7 seeds/s");
}

fn plan(seeds_per_chunk: u64, stop_after: usize) -> Plan<'static> {
    Plan {
        threads: Some(2),
        seeds_per_chunk,
        stop_after,
        label: "t",
    }
}

#[test]
fn finds_hits_in_order_and_counts() {
    let mut seen = Vec::new();
    let out = run(
        0..5_000_000,
        &plan(1 << 16, usize::MAX),
        |r| r.filter(|s| s % 1_000_000 == 7).collect(),
        |h| seen.extend_from_slice(h),
    )
    .unwrap();
    assert_eq!(
        out.hits,
        vec![7, 1_000_007, 2_000_007, 3_000_007, 4_000_007]
    );
    assert_eq!(seen, out.hits);
    assert_eq!(out.searched, 5_000_000);
    assert!(out.complete());
}

#[test]
fn the_top_of_the_u64_range() {
    let out = run(
        u64::MAX - 5..u64::MAX,
        &plan(1 << 20, usize::MAX),
        |r| r.collect(),
        |_| {},
    )
    .unwrap();
    assert_eq!(out.hits, (u64::MAX - 5..u64::MAX).collect::<Vec<_>>());
    assert!(out.complete());
}

#[test]
fn stops_after_exactly_enough_hits() {
    let out = run(0..1 << 30, &plan(1 << 10, 100), |r| r.collect(), |_| {}).unwrap();
    assert_eq!(out.hits, (0..100).collect::<Vec<u64>>());
    assert_eq!(out.end, End::Stopped { at: 100 });
    assert_eq!(out.searched, 100);
}

#[test]
fn zero_hits_is_a_usage_error() {
    let e = run(0..10, &plan(1, 0), |r| r.collect::<Vec<u64>>(), |_| {}).unwrap_err();
    assert!(matches!(e, Failure::Usage(m) if m.contains("--max-hits 0")));
}

/// The reported hits after the first skipped chunk were dropped by the
/// old scheduler: one hit far into a range of many waves, every thread
/// count, first-hit stop.
#[test]
fn a_single_late_hit_is_found_with_any_thread_count() {
    for threads in [1, 2, 3, 7, 16] {
        for target in [0u64, 99_999, 150_001, 1_999_999] {
            let plan = Plan {
                threads: Some(threads),
                seeds_per_chunk: 997,
                stop_after: 1,
                label: "t",
            };
            let out = run(
                0..2_000_000,
                &plan,
                |r| r.filter(|&s| s == target).collect(),
                |_| {},
            )
            .unwrap();
            assert_eq!(out.hits, vec![target], "threads {threads}");
            let at = target + 1;
            if at < 2_000_000 {
                assert_eq!(out.end, End::Stopped { at });
            } else {
                assert!(out.complete());
            }
        }
    }
}

use bitexact::recover::Hit;
use proptest::prelude::*;

/// 0, 1 or 2 hits (offsets 0 and 5) for a seed, from a hash of it.
fn hits_of(seed: u64, salt: u64, one_in: u64) -> Vec<Hit> {
    let mut x = seed ^ salt;
    x = (x ^ (x >> 31)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    x ^= x >> 29;
    if one_in == 0 || !x.is_multiple_of(one_in) {
        return vec![];
    }
    let mut v = vec![Hit { seed, offset: 0 }];
    if x & 0x100 != 0 {
        v.push(Hit { seed, offset: 5 });
    }
    v
}

/// The plain sequential scan: the first `n` hits and where it stops.
fn sequential(range: Range<u64>, salt: u64, one_in: u64, n: usize) -> (Vec<Hit>, End) {
    let mut hits = Vec::new();
    for seed in range.clone() {
        hits.extend(hits_of(seed, salt, one_in));
        if hits.len() >= n {
            let last = hits[n - 1].seed;
            let at = if hits.len() > n { last } else { last + 1 };
            hits.truncate(n);
            if at < range.end {
                return (hits, End::Stopped { at });
            }
            return (hits, End::Complete);
        }
    }
    (hits, End::Complete)
}

fn ranges() -> impl Strategy<Value = Range<u64>> {
    (
        prop_oneof![Just(0u64), 0u64..1 << 40, Just(u64::MAX - 70_000)],
        1u64..60_000,
    )
        .prop_map(|(a, len)| a..a.saturating_add(len))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn the_scheduler_agrees_with_a_sequential_scan(
        range in ranges(),
        threads in 1usize..=16,
        seeds_per_chunk in prop_oneof![1u64..64, 64u64..5000],
        stop_after in prop_oneof![1usize..4, 4usize..40, Just(usize::MAX)],
        salt in any::<u64>(),
        one_in in prop_oneof![Just(0u64), 1u64..4, 4u64..200, 200u64..100_000],
    ) {
        let plan = Plan { threads: Some(threads), seeds_per_chunk, stop_after, label: "t" };
        let mut streamed = Vec::new();
        let out = run(
            range.clone(),
            &plan,
            |r| r.flat_map(|s| hits_of(s, salt, one_in)).rev().collect(),
            |h| streamed.extend_from_slice(h),
        )
        .unwrap();
        let (want, end) = sequential(range.clone(), salt, one_in, stop_after);
        prop_assert_eq!(&out.hits, &want);
        prop_assert_eq!(&streamed, &want);
        prop_assert_eq!(out.end, end);
        let searched = match end {
            End::Complete => range.end - range.start,
            End::Stopped { at } | End::Interrupted { at } => at - range.start,
        };
        prop_assert_eq!(out.searched, searched);
    }

    /// An interruption at any moment: every hit below the reported seed,
    /// none above, and the count exact.
    #[test]
    fn an_interrupted_search_reports_exactly_what_it_searched(
        range in ranges(),
        threads in 1usize..=16,
        seeds_per_chunk in 1u64..3000,
        salt in any::<u64>(),
        one_in in 1u64..50,
        stop_at in any::<u64>(),
    ) {
        let len = range.end - range.start;
        let trigger = range.start + stop_at % len;
        let flag = AtomicBool::new(false);
        let plan = Plan { threads: Some(threads), seeds_per_chunk, stop_after: usize::MAX, label: "t" };
        let out = run_with(
            range.clone(),
            &plan,
            &flag,
            |r| {
                if r.contains(&trigger) {
                    flag.store(true, Ordering::SeqCst);
                }
                r.flat_map(|s| hits_of(s, salt, one_in)).collect()
            },
            |_| {},
        )
        .unwrap();
        let below = |at: u64| -> Vec<Hit> {
            (range.start..at).flat_map(|s| hits_of(s, salt, one_in)).collect()
        };
        match out.end {
            End::Interrupted { at } => {
                prop_assert!(at >= range.start && at < range.end);
                prop_assert_eq!(&out.hits, &below(at));
                prop_assert_eq!(out.searched, at - range.start);
            }
            End::Complete => {
                prop_assert_eq!(&out.hits, &below(range.end));
                prop_assert_eq!(out.searched, len);
            }
            End::Stopped { .. } => prop_assert!(false, "no hit budget was set"),
        }
    }
}

/// A single hit planted in the last chunk of a wave (first and last seed of
/// that chunk), for every thread count up to 16 on 2 cores: found, alone,
/// with the stop point right after it.
#[test]
fn a_hit_in_the_last_chunk_of_a_wave_is_found() {
    for threads in 1..=16usize {
        let seeds_per_chunk = 500u64;
        let total = 3 * threads as u64 * CHUNKS_PER_THREAD * seeds_per_chunk; // three waves
        let wave = threads as u64 * CHUNKS_PER_THREAD * seeds_per_chunk;
        for target in [wave - seeds_per_chunk, wave - 1, 2 * wave - 1, total - 1] {
            for stop_after in [1, usize::MAX] {
                let plan = Plan {
                    threads: Some(threads),
                    seeds_per_chunk,
                    stop_after,
                    label: "t",
                };
                let out = run(
                    0..total,
                    &plan,
                    |r| r.filter(|&s| s == target).collect(),
                    |_| {},
                )
                .unwrap();
                assert_eq!(out.hits, vec![target], "threads {threads} target {target}");
                if stop_after == 1 && target + 1 < total {
                    assert_eq!(out.end, End::Stopped { at: target + 1 });
                    assert_eq!(out.searched, target + 1);
                } else {
                    assert!(out.complete());
                    assert_eq!(out.searched, total);
                }
            }
        }
    }
}

/// Review finding: a range ending within one wave of 2^64, longer than a
/// wave of one-seed chunks, made the chunk list wrap and grow without end.
#[test]
fn ranges_ending_at_the_top_of_u64_terminate() {
    for threads in [1usize, 2, 7] {
        for len in [17u64, 615, 5000, 65_536] {
            let range = u64::MAX - len..u64::MAX;
            let plan = Plan {
                threads: Some(threads),
                seeds_per_chunk: 1 << 20,
                stop_after: usize::MAX,
                label: "t",
            };
            let out = run(
                range.clone(),
                &plan,
                |r| r.filter(|s| s % 97 == 0).collect(),
                |_| {},
            )
            .unwrap();
            let want: Vec<u64> = range.clone().filter(|s| s % 97 == 0).collect();
            assert_eq!(out.hits, want);
            assert_eq!(out.searched, len);
        }
    }
}
