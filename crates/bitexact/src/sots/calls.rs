//! The Mars entry points and their calls (SPEC 2.1): the vocabulary of
//! `bitexact stream sots --tap` and of a sots ledger script, with each call's
//! word cost.

use crate::engine::tap::{parse_f32, parse_i32, parse_u32, Args, Taps};
use crate::engine::{TapError, TapSpec};
use core::num::NonZeroU32;

/// The Mars entry points a ledger tells apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum EntryPoint {
    /// The raw 32-bit draw (1 word).
    U32,
    /// The unit draw (1 word).
    Unit,
    /// The unit draw narrowed to f32 (1 word).
    Float,
    /// The inclusive bounded integer (1 + rejections).
    IntInclusive,
    /// The probability test (0 or 1).
    Chance,
    /// `float_range` (1 word).
    FloatRange,
    /// `int_range_bell` (≥ 2 words).
    IntRangeBell,
    /// The truncated normal (2 words per attempt; not modelled, only counted).
    TruncatedNormal,
}

impl EntryPoint {
    /// Every entry point, in the order reports list them.
    pub const ALL: [EntryPoint; 8] = [
        EntryPoint::U32,
        EntryPoint::Unit,
        EntryPoint::Float,
        EntryPoint::IntInclusive,
        EntryPoint::Chance,
        EntryPoint::FloatRange,
        EntryPoint::IntRangeBell,
        EntryPoint::TruncatedNormal,
    ];

    /// The short name reports use (`u32`, `unit`, `float`, `int`, `chance`,
    /// `frange`, `bell`, `tnormal`): its row's entry in the engine's table
    /// ([`Call::TABLE`](Taps::TABLE)).
    // The entry point's name is its row's entry, not the row's name
    // (`tnormal`, not `tnormal-attempts`).
    #[allow(clippy::misnamed_getters)]
    pub const fn name(self) -> &'static str {
        Call::TABLE[self as usize].entry
    }
}

/// One call of a Mars entry point with its arguments: the vocabulary of the
/// ledger script (SPEC 6) and of `bitexact stream sots --tap`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Call {
    /// `next_u32()`
    U32,
    /// `next_unit()`
    Unit,
    /// `next_float()`
    Float,
    /// `next_int_inclusive(n)`
    IntInclusive(u32),
    /// `chance(p)`
    Chance(f32),
    /// `float_range(lo, hi)`
    FloatRange(f32, f32),
    /// `int_range_bell(lo, hi)`
    IntRangeBell(i32, i32),
    /// A truncated normal that took this many attempts (every call makes at
    /// least one; each spends 2 words).
    TruncatedNormal(NonZeroU32),
}

impl Call {
    /// The entry point this call goes through.
    pub const fn entry_point(self) -> EntryPoint {
        match self {
            Call::U32 => EntryPoint::U32,
            Call::Unit => EntryPoint::Unit,
            Call::Float => EntryPoint::Float,
            Call::IntInclusive(_) => EntryPoint::IntInclusive,
            Call::Chance(_) => EntryPoint::Chance,
            Call::FloatRange(..) => EntryPoint::FloatRange,
            Call::IntRangeBell(..) => EntryPoint::IntRangeBell,
            Call::TruncatedNormal(_) => EntryPoint::TruncatedNormal,
        }
    }

    /// The words every such call spends, when that does not depend on the
    /// words drawn: 1 for `u32`, `unit`, `float`, `frange` and `chance` with
    /// `0 < p < 1` (or NaN), 0 for `chance` with `p <= 0` or `p >= 1`,
    /// `2·k` for a truncated normal of `k` attempts, and for the bounded
    /// integers only when no word can be rejected (`n` is `2^k − 1`: the
    /// mask is `n` itself). `None` when rejections make the cost vary. A run
    /// of fixed-cost calls can be skipped with [`Rng::discard`](super::Rng::discard).
    pub fn fixed_words(self) -> Option<u64> {
        let exact = |n: u32| super::inclusive_mask(n) == n;
        match self {
            Call::U32 | Call::Unit | Call::Float | Call::FloatRange(..) => Some(1),
            Call::Chance(p) => Some(if p <= 0.0 || p >= 1.0 { 0 } else { 1 }),
            Call::IntInclusive(n) => exact(n).then_some(1),
            Call::IntRangeBell(lo, hi) => {
                let h = hi.wrapping_sub(lo);
                let a = h / 2;
                let b = h.wrapping_sub(a);
                (exact(a as u32) && exact(b as u32)).then_some(2)
            }
            Call::TruncatedNormal(k) => Some(2 * u64::from(k.get())),
        }
    }
}

impl From<EntryPoint> for usize {
    /// The entry point's index in [`EntryPoint::ALL`] (a ledger's tally slot).
    fn from(e: EntryPoint) -> usize {
        e as usize
    }
}

/// The Mars entry points' calls, the one place they are named (every list
/// of them is rendered from it), in [`super::EntryPoint`]'s order.
const TAPS: &[TapSpec] = &[
    TapSpec::new("u32", &[], "the raw draw (next_u32)").recoverable(),
    TapSpec::new("unit", &[], "the unit draw (next_unit)").recoverable(),
    TapSpec::new("float", &[], "the float draw (next_float)").recoverable(),
    // N itself is returned: a 0-99 roll is N = 99, a d6 (1-6) N = 5 plus 1.
    TapSpec::new(
        "int",
        &["N"],
        "next_int_inclusive(N): 0..=N, N included (N + 1 values)",
    )
    .recoverable(),
    TapSpec::new(
        "chance",
        &["P"],
        "the probability test (0 words when P <= 0 or P >= 1)",
    ),
    TapSpec::new("frange", &["LO", "HI"], "float_range").recoverable(),
    TapSpec::new("bell", &["LO", "HI"], "int_range_bell"),
    TapSpec::new(
        "tnormal-attempts",
        &["K"],
        "a truncated normal that took K attempts (2 words each)",
    )
    .entry("tnormal")
    .ledger_only(),
];

/// Written out, not made by [`taps!`](crate::taps): the truncated normal is
/// a ledger call only, refused as a tap by either of its names.
impl Taps for Call {
    const ENGINE: &'static str = "sots";
    const TABLE: &'static [TapSpec] = TAPS;

    fn parse(name: &str, args: &[&str], ledger: bool) -> Result<Call, TapError> {
        // The truncated normal is counted, not drawn: named as a tap (or
        // by its entry point's name), it is refused as such.
        if name == "tnormal" || (name == "tnormal-attempts" && !ledger) {
            return Err(TapError::LedgerOnly {
                name: "the truncated normal",
            });
        }
        let a = Args::new(name, args, ledger);
        Ok(match a.row("sots", TAPS)?.entry {
            "u32" => Call::U32,
            "unit" => Call::Unit,
            "float" => Call::Float,
            "int" => Call::IntInclusive(a.one(parse_u32)?),
            "chance" => Call::Chance(a.one(parse_f32)?),
            "frange" => {
                let (lo, hi) = a.two(parse_f32)?;
                Call::FloatRange(lo, hi)
            }
            "bell" => {
                let (lo, hi) = a.two(parse_i32)?;
                Call::IntRangeBell(lo, hi)
            }
            "tnormal" => Call::TruncatedNormal(a.one(parse_u32)?.try_into().map_err(|_| {
                TapError::invalid(format_args!(
                    "tnormal-attempts needs K >= 1: every call makes at least one attempt"
                ))
            })?),
            row => unreachable!("the row {row} is not parsed"),
        })
    }

    fn row(self) -> usize {
        self.entry_point().into()
    }
}
