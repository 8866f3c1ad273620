//! Sword of the Stars — the "Mars" engine's generator and its draw mappings
//! (SPEC 2, seed 000).
//!
//! The strategy simulation draws every roll from one MT19937 stream
//! ([`crate::mt19937`], seeded with the save's `RSeed`). Lockstep peers share
//! it, so a reimplementation must match the words *and* spend them in the same
//! order. [`Rng`] is that generator with every entry point the binary has, each
//! costing exactly the words the original spends:
//!
//! | method | result | words |
//! | --- | --- | --- |
//! | [`next_u32`](Rng::next_u32) | tempered word | 1 |
//! | [`next_unit`](Rng::next_unit) | `y · UNIT_SCALE`, closed [0, 1] | 1 |
//! | [`next_float`](Rng::next_float) | the unit narrowed to f32 under the precision model | 1 |
//! | [`next_int_inclusive`](Rng::next_int_inclusive) | uniform on [0, n], mask + rejection | 1 + rejections |
//! | [`chance`](Rng::chance) | `next_float() < p`, early outs for p ≤ 0, p ≥ 1 | 0 or 1 |
//! | [`float_range`](Rng::float_range) | `f32(lo + f32((hi − lo) · unit))` | 1 |
//! | [`int_range_bell`](Rng::int_range_bell) | triangular, two inclusive halves | ≥ 2 |
//! | [`next_open_unit`](Rng::next_open_unit) | the truncated normal's uniform tap `(y + ½) · 2^-32` | 1 |
//!
//! **Bulk draws.** [`fill_u32`](Rng::fill_u32), [`fill_unit`](Rng::fill_unit),
//! [`fill_open_unit`](Rng::fill_open_unit) and [`fill_float`](Rng::fill_float)
//! write a whole slice, bit for bit what the single draw returns once per
//! element, one word each, leaving the same state — several times faster per
//! word (whole blocks twisted and tempered in vectorised loops).
//!
//! The truncated normal itself is not modelled (it needs the original CRT's
//! `log`, `sqrt` and `cos`); it spends 2 words per attempt, which
//! [`crate::ledger`] counts.
//!
//! **Bit-exactness.** Integer draws are exact everywhere. Float draws follow
//! the x87 sequence the original runs, under [`Precision::Pc53`] (MSVC's
//! default, the default here) or [`Precision::Pc24`] (a Direct3D 9 device
//! without `FPU_PRESERVE`); both are checked against the real x87 unit. See
//! [`UNIT_SCALE`] for the corrected unit constant (SPEC 2.2).
//!
//! **Saves.** The save's `RNG` item is 624 words and `left`; [`Rng::load_state`]
//! / [`Rng::save_state`] read and write it, and [`identify`] finds the seed and
//! the number of words drawn since seeding from the item alone, with no search.

mod calls;
mod draw;
pub mod engine;
mod ledger;
mod selftest;
pub use ledger::Ledger;
mod fill;
#[cfg(feature = "alloc")]
pub(crate) mod filter;
mod identify;
mod item;
pub mod movefleet;
#[cfg(feature = "alloc")]
mod observe;
#[cfg(feature = "alloc")]
pub mod recover;
#[cfg(all(feature = "alloc", feature = "std", target_arch = "x86_64"))]
mod recover_avx;
#[cfg(feature = "alloc")]
pub(crate) mod recover_simd;
pub mod vec3;

pub use crate::mt19937::words_between;
pub use calls::{Call, EntryPoint};
pub use draw::{
    float_of_word, float_range_of_word, inclusive_mask, open_unit_of_word, unit_of_word,
    unit_register, SCALE_2_POW_M32, SCALE_SEED_LITERAL, UNIT_SCALE,
};
pub use identify::{identify, identify_until, replays_to, twists_of, DEFAULT_MAX_TWISTS};
pub use item::{decode_item, encode_item, ItemError, ITEM_LEN, ITEM_LEN_PADDED};

use crate::mt19937::{Block, Mt19937};
pub use crate::x87::Precision;
pub use vec3::{Vec3, NORMALIZE_EPSILON};

/// The Mars engine generator: MT19937 plus the precision model its float
/// draws are narrowed under (default [`Precision::Pc53`]).
///
/// With the `serde` feature it serializes as
/// `{"mt": {"mt": [624 words], "left": n}, "precision": "pc53"}`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rng {
    mt: Mt19937,
    precision: Precision,
}

impl Rng {
    /// Seed as the engine does: Knuth's initializer, then one twist
    /// (`left == 624`). Precision pc53.
    pub fn new(seed: u32) -> Self {
        Self::from_mt(Mt19937::new(seed))
    }

    /// [`new`](Self::new) with an explicit precision model.
    pub fn with_precision(seed: u32, precision: Precision) -> Self {
        Self {
            mt: Mt19937::new(seed),
            precision,
        }
    }

    /// Wrap an existing MT19937 state (precision pc53).
    pub fn from_mt(mt: Mt19937) -> Self {
        Self {
            mt,
            precision: Precision::Pc53,
        }
    }

    /// `load_state(mt, left)`: a generator at an explicit state (precision
    /// pc53). `left` must be in `0..=624`.
    pub fn from_state(mt: Block, left: u32) -> Result<Self, ItemError> {
        Ok(Self::from_mt(Mt19937::from_state(mt, left)?))
    }

    /// `load_state(blob)`: read the save's `RNG` item (2500 bytes, or 2503
    /// with the item's padding; SPEC 2.4). Precision pc53.
    pub fn load_state(bytes: &[u8]) -> Result<Self, ItemError> {
        decode_item(bytes).map(Self::from_mt)
    }

    /// `save_state`: the 2500-byte `RNG` item (624 LE words, then `left` as LE i32).
    pub fn save_state(&self) -> [u8; ITEM_LEN] {
        encode_item(&self.mt)
    }

    /// The precision model float draws are narrowed under.
    pub fn precision(&self) -> Precision {
        self.precision
    }

    /// Change the precision model (it is not part of the saved state).
    pub fn set_precision(&mut self, precision: Precision) {
        self.precision = precision;
    }

    /// Words still unread in the current block (`0..=624`).
    pub fn left(&self) -> u32 {
        self.mt.left()
    }

    /// Index of the next word, `624 - left`.
    pub fn index(&self) -> usize {
        self.mt.index()
    }

    /// The untempered 624-word block.
    pub fn state(&self) -> &Block {
        self.mt.state()
    }

    /// The underlying MT19937.
    pub fn mt(&self) -> &Mt19937 {
        &self.mt
    }

    /// Words drawn since this generator was seeded (or since the start of
    /// the block it was loaded with): subtract two readings to cost a call.
    pub fn position(&self) -> u64 {
        self.mt.position()
    }

    /// Sets the word counter (see [`Mt19937::set_position`]); returns
    /// whether this state can show it.
    pub fn set_position(&mut self, position: u64) -> bool {
        self.mt.set_position(position)
    }

    /// Spend `words` words as that many [`next_u32`](Self::next_u32) calls would.
    pub fn discard(&mut self, words: u64) {
        self.mt.discard(words);
    }

    /// The raw 32-bit draw: one tempered word. 1 word.
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        self.mt.next_u32()
    }

    /// The unit draw: `y · UNIT_SCALE` = y / (2^32 − 1) in double, closed
    /// [0, 1] (`0xffffffff` gives exactly 1.0). 1 word. This is the value the
    /// original returns at pc53; under pc24 its register holds
    /// [`unit_register`]`(y, UNIT_SCALE, Pc24)` instead.
    #[inline]
    pub fn next_unit(&mut self) -> f64 {
        unit_of_word(self.next_u32())
    }

    /// The unit draw narrowed to f32 under the generator's precision, range
    /// [0, 1] closed. 1 word.
    #[inline]
    pub fn next_float(&mut self) -> f32 {
        float_of_word(self.next_u32(), self.precision)
    }

    /// Uniform on [0, n] **inclusive**: mask each word with the smallest
    /// 2^k − 1 ≥ n and redraw while the masked value exceeds n. 1 word plus
    /// one per rejection; `n == 0` returns 0 and still spends a word.
    #[inline]
    pub fn next_int_inclusive(&mut self, n: u32) -> u32 {
        let mask = inclusive_mask(n);
        loop {
            let v = self.next_u32() & mask;
            if v <= n {
                return v;
            }
        }
    }

    /// The probability test: `p <= 0` is false and `p >= 1` is true, each
    /// **without** drawing; otherwise one word and `next_float() < p`.
    ///
    /// A NaN `p` fails both early-out comparisons, spends a word and returns
    /// false — reproduced, not fixed: the original's stream really moves.
    #[inline]
    pub fn chance(&mut self, p: f32) -> bool {
        if p <= 0.0 {
            return false;
        }
        if p >= 1.0 {
            return true;
        }
        self.next_float() < p
    }

    /// `f32(lo + f32((hi − lo) · unit))` under the generator's precision: the
    /// product stored to a 4-byte float before `lo` is added, the sum stored
    /// again (see [`float_range_of_word`]). 1 word.
    #[inline]
    pub fn float_range(&mut self, lo: f32, hi: f32) -> f32 {
        float_range_of_word(self.next_u32(), lo, hi, self.precision)
    }

    /// Triangular integer in [lo, hi]: `h = hi − lo` (i32, wrapping), halves
    /// `a = h / 2` (truncating) and `b = h − a`, result
    /// `lo + next_int_inclusive(a) + next_int_inclusive(b)`, all wrapping. At
    /// least 2 words (the `a` draw first).
    ///
    /// An inverted range is not an error: the halves reach the draws as huge
    /// unsigned bounds, as in the original — reproduced, not fixed.
    pub fn int_range_bell(&mut self, lo: i32, hi: i32) -> i32 {
        let h = hi.wrapping_sub(lo);
        let a = h / 2;
        let b = h.wrapping_sub(a);
        let first = self.next_int_inclusive(a as u32);
        let second = self.next_int_inclusive(b as u32);
        lo.wrapping_add(first as i32).wrapping_add(second as i32)
    }

    /// The truncated normal's uniform tap: `(y + 0.5) · 2^-32`, strictly
    /// inside (0, 1), exact. 1 word. (The truncated normal draws two of these
    /// per attempt; its transform is not modelled.)
    #[inline]
    pub fn next_open_unit(&mut self) -> f64 {
        open_unit_of_word(self.next_u32())
    }
}
