//! `generals`: C&C Generals / Zero Hour `GameLogicRandom` (SPEC 11), and its
//! 24-byte state files.

use super::drive::{Counting, Drive};
use super::write_state_file;
use super::{check_bound, check_work, not_identified, write_identified, write_report};
use crate::cli::SaveCommon;
use crate::out::Value;
use crate::{num, Failure, Outcome};
use bitexact::generals::{self, GameRandom};
use std::io::Write;
use std::path::Path;

/// A Generals tap.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Tap {
    /// The raw draw.
    Raw,
    /// `GetGameLogicRandomValue(lo, hi)`
    Value(i32, i32),
    /// `GetGameLogicRandomValueReal(lo, hi)`
    Real(f32, f32),
}

/// The most draws `identify` walks back (about 5 s).
pub const MAX_IDENTIFY_DRAWS: u64 = 1_000_000_000;

impl Drive for Counting<GameRandom> {
    type Tap = Tap;
    const ENTRY_POINTS: &'static [&'static str] = &["raw", "value", "real"];
    const TAPS: &'static str = "raw, value:LO,HI, real:LO,HI";
    const CALLS: &'static str = "raw, value LO HI, real LO HI";

    fn parse_tap(s: &str) -> Result<Tap, String> {
        match s.split_once(':') {
            None if s == "raw" => Ok(Tap::Raw),
            None if s == "value" || s == "real" => {
                Err(format!("tap {s} needs its bounds: {s}:LO,HI"))
            }
            Some(("value", arg)) => {
                let (lo, hi) = num::parse_tap_pair(s, arg, "value:LO,HI", num::parse_i32)?;
                Ok(Tap::Value(lo, hi))
            }
            Some(("real", arg)) => {
                let (lo, hi) = num::parse_tap_pair(s, arg, "real:LO,HI", num::parse_f32)?;
                Ok(Tap::Real(lo, hi))
            }
            Some(("raw", _)) => Err(format!("--tap '{s}': this tap takes no argument")),
            _ => Err(format!(
                "unknown tap '{s}' for generals (expected one of {})",
                Self::TAPS
            )),
        }
    }
    fn entry(tap: Tap) -> &'static str {
        match tap {
            Tap::Raw => "raw",
            Tap::Value(..) => "value",
            Tap::Real(..) => "real",
        }
    }
    fn call(&mut self, tap: Tap) -> Value {
        let before = self.g;
        let v = match tap {
            Tap::Raw => Value::U32(self.g.next_u32()),
            Tap::Value(lo, hi) => Value::I32(self.g.value(lo, hi)),
            Tap::Real(lo, hi) => Value::F32(self.g.real(lo, hi)),
        };
        // The no-draw edges leave the state as it was.
        if self.g != before {
            self.draws += 1;
        }
        v
    }
    fn position(&self) -> u64 {
        self.draws
    }
    fn fixed_draws(tap: Tap) -> Option<u64> {
        Some(match tap {
            Tap::Raw => 1,
            Tap::Value(lo, hi) => u64::from(hi.wrapping_sub(lo).wrapping_add(1) != 0),
            // The game's own test, `delta <= 0` (NaN draws): kept as written.
            #[allow(clippy::neg_cmp_op_on_partial_ord)]
            Tap::Real(lo, hi) => u64::from(!(hi - lo <= 0.0)),
        })
    }
    fn discard(&mut self, draws: u64) {
        self.g.discard(draws);
        self.draws += draws;
    }
}

pub fn save(seed: u32, args: &SaveCommon) -> Outcome {
    check_work(args.skip_words, "--skip-words")?;
    let mut g = GameRandom::new(seed);
    g.discard(args.skip_words);
    write_state_file(
        &args.output,
        &generals::encode_state(&g),
        format_args!("generals seed {seed}, {} draws", args.skip_words),
    )
}

pub(super) fn load(path: &Path) -> Result<GameRandom, Failure> {
    super::read_state(path, generals::STATE_LEN, generals::decode_state)
}

pub fn identify(file: &Path, max_draws: u64, json: bool, out: &mut impl Write) -> Outcome {
    check_bound(max_draws, "--max-draws", MAX_IDENTIFY_DRAWS)?;
    let g = load(file)?;
    match generals::identify(g.state(), max_draws) {
        Ok(id) => write_identified(
            out,
            json,
            &[("seed", id.seed.into()), ("words_drawn", id.draws)],
        ),
        Err(e) => {
            let msg = format!("'{}': {e} (--max-draws raises the bound)", file.display());
            not_identified(out, json, msg, &[("max_draws", max_draws.into())])
        }
    }
}

pub fn diff(
    file_a: &Path,
    file_b: &Path,
    max_draws: u64,
    json: bool,
    out: &mut impl Write,
) -> Outcome {
    check_bound(max_draws, "--max-draws", MAX_IDENTIFY_DRAWS)?;
    let (a, b) = (load(file_a)?, load(file_b)?);
    match generals::draws_between(&a, &b, max_draws) {
        Ok(n) => write_report(out, json, &[("words_between", n)]),
        Err(Some(n)) => Err(Failure::Different(format!(
            "B is not after A: B comes {n} draws before A"
        ))),
        Err(None) => Err(Failure::Different(format!(
            "the states are not the same stream within {max_draws} draws of each other"
        ))),
    }
}
