//! Parallel seed search: split a seed range into chunks, run them on every
//! core (rayon), show a progress bar on a terminal, stop at the first hit.
//! The per-chunk work is a library call; this file only schedules it.

use crate::Failure;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::io::IsTerminal;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Seeds per chunk: small enough for a smooth progress bar and an early stop,
/// large enough that scheduling costs nothing.
const CHUNK: u64 = 1 << 20;

/// `A..B` (B exclusive) or `A..=B`, decimal or 0x hex, within `0..=limit`.
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
        b.checked_add(1).ok_or_else(bad)?
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
/// yet searched; chunks past it that did finish are searched again).
pub fn interrupted_message(searched: u64, at: u64, range: Option<&str>, space: u64) -> String {
    let rest = match range.and_then(|r| r.find("..").map(|i| &r[i..])) {
        Some(suffix) => format!("{at}{suffix}"),
        None => format!("{at}..{space}"),
    };
    format!(
        "interrupted after {searched} seeds: every seed below {at} was searched; resume with --seed-range {rest}"
    )
}

/// What a search found and how far it got.
pub struct Found<T> {
    pub hits: Vec<T>,
    pub searched: u64,
    pub elapsed: Duration,
    /// Interrupted (Ctrl-C): every seed below this one was searched.
    pub interrupted_at: Option<u64>,
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

/// The most worker threads a search may ask for.
pub const MAX_THREADS: usize = 256;

/// Run `work` over `range` in chunks on `threads` threads (all cores when
/// `None`); stop scheduling new chunks once a hit is found if `first_only`.
/// With `first_only` the hits are those of the chunks that finished first —
/// not necessarily the lowest seed (chunks run in parallel); hits come back
/// sorted by seed.
pub fn run<T: Send>(
    range: Range<u64>,
    threads: Option<usize>,
    first_only: bool,
    label: &str,
    work: impl Fn(Range<u64>) -> Vec<T> + Sync,
) -> Result<Found<T>, Failure> {
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(n) = threads {
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
        bar.set_message(label.to_string());
        bar
    } else {
        ProgressBar::hidden()
    };

    let chunks: Vec<Range<u64>> = (0..total.div_ceil(CHUNK))
        .map(|i| {
            let s = range.start + i * CHUNK;
            s..(s + CHUNK).min(range.end)
        })
        .collect();
    install_interrupt_handler();
    INTERRUPTED.store(false, Ordering::SeqCst);
    let found = AtomicBool::new(false);
    let searched = AtomicU64::new(0);
    let done: Vec<AtomicBool> = chunks.iter().map(|_| AtomicBool::new(false)).collect();
    let start = Instant::now();
    let mut hits: Vec<(u64, Vec<T>)> = pool.install(|| {
        chunks
            .par_iter()
            .enumerate()
            .filter_map(|(i, chunk)| {
                if (first_only && found.load(Ordering::Relaxed))
                    || INTERRUPTED.load(Ordering::Relaxed)
                {
                    return None;
                }
                let len = chunk.end - chunk.start;
                let h = work(chunk.clone());
                if !h.is_empty() {
                    found.store(true, Ordering::Relaxed);
                }
                searched.fetch_add(len, Ordering::Relaxed);
                done[i].store(true, Ordering::Relaxed);
                bar.inc(len);
                (!h.is_empty()).then_some((chunk.start, h))
            })
            .collect()
    });
    bar.finish_and_clear();
    hits.sort_by_key(|(first, _)| *first);
    let interrupted_at = INTERRUPTED.load(Ordering::SeqCst).then(|| {
        let first_undone = done.iter().position(|d| !d.load(Ordering::Relaxed));
        first_undone.map_or(range.end, |i| chunks[i].start)
    });
    Ok(Found {
        hits: hits.into_iter().flat_map(|(_, h)| h).collect(),
        searched: searched.into_inner(),
        elapsed: start.elapsed(),
        interrupted_at,
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
    }

    #[test]
    fn resume_ranges() {
        let m = interrupted_message(10, 5, Some("0..=99"), 1 << 32);
        assert!(m.ends_with("resume with --seed-range 5..=99"), "{m}");
        let m = interrupted_message(10, 5, None, 1 << 32);
        assert!(m.ends_with("resume with --seed-range 5..4294967296"), "{m}");
    }

    #[test]
    fn finds_hits_in_order_and_counts() {
        let out = run(0..5_000_000, Some(2), false, "t", |r| {
            r.filter(|s| s % 1_000_000 == 7).collect()
        })
        .unwrap();
        assert_eq!(
            out.hits,
            vec![7, 1_000_007, 2_000_007, 3_000_007, 4_000_007]
        );
        assert_eq!(out.searched, 5_000_000);
    }
}
