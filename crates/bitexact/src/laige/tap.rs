//! laige's calls ([`Tap`]), the one place they are named (every list of
//! them is rendered from this table).

use crate::engine::{TapError, TapSpec};

crate::taps! {
    /// A laige tap.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Tap for "laige", check checked {
        /// `next_u64()`
        U64 => TapSpec::new("u64", &[], "one draw").recoverable(),
        /// `next_range(min, max)`: half-open `[min, max)`, `min < max`
        Range(u32, u32) => TapSpec::new(
            "range",
            &["MIN", "MAX"],
            "the half-open range draw (rejections spend more)",
        )
        .recoverable(),
        /// `next_float01()`
        Float01 => TapSpec::new("float01", &[], "one draw").recoverable(),
    }
}

/// An empty range, refused.
fn checked(tap: Tap) -> Result<Tap, TapError> {
    match tap {
        Tap::Range(min, max) if min >= max => Err(TapError::invalid(format_args!(
            "the range [{min}, {max}) is empty: MIN must be below MAX"
        ))),
        tap => Ok(tap),
    }
}
