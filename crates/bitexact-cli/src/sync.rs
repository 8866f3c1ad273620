//! `bitexact sync FORMAT LOG [LOG2]`: a game's desync log checked against a
//! seed or a second player's log (SPEC 12). Arguments and printing here; the
//! parsers, the checks and the report are `bitexact::sync`.

use crate::cli::{SyncCommand, SyncLogs};
use crate::{input_name, open_input, Failure, Outcome};
use bitexact::sync::{self, Format, Names, Options, Stream, SyncError, Which};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

fn reader(path: &Path) -> Result<BufReader<Box<dyn std::io::Read>>, Failure> {
    Ok(BufReader::with_capacity(1 << 16, open_input(path)?))
}

/// The one-line message for a library error, naming the file it is about.
fn failure(e: &SyncError, logs: &SyncLogs) -> Failure {
    let name = match e.which {
        Some(Which::B) => logs.log2.as_deref().map(input_name),
        Some(Which::A) => Some(input_name(&logs.log)),
        None => None,
    };
    Failure::usage(match name {
        Some(n) => format!("'{n}' {e}"),
        None => e.to_string(),
    })
}

fn names_file(path: &Path) -> Result<Names, Failure> {
    let mut r = reader(path)?;
    Names::read(&mut r)
        .map_err(|e| Failure::usage(format!("names file '{}' {e}", input_name(path))))
}

fn image_names(path: &Path) -> Result<Names, Failure> {
    let bytes = crate::read_limited(path, 1 << 30)?;
    let funcs = bitexact::scan::functions(&bytes)
        .map_err(|e| Failure::usage(format!("'{}': {e}", input_name(path))))?;
    Ok(Names::from_pairs(
        funcs
            .into_iter()
            .filter_map(|(va, name)| {
                let va = u32::try_from(va).ok()?;
                Some((va, name.unwrap_or_else(|| format!("sub_{va:08X}"))))
            })
            .collect(),
    ))
}

/// Callers named by `--names FILE` or `--image EXE` (not both).
fn caller_names(
    names: &Option<PathBuf>,
    image: &Option<PathBuf>,
) -> Result<Option<Names>, Failure> {
    match (names, image) {
        (Some(_), Some(_)) => Err(Failure::usage("give --names or --image, not both")),
        (Some(p), None) => Ok(Some(names_file(p)?)),
        (None, Some(p)) => Ok(Some(image_names(p)?)),
        (None, None) => Ok(None),
    }
}

pub fn run(cmd: &SyncCommand, out: &mut impl Write) -> Outcome {
    let mut options = Options::default();
    let (format, logs) = match cmd {
        SyncCommand::Phobos(a) => {
            options.log = a.log_index;
            options.max_draws = a.max_draws;
            options.max_shift = a.max_shift;
            options.ranged_fn = Some(a.ranged_fn);
            options.names = caller_names(&a.names, &a.image)?;
            (Format::Phobos, &a.logs)
        }
        SyncCommand::Ts(a) => {
            options.max_draws = a.max_draws;
            options.max_shift = a.max_shift;
            options.names = caller_names(&a.names, &a.image)?;
            (Format::Ts, &a.logs)
        }
        SyncCommand::Ares(a) | SyncCommand::GeneralsCrc(a) => {
            options.max_draws = a.max_draws;
            let f = match cmd {
                SyncCommand::Ares(_) => Format::Ares,
                _ => Format::GeneralsCrc,
            };
            (f, &a.logs)
        }
        SyncCommand::Generals(a) => {
            options.max_shift = a.max_shift;
            options.stream = Stream::from_name(&a.stream).unwrap_or_default();
            (Format::Generals, &a.logs)
        }
        SyncCommand::Openra(a) => {
            let seed = match &a.replay {
                Some(p) => {
                    let bytes = crate::read_limited(p, 1 << 30)?;
                    Some(
                        sync::openra::orarep::seed(&bytes)
                            .map_err(|e| Failure::usage(format!("'{}': {e}", input_name(p))))?,
                    )
                }
                None => a.seed,
            };
            options.seed = seed.map(i64::from);
            options.window = Some(a.window);
            let logs = SyncLogs {
                log: a.report.clone(),
                log2: a.report2.clone(),
                seed,
                json: a.json,
                html: a.html.clone(),
            };
            return report(Format::Openra, &logs, &options, out);
        }
    };
    options.seed = logs.seed.map(i64::from);
    report(format, logs, &options, out)
}

fn report(format: Format, logs: &SyncLogs, options: &Options, out: &mut impl Write) -> Outcome {
    let stdin = crate::is_std(&logs.log) || logs.log2.as_deref().is_some_and(crate::is_std);
    let report = if stdin {
        let mut a = reader(&logs.log)?;
        let mut b = match &logs.log2 {
            Some(p) => Some(reader(p)?),
            None => None,
        };
        sync::check(
            format,
            &mut a,
            b.as_mut().map(|b| b as &mut dyn BufRead),
            options,
        )
    } else {
        // Files, or Generals' frame folders.
        sync::check_paths(format, &logs.log, logs.log2.as_deref(), options)
    }
    .map_err(|e| failure(&e, logs))?;
    if let Some(path) = &logs.html {
        let files =
            crate::html::names(std::iter::once(logs.log.as_path()).chain(logs.log2.as_deref()));
        let files: Vec<&str> = files.iter().map(String::as_str).collect();
        let command = format!("sync {}", format.name());
        let source = bitexact::report::html::Source {
            command: &command,
            files: &files,
        };
        crate::html::write(path, &bitexact::report::html::sync(&report, &source))?;
    }
    if logs.json {
        writeln!(out, "{}", report.to_json())?;
    } else {
        write!(out, "{}", report.text())?;
    }
    if report.consistent {
        Ok(())
    } else {
        Err(Failure::Different(
            match (&report.first_divergence, report.ambiguous) {
                (_, Some(n)) if n > 1 => format!("not placed: {n} placements fit"),
                (Some(d), _) => match (d.entry, d.line) {
                    (Some(e), _) => format!("divergence at entry #{e:05}"),
                    (None, Some(l)) => format!("divergence at line {l}"),
                    _ => "divergence".into(),
                },
                // The summary's verdict: "not placed", "not sure", "not aligned".
                _ => report
                    .summary
                    .split_once(':')
                    .map_or("not consistent", |(verdict, _)| verdict)
                    .to_string(),
            },
        ))
    }
}
