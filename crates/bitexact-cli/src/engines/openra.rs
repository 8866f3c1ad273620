//! `openra`: OpenRA's `MersenneTwister` (SPEC 11).

use crate::num;

/// An OpenRA seed: an `int`, written as OpenRA writes it (negative) or as its
/// 32-bit pattern: `-2147483648..=4294967295`.
pub fn parse_seed(s: &str) -> Result<i32, String> {
    if s.starts_with('-') {
        return num::parse_i32(s);
    }
    num::parse_u32(s)
        .map(|v| v as i32)
        .map_err(|e| format!("{e} (an OpenRA seed is -2147483648..=4294967295)"))
}
