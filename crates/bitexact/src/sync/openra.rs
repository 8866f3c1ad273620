//! OpenRA's sync report, checked against a seed's `SharedRandom` stream
//! (SPEC 11, 12.4).
//!
//! When a game desyncs, OpenRA writes a sync report: for each of the last
//! net frames, a header `Sync for net frame F ----…` and the line
//! `SharedRandom: L (#T)` — the generator's `Last` and `TotalCount`. For a
//! client whose stream is the seed's, `L` is draw number `T` (1-based) of
//! `MersenneTwister(seed)`'s `Next()` values (and `T = 0` means no draw yet,
//! `L = 0`). [`check_frames`] says, per frame, whether that holds; when it does not,
//! it looks for `L` within a window of draws on both sides of `T`: found at
//! draw `p`, the client's generator is `p − T` draws ahead of its count
//! (behind when negative) — a draw made or skipped outside the counter, or
//! a counter that was reset; not found, the stream itself differs (another
//! seed, or a generator re-seeded mid-game).

use super::{Divergence, Format, Options, Report, SyncError, Which};
use crate::json::Json;
use crate::openra::MersenneTwister;
use std::collections::HashMap;
use std::io::BufRead;
use std::string::String;
use std::vec::Vec;

/// The default window, in draws on each side of `#T`.
pub const DEFAULT_WINDOW: u64 = 10_000;

/// One frame of a sync report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Frame {
    /// The net frame number.
    pub net_frame: u64,
    /// `SharedRandom`'s `Last`.
    pub last: i32,
    /// `SharedRandom`'s `TotalCount`.
    pub total_count: u64,
    /// The report's line of the `SharedRandom:` entry (1-based).
    pub line: u64,
}

/// The frames of a sync report, in the order written (read with
/// [`super::openra_diff::read`]: the synced traits and effects are read
/// too, and set aside here). Every frame header must be followed by its
/// `SharedRandom:` line; a report with no frame is an error (one that says
/// OpenRA kept no sync report is not: the check answers "no evidence").
pub fn read(reader: &mut dyn BufRead) -> Result<Vec<Frame>, SyncError> {
    frames_of(&super::openra_diff::read(reader)?)
}

/// The `SharedRandom` of every frame of a report read whole.
fn frames_of(r: &super::openra_diff::SyncReport) -> Result<Vec<Frame>, SyncError> {
    let mut frames = Vec::with_capacity(r.frames.len());
    for f in &r.frames {
        let Some((last, total_count, line)) = f.shared else {
            return Err(SyncError::at(
                f.line,
                &std::format!("Sync for net frame {}", f.net_frame),
                "a frame header with no SharedRandom line after it",
            ));
        };
        frames.push(Frame {
            net_frame: f.net_frame,
            last,
            total_count,
            line,
        });
    }
    if frames.is_empty() {
        return Err(SyncError::whole(
            None,
            "no 'Sync for net frame' with a 'SharedRandom:' line in the report",
        ));
    }
    Ok(frames)
}

/// What one frame says about the stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Draw `#T` of the seed's stream is `L`.
    Consistent,
    /// `L` is not draw `#T` but is draw `#p` for each `p` here (nearest
    /// first, within the window): the generator is `p − T` draws ahead.
    Shifted {
        /// The seed's value at draw `#T` (`None` for `T = 0`).
        expected: Option<i32>,
        /// Draw positions within the window whose value is `L`.
        positions: Vec<u64>,
    },
    /// `L` is nowhere within the window: the stream itself differs.
    Differs {
        /// The seed's value at draw `#T` (`None` for `T = 0`).
        expected: Option<i32>,
    },
}

/// A frame out of reach: `T + window` beyond the bound on draws generated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooFar {
    /// The frame's `TotalCount`.
    pub total_count: u64,
    /// The bound.
    pub max_draws: u64,
}

impl core::fmt::Display for TooFar {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "TotalCount #{} with its window is beyond the {} draws checked",
            self.total_count, self.max_draws
        )
    }
}

impl core::error::Error for TooFar {}

/// Check every frame against `MersenneTwister(seed)`: one pass over the
/// stream up to the largest `T + window` (at most `max_draws` draws),
/// looking up each draw inside some frame's window among the values the
/// frames logged — memory and time in the frames and the draws, not their
/// product. Verdicts are in the frames' order.
pub fn check_frames(
    seed: i32,
    frames: &[Frame],
    window: u64,
    max_draws: u64,
) -> Result<Vec<Verdict>, TooFar> {
    // Never stopped, so always `Some`.
    walk(seed, frames, window, max_draws, &|_| false).map(Option::unwrap_or_default)
}

/// [`check_frames`], asking `stopped(p)` at draw `p` whether to give up
/// (`Ok(None)`).
fn walk(
    seed: i32,
    frames: &[Frame],
    window: u64,
    max_draws: u64,
    stopped: &dyn Fn(u64) -> bool,
) -> Result<Option<Vec<Verdict>>, TooFar> {
    for f in frames {
        if f.total_count.saturating_add(window) > max_draws {
            return Err(TooFar {
                total_count: f.total_count,
                max_draws,
            });
        }
    }
    // The values wanted, and a 2^16-bit filter on them before the map.
    let mut want: HashMap<i32, Vec<usize>> = HashMap::new();
    let mut filter = std::vec![0u64; 1 << 10];
    for (i, f) in frames.iter().enumerate() {
        want.entry(f.last).or_default().push(i);
        let h = (f.last as u32 & 0xFFFF) as usize;
        filter[h >> 6] |= 1 << (h & 63);
    }
    // The windows [T − w, T + w], merged, in draw order.
    let mut spans: Vec<(u64, u64)> = frames
        .iter()
        .map(|f| {
            (
                f.total_count.saturating_sub(window).max(1),
                f.total_count + window,
            )
        })
        .collect();
    spans.sort_unstable();
    let mut merged: Vec<(u64, u64)> = Vec::new();
    for (lo, hi) in spans {
        match merged.last_mut() {
            Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
            _ => merged.push((lo, hi)),
        }
    }
    let mut order: Vec<usize> = (0..frames.len()).collect();
    order.sort_by_key(|&i| frames[i].total_count);
    let mut expected: Vec<Option<i32>> = std::vec![None; frames.len()];
    let mut positions: Vec<Vec<u64>> = std::vec![Vec::new(); frames.len()];
    let mut m = MersenneTwister::new(seed);
    let mut next_t = order
        .iter()
        .skip_while(|&&i| frames[i].total_count == 0)
        .peekable();
    let end = merged.last().map_or(0, |s| s.1);
    let mut span = 0;
    for p in 1..=end {
        if stopped(p) {
            return Ok(None);
        }
        let v = m.next();
        while let Some(&&i) = next_t.peek() {
            if frames[i].total_count != p {
                break;
            }
            expected[i] = Some(v);
            next_t.next();
        }
        while span < merged.len() && merged[span].1 < p {
            span += 1;
        }
        if span == merged.len() || merged[span].0 > p {
            continue;
        }
        let h = (v as u32 & 0xFFFF) as usize;
        if filter[h >> 6] & (1 << (h & 63)) == 0 {
            continue;
        }
        if let Some(fs) = want.get(&v) {
            for &i in fs {
                let t = frames[i].total_count;
                if p != t && p.abs_diff(t) <= window && positions[i].len() < 1024 {
                    positions[i].push(p);
                }
            }
        }
    }
    Ok(Some(
        frames
            .iter()
            .zip(expected)
            .zip(positions)
            .map(|((f, expected), mut positions)| {
                let consistent = match expected {
                    Some(v) => v == f.last,
                    None => f.total_count == 0 && f.last == 0,
                };
                if consistent {
                    Verdict::Consistent
                } else if positions.is_empty() {
                    Verdict::Differs { expected }
                } else {
                    positions.sort_by_key(|&p| (p.abs_diff(f.total_count), p));
                    Verdict::Shifted {
                        expected,
                        positions,
                    }
                }
            })
            .collect(),
    ))
}

/// `sync openra`: every frame of the report against seed's stream, in the
/// one report shape (one detail line per frame; the frames in `frames`).
pub(super) fn check(
    a: &mut dyn BufRead,
    b: Option<&mut dyn BufRead>,
    options: &Options,
) -> Result<Report, SyncError> {
    let ra = super::openra_diff::read(a).map_err(|e| e.of(Which::A))?;
    if let Some(b) = b {
        let rb = super::openra_diff::read(b).map_err(|e| e.of(Which::B))?;
        return super::openra_diff::compare(&ra, &rb);
    }
    if let (Some((line, frame)), true) = (ra.no_report, ra.frames.is_empty()) {
        let mut r = Report::new(Format::Openra);
        r.summary = std::format!(
            "no evidence: the report says 'Recorded frames do not contain the frame {frame}. No sync report available!' (line {line}): OpenRA kept no sync data for the frame that desynced"
        );
        return Ok(r);
    }
    let seed = options
        .seed_u32()?
        .ok_or_else(|| {
            SyncError::whole(
                None,
                "openra: give the match seed (--replay FILE.orarep reads it from the replay), or a second player's report",
            )
        })?
        as i32;
    let window = options.window.unwrap_or(DEFAULT_WINDOW);
    if window > MAX_WINDOW {
        return Err(SyncError::whole(
            None,
            std::format!("a window of {window} draws is above the {MAX_WINDOW} accepted"),
        ));
    }
    let max = options.max_draws(Format::Openra)?;
    let frames = frames_of(&ra).map_err(|e| e.of(Which::A))?;
    let stopped = |p| super::stop_at(options, p).is_err();
    let verdicts = walk(seed, &frames, window, max, &stopped)
        .map_err(|e| SyncError::whole(Some(Which::A), std::format!("{e}")))?;
    // Stopped on request: the error the other placements give.
    let Some(verdicts) = verdicts else {
        return Err(SyncError::whole(None, super::STOPPED));
    };
    let mut report = Report::new(Format::Openra);
    let mut items = Vec::new();
    let mut bad = 0;
    for (f, v) in frames.iter().zip(&verdicts) {
        let head = std::format!(
            "frame {}: SharedRandom {} (#{})",
            f.net_frame,
            f.last,
            f.total_count
        );
        let expected = |e: &Option<i32>| match e {
            Some(v) => std::format!("draw #{} is {v}", f.total_count),
            None => "no draw yet, Last is 0".into(),
        };
        let mut o = Json::object();
        o.set("net_frame", f.net_frame);
        o.set("line", f.line);
        o.set("last", f.last);
        o.set("total_count", f.total_count);
        let (line, shift, exp) = match v {
            Verdict::Consistent => {
                o.set("verdict", "consistent");
                (std::format!("{head}: consistent"), None, None)
            }
            Verdict::Shifted {
                expected: e,
                positions,
            } => {
                let p = positions[0];
                let k = p as i64 - f.total_count as i64;
                o.set("verdict", "shifted");
                o.set("expected", *e);
                o.set("positions", positions.clone());
                o.set("ahead", k);
                let dir = if k > 0 { "ahead of" } else { "behind" };
                let draws = if k.abs() == 1 { "draw" } else { "draws" };
                let mut l = std::format!(
                    "{head}: not draw #{} ({}); it is draw #{p}: this client's SharedRandom is {} {draws} {dir} its count",
                    f.total_count,
                    expected(e),
                    k.abs()
                );
                let coincidence = (2 * window + 1) as f64 / 2_147_483_647.0;
                if coincidence > 1e-4 {
                    l.push_str(&std::format!(
                        " (or a coincidence: about {coincidence:.1e} within this window)"
                    ));
                }
                if positions.len() > 1 {
                    let more: Vec<String> = positions[1..]
                        .iter()
                        .map(|p| std::format!("#{p}"))
                        .collect();
                    l.push_str(&std::format!(" (also at {})", more.join(", ")));
                }
                (l, Some(k), Some(expected(e)))
            }
            Verdict::Differs { expected: e } => {
                o.set("verdict", "differs");
                o.set("expected", *e);
                (
                    std::format!(
                        "{head}: not draw #{} ({}), nor any draw within {window} of it: the stream itself differs",
                        f.total_count,
                        expected(e)
                    ),
                    None,
                    Some(expected(e)),
                )
            }
        };
        if let Some(exp) = exp {
            if bad == 0 {
                // A 31-bit value turns up within the window by chance with
                // about 2·window / 2^31: the shift is named only below 1e-4.
                let chance = (2 * window + 1) as f64 / 2_147_483_647.0;
                report.shift = shift.filter(|_| chance <= 1e-4);
                if shift.is_some() && chance > 1e-4 {
                    report.details.push(std::format!(
                        "not sure of the shift: a value turns up within {window} draws of #T by chance with about {chance:.1e} (a smaller window settles it)"
                    ));
                }
                report.first_divergence = Some(Divergence {
                    line: Some(f.line),
                    frame: Some(f.net_frame as i64),
                    logged: std::format!("SharedRandom: {} (#{})", f.last, f.total_count),
                    expected: exp,
                    ..Divergence::default()
                });
            }
            bad += 1;
        }
        // Every frame of a short report; of a long one, the frames that are
        // not consistent, up to a bound (memory stays in the frames read).
        let consistent = matches!(v, Verdict::Consistent);
        if (frames.len() <= LISTED || !consistent) && items.len() < LISTED {
            report.details.push(line);
            items.push(o);
        }
    }
    if frames.len() > items.len() {
        report.details.push(std::format!(
            "{} of {} frames listed ({}); the others are consistent",
            items.len(),
            frames.len(),
            if frames.len() <= LISTED {
                "all".into()
            } else {
                std::format!("those not consistent, at most {LISTED}")
            }
        ));
    }
    // One generator's count never goes down, and one net frame has one.
    let mut count_broken = None;
    if bad == 0 {
        if let Some(w) = frames.windows(2).find(|w| {
            w[1].total_count < w[0].total_count
                || (w[1].net_frame == w[0].net_frame && w[1].total_count != w[0].total_count)
        }) {
            let (x, y) = (w[0], w[1]);
            bad = 1;
            count_broken = Some(y.net_frame);
            report.first_divergence = Some(Divergence {
                line: Some(y.line),
                frame: Some(y.net_frame as i64),
                logged: std::format!("SharedRandom: {} (#{})", y.last, y.total_count),
                expected: std::format!(
                    "a TotalCount of at least #{} (net frame {} logged it): the count of one generator never goes down",
                    x.total_count,
                    x.net_frame
                ),
                ..Divergence::default()
            });
            report.details.push(std::format!(
                "each frame is a draw of the seed's stream, but the counts are not one generator's: net frame {} logs #{} after net frame {}'s #{}",
                y.net_frame, y.total_count, x.net_frame, x.total_count
            ));
        }
    }
    report
        .extra
        .push(("frames_checked", Json::from(frames.len())));
    report.extra.push(("frames_inconsistent", Json::from(bad)));
    report.consistent = bad == 0;
    report.checked = frames.len() as u64;
    report.position = frames.first().map(|f| f.total_count);
    report.summary = if bad == 0 {
        std::format!(
            "consistent: {} frames, all consistent with seed {seed}",
            frames.len()
        )
    } else if let Some(f) = count_broken {
        std::format!(
            "divergence: each of the {} frames is a draw of seed {seed}'s stream, but TotalCount goes back at net frame {f}: not one generator's counts",
            frames.len()
        )
    } else {
        std::format!(
            "divergence: {bad} of {} frames are not consistent with seed {seed}",
            frames.len()
        )
    };
    report.extra.push(("seed", Json::from(seed)));
    report.extra.push(("window", Json::from(window)));
    report.extra.push(("frames", Json::Array(items)));
    super::openra_diff::no_evidence_after(&mut report, "the", &ra);
    Ok(report)
}

/// The most frames a report lists (text lines and JSON `frames`).
const LISTED: usize = 200;

/// The widest window accepted.
pub const MAX_WINDOW: u64 = 10_000_000;
