//! Numbers as the vocabulary writes them (SPEC 6): decimal or `0x` hex;
//! floats also as `0x` + 8 hex digits (the f32's bits). Errors are one-line
//! messages naming the text.

use alloc::format;
use alloc::string::{String, ToString};

/// An unsigned number, decimal or `0x` hex.
pub fn parse_u64(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let parsed = match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => t.parse::<u64>(),
    };
    parsed.map_err(|e| {
        use core::num::IntErrorKind::*;
        match e.kind() {
            PosOverflow => format!("'{s}' is too large (the limit is {})", u64::MAX),
            Empty => "empty number".to_string(),
            _ => format!("'{s}' is not a number (expected decimal or 0x hex)"),
        }
    })
}

/// A u32, decimal or `0x` hex.
pub fn parse_u32(s: &str) -> Result<u32, String> {
    let v = parse_u64(s)?;
    u32::try_from(v).map_err(|_| format!("'{s}' does not fit in 32 bits (0..=4294967295)"))
}

/// An i32: an optional `-`, then decimal or `0x` hex.
pub fn parse_i32(s: &str) -> Result<i32, String> {
    let t = s.trim();
    let (neg, mag) = match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let m = parse_u64(mag)
        .map_err(|_| format!("'{s}' is not a number (expected decimal or 0x hex)"))?;
    let v = if neg { -i128::from(m) } else { i128::from(m) };
    i32::try_from(v)
        .map_err(|_| format!("'{s}' is out of the i32 range (-2147483648..=2147483647)"))
}

/// An f32: a decimal literal (correctly rounded; `inf`, `NaN` accepted) or
/// `0x` + exactly 8 hex digits giving its bits.
pub fn parse_f32(s: &str) -> Result<f32, String> {
    let t = s.trim();
    if let Some(hex) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        if hex.len() != 8 {
            return Err(format!(
                "'{s}': a float in hex is 0x + 8 hex digits (its f32 bits)"
            ));
        }
        return u32::from_str_radix(hex, 16)
            .map(f32::from_bits)
            .map_err(|_| format!("'{s}' is not valid hex"));
    }
    t.parse::<f32>().map_err(|_| {
        format!("'{s}' is not a number (expected a decimal float or 0x + 8 hex digits)")
    })
}

/// A tap's two-number argument `A,B` (the `MIN,MAX` of `ranged:MIN,MAX`),
/// with errors naming the tap: `--tap 'ranged:1,x': 'x' is not a number`.
pub fn parse_tap_pair<T>(
    tap: &str,
    arg: &str,
    form: &str,
    parse: fn(&str) -> Result<T, String>,
) -> Result<(T, T), String> {
    let (a, b) = arg
        .split_once(',')
        .ok_or_else(|| format!("--tap '{tap}' takes two numbers: {form}"))?;
    let number = |x: &str| parse(x).map_err(|e| format!("--tap '{tap}': {e}"));
    Ok((number(a)?, number(b)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        assert_eq!(parse_u64("10"), Ok(10));
        assert_eq!(parse_u64("0x10"), Ok(16));
        assert_eq!(parse_u64("0XfF"), Ok(255));
        assert!(parse_u64("-1").is_err());
        assert!(parse_u64("1e3").is_err());
        assert!(parse_u64("").is_err());
        assert!(parse_u64("18446744073709551616")
            .unwrap_err()
            .contains("too large"));
        assert_eq!(parse_u32("4294967295"), Ok(u32::MAX));
        assert!(parse_u32("4294967296").is_err());
        assert_eq!(parse_i32("-2147483648"), Ok(i32::MIN));
        assert_eq!(parse_i32("-0x10"), Ok(-16));
        assert!(parse_i32("2147483648").is_err());
        assert_eq!(parse_f32("0.5"), Ok(0.5));
        assert_eq!(parse_f32("0x3f800000"), Ok(1.0));
        assert!(parse_f32("0x3f8").is_err());
        assert!(parse_f32("NaN").unwrap().is_nan());
        assert!(parse_f32("half").is_err());
        assert_eq!(
            parse_tap_pair("r:1,2", "1,2", "r:A,B", parse_i32),
            Ok((1, 2))
        );
        assert!(parse_tap_pair("r:1", "1", "r:A,B", parse_i32)
            .unwrap_err()
            .contains("r:A,B"));
        assert!(parse_tap_pair("r:1,x", "1,x", "r:A,B", parse_i32)
            .unwrap_err()
            .starts_with("--tap 'r:1,x'"));
    }
}
