//! laige seed recovery (64-bit seeds: a range is always searched).
//!
//! A seed's draws cost a few integer operations each, so the search simply
//! seeds each candidate, steps it to the largest offset, and tests the first
//! value at every offset; survivors are confirmed by running the real
//! generator.

use crate::engine::recovery::{values, Hit, QueryError, Recovery};
use crate::laige::{seed_state, step_state, Prng};
use crate::num::{parse_f32, parse_u64};
use alloc::vec::Vec;
use core::ops::Range;

/// The largest `max_offset` supported (a search steps every seed that far).
pub const MAX_SEARCH_OFFSET: u64 = 1 << 20;

use super::tap::Tap;

impl Tap {
    /// `next_range(min, max)` as a tap (`min < max`).
    pub fn range(min: u32, max: u32) -> Result<Tap, QueryError> {
        if min >= max {
            return Err(QueryError::BadTap("next_range needs min < max"));
        }
        Ok(Tap::Range(min, max))
    }

    /// What one draw maps to, or `None` when `next_range` rejects it.
    #[inline]
    pub fn of_draw(self, r: u64) -> Option<u64> {
        match self {
            Tap::U64 => Some(r),
            Tap::Range(min, max) => {
                let n = u64::from(max - min);
                let rem = n.wrapping_neg() % n;
                (rem == 0 || r < rem.wrapping_neg()).then(|| u64::from(min) + r % n)
            }
            Tap::Float01 => Some(u64::from(
                ((r >> 40) as f32 * crate::laige::FLOAT01_UNIT).to_bits(),
            )),
        }
    }

    fn call(self, p: &mut Prng) -> u64 {
        match self {
            Tap::U64 => p.next_u64(),
            Tap::Range(min, max) => p.next_range(min, max).map_or(u64::MAX, u64::from),
            Tap::Float01 => u64::from(p.next_float01().to_bits()),
        }
    }
}

/// Whether seed `seed`'s stream, from draw `offset`, gives `values`.
pub fn confirm(tap: Tap, values: &[u64], seed: u64, offset: u64) -> bool {
    let mut p = Prng::new(seed);
    for _ in 0..offset {
        p.next_u64();
    }
    values.iter().all(|&v| tap.call(&mut p) == v)
}

/// A search over seeds for values of one tap.
#[derive(Clone, Debug)]
pub struct Search {
    tap: Tap,
    values: Vec<u64>,
    max_offset: u64,
}

impl Search {
    /// Set up a search for `values` starting at a draw in `0..=max_offset`.
    pub fn new(tap: Tap, values: Vec<u64>, max_offset: u64) -> Result<Search, QueryError> {
        crate::engine::recovery::check_setup(values.len(), max_offset, MAX_SEARCH_OFFSET)?;
        Ok(Search {
            tap,
            values,
            max_offset,
        })
    }

    /// Every hit among `seeds`, in seed order.
    pub fn search(&self, seeds: Range<u64>) -> Vec<Hit> {
        // A range tap can reject a draw (probability below 2^-32 each).
        let extra = if matches!(self.tap, Tap::Range(..)) {
            crate::engine::recovery::SCAN as u64
        } else {
            0
        };
        let last = (self.max_offset + extra) as usize;
        let mut hits = Vec::new();
        if extra == 0 {
            // No rejections to look past: filter each draw as it comes.
            for seed in seeds {
                let (mut p1, mut p2) = seed_state(seed);
                for j in 0..=self.max_offset {
                    (p1, p2) = step_state(p1, p2);
                    if self.tap.of_draw(p2.wrapping_add(p1)) == Some(self.values[0])
                        && confirm(self.tap, &self.values, seed, j)
                    {
                        hits.push(Hit { seed, offset: j });
                    }
                }
            }
            return hits;
        }
        // Draws 0..=max_offset now; later ones (up to `last`) only when a
        // first call rejects past them.
        let mut draws = Vec::with_capacity(last + 1);
        for seed in seeds {
            let (mut p1, mut p2) = seed_state(seed);
            draws.clear();
            for _ in 0..=self.max_offset {
                (p1, p2) = step_state(p1, p2);
                draws.push(p2.wrapping_add(p1));
            }
            for j in 0..=self.max_offset as usize {
                let mut i = j;
                let candidate = loop {
                    if i == draws.len() {
                        if draws.len() > last {
                            break true;
                        }
                        (p1, p2) = step_state(p1, p2);
                        draws.push(p2.wrapping_add(p1));
                    }
                    match self.tap.of_draw(draws[i]) {
                        Some(v) => break v == self.values[0],
                        None => i += 1,
                    }
                };
                if candidate && confirm(self.tap, &self.values, seed, j as u64) {
                    hits.push(Hit {
                        seed,
                        offset: j as u64,
                    });
                }
            }
        }
        hits
    }
}

impl crate::engine::recovery::Searcher for Search {
    fn search(&self, seeds: Range<u64>) -> Vec<Hit> {
        Search::search(self, seeds)
    }
}

/// The search for `vals` (the CLI's notation: `float01` values as floats or
/// their bits) observed through `tap`, at a draw offset in
/// `0..=max_offset`.
pub fn query(tap: Tap, vals: &[&str], max_offset: u64) -> Result<Recovery, QueryError> {
    let v: Vec<u64> = match tap {
        Tap::Float01 => values(vals, |v| parse_f32(v).map(|f| f.to_bits().into()))?,
        Tap::U64 | Tap::Range(..) => values(vals, parse_u64)?,
    };
    if let Tap::Range(min, max) = tap {
        // next_range(min, max) is in min..max.
        crate::engine::recovery::returned(vals, &v, min.into(), i64::from(max) - 1)?;
    }
    Ok(Recovery::search(Search::new(tap, v, max_offset)?))
}
