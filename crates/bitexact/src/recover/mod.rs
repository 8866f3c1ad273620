//! Seed recovery: which seeds produce observed values (needs `alloc`).
//!
//! Each engine sets up its search in its own module (`sots::recover`,
//! `westwood::recover`, ...) through the engine contract
//! ([`Engine::recover`](crate::engine::Engine::recover)): a [`Searcher`]
//! scans one range of seeds single-threaded, and the scheduler
//! (`crate::search`, under `std`) splits the seed space over threads with
//! SPEC 8's promises. Candidates are filtered on the first value with the
//! least work the engine allows, and only survivors are simulated in full:
//!
//! - sots: a seed's output at word offset `j` of its first block needs
//!   only Knuth words `j`, `j + 1` and `j + 397` (words up to `j + 397` of the
//!   initializer, nothing of the twist beyond them), computed for many seeds
//!   at once in lanes the compiler vectorises. With 624 consecutive raw
//!   outputs there is no search at all (a [`Walk`]).
//! - westwood: a raw draw at offset `j < 147` is `psdes(seed, j) ^
//!   psdes(seed, j + 103)`: two hashes per seed and offset.
//! - laige: seeds are 64-bit, so a range is always given; a seed's
//!   outputs cost a few multiplies each.
//! - WWLib's other classes: `RandomClass`, `Random3Class` and `Random4Class`
//!   (the 1998 seeding gives Random4's first draws in closed form; with 624
//!   consecutive raw draws, a [`Walk`] as for sots).
//! - openra: OpenRA's `Next()` values, through the MT19937 search.
//! - generals: Generals' generator, run per seed (a few adds a draw).
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

pub use crate::engine::recovery::{
    returned, values, Hit, QueryError, Recovery, Searcher, Walk, WalkStopped, SCAN,
};

/// How many seeds a search should expect to match by chance alone, before
/// it runs ([`expected`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Expectation {
    /// Values one call returns, about equally likely.
    pub outcomes: f64,
    /// Seeds × offsets × outcomes^-values: the chance matches expected.
    pub hits: f64,
    /// Values beyond those given that would bring the expectation below one.
    pub more_values: u32,
}

/// The chance matches expected when `values` values of `tap` (text, as
/// `--tap`) are searched over `seeds` seeds at `max_offset + 1` offsets each;
/// `None` when the tap's values are not near-uniform over a known set
/// ([`Engine::outcomes`](crate::engine::Engine::outcomes)) or the tap is not
/// one of the engine's. (Needs `std` for its logarithms.)
#[cfg(feature = "std")]
pub fn expected(
    id: crate::engines::Id,
    tap: Option<&str>,
    values: usize,
    seeds: u64,
    max_offset: u64,
) -> Option<Expectation> {
    use crate::engine::Engine;
    let outcomes = crate::with_engine!(id, E => {
        let split = crate::engine::tap::Split::tap(tap.unwrap_or(E::INFO.default_tap()));
        E::outcomes(E::tap(split.name, split.args(), false).ok()?)
    })?;
    if outcomes < 2.0 {
        return None;
    }
    let trials = seeds as f64 * (max_offset as f64 + 1.0);
    let hits = trials * outcomes.powf(-(values as f64));
    let needed = (trials.ln() / outcomes.ln()).ceil() as i64;
    Some(Expectation {
        outcomes,
        hits,
        more_values: u32::try_from(needed - values as i64).unwrap_or(0),
    })
}
