//! Seed recovery for OpenRA's `MersenneTwister` (Knuth-seeded MT19937,
//! seeds as 32-bit patterns of the `int`).
//!
//! `Next()` is `word mod 2147483647`, so a value `v` comes from one of at
//! most three tempered words: `v`, `v + 2147483647` and, for `v ≤ 1`,
//! `v + 4294967294`. Each is searched with the MT19937 lane search of
//! [`crate::sots::recover`] (raw `u32` tap), and every hit is confirmed with OpenRA's
//! own mapping over all the values. Only the `next` tap is recoverable:
//! `Next(low, high)` and `NextFloat` keep too little of the word to filter on.

use crate::num::parse_i32;
use crate::openra::{MersenneTwister, MODULUS};
use crate::recover::{values, Hit, QueryError, Recovery};
use crate::sots::recover as sots;
use alloc::vec::Vec;
use core::ops::Range;

/// The largest `max_offset` supported: draws inside the first block.
pub const MAX_SEARCH_OFFSET: u64 = sots::MAX_SEARCH_OFFSET;

/// Whether `MersenneTwister(seed)` (the seed's bit pattern), from draw
/// `offset`, gives `values`.
pub fn confirm(values: &[i32], seed: u32, offset: u64) -> bool {
    let mut m = MersenneTwister::new(seed as i32);
    m.discard(offset);
    values.iter().all(|&v| m.next() == v)
}

/// A search over seeds for consecutive `Next()` values.
#[derive(Clone, Debug)]
pub struct Search {
    values: Vec<i32>,
    words: Vec<sots::Search>,
}

impl Search {
    /// Set up a search for `values` (each in `0..=2147483646`) starting at
    /// a draw in `0..=max_offset`.
    pub fn new(values: Vec<i32>, max_offset: u64) -> Result<Search, QueryError> {
        crate::recover::check_setup(values.len(), max_offset, MAX_SEARCH_OFFSET)?;
        if values.iter().any(|&v| v < 0 || v as u32 >= MODULUS) {
            return Err(QueryError::BadTap("Next() values are 0..=2147483646"));
        }
        let v = values[0] as u64;
        let words = [v, v + MODULUS as u64, v + 2 * MODULUS as u64]
            .into_iter()
            .filter(|&w| w <= u32::MAX.into())
            .map(|w| sots::Search::new(sots::Tap::U32, alloc::vec![w], max_offset))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Search { values, words })
    }

    /// Every hit among `seeds` (clamped to `0..2^32`), in seed order.
    pub fn search(&self, seeds: Range<u64>) -> Vec<Hit> {
        let mut hits: Vec<Hit> = self
            .words
            .iter()
            .flat_map(|s| s.search(seeds.clone()))
            .filter(|h| confirm(&self.values, h.seed as u32, h.offset))
            .collect();
        hits.sort_unstable();
        hits.dedup();
        hits
    }
}

impl crate::recover::Searcher for Search {
    fn search(&self, seeds: Range<u64>) -> Vec<Hit> {
        Search::search(self, seeds)
    }
}

/// The search for `Next()` values `vals` at a draw offset in
/// `0..=max_offset`; only the `next` tap keeps enough of each word.
pub fn query(
    tap: crate::openra::engine::Tap,
    vals: &[&str],
    max_offset: u64,
) -> Result<Recovery, QueryError> {
    use crate::openra::engine::Tap as T;
    let name = match tap {
        T::Next => {
            // Next() is a word mod 2^31 − 1: 0..=2147483646.
            let v = values(vals, parse_i32)?;
            crate::recover::returned(vals, &v, 0, i64::from(MODULUS) - 1)?;
            return Ok(Recovery::search(Search::new(v, max_offset)?));
        }
        T::Range(..) => "range",
        T::Float => "float",
    };
    Err(QueryError::NotThisTap {
        tap: name,
        why: "Next(low, high) and NextFloat keep too little of each word",
        taps: "next",
    })
}
