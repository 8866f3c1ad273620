//! The scheduler against a plain sequential scan (SPEC 8): the same hits,
//! the same end, for any thread count, any budget, any moment of a cancel;
//! and a worker's panic never gives fewer hits in silence.

use super::*;
use crate::recover::Walk;
use proptest::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::vec;

/// A searcher from a closure over a range.
struct Fn<F>(F);

impl<F: core::ops::Fn(Range<u64>) -> Vec<Hit> + Send + Sync> fmt::Debug for Fn<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Fn")
    }
}

impl<F: core::ops::Fn(Range<u64>) -> Vec<Hit> + Send + Sync> Searcher for Fn<F> {
    fn search(&self, seeds: Range<u64>) -> Vec<Hit> {
        (self.0)(seeds)
    }
}

fn hit(seed: u64) -> Hit {
    Hit { seed, offset: 0 }
}

fn plan(threads: usize, max_hits: usize) -> Plan {
    Plan::new(Some(threads), max_hits).unwrap()
}

/// Collects what [`Hooks::found`] is given.
#[derive(Default)]
struct Collect(Vec<Hit>);

impl Hooks for Collect {
    fn found(&mut self, hits: &[Hit]) {
        self.0.extend_from_slice(hits);
    }
}

#[test]
fn plans_are_checked() {
    assert_eq!(
        Plan::new(Some(0), 1),
        Err(PlanError::Threads { threads: 0 })
    );
    assert_eq!(
        Plan::new(Some(MAX_THREADS + 1), 1),
        Err(PlanError::Threads { threads: 257 })
    );
    assert_eq!(Plan::new(Some(1), 0), Err(PlanError::MaxHits));
    assert!(Plan::new(None, usize::MAX).unwrap().threads() >= 1);
    assert!(!PlanError::MaxHits.to_string().contains("--"));
}

#[test]
fn finds_hits_in_order_and_counts() {
    let s = Fn(|r: Range<u64>| r.filter(|s| s % 1_000_000 == 7).map(hit).collect());
    let mut seen = Collect::default();
    let out = run(&s, 0..5_000_000, &plan(2, usize::MAX), &mut seen).unwrap();
    let want: Vec<Hit> = [7, 1_000_007, 2_000_007, 3_000_007, 4_000_007]
        .into_iter()
        .map(hit)
        .collect();
    assert_eq!(out.hits, want);
    assert_eq!(seen.0, want);
    assert_eq!(out.searched, 5_000_000);
    assert!(out.complete());
    assert_eq!(out.stopped_at(), None);
}

#[test]
fn the_top_of_the_u64_range() {
    for threads in [1usize, 2, 7] {
        for len in [5u64, 17, 615, 5000, 65_536] {
            let range = u64::MAX - len..u64::MAX;
            let s = Fn(|r: Range<u64>| r.filter(|s| s % 97 == 0).map(hit).collect());
            let out = run(&s, range.clone(), &plan(threads, usize::MAX), &mut NoHooks).unwrap();
            let want: Vec<Hit> = range.clone().filter(|s| s % 97 == 0).map(hit).collect();
            assert_eq!(out.hits, want);
            assert_eq!(out.searched, len);
        }
    }
}

#[test]
fn stops_after_exactly_enough_hits() {
    let s = Fn(|r: Range<u64>| r.map(hit).collect());
    let out = run(&s, 0..1 << 30, &plan(2, 100), &mut NoHooks).unwrap();
    assert_eq!(out.hits, (0..100).map(hit).collect::<Vec<_>>());
    assert_eq!(out.end, End::Stopped { at: 100 });
    assert_eq!(out.searched, 100);
}

/// One hit far into a range, every thread count, first-hit stop.
#[test]
fn a_single_late_hit_is_found_with_any_thread_count() {
    for threads in [1, 2, 3, 7, 16] {
        for target in [0u64, 99_999, 150_001, 1_999_999] {
            let s = Fn(move |r: Range<u64>| r.filter(|&s| s == target).map(hit).collect());
            let out = run(&s, 0..2_000_000, &plan(threads, 1), &mut NoHooks).unwrap();
            assert_eq!(out.hits, vec![hit(target)], "threads {threads}");
            if target + 1 < 2_000_000 {
                assert_eq!(out.end, End::Stopped { at: target + 1 });
            } else {
                assert!(out.complete());
            }
        }
    }
}

/// A seed with more hits than the budget holds: the stop point is the seed
/// itself (resuming from the next seed would lose its other hits).
#[test]
fn a_seed_with_more_hits_than_fit_is_the_stop_point() {
    let s = Fn(|r: Range<u64>| {
        r.filter(|&s| s == 40)
            .flat_map(|seed| (0..5).map(move |offset| Hit { seed, offset }))
            .collect()
    });
    let out = run(&s, 0..1000, &plan(2, 3), &mut NoHooks).unwrap();
    assert_eq!(out.hits.len(), 3);
    assert_eq!(out.end, End::Stopped { at: 40 });
    assert_eq!(out.searched, 40);
}

#[test]
fn a_panicking_worker_is_an_error_never_fewer_hits() {
    let hook = std::panic::take_hook();
    std::panic::set_hook(std::boxed::Box::new(|_| {}));
    for threads in [1usize, 2, 16] {
        let s = Fn(|r: Range<u64>| {
            if r.contains(&123_456) {
                panic!("deliberate");
            }
            r.filter(|s| s % 1000 == 0).map(hit).collect()
        });
        let e = run(&s, 0..1_000_000, &plan(threads, usize::MAX), &mut NoHooks).unwrap_err();
        let SearchError::Panicked { at, message } = e;
        assert!(at <= 123_456);
        assert_eq!(message, "deliberate");
    }
    std::panic::set_hook(hook);
}

/// Cancels once `done` seeds are reported searched.
struct CancelAfter {
    done: u64,
    seen: Collect,
}

impl Hooks for CancelAfter {
    fn cancelled(&mut self) -> bool {
        self.done == 0
    }
    fn progress(&mut self, done: u64, _total: u64) {
        if done >= self.done {
            self.done = 0;
        }
    }
    fn found(&mut self, hits: &[Hit]) {
        self.seen.found(hits);
    }
}

/// A slow searcher (1 ms a seed): a cancel after a few hundred seeds takes
/// effect within a few chunks, which the measured chunk size keeps short.
#[test]
fn a_cancel_stops_a_slow_search_soon() {
    let searched = AtomicU64::new(0);
    let s = Fn(|r: Range<u64>| {
        for _ in r.clone() {
            std::thread::sleep(Duration::from_millis(1));
            searched.fetch_add(1, Ordering::Relaxed);
        }
        r.filter(|s| s % 7 == 0).map(hit).collect()
    });
    let mut hooks = CancelAfter {
        done: 100,
        seen: Collect::default(),
    };
    let out = run(&s, 0..1_000_000, &plan(2, usize::MAX), &mut hooks).unwrap();
    let End::Interrupted { at } = out.end else {
        panic!("not interrupted: {:?}", out.end)
    };
    // Every hit below `at`, none above, and the count exact.
    assert_eq!(
        out.hits,
        (0..at).filter(|s| s % 7 == 0).map(hit).collect::<Vec<_>>()
    );
    assert_eq!(hooks.seen.0, out.hits);
    assert_eq!(out.searched, at);
    // Chunks of about 8 ms (8 seeds here) after the first of 16: far fewer
    // than the million seeds of the range were searched.
    assert!(searched.load(Ordering::Relaxed) < 2_000, "{searched:?}");
}

/// A walk (no seed search) runs on the calling thread, with its stop hook.
#[derive(Debug)]
struct FakeWalk(bool);

impl Walk for FakeWalk {
    fn run(
        &self,
        seeds: Range<u64>,
        stop: &dyn core::ops::Fn() -> bool,
    ) -> Result<Vec<Hit>, crate::recover::WalkStopped> {
        if self.0 && stop() {
            return Err(crate::recover::WalkStopped {
                hits: [5u64]
                    .iter()
                    .filter(|s| seeds.contains(s))
                    .map(|&s| hit(s))
                    .collect(),
                walked: 3,
            });
        }
        Ok([5u64, 5, 9]
            .iter()
            .filter(|s| seeds.contains(s))
            .map(|&s| hit(s))
            .collect())
    }
    fn bound(&self) -> u64 {
        10
    }
    fn limit(&self) -> u64 {
        20
    }
    fn values(&self) -> usize {
        624
    }
}

#[test]
fn walks_keep_the_same_promises() {
    let w = Recovery::Walk(std::boxed::Box::new(FakeWalk(false)));
    let out = run_recovery(&w, 0..100, &plan(1, usize::MAX), &mut NoHooks).unwrap();
    assert_eq!(out.hits, vec![hit(5), hit(5), hit(9)]);
    assert!(out.complete());
    let out = run_recovery(&w, 0..100, &plan(1, 1), &mut NoHooks).unwrap();
    assert_eq!(out.end, End::Stopped { at: 5 });
    let out = run_recovery(&w, 0..100, &plan(1, 2), &mut NoHooks).unwrap();
    assert_eq!(out.end, End::Stopped { at: 6 });
    let w = Recovery::Walk(std::boxed::Box::new(FakeWalk(true)));
    let mut cancel = CancelAfter {
        done: 0,
        seen: Collect::default(),
    };
    let out = run_recovery(&w, 0..100, &plan(1, usize::MAX), &mut cancel).unwrap();
    // The hits found before the stop are kept, with how far it walked.
    assert_eq!(out.end, End::Interrupted { at: 0 });
    assert_eq!(out.hits, vec![hit(5)]);
    assert_eq!(out.walked, Some(3));
}

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
        max_hits in prop_oneof![1usize..4, 4usize..40, Just(usize::MAX)],
        salt in any::<u64>(),
        one_in in prop_oneof![Just(0u64), 1u64..4, 4u64..200, 200u64..100_000],
    ) {
        let s = Fn(move |r: Range<u64>| {
            // Out of order within a chunk: the scheduler sorts.
            r.flat_map(|s| hits_of(s, salt, one_in)).rev().collect()
        });
        let mut streamed = Collect::default();
        let out = run(&s, range.clone(), &plan(threads, max_hits), &mut streamed).unwrap();
        let (want, end) = sequential(range.clone(), salt, one_in, max_hits);
        prop_assert_eq!(&out.hits, &want);
        prop_assert_eq!(&streamed.0, &want);
        prop_assert_eq!(out.end, end);
        let searched = match end {
            End::Complete => range.end - range.start,
            End::Stopped { at } | End::Interrupted { at } => at - range.start,
        };
        prop_assert_eq!(out.searched, searched);
    }

    /// A cancel at any moment: every hit below the reported seed, none
    /// above, and the count exact.
    #[test]
    fn an_interrupted_search_reports_exactly_what_it_searched(
        range in ranges(),
        threads in 1usize..=16,
        salt in any::<u64>(),
        one_in in 1u64..50,
        stop_at in any::<u64>(),
    ) {
        let len = range.end - range.start;
        let trigger = range.start + stop_at % len;
        let flag = AtomicBool::new(false);
        let s = Fn(|r: Range<u64>| {
            if r.contains(&trigger) {
                flag.store(true, Ordering::SeqCst);
            }
            r.flat_map(|s| hits_of(s, salt, one_in)).collect()
        });
        struct Flag<'a>(&'a AtomicBool);
        impl Hooks for Flag<'_> {
            fn cancelled(&mut self) -> bool {
                self.0.load(Ordering::SeqCst)
            }
        }
        let out = run(&s, range.clone(), &plan(threads, usize::MAX), &mut Flag(&flag)).unwrap();
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

/// A counting plan counts what a keeping one keeps (hits at several
/// offsets a seed counted once among the seeds), for any thread count,
/// keeps none, and an interrupted count is the count below its stop.
#[test]
fn counting_counts_what_keeping_keeps() {
    // Seeds ≡ 3 mod 11 hit at offsets 0 and 2; seeds ≡ 5 mod 13 at 1.
    let s = Fn(|r: Range<u64>| {
        let mut v = Vec::new();
        for seed in r {
            if seed % 11 == 3 {
                v.push(Hit { seed, offset: 0 });
                v.push(Hit { seed, offset: 2 });
            }
            if seed % 13 == 5 {
                v.push(Hit { seed, offset: 1 });
            }
        }
        v.sort_by_key(|h| (h.seed, h.offset));
        v
    });
    let range = 1_000..2_000_000u64;
    let plain_hits = range.clone().filter(|s| s % 11 == 3).count() * 2
        + range.clone().filter(|s| s % 13 == 5).count();
    let plain_seeds = range.clone().filter(|s| s % 11 == 3 || s % 13 == 5).count();
    for threads in [1, 2, 16] {
        let kept = run(&s, range.clone(), &plan(threads, usize::MAX), &mut NoHooks).unwrap();
        let mut seen = Collect::default();
        let counting = plan(threads, 5).counting();
        assert!(counting.counts_only());
        let counted = run(&s, range.clone(), &counting, &mut seen).unwrap();
        assert_eq!(kept.count.hits as usize, plain_hits);
        assert_eq!(kept.count.seeds as usize, plain_seeds);
        assert_eq!(counted.count, kept.count);
        assert!(counted.hits.is_empty() && counted.complete());
        assert_eq!(seen.0, kept.hits, "every hit seen once, in order");
    }
    // Interrupted: the count of the hits below the stop point.
    let slow = Fn(|r: Range<u64>| {
        std::thread::sleep(Duration::from_micros(50) * (r.end - r.start) as u32);
        r.filter(|s| s % 7 == 0).map(hit).collect()
    });
    let mut hooks = CancelAfter {
        done: 2_000,
        seen: Collect::default(),
    };
    let out = run(&slow, 0..10_000_000, &plan(2, 1).counting(), &mut hooks).unwrap();
    let End::Interrupted { at } = out.end else {
        panic!("not interrupted: {:?}", out.end)
    };
    assert_eq!(
        out.count.hits,
        (0..at).filter(|s| s % 7 == 0).count() as u64
    );
    assert_eq!(out.count.hits, out.count.seeds);
    assert!(out.hits.is_empty());
}
