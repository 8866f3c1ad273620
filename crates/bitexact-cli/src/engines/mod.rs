//! Dispatch on the engine family: each family's module implements the
//! stream and state commands for its generator.

mod laige;
mod sots;
mod westwood;

use crate::cli::{Engine, StateCommand, StreamArgs};
use crate::{Failure, Outcome};
use std::io::Write;

pub use sots::parse_call as parse_sots_call;

/// The most words (or draws, or calls) one command may be asked to spend
/// before printing: about 15 s of twisting for sots. Larger requests are
/// refused rather than left to run for hours.
pub const MAX_WORK: u64 = 10_000_000_000;

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

/// A walk bound from its option, its default and its ceiling.
pub fn bound(value: Option<u64>, default: u64, option: &str, limit: u64) -> Result<u64, Failure> {
    let v = value.unwrap_or(default);
    check_bound(v, option, limit)?;
    Ok(v)
}

pub fn stream(args: &StreamArgs, out: &mut impl Write) -> Outcome {
    match args.engine {
        Engine::Sots => sots::stream(args, out),
        Engine::Laige => laige::stream(args, out),
        Engine::Westwood => westwood::stream(args, out),
    }
}

pub fn state(cmd: &StateCommand, out: &mut impl Write) -> Outcome {
    match cmd {
        StateCommand::Save(a) => match a.engine {
            Engine::Sots => sots::save(a),
            Engine::Laige => laige::save(a),
            Engine::Westwood => westwood::save(a),
        },
        StateCommand::Identify(a) => match a.engine {
            Engine::Sots => sots::identify(a, out),
            Engine::Laige => laige::identify(a, out),
            Engine::Westwood => westwood::identify(a, out),
        },
        StateCommand::Diff(a) => match a.engine {
            Engine::Sots => sots::diff(a, out),
            Engine::Laige => laige::diff(a, out),
            Engine::Westwood => westwood::diff(a, out),
        },
    }
}

/// A seed that must fit the engine's seed width.
pub fn seed_u32(seed: u64, engine: &str) -> Result<u32, Failure> {
    u32::try_from(seed).map_err(|_| {
        Failure::usage(format!(
            "--seed {seed} does not fit {engine}'s 32-bit seeds (0..=4294967295)"
        ))
    })
}

/// Options that only some engines take: an error naming the option and the
/// engines it is for.
pub fn reject_option(present: bool, option: &str, engine: &str, owner: &str) -> Outcome {
    if present {
        Err(Failure::usage(format!(
            "{option} does not apply to {engine} (it is for {owner})"
        )))
    } else {
        Ok(())
    }
}

/// Write the 'wrote FILE' note after a successful save.
pub fn write_state_file(
    path: &std::path::Path,
    bytes: &[u8],
    what: std::fmt::Arguments<'_>,
) -> Outcome {
    std::fs::write(path, bytes)
        .map_err(|e| Failure::usage(format!("cannot write '{}': {e}", path.display())))?;
    eprintln!("wrote {} ({} bytes): {what}", path.display(), bytes.len());
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
