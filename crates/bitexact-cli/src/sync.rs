//! `bitexact sync FORMAT LOG [LOG2]`: a game's desync log checked against a
//! seed or a second player's log (SPEC 12). The options a format takes read
//! (its subcommand is built from the library's list in `cli/sync.rs`), the
//! files they name opened, the report printed; the formats, their checks
//! and the report are `bitexact::sync`, and nothing here names a format.

use crate::cli::sync::SyncArgs;
use crate::{input_name, open_input, Failure, Outcome};
use bitexact::sync::{self, Format, Names, Opt, Options, Stream, SyncError, Which};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

/// The logs and output switches every format takes.
struct Logs {
    log: PathBuf,
    log2: Option<PathBuf>,
    json: bool,
    html: Option<PathBuf>,
}

fn reader(path: &Path) -> Result<BufReader<Box<dyn std::io::Read>>, Failure> {
    Ok(BufReader::with_capacity(1 << 16, open_input(path)?))
}

/// The one-line message for a library error, naming the file it is about.
fn failure(e: &SyncError, logs: &Logs) -> Failure {
    let name = match e.which {
        Some(Which::B) => logs.log2.as_deref().map(input_name),
        Some(Which::A) => Some(input_name(&logs.log)),
        None => None,
    };
    let message = crate::cli::sync::render(&e.to_string());
    Failure::usage(match name {
        Some(n) => format!("'{n}' {message}"),
        None => message,
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

/// `sync FORMAT`: the options the format takes read from the command line
/// (a replay's seed and callers' names read from their files), the check
/// run, the report printed.
pub fn run(args: &SyncArgs, out: &mut impl Write) -> Outcome {
    let format = args.format;
    // A replay's seed, for a format that reads one (the flag is there only
    // then), stands for the seed.
    let replay = match args.opt::<PathBuf>(Opt::Replay) {
        Some(p) => {
            let bytes = crate::read_limited(&p, 1 << 30)?;
            let seed = format.replay_seed(&bytes).transpose();
            seed.map_err(|e| Failure::usage(format!("'{}': {e}", input_name(&p))))?
        }
        None => None,
    };
    let seed = replay.or_else(|| args.opt::<i32>(Opt::Seed));
    let options = Options {
        seed: seed.map(i64::from),
        log: args.opt(Opt::Log),
        max_draws: args.opt(Opt::MaxDraws),
        max_shift: args.opt(Opt::MaxShift),
        stream: args
            .opt::<String>(Opt::Stream)
            .and_then(|s| Stream::from_name(&s))
            .unwrap_or_default(),
        ranged_fn: args.opt(Opt::RangedFn),
        window: args.opt(Opt::Window),
        names: caller_names(&args.opt(Opt::Names), &args.opt(Opt::Image))?,
        stop: None,
    };
    let logs = Logs {
        log: args.log(false).unwrap_or_default(),
        log2: args.log(true),
        json: args.flag("json"),
        html: args.path("html"),
    };
    report(format, &logs, &options, out)
}

fn report(format: Format, logs: &Logs, options: &Options, out: &mut impl Write) -> Outcome {
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
