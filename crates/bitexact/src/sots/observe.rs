//! What a searched call shows of a word ([`Tap`], [`Observed`]) and the
//! exact replay every hit of a seed search passes ([`confirm`]): the leaf
//! the search, its filter and its kernels share.

use super::{float_of_word, float_range_of_word, inclusive_mask, unit_of_word, Rng};
use crate::x87::Precision;

/// A Mars tap whose values can be recovered, with its arguments.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Tap {
    /// `next_u32`
    U32,
    /// `next_unit` (compared by f64 bits)
    Unit,
    /// `next_float` under a precision (compared by f32 bits)
    Float(Precision),
    /// `next_int_inclusive(n)`
    IntInclusive(u32),
    /// `float_range(lo, hi)` under a precision
    FloatRange(f32, f32, Precision),
}

/// An observed value: the integer, or a float's bits.
pub type Observed = u64;

impl Tap {
    /// What one word maps to, or `None` when the word would be rejected
    /// (a bounded integer above its bound).
    #[inline]
    pub fn of_word(self, y: u32) -> Option<Observed> {
        Some(match self {
            Tap::U32 => y.into(),
            Tap::Unit => unit_of_word(y).to_bits(),
            Tap::Float(p) => float_of_word(y, p).to_bits().into(),
            Tap::IntInclusive(n) => {
                let v = y & inclusive_mask(n);
                if v > n {
                    return None;
                }
                v.into()
            }
            Tap::FloatRange(lo, hi, p) => float_range_of_word(y, lo, hi, p).to_bits().into(),
        })
    }

    /// One call of the tap on a generator.
    pub fn call(self, rng: &mut Rng) -> Observed {
        match self {
            Tap::U32 => rng.next_u32().into(),
            Tap::Unit => rng.next_unit().to_bits(),
            Tap::Float(p) => {
                rng.set_precision(p);
                rng.next_float().to_bits().into()
            }
            Tap::IntInclusive(n) => rng.next_int_inclusive(n).into(),
            Tap::FloatRange(lo, hi, p) => {
                rng.set_precision(p);
                rng.float_range(lo, hi).to_bits().into()
            }
        }
    }
}

/// Whether seed `seed`'s stream, from word offset `offset`, gives `values`.
pub fn confirm(tap: Tap, values: &[Observed], seed: u32, offset: u64) -> bool {
    let mut rng = Rng::new(seed);
    rng.discard(offset);
    values.iter().all(|&v| tap.call(&mut rng) == v)
}
