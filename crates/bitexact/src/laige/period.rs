//! The period proof (SPEC 3): every nonzero xorshift128+ state has period
//! exactly 2^128 − 1.
//!
//! The state map is linear over GF(2) on the 128 state bits — by
//! construction: `step_state` is built from XORs and shifts only. The proof
//! is about the matrix M whose columns are the map's images of the 128 basis
//! states (so it is exact for M), after a sampled check that the map agrees
//! with M (which catches a map that is not linear at all, but cannot rule
//! out one tampered state: that is what the structural argument is for).
//!
//! 1. Run a probe orbit of M and take one state bit per step;
//!    Berlekamp–Massey gives the shortest recurrence of that bit sequence,
//!    whose reciprocal is a candidate characteristic polynomial p.
//! 2. Check p(M) = 0 on all 128 basis states (so p annihilates the whole
//!    map, not just the probe), and that deg p = 128.
//! 3. Check p is primitive: x^(2^128 − 1) ≡ 1 (mod p) and
//!    x^((2^128 − 1)/q) ≢ 1 for every prime q of 2^128 − 1 — the factors of
//!    [`FACTORS_OF_2_128_MINUS_1`], whose product is checked and each of which
//!    is confirmed prime by Miller–Rabin with a 128-bit modular multiply.
//!
//! Then x has order 2^128 − 1 modulo p, so p is irreducible, it is M's
//! minimal and characteristic polynomial, and M acts on the nonzero states
//! as multiplication by x on GF(2^128)^×: one orbit of length 2^128 − 1.
//!
//! [`prove_full_period`] takes the state map as a function so that a broken
//! map can be shown to fail the proof.

use crate::gf2::{berlekamp_massey, reciprocal, Poly};

/// The prime factorisation of 2^128 − 1 (SPEC 3).
pub const FACTORS_OF_2_128_MINUS_1: [u128; 9] = [
    3,
    5,
    17,
    257,
    641,
    65_537,
    274_177,
    6_700_417,
    67_280_421_310_721,
];

/// What a successful proof established.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeriodProof {
    /// The characteristic polynomial of the state map (degree 128, primitive).
    pub polynomial: Poly,
}

/// Where the proof failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PeriodError {
    /// The factor list does not multiply to 2^128 − 1.
    FactorsDoNotMultiply,
    /// A listed factor failed Miller–Rabin.
    FactorNotPrime {
        /// The composite factor.
        factor: u128,
    },
    /// The map disagrees with the linear map of its basis images here.
    NotLinear {
        /// A state where `map(x) != M·x`.
        state: u128,
    },
    /// The probe's recurrence does not have degree 128.
    WrongDegree {
        /// The degree found.
        degree: u32,
    },
    /// p(M) is not zero on this basis state (the map is not linear, or the
    /// probe saw only part of it).
    NotAnnihilated {
        /// The index of the basis state.
        basis: u32,
    },
    /// x^(2^128 − 1) ≢ 1 modulo p: p is not irreducible.
    OrderDoesNotDivide,
    /// x^((2^128 − 1)/q) ≡ 1: the order of x is a proper divisor.
    OrderTooSmall {
        /// The prime q.
        factor: u128,
    },
}

impl core::fmt::Display for PeriodError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            PeriodError::FactorsDoNotMultiply => {
                f.write_str("the listed factors do not multiply to 2^128 - 1")
            }
            PeriodError::FactorNotPrime { factor } => write!(f, "{factor} is not prime"),
            PeriodError::NotLinear { state } => {
                write!(
                    f,
                    "the map is not linear over GF(2): it disagrees at state {state:#034x}"
                )
            }
            PeriodError::WrongDegree { degree } => {
                write!(
                    f,
                    "the characteristic polynomial has degree {degree}, not 128"
                )
            }
            PeriodError::NotAnnihilated { basis } => {
                write!(f, "p(M) is not zero on basis state {basis}")
            }
            PeriodError::OrderDoesNotDivide => {
                f.write_str("x^(2^128-1) is not 1 modulo the polynomial: it is not irreducible")
            }
            PeriodError::OrderTooSmall { factor } => {
                write!(f, "x^((2^128-1)/{factor}) is 1: the period is shorter")
            }
        }
    }
}

impl core::error::Error for PeriodError {}

/// The xorshift128+ state map on a packed state (part1 in the low 64 bits).
pub fn state_map(state: u128) -> u128 {
    let (p1, p2) = super::step_state(state as u64, (state >> 64) as u64);
    u128::from(p1) | (u128::from(p2) << 64)
}

/// Prove that the linear map of `map`'s basis images (a map on 128-bit
/// states, part1 in the low half) has a primitive characteristic polynomial
/// of degree 128, i.e. every nonzero state has period 2^128 − 1, after
/// checking on a sample that `map` is that linear map. See the module docs.
pub fn prove_full_period(map: impl Fn(u128) -> u128) -> Result<PeriodProof, PeriodError> {
    check_factors()?;

    // M: the columns are the images of the basis states.
    let mut columns = [0u128; 128];
    for (i, c) in columns.iter_mut().enumerate() {
        *c = map(1 << i);
    }
    let m = |x: u128| {
        let mut acc = 0u128;
        let mut rest = x;
        while rest != 0 {
            acc ^= columns[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        acc
    };
    // The map must agree with M: at 0 and on a fixed sample of states.
    let mut x: u128 = 0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c834;
    for state in core::iter::once(0).chain((0..1024).map(|_| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    })) {
        if map(state) != m(state) {
            return Err(PeriodError::NotLinear { state });
        }
    }

    // 1. Probe orbit: bit 0 of each state, 2 · 128 + 64 terms.
    const TERMS: usize = 320;
    let mut bits = [false; TERMS];
    let mut s: u128 = 0x0123_4567_89ab_cdef_fedc_ba98_7654_3210;
    for b in bits.iter_mut() {
        *b = s & 1 == 1;
        s = m(s);
    }
    let (c, l) = berlekamp_massey(|j| bits[j], TERMS);
    let p = reciprocal(c, l);
    let degree = p.degree().unwrap_or(0);
    if degree != 128 {
        return Err(PeriodError::WrongDegree { degree });
    }

    // 2. p(M) e_i = sum over p's terms x^k of M^k e_i must vanish.
    for basis in 0..128 {
        let mut v = 1u128 << basis;
        let mut acc = 0u128;
        for k in 0..=128 {
            if p.coeff(k) {
                acc ^= v;
            }
            v = m(v);
        }
        if acc != 0 {
            return Err(PeriodError::NotAnnihilated { basis });
        }
    }

    // 3. x has order exactly 2^128 − 1 modulo p.
    let order = u128::MAX;
    if Poly::X.pow_mod(order, p) != Poly::ONE {
        return Err(PeriodError::OrderDoesNotDivide);
    }
    for q in FACTORS_OF_2_128_MINUS_1 {
        if Poly::X.pow_mod(order / q, p) == Poly::ONE {
            return Err(PeriodError::OrderTooSmall { factor: q });
        }
    }
    Ok(PeriodProof { polynomial: p })
}

fn check_factors() -> Result<(), PeriodError> {
    let mut product: u128 = 1;
    for q in FACTORS_OF_2_128_MINUS_1 {
        product = product
            .checked_mul(q)
            .ok_or(PeriodError::FactorsDoNotMultiply)?;
        if !is_prime(q) {
            return Err(PeriodError::FactorNotPrime { factor: q });
        }
    }
    if product != u128::MAX {
        return Err(PeriodError::FactorsDoNotMultiply);
    }
    Ok(())
}

/// `a · b mod n` for any u128 operands (n > 0), by doubling and adding with
/// no intermediate above 2n − 1 < 2^129 handled without overflow.
pub fn mul_mod_u128(a: u128, b: u128, n: u128) -> u128 {
    let add = |x: u128, y: u128| if x >= n - y { x - (n - y) } else { x + y };
    let (mut a, mut b) = (a % n, b % n);
    let mut acc = 0u128;
    while b > 0 {
        if b & 1 == 1 {
            acc = add(acc, a);
        }
        a = add(a, a);
        b >>= 1;
    }
    acc
}

fn pow_mod_u128(mut base: u128, mut e: u128, n: u128) -> u128 {
    let mut acc = 1 % n;
    base %= n;
    while e > 0 {
        if e & 1 == 1 {
            acc = mul_mod_u128(acc, base, n);
        }
        base = mul_mod_u128(base, base, n);
        e >>= 1;
    }
    acc
}

/// Miller–Rabin with the first 13 primes as bases: deterministic for
/// n < 3.3 · 10^24 (which covers every factor above); beyond that a strong
/// probable-prime test (error below 4^-13 for a composite).
pub fn is_prime(n: u128) -> bool {
    const BASES: [u128; 13] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41];
    if n < 2 {
        return false;
    }
    for p in BASES {
        if n.is_multiple_of(p) {
            return n == p;
        }
    }
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    'bases: for a in BASES {
        let mut x = pow_mod_u128(a, d, n);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = mul_mod_u128(x, x, n);
            if x == n - 1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn miller_rabin_small_and_large() {
        let primes: [u128; 6] = [2, 3, 65_537, 6_700_417, (1 << 61) - 1, (1 << 127) - 1];
        for p in primes {
            assert!(is_prime(p), "{p}");
        }
        // Composites, including Carmichael numbers and a 2^64-scale semiprime.
        let composites: [u128; 6] = [
            1,
            561,
            41_041,
            3_215_031_751,
            4_294_967_297, // 641 · 6700417
            18_446_744_073_709_551_557u128 * 18_446_744_073_709_551_533,
        ];
        for c in composites {
            assert!(!is_prime(c), "{c}");
        }
    }

    #[test]
    fn mul_mod_matches_small_arithmetic() {
        let n = u128::MAX - 158;
        assert_eq!(mul_mod_u128(n - 1, n - 1, n), 1);
        assert_eq!(
            mul_mod_u128(123_456_789, 987_654_321, 1_000_000_007),
            123_456_789u128 * 987_654_321 % 1_000_000_007
        );
    }
}
