//! Command-line numbers: the library's vocabulary parsers
//! (`bitexact::num`), a count for `usize` options, and `int` seeds.

pub use bitexact::num::*;

/// A count as people write large ones (issue 34: the help says 1.6·10^7,
/// so `1.6e7` must work): the vocabulary's decimal or `0x` hex, also with
/// `_` between digits (`16_000_000`) or in scientific notation when that is
/// a whole number (`1.6e7`, `1e9`; `1.5e0` is refused).
pub fn parse_count(s: &str) -> Result<u64, String> {
    let t = s.trim();
    if let Ok(v) = parse_u64(t) {
        return Ok(v);
    }
    let grouped = t.contains('_')
        && !t.starts_with('_')
        && !t.ends_with('_')
        && !t.contains("__")
        && t.bytes().all(|c| c.is_ascii_digit() || c == b'_');
    if grouped {
        if let Ok(v) = parse_u64(&t.replace('_', "")) {
            return Ok(v);
        }
    }
    if let Some(v) = scientific(t) {
        return Ok(v);
    }
    parse_u64(t).map_err(|e| e.to_string())
}

/// `M.FeE` (digits, an optional fraction, a non-negative exponent) when it
/// is a whole number that fits `u64`.
fn scientific(t: &str) -> Option<u64> {
    let (m, e) = t.split_once(['e', 'E'])?;
    let e: u32 = e.strip_prefix('+').unwrap_or(e).parse().ok()?;
    let (int, frac) = m.split_once('.').unwrap_or((m, ""));
    let digits = |d: &str| d.bytes().all(|c| c.is_ascii_digit());
    if (int.is_empty() && frac.is_empty()) || !digits(int) || !digits(frac) {
        return None;
    }
    let frac = frac.trim_end_matches('0');
    let shift = e.checked_sub(frac.len() as u32)?;
    let mantissa: u64 = format!("{int}{frac}").parse().ok()?;
    mantissa.checked_mul(10u64.checked_pow(shift)?)
}

/// A count that fits the machine's `usize`.
pub fn parse_u64_usize(s: &str) -> Result<usize, String> {
    let v = parse_count(s)?;
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

#[cfg(test)]
mod tests {
    use super::parse_count;

    #[test]
    fn counts_as_people_write_them() {
        for (text, want) in [
            ("16000000", 16_000_000),
            ("0x10", 16),
            ("16_000_000", 16_000_000),
            ("1.6e7", 16_000_000),
            ("1e9", 1_000_000_000),
            ("1E3", 1000),
            ("2.50e2", 250),
            ("1.8446744073709551615e19", u64::MAX),
        ] {
            assert_eq!(parse_count(text), Ok(want), "{text}");
        }
        for bad in [
            "1.5e0", "1e20", "1e-3", "_1", "1__0", "1_", "e5", ".e5", "1.6", "-1e3", "0x1_0",
        ] {
            assert!(parse_count(bad).is_err(), "{bad}");
        }
    }
}
