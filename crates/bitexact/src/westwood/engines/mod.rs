//! Westwood's WWLib classes in the engine contract ([`crate::engine`]): one
//! family, `westwood`, of four generators sharing one tap vocabulary (`raw`,
//! `ranged:MIN,MAX`, `double`, and `float` for Random4Class).
//!
//! `Random2Class` (the default class, `random2_class.rs`) has TS and RA2
//! state files and identifies by searching seeds
//! ([`Identified::Search`](crate::engine::Identified::Search));
//! `Random4Class` (`random4_class.rs`) has 2500-byte states and walks back;
//! `RandomClass` and `Random3Class` (here) have no state files.

use super::ranged::{double, Pick, Raw};
use super::{Random3, RandomLcg};
use crate::engine::tap::{parse_i32, Args};
#[cfg(feature = "alloc")]
use crate::engine::Recovered;
use crate::engine::{Engine, Info, Options, RecoverInfo, TapError, TapSpec, Value};

/// A WWLib tap (every class; `Float` is Random4Class's `Get_Float`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tap {
    /// The raw draw (`operator()`), as `i32`
    Raw,
    /// `ranged(min, max)` inclusive (`Pick_Random_Number`)
    Ranged(i32, i32),
    /// `ranged(1, 2147483647) / 2^31`
    Double,
    /// `Get_Float()` (Random4Class)
    Float,
}

/// The calls every WWLib class has, the one place they are named (every
/// list of them is rendered from these tables).
const RAW: TapSpec = TapSpec::new("raw", &[], "one raw draw").recoverable();
const RANGED: TapSpec = TapSpec::new(
    "ranged",
    &["MIN", "MAX"],
    "the ranged pick (0 draws for equal bounds; rejections spend more)",
)
.recoverable();
const DOUBLE: TapSpec = TapSpec::new("double", &[], "ranged(1, 2147483647) / 2^31").recoverable();
/// The calls of the classes without `Get_Float`.
const TAPS: &[TapSpec] = &[RAW, RANGED, DOUBLE];
/// Random4Class's calls: `Get_Float` too.
const TAPS4: &[TapSpec] = &[
    RAW,
    RANGED,
    DOUBLE,
    TapSpec::new("float", &[], "Get_Float").recoverable(),
];
const FAMILY_ABOUT: &str =
    "Westwood's WWLib classes: Random2Class, the TS / RA2 / YR randomizer, by default";
const RECOVER: Option<RecoverInfo> = Some(RecoverInfo {
    note: "",
    needs_range: false,
    offset_note: "",
});

/// A WWLib tap from its name and arguments, a row of `taps` (the class's
/// table: `float` only for a class that has `Get_Float`).
fn ww_tap(
    name: &str,
    args: &[&str],
    ledger: bool,
    taps: &'static [TapSpec],
) -> Result<Tap, TapError> {
    if name == "float" && !taps.iter().any(|t| t.name == "float") {
        return Err(TapError::OtherClass {
            name: "float",
            what: "Random4Class's Get_Float",
            class: "random4",
        });
    }
    let a = Args::new(name, args, ledger);
    Ok(match a.row("westwood", taps)?.entry {
        "raw" => Tap::Raw,
        "double" => Tap::Double,
        "float" => Tap::Float,
        "ranged" => {
            let (min, max) = a.two(parse_i32)?;
            super::check_range(min, max).map_err(|e| TapError::invalid(format_args!("{e}")))?;
            Tap::Ranged(min, max)
        }
        row => unreachable!("the row {row} is not parsed"),
    })
}

/// Counts a WWLib generator's raw draws.
struct Counting<'a, G> {
    g: &'a mut G,
    draws: u64,
}

impl<G: Raw> Raw for Counting<'_, G> {
    const SIGNIFICANT_BITS: u32 = G::SIGNIFICANT_BITS;
    fn raw(&mut self) -> i32 {
        self.draws += 1;
        self.g.raw()
    }
}

/// One call of a WWLib tap, and the raw draws it spent.
fn ww_call<G: Raw>(g: &mut G, tap: Tap, float: impl FnOnce(&mut G) -> f32) -> (Value, u64) {
    let mut c = Counting { g, draws: 0 };
    let v = match tap {
        Tap::Raw => Value::I32(c.raw()),
        // The range was checked when the tap was parsed.
        Tap::Ranged(min, max) => {
            Value::I32(Pick::<Counting<'_, G>>::new(min, max).map_or(min, |p| p.draw(&mut c)))
        }
        Tap::Double => Value::F64(double(&mut c)),
        Tap::Float => {
            c.draws += 1;
            Value::F32(float(c.g))
        }
    };
    (v, c.draws)
}

fn ww_entry(tap: Tap) -> &'static str {
    match tap {
        Tap::Raw => "raw",
        Tap::Ranged(..) => "ranged",
        Tap::Double => "double",
        Tap::Float => "float",
    }
}

fn ww_fixed_words(tap: Tap) -> Option<u64> {
    match tap {
        Tap::Raw | Tap::Float => Some(1),
        Tap::Ranged(..) | Tap::Double => None,
    }
}

/// `Random2Class`: the TS / RA2 / YR randomizer, with its state files.
#[derive(Clone, Copy, Debug)]
pub struct Random2Class;

/// `RandomClass`: the 15-bit LCG.
#[derive(Clone, Copy, Debug)]
pub struct RandomClass;

/// `Random3Class`: the pseudo-DES hash used directly.
#[derive(Clone, Copy, Debug)]
pub struct Random3Class;

/// `Random4Class`: MT19937 with the 1998 seeding.
#[derive(Clone, Copy, Debug)]
pub struct Random4Class;

impl crate::engine::Sealed for Random2Class {}
impl crate::engine::Sealed for RandomClass {}
impl crate::engine::Sealed for Random3Class {}
impl crate::engine::Sealed for Random4Class {}

/// Random2Class's and Random4Class's values per call: a 32-bit raw word,
/// `MAX - MIN + 1` ranged picks.
fn outcomes(tap: Tap) -> Option<f64> {
    match tap {
        Tap::Raw => Some(4_294_967_296.0),
        Tap::Ranged(lo, hi) => Some((i64::from(hi) - i64::from(lo)).unsigned_abs() as f64 + 1.0),
        _ => None,
    }
}

mod random2_class;
mod random4_class;

pub use random2_class::MAX_IDENTIFY_DRAWS;
pub use random4_class::{DEFAULT_MAX_TWISTS, MAX_TWISTS};

/// The engine impl of a WWLib class without state files.
macro_rules! stateless_class {
    ($engine:ident, $gen:ty, $class:literal, $title:literal, $about:literal) => {
        impl Engine for $engine {
            type Gen = $gen;
            type Tap = Tap;
            type Word = i32;

            const INFO: Info = Info {
                name: "westwood",
                class: Some($class),
                default_class: false,
                title: $title,
                about: $about,
                family_about: FAMILY_ABOUT,
                taps: TAPS,
                recover: RECOVER,
                ..Info::DEFAULTS
            };

            fn seeded(seed: u64, _options: &Options) -> $gen {
                <$gen>::new(seed as u32)
            }

            fn word(gen: &mut $gen) -> i32 {
                gen.raw()
            }

            fn tap(name: &str, args: &[&str], ledger: bool) -> Result<Tap, TapError> {
                ww_tap(name, args, ledger, Self::INFO.taps)
            }

            fn call(gen: &mut $gen, tap: Tap) -> (Value, u64) {
                ww_call(gen, tap, |_| 0.0)
            }

            fn entry(tap: Tap) -> &'static str {
                ww_entry(tap)
            }

            fn fixed_words(tap: Tap) -> Option<u64> {
                ww_fixed_words(tap)
            }

            fn discard(gen: &mut $gen, words: u64) {
                gen.discard(words);
            }

            #[cfg(feature = "alloc")]
            fn recover(
                tap: Tap,
                values: &[&str],
                max_offset: Option<u64>,
                _: &Options,
            ) -> Recovered {
                super::recover_classes::query::<$gen>(tap, values, max_offset.unwrap_or(0))
            }
        }
    };
}

stateless_class!(
    RandomClass,
    RandomLcg,
    "random",
    "RandomClass",
    "the 15-bit LCG (TD/RA1; default seed 0)"
);
stateless_class!(
    Random3Class,
    Random3,
    "random3",
    "Random3Class",
    "the pseudo-DES hash of (seed, index), used directly"
);

// RandomClass's draws are 15 bits; rand_core gets the LCG's whole 32-bit
// state after each step (the word the draw's bits are taken from), one
// draw per word.
crate::engine::rand::rand_core_impls!(
    RandomLcg,
    u32 | g | {
        g.raw();
        g.seed()
    },
    |s| RandomLcg::new(s)
);
crate::engine::rand::rand_core_impls!(Random3, u32 | g | g.raw() as u32, |s| Random3::new(s));
