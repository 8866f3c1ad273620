//! OpenRA's `MersenneTwister` (SPEC 11): the `SharedRandom` every lockstep
//! client draws from, and the numbers its sync report logs.
//!
//! Knuth-seeded MT19937 ([`crate::mt19937`], the first draw twists) with
//! OpenRA's own mappings:
//!
//! | call | result | draws |
//! | --- | --- | --- |
//! | [`next`](MersenneTwister::next) | `(word mod 2147483647) as i32`, in `0..=2147483646` | 1 |
//! | [`next_range`](MersenneTwister::next_range)`(low, high)` | `low + next() % (high − low)`; `high < low` is an error; a (wrapping) difference ≤ 1 returns `low` | 1, or **0** when the difference is ≤ 1 |
//! | [`next_float`](MersenneTwister::next_float) | `f32(next()) / 2^31`, in `[0, 1]` | 1 |
//!
//! Every draw sets [`last`](MersenneTwister::last) to the `next()` value and
//! adds one to [`total_count`](MersenneTwister::total_count): the two numbers
//! OpenRA's sync report prints as `SharedRandom: {Last} (#{TotalCount})`.
//!
//! **Reproduced, not fixed.** `next_range(low, high)` returns `low` without
//! drawing when `high − low` (32-bit wrapping) is at most 1 — so
//! `(i32::MIN, i32::MAX)`, whose difference wraps to −1, draws nothing and
//! returns `i32::MIN`. `next_float` rounds `next()` to f32 before dividing,
//! so `next()` values from 2147483584 on give exactly 1.0. The result of
//! `next_range` is `low + next() % diff` in wrapping 32-bit arithmetic.

use crate::mt19937::Mt19937;

pub mod engine;
#[cfg(feature = "alloc")]
pub mod recover;
mod selftest;
pub mod tap;

/// `next()`'s modulus: `int.MaxValue`.
pub const MODULUS: u32 = 0x7fff_ffff;

/// `next_range(low, high)` with `high < low` (OpenRA throws).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RangeError {
    /// The lower bound.
    pub low: i32,
    /// The upper bound, below `low`.
    pub high: i32,
}

impl core::fmt::Display for RangeError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "Next({}, {}): the upper bound is below the lower one (OpenRA throws)",
            self.low, self.high
        )
    }
}

impl core::error::Error for RangeError {}

/// `OpenRA.Support.MersenneTwister`.
#[derive(Clone, PartialEq, Eq)]
pub struct MersenneTwister {
    mt: Mt19937,
    last: i32,
    total_count: u64,
}

impl core::fmt::Debug for MersenneTwister {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("MersenneTwister")
            .field("last", &self.last)
            .field("total_count", &self.total_count)
            .field("left", &self.mt.left())
            .finish_non_exhaustive()
    }
}

impl MersenneTwister {
    /// `new MersenneTwister(seed)`: Knuth's initializer on the seed's bits.
    pub fn new(seed: i32) -> Self {
        Self {
            mt: Mt19937::new(seed as u32),
            last: 0,
            total_count: 0,
        }
    }

    /// A generator at an explicit state: the block underneath, `Last` and
    /// `TotalCount` (what a copy or a pickle keeps; OpenRA saves none).
    pub fn from_parts(mt: Mt19937, last: i32, total_count: u64) -> Self {
        Self {
            mt,
            last,
            total_count,
        }
    }

    /// `Last`: the latest `next()` value (0 before the first draw).
    pub fn last(&self) -> i32 {
        self.last
    }

    /// `TotalCount`: draws so far.
    pub fn total_count(&self) -> u64 {
        self.total_count
    }

    /// The generator underneath.
    pub fn mt(&self) -> &Mt19937 {
        &self.mt
    }

    /// `Next()`: one word mod 2147483647. 1 draw.
    #[inline]
    #[allow(clippy::should_implement_trait)] // OpenRA's name; not an iterator
    pub fn next(&mut self) -> i32 {
        let v = value_of_word(self.mt.next_u32());
        self.last = v;
        self.total_count += 1;
        v
    }

    /// The tempered MT19937 word a `next()` call reads, drawn and counted
    /// as that call would (`last` is its `next()` value): the full 32 bits,
    /// for rand_core and bulk use. 1 draw.
    #[inline]
    pub fn next_word(&mut self) -> u32 {
        let w = self.mt.next_u32();
        self.last = value_of_word(w);
        self.total_count += 1;
        w
    }

    /// `Next(low, high)`: `low + next() % (high − low)`, no draw when the
    /// difference is at most 1; an error (no draw) when `high < low`.
    #[inline]
    pub fn next_range(&mut self, low: i32, high: i32) -> Result<i32, RangeError> {
        if high < low {
            return Err(RangeError { low, high });
        }
        let diff = high.wrapping_sub(low);
        if diff <= 1 {
            return Ok(low);
        }
        Ok(low.wrapping_add(self.next() % diff))
    }

    /// `NextFloat()`: `f32(next()) / 2^31`. 1 draw.
    #[inline]
    pub fn next_float(&mut self) -> f32 {
        float_of_value(self.next())
    }

    /// Spend `draws` draws as that many `next()` calls would (counters
    /// included; `last` is the final draw's value).
    pub fn discard(&mut self, draws: u64) {
        if draws == 0 {
            return;
        }
        self.mt.discard(draws - 1);
        self.total_count += draws - 1;
        self.next();
    }
}

/// `next()` of one tempered word.
#[inline]
pub const fn value_of_word(word: u32) -> i32 {
    (word % MODULUS) as i32
}

/// `NextFloat()` of one `next()` value.
#[inline]
pub fn float_of_value(v: i32) -> f32 {
    v as f32 / 2_147_483_648.0
}
