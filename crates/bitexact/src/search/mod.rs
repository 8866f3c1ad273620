//! The seed-search scheduler (feature `std`): a [`Searcher`]'s range of
//! seeds split into chunks on worker threads, with the promises of SPEC 8.
//! Every front end is a client of it — the CLI adds a progress bar and a
//! Ctrl-C handler, Python its signal check, C a cancel flag and a progress
//! callback — so they all give the same answers (model: ripgrep's
//! `ignore::WalkParallel`, a library scheduler its binary drives).
//!
//! The promises and how they are kept:
//!
//! - **Hits in seed order, the same for any thread count.** Chunks are
//!   handed out in seed order from one cursor; a finished chunk's hits are
//!   sorted and read back only as part of the finished *prefix* of the
//!   range (every chunk before it finished too). What is reported is a
//!   function of the range's true hit list alone ([`Found`]), never of
//!   which thread finished first or of the chunk sizes.
//! - **Early stops never lose a hit below the stop point.** With
//!   `max_hits = N` no new chunk is started once the finished chunks —
//!   all of them before it — hold N hits; the chunks already running
//!   finish. Cancelling starts no new chunk either; the search then
//!   reports the end of the finished prefix: every seed below it was
//!   searched, every hit below it reported ([`End`]).
//! - **"Not found" only after the whole range**: [`Found::complete`].
//! - **A worker that panics loses nothing in silence**: the search ends
//!   with [`SearchError::Panicked`], never with fewer hits.
//! - **Chunks are sized by measured cost**: each worker times its chunks
//!   and aims at about 8 ms each, so a cancel takes effect within about
//!   that however slow a seed is (a constant per engine would be 30 s for
//!   a slow tap at a large offset).

use crate::recover::{Hit, Recovery, Searcher};
use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::string::{String, ToString};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use std::vec::Vec;

pub mod shard;
#[cfg(test)]
mod shard_tests;
#[cfg(test)]
mod tests;

/// The most worker threads a search may ask for.
pub const MAX_THREADS: usize = 256;

/// The hits a search reports unless told otherwise (the CLI's `--max-hits`,
/// Python's `max_hits`): a few dice match millions of seeds, and every hit
/// of those would be gigabytes; a search stopped there says where to resume.
pub const DEFAULT_MAX_HITS: usize = 1000;

/// The time a chunk aims to take.
const TARGET: Duration = Duration::from_millis(8);
/// Seeds in a worker's first chunk.
const FIRST_CHUNK: u64 = 16;
/// The most seeds in one chunk.
const MAX_CHUNK: u64 = 1 << 26;
/// How often the calling thread polls [`Hooks::cancelled`] at the least.
const POLL: Duration = Duration::from_millis(20);

/// How a search runs: its threads, its hit budget, and whether it keeps
/// its hits or only counts them ([`Plan::counting`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    threads: usize,
    max_hits: usize,
    keep: bool,
}

/// A plan that cannot run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlanError {
    /// Threads outside `1..=MAX_THREADS`.
    Threads {
        /// The number asked for.
        threads: usize,
    },
    /// A hit budget of 0.
    MaxHits,
}

impl fmt::Display for PlanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlanError::Threads { threads } => {
                write!(f, "{threads} threads: expected 1..={MAX_THREADS}")
            }
            PlanError::MaxHits => f.write_str("a hit budget of 0: expected at least 1"),
        }
    }
}

impl std::error::Error for PlanError {}

impl Plan {
    /// `threads` workers (every core when `None`), stopping after
    /// `max_hits` hits (at least 1; `usize::MAX` for all).
    pub fn new(threads: Option<usize>, max_hits: usize) -> Result<Plan, PlanError> {
        let threads = match threads {
            Some(n) if n == 0 || n > MAX_THREADS => return Err(PlanError::Threads { threads: n }),
            Some(n) => n,
            None => std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_THREADS)),
        };
        if max_hits == 0 {
            return Err(PlanError::MaxHits);
        }
        Ok(Plan {
            threads,
            max_hits,
            keep: true,
        })
    }

    /// This plan, counting its hits rather than keeping them: no budget
    /// (the whole range is searched), [`Found::hits`] empty and
    /// [`Found::count`] the answer; [`Hooks::found`] still sees every hit
    /// once, in seed order. Memory stays a chunk's hits, whatever the count
    /// (three dice match about 20 million of 2^32 seeds).
    pub fn counting(self) -> Plan {
        Plan {
            max_hits: usize::MAX,
            keep: false,
            ..self
        }
    }

    /// Whether the hits are counted only.
    pub fn counts_only(&self) -> bool {
        !self.keep
    }

    /// The worker threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The hit budget.
    pub fn max_hits(&self) -> usize {
        self.max_hits
    }
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// Every seed of the range was searched; the hits are all of them.
    Complete,
    /// The hit budget was reached. Every seed below `at` was searched and
    /// every hit below it is reported; seeds from `at` on may have more
    /// (`at` is the seed after the last hit's, or the last hit's own seed
    /// when that seed has more hits than fitted).
    Stopped {
        /// The first seed not (wholly) reported.
        at: u64,
    },
    /// Cancelled: every seed below `at` was searched and every hit below it
    /// is reported.
    Interrupted {
        /// The first seed not searched.
        at: u64,
    },
}

/// What a search found and how far it got.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// In seed order: every hit of the searched part (at most the budget;
    /// none when the plan only counts).
    pub hits: Vec<Hit>,
    /// How many hits, and of how many seeds, the searched part holds: those
    /// in `hits`, or (a counting plan) all of them.
    pub count: Count,
    /// Seeds searched with every hit reported: `at − range.start`, or the
    /// whole range when complete (0 for a walk, which searches no seeds).
    pub searched: u64,
    /// A walk's offsets walked back, `0..walked`, every hit among them
    /// reported (its bound + 1 when complete; fewer when interrupted,
    /// [`End::Interrupted`] then naming the range's start, as no seed range
    /// was searched); `None` for a seed search.
    pub walked: Option<u64>,
    /// How it ended.
    pub end: End,
    /// Wall time.
    pub elapsed: Duration,
}

impl Found {
    /// Every seed of the range was searched (so no hits means "not found").
    pub fn complete(&self) -> bool {
        self.end == End::Complete
    }

    /// The first seed not searched (or not wholly reported), when the
    /// search stopped early.
    pub fn stopped_at(&self) -> Option<u64> {
        match self.end {
            End::Complete => None,
            End::Stopped { at } | End::Interrupted { at } => Some(at),
        }
    }
}

/// Hits counted: `(seed, offset)` pairs, and the distinct seeds among them
/// (equal when every seed hits at one offset, as at offset 0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Count {
    /// Hits.
    pub hits: u64,
    /// Distinct seeds.
    pub seeds: u64,
    /// The last seed counted (hits come in seed order).
    last: Option<u64>,
}

impl Count {
    /// `hits` added (they follow every hit counted so far in seed order).
    pub fn add(&mut self, hits: &[Hit]) {
        for h in hits {
            self.hits += 1;
            if self.last != Some(h.seed) {
                self.seeds += 1;
                self.last = Some(h.seed);
            }
        }
    }

    /// The count of `hits` (in seed order).
    pub fn of(hits: &[Hit]) -> Count {
        let mut c = Count::default();
        c.add(hits);
        c
    }
}

/// A search that failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchError {
    /// A worker panicked searching the chunk from `at` (a bug in a kernel;
    /// reported rather than answered with fewer hits).
    Panicked {
        /// The chunk's first seed.
        at: u64,
        /// The panic's message.
        message: String,
    },
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::Panicked { at, message } => write!(
                f,
                "internal error: a search worker panicked on the seeds from {at} ({message}); \
                 no answer is given (please report it)"
            ),
        }
    }
}

impl std::error::Error for SearchError {}

/// What a front end sees of a running search. Every method is called on
/// the thread that called [`run`], never on a worker.
pub trait Hooks {
    /// Polled after every chunk and at least every 20 ms: `true` cancels
    /// the search ([`End::Interrupted`]).
    fn cancelled(&mut self) -> bool {
        false
    }
    /// Seeds searched so far (in any order) of `total`.
    fn progress(&mut self, done: u64, total: u64) {
        let _ = (done, total);
    }
    /// Hits as soon as they are final: in seed order, each once, at most
    /// the budget.
    fn found(&mut self, hits: &[Hit]) {
        let _ = hits;
    }
}

/// Hooks that do nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoHooks;

impl Hooks for NoHooks {}

/// Where a search that holds at least `n` hits (sorted, every hit below
/// the searched prefix's end) stops after the `n`-th: the seed after the
/// `n`-th hit's, or that seed itself when its next hit is on the same seed;
/// `None` when that is the end of the range (nothing was left out).
pub fn stop_point(hits: &[Hit], n: usize, end: u64) -> Option<u64> {
    let last = hits[n - 1].seed;
    let at = match hits.get(n) {
        Some(h) if h.seed == last => last,
        _ => last + 1,
    };
    (at < end).then_some(at)
}

/// A finished chunk: its end and its sorted hits.
struct Chunk {
    end: u64,
    hits: Vec<Hit>,
}

/// What the workers and the calling thread share.
struct State {
    /// The first seed not handed out.
    next: u64,
    /// Finished chunks not yet read back, by start.
    finished: BTreeMap<u64, Chunk>,
    /// Hits in every finished chunk (read back or not).
    hits: usize,
    /// Seeds in every finished chunk.
    done: u64,
    /// No new chunk is started.
    stop: bool,
    /// Workers still running.
    running: usize,
    /// The first panic, by chunk start.
    panicked: Option<(u64, String)>,
}

struct Shared {
    state: Mutex<State>,
    changed: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic is caught around each chunk, so the lock is never
        // poisoned by a kernel; recover it anyway rather than panic.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Sets `stop` when the calling thread leaves (a hook that panics must not
/// leave the workers running the whole range).
struct StopOnDrop<'a>(&'a Shared);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.0.lock().stop = true;
        self.0.changed.notify_all();
    }
}

/// The text of a panic payload.
fn panic_message(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".into())
}

/// The next chunk size after a chunk of `size` seeds took `took`.
fn next_size(size: u64, took: Duration) -> u64 {
    let nanos = took.as_nanos().max(1);
    let ideal = (u128::from(size) * TARGET.as_nanos() / nanos).min(u128::from(MAX_CHUNK)) as u64;
    ideal.clamp((size / 2).max(1), size.saturating_mul(4).min(MAX_CHUNK))
}

fn worker(shared: &Shared, searcher: &dyn Searcher, end: u64, budget: usize) {
    let mut size = FIRST_CHUNK;
    loop {
        let chunk = {
            let mut st = shared.lock();
            if st.stop || st.next >= end || st.hits >= budget {
                break;
            }
            let s = st.next;
            let e = s.saturating_add(size).min(end);
            st.next = e;
            s..e
        };
        let t0 = Instant::now();
        let result = catch_unwind(AssertUnwindSafe(|| searcher.search(chunk.clone())));
        let took = t0.elapsed();
        {
            let mut st = shared.lock();
            match result {
                Ok(mut hits) => {
                    hits.sort_unstable();
                    st.hits = st.hits.saturating_add(hits.len());
                    st.done += chunk.end - chunk.start;
                    st.finished.insert(
                        chunk.start,
                        Chunk {
                            end: chunk.end,
                            hits,
                        },
                    );
                }
                Err(p) => {
                    let message = panic_message(p.as_ref());
                    if st.panicked.as_ref().is_none_or(|(at, _)| chunk.start < *at) {
                        st.panicked = Some((chunk.start, message));
                    }
                    st.stop = true;
                }
            }
        }
        shared.changed.notify_all();
        size = next_size(chunk.end - chunk.start, took);
    }
    shared.lock().running -= 1;
    shared.changed.notify_all();
}

/// Run `searcher` over `seeds` by `plan`, telling `hooks` (on this thread)
/// what happens. Hits are in seed order, at most `plan.max_hits()`.
pub fn run(
    searcher: &dyn Searcher,
    seeds: Range<u64>,
    plan: &Plan,
    hooks: &mut dyn Hooks,
) -> Result<Found, SearchError> {
    let start = Instant::now();
    let total = seeds.end.saturating_sub(seeds.start);
    let budget = plan.max_hits;
    let keep = plan.keep;
    let shared = Shared {
        state: Mutex::new(State {
            next: seeds.start,
            finished: BTreeMap::new(),
            hits: 0,
            done: 0,
            stop: false,
            running: plan.threads,
            panicked: None,
        }),
        changed: Condvar::new(),
    };
    let end = seeds.end;
    let mut count = Count::default();
    let (hits, prefix, panicked) = std::thread::scope(|scope| {
        for _ in 0..plan.threads {
            scope.spawn(|| worker(&shared, searcher, end, budget));
        }
        let _stop = StopOnDrop(&shared);
        // The finished prefix: every seed below `prefix` searched, its hits
        // in `hits`.
        let mut prefix = seeds.start;
        let mut hits: Vec<Hit> = Vec::new();
        let mut cancelled = false;
        loop {
            let (fresh, done, all_stopped, panicked) = {
                let mut st = shared.lock();
                if st.running > 0 && !st.finished.contains_key(&prefix) {
                    st = shared
                        .changed
                        .wait_timeout(st, POLL)
                        .map(|(g, _)| g)
                        .unwrap_or_else(|e| e.into_inner().0);
                }
                let before = hits.len();
                while let Some(c) = st.finished.remove(&prefix) {
                    prefix = c.end;
                    hits.extend(c.hits);
                }
                if hits.len() >= budget {
                    st.stop = true;
                }
                let fresh = hits[before.min(budget)..hits.len().min(budget)].to_vec();
                if !keep {
                    // Counted below; only a chunk's hits are ever held.
                    hits.clear();
                }
                (fresh, st.done, st.running == 0, st.panicked.is_some())
            };
            if !keep {
                count.add(&fresh);
            }
            if !fresh.is_empty() {
                hooks.found(&fresh);
            }
            hooks.progress(done, total);
            if panicked || all_stopped {
                break (hits, prefix, panicked);
            }
            if !cancelled && hooks.cancelled() {
                cancelled = true;
                shared.lock().stop = true;
                shared.changed.notify_all();
            }
        }
    });
    if panicked {
        let (at, message) = shared
            .lock()
            .panicked
            .take()
            .unwrap_or((seeds.start, String::new()));
        return Err(SearchError::Panicked { at, message });
    }
    let mut found = finish(hits, prefix, seeds, budget, start.elapsed());
    if !keep {
        found.count = count;
    }
    Ok(found)
}

/// The answer from the finished prefix `seeds.start..prefix` and its hits:
/// the budget reached (the hits up to it, and where they stop), the whole
/// range, or (cancelled) the prefix.
fn finish(
    mut hits: Vec<Hit>,
    prefix: u64,
    seeds: Range<u64>,
    budget: usize,
    elapsed: Duration,
) -> Found {
    let end = if hits.len() >= budget {
        let end = match stop_point(&hits, budget, seeds.end) {
            Some(at) => End::Stopped { at },
            // The budget's last hit is on the range's last seed, so the
            // prefix is the whole range.
            None => End::Complete,
        };
        hits.truncate(budget);
        end
    } else if prefix >= seeds.end {
        End::Complete
    } else {
        End::Interrupted { at: prefix }
    };
    let searched = match end {
        End::Complete => seeds.end - seeds.start,
        End::Stopped { at } | End::Interrupted { at } => at - seeds.start,
    };
    Found {
        count: Count::of(&hits),
        hits,
        searched,
        walked: None,
        end,
        elapsed,
    }
}

/// Run a [`Recovery`]: a search by [`run`], or a walk on this thread
/// (polling [`Hooks::cancelled`]; it searches no seeds, so `searched` is 0).
pub fn run_recovery(
    recovery: &Recovery,
    seeds: Range<u64>,
    plan: &Plan,
    hooks: &mut dyn Hooks,
) -> Result<Found, SearchError> {
    match recovery {
        Recovery::Search(s) => run(s.as_ref(), seeds, plan, hooks),
        Recovery::Walk(w) => {
            let start = Instant::now();
            let hooks = std::cell::RefCell::new(hooks);
            let walked = w.run(seeds.clone(), &|| hooks.borrow_mut().cancelled());
            let hooks = hooks.into_inner();
            let (mut hits, mut end, walked) = match walked {
                Ok(h) => (h, End::Complete, w.bound().saturating_add(1)),
                Err(stopped) => (
                    stopped.hits,
                    End::Interrupted { at: seeds.start },
                    stopped.walked,
                ),
            };
            if hits.len() > plan.max_hits {
                if let Some(at) = stop_point(&hits, plan.max_hits, seeds.end) {
                    end = End::Stopped { at };
                }
                hits.truncate(plan.max_hits);
            }
            hooks.found(&hits);
            let count = Count::of(&hits);
            if !plan.keep {
                hits.clear();
            }
            Ok(Found {
                count,
                hits,
                searched: 0,
                walked: Some(walked),
                end,
                elapsed: start.elapsed(),
            })
        }
    }
}
