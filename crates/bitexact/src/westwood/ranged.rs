//! The ranged draw every WWLib generator shares (`Pick_Random_Number`), with
//! its 32-bit x86 edges reproduced, not fixed.
//!
//! `ranged(min, max)` returns an integer in `[min, max]`, both ends included:
//!
//! 1. `min == max` returns `min` and spends **no** raw draw.
//! 2. Reversed bounds are swapped (the interval is order-independent).
//! 3. `span = max − min` (wrapping `i32`).
//! 4. `highbit` scans down from bit `SIGNIFICANT_BITS − 1` (31 for
//!    [`Random2`](super::Random2) and [`Random3`](super::Random3), 14 for
//!    [`RandomLcg`](super::RandomLcg)) to the span's highest set bit, stopping
//!    at bit 0; `mask = !((!0) << (highbit + 1))`, where x86 masks the shift
//!    count to 5 bits (so `highbit == 31` shifts by 0 and gives mask 0).
//! 5. `pick = span + 1` (wrapping); `while pick > span` (signed)
//!    `pick = raw() & mask`.
//! 6. Return `min + pick` (wrapping).
//!
//! Raw draws spent: 0 for equal bounds, otherwise 1 plus one per rejection —
//! except for the edge below where the loop never runs.
//!
//! **Edges, reproduced, not fixed.**
//!
//! - `span == i32::MAX` (e.g. `ranged(0, 2147483647)`, or
//!   `ranged(-2147483648, -1)`): `span + 1` wraps to `i32::MIN`, which is not
//!   greater than `span`, so the loop never runs: the result is
//!   `min + i32::MIN` (wrapping) and **no** raw draw is spent.
//! - A span that wraps negative (the true distance exceeds `i32::MAX`, e.g.
//!   `ranged(-1, 2147483647)`): every pick is `≥ 0 > span`, so the original
//!   spins for ever (with mask 0 for the 32-bit generators). The library
//!   returns [`RangeError`] instead, having spent no raw draw. This is the
//!   **only** input that fails, for every generator, so [`check_range`] can
//!   validate bounds once, up front.
//! - A disabled Red Alert 2 stream's raw draw is always 0 and `0 ≤ span`, so
//!   its ranged draw returns `min` (after the swap: the smaller bound) — with
//!   the same two edges as above.
//!
//! **[`RandomLcg`](super::RandomLcg) (15 significant bits).** Its raw draw is
//! `0..=0x7fff` and the scan only looks at bits 14..0 of the span. For a span
//! up to `0x7fff` that is ordinary rejection sampling. For a positive span
//! above `0x7fff` the mask comes from the span's bits 14..0 alone (mask 1 when
//! they are all zero, e.g. span `0x10000`), every pick is `≤ 0x7fff < span`,
//! so the loop ends after exactly one raw draw and the result lies in
//! `[min, min + mask]` — a narrow, not uniform, draw. That is what the original
//! does; it terminates, so it is reproduced rather than reported.

use core::marker::PhantomData;

/// A WWLib generator: a raw draw and the number of significant bits the
/// ranged draw assumes of it.
pub trait Raw {
    /// Bits of a raw draw the ranged draw's mask scan starts from: 32 for
    /// `Random2Class` / `Random3Class`, 15 for `RandomClass`. In `1..=32`.
    const SIGNIFICANT_BITS: u32;
    /// One raw draw.
    fn raw(&mut self) -> i32;
}

/// A ranged draw whose span exceeds `i32::MAX`: the original loops for ever
/// (SPEC 4). No raw draw was spent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RangeError {
    /// The lower bound as given.
    pub min: i32,
    /// The upper bound as given.
    pub max: i32,
}

impl core::fmt::Display for RangeError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let (lo, hi) = if self.min <= self.max {
            (self.min, self.max)
        } else {
            (self.max, self.min)
        };
        write!(
            f,
            "ranged({}, {}): the span {} exceeds 2147483647, where the original loops for ever",
            self.min,
            self.max,
            i64::from(hi) - i64::from(lo)
        )
    }
}

impl core::error::Error for RangeError {}

/// Whether `ranged(min, max)` is defined (the span, after swapping reversed
/// bounds, fits an `i32`). The same for every generator.
pub const fn check_range(min: i32, max: i32) -> Result<(), RangeError> {
    let (lo, hi) = if min > max { (max, min) } else { (min, max) };
    if hi.wrapping_sub(lo) < 0 {
        Err(RangeError { min, max })
    } else {
        Ok(())
    }
}

/// The mask for a span: every bit up to the span's highest set bit, scanning
/// from bit `significant_bits − 1` down to bit 0 (which is kept even when
/// clear). The shift count is masked to 5 bits as on x86, so a span with bit
/// 31 set (scanned from bit 31) gives mask 0. `significant_bits` is clamped
/// to `1..=32`.
pub const fn range_mask(span: i32, significant_bits: u32) -> i32 {
    let bits = if significant_bits == 0 {
        1
    } else if significant_bits > 32 {
        32
    } else {
        significant_bits
    };
    let mut highbit = bits - 1;
    while span & (1i32 << highbit) == 0 && highbit > 0 {
        highbit -= 1;
    }
    !((!0i32).wrapping_shl(highbit + 1))
}

/// A ranged draw with its bounds checked and its mask computed, for generator
/// type `G`: build it once, [`draw`](Self::draw) it many times.
pub struct Pick<G> {
    min: i32,
    span: i32,
    mask: i32,
    equal: bool,
    generator: PhantomData<fn(&mut G)>,
}

impl<G: Raw> Pick<G> {
    /// Check `[min, max]` (reversed bounds are swapped) and compute the mask.
    /// Fails only where the original spins for ever (see [`check_range`]).
    pub const fn new(min: i32, max: i32) -> Result<Self, RangeError> {
        if min == max {
            return Ok(Self {
                min,
                span: 0,
                mask: 0,
                equal: true,
                generator: PhantomData,
            });
        }
        if let Err(e) = check_range(min, max) {
            return Err(e);
        }
        let (lo, hi) = if min > max { (max, min) } else { (min, max) };
        Ok(Self::ordered(lo, hi.wrapping_sub(lo)))
    }

    /// `lo` and a non-negative `span`, already checked.
    const fn ordered(lo: i32, span: i32) -> Self {
        Self {
            min: lo,
            span,
            mask: range_mask(span, G::SIGNIFICANT_BITS),
            equal: false,
            generator: PhantomData,
        }
    }

    /// The lower bound (after the swap).
    pub const fn min(&self) -> i32 {
        self.min
    }

    /// `max − min` after the swap (0 for equal bounds).
    pub const fn span(&self) -> i32 {
        self.span
    }

    /// The mask applied to each raw draw (unused for equal bounds).
    pub const fn mask(&self) -> i32 {
        self.mask
    }

    /// Whether drawing spends any raw draw: false for equal bounds and for
    /// the `span == i32::MAX` edge.
    pub const fn spends_draws(&self) -> bool {
        !self.equal && self.span != i32::MAX
    }

    /// The ranged draw: 0 raw draws if [`spends_draws`](Self::spends_draws)
    /// is false, else 1 plus one per rejection.
    #[inline]
    pub fn draw(&self, generator: &mut G) -> i32 {
        if self.equal {
            return self.min;
        }
        let mut pick = self.span.wrapping_add(1);
        while pick > self.span {
            pick = generator.raw() & self.mask;
        }
        self.min.wrapping_add(pick)
    }
}

impl<G> Clone for Pick<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G> Copy for Pick<G> {}

impl<G> PartialEq for Pick<G> {
    fn eq(&self, other: &Self) -> bool {
        (self.min, self.span, self.mask, self.equal)
            == (other.min, other.span, other.mask, other.equal)
    }
}

impl<G> Eq for Pick<G> {}

impl<G> core::fmt::Debug for Pick<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Pick")
            .field("min", &self.min)
            .field("span", &self.span)
            .field("mask", &self.mask)
            .field("equal", &self.equal)
            .finish()
    }
}

/// `Pick_Random_Number(generator, min, max)`: the ranged draw on any WWLib
/// generator. See the module docs for the rules and the draws spent.
#[inline]
pub fn pick_random_number<G: Raw>(
    generator: &mut G,
    min: i32,
    max: i32,
) -> Result<i32, RangeError> {
    Ok(Pick::<G>::new(min, max)?.draw(generator))
}

/// The double convenience: `ranged(1, 2147483647) / 2147483648.0`, strictly
/// inside (0, 1). Never fails (the span is `2147483646`).
#[inline]
pub fn double<G: Raw>(generator: &mut G) -> f64 {
    f64::from(Pick::<G>::ordered(1, i32::MAX - 1).draw(generator)) / 2_147_483_648.0
}

/// `impl Raw` for a WWLib class with `bits` significant bits, and its
/// inherent `ranged` and `double` (the one definition every class shares,
/// each documented by the class).
macro_rules! wwlib_draws {
    (
        $ty:ty, bits: $bits:literal,
        $(#[$ranged:meta])* ranged;
        $(#[$double:meta])* double;
    ) => {
        impl $ty {
            $(#[$ranged])*
            #[inline]
            pub fn ranged(&mut self, min: i32, max: i32) -> Result<i32, $crate::westwood::RangeError> {
                Ok($crate::westwood::Pick::<Self>::new(min, max)?.draw(self))
            }

            $(#[$double])*
            #[inline]
            pub fn double(&mut self) -> f64 {
                $crate::westwood::ranged::double(self)
            }
        }

        impl $crate::westwood::Raw for $ty {
            const SIGNIFICANT_BITS: u32 = $bits;
            #[inline]
            fn raw(&mut self) -> i32 {
                <$ty>::raw(self)
            }
        }
    };
}
pub(crate) use wwlib_draws;
