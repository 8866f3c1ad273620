//! The vocabulary every WWLib class shares: the tap ([`Tap`]) and the
//! classes' tables, a call made and its draws counted, its fixed cost and
//! its number of outcomes.

use crate::engine::tap::Args;
use crate::engine::{RecoverInfo, TapError, TapSpec, Value};
use crate::westwood::ranged::{double, Pick, Raw};

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
pub(crate) const TAPS: &[TapSpec] = &[RAW, RANGED, DOUBLE];

crate::taps! {
    /// A WWLib tap (every class; `Float` is Random4Class's `Get_Float`).
    /// Its table is Random4Class's; the other classes' is `TAPS`, the
    /// same without `float`.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Tap for "westwood", check checked {
        /// The raw draw (`operator()`), as `i32`
        Raw => RAW,
        /// `ranged(min, max)` inclusive (`Pick_Random_Number`)
        Ranged(i32, i32) => RANGED,
        /// `ranged(1, 2147483647) / 2^31`
        Double => DOUBLE,
        /// `Get_Float()` (Random4Class)
        Float => TapSpec::new("float", &[], "Get_Float").recoverable(),
    }
}

/// A range the original loops on for ever, refused.
fn checked(tap: Tap) -> Result<Tap, TapError> {
    if let Tap::Ranged(min, max) = tap {
        crate::westwood::check_range(min, max)
            .map_err(|e| TapError::invalid(format_args!("{e}")))?;
    }
    Ok(tap)
}
pub(super) const FAMILY_ABOUT: &str =
    "Westwood's WWLib classes: Random2Class, the TS / RA2 / YR randomizer, by default";
pub(super) const RECOVER: Option<RecoverInfo> = Some(RecoverInfo {
    note: "",
    needs_range: false,
    offset_note: "",
});

/// A WWLib tap from its name and arguments, a row of `taps` (the class's
/// table: `float` only for a class that has `Get_Float`).
pub(super) fn tap(
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
    // The class's table decides which calls exist (and what an unknown
    // one's error lists); the vocabulary's own parses the arguments.
    Args::new(name, args, ledger).row("westwood", taps)?;
    <Tap as crate::engine::tap::Taps>::parse(name, args, ledger)
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
pub(super) fn call<G: Raw>(g: &mut G, tap: Tap, float: impl FnOnce(&mut G) -> f32) -> (Value, u64) {
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

/// The draws every call of `tap` spends, when fixed.
pub(super) fn fixed_words(tap: Tap) -> Option<u64> {
    match tap {
        Tap::Raw | Tap::Float => Some(1),
        Tap::Ranged(..) | Tap::Double => None,
    }
}

/// Random2Class's and Random4Class's values per call: a 32-bit raw word,
/// `MAX - MIN + 1` ranged picks.
pub(super) fn outcomes(tap: Tap) -> Option<f64> {
    match tap {
        Tap::Raw => Some(4_294_967_296.0),
        Tap::Ranged(lo, hi) => Some((i64::from(hi) - i64::from(lo)).unsigned_abs() as f64 + 1.0),
        _ => None,
    }
}
