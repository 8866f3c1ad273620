//! Seed recovery for Generals' `GameLogicRandom` (32-bit seeds).
//!
//! `init(S)` is six additions, a draw a dozen more, so each seed is simply
//! run for `max_offset + 1` draws; every call of these taps spends exactly
//! one draw, so a value at offset `j` is a function of draw `j` alone.

use crate::generals::{real_of_draw, GameRandom};
use crate::num::{parse_f32, parse_i32, parse_u32};
use crate::recover::{values, Hit, QueryError, Recovery};
use alloc::vec::Vec;
use core::ops::Range;

/// The largest `max_offset` supported (the search runs every seed that far).
pub const MAX_SEARCH_OFFSET: u64 = 4096;

/// A Generals tap whose values can be recovered.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Tap {
    /// The raw draw.
    Raw,
    /// `value(lo, hi)`: `(draw mod d) + lo` with `d = hi − lo + 1 ≠ 0`.
    Value {
        /// The lower bound.
        lo: i32,
        /// `hi − lo + 1` as u32.
        d: u32,
    },
    /// `real(lo, hi)` with `delta = hi − lo > 0`.
    Real {
        /// The lower bound.
        lo: f32,
        /// `hi − lo`.
        delta: f32,
    },
}

impl Tap {
    /// `value(lo, hi)`; an error when it spends no draw (`d == 0`).
    pub fn value(lo: i32, hi: i32) -> Result<Tap, QueryError> {
        let d = hi.wrapping_sub(lo).wrapping_add(1) as u32;
        if d == 0 {
            return Err(QueryError::UnsupportedTap(
                "value over the whole i32 range spends no draw, so its values say nothing about the seed",
            ));
        }
        Ok(Tap::Value { lo, d })
    }

    /// `real(lo, hi)`; an error when it spends no draw (`hi − lo ≤ 0`).
    pub fn real(lo: f32, hi: f32) -> Result<Tap, QueryError> {
        let delta = hi - lo;
        if delta <= 0.0 {
            return Err(QueryError::UnsupportedTap(
                "real with hi - lo <= 0 spends no draw, so its values say nothing about the seed",
            ));
        }
        Ok(Tap::Real { lo, delta })
    }

    /// What one draw maps to: integers as their `i32` bits, reals as f32 bits.
    #[inline]
    pub fn of_draw(self, draw: u32) -> u32 {
        match self {
            Tap::Raw => draw,
            Tap::Value { lo, d } => ((draw % d) as i32).wrapping_add(lo) as u32,
            Tap::Real { lo, delta } => real_of_draw(draw, lo, delta).to_bits(),
        }
    }
}

/// Whether `init(seed)`, from draw `offset`, gives `values`.
pub fn confirm(tap: Tap, values: &[u32], seed: u32, offset: u64) -> bool {
    let mut g = GameRandom::new(seed);
    g.discard(offset);
    values.iter().all(|&v| tap.of_draw(g.next_u32()) == v)
}

/// A search over seeds for values of one tap.
#[derive(Clone, Debug)]
pub struct Search {
    tap: Tap,
    values: Vec<u32>,
    max_offset: u64,
}

impl Search {
    /// Set up a search for `values` (at least one) starting at a draw in
    /// `0..=max_offset` (at most [`MAX_SEARCH_OFFSET`]).
    pub fn new(tap: Tap, values: Vec<u32>, max_offset: u64) -> Result<Search, QueryError> {
        crate::recover::check_setup(values.len(), max_offset, MAX_SEARCH_OFFSET)?;
        Ok(Search {
            tap,
            values,
            max_offset,
        })
    }

    /// Every hit among `seeds` (clamped to `0..2^32`), in seed order.
    pub fn search(&self, seeds: Range<u64>) -> Vec<Hit> {
        let end = seeds.end.min(1 << 32);
        let mut hits = Vec::new();
        for seed in seeds.start..end {
            let mut g = GameRandom::new(seed as u32);
            for j in 0..=self.max_offset {
                if self.tap.of_draw(g.next_u32()) == self.values[0]
                    && confirm(self.tap, &self.values, seed as u32, j)
                {
                    hits.push(Hit { seed, offset: j });
                }
            }
        }
        hits
    }
}

impl crate::recover::Searcher for Search {
    fn search(&self, seeds: Range<u64>) -> Vec<Hit> {
        Search::search(self, seeds)
    }
}

/// The search for `vals` (integers, or `real` values as floats or their
/// bits) observed through `tap`, at a draw offset in `0..=max_offset`.
pub fn query(
    tap: crate::generals::engine::Tap,
    vals: &[&str],
    max_offset: u64,
) -> Result<Recovery, QueryError> {
    use crate::generals::engine::Tap as T;
    let (t, v) = match tap {
        T::Raw => (Tap::Raw, values(vals, parse_u32)?),
        T::Value(lo, hi) => {
            let tap = Tap::value(lo, hi)?;
            let v = values(vals, parse_i32)?;
            crate::recover::returned(vals, &v, lo.into(), hi.into())?;
            (tap, v.into_iter().map(|x| x as u32).collect())
        }
        T::Real(lo, hi) => (
            Tap::real(lo, hi)?,
            values(vals, |v| parse_f32(v).map(f32::to_bits))?,
        ),
    };
    Ok(Recovery::search(Search::new(t, v, max_offset)?))
}
