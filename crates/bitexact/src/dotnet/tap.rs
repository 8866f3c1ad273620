//! `System.Random`'s calls ([`Tap`]), the one place they are named (every
//! list of them is rendered from this table); `next`'s three forms are told
//! apart by their arguments.

use super::MBIG;
use crate::engine::{TapError, TapSpec};

crate::taps! {
    /// A `System.Random` tap.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Tap for "dotnet", check checked {
        /// `Next()`
        Next => TapSpec::new("next", &[], "Next()").recoverable(),
        /// `Next(max)`, `max ≥ 0`
        Max(i32) => TapSpec::new("next", &["MAX"], "Next(MAX)")
            .entry("next-max")
            .recoverable(),
        /// `Next(min, max)`, `min ≤ max`
        Range(i32, i32) => TapSpec::new(
            "next",
            &["MIN", "MAX"],
            "Next(MIN, MAX) (2 draws when MAX - MIN > 2147483647)",
        )
        .entry("next-range")
        .recoverable(),
        /// `NextDouble()`
        Double => TapSpec::new("double", &[], "NextDouble()").recoverable(),
        /// One byte of `NextBytes`
        Bytes => TapSpec::new("bytes", &[], "one byte of NextBytes").recoverable(),
    }
}

/// The arguments .NET throws on, refused in its words.
fn checked(tap: Tap) -> Result<Tap, TapError> {
    match tap {
        Tap::Max(max) if max < 0 => Err(TapError::invalid(format_args!(
            "Next(max) with a negative max ({max}): .NET throws"
        ))),
        Tap::Range(min, max) if min > max => Err(TapError::invalid(format_args!(
            "Next(min, max) with min {min} above max {max}: .NET throws"
        ))),
        tap => Ok(tap),
    }
}

impl Tap {
    /// What the call returns for its word(s), as an integer (`double`: the
    /// f64's bits). `second` is read only by a large-range `Next(min, max)`.
    #[inline]
    pub fn of_words(self, first: i32, second: i32) -> i64 {
        match self {
            Tap::Next => first.into(),
            Tap::Max(max) => super::of_max(first, max).into(),
            Tap::Range(min, max) => {
                let range = i64::from(max) - i64::from(min);
                if range <= i64::from(MBIG) {
                    super::of_range(first, min, range).into()
                } else {
                    super::of_large_range(first, second, min, range).into()
                }
            }
            Tap::Double => super::sample(first).to_bits() as i64,
            Tap::Bytes => super::byte_of(first).into(),
        }
    }

    /// The words one call spends: 2 for `Next(min, max)` past
    /// `int.MaxValue`, else 1.
    pub const fn words(self) -> u64 {
        match self {
            Tap::Range(min, max) if (max as i64) - (min as i64) > MBIG as i64 => 2,
            _ => 1,
        }
    }
}
