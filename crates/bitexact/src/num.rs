//! Numbers as the vocabulary writes them (SPEC 6): decimal or `0x` hex;
//! floats also as `0x` + 8 hex digits (an f32's bits) and doubles as `0x` +
//! 16. Errors are [`NumError`]s naming the text; no allocation.

use crate::text::Text;
use core::fmt;

/// What is wrong with a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NumKind {
    /// Nothing to read.
    Empty,
    /// A negative number where only 0 and up are taken (an unsigned seed,
    /// a count, a bound).
    Negative,
    /// Not a number of the form expected (`what` says which).
    NotANumber {
        /// `decimal or 0x hex`, `a decimal float or 0x + 8 hex digits`, or
        /// empty.
        expected: &'static str,
    },
    /// Above `u64::MAX`.
    TooLarge,
    /// A number, outside the type's range.
    OutOfRange {
        /// The range's sentence (`does not fit in 32 bits (0..=4294967295)`).
        range: &'static str,
    },
    /// `0x` with the wrong number of digits for a float's bits.
    HexDigits {
        /// `float` or `double`.
        what: &'static str,
        /// The digits it takes.
        digits: usize,
        /// Whose bits (`f32`), or empty.
        bits: &'static str,
    },
    /// `0x` and the right length, but not hex.
    BadHex,
    /// A number `double()` never returns (not `k / 2^31`).
    NotADouble,
    /// A number the tap never returns: it returns `lo..=hi` (wrapping
    /// through the ends of `i32` when `lo > hi`, as Generals' `value` with
    /// its bounds reversed does).
    NotReturned {
        /// The first value it returns.
        lo: i64,
        /// The last.
        hi: i64,
    },
}

/// A number that could not be read: the text and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NumError {
    /// The text as given.
    pub text: Text,
    /// Why.
    pub kind: NumKind,
}

impl NumError {
    pub(crate) fn new(s: &str, kind: NumKind) -> NumError {
        NumError {
            text: Text::from(s),
            kind,
        }
    }
}

impl fmt::Display for NumError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = &self.text;
        match self.kind {
            NumKind::Empty => f.write_str("empty number"),
            NumKind::Negative => write!(
                f,
                "'{s}' is negative: this number is unsigned (0 or more, decimal or 0x hex)"
            ),
            NumKind::NotANumber { expected: "" } => write!(f, "'{s}' is not a number"),
            NumKind::NotANumber { expected } => {
                write!(f, "'{s}' is not a number (expected {expected})")
            }
            NumKind::TooLarge => write!(f, "'{s}' is too large (the limit is {})", u64::MAX),
            NumKind::OutOfRange { range } => write!(f, "'{s}' {range}"),
            NumKind::HexDigits {
                what,
                digits,
                bits: "",
            } => write!(f, "'{s}': a {what} in hex is 0x + {digits} hex digits"),
            NumKind::HexDigits { what, digits, bits } => write!(
                f,
                "'{s}': a {what} in hex is 0x + {digits} hex digits (its {bits} bits)"
            ),
            NumKind::BadHex => write!(f, "'{s}' is not valid hex"),
            NumKind::NotADouble => write!(
                f,
                "{s} is not a value double() returns (k / 2^31 for k in 1..2^31)"
            ),
            NumKind::NotReturned { lo, hi } if lo <= hi => write!(
                f,
                "'{s}' is never returned by this tap (it returns {lo}..={hi}): no seed produces it"
            ),
            NumKind::NotReturned { lo, hi } => write!(
                f,
                "'{s}' is never returned by this tap (it returns {lo}..={} and {}..={hi}): no seed \
                 produces it",
                i32::MAX,
                i32::MIN
            ),
        }
    }
}

impl core::error::Error for NumError {}

const INTEGER: &str = "decimal or 0x hex";

/// The range sentence of a u32.
pub const U32_RANGE: &str = "does not fit in 32 bits (0..=4294967295)";
/// The range sentence of an i32.
pub const I32_RANGE: &str = "is out of the i32 range (-2147483648..=2147483647)";

/// An unsigned number, decimal or `0x` hex.
pub fn parse_u64(s: &str) -> Result<u64, NumError> {
    let t = s.trim();
    let parsed = match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => t.parse::<u64>(),
    };
    parsed.map_err(|e| {
        use core::num::IntErrorKind::*;
        NumError::new(
            s,
            match e.kind() {
                PosOverflow => NumKind::TooLarge,
                Empty => NumKind::Empty,
                _ if t
                    .strip_prefix('-')
                    .is_some_and(|d| !d.is_empty() && d.bytes().all(|c| c.is_ascii_digit())) =>
                {
                    NumKind::Negative
                }
                _ => NumKind::NotANumber { expected: INTEGER },
            },
        )
    })
}

/// A u32, decimal or `0x` hex.
pub fn parse_u32(s: &str) -> Result<u32, NumError> {
    let v = parse_u64(s)?;
    u32::try_from(v).map_err(|_| NumError::new(s, NumKind::OutOfRange { range: U32_RANGE }))
}

/// An i32: an optional `-` (or `+`), then decimal or `0x` hex; `0x` hex
/// with no sign is the word's 32-bit pattern, `0x80000000..=0xffffffff`
/// being the negative ones — what `stream --format hex` prints, so that
/// its output reads back (`0xfffffffc` is −4, as `-0x4` is).
pub fn parse_i32(s: &str) -> Result<i32, NumError> {
    let t = s.trim();
    if t.starts_with("0x") || t.starts_with("0X") {
        let v = parse_u64(t)?;
        return u32::try_from(v)
            .map(|w| w as i32)
            .map_err(|_| NumError::new(s, NumKind::OutOfRange { range: I32_RANGE }));
    }
    let (neg, mag) = match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let m =
        parse_u64(mag).map_err(|_| NumError::new(s, NumKind::NotANumber { expected: INTEGER }))?;
    let v = if neg { -i128::from(m) } else { i128::from(m) };
    i32::try_from(v).map_err(|_| NumError::new(s, NumKind::OutOfRange { range: I32_RANGE }))
}

/// An f32: a decimal literal (correctly rounded; `inf`, `NaN` accepted) or
/// `0x` + exactly 8 hex digits giving its bits.
pub fn parse_f32(s: &str) -> Result<f32, NumError> {
    let t = s.trim();
    if let Some(hex) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        if hex.len() != 8 {
            return Err(NumError::new(
                s,
                NumKind::HexDigits {
                    what: "float",
                    digits: 8,
                    bits: "f32",
                },
            ));
        }
        return u32::from_str_radix(hex, 16)
            .map(f32::from_bits)
            .map_err(|_| NumError::new(s, NumKind::BadHex));
    }
    t.parse::<f32>().map_err(|_| {
        NumError::new(
            s,
            NumKind::NotANumber {
                expected: "a decimal float or 0x + 8 hex digits",
            },
        )
    })
}

/// An f64 given as a decimal or as `0x` + 16 hex digits.
pub fn parse_f64(s: &str) -> Result<f64, NumError> {
    if let Some(hex) = s.strip_prefix("0x") {
        if hex.len() == 16 {
            return u64::from_str_radix(hex, 16)
                .map(f64::from_bits)
                .map_err(|_| NumError::new(s, NumKind::BadHex));
        }
        return Err(NumError::new(
            s,
            NumKind::HexDigits {
                what: "double",
                digits: 16,
                bits: "",
            },
        ));
    }
    s.parse::<f64>()
        .map_err(|_| NumError::new(s, NumKind::NotANumber { expected: "" }))
}

/// A WWLib `double()` value as the integer `k` of `k / 2^31` it is: printed
/// values are rounded (seed 002 prints 15 digits), so the nearest `k / 2^31`
/// within 2^-33 is taken.
pub fn parse_double_value(v: &str) -> Result<i32, NumError> {
    let d = parse_f64(v)?;
    let k = round_half_away(d * 2_147_483_648.0);
    if (1.0..2_147_483_648.0).contains(&k)
        && (d - k / 2_147_483_648.0).abs() < 1.0 / 8_589_934_592.0
    {
        Ok(k as i32)
    } else {
        Err(NumError::new(v, NumKind::NotADouble))
    }
}

/// Round half away from zero (`f64::round` is not in `core`).
pub(crate) fn round_half_away(x: f64) -> f64 {
    if x.is_nan() || x.abs() >= 9.0e18 {
        return x; // NaN, infinities and huge values: not a `k` either way
    }
    let t = x as i64 as f64; // truncation: |x| < 2^63 here
    let r = x - t;
    if r >= 0.5 {
        t + 1.0
    } else if r <= -0.5 {
        t - 1.0
    } else {
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn numbers() {
        assert_eq!(parse_u64("10"), Ok(10));
        assert_eq!(parse_u64("0x10"), Ok(16));
        assert_eq!(parse_u64("0XfF"), Ok(255));
        assert_eq!(parse_u64("-1").unwrap_err().kind, NumKind::Negative);
        assert!(parse_u32("-5")
            .unwrap_err()
            .to_string()
            .contains("unsigned"));
        assert_eq!(
            parse_u64("-x").unwrap_err().kind,
            NumKind::NotANumber { expected: INTEGER }
        );
        assert!(parse_u64("1e3").is_err());
        assert_eq!(parse_u64("").unwrap_err().to_string(), "empty number");
        assert!(parse_u64("18446744073709551616")
            .unwrap_err()
            .to_string()
            .contains("too large"));
        assert_eq!(parse_u32("4294967295"), Ok(u32::MAX));
        assert_eq!(
            parse_u32("4294967296").unwrap_err().to_string(),
            "'4294967296' does not fit in 32 bits (0..=4294967295)"
        );
        assert_eq!(parse_i32("-2147483648"), Ok(i32::MIN));
        assert_eq!(parse_i32("-0x10"), Ok(-16));
        assert!(parse_i32("2147483648").is_err());
        // Hex with no sign is the 32-bit pattern, as `--format hex` prints.
        assert_eq!(parse_i32("0xfffffffc"), Ok(-4));
        assert_eq!(parse_i32("0x80000000"), Ok(i32::MIN));
        assert_eq!(parse_i32("0x7fffffff"), Ok(i32::MAX));
        assert!(parse_i32("0x100000000").is_err());
        assert_eq!(parse_i32("+0x10"), Ok(16));
        assert_eq!(parse_f32("0.5"), Ok(0.5));
        assert_eq!(parse_f32("0x3f800000"), Ok(1.0));
        assert!(parse_f32("0x3f8").is_err());
        assert!(parse_f32("NaN").unwrap().is_nan());
        assert_eq!(
            parse_f32("half").unwrap_err().to_string(),
            "'half' is not a number (expected a decimal float or 0x + 8 hex digits)"
        );
        assert_eq!(parse_f64("0x3ff0000000000000"), Ok(1.0));
        assert!(parse_f64("0x3ff").is_err());
        assert_eq!(parse_double_value("0.5"), Ok(1 << 30));
        assert!(parse_double_value("0").is_err());
        assert!(parse_double_value("1e300").is_err());
        assert!(parse_double_value("NaN").is_err());
    }
}
