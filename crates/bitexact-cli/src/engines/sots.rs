//! `sots`: the Mars MT19937 (SPEC 2).

use super::{reject_option, seed_u32, write_report, write_state_file};
use crate::cli::{DiffArgs, IdentifyArgs, SaveArgs, StreamArgs};
use crate::num;
use crate::out::{write_value, Value};
use crate::{read_file, Failure, Outcome};
use bitexact::sots::{self, Rng};
use std::io::Write;

const TAPS: &str = "u32, unit, float, int:N, chance:P, frange:LO,HI, bell:LO,HI";

/// One of the Mars entry points, with its arguments.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Tap {
    U32,
    Unit,
    Float,
    Int(u32),
    Chance(f32),
    FRange(f32, f32),
    Bell(i32, i32),
}

fn pair<T>(arg: &str, tap: &str, parse: fn(&str) -> Result<T, String>) -> Result<(T, T), String> {
    let (a, b) = arg
        .split_once(',')
        .ok_or_else(|| format!("tap {tap} takes two numbers: {tap}:LO,HI"))?;
    Ok((parse(a)?, parse(b)?))
}

fn parse_tap(s: &str) -> Result<Tap, String> {
    let (name, arg) = match s.split_once(':') {
        Some((n, a)) => (n, Some(a)),
        None => (s, None),
    };
    let need = |form: &str| format!("tap {name} needs an argument: {form}");
    let tap = match (name, arg) {
        ("u32", None) => Tap::U32,
        ("unit", None) => Tap::Unit,
        ("float", None) => Tap::Float,
        ("int", Some(a)) => Tap::Int(num::parse_u32(a)?),
        ("int", None) => return Err(need("int:N")),
        ("chance", Some(a)) => Tap::Chance(num::parse_f32(a)?),
        ("chance", None) => return Err(need("chance:P")),
        ("frange", Some(a)) => {
            let (lo, hi) = pair(a, "frange", num::parse_f32)?;
            Tap::FRange(lo, hi)
        }
        ("frange", None) => return Err(need("frange:LO,HI")),
        ("bell", Some(a)) => {
            let (lo, hi) = pair(a, "bell", num::parse_i32)?;
            Tap::Bell(lo, hi)
        }
        ("bell", None) => return Err(need("bell:LO,HI")),
        ("u32" | "unit" | "float", Some(_)) => return Err(format!("tap {name} takes no argument")),
        _ => {
            return Err(format!(
                "unknown tap '{s}' for sots (expected one of {TAPS})"
            ))
        }
    };
    Ok(tap)
}

fn call(rng: &mut Rng, tap: Tap) -> Value {
    match tap {
        Tap::U32 => Value::U32(rng.next_u32()),
        Tap::Unit => Value::F64(rng.next_unit()),
        Tap::Float => Value::F32(rng.next_float()),
        Tap::Int(n) => Value::U32(rng.next_int_inclusive(n)),
        Tap::Chance(p) => Value::Bool(rng.chance(p)),
        Tap::FRange(lo, hi) => Value::F32(rng.float_range(lo, hi)),
        Tap::Bell(lo, hi) => Value::I32(rng.int_range_bell(lo, hi)),
    }
}

pub fn stream(args: &StreamArgs, out: &mut impl Write) -> Outcome {
    reject_option(args.substream.is_some(), "--substream", "sots", "laige")?;
    let tap = parse_tap(args.tap.as_deref().unwrap_or("u32")).map_err(Failure::Usage)?;
    let seed = seed_u32(args.seed, "sots")?;
    let precision = args.precision.map_or(sots::Precision::Pc53, Into::into);
    let mut rng = Rng::with_precision(seed, precision);
    for _ in 0..args.skip {
        call(&mut rng, tap);
    }
    for k in 0..args.count {
        let before = rng.position();
        let value = call(&mut rng, tap);
        write_value(
            out,
            args.format,
            args.skip + k,
            value,
            rng.position() - before,
        )?;
    }
    Ok(())
}

pub fn save(args: &SaveArgs) -> Outcome {
    reject_option(args.layout.is_some(), "--layout", "sots", "westwood")?;
    let mut rng = Rng::new(seed_u32(args.seed, "sots")?);
    rng.discard(args.skip_words);
    write_state_file(
        &args.output,
        &rng.save_state(),
        format_args!(
            "sots seed {}, {} words drawn, left {}",
            args.seed,
            args.skip_words,
            rng.left()
        ),
    )
}

fn load(path: &std::path::Path) -> Result<bitexact::mt19937::Mt19937, Failure> {
    let bytes = read_file(path)?;
    sots::decode_item(&bytes).map_err(|e| Failure::usage(format!("'{}': {e}", path.display())))
}

pub fn identify(args: &IdentifyArgs, out: &mut impl Write) -> Outcome {
    reject_option(args.layout.is_some(), "--layout", "sots", "westwood")?;
    reject_option(args.max_draws.is_some(), "--max-draws", "sots", "laige")?;
    reject_option(args.master.is_some(), "--master", "sots", "laige")?;
    let mt = load(&args.file)?;
    let id = sots::identify(&mt, args.max_twists.unwrap_or(sots::DEFAULT_MAX_TWISTS))
        .map_err(|e| Failure::Different(format!("'{}': {e}", args.file.display())))?;
    write_report(
        out,
        args.json,
        &[
            ("seed", id.seed.into()),
            ("twists", id.twists),
            ("left", id.left.into()),
            ("words_drawn", id.words_drawn),
        ],
    )
}

pub fn diff(args: &DiffArgs, out: &mut impl Write) -> Outcome {
    reject_option(args.layout.is_some(), "--layout", "sots", "westwood")?;
    reject_option(args.max_draws.is_some(), "--max-draws", "sots", "laige")?;
    let (a, b) = (load(&args.file_a)?, load(&args.file_b)?);
    let words = sots::words_between(&a, &b, args.max_twists.unwrap_or(sots::DEFAULT_MAX_TWISTS))
        .map_err(|e| Failure::Different(e.to_string()))?;
    write_report(out, args.json, &[("words_between", words)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn taps_parse() {
        assert_eq!(parse_tap("u32"), Ok(Tap::U32));
        assert_eq!(parse_tap("int:6"), Ok(Tap::Int(6)));
        assert_eq!(parse_tap("chance:0.25"), Ok(Tap::Chance(0.25)));
        assert_eq!(parse_tap("frange:-1,1"), Ok(Tap::FRange(-1.0, 1.0)));
        assert_eq!(parse_tap("bell:-5,0x10"), Ok(Tap::Bell(-5, 16)));
        assert!(parse_tap("int").unwrap_err().contains("int:N"));
        assert!(parse_tap("bell:1").unwrap_err().contains("LO,HI"));
        assert!(parse_tap("dice").unwrap_err().contains("unknown tap"));
        assert!(parse_tap("u32:3").is_err());
    }
}
