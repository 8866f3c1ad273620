//! Seed searches on the command line: the library's scheduler
//! (`bitexact::search`, which keeps SPEC 8's promises) with a progress bar
//! on a terminal, Ctrl-C as its cancel, and hits printed as they come;
//! seed ranges and the messages that say where a search stopped.

use crate::Failure;
use bitexact::recover::{Hit, Recovery};
use bitexact::search::shard::{Shard, ShardError};
use bitexact::search::{self, Found, Hooks, Plan};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

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

/// The seeds one run searches: `--seed-range` (or the whole seed space)
/// and, with `--shard K/N`, its part K.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seeds {
    /// The whole search's range.
    pub full: Range<u64>,
    /// The shard, when one was asked for.
    pub shard: Option<Shard>,
    /// What this run searches: `full`, or the shard's part of it.
    pub part: Range<u64>,
}

impl Seeds {
    /// `--seed-range` and `--shard` as given, over seeds `0..space`.
    pub fn new(range: Option<&str>, shard: Option<&str>, space: u64) -> Result<Seeds, Failure> {
        let full = match range {
            Some(r) => parse_seed_range(r, space).map_err(Failure::Usage)?,
            None => 0..space,
        };
        let Some(text) = shard else {
            return Ok(Seeds {
                part: full.clone(),
                full,
                shard: None,
            });
        };
        let shard: Shard = text
            .parse()
            .map_err(|e: ShardError| Failure::usage(format!("--{e}")))?;
        let part = shard
            .part(full.clone())
            .map_err(|e| Failure::usage(format!("--shard {shard}: {e}")))?;
        Ok(Seeds {
            full,
            shard: Some(shard),
            part,
        })
    }

    /// How a message names what was searched: `shard 3/8 (seeds A..B) `
    /// or nothing.
    pub fn label(&self) -> String {
        match self.shard {
            Some(s) => format!("shard {s} (seeds {}..{}): ", self.part.start, self.part.end),
            None => String::new(),
        }
    }

    /// The `--json` fields a merge reads: the shard, its part, the whole
    /// range and what was searched for (`query`).
    pub fn json_fields(&self, query: &str) -> Vec<(&'static str, serde_json::Value)> {
        let Some(s) = self.shard else {
            return Vec::new();
        };
        vec![
            ("shard", s.to_string().into()),
            (
                "range",
                format!("{}..{}", self.part.start, self.part.end).into(),
            ),
            (
                "search_range",
                format!("{}..{}", self.full.start, self.full.end).into(),
            ),
            ("query", query.into()),
        ]
    }

    /// How to go on from `at` after a stop: the `--seed-range` that resumes
    /// the range given, or, for a shard, running the shard again.
    pub fn resume(&self, at: u64, range: Option<&str>, space: u64) -> String {
        match self.shard {
            Some(s) => format!("run shard {s} again"),
            None => format!(
                "resume with --seed-range {}",
                resume_range(at, range, space)
            ),
        }
    }

    /// The message for a search stopped by Ctrl-C: how far it got and how
    /// to resume it (the range given, from the first seed not yet searched;
    /// or the shard again).
    pub fn interrupted(&self, searched: u64, at: u64, range: Option<&str>, space: u64) -> String {
        format!(
            "{}interrupted after {}: every seed below {at} was searched; {}",
            self.label(),
            seeds(searched),
            self.resume(at, range, space)
        )
    }
}

/// The `--seed-range` that goes on from `at`: the range given, from `at`
/// (its `..` or `..=` form kept), or `at..space`.
pub fn resume_range(at: u64, range: Option<&str>, space: u64) -> String {
    match range.and_then(|r| r.find("..").map(|i| &r[i..])) {
        Some(suffix) => format!("{at}{suffix}"),
        None => format!("{at}..{space}"),
    }
}

/// `1 seed`, `N seeds`.
pub fn seeds(n: u64) -> String {
    if n == 1 {
        "1 seed".into()
    } else {
        format!("{n} seeds")
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

/// Set by Ctrl-C while a search runs (the handler is installed once).
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

fn install_interrupt_handler() {
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        // If a handler cannot be installed, Ctrl-C simply ends the process.
        let _ = ctrlc::set_handler(|| INTERRUPTED.store(true, Ordering::SeqCst));
    });
}

/// A stop predicate for the library's walks (`identify` of engines that
/// walk back instead of searching): true once Ctrl-C was pressed. Installs
/// the handler, so a walk ends with its "stopped" answer (exit 130) rather
/// than the process dying mid-walk.
pub fn ctrl_c_pressed() -> impl Fn() -> bool {
    install_interrupt_handler();
    || INTERRUPTED.load(Ordering::SeqCst)
}

/// [`ctrl_c_pressed`] as the stop of work that does not count seeds (an
/// identification's walk back, `state find`), and with `--progress` a
/// plain line every few seconds while it runs — `progress: LABEL, 10 s` —
/// wherever stderr goes. A walk does not say how far it got, so the line
/// gives the time (the label says the bound), not a fraction.
pub fn poll_with_progress(label: String) -> impl Fn() -> bool + Sync {
    let pressed = ctrl_c_pressed();
    let lines = PROGRESS_LINES.load(Ordering::Relaxed);
    let every = progress_every();
    let start = std::time::Instant::now();
    let last = std::sync::Mutex::new(0.0f64);
    move || {
        if lines {
            let secs = start.elapsed().as_secs_f64();
            let mut last = last.lock().unwrap_or_else(|e| e.into_inner());
            if secs - *last >= every {
                *last = secs;
                eprintln!("progress: {label}, {secs:.0} s");
            }
        }
        pressed()
    }
}

/// `--progress`: plain progress lines instead of (or without) the bar.
pub static PROGRESS_LINES: AtomicBool = AtomicBool::new(false);

/// Seconds between two `--progress` lines: 5, or `BITEXACT_PROGRESS_EVERY`
/// (for the tests, which cannot wait).
fn progress_every() -> f64 {
    std::env::var("BITEXACT_PROGRESS_EVERY")
        .ok()
        .and_then(|v| v.parse::<f64>().ok())
        .filter(|v| v.is_finite() && *v >= 0.0)
        .unwrap_or(5.0)
}

/// `--progress`'s lines: one per [`progress_every`] seconds at most.
struct Lines {
    label: String,
    start: std::time::Instant,
    last: f64,
    every: f64,
}

impl Lines {
    /// `progress: LABEL DONE/TOTAL seeds (P%), RATE, ETA S s`.
    fn line(&self, done: u64, total: u64, secs: f64) -> String {
        let pct = if total == 0 {
            100.0
        } else {
            done as f64 * 100.0 / total as f64
        };
        let eta = if done == 0 {
            "?".to_string()
        } else {
            format!(
                "{:.0}",
                secs * (total.saturating_sub(done)) as f64 / done as f64
            )
        };
        format!(
            "progress: {} {done}/{total} seeds ({pct:.1}%), {}, ETA {eta} s",
            self.label,
            rate(done, secs)
        )
    }
}

/// The command line's hooks: a progress bar on a terminal (or plain lines
/// with `--progress`), Ctrl-C, and the caller's printer for hits as they
/// come.
struct CliHooks<'a, F: FnMut(&[Hit])> {
    bar: ProgressBar,
    lines: Option<Lines>,
    found: &'a mut F,
}

impl<F: FnMut(&[Hit])> Hooks for CliHooks<'_, F> {
    fn cancelled(&mut self) -> bool {
        INTERRUPTED.load(Ordering::SeqCst)
    }
    fn progress(&mut self, done: u64, total: u64) {
        self.bar.set_position(done);
        if let Some(l) = &mut self.lines {
            let secs = l.start.elapsed().as_secs_f64();
            if secs - l.last >= l.every {
                l.last = secs;
                eprintln!("{}", l.line(done, total, secs));
            }
        }
    }
    fn found(&mut self, hits: &[Hit]) {
        (self.found)(hits);
    }
}

/// A plan from `--threads` and `--max-hits`, its errors as the flags'.
pub fn plan(threads: Option<usize>, max_hits: usize) -> Result<Plan, Failure> {
    Plan::new(threads, max_hits).map_err(|e| Failure::usage(crate::NAMES.plan_error(&e)))
}

/// Run `recovery` over `seeds` by `plan`, with a progress bar labelled
/// `label` on a terminal and Ctrl-C as its cancel; `found` sees the hits in
/// seed order as soon as they are final (so a caller can print them as they
/// come).
pub fn run(
    recovery: &Recovery,
    seeds: Range<u64>,
    plan: &Plan,
    label: &str,
    mut found: impl FnMut(&[Hit]),
) -> Result<Found, Failure> {
    install_interrupt_handler();
    INTERRUPTED.store(false, Ordering::SeqCst);
    let total = seeds.end.saturating_sub(seeds.start);
    let lines = PROGRESS_LINES.load(Ordering::Relaxed) && matches!(recovery, Recovery::Search(_));
    let bar = if !lines
        && std::io::stderr().is_terminal()
        && matches!(recovery, Recovery::Search(_))
    {
        let bar = ProgressBar::new(total);
        bar.set_style(
            ProgressStyle::with_template(
                "{msg} [{elapsed_precise}] {bar:32} {percent:>3}% {human_pos}/{human_len} seeds, {rate}, ETA {eta}",
            )
            .map(|s| {
                // indicatif's `{per_sec}` prints `143,179,613.6919/s`.
                s.with_key("rate", |st: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = w.write_str(&rate(st.pos(), st.elapsed().as_secs_f64()));
                })
            })
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar.set_message(label.to_string());
        bar
    } else {
        ProgressBar::hidden()
    };
    let mut hooks = CliHooks {
        bar,
        lines: lines.then(|| Lines {
            label: label.to_string(),
            start: std::time::Instant::now(),
            last: 0.0,
            every: progress_every(),
        }),
        found: &mut found,
    };
    let result = search::run_recovery(recovery, seeds, plan, &mut hooks);
    hooks.bar.finish_and_clear();
    result.map_err(|e| Failure::Usage(e.to_string()))
}

#[cfg(test)]
mod tests;
