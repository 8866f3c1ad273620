//! `openra`: OpenRA's `MersenneTwister` (SPEC 11).

use super::drive::Drive;
use crate::num;
use crate::out::Value;
use bitexact::openra::MersenneTwister;

/// An OpenRA tap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tap {
    /// `Next()`
    Next,
    /// `Next(low, high)`
    Range(i32, i32),
    /// `NextFloat()`
    Float,
}

/// An OpenRA seed: an `int`, written as OpenRA writes it (negative) or as its
/// 32-bit pattern: `-2147483648..=4294967295`.
pub fn parse_seed(s: &str) -> Result<i32, String> {
    if s.starts_with('-') {
        return num::parse_i32(s);
    }
    num::parse_u32(s)
        .map(|v| v as i32)
        .map_err(|e| format!("{e} (an OpenRA seed is -2147483648..=4294967295)"))
}

impl Drive for MersenneTwister {
    type Tap = Tap;
    const ENTRY_POINTS: &'static [&'static str] = &["next", "range", "float"];
    const TAPS: &'static str = "next, range:LO,HI, float";
    const CALLS: &'static str = "next, range LO HI, float";

    fn parse_tap(s: &str) -> Result<Tap, String> {
        match s.split_once(':') {
            None if s == "next" => Ok(Tap::Next),
            None if s == "float" => Ok(Tap::Float),
            None if s == "range" => Err("tap range needs its bounds: range:LO,HI".into()),
            Some(("range", arg)) => {
                let (lo, hi) = num::parse_tap_pair(s, arg, "range:LO,HI", num::parse_i32)?;
                if hi < lo {
                    return Err(format!(
                        "--tap '{s}': the upper bound is below the lower one (OpenRA throws)"
                    ));
                }
                Ok(Tap::Range(lo, hi))
            }
            Some(("next" | "float", _)) => Err(format!("--tap '{s}': this tap takes no argument")),
            _ => Err(format!(
                "unknown tap '{s}' for openra (expected one of {})",
                Self::TAPS
            )),
        }
    }
    fn entry(tap: Tap) -> &'static str {
        match tap {
            Tap::Next => "next",
            Tap::Range(..) => "range",
            Tap::Float => "float",
        }
    }
    fn call(&mut self, tap: Tap) -> Value {
        match tap {
            Tap::Next => Value::I32(self.next()),
            // Checked when parsed: high >= low.
            Tap::Range(lo, hi) => Value::I32(self.next_range(lo, hi).unwrap_or(lo)),
            Tap::Float => Value::F32(self.next_float()),
        }
    }
    fn position(&self) -> u64 {
        self.total_count()
    }
    fn fixed_draws(tap: Tap) -> Option<u64> {
        Some(match tap {
            Tap::Next | Tap::Float => 1,
            Tap::Range(lo, hi) => u64::from(hi.wrapping_sub(lo) > 1),
        })
    }
    fn discard(&mut self, draws: u64) {
        MersenneTwister::discard(self, draws);
    }
}
