//! Command-line numbers: the library's vocabulary parsers
//! (`bitexact::stream::num`), and a count for `usize` options.

pub use bitexact::stream::num::*;

/// A count that fits the machine's `usize`.
pub fn parse_u64_usize(s: &str) -> Result<usize, String> {
    usize::try_from(parse_u64(s)?).map_err(|_| format!("'{s}' is too large"))
}
