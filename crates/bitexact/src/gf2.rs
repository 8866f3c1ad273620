//! Polynomials over GF(2): bit-packed, fixed capacity, no allocation.
//!
//! The toolkit behind the laige period proof (SPEC 3) and, later, jump-ahead:
//! [`Poly`] arithmetic (`+` is XOR, `*` carry-less multiply, `%` remainder,
//! `<<` multiply by x^k, modular exponentiation) and [`berlekamp_massey`], which finds the shortest linear
//! recurrence of a bit sequence.
//!
//! Capacity: [`Poly::BITS`] = 512 coefficients (degree ≤ 511). Products are
//! taken modulo a polynomial of degree ≤ 255 ([`Poly::mul_mod`]), so they fit.

/// A polynomial over GF(2): bit i is the coefficient of x^i.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Poly([u64; WORDS]);

const WORDS: usize = 8;

impl Poly {
    /// Coefficients a `Poly` can hold (degree ≤ 511).
    pub const BITS: u32 = (WORDS * 64) as u32;
    /// The zero polynomial.
    pub const ZERO: Poly = Poly([0; WORDS]);
    /// The polynomial 1.
    pub const ONE: Poly = Poly::monomial(0);
    /// The polynomial x.
    pub const X: Poly = Poly::monomial(1);

    /// x^k, for k < [`Self::BITS`].
    pub const fn monomial(k: u32) -> Poly {
        let mut w = [0u64; WORDS];
        w[(k / 64) as usize] = 1 << (k % 64);
        Poly(w)
    }

    /// The polynomial whose coefficients are the bits of `bits`.
    pub const fn from_u128(bits: u128) -> Poly {
        let mut w = [0u64; WORDS];
        w[0] = bits as u64;
        w[1] = (bits >> 64) as u64;
        Poly(w)
    }

    /// The coefficient of x^i.
    pub fn coeff(&self, i: u32) -> bool {
        i < Self::BITS && (self.0[(i / 64) as usize] >> (i % 64)) & 1 == 1
    }

    /// Flip the coefficient of x^i (i < [`Self::BITS`]).
    pub fn flip(&mut self, i: u32) {
        self.0[(i / 64) as usize] ^= 1 << (i % 64);
    }

    /// Whether this is the zero polynomial.
    pub fn is_zero(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The degree; `None` for the zero polynomial.
    pub fn degree(&self) -> Option<u32> {
        (0..WORDS)
            .rev()
            .find(|&i| self.0[i] != 0)
            .map(|i| i as u32 * 64 + 63 - self.0[i].leading_zeros())
    }

    /// The number of nonzero coefficients.
    pub fn weight(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Multiply by x^k. Coefficients pushed past [`Self::BITS`] are lost;
    /// callers keep degrees in range. (Also `p << k`.)
    pub fn shifted(self, k: u32) -> Poly {
        let (words, bits) = ((k / 64) as usize, k % 64);
        let mut w = [0u64; WORDS];
        for i in (words..WORDS).rev() {
            let lo = self.0[i - words];
            let carry = if bits > 0 && i > words {
                self.0[i - words - 1] >> (64 - bits)
            } else {
                0
            };
            w[i] = (lo << bits) | carry;
        }
        Poly(w)
    }

    /// `self · other mod m`, for `m` of degree ≤ 255 and operands reduced mod `m`.
    pub fn mul_mod(self, other: Poly, m: Poly) -> Poly {
        (self * other) % m
    }

    /// `self^e mod m` by square-and-multiply (`m` of degree ≤ 255).
    pub fn pow_mod(self, e: u128, m: Poly) -> Poly {
        let base = self % m;
        let mut acc = Poly::ONE % m;
        for i in (0..128).rev() {
            acc = acc.mul_mod(acc, m);
            if (e >> i) & 1 == 1 {
                acc = acc.mul_mod(base, m);
            }
        }
        acc
    }
}

/// Sum (= difference): coefficient-wise XOR.
impl core::ops::Add for Poly {
    type Output = Poly;
    #[allow(clippy::suspicious_arithmetic_impl)] // addition in GF(2) is XOR
    fn add(self, other: Poly) -> Poly {
        let mut w = self.0;
        for (a, b) in w.iter_mut().zip(other.0) {
            *a ^= b;
        }
        Poly(w)
    }
}

/// Multiply by x^k (see [`Poly::shifted`]).
impl core::ops::Shl<u32> for Poly {
    type Output = Poly;
    fn shl(self, k: u32) -> Poly {
        self.shifted(k)
    }
}

/// Carry-less product. The degrees must sum to less than [`Poly::BITS`].
impl core::ops::Mul for Poly {
    type Output = Poly;
    fn mul(self, other: Poly) -> Poly {
        let mut acc = Poly::ZERO;
        if let Some(d) = self.degree() {
            for i in (0..=d).filter(|&i| self.coeff(i)) {
                acc = acc + (other << i);
            }
        }
        acc
    }
}

/// The remainder of division by a nonzero polynomial (panics on zero).
impl core::ops::Rem for Poly {
    type Output = Poly;
    fn rem(self, m: Poly) -> Poly {
        let dm = m.degree().expect("division by the zero polynomial");
        let mut r = self;
        while let Some(dr) = r.degree() {
            if dr < dm {
                break;
            }
            r = r + (m << (dr - dm));
        }
        r
    }
}

impl core::fmt::Debug for Poly {
    /// Lists the nonzero terms from the highest: `x^128 + x^5 + 1`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let Some(d) = self.degree() else {
            return f.write_str("0");
        };
        let mut first = true;
        for i in (0..=d).rev().filter(|&i| self.coeff(i)) {
            if !first {
                f.write_str(" + ")?;
            }
            first = false;
            match i {
                0 => f.write_str("1")?,
                1 => f.write_str("x")?,
                _ => write!(f, "x^{i}")?,
            }
        }
        Ok(())
    }
}

/// Berlekamp–Massey over GF(2): the shortest linear recurrence of the bit
/// sequence `s(0), s(1), …, s(n-1)`.
///
/// Returns `(c, l)` with the connection polynomial `c = 1 + c1·x + … + cl·x^l`,
/// meaning `s(j) = c1·s(j-1) + … + cl·s(j-l)` for every `l <= j < n`. The
/// sequence determines a recurrence of length `l` uniquely when `n >= 2l`.
/// `n` must be below [`Poly::BITS`].
pub fn berlekamp_massey(s: impl Fn(usize) -> bool, n: usize) -> (Poly, u32) {
    assert!(
        n < Poly::BITS as usize,
        "berlekamp_massey: at most 511 terms"
    );
    let mut c = Poly::ONE;
    let mut b = Poly::ONE;
    let mut l: u32 = 0;
    let mut m: u32 = 1;
    for j in 0..n {
        // Discrepancy: s(j) + sum c_i s(j - i).
        let mut d = s(j);
        for i in 1..=l {
            if c.coeff(i) && s(j - i as usize) {
                d = !d;
            }
        }
        if !d {
            m += 1;
        } else if 2 * l <= j as u32 {
            let t = c;
            c = c + (b << m);
            l = j as u32 + 1 - l;
            b = t;
            m = 1;
        } else {
            c = c + (b << m);
            m += 1;
        }
    }
    (c, l)
}

/// The reciprocal of a connection polynomial of length `l`:
/// `x^l · c(1/x)` = `x^l + c1·x^(l-1) + … + cl`, the characteristic
/// polynomial of the recurrence.
pub fn reciprocal(c: Poly, l: u32) -> Poly {
    let mut p = Poly::ZERO;
    for i in 0..=l {
        if c.coeff(i) {
            p.flip(l - i);
        }
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic() {
        let a = Poly::from_u128(0b1011); // x^3 + x + 1
        let b = Poly::from_u128(0b11); // x + 1
        assert_eq!(a * b, Poly::from_u128(0b11101)); // x^4 + x^3 + x^2 + 1
        assert_eq!((a * b) % a, Poly::ZERO);
        assert_eq!(Poly::monomial(3) % a, Poly::from_u128(0b11));
        assert_eq!(a + a, Poly::ZERO);
        assert_eq!(a.degree(), Some(3));
        assert_eq!(Poly::ZERO.degree(), None);
        assert_eq!((Poly::monomial(300) << 100).degree(), Some(400));
        assert_eq!(Poly::monomial(63) << 1, Poly::monomial(64));
        // x^7 = 1 mod the primitive x^3 + x + 1, and x^1 != 1.
        assert_eq!(Poly::X.pow_mod(7, a), Poly::ONE);
        assert_ne!(Poly::X.pow_mod(1, a), Poly::ONE);
        assert_eq!(std::format!("{a:?}"), "x^3 + x + 1");
    }

    #[test]
    fn berlekamp_massey_finds_a_known_lfsr() {
        // s(j) = s(j-3) + s(j-4), i.e. c = 1 + x^3 + x^4, from a nonzero start.
        let mut s = [false; 60];
        s[0] = true;
        for j in 4..60 {
            s[j] = s[j - 3] ^ s[j - 4];
        }
        let (c, l) = berlekamp_massey(|j| s[j], 60);
        assert_eq!(l, 4);
        assert_eq!(c, Poly::from_u128(0b11001));
        assert_eq!(reciprocal(c, l), Poly::from_u128(0b10011)); // x^4 + x + 1
    }
}
