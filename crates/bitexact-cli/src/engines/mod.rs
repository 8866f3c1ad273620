//! Dispatch on the engine family: each family's module implements the
//! stream and state commands for its generator.

pub mod drive;
pub mod generals;
pub mod laige;
pub mod openra;
pub mod show;
pub mod sots;
pub mod westwood;
pub mod wwlib;

use crate::cli::{
    DiffCommand, IdentifyCommand, SaveCommand, StateClass, StateCommand, StreamCommand,
};
use crate::{Failure, Outcome};
use std::io::Write;

pub use sots::parse_call as parse_sots_call;

pub fn stream(cmd: &StreamCommand, out: &mut impl Write) -> Outcome {
    use bitexact::stream::{Engine, Options};
    let (engine, seed, common, options) = match cmd {
        StreamCommand::Sots(a) => (
            Engine::Sots,
            a.seed.into(),
            &a.common,
            Options {
                precision: a.precision.into(),
                ..Options::default()
            },
        ),
        StreamCommand::Laige(a) => (
            Engine::Laige,
            a.seed,
            &a.common,
            Options {
                substream: a.substream,
                ..Options::default()
            },
        ),
        StreamCommand::Westwood(a) => (
            Engine::Westwood,
            a.seed.into(),
            &a.common,
            Options {
                class: a.class.into(),
                ..Options::default()
            },
        ),
        StreamCommand::Openra(a) => (
            Engine::Openra,
            (a.seed as u32).into(),
            &a.common,
            Options::default(),
        ),
        StreamCommand::Generals(a) => (
            Engine::Generals,
            a.seed.into(),
            &a.common,
            Options::default(),
        ),
    };
    drive::stream(drive::open(engine, seed, common, &options)?, common, out)
}

pub fn state(cmd: &StateCommand, out: &mut impl Write) -> Outcome {
    if let StateCommand::Diff(d) = cmd {
        let (a, b) = match d {
            DiffCommand::Sots { file_a, file_b, .. }
            | DiffCommand::Laige { file_a, file_b, .. }
            | DiffCommand::Westwood { file_a, file_b, .. }
            | DiffCommand::Generals { file_a, file_b, .. } => (file_a, file_b),
        };
        if crate::is_std(a) && crate::is_std(b) {
            return Err(Failure::usage(
                "A and B are both '-': stdin can be read only once (give one of them as a file)",
            ));
        }
    }
    match cmd {
        StateCommand::Save(SaveCommand::Sots { seed, common }) => sots::save(*seed, common),
        StateCommand::Save(SaveCommand::Laige { seed, common }) => laige::save(*seed, common),
        StateCommand::Save(SaveCommand::Westwood {
            seed,
            common,
            layout,
            class: StateClass::Random2,
        }) => match layout {
            Some(layout) => westwood::save(*seed, common, *layout),
            None => Err(Failure::usage(
                "state save westwood needs --layout ts|ra2 (Random2Class objects differ by game)",
            )),
        },
        StateCommand::Save(SaveCommand::Westwood {
            seed,
            common,
            layout,
            class: StateClass::Random4,
        }) => {
            only_random2(layout.is_some(), "--layout")?;
            wwlib::save_random4(*seed, common)
        }
        StateCommand::Save(SaveCommand::Generals { seed, common }) => generals::save(*seed, common),
        StateCommand::Identify(IdentifyCommand::Sots {
            file,
            max_twists,
            json,
        }) => sots::identify(file, *max_twists, *json, out),
        StateCommand::Identify(IdentifyCommand::Laige {
            file,
            max_draws,
            master,
            json,
        }) => laige::identify(file, *max_draws, *master, *json, out),
        StateCommand::Identify(IdentifyCommand::Westwood {
            file,
            layout,
            seed_range,
            threads,
            json,
            class: StateClass::Random4,
            max_twists,
            ..
        }) => {
            only_random2(layout.is_some(), "--layout")?;
            only_random2(seed_range.is_some(), "--seed-range")?;
            only_random2(threads.is_some(), "--threads")?;
            let max = max_twists.unwrap_or(bitexact::sots::DEFAULT_MAX_TWISTS);
            wwlib::identify_random4(file, max, *json, out)
        }
        StateCommand::Identify(IdentifyCommand::Westwood {
            max_twists: Some(_),
            ..
        }) => Err(Failure::usage(
            "--max-twists is for --class random4; Random2Class walks back --max-draws",
        )),
        StateCommand::Identify(IdentifyCommand::Westwood {
            file,
            layout,
            max_draws,
            seed_range,
            threads,
            json,
            ..
        }) => westwood::identify(
            file,
            *layout,
            *max_draws,
            seed_range.as_deref(),
            *threads,
            *json,
            out,
        ),
        StateCommand::Diff(DiffCommand::Sots {
            file_a,
            file_b,
            max_twists,
            json,
        }) => sots::diff(file_a, file_b, *max_twists, *json, out),
        StateCommand::Diff(DiffCommand::Laige {
            file_a,
            file_b,
            max_draws,
            json,
        }) => laige::diff(file_a, file_b, *max_draws, *json, out),
        StateCommand::Diff(DiffCommand::Westwood {
            file_a,
            file_b,
            layout,
            json,
            class: StateClass::Random4,
            max_twists,
            ..
        }) => {
            only_random2(layout.is_some(), "--layout")?;
            let max = max_twists.unwrap_or(bitexact::sots::DEFAULT_MAX_TWISTS);
            wwlib::diff_random4(file_a, file_b, max, *json, out)
        }
        StateCommand::Diff(DiffCommand::Westwood {
            max_twists: Some(_),
            ..
        }) => Err(Failure::usage(
            "--max-twists is for --class random4; Random2Class steps --max-draws",
        )),
        StateCommand::Diff(DiffCommand::Westwood {
            file_a,
            file_b,
            layout,
            max_draws,
            json,
            ..
        }) => westwood::diff(file_a, file_b, *layout, *max_draws, *json, out),
        StateCommand::Show(cmd) => show::show(cmd, out),
        StateCommand::Convert(crate::cli::ConvertCommand::Westwood {
            file,
            to,
            layout,
            output,
            drop_flag,
        }) => show::convert(file, *layout, *to, output, *drop_flag),
        StateCommand::Identify(IdentifyCommand::Generals {
            file,
            max_draws,
            json,
        }) => generals::identify(file, *max_draws, *json, out),
        StateCommand::Diff(DiffCommand::Generals {
            file_a,
            file_b,
            max_draws,
            json,
        }) => generals::diff(file_a, file_b, *max_draws, *json, out),
    }
}

/// Refuse a Random2Class option given with `--class random4`.
fn only_random2(given: bool, option: &str) -> Outcome {
    if given {
        Err(Failure::usage(format!(
            "{option} is for Random2Class objects; --class random4 states are 2500 bytes of words and mti"
        )))
    } else {
        Ok(())
    }
}

/// The most words (or draws) one command may be asked to spend before
/// printing. Larger requests are refused rather than left to run for hours.
/// Measured for `stream --skip 10^10` (release build, the 2-core Xeon
/// development machine, the other core busy): sots discards by whole twists
/// in 5.0 s, westwood by whole table cycles in 1.3 s, laige jumps ahead at
/// once.
pub const MAX_WORK: u64 = 10_000_000_000;

/// Generals' generator has no jump ahead: its skips and saves step every
/// draw, about 1.8 ns each, so its bound is 2.5·10^9 draws (about 5 s).
pub const MAX_GENERALS_DRAWS: u64 = 2_500_000_000;

/// The most calls `--skip` makes one by one, for taps whose calls can
/// reject words (and so cannot be skipped by words). Measured for 10^8
/// calls as above: westwood `ranged:1,6` 3.9 s (the slowest), sots
/// `bell:1,6` 2.2 s, sots `int:6` 1.4 s, laige `range:0,5` 0.2 s.
pub const MAX_CALL_SKIP: u64 = 100_000_000;

/// Refuse a skip or a script that would spend more than [`MAX_WORK`].
pub fn check_work(n: u64, what: &str) -> Outcome {
    check_bound(n, what, MAX_WORK)
}

/// Refuse `n` above `limit`, naming the option: a bound that would run for
/// hours is refused, not started.
pub fn check_bound(n: u64, what: &str, limit: u64) -> Outcome {
    if n > limit {
        Err(Failure::usage(format!(
            "{what} {n} is over the limit of {limit}"
        )))
    } else {
        Ok(())
    }
}

/// The sots walk bound's ceiling: 16 million twists, about 16 s.
pub const MAX_SOTS_TWISTS: u64 = 16_000_000;
/// The laige walk bound's ceiling: 2·10^9 draws, about 10 s.
pub const MAX_LAIGE_DRAWS: u64 = 2_000_000_000;

/// Read a state file (or stdin) of at most `max_len` bytes and decode it;
/// errors name the file.
pub fn read_state<T, E: std::fmt::Display>(
    path: &std::path::Path,
    max_len: usize,
    decode: impl FnOnce(&[u8]) -> Result<T, E>,
) -> Result<T, Failure> {
    let bytes = crate::read_limited(path, max_len)?;
    decode(&bytes).map_err(|e| Failure::usage(format!("'{}': {e}", crate::input_name(path))))
}

/// Write the 'wrote FILE' note after a successful save.
pub fn write_state_file(
    path: &std::path::Path,
    bytes: &[u8],
    what: std::fmt::Arguments<'_>,
) -> Outcome {
    if crate::is_std(path) {
        let mut stdout = std::io::stdout().lock();
        stdout.write_all(bytes)?;
        stdout.flush()?;
        crate::summary!("wrote {} bytes to stdout: {what}", bytes.len());
        return Ok(());
    }
    std::fs::write(path, bytes)
        .map_err(|e| Failure::usage(format!("cannot write '{}': {e}", path.display())))?;
    crate::summary!("wrote {} ({} bytes): {what}", path.display(), bytes.len());
    Ok(())
}

/// `key: value` lines, or one JSON object (keys in the order given).
pub fn write_report(out: &mut impl Write, json: bool, fields: &[(&str, u64)]) -> Outcome {
    if json {
        let obj: serde_json::Map<String, serde_json::Value> = fields
            .iter()
            .map(|(k, v)| ((*k).to_string(), (*v).into()))
            .collect();
        writeln!(out, "{}", serde_json::Value::Object(obj))?;
    } else {
        for (k, v) in fields {
            writeln!(out, "{k}: {v}")?;
        }
    }
    Ok(())
}

/// An identification's report: `key: value` lines, or one JSON object that
/// starts with `"identified": true`.
pub fn write_identified(out: &mut impl Write, json: bool, fields: &[(&str, u64)]) -> Outcome {
    if json {
        let mut obj = serde_json::Map::new();
        obj.insert("identified".into(), true.into());
        for (k, v) in fields {
            obj.insert((*k).to_string(), (*v).into());
        }
        writeln!(out, "{}", serde_json::Value::Object(obj))?;
        Ok(())
    } else {
        write_report(out, false, fields)
    }
}

/// An identification that found nothing (or stopped): exit 1 with `msg` on
/// stderr and, with `--json`, one object on stdout as well:
/// `{"identified": false, "reason": msg, …extra}`.
pub fn not_identified(
    out: &mut impl Write,
    json: bool,
    msg: String,
    extra: &[(&str, serde_json::Value)],
) -> Outcome {
    if json {
        let mut obj = serde_json::Map::new();
        obj.insert("identified".into(), false.into());
        obj.insert("reason".into(), msg.clone().into());
        for (k, v) in extra {
            obj.insert((*k).to_string(), v.clone());
        }
        writeln!(out, "{}", serde_json::Value::Object(obj))?;
    }
    Err(Failure::Different(msg))
}
