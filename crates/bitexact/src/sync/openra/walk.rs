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

use super::syncreport::SyncReport;
use crate::openra::MersenneTwister;
use crate::sync::error::SyncError;
use std::collections::HashMap;
use std::io::BufRead;
use std::vec::Vec;

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
/// [`super::syncreport::read`]: the synced traits and effects are read
/// too, and set aside here). Every frame header must be followed by its
/// `SharedRandom:` line; a report with no frame is an error (one that says
/// OpenRA kept no sync report is not: the check answers "no evidence").
pub fn read(reader: &mut dyn BufRead) -> Result<Vec<Frame>, SyncError> {
    frames_of(&super::syncreport::read(reader)?)
}

/// The `SharedRandom` of every frame of a report read whole.
pub(super) fn frames_of(r: &SyncReport) -> Result<Vec<Frame>, SyncError> {
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
pub(super) fn walk(
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
