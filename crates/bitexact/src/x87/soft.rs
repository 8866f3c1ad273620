//! Exactly rounded arithmetic at a chosen significand width.
//!
//! Each operation forms the exact result of its operands (or enough of it,
//! with the bits it drops folded into a sticky bit) in integers, then rounds it
//! **once** to nearest-even at `bits` significant bits. That is what the x87
//! does under a precision-control setting: the exponent stays wide, only the
//! significand is cut. The result is carried in an `f64`, which holds any
//! 24- or 53-bit significand exactly while the value is inside f64's normal
//! range — always the case for the f32 formulas of SPEC 2 and 5.
//!
//! Sticky bits: when an operand is shifted past the bottom of the u128
//! accumulator, or a quotient or square root has a remainder, the lowest bit is
//! forced to 1 ("jammed"). The jam sits at least 60 bits below the rounding
//! position, and the exact value and the jammed one lie strictly between the
//! same two even integers there, so the nearest-even decision is the same.

/// A finite nonzero f64 as `(-1)^neg · sig · 2^exp` with `sig` in [2^52, 2^53).
#[derive(Clone, Copy)]
struct Parts {
    neg: bool,
    sig: u64,
    exp: i32,
}

fn parts(x: f64) -> Parts {
    let bits = x.to_bits();
    let neg = bits >> 63 != 0;
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1u64 << 52) - 1);
    if biased == 0 {
        // Subnormal: frac · 2^-1074; normalise the leading bit up to bit 52.
        let shift = frac.leading_zeros() - 11;
        Parts {
            neg,
            sig: frac << shift,
            exp: -1074 - shift as i32,
        }
    } else {
        Parts {
            neg,
            sig: frac | (1u64 << 52),
            exp: biased - 1075,
        }
    }
}

/// `(-1)^neg · q · 2^exp` as an f64, for `0 < q <= 2^53`.
///
/// Exact inside f64's normal range; beyond it the value becomes ±inf, and
/// below it the value is rounded again to an f64 subnormal (the x87 would keep
/// it normalised; see the module note).
fn compose(neg: bool, q: u64, exp: i32) -> f64 {
    let sign = if neg { 1u64 << 63 } else { 0 };
    // Normalise q into [2^52, 2^53).
    let lz = q.leading_zeros() as i32; // 10 or 11 for q in (2^52, 2^53]
    let (q, exp) = if lz >= 11 {
        (q << (lz - 11), exp - (lz - 11))
    } else {
        // q == 2^53 after a round-up: the low bit is zero, the shift exact.
        (q >> (11 - lz), exp + (11 - lz))
    };
    let biased = exp + 1075;
    if biased >= 0x7ff {
        return f64::from_bits(sign | 0x7ff0_0000_0000_0000);
    }
    if biased >= 1 {
        let frac = q & ((1u64 << 52) - 1);
        return f64::from_bits(sign | ((biased as u64) << 52) | frac);
    }
    // Subnormal carrier: shift right by 1 - biased with nearest-even.
    let shift = (1 - biased) as u32;
    if shift > 54 {
        return f64::from_bits(sign);
    }
    let kept = q >> shift;
    let rem = q & ((1u64 << shift) - 1);
    let half = 1u64 << (shift - 1);
    let up = rem > half || (rem == half && kept & 1 == 1);
    // A carry into bit 52 becomes the smallest normal exponent: still right.
    f64::from_bits(sign | (kept + up as u64))
}

/// Round `(-1)^neg · mag · 2^exp` (mag > 0, possibly jammed) to `bits`
/// significant bits, nearest-even.
fn round(neg: bool, mag: u128, exp: i32, bits: u32) -> f64 {
    let len = 128 - mag.leading_zeros();
    if len <= bits {
        return compose(neg, mag as u64, exp);
    }
    let shift = len - bits;
    let q = mag >> shift;
    let rem = mag & ((1u128 << shift) - 1);
    let half = 1u128 << (shift - 1);
    let up = rem > half || (rem == half && q & 1 == 1);
    compose(neg, (q + up as u128) as u64, exp + shift as i32)
}

/// `x` rounded to `bits` significant bits.
pub(crate) fn round_to(x: f64, bits: u32) -> f64 {
    if !x.is_finite() || x == 0.0 {
        return x;
    }
    let p = parts(x);
    round(p.neg, p.sig.into(), p.exp, bits)
}

/// `a + b` rounded once to `bits` significant bits.
pub(crate) fn add(a: f64, b: f64, bits: u32) -> f64 {
    if !a.is_finite() || !b.is_finite() || (a == 0.0 && b == 0.0) {
        // Infinities and signed zeros: the result is exact, or invalid.
        return exact_or_indefinite(a + b);
    }
    if a == 0.0 {
        return round_to(b, bits);
    }
    if b == 0.0 {
        return round_to(a, bits);
    }
    let (mut x, mut y) = (parts(a), parts(b));
    if (y.exp, y.sig) > (x.exp, x.sig) {
        core::mem::swap(&mut x, &mut y);
    }
    // x has the larger magnitude. Put its significand at bits 64..117.
    let d = (x.exp - y.exp) as u32;
    let big = u128::from(x.sig) << 64;
    let small_full = u128::from(y.sig) << 64;
    let small = if d >= 128 {
        1 // entirely below the accumulator: sticky only
    } else {
        let kept = small_full >> d;
        let lost = small_full & ((1u128 << d) - 1);
        kept | u128::from(lost != 0)
    };
    let mag = if x.neg == y.neg {
        big + small
    } else {
        big - small
    };
    if mag == 0 {
        return 0.0; // exact cancellation is +0 when rounding to nearest
    }
    round(x.neg, mag, x.exp - 64, bits)
}

/// `a - b` rounded once to `bits` significant bits (no NaN operands: the
/// negation would flip a NaN's sign).
pub(crate) fn sub(a: f64, b: f64, bits: u32) -> f64 {
    add(a, -b, bits)
}

/// `a · b` rounded once to `bits` significant bits.
pub(crate) fn mul(a: f64, b: f64, bits: u32) -> f64 {
    if !a.is_finite() || !b.is_finite() || a == 0.0 || b == 0.0 {
        return exact_or_indefinite(a * b);
    }
    let (x, y) = (parts(a), parts(b));
    let mag = u128::from(x.sig) * u128::from(y.sig); // exact, at most 106 bits
    round(x.neg != y.neg, mag, x.exp + y.exp, bits)
}

/// `a / b` rounded once to `bits` significant bits.
pub(crate) fn div(a: f64, b: f64, bits: u32) -> f64 {
    if !a.is_finite() || !b.is_finite() || a == 0.0 || b == 0.0 {
        return exact_or_indefinite(a / b);
    }
    let (x, y) = (parts(a), parts(b));
    // x.sig · 2^74 < 2^127; the quotient has 74 or 75 bits.
    let num = u128::from(x.sig) << 74;
    let den = u128::from(y.sig);
    let q = num / den;
    let r = num % den;
    round(
        x.neg != y.neg,
        q | u128::from(r != 0),
        x.exp - y.exp - 74,
        bits,
    )
}

/// For the special operands (callers pass no NaNs): the host's exact result,
/// or the indefinite for an invalid operation whatever NaN the host made.
fn exact_or_indefinite(r: f64) -> f64 {
    if r.is_nan() {
        INDEFINITE_F64
    } else {
        r
    }
}

/// The x87 "indefinite": the quiet NaN an invalid operation returns.
pub(crate) const INDEFINITE_F64: f64 = f64::from_bits(0xfff8_0000_0000_0000);

/// `sqrt(a)` rounded once to `bits` significant bits.
pub(crate) fn sqrt(a: f64, bits: u32) -> f64 {
    if a.is_nan() || a == 0.0 || a == f64::INFINITY {
        return a;
    }
    if a < 0.0 {
        return INDEFINITE_F64;
    }
    let p = parts(a);
    let (sig, exp) = if p.exp & 1 != 0 {
        (u128::from(p.sig) << 1, p.exp - 1)
    } else {
        (u128::from(p.sig), p.exp)
    };
    // sig < 2^54, so sig · 2^74 < 2^128; its root has 64 bits.
    let s = sig << 74;
    let r = isqrt(s);
    let rem = s - r * r;
    round(false, r | u128::from(rem != 0), (exp - 74) / 2, bits)
}

/// Integer square root (floor) by Newton's iteration from above.
fn isqrt(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    let len = 128 - n.leading_zeros();
    let mut x = 1u128 << len.div_ceil(2); // >= sqrt(n)
    loop {
        let y = (x + n / x) / 2;
        if y >= x {
            return x;
        }
        x = y;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn isqrt_small() {
        for n in 0u128..10_000 {
            let r = isqrt(n);
            assert!(r * r <= n && (r + 1) * (r + 1) > n, "{n}");
        }
        let big = u128::MAX;
        let r = isqrt(big);
        assert_eq!(r, u64::MAX as u128);
    }

    #[test]
    fn rounding_at_53_bits_is_ieee() {
        let xs = [1.0, 3.0, 0.1, 1e-300, 5e-324, 1.5e300, -2.5, 7.0 / 3.0];
        for &a in &xs {
            for &b in &xs {
                assert_eq!(add(a, b, 53).to_bits(), (a + b).to_bits(), "{a}+{b}");
                assert_eq!(sub(a, b, 53).to_bits(), (a - b).to_bits(), "{a}-{b}");
                assert_eq!(mul(a, b, 53).to_bits(), (a * b).to_bits(), "{a}*{b}");
                assert_eq!(div(a, b, 53).to_bits(), (a / b).to_bits(), "{a}/{b}");
            }
        }
    }

    #[test]
    fn twenty_four_bit_ties_go_to_even() {
        // 1 + 2^-24 is exactly halfway between 1 and 1 + 2^-23: even is 1.
        assert_eq!(round_to(1.0 + 2f64.powi(-24), 24), 1.0);
        // 1 + 3·2^-24 is halfway between 1 + 2^-23 and 1 + 2^-22: even is the latter.
        assert_eq!(
            round_to(1.0 + 3.0 * 2f64.powi(-24), 24),
            1.0 + 2f64.powi(-22)
        );
        // A sticky bit far below breaks the tie upwards.
        assert_eq!(
            add(1.0 + 2f64.powi(-24), 2f64.powi(-80), 24),
            1.0 + 2f64.powi(-23)
        );
        // ... and downwards when subtracted.
        assert_eq!(
            sub(1.0 + 3.0 * 2f64.powi(-24), 2f64.powi(-200), 24),
            1.0 + 2f64.powi(-23)
        );
    }
}
