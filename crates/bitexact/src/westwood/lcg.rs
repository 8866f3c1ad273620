//! `RandomClass`: WWLib's 15-bit linear congruential generator.
//!
//! State: one unsigned 32-bit seed. A raw draw is
//! `seed = seed · 0x41C64E6D + 0x3039` (wrapping), returning bits 10..24 of
//! the new seed, `(seed >> 10) & 0x7fff` — always `0..=0x7fff`.
//!
//! Its ranged draw scans 15 significant bits (from bit 14), which makes spans
//! above `0x7fff` draw narrowly: see [`ranged`](super::ranged).

/// The LCG multiplier.
pub const LCG_MULTIPLIER: u32 = 0x41C6_4E6D;
/// The LCG increment.
pub const LCG_INCREMENT: u32 = 0x3039;

/// `RandomClass`: the 15-bit LCG.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RandomLcg {
    seed: u32,
}

impl RandomLcg {
    /// `RandomClass(seed)`.
    pub const fn new(seed: u32) -> Self {
        Self { seed }
    }

    /// The current seed (the whole state).
    pub const fn seed(&self) -> u32 {
        self.seed
    }

    /// One raw draw: advance the seed, return `(seed >> 10) & 0x7fff`.
    #[inline]
    pub fn raw(&mut self) -> i32 {
        self.seed = self
            .seed
            .wrapping_mul(LCG_MULTIPLIER)
            .wrapping_add(LCG_INCREMENT);
        ((self.seed >> 10) & 0x7fff) as i32
    }

    /// Spend `draws` raw draws in `O(log draws)`: the LCG step is the affine
    /// map `x → a·x + c`, and `n` steps are that map composed with itself by
    /// squaring (wrapping arithmetic throughout).
    pub fn discard(&mut self, mut draws: u64) {
        // (mul, add): the map applied so far; (a, c): the map for 2^k steps.
        let (mut mul, mut add) = (1u32, 0u32);
        let (mut a, mut c) = (LCG_MULTIPLIER, LCG_INCREMENT);
        while draws > 0 {
            if draws & 1 == 1 {
                mul = mul.wrapping_mul(a);
                add = add.wrapping_mul(a).wrapping_add(c);
            }
            c = c.wrapping_mul(a).wrapping_add(c);
            a = a.wrapping_mul(a);
            draws >>= 1;
        }
        self.seed = self.seed.wrapping_mul(mul).wrapping_add(add);
    }
}

super::ranged::wwlib_draws! {
    RandomLcg, bits: 15,
    /// The ranged draw on `[min, max]` inclusive with 15 significant bits:
    /// uniform for spans up to `0x7fff`; for larger positive spans one raw
    /// draw lands in `[min, min + mask]` (see [`ranged`](super::ranged)).
    /// Errors, spending nothing, only where the span exceeds `i32::MAX` and
    /// the original loops for ever.
    ranged;
    /// `ranged(1, 2147483647) / 2147483648.0` composed as for the other
    /// generators. With 15 significant bits the mask is `0x7fff`, so the
    /// value is `(1 + raw) / 2^31`: inside (0, 1) but below `2^-16`. One raw
    /// draw. Faithful composition, not an engine entry point.
    double;
}
