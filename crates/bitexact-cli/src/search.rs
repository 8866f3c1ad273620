//! Parallel seed search: split a seed range into chunks, run them on every
//! core (rayon), show a progress bar on a terminal, stop early when asked.
//! The per-chunk work is a library call; this file only schedules it.
//!
//! Chunks run in *waves* of a few per thread, one wave after another, so
//! memory does not grow with the range, hits come out in seed order, Ctrl-C
//! is noticed within a wave, and "every seed below X was searched" is exact
//! at wave boundaries.

use crate::Failure;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::io::IsTerminal;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The most worker threads a search may ask for.
pub const MAX_THREADS: usize = 256;

/// Chunks per thread in a wave.
const CHUNKS_PER_THREAD: u64 = 8;

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
    let rest = match range.and_then(|r| r.find("..").map(|i| &r[i..])) {
        Some(suffix) => format!("{at}{suffix}"),
        None => format!("{at}..{space}"),
    };
    format!("interrupted after {searched} seeds: every seed below {at} was searched; resume with --seed-range {rest}")
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

/// What a search found and how far it got.
pub struct Found<T> {
    pub hits: Vec<T>,
    pub searched: u64,
    pub elapsed: Duration,
    /// Interrupted (Ctrl-C): every seed below this one was searched.
    pub interrupted_at: Option<u64>,
    /// Stopped at `stop_after` hits: the seeds from this one on were not searched.
    pub stopped_at: Option<u64>,
}

/// How a search runs.
pub struct Plan<'a> {
    /// Worker threads (all cores when `None`).
    pub threads: Option<usize>,
    /// Seeds per chunk: about a millisecond of work (the caller knows its cost).
    pub seeds_per_chunk: u64,
    /// Stop once this many hits have been found (chunks already running finish).
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

/// Run `work` over `range`, chunk by chunk on every thread; `found` sees each
/// wave's hits in seed order as soon as the wave ends (so a caller can print
/// them as they come).
pub fn run<T: Send>(
    range: Range<u64>,
    plan: &Plan<'_>,
    work: impl Fn(Range<u64>) -> Vec<T> + Sync,
    mut found: impl FnMut(&[T]),
) -> Result<Found<T>, Failure> {
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

    let total = range.end - range.start;
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

    install_interrupt_handler();
    INTERRUPTED.store(false, Ordering::SeqCst);
    // Small ranges still split across every thread (and can stop early).
    let per_wave = pool.current_num_threads() as u64 * CHUNKS_PER_THREAD;
    let chunk = plan.seeds_per_chunk.min(total.div_ceil(per_wave)).max(1);
    let wave = chunk.saturating_mul(per_wave);
    let start = Instant::now();
    let found_so_far = AtomicUsize::new(0);
    let mut hits = Vec::new();
    let mut next = range.start;
    let (mut interrupted_at, mut stopped_at) = (None, None);
    while next < range.end && interrupted_at.is_none() && stopped_at.is_none() {
        let wave_end = next.saturating_add(wave).min(range.end);
        let chunks: Vec<Range<u64>> = (next..wave_end)
            .step_by(chunk as usize)
            .map(|s| s..s.saturating_add(chunk).min(wave_end))
            .collect();
        // Each chunk runs unless Ctrl-C came or enough hits are in; a chunk
        // that did not run is `None`.
        let mut results: Vec<(Range<u64>, Option<Vec<T>>)> = pool.install(|| {
            chunks
                .into_par_iter()
                .map(|c| {
                    if INTERRUPTED.load(Ordering::Relaxed)
                        || found_so_far.load(Ordering::Relaxed) >= plan.stop_after
                    {
                        return (c, None);
                    }
                    let h = work(c.clone());
                    found_so_far.fetch_add(h.len(), Ordering::Relaxed);
                    bar.inc(c.end - c.start);
                    (c, Some(h))
                })
                .collect()
        });
        results.sort_by_key(|(c, _)| c.start);
        // Keep the chunks up to the first that did not run: below it every
        // seed was searched, and hits stay in seed order.
        let before = hits.len();
        for (c, h) in results {
            match h {
                Some(h) => {
                    hits.extend(h);
                    next = c.end;
                }
                None => {
                    if INTERRUPTED.load(Ordering::SeqCst) {
                        interrupted_at = Some(c.start);
                    } else {
                        stopped_at = Some(c.start);
                    }
                    break;
                }
            }
        }
        found(&hits[before..]);
        if interrupted_at.is_none() && stopped_at.is_none() && next < range.end {
            if INTERRUPTED.load(Ordering::SeqCst) {
                interrupted_at = Some(next);
            } else if hits.len() >= plan.stop_after {
                stopped_at = Some(next);
            }
        }
    }
    bar.finish_and_clear();
    Ok(Found {
        hits,
        searched: next - range.start,
        elapsed: start.elapsed(),
        interrupted_at,
        stopped_at,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!((out.interrupted_at, out.stopped_at), (None, None));
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
    }

    #[test]
    fn stops_after_enough_hits() {
        let out = run(0..1 << 30, &plan(1 << 10, 100), |r| r.collect(), |_| {}).unwrap();
        assert!(out.hits.len() >= 100 && out.hits.len() < 1 << 20);
        assert_eq!(out.stopped_at, Some(out.searched));
    }
}
