//! `sots`: the Mars MT19937 (SPEC 2).
//!
//! Taps and ledger-script lines name the same calls (`int:6` / `int 6`):
//! [`parse_call`] reads both into a `bitexact::ledger::Call`.

use super::{
    check_bound, check_work, not_identified, write_identified, write_report, write_state_file,
    MAX_SOTS_TWISTS,
};
use crate::cli::{SaveCommon, SotsStream};
use crate::num;
use crate::out::{write_value, Value};
use crate::{Failure, Outcome};
use bitexact::ledger::{Call, Drawn, Ledger};
use bitexact::sots::{self, Rng};
use std::io::Write;
use std::path::Path;

const TAPS: &str = "u32, unit, float, int:N, chance:P, frange:LO,HI, bell:LO,HI";

/// A Mars call from its name and arguments: `int` + `["6"]`, `bell` +
/// `["-3", "3"]`, `tnormal-attempts` + `["2"]`, …
pub fn parse_call(name: &str, args: &[&str]) -> Result<Call, String> {
    let arity = |n: usize, form: &str| {
        if args.len() == n {
            Ok(())
        } else {
            Err(format!(
                "{name} takes {n} argument{}: {form}",
                if n == 1 { "" } else { "s" }
            ))
        }
    };
    Ok(match name {
        "u32" => arity(0, "u32").map(|_| Call::U32)?,
        "unit" => arity(0, "unit").map(|_| Call::Unit)?,
        "float" => arity(0, "float").map(|_| Call::Float)?,
        "int" => {
            arity(1, "int N")?;
            Call::IntInclusive(num::parse_u32(args[0])?)
        }
        "chance" => {
            arity(1, "chance P")?;
            Call::Chance(num::parse_f32(args[0])?)
        }
        "frange" => {
            arity(2, "frange LO HI")?;
            Call::FloatRange(num::parse_f32(args[0])?, num::parse_f32(args[1])?)
        }
        "bell" => {
            arity(2, "bell LO HI")?;
            Call::IntRangeBell(num::parse_i32(args[0])?, num::parse_i32(args[1])?)
        }
        "tnormal-attempts" => {
            arity(1, "tnormal-attempts K")?;
            let k = num::parse_u32(args[0])?;
            Call::TruncatedNormal(k.try_into().map_err(|_| {
                "tnormal-attempts needs K >= 1: every call makes at least one attempt"
            })?)
        }
        _ => return Err(format!("unknown call '{name}'")),
    })
}

/// A `--tap`: `NAME` or `NAME:ARG[,ARG]`.
/// A `--tap` argument, or a one-line message naming what is wrong.
pub fn parse_tap(s: &str) -> Result<Call, String> {
    let (name, args): (&str, Vec<&str>) = match s.split_once(':') {
        Some((n, a)) => (n, a.split(',').collect()),
        None => (s, Vec::new()),
    };
    if name == "tnormal-attempts" {
        return Err(format!(
            "--tap '{s}': the truncated normal is not modelled; it is a ledger call only"
        ));
    }
    parse_call(name, &args).map_err(|e| {
        if e.starts_with("unknown call") {
            format!("unknown tap '{s}' for sots (expected one of {TAPS})")
        } else {
            format!(
                "--tap '{s}': {}",
                e.replace(" N", ":N")
                    .replace(" LO HI", ":LO,HI")
                    .replace(" P", ":P")
            )
        }
    })
}

fn value(drawn: Drawn) -> Value {
    match drawn {
        Drawn::U32(v) => Value::U32(v),
        Drawn::I32(v) => Value::I32(v),
        Drawn::F32(v) => Value::F32(v),
        Drawn::F64(v) => Value::F64(v),
        Drawn::Bool(v) => Value::Bool(v),
        Drawn::Unmodelled => Value::Bool(false), // not a tap (rejected by parse_tap)
    }
}

pub fn stream(args: &SotsStream, out: &mut impl Write) -> Outcome {
    let call = parse_tap(args.common.tap.as_deref().unwrap_or("u32")).map_err(Failure::Usage)?;
    let skip = args.common.skip;
    let mut ledger = Ledger::new(Rng::with_precision(args.seed, args.precision.into()));
    super::skip_calls(
        &mut ledger,
        skip,
        call.fixed_words(),
        |l, words| l.discard_unrecorded(words),
        |l| {
            l.apply(call);
        },
    )?;
    for k in 0..args.common.count {
        let (drawn, words) = ledger.apply(call);
        write_value(
            out,
            args.common.format,
            args.common.skip + k,
            value(drawn),
            words,
        )?;
    }
    Ok(())
}

pub fn save(seed: u32, args: &SaveCommon) -> Outcome {
    check_work(args.skip_words, "--skip-words")?;
    let mut rng = Rng::new(seed);
    rng.discard(args.skip_words);
    write_state_file(
        &args.output,
        &rng.save_state(),
        format_args!(
            "sots seed {seed}, {} words drawn, left {}",
            args.skip_words,
            rng.left()
        ),
    )
}

pub(super) fn load(path: &Path) -> Result<bitexact::mt19937::Mt19937, Failure> {
    super::read_state(path, sots::ITEM_LEN_PADDED, sots::decode_item)
}

pub fn identify(file: &Path, max_twists: u64, json: bool, out: &mut impl Write) -> Outcome {
    check_bound(max_twists, "--max-twists", MAX_SOTS_TWISTS)?;
    let mt = load(file)?;
    let id = match sots::identify(&mt, max_twists) {
        Ok(id) => id,
        Err(e) => {
            let msg = format!("'{}': {e} (--max-twists raises the bound)", file.display());
            return not_identified(out, json, msg, &[("max_twists", max_twists.into())]);
        }
    };
    write_identified(
        out,
        json,
        &[
            ("seed", id.seed.into()),
            ("twists", id.twists),
            ("left", id.left.into()),
            ("words_drawn", id.words_drawn),
        ],
    )
}

pub fn diff(
    file_a: &Path,
    file_b: &Path,
    max_twists: u64,
    json: bool,
    out: &mut impl Write,
) -> Outcome {
    check_bound(max_twists, "--max-twists", MAX_SOTS_TWISTS)?;
    let (a, b) = (load(file_a)?, load(file_b)?);
    let words =
        sots::words_between(&a, &b, max_twists).map_err(|e| Failure::Different(e.to_string()))?;
    write_report(out, json, &[("words_between", words)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn taps_parse() {
        assert_eq!(parse_tap("u32"), Ok(Call::U32));
        assert_eq!(parse_tap("int:6"), Ok(Call::IntInclusive(6)));
        assert_eq!(parse_tap("chance:0.25"), Ok(Call::Chance(0.25)));
        assert_eq!(parse_tap("frange:-1,1"), Ok(Call::FloatRange(-1.0, 1.0)));
        assert_eq!(parse_tap("bell:-5,0x10"), Ok(Call::IntRangeBell(-5, 16)));
        assert!(parse_tap("int").unwrap_err().contains("int:N"));
        assert!(parse_tap("int:").unwrap_err().starts_with("--tap 'int:'"));
        assert!(parse_tap("bell:1").unwrap_err().contains("LO,HI"));
        assert!(parse_tap("bell:1,")
            .unwrap_err()
            .starts_with("--tap 'bell:1,'"));
        assert!(parse_tap("dice").unwrap_err().contains("unknown tap"));
        assert!(parse_tap("u32:3").is_err());
        assert!(parse_tap("tnormal-attempts:2")
            .unwrap_err()
            .contains("ledger call only"));
    }

    #[test]
    fn calls_parse() {
        assert_eq!(parse_call("int", &["6"]), Ok(Call::IntInclusive(6)));
        assert!(parse_call("int", &[]).unwrap_err().contains("int N"));
        assert!(parse_call("tnormal-attempts", &["0"])
            .unwrap_err()
            .contains("K >= 1"));
        assert!(parse_call("tnormal-attempts", &["4294967296"]).is_err());
    }
}
