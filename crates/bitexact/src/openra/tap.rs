//! OpenRA's calls ([`Tap`]), the one place they are named (every list of
//! them is rendered from this table).

use crate::engine::{TapError, TapSpec};

crate::taps! {
    /// An OpenRA tap.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Tap for "openra", check checked {
        /// `Next()`
        Next => TapSpec::new("next", &[], "Next()").recoverable(),
        /// `Next(low, high)` (`high >= low`)
        Range(i32, i32) => TapSpec::new(
            "range",
            &["LO", "HI"],
            "Next(LO, HI) (0 draws when HI - LO <= 1)",
        ),
        /// `NextFloat()`
        Float => TapSpec::new("float", &[], "NextFloat()"),
    }
}

/// A range OpenRA throws on, refused in its words.
fn checked(tap: Tap) -> Result<Tap, TapError> {
    match tap {
        Tap::Range(lo, hi) if hi < lo => Err(TapError::invalid(format_args!(
            "the upper bound is below the lower one (OpenRA throws)"
        ))),
        tap => Ok(tap),
    }
}
