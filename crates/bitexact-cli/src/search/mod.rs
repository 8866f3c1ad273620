//! Parallel seed search: split a seed range into chunks, run them on every
//! core (rayon), show a progress bar on a terminal, stop early when asked.
//! The per-chunk work is a library call; this file only schedules it.
//!
//! The promises (SPEC 8) and how the scheduler keeps them:
//!
//! - **Chunks run in waves**: a wave is a few chunks per thread, mapped by
//!   rayon's indexed `par_iter().map().collect()`, which keeps the chunks in
//!   seed order whatever thread ran them. Memory does not grow with the
//!   range, and a wave's hits are printed as soon as it ends.
//! - **Hits in seed order, the same for any thread count**: a chunk's hits
//!   are sorted, chunks are read back in order, and what is reported is a
//!   function of the range's true hit list alone (see [`Found`]): never of
//!   which thread finished first.
//! - **Early stops never lose a hit below the stop point**: with
//!   `stop_after = N`, a chunk is skipped only when the chunks *before it*
//!   already hold N hits; Ctrl-C skips every chunk not yet started, and the
//!   search then reports the start of the first skipped chunk: every seed
//!   below it was searched, every hit below it reported.
//! - **"Not found" is said by callers only when [`Found::complete`]**: every
//!   seed of the range was searched.

use crate::Failure;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::io::IsTerminal;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The most worker threads a search may ask for.
pub const MAX_THREADS: usize = 256;

/// Chunks per thread in a wave (more: less idle time at a wave's end).
const CHUNKS_PER_THREAD: u64 = 16;

/// `A..B` (B exclusive) or `A..=B`, decimal or 0x hex, within `0..limit`.
pub fn parse_seed_range(s: &str, limit: u64) -> Result<Range<u64>, String> {
    let bad = || format!("--seed-range '{s}': expected A..B (B exclusive) or A..=B");
    let (a, b, inclusive) = if let Some((a, b)) = s.split_once("..=") {
        (a, b, true)
    } else if let Some((a, b)) = s.split_once("..") {
        (a, b, false)
    } else {
        return Err(bad());
    };
    let a = crate::num::parse_u64(a).map_err(|e| format!("--seed-range '{s}': {e}"))?;
    let b = crate::num::parse_u64(b).map_err(|e| format!("--seed-range '{s}': {e}"))?;
    let end = if inclusive {
        b.checked_add(1).ok_or_else(|| {
            format!("--seed-range '{s}': the seed {b} cannot be searched (ranges end below 2^64); use {a}..{b}")
        })?
    } else {
        b
    };
    if a >= end {
        return Err(format!("--seed-range '{s}' is empty"));
    }
    if end > limit {
        return Err(format!(
            "--seed-range '{s}' goes past the last seed ({})",
            limit - 1
        ));
    }
    Ok(a..end)
}

/// The message for a search stopped by Ctrl-C: how far it got and the
/// `--seed-range` that resumes it (the range given, from the first seed not
/// yet searched).
pub fn interrupted_message(searched: u64, at: u64, range: Option<&str>, space: u64) -> String {
    let rest = resume_range(at, range, space);
    format!("interrupted after {searched} seeds: every seed below {at} was searched; resume with --seed-range {rest}")
}

/// The `--seed-range` that goes on from `at`: the range given, from `at`
/// (its `..` or `..=` form kept), or `at..space`.
pub fn resume_range(at: u64, range: Option<&str>, space: u64) -> String {
    match range.and_then(|r| r.find("..").map(|i| &r[i..])) {
        Some(suffix) => format!("{at}{suffix}"),
        None => format!("{at}..{space}"),
    }
}

/// A search rate for people: `38 million seeds/s`, `2.5 thousand seeds/s`.
pub fn rate(seeds: u64, secs: f64) -> String {
    let r = seeds as f64 / secs.max(1e-9);
    let (v, unit) = if r >= 1e9 {
        (r / 1e9, " billion")
    } else if r >= 1e6 {
        (r / 1e6, " million")
    } else if r >= 1e3 {
        (r / 1e3, " thousand")
    } else {
        (r, "")
    };
    // Three significant digits, trailing zeros dropped.
    let digits = if v >= 100.0 {
        0
    } else if v >= 10.0 {
        1
    } else {
        2
    };
    let text = format!("{v:.digits$}");
    let text = if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.')
    } else {
        &text
    };
    format!("{text}{unit} seeds/s")
}

/// Something a search finds, ordered by seed first.
pub trait Seeded: Ord + Send {
    /// The seed this hit belongs to.
    fn seed(&self) -> u64;
}

impl Seeded for bitexact::recover::Hit {
    fn seed(&self) -> u64 {
        self.seed
    }
}

impl Seeded for bitexact::westwood::Identification {
    fn seed(&self) -> u64 {
        self.seed.into()
    }
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Every seed of the range was searched; the hits are all of them.
    Complete,
    /// `stop_after` hits were reached. Every seed below `at` was searched
    /// and every hit below it is in `hits`; seeds from `at` on may have more
    /// (`at` is the seed after the last hit's, or the last hit's own seed
    /// when that seed has more hits than fitted).
    Stopped { at: u64 },
    /// Ctrl-C: every seed below `at` was searched and every hit below it is
    /// in `hits`.
    Interrupted { at: u64 },
}

/// What a search found and how far it got.
#[derive(Debug)]
pub struct Found<T> {
    /// In seed order: every hit of the searched part (at most `stop_after`).
    pub hits: Vec<T>,
    /// Seeds searched with every hit reported: `at − range.start`, or the
    /// whole range when complete.
    pub searched: u64,
    pub elapsed: Duration,
    pub end: End,
}

impl<T> Found<T> {
    /// Every seed of the range was searched (so no hits means "not found").
    pub fn complete(&self) -> bool {
        self.end == End::Complete
    }
}

/// How a search runs.
pub struct Plan<'a> {
    /// Worker threads (all cores when `None`).
    pub threads: Option<usize>,
    /// Seeds per chunk: about a millisecond of work (the caller knows its cost).
    pub seeds_per_chunk: u64,
    /// Stop once this many hits have been found (at least 1).
    pub stop_after: usize,
    /// The progress bar's label.
    pub label: &'a str,
}

/// Set by Ctrl-C while a search runs (the handler is installed once).
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

fn install_interrupt_handler() {
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        // If a handler cannot be installed, Ctrl-C simply ends the process.
        let _ = ctrlc::set_handler(|| INTERRUPTED.store(true, Ordering::SeqCst));
    });
}

/// Run `work` over `range`, chunk by chunk on every thread, stopping on
/// Ctrl-C; `found` sees the hits in seed order as soon as each wave ends
/// (so a caller can print them as they come). See [`run_with`].
pub fn run<T: Seeded>(
    range: Range<u64>,
    plan: &Plan<'_>,
    work: impl Fn(Range<u64>) -> Vec<T> + Sync,
    found: impl FnMut(&[T]),
) -> Result<Found<T>, Failure> {
    install_interrupt_handler();
    INTERRUPTED.store(false, Ordering::SeqCst);
    run_with(range, plan, &INTERRUPTED, work, found)
}

/// [`run`] with the stop flag given (tests set it from inside `work`).
pub fn run_with<T: Seeded>(
    range: Range<u64>,
    plan: &Plan<'_>,
    interrupted: &AtomicBool,
    work: impl Fn(Range<u64>) -> Vec<T> + Sync,
    mut found: impl FnMut(&[T]),
) -> Result<Found<T>, Failure> {
    if plan.stop_after == 0 {
        return Err(Failure::usage("--max-hits 0: expected at least 1"));
    }
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(n) = plan.threads {
        if n == 0 || n > MAX_THREADS {
            return Err(Failure::usage(format!(
                "--threads {n}: expected 1..={MAX_THREADS}"
            )));
        }
        builder = builder.num_threads(n);
    }
    let pool = builder
        .build()
        .map_err(|e| Failure::usage(format!("cannot start worker threads: {e}")))?;

    let total = range.end.saturating_sub(range.start);
    let bar = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(total);
        bar.set_style(
            ProgressStyle::with_template(
                "{msg} [{elapsed_precise}] {bar:32} {percent:>3}% {human_pos}/{human_len} seeds, {per_sec}, ETA {eta}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar.set_message(plan.label.to_string());
        bar
    } else {
        ProgressBar::hidden()
    };

    // Small ranges still split across every thread (and can stop early).
    let per_wave = pool.current_num_threads() as u64 * CHUNKS_PER_THREAD;
    let chunk = plan.seeds_per_chunk.min(total.div_ceil(per_wave)).max(1);
    let wave = chunk.saturating_mul(per_wave);
    let start = Instant::now();
    let mut hits: Vec<T> = Vec::new();
    // Every seed below `next` has been searched and its hits are in `hits`.
    let mut next = range.start;
    let mut end = End::Complete;
    while next < range.end {
        let wave_end = next.saturating_add(wave).min(range.end);
        // No arithmetic past wave_end: near 2^64 a start + k·chunk would wrap.
        let mut chunks: Vec<Range<u64>> = Vec::new();
        let mut s = next;
        while s < wave_end {
            let e = s.saturating_add(chunk).min(wave_end);
            chunks.push(s..e);
            s = e;
        }
        // Hits found by the chunks of this wave that have finished (None:
        // not finished). A chunk is skipped when the chunks before it (with
        // the earlier waves) already hold `stop_after` hits, or on Ctrl-C.
        let budget = plan.stop_after - hits.len();
        let counts: Mutex<Vec<Option<usize>>> = Mutex::new(vec![None; chunks.len()]);
        let skip = |i: usize| {
            if interrupted.load(Ordering::SeqCst) {
                return true;
            }
            let counts = counts.lock().unwrap_or_else(|e| e.into_inner());
            counts[..i].iter().flatten().sum::<usize>() >= budget
        };
        let results: Vec<Option<Vec<T>>> = pool.install(|| {
            chunks
                .par_iter()
                .enumerate()
                .map(|(i, c)| {
                    if skip(i) {
                        return None;
                    }
                    let mut h = work(c.clone());
                    h.sort();
                    counts.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(h.len());
                    bar.inc(c.end - c.start);
                    Some(h)
                })
                .collect()
        });
        // Read the wave back in seed order up to the first skipped chunk.
        let before = hits.len();
        for (c, h) in chunks.iter().zip(results) {
            let Some(h) = h else {
                end = if interrupted.load(Ordering::SeqCst) {
                    End::Interrupted { at: c.start }
                } else {
                    // Skipped for `stop_after`: the hits before it filled the
                    // budget, so the loop below has already stopped.
                    unreachable_stop(c.start)
                };
                break;
            };
            hits.extend(h);
            next = c.end;
            if hits.len() >= plan.stop_after {
                let at = stop_point(&hits, plan.stop_after, range.end);
                hits.truncate(plan.stop_after);
                if let Some(at) = at {
                    end = End::Stopped { at };
                    next = at;
                } else {
                    next = range.end;
                }
                break;
            }
        }
        found(&hits[before..]);
        if end != End::Complete || hits.len() >= plan.stop_after {
            break;
        }
    }
    bar.finish_and_clear();
    let searched = match end {
        End::Complete => total,
        End::Stopped { at } | End::Interrupted { at } => at - range.start,
    };
    Ok(Found {
        hits,
        searched,
        elapsed: start.elapsed(),
        end,
    })
}

/// A chunk skipped for the hit budget is always preceded by a full budget,
/// which ends the read-back first; reaching it is a scheduler bug, reported
/// as an interruption at that chunk (hits below it are still all there).
fn unreachable_stop(at: u64) -> End {
    debug_assert!(false, "a chunk was skipped before the hit budget was full");
    End::Interrupted { at }
}

/// Where a search that holds at least `n` hits (sorted, every hit below the
/// last chunk's end) stops after the `n`-th: the seed after the `n`-th hit's,
/// or that seed itself when its next hit is on the same seed; `None` when
/// that is the end of the range (nothing was left out).
pub fn stop_point<T: Seeded>(hits: &[T], n: usize, end: u64) -> Option<u64> {
    let last = hits[n - 1].seed();
    let at = match hits.get(n) {
        Some(h) if h.seed() == last => last,
        _ => last + 1,
    };
    (at < end).then_some(at)
}

#[cfg(test)]
mod tests;
