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

#[cfg(feature = "std")]
impl Expectation {
    /// More than one seed is expected to match by chance (1.5 or more, so
    /// that about one is not said to be many): worth saying before a
    /// search, since its hits cannot then pin one seed.
    pub fn is_many(&self) -> bool {
        self.hits >= 1.5
    }

    /// The estimate as every front end says it (it names no front end's
    /// setting), for a search at `max_offset + 1` offsets: `about 19.9
    /// million of these seeds match by chance alone (each value is 1 of 6
    /// outcomes): 10 more values would leave about one`.
    pub fn sentence(&self, max_offset: u64) -> alloc::string::String {
        alloc::format!(
            "about {} of these seeds match by chance alone (each value is 1 of {} outcomes{}): \
             {} more value{} would leave about one",
            people(self.hits),
            people(self.outcomes),
            if max_offset > 0 {
                alloc::format!(", at {} offsets", max_offset.saturating_add(1))
            } else {
                alloc::string::String::new()
            },
            self.more_values,
            if self.more_values == 1 { "" } else { "s" }
        )
    }
}

/// A large count for people: `20 million`, `4.29 billion`, `3500`.
#[cfg(feature = "std")]
fn people(x: f64) -> alloc::string::String {
    use alloc::string::ToString;
    let (v, unit) = if x >= 1e9 {
        (x / 1e9, " billion")
    } else if x >= 1e6 {
        (x / 1e6, " million")
    } else {
        return alloc::format!("{}", x.round() as u64);
    };
    let digits = if v >= 100.0 {
        0
    } else if v >= 10.0 {
        1
    } else {
        2
    };
    let text = alloc::format!("{v:.digits$}");
    let text = if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    };
    alloc::format!("{text}{unit}")
}
