//! Seed recovery for Generals' `GameLogicRandom` (32-bit seeds).
//!
//! `init(S)` is six additions, a draw a dozen more, so each seed is simply
//! run for `max_offset + 1` draws; every call of these taps spends exactly
//! one draw, so a value at offset `j` is a function of draw `j` alone.

use crate::engine::recovery::{values, Hit, QueryError, Recovery};
use crate::generals::{real_of_draw, GameRandom, SEED_OFFSETS};
use crate::num::{parse_f32, parse_i32, parse_u32};
use alloc::vec::Vec;
use core::ops::Range;

/// The largest `max_offset` supported (the search runs every seed that far).
pub const MAX_SEARCH_OFFSET: u64 = 4096;

use super::tap::Tap;

impl Tap {
    /// The tap, if a search can use it: an error for the edges that spend
    /// no draw (`value` over the whole `i32` range, `real` with
    /// `hi − lo ≤ 0`), whose values say nothing about the seed.
    pub fn searchable(self) -> Result<Tap, QueryError> {
        match self {
            Tap::Value(lo, hi) if hi.wrapping_sub(lo).wrapping_add(1) == 0 => {
                Err(QueryError::UnsupportedTap(
                    "value over the whole i32 range spends no draw, so its values say nothing about the seed",
                ))
            }
            // The game's own test: a NaN span draws.
            Tap::Real(lo, hi) if hi - lo <= 0.0 => Err(QueryError::UnsupportedTap(
                "real with hi - lo <= 0 spends no draw, so its values say nothing about the seed",
            )),
            tap => Ok(tap),
        }
    }

    /// What one draw maps to, as [`GameRandom::value`] and
    /// [`GameRandom::real`] map it: integers as their `i32` bits, reals as
    /// f32 bits. (For the edges that spend no draw, what the game returns,
    /// `hi`; a search refuses them: [`searchable`](Self::searchable).)
    #[inline]
    pub fn of_draw(self, draw: u32) -> u32 {
        match self {
            Tap::Raw => draw,
            Tap::Value(lo, hi) => {
                let d = hi.wrapping_sub(lo).wrapping_add(1) as u32;
                draw.checked_rem(d)
                    .map_or(hi, |r| (r as i32).wrapping_add(lo)) as u32
            }
            Tap::Real(lo, hi) => {
                let delta = hi - lo;
                if delta <= 0.0 {
                    return hi.to_bits();
                }
                real_of_draw(draw, lo, delta).to_bits()
            }
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
    /// Set up a search for `values` (at least one) of `tap` (one that
    /// spends a draw: [`Tap::searchable`]) starting at a draw in
    /// `0..=max_offset` (at most [`MAX_SEARCH_OFFSET`]).
    pub fn new(tap: Tap, values: Vec<u32>, max_offset: u64) -> Result<Search, QueryError> {
        let tap = tap.searchable()?;
        crate::engine::recovery::check_setup(values.len(), max_offset, MAX_SEARCH_OFFSET)?;
        Ok(Search {
            tap,
            values,
            max_offset,
        })
    }

    /// Every hit among `seeds` (clamped to `0..2^32`), in seed order:
    /// sixteen seeds stepped side by side, the step's carries as bit
    /// operations (no compare, no branch), compiled with AVX2 when the CPU
    /// has it; a seed whose draw at some offset maps to the first value is
    /// confirmed over all of them.
    pub fn search(&self, seeds: Range<u64>) -> Vec<Hit> {
        search_kernel(self, seeds)
    }

    /// The same hits seed by seed with the generator's own step (for the
    /// tests).
    #[cfg(test)]
    pub(crate) fn search_plain(&self, seeds: Range<u64>) -> Vec<Hit> {
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

    /// [`search`](Self::search)'s loop (compiled twice, see
    /// [`crate::simd`]).
    #[inline(always)]
    fn search_lanes(&self, seeds: Range<u64>) -> Vec<Hit> {
        let end = seeds.end.min(1 << 32);
        let want = self.values[0];
        let mut hits = Vec::new();
        let mut base = seeds.start;
        while base < end {
            let lanes = (end - base).min(LANES as u64) as usize;
            let mut s = [[0u32; LANES]; 6];
            for (row, c) in s.iter_mut().zip(SEED_OFFSETS) {
                for (l, x) in row.iter_mut().enumerate() {
                    *x = (base as u32).wrapping_add(l as u32).wrapping_add(c);
                }
            }
            for j in 0..=self.max_offset {
                step_lanes(&mut s);
                let any = match self.tap {
                    // The raw draw is the value: one compare a lane.
                    Tap::Raw => {
                        let mut hit = 0u32;
                        for &d in &s[0] {
                            hit |= u32::from(d == want);
                        }
                        hit != 0
                    }
                    tap => s[0].iter().any(|&d| tap.of_draw(d) == want),
                };
                if any {
                    for (l, &d) in s[0].iter().enumerate().take(lanes) {
                        let seed = base + l as u64;
                        if self.tap.of_draw(d) == want
                            && confirm(self.tap, &self.values, seed as u32, j)
                        {
                            hits.push(Hit { seed, offset: j });
                        }
                    }
                }
            }
            base += LANES as u64;
        }
        hits.sort_unstable();
        hits
    }
}

/// Seeds stepped side by side in [`Search::search`].
const LANES: usize = 16;

/// One draw's update of the six words of [`LANES`] generators (word `i` of
/// lane `l` at `s[i][l]`), as [`GameRandom::next_u32`] makes it, with each
/// carry a bit operation: `x + y` carries out of bit 31 of
/// `(x & y) | ((x | y) & !sum)`; adding a carry `c ≤ 1` to `t` carries out
/// of bit 31 of `t & !(t + c)`; `x` is zero exactly when bit 31 of
/// `!x & (x − 1)` is set.
#[inline(always)]
#[allow(clippy::needless_range_loop)] // the lanes indexed alike in each row
fn step_lanes(s: &mut [[u32; LANES]; 6]) {
    let mut c = [0u32; LANES];
    for i in (0..5).rev() {
        for l in 0..LANES {
            let (y, x) = (s[i + 1][l], s[i][l]);
            let t = y.wrapping_add(x);
            let u = t.wrapping_add(c[l]);
            c[l] = (((x & y) | ((x | y) & !t)) | (t & !u)) >> 31;
            s[i][l] = u;
        }
    }
    // The 192-bit increment, s5 the low word.
    let mut c = [1u32; LANES];
    for i in (0..6).rev() {
        for l in 0..LANES {
            let x = s[i][l].wrapping_add(c[l]);
            c[l] &= (!x & x.wrapping_sub(1)) >> 31;
            s[i][l] = x;
        }
    }
}

crate::simd::dispatch! {
    /// `Search::search_lanes`, compiled with AVX2 when the CPU has it.
    fn search_kernel(search: &Search, seeds: Range<u64>) -> Vec<Hit> = Search::search_lanes;
}

impl crate::engine::recovery::Searcher for Search {
    fn search(&self, seeds: Range<u64>) -> Vec<Hit> {
        Search::search(self, seeds)
    }
}

/// The search for `vals` (integers, or `real` values as floats or their
/// bits) observed through `tap`, at a draw offset in `0..=max_offset`.
pub fn query(tap: Tap, vals: &[&str], max_offset: u64) -> Result<Recovery, QueryError> {
    let v = match tap.searchable()? {
        Tap::Raw => values(vals, parse_u32)?,
        Tap::Value(lo, hi) => {
            let v = values(vals, parse_i32)?;
            crate::engine::recovery::returned(vals, &v, lo.into(), hi.into())?;
            v.into_iter().map(|x| x as u32).collect()
        }
        Tap::Real(..) => values(vals, |v| parse_f32(v).map(f32::to_bits))?,
    };
    Ok(Recovery::search(Search::new(tap, v, max_offset)?))
}

#[cfg(test)]
mod tests {
    use super::{step_lanes, GameRandom, Search, Tap, LANES};
    use alloc::vec::Vec;

    /// The lane search against the generator's own step seed by seed:
    /// every tap, offsets 0..=5, ranges that end past 2^32 and are not a
    /// multiple of the lanes, a value planted, and a value so common (a
    /// coin) that most lanes pass the filter.
    #[test]
    fn lanes_equal_the_plain_loop() {
        let taps = [
            Tap::Raw,
            Tap::Value(1, 6),
            Tap::Value(0, 1),
            Tap::Real(0.0, 1.0),
        ];
        for (k, tap) in taps.into_iter().enumerate() {
            for start in [0u64, 12_345, (1 << 32) - 999] {
                let range = start..start + 1_003;
                let seed = (start + 500) as u32;
                let offset = (k as u64 * 2) % 6;
                let mut g = GameRandom::new(seed);
                g.discard(offset);
                let values: Vec<u32> = (0..2).map(|_| tap.of_draw(g.next_u32())).collect();
                let search = Search::new(tap, values, 5).unwrap();
                let want = search.search_plain(range.clone());
                assert!(
                    want.iter()
                        .any(|h| h.seed == u64::from(seed) && h.offset == offset),
                    "{tap:?} {range:?}"
                );
                assert_eq!(search.search(range.clone()), want, "{tap:?} {range:?}");
            }
        }
    }

    /// The branch-free step against the generator's own on states where
    /// every carry fires or nearly does (words 0, 1, 2^31 − 1, 2^31,
    /// 2^32 − 1 in every mix), which random seeds reach with probability
    /// about 2^-32 a draw.
    #[test]
    fn lane_step_carries_as_the_generator_does() {
        let words = [0u32, 1, 0x7fff_ffff, 0x8000_0000, 0xffff_fffe, 0xffff_ffff];
        let mut x = 1u32;
        for _ in 0..2000 {
            let mut states = [[0u32; 6]; LANES];
            for st in &mut states {
                for w in st.iter_mut() {
                    x = x.wrapping_mul(0x0019_660d).wrapping_add(0x3c6e_f35f);
                    *w = words[(x >> 24) as usize % words.len()];
                }
            }
            let mut s = [[0u32; LANES]; 6];
            for (l, st) in states.iter().enumerate() {
                for i in 0..6 {
                    s[i][l] = st[i];
                }
            }
            for _ in 0..3 {
                step_lanes(&mut s);
                for (l, st) in states.iter_mut().enumerate() {
                    let mut g = GameRandom::from_state(*st);
                    g.next_u32();
                    *st = g.state();
                    let lane: [u32; 6] = core::array::from_fn(|i| s[i][l]);
                    assert_eq!(lane, *st);
                }
            }
        }
    }
}
