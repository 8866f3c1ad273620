//! Seed recovery: which seeds produce observed values (needs `alloc`).
//!
//! Each engine has a searcher built from a tap and the observed values, with
//! a `search(seeds)` that scans one range of seeds single-threaded; a caller
//! (the CLI) splits the seed space over threads. Candidates are filtered on
//! the first value with the least work the engine allows, and only survivors
//! are simulated in full:
//!
//! - [`sots`]: a seed's output at word offset `j` of its first block needs
//!   only Knuth words `j`, `j + 1` and `j + 397` (words up to `j + 397` of the
//!   initializer, nothing of the twist beyond them), computed for many seeds
//!   at once in lanes the compiler vectorises. With 624 consecutive raw
//!   outputs there is no search at all ([`sots::from_outputs`]).
//! - [`westwood`]: a raw draw at offset `j < 147` is `psdes(seed, j) ^
//!   psdes(seed, j + 103)`: two hashes per seed and offset.
//! - [`laige`]: seeds are 64-bit, so a range is always given; a seed's
//!   outputs cost a few multiplies each.
//! - [`wwlib`]: WWLib's `RandomClass`, `Random3Class` and `Random4Class`
//!   (the 1998 seeding gives Random4's first draws in closed form).
//! - [`openra`]: OpenRA's `Next()` values, through the MT19937 search.
//! - [`generals`]: Generals' generator, run per seed (a few adds a draw).
//!
//! [`query`] sets any of them up from names (engine, tap and values as
//! text): the one entry point the CLI and the bindings share.
//!
//! **Offsets** count words (sots), draws (laige, westwood) drawn before the
//! first call, `0..=max_offset`. For a tap that can reject words (bounded
//! integers, ranged draws) the first call may spend several: the filter
//! scans past rejected words ([`SCAN`] of them, then it lets the candidate
//! through to the exact check), so the offset is the call's start.

pub mod query;

/// One seed whose stream produces the values, and where they start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Hit {
    /// The seed.
    pub seed: u64,
    /// Words (draws) drawn before the first value.
    pub offset: u64,
}

/// Words a filter looks past a rejected word before it gives up and lets
/// the candidate through to the exact check (a run of 32 rejections has
/// probability below 2^-32 for every tap here).
pub const SCAN: usize = 32;

/// Whether a call starting at word `j` can produce `want`, judging by the
/// words `j..=last` (`value(i)` is `None` for a word the tap rejects): the
/// first accepted word decides; if all are rejected, it might (the exact
/// check will tell).
#[inline(always)]
pub(crate) fn may_start_with<V: PartialEq>(
    j: usize,
    last: usize,
    want: &V,
    value: impl Fn(usize) -> Option<V>,
) -> bool {
    let mut i = j;
    while i <= last {
        if let Some(v) = value(i) {
            return v == *want;
        }
        i += 1;
    }
    true
}

/// Why a search cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecoverError {
    /// No values to search for.
    NoValues,
    /// The offset bound is beyond what this engine's filter supports.
    OffsetTooLarge {
        /// The bound asked for.
        max_offset: u64,
        /// The largest supported.
        limit: u64,
    },
    /// The tap cannot be recovered from (e.g. its values carry too little).
    UnsupportedTap(&'static str),
    /// The tap's arguments are invalid (an empty or endless range).
    BadTap(&'static str),
}

impl core::fmt::Display for RecoverError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            RecoverError::NoValues => f.write_str("no values to recover from"),
            RecoverError::OffsetTooLarge { max_offset, limit } => write!(
                f,
                "--max-offset {max_offset} is beyond this search's limit of {limit}"
            ),
            RecoverError::UnsupportedTap(why) => f.write_str(why),
            RecoverError::BadTap(why) => f.write_str(why),
        }
    }
}

impl core::error::Error for RecoverError {}

/// The checks every search's constructor makes: some values, and an offset
/// bound within the engine's `limit`.
pub(crate) fn check_setup(values: usize, max_offset: u64, limit: u64) -> Result<(), RecoverError> {
    if values == 0 {
        return Err(RecoverError::NoValues);
    }
    if max_offset > limit {
        return Err(RecoverError::OffsetTooLarge { max_offset, limit });
    }
    Ok(())
}
