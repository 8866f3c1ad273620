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
    for (shown, n) in &engine_names(args)? {
        engines
            .extend(render::engines_named(n).map_err(|e| Failure::usage(format!("{shown}: {e}")))?);
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

/// The `--engine` names with `--class` applied, each with how the command
/// line said it (for its errors): `--engine westwood --class random4` is
/// `westwood:random4` (the engine commands' spelling and state find's), for
/// each engine given without a class that has the class; with no
/// `--engine`, the engines that have it.
fn engine_names(args: &FindArgs) -> Result<Vec<(String, String)>, Failure> {
    use bitexact::engines::Id;
    let given: Vec<(String, String)> = args
        .engines
        .iter()
        .map(|n| (format!("--engine {n}"), n.clone()))
        .collect();
    let Some(class) = &args.class else {
        return Ok(given);
    };
    let has = |family: &str| Id::find(family, Some(class)).is_ok();
    if let Some(n) = args
        .engines
        .iter()
        .find(|n| n.split_once(':').is_some_and(|(f, c)| has(f) && c != class))
    {
        return Err(Failure::usage(format!(
            "--engine {n} and --class {class} name two classes: give one"
        )));
    }
    let names: Vec<(String, String)> = if given.is_empty() {
        Id::families()
            .iter()
            .filter(|f| has(f))
            .map(|f| (format!("--class {class}"), format!("{f}:{class}")))
            .collect()
    } else {
        given
            .into_iter()
            .map(|(shown, n)| {
                if !n.contains(':') && has(&n) {
                    (format!("{shown} --class {class}"), format!("{n}:{class}"))
                } else {
                    (shown, n)
                }
            })
            .collect()
    };
    if names
        .iter()
        .any(|(_, n)| n.split_once(':').is_some_and(|(f, c)| c == class && has(f)))
    {
        return Ok(names);
    }
    // Say whose class it is, or which classes there are.
    let known = match Id::families().iter().find(|f| has(f)) {
        Some(f) => format!(" (it is {f}'s: --engine {f} --class {class})"),
        None => {
            let classes: Vec<String> = Id::families()
                .iter()
                .filter_map(|f| {
                    let list: Vec<&str> = Id::family(f)
                        .iter()
                        .filter_map(|id| id.info().class)
                        .collect();
                    (!list.is_empty()).then(|| format!("{f}'s are {}", list.join(", ")))
                })
                .collect();
            format!(" (the classes: {})", classes.join("; "))
        }
    };
    let which = if args.engines.is_empty() {
        "no engine has a".to_string()
    } else {
        let given: Vec<String> = args
            .engines
            .iter()
            .map(|n| format!("--engine {n}"))
            .collect();
        format!(
            "{} {} no",
            given.join(", "),
            if given.len() == 1 { "has" } else { "have" }
        )
    };
    Err(Failure::usage(format!(
        "--class {class}: {which} class '{class}'{known}"
    )))
}
