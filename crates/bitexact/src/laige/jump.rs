//! Jump-ahead: move a stream `n` draws forward in O(128²) word operations,
//! whatever `n` is (up to 2^128 − 1).
//!
//! The state map M of xorshift128+ is linear over GF(2) on the 128 state bits
//! (SPEC 3), and its characteristic polynomial p — degree 128, primitive —
//! is what [`period::prove_full_period`](super::period::prove_full_period)
//! rebuilds and proves. Cayley–Hamilton gives p(M) = 0, so for every `n`
//!
//! ```text
//! M^n = q(M)   where   q(x) = x^n mod p(x)   (degree < 128)
//! ```
//!
//! A jump computes q by square-and-multiply in GF(2)[x]/p (each product is
//! 128 shift-and-XOR steps on a `u128`), then applies q(M) to the state by
//! Horner's rule: `acc = M(acc) ⊕ q_i · state` for i = 127 down to 0 — 128
//! ordinary steps. [`CHAR_POLY_LOW`] caches p (a test checks it equals the
//! proof's output); the arithmetic is `const fn`, so fixed jumps (the lane
//! offsets of [`Prng::fill`](super::Prng::fill)) are computed at compile time.

use super::{step_state, Prng};
use crate::gf2::Poly;

/// The characteristic polynomial of the xorshift128+ state map **without**
/// its leading `x^128` term: bit i is the coefficient of x^i. The full
/// polynomial is [`characteristic_polynomial`]; it is the one
/// [`period::prove_full_period`](super::period::prove_full_period) finds.
pub const CHAR_POLY_LOW: u128 = 0x2844_c5d4_2caf_7db0_024f_06fa_e9e6_1daf;

/// The characteristic polynomial `x^128 + CHAR_POLY_LOW` as a [`Poly`].
pub fn characteristic_polynomial() -> Poly {
    Poly::from_u128(CHAR_POLY_LOW) + Poly::monomial(128)
}

/// `a · x mod p` for a residue `a` (degree < 128, bit i = coefficient of x^i).
#[inline(always)]
const fn mul_x(a: u128) -> u128 {
    (a << 1) ^ ((a >> 127).wrapping_neg() & CHAR_POLY_LOW)
}

/// `a · b mod p` for residues `a`, `b`: Horner over `b`'s coefficients.
pub(super) const fn mul_mod(a: u128, b: u128) -> u128 {
    let mut acc = 0u128;
    let mut i = 128;
    while i > 0 {
        i -= 1;
        acc = mul_x(acc) ^ (((b >> i) & 1).wrapping_neg() & a);
    }
    acc
}

/// `x^n mod p`, the jump polynomial of `n` draws, as a residue (bit i =
/// coefficient of x^i). `n` may be anything: x has order 2^128 − 1, so
/// `x^(2^128 − 1) = 1` and the jump wraps round the period.
pub const fn jump_residue(n: u128) -> u128 {
    let mut acc = 1u128;
    let mut i = 128 - n.leading_zeros();
    while i > 0 {
        i -= 1;
        acc = mul_mod(acc, acc);
        if (n >> i) & 1 == 1 {
            acc = mul_x(acc);
        }
    }
    acc
}

/// [`jump_residue`] as a [`Poly`]: `x^n mod p`.
pub fn jump_polynomial(n: u128) -> Poly {
    Poly::from_u128(jump_residue(n))
}

/// Apply the polynomial `q` (a residue, as [`jump_residue`] returns) to a
/// raw state: `q(M) · (part1, part2)`, by Horner's rule (128 steps).
#[inline]
pub const fn apply_residue(q: u128, part1: u64, part2: u64) -> (u64, u64) {
    let (mut a1, mut a2) = (0u64, 0u64);
    let mut i = 128;
    while i > 0 {
        i -= 1;
        let (n1, n2) = step_state(a1, a2);
        let m = (((q >> i) & 1) as u64).wrapping_neg();
        a1 = n1 ^ (part1 & m);
        a2 = n2 ^ (part2 & m);
    }
    (a1, a2)
}

/// The raw state `n` steps after `(part1, part2)`: what `n` calls of
/// [`step_state`] give, in O(128²) word operations. Linear, so the all-zero
/// state stays where it is.
pub const fn jump_state(part1: u64, part2: u64, n: u128) -> (u64, u64) {
    apply_residue(jump_residue(n), part1, part2)
}

impl Prng {
    /// Move the stream `n` draws ahead: afterwards it is exactly where `n`
    /// calls of [`next_u64`](Self::next_u64) would leave it (same state, same
    /// [`seed`](Self::seed)), at a cost independent of `n` (about 20 000
    /// shift-and-XOR steps on `u128`s, a few microseconds). `n` may be as large
    /// as 2^128 − 1, the period: `jump(u128::MAX)` changes nothing.
    ///
    /// ```
    /// use bitexact::laige::Prng;
    ///
    /// let mut stepped = Prng::new(42);
    /// for _ in 0..1000 {
    ///     stepped.next_u64();
    /// }
    /// let mut jumped = Prng::new(42);
    /// jumped.jump(1000);
    /// assert_eq!(jumped, stepped);
    /// ```
    pub fn jump(&mut self, n: u128) {
        (self.part1, self.part2) = jump_state(self.part1, self.part2, n);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn residue_arithmetic_matches_gf2_poly() {
        let p = characteristic_polynomial();
        for n in [0u128, 1, 2, 127, 128, 129, 1000, 1 << 40, u128::MAX - 5] {
            assert_eq!(jump_polynomial(n), Poly::X.pow_mod(n, p), "x^{n}");
        }
        let a = 0x0123_4567_89ab_cdef_fedc_ba98_7654_3210u128;
        let b = 0xdead_beef_0bad_f00d_1234_5678_9abc_def0u128;
        assert_eq!(
            Poly::from_u128(mul_mod(a, b)),
            Poly::from_u128(a).mul_mod(Poly::from_u128(b), p)
        );
    }
}
