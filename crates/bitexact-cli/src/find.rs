//! `bitexact state find`: every generator state in a whole file (SPEC 16),
//! through `bitexact::find` (the search, its lines and its JSON); this
//! file reads the file, names the engines, prints.

use crate::cli::FindArgs;
use crate::{Failure, Outcome};
use bitexact::find::{self, render};
use std::io::Write;

/// The largest file read: 4 GiB.
const MAX_FILE: usize = 1 << 32;

pub fn run(args: &FindArgs, out: &mut impl Write) -> Outcome {
    let bytes = crate::read_limited(&args.file, MAX_FILE)?;
    let name = crate::input_name(&args.file);
    let mut engines = Vec::new();
    for n in &args.engines {
        engines.extend(
            render::engines_named(n).map_err(|e| Failure::usage(format!("--engine {n}: {e}")))?,
        );
    }
    engines.sort();
    engines.dedup();
    let memory = find::regions(&bytes);
    let plan = crate::search::plan(args.threads, 1)?;
    let stop = crate::search::poll_with_progress(format!(
        "state find '{name}': looking through {} bytes",
        bytes.len()
    ));
    let report = memory.find(&engines, &plan, &stop);
    if args.json {
        writeln!(out, "{}", render::report_json(&report, args.all).to_text())?;
    } else {
        let listed = if args.all {
            &report.candidates[..]
        } else {
            &[]
        };
        for h in report.identified.iter().chain(listed) {
            writeln!(out, "{}", render::hit_line(h))?;
        }
    }
    out.flush()?;
    let mut summary = render::summary(&report, &name);
    if !report.candidates.is_empty() {
        summary += if args.all {
            " (listed)"
        } else {
            " (--all lists them)"
        };
    }
    if report.stopped {
        return Err(Failure::Interrupted(format!(
            "{summary} (interrupted: the rest of the file, or of a seed search, was not looked \
             through)"
        )));
    }
    if report.identified.is_empty() {
        return Err(Failure::Different(summary));
    }
    crate::summary!("{summary}");
    Ok(())
}
