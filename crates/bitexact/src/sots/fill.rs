//! Bulk draws for [`Rng`]: whole slices of raw words, units and floats.
//!
//! Each `fill_*` writes exactly what the matching single draw returns when
//! called once per element, in order, and leaves the generator in the state
//! those calls leave (block, `left` — including a lazy `left == 0` — and
//! [`position`](Rng::position)); every one costs exactly one word per element.
//! They run on [`Mt19937::fill`](crate::mt19937::Mt19937::fill)'s block-wise
//! path, mapping each tempered word with the same per-word function the
//! single draw uses:
//!
//! | fill | single draw | per-word map |
//! | --- | --- | --- |
//! | [`fill_u32`](Rng::fill_u32) | [`next_u32`](Rng::next_u32) | none |
//! | [`fill_unit`](Rng::fill_unit) | [`next_unit`](Rng::next_unit) | [`unit_of_word`] |
//! | [`fill_open_unit`](Rng::fill_open_unit) | [`next_open_unit`](Rng::next_open_unit) | [`open_unit_of_word`] |
//! | [`fill_float`](Rng::fill_float) | [`next_float`](Rng::next_float) | [`float_of_word`] under the generator's precision |
//!
//! `fill_float` under pc53 uses the fast form of the same formula (the unit,
//! a product rounded once to 53 bits, stored to f32; a unit is never NaN, so
//! the NaN handling of the x87 store never applies); under pc24 each word
//! goes through the exact single-rounding model, which is scalar and slower.

use super::draw::{float_of_word, open_unit_of_word, unit_of_word};
use super::{Precision, Rng};

/// `float_of_word(y, Pc53)` for a unit that cannot be NaN: the f64 unit
/// narrowed by IEEE round-to-nearest-even, the x87 `fstp dword` of pc53.
#[inline(always)]
fn pc53_float_of_word(y: u32) -> f32 {
    unit_of_word(y) as f32
}

impl Rng {
    /// Fill `out` with raw tempered words: what as many
    /// [`next_u32`](Self::next_u32) calls return, one word each, leaving the
    /// same state. Vectorised, a block at a time.
    ///
    /// ```
    /// use bitexact::sots::Rng;
    ///
    /// let mut rng = Rng::new(5489);
    /// let mut words = vec![0u32; 10_000];
    /// rng.fill_u32(&mut words);
    /// assert_eq!(words[..3], [3_499_211_612, 581_869_302, 3_890_346_734]);
    /// assert_eq!(words[9_999], 4_123_659_995); // seed 000's 10000th word
    /// assert_eq!(rng.position(), 10_000);
    /// ```
    pub fn fill_u32(&mut self, out: &mut [u32]) {
        self.mt.fill(out);
    }

    /// Fill `out` with unit draws, `y · UNIT_SCALE` in closed [0, 1]: what as
    /// many [`next_unit`](Self::next_unit) calls return. One word each.
    pub fn fill_unit(&mut self, out: &mut [f64]) {
        self.mt.fill_mapped(out, unit_of_word);
    }

    /// Fill `out` with the truncated normal's uniform tap `(y + ½) · 2^-32`:
    /// what as many [`next_open_unit`](Self::next_open_unit) calls return.
    /// One word each.
    pub fn fill_open_unit(&mut self, out: &mut [f64]) {
        self.mt.fill_mapped(out, open_unit_of_word);
    }

    /// Fill `out` with float draws under the generator's precision model:
    /// what as many [`next_float`](Self::next_float) calls return. One word
    /// each. Fast (vectorised) under pc53; under pc24 every word goes through
    /// the exact single-rounding model and the fill is no faster than the
    /// loop, only equal to it.
    pub fn fill_float(&mut self, out: &mut [f32]) {
        match self.precision {
            Precision::Pc53 => self.mt.fill_mapped(out, pc53_float_of_word),
            Precision::Pc24 => self
                .mt
                .fill_mapped(out, |y| float_of_word(y, Precision::Pc24)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pc53_fast_form_is_float_of_word() {
        let mut y = 0u32;
        for _ in 0..100_000 {
            assert_eq!(
                pc53_float_of_word(y).to_bits(),
                float_of_word(y, Precision::Pc53).to_bits(),
                "word {y:#x}"
            );
            y = y.wrapping_mul(0x9e37_79b9).wrapping_add(0x7f4a_7c15);
        }
        for y in [0, 1, 0x7fff_ffff, 0x8000_0000, 0xffff_fffe, u32::MAX] {
            assert_eq!(
                pc53_float_of_word(y).to_bits(),
                float_of_word(y, Precision::Pc53).to_bits()
            );
        }
    }
}
