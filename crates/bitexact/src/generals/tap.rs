//! Generals' calls ([`Tap`]), the one place they are named: every list of
//! them is rendered from this table.

use crate::engine::TapSpec;

crate::taps! {
    /// A Generals tap.
    #[derive(Clone, Copy, Debug, PartialEq)]
    pub enum Tap for "generals" {
        /// The raw draw
        Raw => TapSpec::new("raw", &[], "one draw").recoverable(),
        /// `GetGameLogicRandomValue(lo, hi)`
        Value(i32, i32) => TapSpec::new(
            "value",
            &["LO", "HI"],
            "GetGameLogicRandomValue (0 draws when HI - LO + 1 wraps to 0)",
        )
        .recoverable(),
        /// `GetGameLogicRandomValueReal(lo, hi)`
        Real(f32, f32) => TapSpec::new(
            "real",
            &["LO", "HI"],
            "GetGameLogicRandomValueReal (0 draws when HI - LO <= 0)",
        )
        .recoverable(),
    }
}
