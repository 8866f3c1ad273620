//! Seed recovery for OpenRA's `MersenneTwister` (Knuth-seeded MT19937,
//! seeds as 32-bit patterns of the `int`).
//!
//! `Next()` is `word mod 2147483647`, so a value `v` comes from one of at
//! most three tempered words: `v`, `v + 2147483647` and, for `v ≤ 1`,
//! `v + 4294967294`. With a vector kernel, one pass over the seeds compares
//! each first-block word with all of them (the MT19937 kernel of
//! `sots::recover_avx`); else each is searched with the MT19937 lane search
//! of [`crate::sots::recover`] (raw `u32` tap). Every hit is confirmed with
//! OpenRA's own mapping over all the values. Only the `next` tap is recoverable:
//! `Next(low, high)` and `NextFloat` keep too little of the word to filter on.

use crate::engine::recovery::{values, Hit, QueryError, Recovery};
use crate::num::parse_i32;
use crate::openra::{MersenneTwister, MODULUS};
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
    /// The tempered words the first value can come from (two or three).
    first_words: Vec<u32>,
    max_offset: u64,
}

impl Search {
    /// Set up a search for `values` (each in `0..=2147483646`) starting at
    /// a draw in `0..=max_offset`.
    pub fn new(values: Vec<i32>, max_offset: u64) -> Result<Search, QueryError> {
        crate::engine::recovery::check_setup(values.len(), max_offset, MAX_SEARCH_OFFSET)?;
        if values.iter().any(|&v| v < 0 || v as u32 >= MODULUS) {
            return Err(QueryError::BadTap("Next() values are 0..=2147483646"));
        }
        let v = values[0] as u64;
        let first_words: Vec<u32> = [v, v + MODULUS as u64, v + 2 * MODULUS as u64]
            .into_iter()
            .filter_map(|w| u32::try_from(w).ok())
            .collect();
        let words = first_words
            .iter()
            .map(|&w| sots::Search::new(sots::Tap::U32, alloc::vec![w.into()], max_offset))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Search {
            values,
            words,
            first_words,
            max_offset,
        })
    }

    /// Every hit among `seeds` (clamped to `0..2^32`), in seed order. With
    /// an AVX-512 or AVX2 kernel and offsets up to 226: one pass over the
    /// seeds comparing each first-block word with all the words the first
    /// value can come from; else one MT19937 search per word.
    pub fn search(&self, seeds: Range<u64>) -> Vec<Hit> {
        if let Some(hits) = self.search_one_pass(crate::simd::Isa::best(), seeds.clone()) {
            return hits;
        }
        self.search_by_word(seeds)
    }

    /// The one-pass search on kernel `isa`, or `None` where it does not
    /// run (the portable kernel, offsets past 226).
    pub(crate) fn search_one_pass(
        &self,
        isa: crate::simd::Isa,
        seeds: Range<u64>,
    ) -> Option<Vec<Hit>> {
        use crate::sots::filter::{Filter, MAX_OFFSET};
        use crate::sots::recover_simd::candidates;
        if self.max_offset > MAX_OFFSET as u64 {
            return None;
        }
        let mut words = [crate::mt19937::untemper(self.first_words[0]); 3];
        for (w, &t) in words.iter_mut().zip(&self.first_words) {
            *w = crate::mt19937::untemper(t);
        }
        let found = candidates(isa, Filter::AnyRaw(words), self.max_offset as usize, seeds)?;
        let mut hits: Vec<Hit> = found
            .into_iter()
            .filter(|&(seed, j)| confirm(&self.values, seed, j.into()))
            .map(|(seed, j)| Hit {
                seed: seed.into(),
                offset: j.into(),
            })
            .collect();
        hits.sort_unstable();
        hits.dedup();
        Some(hits)
    }

    /// One MT19937 search per word the first value can come from.
    pub(crate) fn search_by_word(&self, seeds: Range<u64>) -> Vec<Hit> {
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

impl crate::engine::recovery::Searcher for Search {
    fn search(&self, seeds: Range<u64>) -> Vec<Hit> {
        Search::search(self, seeds)
    }
}

/// The search for `Next()` values `vals` at a draw offset in
/// `0..=max_offset`; only the `next` tap keeps enough of each word.
pub fn query(
    tap: crate::openra::tap::Tap,
    vals: &[&str],
    max_offset: u64,
) -> Result<Recovery, QueryError> {
    use crate::engine::tap::Taps;
    use crate::openra::tap::Tap as T;
    match tap {
        T::Next => {
            // Next() is a word mod 2^31 − 1: 0..=2147483646.
            let v = values(vals, parse_i32)?;
            crate::engine::recovery::returned(vals, &v, 0, i64::from(MODULUS) - 1)?;
            Ok(Recovery::search(Search::new(v, max_offset)?))
        }
        T::Range(..) | T::Float => Err(QueryError::NotThisTap {
            tap: T::TABLE[tap.row()].name,
            why: "Next(low, high) and NextFloat keep too little of each word",
            taps: T::TABLE,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::{MersenneTwister, Search, MODULUS};
    use crate::simd::test_support::vector_isas;
    use alloc::vec::Vec;

    /// The one-pass kernel against one search per word: values planted at
    /// offsets 0..=7 (a word below 2^31 − 1, one above, and values 0 and 1,
    /// which three words give), ranges across vector groups and at the top
    /// of the seed space; the same hits on every kernel the CPU runs.
    #[test]
    fn one_pass_equals_a_search_per_word() {
        let isas = vector_isas("openra one pass");
        let ranges = [
            0..70_000u64,
            (1 << 32) - 40_000..1 << 32,
            1_234_567..1_300_000,
        ];
        for (k, range) in ranges.into_iter().enumerate() {
            for (n, offset) in [0u64, 3, 7].into_iter().enumerate() {
                let len = range.end - range.start;
                let seed = (range.start + (1_000 + 7_919 * (k * 3 + n) as u64) % len) as u32;
                let mut m = MersenneTwister::new(seed as i32);
                m.discard(offset);
                let planted: Vec<i32> = (0..2).map(|_| m.next()).collect();
                for (p, values) in [planted, alloc::vec![0, 5], alloc::vec![1, 7]]
                    .into_iter()
                    .enumerate()
                {
                    let search = Search::new(values.clone(), 7).unwrap();
                    assert!(values[0] as u32 >= MODULUS || search.first_words.len() >= 2);
                    let want = search.search_by_word(range.clone());
                    if p == 0 {
                        assert!(
                            want.iter().any(|h| h.seed == u64::from(seed)),
                            "{seed} {offset} {values:?} {want:?} {range:?}"
                        );
                    }
                    for &isa in &isas {
                        let got = search.search_one_pass(isa, range.clone()).unwrap();
                        assert_eq!(got, want, "{isa:?} {range:?} {values:?}");
                    }
                }
            }
        }
    }
}
