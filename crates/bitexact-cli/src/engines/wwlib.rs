//! `westwood --class random|random2|random3|random4`: every WWLib class
//! through one set of taps (SPEC 11), and Random4Class's state files.

use super::drive::{Counting, Drive};
use super::{check_bound, check_work, not_identified, write_identified, write_report};
use super::{write_state_file, MAX_SOTS_TWISTS};
use crate::cli::SaveCommon;
use crate::out::Value;
use crate::{num, Failure, Outcome};
use bitexact::westwood::{random4, Pick, Random2, Random3, Random4, RandomLcg, Raw};
use std::io::Write;
use std::path::Path;

/// A WWLib tap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tap {
    Raw,
    Ranged(i32, i32),
    Double,
    /// `Get_Float` (Random4Class only).
    Float,
}

/// A WWLib class as the CLI drives it.
pub trait Class: Raw + Sized {
    /// Whether it has `Get_Float`.
    const HAS_FLOAT: bool = false;
    /// Raw draws since construction.
    fn drawn(&self) -> u64;
    /// Spend raw draws fast.
    fn skip_draws(&mut self, n: u64);
    /// `Get_Float` (only called when [`HAS_FLOAT`](Self::HAS_FLOAT)).
    fn float(&mut self) -> f32 {
        0.0
    }
}

impl Class for Random2 {
    fn drawn(&self) -> u64 {
        self.position()
    }
    fn skip_draws(&mut self, n: u64) {
        self.discard(n);
    }
}

impl Class for Random4 {
    const HAS_FLOAT: bool = true;
    fn drawn(&self) -> u64 {
        self.position()
    }
    fn skip_draws(&mut self, n: u64) {
        self.discard(n);
    }
    fn float(&mut self) -> f32 {
        self.get_float()
    }
}

impl Class for Counting<RandomLcg> {
    fn drawn(&self) -> u64 {
        self.draws
    }
    fn skip_draws(&mut self, n: u64) {
        self.g.discard(n);
        self.draws += n;
    }
}

impl Class for Counting<Random3> {
    fn drawn(&self) -> u64 {
        self.draws
    }
    fn skip_draws(&mut self, n: u64) {
        self.g.discard(n);
        self.draws += n;
    }
}

/// A class driven through the taps.
pub struct Ww<G>(pub G);

/// Parse a WWLib `--tap`; `float` only where the class has it.
pub fn parse_tap(s: &str, has_float: bool) -> Result<Tap, String> {
    let taps = if has_float {
        "raw, ranged:MIN,MAX, double, float"
    } else {
        "raw, ranged:MIN,MAX, double"
    };
    match s.split_once(':') {
        None if s == "raw" => Ok(Tap::Raw),
        None if s == "double" => Ok(Tap::Double),
        None if s == "float" && has_float => Ok(Tap::Float),
        None if s == "float" => {
            Err("tap float is Random4Class's Get_Float: use --class random4".into())
        }
        None if s == "ranged" => Err("tap ranged needs its bounds: ranged:MIN,MAX".into()),
        Some(("ranged", arg)) => {
            let (min, max) = num::parse_tap_pair(s, arg, "ranged:MIN,MAX", num::parse_i32)?;
            bitexact::westwood::check_range(min, max).map_err(|e| format!("--tap '{s}': {e}"))?;
            Ok(Tap::Ranged(min, max))
        }
        Some(("raw" | "double" | "float", _)) => {
            Err(format!("--tap '{s}': this tap takes no argument"))
        }
        _ => Err(format!(
            "unknown tap '{s}' for westwood (expected one of {taps})"
        )),
    }
}

impl<G: Class> Drive for Ww<G> {
    type Tap = Tap;
    const ENTRY_POINTS: &'static [&'static str] = &["raw", "ranged", "double", "float"];
    const TAPS: &'static str = "raw, ranged:MIN,MAX, double (float: Random4Class)";
    const CALLS: &'static str = "raw, ranged MIN MAX, double (float: Random4Class)";

    fn parse_tap(s: &str) -> Result<Tap, String> {
        parse_tap(s, G::HAS_FLOAT)
    }
    fn entry(tap: Tap) -> &'static str {
        match tap {
            Tap::Raw => "raw",
            Tap::Ranged(..) => "ranged",
            Tap::Double => "double",
            Tap::Float => "float",
        }
    }
    fn call(&mut self, tap: Tap) -> Value {
        match tap {
            Tap::Raw => Value::I32(self.0.raw()),
            // The range was checked when the tap was parsed.
            Tap::Ranged(min, max) => {
                Value::I32(Pick::<G>::new(min, max).map_or(min, |p| p.draw(&mut self.0)))
            }
            Tap::Double => Value::F64(bitexact::westwood::ranged::double(&mut self.0)),
            Tap::Float => Value::F32(self.0.float()),
        }
    }
    fn position(&self) -> u64 {
        self.0.drawn()
    }
    fn fixed_draws(tap: Tap) -> Option<u64> {
        match tap {
            Tap::Raw | Tap::Float => Some(1),
            Tap::Ranged(..) | Tap::Double => None,
        }
    }
    fn discard(&mut self, draws: u64) {
        self.0.skip_draws(draws);
    }
}

/// `$body` with `$g` bound to `Ww(class(seed))` for the class asked for.
macro_rules! with_class {
    ($class:expr, $seed:expr, |$g:ident| $body:expr) => {
        match $class {
            $crate::cli::WwClass::Random => {
                let $g = $crate::engines::wwlib::Ww($crate::engines::drive::Counting::new(
                    bitexact::westwood::RandomLcg::new($seed),
                ));
                $body
            }
            $crate::cli::WwClass::Random2 => {
                let $g = $crate::engines::wwlib::Ww(bitexact::westwood::Random2::new($seed));
                $body
            }
            $crate::cli::WwClass::Random3 => {
                let $g = $crate::engines::wwlib::Ww($crate::engines::drive::Counting::new(
                    bitexact::westwood::Random3::new($seed),
                ));
                $body
            }
            $crate::cli::WwClass::Random4 => {
                let $g = $crate::engines::wwlib::Ww(bitexact::westwood::Random4::new($seed));
                $body
            }
        }
    };
}
pub(crate) use with_class;

/// The most twists `identify --class random4` walks back.
const MAX_TWISTS: u64 = MAX_SOTS_TWISTS;

pub fn save_random4(seed: u32, args: &SaveCommon) -> Outcome {
    check_work(args.skip_words, "--skip-words")?;
    let mut r = Random4::new(seed);
    r.discard(args.skip_words);
    write_state_file(
        &args.output,
        &random4::encode_state(&r),
        format_args!(
            "Random4Class seed {seed}, {} draws, mti {}",
            args.skip_words,
            r.mti()
        ),
    )
}

pub(super) fn load_random4(path: &Path) -> Result<Random4, Failure> {
    super::read_state(path, random4::STATE_LEN, random4::decode_state)
}

pub fn identify_random4(file: &Path, max_twists: u64, json: bool, out: &mut impl Write) -> Outcome {
    check_bound(max_twists, "--max-twists", MAX_TWISTS)?;
    let r = load_random4(file)?;
    match random4::identify(&r, max_twists) {
        Ok(id) => write_identified(
            out,
            json,
            &[
                ("seed", id.seed.into()),
                ("words_drawn", id.draws),
                ("mti", r.mti().into()),
            ],
        ),
        Err(e) => {
            let msg = format!("'{}': {e} (--max-twists raises the bound)", file.display());
            not_identified(out, json, msg, &[("max_twists", max_twists.into())])
        }
    }
}

pub fn diff_random4(
    file_a: &Path,
    file_b: &Path,
    max_twists: u64,
    json: bool,
    out: &mut impl Write,
) -> Outcome {
    check_bound(max_twists, "--max-twists", MAX_TWISTS)?;
    let (a, b) = (load_random4(file_a)?, load_random4(file_b)?);
    let words = bitexact::sots::words_between(a.mt(), b.mt(), max_twists)
        .map_err(|e| Failure::Different(e.to_string()))?;
    write_report(out, json, &[("words_between", words)])
}
