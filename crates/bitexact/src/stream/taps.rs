//! Every engine's taps by name (SPEC 6, 11): `--tap` text (`ranged:1,6`)
//! and ledger-script words (`ranged 1 6`) name the same calls. Errors are
//! the one-line messages the CLI prints.

use super::num::{self, parse_tap_pair};
use crate::ledger::Call;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

/// A laige tap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LaigeTap {
    /// `next_u64()`
    U64,
    /// `next_range(min, max)`: half-open `[min, max)`
    Range(u32, u32),
    /// `next_float01()`
    Float01,
}

/// A WWLib tap (every class; `Float` is Random4Class's `Get_Float`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WwTap {
    /// The raw draw (`operator()`), as `i32`
    Raw,
    /// `ranged(min, max)` inclusive (`Pick_Random_Number`)
    Ranged(i32, i32),
    /// `ranged(1, 2147483647) / 2^31`
    Double,
    /// `Get_Float()` (Random4Class)
    Float,
}

/// An OpenRA tap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpenraTap {
    /// `Next()`
    Next,
    /// `Next(low, high)` (`high >= low`)
    Range(i32, i32),
    /// `NextFloat()`
    Float,
}

/// A Generals tap.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum GeneralsTap {
    /// The raw draw
    Raw,
    /// `GetGameLogicRandomValue(lo, hi)`
    Value(i32, i32),
    /// `GetGameLogicRandomValueReal(lo, hi)`
    Real(f32, f32),
}

/// The `--tap` names of sots, for messages.
pub const SOTS_TAPS: &str = "u32, unit, float, int:N, chance:P, frange:LO,HI, bell:LO,HI";
/// The `--tap` names of laige.
pub const LAIGE_TAPS: &str = "u64, range:MIN,MAX, float01";
/// The `--tap` names of OpenRA.
pub const OPENRA_TAPS: &str = "next, range:LO,HI, float";
/// The `--tap` names of Generals.
pub const GENERALS_TAPS: &str = "raw, value:LO,HI, real:LO,HI";

/// `name:ARG[,ARG]` split into the name and its arguments.
fn split(s: &str) -> (&str, Vec<&str>) {
    match s.split_once(':') {
        Some((n, a)) => (n, a.split(',').collect()),
        None => (s, Vec::new()),
    }
}

/// A Mars call from its name and arguments: `int` + `["6"]`, `bell` +
/// `["-3", "3"]`, `tnormal-attempts` + `["2"]`, … (the ledger's words).
pub fn sots_call(name: &str, args: &[&str]) -> Result<Call, String> {
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

/// A sots `--tap`: `NAME` or `NAME:ARG[,ARG]`.
pub fn sots_tap(s: &str) -> Result<Call, String> {
    let (name, args) = split(s);
    if name == "tnormal-attempts" {
        return Err(format!(
            "--tap '{s}': the truncated normal is not modelled; it is a ledger call only"
        ));
    }
    sots_call(name, &args).map_err(|e| {
        if e.starts_with("unknown call") {
            format!("unknown tap '{s}' for sots (expected one of {SOTS_TAPS})")
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

fn no_argument(s: &str) -> String {
    format!("--tap '{s}': this tap takes no argument")
}

/// A laige `--tap`.
pub fn laige_tap(s: &str) -> Result<LaigeTap, String> {
    match s.split_once(':') {
        None if s == "u64" => Ok(LaigeTap::U64),
        None if s == "float01" => Ok(LaigeTap::Float01),
        None if s == "range" => Err("tap range needs its bounds: range:MIN,MAX".into()),
        Some(("range", arg)) => {
            let (min, max) = parse_tap_pair(s, arg, "range:MIN,MAX", num::parse_u32)?;
            if min >= max {
                return Err(format!(
                    "range:{min},{max} is empty: MIN must be below MAX (the range is [MIN, MAX))"
                ));
            }
            Ok(LaigeTap::Range(min, max))
        }
        Some(("u64" | "float01", _)) => Err(format!(
            "tap {} takes no argument",
            s.split(':').next().unwrap_or(s)
        )),
        _ => Err(format!(
            "unknown tap '{s}' for laige (expected one of {LAIGE_TAPS})"
        )),
    }
}

/// A WWLib `--tap`; `float` only where the class has it (Random4Class).
pub fn ww_tap(s: &str, has_float: bool) -> Result<WwTap, String> {
    let taps = if has_float {
        "raw, ranged:MIN,MAX, double, float"
    } else {
        "raw, ranged:MIN,MAX, double"
    };
    match s.split_once(':') {
        None if s == "raw" => Ok(WwTap::Raw),
        None if s == "double" => Ok(WwTap::Double),
        None if s == "float" && has_float => Ok(WwTap::Float),
        None if s == "float" => {
            Err("tap float is Random4Class's Get_Float: use --class random4".into())
        }
        None if s == "ranged" => Err("tap ranged needs its bounds: ranged:MIN,MAX".into()),
        Some(("ranged", arg)) => {
            let (min, max) = parse_tap_pair(s, arg, "ranged:MIN,MAX", num::parse_i32)?;
            crate::westwood::check_range(min, max).map_err(|e| format!("--tap '{s}': {e}"))?;
            Ok(WwTap::Ranged(min, max))
        }
        Some(("raw" | "double" | "float", _)) => Err(no_argument(s)),
        _ => Err(format!(
            "unknown tap '{s}' for westwood (expected one of {taps})"
        )),
    }
}

/// An OpenRA `--tap`.
pub fn openra_tap(s: &str) -> Result<OpenraTap, String> {
    match s.split_once(':') {
        None if s == "next" => Ok(OpenraTap::Next),
        None if s == "float" => Ok(OpenraTap::Float),
        None if s == "range" => Err("tap range needs its bounds: range:LO,HI".into()),
        Some(("range", arg)) => {
            let (lo, hi) = parse_tap_pair(s, arg, "range:LO,HI", num::parse_i32)?;
            if hi < lo {
                return Err(format!(
                    "--tap '{s}': the upper bound is below the lower one (OpenRA throws)"
                ));
            }
            Ok(OpenraTap::Range(lo, hi))
        }
        Some(("next" | "float", _)) => Err(no_argument(s)),
        _ => Err(format!(
            "unknown tap '{s}' for openra (expected one of {OPENRA_TAPS})"
        )),
    }
}

/// A Generals `--tap`.
pub fn generals_tap(s: &str) -> Result<GeneralsTap, String> {
    match s.split_once(':') {
        None if s == "raw" => Ok(GeneralsTap::Raw),
        None if s == "value" || s == "real" => Err(format!("tap {s} needs its bounds: {s}:LO,HI")),
        Some(("value", arg)) => {
            let (lo, hi) = parse_tap_pair(s, arg, "value:LO,HI", num::parse_i32)?;
            Ok(GeneralsTap::Value(lo, hi))
        }
        Some(("real", arg)) => {
            let (lo, hi) = parse_tap_pair(s, arg, "real:LO,HI", num::parse_f32)?;
            Ok(GeneralsTap::Real(lo, hi))
        }
        Some(("raw", _)) => Err(no_argument(s)),
        _ => Err(format!(
            "unknown tap '{s}' for generals (expected one of {GENERALS_TAPS})"
        )),
    }
}
