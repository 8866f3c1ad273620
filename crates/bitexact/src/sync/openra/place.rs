//! An OpenRA sync report checked against its seed (SPEC 11, 12.4): every
//! frame's verdict ([`super::walk`]) as the one report shape, one detail
//! line per frame.

use super::info::{DEFAULT_WINDOW, MAX_WINDOW, OPENRA};
use super::syncreport::{no_evidence_after, SyncReport};
use super::walk::{frames_of, walk, Verdict};
use crate::json::Json;
use crate::sync::error::{SyncError, Which};
use crate::sync::options::Options;
use crate::sync::report::{Divergence, Report};
use std::string::String;
use std::vec::Vec;

/// One report's every frame against the seed's stream (`options.seed`:
/// none is an error), in the one report shape (one detail line per frame;
/// the frames in `frames`).
pub(super) fn check(ra: &SyncReport, options: &Options) -> Result<Report, SyncError> {
    let seed = options
        .seed_u32()?
        .ok_or_else(|| {
            SyncError::whole(
                None,
                "openra: give the match seed ({seed}, or {replay} to read it from the game's replay), or a second player's report",
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
    let max = options.max_draws(&OPENRA)?;
    let frames = frames_of(ra).map_err(|e| e.of(Which::A))?;
    let stopped = |p| options.stop_at(p).is_err();
    let verdicts = walk(seed, &frames, window, max, &stopped)
        .map_err(|e| SyncError::whole(Some(Which::A), std::format!("{e}")))?;
    // Stopped on request: the error the other placements give.
    let Some(verdicts) = verdicts else {
        return Err(SyncError::stopped());
    };
    let mut report = Report::new(&OPENRA);
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
    no_evidence_after(&mut report, "the", ra);
    Ok(report)
}

/// The most frames a report lists (text lines and JSON `frames`).
const LISTED: usize = 200;
