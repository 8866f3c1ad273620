//! The x87 precision-control models (pc53, pc24) and ULP distances.
//!
//! On the x87 every arithmetic result is rounded to the significand width the
//! precision-control (PC) field selects, while the exponent stays wide; loads
//! are exact, and a store to a 4-byte float rounds again. Two settings matter
//! for the engines here (SPEC 2.3):
//!
//! - [`Precision::Pc53`] — MSVC's default control word `0x027F`: results are
//!   rounded to 53 bits, which for the values these engines produce is exactly
//!   IEEE `f64` arithmetic.
//! - [`Precision::Pc24`] — control word `0x007F`, what a Direct3D 9 device
//!   created without `FPU_PRESERVE` leaves behind: every `fadd`, `fsub`, `fmul`,
//!   `fdiv` and `fsqrt` result is rounded **once** to 24 bits. Computing in `f64`
//!   and then rounding to 24 bits would round twice and can be wrong, so pc24
//!   forms the exact result in integers and rounds it once (see `soft`).
//!
//! Values travel between operations as `f64` *carriers*: an `f64` holds any
//! 24- or 53-bit significand exactly. This is faithful while every result stays
//! inside f64's normal range (about 2^-1022 to 2^1024), which holds for all f32
//! inputs to the formulas of SPEC 2 and 5; a result outside it is where the
//! x87's wider exponent would differ. [`store_f32`] is the narrowing `fstp m32`.
//!
//! Ground truth: on x86_64, [`hw`] runs the original instruction sequences on
//! this machine's x87 unit, and the test suite compares the models with it.

mod soft;

#[cfg(target_arch = "x86_64")]
pub mod hw;

/// An x87 precision-control setting (SPEC 2.3). The default is [`Pc53`](Self::Pc53).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Precision {
    /// 53-bit significands: MSVC's default control word `0x027F`.
    #[default]
    Pc53,
    /// 24-bit significands: control word `0x007F` (Direct3D 9 without `FPU_PRESERVE`).
    Pc24,
}

impl Precision {
    /// Both settings, for iterating.
    pub const ALL: [Precision; 2] = [Precision::Pc53, Precision::Pc24];

    /// The x87 control word that selects this precision, with every exception
    /// masked and round-to-nearest: `0x027F` or `0x007F`.
    pub const fn control_word(self) -> u16 {
        match self {
            Precision::Pc53 => 0x027f,
            Precision::Pc24 => 0x007f,
        }
    }

    /// Significand bits an arithmetic result keeps: 53 or 24.
    pub const fn significand_bits(self) -> u32 {
        match self {
            Precision::Pc53 => 53,
            Precision::Pc24 => 24,
        }
    }

    /// The lower-case name used on the command line: `pc53` or `pc24`.
    pub const fn name(self) -> &'static str {
        match self {
            Precision::Pc53 => "pc53",
            Precision::Pc24 => "pc24",
        }
    }

    /// `x` rounded to this precision (what an x87 `fld` of a wider value
    /// followed by any exact operation would leave).
    #[inline]
    pub fn round(self, x: f64) -> f64 {
        match self {
            Precision::Pc53 => x,
            Precision::Pc24 => soft::round_to(x, 24),
        }
    }

    /// `fadd`: `a + b`, rounded once.
    #[inline]
    pub fn add(self, a: f64, b: f64) -> f64 {
        if a.is_nan() || b.is_nan() {
            return propagate_nan(a, b);
        }
        match self {
            Precision::Pc53 => invalid_is_indefinite(a + b),
            Precision::Pc24 => soft::add(a, b, 24),
        }
    }

    /// `fsub`: `a - b`, rounded once.
    #[inline]
    pub fn sub(self, a: f64, b: f64) -> f64 {
        if a.is_nan() || b.is_nan() {
            return propagate_nan(a, b);
        }
        match self {
            Precision::Pc53 => invalid_is_indefinite(a - b),
            Precision::Pc24 => soft::sub(a, b, 24),
        }
    }

    /// `fmul`: `a · b`, rounded once.
    #[inline]
    pub fn mul(self, a: f64, b: f64) -> f64 {
        if a.is_nan() || b.is_nan() {
            return propagate_nan(a, b);
        }
        match self {
            Precision::Pc53 => invalid_is_indefinite(a * b),
            Precision::Pc24 => soft::mul(a, b, 24),
        }
    }

    /// `fdiv`: `a / b`, rounded once.
    #[inline]
    pub fn div(self, a: f64, b: f64) -> f64 {
        if a.is_nan() || b.is_nan() {
            return propagate_nan(a, b);
        }
        match self {
            Precision::Pc53 => invalid_is_indefinite(a / b),
            Precision::Pc24 => soft::div(a, b, 24),
        }
    }

    /// `fsqrt`: `sqrt(a)`, rounded once (a negative operand gives the
    /// indefinite NaN, as the x87 does).
    #[inline]
    pub fn sqrt(self, a: f64) -> f64 {
        if a.is_nan() {
            return quiet(a);
        }
        soft::sqrt(a, self.significand_bits())
    }
}

/// An invalid operation on non-NaN operands (∞ − ∞, 0 · ∞, 0/0, ∞/∞) gives
/// the x87 indefinite, whatever NaN the host would have made.
#[inline]
fn invalid_is_indefinite(r: f64) -> f64 {
    if r.is_nan() {
        INDEFINITE_F64
    } else {
        r
    }
}

const QUIET_BIT: u64 = 1 << 51;
const FRACTION: u64 = (1 << 52) - 1;

fn is_signaling(x: f64) -> bool {
    x.is_nan() && x.to_bits() & QUIET_BIT == 0
}

fn quiet(x: f64) -> f64 {
    f64::from_bits(x.to_bits() | QUIET_BIT)
}

/// The x87's NaN result for an operation with a NaN operand (Intel SDM
/// vol. 1, "Rules for generating QNaNs"): one NaN → that NaN, quieted; a
/// signaling and a quiet NaN → the quiet one; two of a kind → the larger
/// significand, and on a tie the positive one (observed on the hardware),
/// quieted. (SSE would take the first operand instead.)
fn propagate_nan(a: f64, b: f64) -> f64 {
    match (a.is_nan(), b.is_nan()) {
        (true, false) => quiet(a),
        (false, true) => quiet(b),
        _ => {
            let (sa, sb) = (is_signaling(a), is_signaling(b));
            if sa != sb {
                return quiet(if sa { b } else { a });
            }
            let (fa, fb) = (a.to_bits() & FRACTION, b.to_bits() & FRACTION);
            let pick = if fa != fb {
                if fa > fb {
                    a
                } else {
                    b
                }
            } else if a.is_sign_positive() {
                a
            } else {
                b
            };
            quiet(pick)
        }
    }
}

/// `fld dword ptr [m]`: an f32 loaded into a register. Exact, except that a
/// signaling NaN is quieted by the load (invalid operation, masked).
#[inline]
pub fn load_f32(x: f32) -> f64 {
    let v = widen(x);
    if v.is_nan() {
        quiet(v)
    } else {
        v
    }
}

/// An f32 memory operand of an arithmetic instruction (`fadd dword ptr
/// [m]`, …): exact, and a signaling NaN stays signaling until the operation
/// sees it — which matters when it meets a quiet NaN.
#[inline]
pub fn operand_f32(x: f32) -> f64 {
    widen(x)
}

/// f32 → f64 keeping a NaN's sign, payload and signaling bit (the hardware
/// conversion would quiet it).
#[inline]
fn widen(x: f32) -> f64 {
    if x.is_nan() {
        let b = x.to_bits();
        let sign = u64::from(b >> 31) << 63;
        f64::from_bits(sign | 0x7ff0_0000_0000_0000 | (u64::from(b & 0x007f_ffff) << 29))
    } else {
        f64::from(x)
    }
}

impl core::fmt::Display for Precision {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// A precision name that is neither `pc53` nor `pc24`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownPrecision;

impl core::fmt::Display for UnknownPrecision {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("unknown precision (expected pc53 or pc24)")
    }
}

impl core::error::Error for UnknownPrecision {}

impl core::str::FromStr for Precision {
    type Err = UnknownPrecision;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "pc53" => Ok(Precision::Pc53),
            "pc24" => Ok(Precision::Pc24),
            _ => Err(UnknownPrecision),
        }
    }
}

/// The narrowing store `fstp dword ptr [m]`: round to the nearest f32
/// (nearest-even, subnormals and overflow to infinity as IEEE specifies); a
/// NaN keeps its sign and the top of its payload.
#[inline]
pub fn store_f32(x: f64) -> f32 {
    if x.is_nan() {
        let b = x.to_bits();
        let sign = ((b >> 63) as u32) << 31;
        let mut frac = ((b & FRACTION) >> 29) as u32;
        if frac == 0 {
            frac = 0x0040_0000; // a payload only in the dropped bits: stay a NaN
        }
        return f32::from_bits(sign | 0x7f80_0000 | frac);
    }
    x as f32
}

/// The x87 "indefinite" as an f32: bits `0xFFC00000`, the quiet NaN an
/// invalid operation (or a store from an empty register stack) produces.
pub const INDEFINITE_F32: f32 = f32::from_bits(0xffc0_0000);

/// The x87 "indefinite" as an f64: bits `0xFFF8000000000000`.
pub const INDEFINITE_F64: f64 = soft::INDEFINITE_F64;

/// Position of an f32 on the ordered line of all finite values and
/// infinities: adjacent floats differ by 1, and `-0.0` and `+0.0` share 0.
fn ordinal_f32(x: f32) -> i64 {
    let b = x.to_bits();
    let mag = i64::from(b & 0x7fff_ffff);
    if b >> 31 == 1 {
        -mag
    } else {
        mag
    }
}

fn ordinal_f64(x: f64) -> i128 {
    let b = x.to_bits();
    let mag = i128::from(b & 0x7fff_ffff_ffff_ffff);
    if b >> 63 == 1 {
        -mag
    } else {
        mag
    }
}

/// How many f32 values lie between `a` and `b` (0 when equal, 1 for
/// neighbours; `-0.0` and `+0.0` are 0 apart; the largest finite float and
/// infinity are 1 apart). `None` when either is NaN.
pub fn ulp_distance_f32(a: f32, b: f32) -> Option<u32> {
    if a.is_nan() || b.is_nan() {
        return None;
    }
    Some((ordinal_f32(a) - ordinal_f32(b)).unsigned_abs() as u32)
}

/// [`ulp_distance_f32`] for f64.
pub fn ulp_distance_f64(a: f64, b: f64) -> Option<u64> {
    if a.is_nan() || b.is_nan() {
        return None;
    }
    Some((ordinal_f64(a) - ordinal_f64(b)).unsigned_abs() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ulp_distances() {
        assert_eq!(ulp_distance_f32(1.0, 1.0), Some(0));
        assert_eq!(ulp_distance_f32(1.0, f32::from_bits(0x3f80_0001)), Some(1));
        assert_eq!(ulp_distance_f32(-0.0, 0.0), Some(0));
        assert_eq!(
            ulp_distance_f32(f32::from_bits(1), -f32::from_bits(1)),
            Some(2)
        );
        assert_eq!(ulp_distance_f32(f32::MAX, f32::INFINITY), Some(1));
        assert_eq!(
            ulp_distance_f32(f32::NEG_INFINITY, f32::INFINITY),
            Some(0xff00_0000)
        );
        assert_eq!(ulp_distance_f32(f32::NAN, 1.0), None);
        assert_eq!(ulp_distance_f64(1.0, 1.0 + f64::EPSILON), Some(1));
        assert_eq!(
            ulp_distance_f64(f64::NEG_INFINITY, f64::INFINITY),
            Some(0xffe0_0000_0000_0000)
        );
    }

    #[test]
    fn precision_names_round_trip() {
        for p in Precision::ALL {
            assert_eq!(p.name().parse::<Precision>(), Ok(p));
        }
        assert!("pc64".parse::<Precision>().is_err());
    }
}
