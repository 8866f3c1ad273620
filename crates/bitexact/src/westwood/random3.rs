//! `Random3Class`: the four-round pseudo-DES hash over (seed, index) that
//! seeds [`Random2`](super::Random2)'s table, and a generator in its own right.
//!
//! One output hashes the pair `(lo, hi) = (seed, index)` through four Feistel
//! rounds and returns the final `hi`; the generator then bumps `index` by one
//! (wrapping). Round `i`, with `hold = hi`:
//!
//! ```text
//! t  = hold ^ MIX1[i]
//! tl = t & 0xffff            th = t >> 16          (arithmetic shift)
//! t  = tl·tl + !(th·th)                            (wrapping i32)
//! t  = (t >> 16) | (t << 16)                       (arithmetic >>: not a rotate when t < 0)
//! hi = lo ^ ((t ^ MIX2[i]) + tl·th)                (wrapping)
//! lo = hold
//! ```
//!
//! Everything is 32-bit signed `int` as MSVC compiles it. Both `>> 16` are
//! arithmetic, so for a negative `t` the "rotate" smears the sign bit over the
//! top half: `(t >> 16) | (t << 16)` has its top 16 bits all set. That is
//! what the binaries compute and what this module reproduces.

/// The first constant block (`Mix1`), as the bit patterns of the original's
/// `int`s.
pub const MIX1: [u32; 4] = [0xbaa9_6887, 0x1e17_d32c, 0x03bc_dc3c, 0x0f33_d1b2];

/// The second constant block (`Mix2`).
pub const MIX2: [u32; 4] = [0x4b0f_3b58, 0xe874_f0c3, 0x6955_c5a6, 0x55a7_ca46];

/// Round `i`'s mixing function of the right half: the value XORed into `lo`.
#[inline(always)]
pub(crate) const fn mix(hold: i32, i: usize) -> i32 {
    let t = hold ^ MIX1[i] as i32;
    let tl = t & 0xffff;
    let th = t >> 16;
    let t = tl.wrapping_mul(tl).wrapping_add(!th.wrapping_mul(th));
    // Not a rotate: `>>` is arithmetic on i32, as in the original (clippy's
    // manual_rotate would silently change the generator).
    #[allow(clippy::manual_rotate)]
    let t = (t >> 16) | (t << 16);
    (t ^ MIX2[i] as i32).wrapping_add(tl.wrapping_mul(th))
}

/// The hash itself: output number `index` of `Random3Class(seed)`, with no
/// generator state. `seed` and `index` are the original's `int`s given as
/// their bit patterns (its constructor takes them `unsigned`).
#[inline]
pub const fn psdes(seed: u32, index: u32) -> i32 {
    rounds(seed as i32, index as i32, 0)
}

/// The Feistel rounds `from..4` on the halves `(lo, hi)`: the new `hi` is
/// `lo ^ mix(hi, round)`, the old `hi` becomes `lo`; returns the last `hi`.
#[inline]
const fn rounds(mut lo: i32, mut hi: i32, from: usize) -> i32 {
    let mut i = from;
    while i < 4 {
        let hold = hi;
        hi = lo ^ mix(hold, i);
        lo = hold;
        i += 1;
    }
    hi
}

/// Round 0's mixing value for index 0: a constant, since `hi` starts at 0.
const MIX_OF_INDEX_0: i32 = mix(0, 0);

/// `psdes(seed, 0)` — the first word of seed `seed`'s [`Random2`](super::Random2)
/// table — with round 0 folded into a constant (three rounds of work). This is
/// the per-seed cost of a seed search.
#[inline]
pub const fn first_word(seed: u32) -> i32 {
    // Round 0 of psdes(seed, 0): lo becomes 0, hi becomes seed ^ mix(0, 0).
    rounds(0, seed as i32 ^ MIX_OF_INDEX_0, 1)
}

/// `Random3Class`: outputs `psdes(seed, index)` for `index = start, start + 1, …`
/// (wrapping after 2^32 outputs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Random3 {
    seed: u32,
    index: u32,
}

impl Random3 {
    /// `Random3Class(seed)`: index starts at 0.
    pub const fn new(seed: u32) -> Self {
        Self { seed, index: 0 }
    }

    /// `Random3Class(seed, index)`: start at an explicit index.
    pub const fn with_index(seed: u32, index: u32) -> Self {
        Self { seed, index }
    }

    /// The seed (the original's `int`, as its bit pattern).
    pub const fn seed(&self) -> u32 {
        self.seed
    }

    /// The index the next raw draw hashes; also the number of draws since
    /// construction with [`new`](Self::new) (mod 2^32).
    pub const fn index(&self) -> u32 {
        self.index
    }

    /// One raw draw: `psdes(seed, index)`, then `index += 1` (wrapping).
    #[inline]
    pub fn raw(&mut self) -> i32 {
        let v = psdes(self.seed, self.index);
        self.index = self.index.wrapping_add(1);
        v
    }

    /// Spend `draws` raw draws: the index moves on (wrapping at 2^32, as
    /// the original's `int` does).
    pub fn discard(&mut self, draws: u64) {
        self.index = self.index.wrapping_add(draws as u32);
    }
}

super::ranged::wwlib_draws! {
    Random3, bits: 32,
    /// The ranged draw on `[min, max]` inclusive, with 32 significant bits
    /// (see [`ranged`](super::ranged) for the rules and the raw draws it
    /// spends). Errors, spending nothing, where the original loops for ever.
    ranged;
    /// `ranged(1, 2147483647) / 2147483648.0`, strictly inside (0, 1).
    /// 1 raw draw plus rejections (only `0x7fffffff` is rejected).
    double;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_word_is_psdes_at_index_0() {
        let mut s = 0x1234_5678u32;
        for seed in [0, 1, 2, u32::MAX, 0x8000_0000] {
            assert_eq!(first_word(seed), psdes(seed, 0));
        }
        for _ in 0..10_000 {
            assert_eq!(first_word(s), psdes(s, 0));
            s = s.wrapping_mul(0x0019_660d).wrapping_add(0x3c6e_f35f);
        }
    }

    #[test]
    fn generator_walks_the_index() {
        let mut g = Random3::with_index(9, u32::MAX);
        assert_eq!(g.raw(), psdes(9, u32::MAX));
        assert_eq!(g.index(), 0);
        assert_eq!(g.raw(), psdes(9, 0));
    }
}
