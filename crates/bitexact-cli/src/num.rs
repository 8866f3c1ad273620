//! Command-line numbers: the library's vocabulary parsers
//! (`bitexact::num`), a count for `usize` options, and `int` seeds.

pub use bitexact::num::*;

/// A count that fits the machine's `usize`.
pub fn parse_u64_usize(s: &str) -> Result<usize, String> {
    let v = parse_u64(s).map_err(|e| e.to_string())?;
    usize::try_from(v).map_err(|_| format!("'{s}' is too large"))
}

/// A seed that is a C# `int` (OpenRA's): written negative as the game
/// writes it, or as its 32-bit pattern: `-2147483648..=4294967295`.
pub fn parse_int_seed(s: &str) -> Result<i32, String> {
    if s.starts_with('-') {
        return parse_i32(s).map_err(|e| e.to_string());
    }
    parse_u32(s)
        .map(|v| v as i32)
        .map_err(|e| format!("{e} (an int seed is -2147483648..=4294967295)"))
}

/// An address range `START..END` (each decimal or 0x hex, 32-bit, START < END).
pub fn parse_range_u32(s: &str) -> Result<(u32, u32), String> {
    let (a, b) = s
        .split_once("..")
        .ok_or_else(|| format!("'{s}' is not START..END"))?;
    let a = parse_u32(a).map_err(|e| e.to_string())?;
    let b = parse_u32(b).map_err(|e| e.to_string())?;
    if a >= b {
        return Err(format!("'{s}': START must be below END"));
    }
    Ok((a, b))
}
