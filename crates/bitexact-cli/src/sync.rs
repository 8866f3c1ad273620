//! `bitexact sync openra`: an OpenRA sync report checked against a seed's
//! `SharedRandom` stream. Reading and printing here; the parse and the check
//! are `bitexact::openra::sync`.

use crate::cli::SyncOpenraArgs;
use crate::ledger::read_text;
use crate::report::check_bound;
use crate::{Failure, Outcome};
use bitexact::openra::sync::{self, Verdict};
use serde_json::{json, Value as Json};
use std::io::Write;

/// The widest window accepted.
const MAX_WINDOW: u64 = 10_000_000;
/// The most draws generated to check a report: about 3 s.
const MAX_DRAWS: u64 = 1_000_000_000;

pub fn openra(args: &SyncOpenraArgs, out: &mut impl Write) -> Outcome {
    check_bound(args.window, "--window", MAX_WINDOW)?;
    let text = read_text(&args.report, "sync report")?;
    let name = args.report.display();
    let frames = sync::parse_report(&text).map_err(|e| Failure::usage(format!("'{name}' {e}")))?;
    let verdicts = sync::check(args.seed, &frames, args.window, MAX_DRAWS)
        .map_err(|e| Failure::usage(format!("'{name}': {e}")))?;
    let bad = verdicts
        .iter()
        .filter(|v| **v != Verdict::Consistent)
        .count();
    if args.json {
        let items: Vec<Json> = frames
            .iter()
            .zip(&verdicts)
            .map(|(f, v)| {
                let mut o = json!({
                    "net_frame": f.net_frame,
                    "last": f.last,
                    "total_count": f.total_count,
                });
                match v {
                    Verdict::Consistent => o["verdict"] = "consistent".into(),
                    Verdict::Shifted {
                        expected,
                        positions,
                    } => {
                        o["verdict"] = "shifted".into();
                        o["expected"] = json!(expected);
                        o["positions"] = json!(positions);
                        o["ahead"] = json!(positions[0] as i128 - f.total_count as i128);
                    }
                    Verdict::Differs { expected } => {
                        o["verdict"] = "differs".into();
                        o["expected"] = json!(expected);
                    }
                }
                o
            })
            .collect();
        writeln!(
            out,
            "{}",
            json!({"seed": args.seed, "window": args.window, "frames": items, "consistent": bad == 0})
        )?;
    } else {
        for (f, v) in frames.iter().zip(&verdicts) {
            let head = format!(
                "frame {}: SharedRandom {} (#{})",
                f.net_frame, f.last, f.total_count
            );
            let expected = |e: &Option<i32>| match e {
                Some(v) => format!("draw #{} is {v}", f.total_count),
                None => "no draw yet, Last is 0".to_string(),
            };
            match v {
                Verdict::Consistent => writeln!(out, "{head}: consistent")?,
                Verdict::Shifted {
                    expected: e,
                    positions,
                } => {
                    let p = positions[0];
                    let k = p as i128 - f.total_count as i128;
                    let dir = if k > 0 { "ahead of" } else { "behind" };
                    let draws = if k.abs() == 1 { "draw" } else { "draws" };
                    write!(
                        out,
                        "{head}: not draw #{} ({}); it is draw #{p}: this client's SharedRandom is {} {draws} {dir} its count",
                        f.total_count,
                        expected(e),
                        k.abs()
                    )?;
                    if positions.len() > 1 {
                        let more: Vec<String> = positions[1..].iter().map(|p| format!("#{p}")).collect();
                        write!(out, " (also at {})", more.join(", "))?;
                    }
                    writeln!(out)?;
                }
                Verdict::Differs { expected: e } => writeln!(
                    out,
                    "{head}: not draw #{} ({}), nor any draw within {} of it: the stream itself differs",
                    f.total_count,
                    expected(e),
                    args.window
                )?,
            }
        }
    }
    if bad == 0 {
        crate::summary!(
            "{} frames, all consistent with seed {}",
            frames.len(),
            args.seed
        );
        Ok(())
    } else {
        Err(Failure::Different(format!(
            "{bad} of {} frames are not consistent with seed {}",
            frames.len(),
            args.seed
        )))
    }
}
