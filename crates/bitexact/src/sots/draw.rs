//! The Mars draw mappings as pure functions of the tempered word(s).
//!
//! [`super::Rng`] calls these; they are public so a tool can map words it
//! already has (a recorded stream, a seed search) without a generator.

use crate::x87::{load_f32, operand_f32, store_f32, Precision};

/// The unit draw's multiplier: 1/(2^32 − 1) rounded to double, bits
/// `0x3df0000000100000` = 2^-32 · (1 + 2^-32).
///
/// **A correction to seed 000 (SPEC 2.2).** The seed names the image's
/// constant as `0x3df0000000001000` *and* as 1/4294967295; those disagree
/// (`0x3df0000000001000` is 2^-32 · (1 + 2^-40)). Everything else the seed
/// says — divisor 2^32 − 1, `0xffffffff` maps to exactly 1.0, "differs from
/// 2^-32 by 2^-32 relative" — holds only for this value, so this is the
/// constant used. [`SCALE_2_POW_M32`] and [`SCALE_SEED_LITERAL`] are kept so
/// the three candidates can be told apart (the tests pin words where they give
/// three different unit values).
pub const UNIT_SCALE: f64 = f64::from_bits(0x3df0_0000_0010_0000);

/// 2^-32: the divisor the notes assumed before the binary was re-read, and the
/// scale of the truncated normal's uniform tap.
pub const SCALE_2_POW_M32: f64 = f64::from_bits(0x3df0_0000_0000_0000);

/// The literal seed 000 prints, `0x3df0000000001000` = 2^-32 · (1 + 2^-40).
/// Not the engine's constant (see [`UNIT_SCALE`]); kept for comparison only.
pub const SCALE_SEED_LITERAL: f64 = f64::from_bits(0x3df0_0000_0000_1000);

const TWO_POW_32: f64 = 4_294_967_296.0;

/// The value the unit draw leaves in the x87 register for tempered word `y`,
/// scaled by `scale` (normally [`UNIT_SCALE`]):
///
/// - the sign-extending integer load is exact;
/// - when the signed reading is negative, `+ 2^32` — exact under pc53,
///   rounded to 24 bits under pc24;
/// - the multiply by `scale`, rounded once to the precision.
///
/// Under pc53 this is exactly `y as f64 * scale`.
#[inline]
pub fn unit_register(y: u32, scale: f64, precision: Precision) -> f64 {
    let loaded = f64::from(y as i32);
    let fixed = if (y as i32) < 0 {
        precision.add(loaded, TWO_POW_32)
    } else {
        loaded
    };
    precision.mul(fixed, scale)
}

/// `next_unit` for word `y`: `y as f64 * UNIT_SCALE`, closed [0, 1].
#[inline]
pub fn unit_of_word(y: u32) -> f64 {
    f64::from(y) * UNIT_SCALE
}

/// `next_float` for word `y`: the unit register narrowed to f32.
#[inline]
pub fn float_of_word(y: u32, precision: Precision) -> f32 {
    match precision {
        // The fast path of the same formula: the product rounds to 53 bits.
        Precision::Pc53 => store_f32(unit_of_word(y)),
        Precision::Pc24 => store_f32(unit_register(y, UNIT_SCALE, precision)),
    }
}

/// `float_range(lo, hi)` for word `y`: `f32(lo + f32((hi − lo) · unit))`,
/// each arithmetic result rounded to the precision, the product stored to a
/// 4-byte float before `lo` is added, the sum stored again (seed 000: the
/// original narrows twice; a single narrowing of the whole expression is a
/// different, distinguishable model).
#[inline]
pub fn float_range_of_word(y: u32, lo: f32, hi: f32, precision: Precision) -> f32 {
    let unit = unit_register(y, UNIT_SCALE, precision);
    // fld hi; fsub dword [lo]; fmulp (unit); fstp [product]
    let span = precision.sub(load_f32(hi), operand_f32(lo));
    let product = store_f32(precision.mul(span, unit));
    // fld lo; fadd dword [product]; fstp
    store_f32(precision.add(load_f32(lo), operand_f32(product)))
}

/// The truncated normal's uniform tap for word `y`: `(y + 0.5) · 2^-32`,
/// strictly inside (0, 1). Exact in f64 (33 significant bits at most).
#[inline]
pub fn open_unit_of_word(y: u32) -> f64 {
    (f64::from(y) + 0.5) * SCALE_2_POW_M32
}

/// The mask `next_int_inclusive(n)` applies: the smallest 2^k − 1 that is
/// `>= n` (computed from `n` itself; 0 for `n == 0`).
#[inline]
pub const fn inclusive_mask(n: u32) -> u32 {
    if n == 0 {
        0
    } else {
        u32::MAX >> n.leading_zeros()
    }
}
