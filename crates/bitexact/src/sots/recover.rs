//! Sword of the Stars seed recovery (MT19937, 32-bit seeds).
//!
//! Outputs at word offset `j` of a fresh stream come from the first block
//! `B = twist(init(seed))`: `B[j] = init[j + 397] ^ mix(top(init[j]) |
//! low(init[j + 1]))` for `j < 227`, and `B[j] = B[j − 227] ^ …` after. So a
//! seed is tested on its first value with Knuth's initializer run only up to
//! word `j + 397` — for [`LANES`] seeds side by side, which the compiler
//! turns into vector code — and nothing else. Survivors are confirmed by
//! running the real generator.

use crate::engine::recovery::{values, Hit, QueryError, Recovery};
use crate::mt19937::walk::{outputs_walk, Outputs, Seeding};
use crate::mt19937::{self, init_seed_of, init_step, mix, temper, N};
use crate::num::{parse_f32, parse_f64, parse_u32};
use crate::sots::Call;
use crate::sots::{inclusive_mask, Precision, Rng};
use alloc::vec;
use alloc::vec::Vec;
use core::ops::Range;

/// Seeds evaluated side by side: 64, eight AVX2 vectors whose initializer
/// chains are independent, so the multiplies overlap (at 16 the chain's
/// latency showed: `int:100` 28 % slower on Zen 3; 128 spilled out of L1).
pub const LANES: usize = 64;

/// The largest `max_offset` a search supports: offsets inside the first
/// block. (Past it, 624 consecutive raw outputs identify the state directly.)
pub const MAX_SEARCH_OFFSET: u64 = N as u64 - 1;

pub use super::observe::{confirm, Observed, Tap};

/// A search over seeds for values of one tap.
#[derive(Clone, Debug)]
pub struct Search {
    tap: Tap,
    values: Vec<Observed>,
    max_offset: usize,
    /// First-block words computed: `0..=last` (past `max_offset` when the
    /// tap can reject words).
    last: usize,
    /// Initializer words needed: `0..=need`.
    need: usize,
}

impl Search {
    /// Set up a search for `values` (at least one) starting at a word offset
    /// in `0..=max_offset` (at most [`MAX_SEARCH_OFFSET`]).
    pub fn new(tap: Tap, values: Vec<Observed>, max_offset: u64) -> Result<Search, QueryError> {
        crate::engine::recovery::check_setup(values.len(), max_offset, MAX_SEARCH_OFFSET)?;
        if tap == Tap::IntInclusive(0) {
            return Err(QueryError::UnsupportedTap(
                "int:0 always returns 0: its values say nothing about the seed",
            ));
        }
        let k = max_offset as usize;
        let extra = if matches!(tap, Tap::IntInclusive(_)) {
            crate::engine::recovery::SCAN
        } else {
            0
        };
        let last = (k + extra).min(N - 1);
        let need = (last + 1).min(N - 1).max(last.min(226) + 397);
        Ok(Search {
            tap,
            values,
            max_offset: k,
            last,
            need,
        })
    }

    /// Every hit among `seeds` (clamped to `0..2^32`), in seed order.
    ///
    /// The `u32`, `unit` and `float` taps at offsets up to 226 run an
    /// explicit AVX-512 or AVX2 kernel when the CPU has one (see
    /// `sots::recover_simd`); everything else runs the portable kernel.
    pub fn search(&self, seeds: Range<u64>) -> Vec<Hit> {
        let isa = crate::simd::Isa::best();
        super::recover_simd::search(isa, self.tap, &self.values, self.max_offset, seeds.clone())
            .unwrap_or_else(|| search_kernel(self, seeds))
    }

    /// The portable kernel alone, whatever the CPU (for the tests).
    #[cfg(test)]
    pub(crate) fn search_portable(&self, seeds: Range<u64>) -> Vec<Hit> {
        self.search_lanes(seeds)
    }

    /// The search loop itself (compiled twice, see [`crate::simd`]).
    #[inline(always)]
    fn search_lanes(&self, seeds: Range<u64>) -> Vec<Hit> {
        let end = seeds.end.min(1 << 32);
        let mut hits = Vec::new();
        // Streaming (every first-block word an initializer word's
        // neighbour): only the words `0..=last + 1` are kept; else the whole
        // initializer.
        let streaming = self.last + mt19937::M < N;
        let rows = if streaming {
            self.last + 2
        } else {
            self.need + 1
        };
        let mut init = vec![[0u32; LANES]; rows];
        let mut block = vec![[0u32; LANES]; self.last + 1];
        let mut base = seeds.start;
        while base < end {
            if streaming {
                self.batch_streaming(base as u32, &mut init, &mut block);
            } else {
                self.batch(base as u32, &mut init, &mut block);
            }
            let lanes = (end - base).min(LANES as u64) as usize;
            for j in 0..=self.max_offset {
                // `int:N`: the words a call rejects followed in lanes.
                let passed = match self.tap {
                    Tap::IntInclusive(n) => Some(self.int_passes(n, j, &block)),
                    _ => None,
                };
                // `l` picks a lane in every row the filter may look at.
                #[allow(clippy::needless_range_loop)]
                for l in 0..lanes {
                    let value = |i: usize| self.tap.of_word(temper(block[i][l]));
                    let may = match &passed {
                        Some(p) => p[l] != 0,
                        None => crate::engine::recovery::may_start_with(
                            j,
                            self.last,
                            &self.values[0],
                            value,
                        ),
                    };
                    if may {
                        let seed = (base + l as u64) as u32;
                        if confirm(self.tap, &self.values, seed, j as u64) {
                            hits.push(Hit {
                                seed: seed.into(),
                                offset: j as u64,
                            });
                        }
                    }
                }
            }
            base += LANES as u64;
        }
        hits.sort_unstable();
        hits
    }

    /// [`crate::engine::recovery::may_start_with`] for `int:n` calls starting at
    /// word `j`, every lane at once (nonzero: may start with the first
    /// value): rows `j..=last` are read in order, the first word a lane
    /// accepts (`≤ n` under the mask) decides it, and a lane that rejects
    /// every row is let through to the exact check. Branch-free lanes the
    /// compiler vectorises; it stops early once every lane is decided.
    #[inline(always)]
    fn int_passes(&self, n: u32, j: usize, block: &[[u32; LANES]]) -> [u32; LANES] {
        let mask = inclusive_mask(n);
        let want = self.values[0] as u32;
        let mut decided = [0u32; LANES];
        let mut matched = [0u32; LANES];
        for (r, row) in block.iter().enumerate().take(self.last + 1).skip(j) {
            for l in 0..LANES {
                let v = temper(row[l]) & mask;
                let accepted = u32::from(v <= n).wrapping_neg();
                let fresh = accepted & !decided[l];
                matched[l] |= fresh & u32::from(v == want).wrapping_neg();
                decided[l] |= accepted;
            }
            // Most lanes decide on their first word or two: look every
            // fourth row whether any is left.
            if (r - j) % 4 == 3 && decided.iter().all(|&d| d != 0) {
                break;
            }
        }
        let mut passes = [0u32; LANES];
        for l in 0..LANES {
            passes[l] = matched[l] | !decided[l];
        }
        passes
    }

    /// The seeds `base .. base + LANES` as lanes (wrapping past 2^32 is
    /// harmless: those lanes are not read).
    #[inline(always)]
    fn seeds(base: u32) -> [u32; LANES] {
        let mut cur = [0u32; LANES];
        for (l, c) in cur.iter_mut().enumerate() {
            *c = base.wrapping_add(l as u32);
        }
        cur
    }

    /// First-block words `0..=last` when `last + 397 < 624`: the
    /// initializer run to word `last + 397` keeping only words
    /// `0..=last + 1` (`low`), each `B[j] = init[j + 397] ^ mix(…)` made as
    /// the chain passes word `j + 397` — the words [`batch`](Self::batch)
    /// makes, without storing the ~400 words between.
    #[inline(always)]
    fn batch_streaming(&self, base: u32, low: &mut [[u32; LANES]], block: &mut [[u32; LANES]]) {
        let last = self.last;
        let mut cur = Self::seeds(base);
        low[0] = cur;
        for (i, row) in low.iter_mut().enumerate().skip(1) {
            for c in cur.iter_mut() {
                *c = init_step(*c, i as u32);
            }
            *row = cur;
        }
        for i in last + 2..mt19937::M {
            for c in cur.iter_mut() {
                *c = init_step(*c, i as u32);
            }
        }
        for (j, row) in block.iter_mut().enumerate() {
            let i = j + mt19937::M;
            for c in cur.iter_mut() {
                *c = init_step(*c, i as u32);
            }
            for l in 0..LANES {
                let y = (low[j][l] & 0x8000_0000) | (low[j + 1][l] & 0x7fff_ffff);
                row[l] = cur[l] ^ mix(y);
            }
        }
        debug_assert_eq!(block.len(), last + 1);
    }

    /// Knuth words `0..=need` and first-block words `0..=last` of the
    /// seeds `base .. base + LANES`.
    #[inline(always)]
    fn batch(&self, base: u32, init: &mut [[u32; LANES]], block: &mut [[u32; LANES]]) {
        let mut cur = Self::seeds(base);
        init[0] = cur;
        for (i, row) in init.iter_mut().enumerate().skip(1) {
            for c in cur.iter_mut() {
                *c = init_step(*c, i as u32);
            }
            *row = cur;
        }
        for j in 0..block.len() {
            let far = if j < N - mt19937::M {
                init[j + mt19937::M]
            } else {
                block[j + mt19937::M - N]
            };
            let next = if j + 1 < N { init[j + 1] } else { block[0] };
            let mut row = [0u32; LANES];
            for l in 0..LANES {
                let y = (init[j][l] & 0x8000_0000) | (next[l] & 0x7fff_ffff);
                row[l] = far[l] ^ mix(y);
            }
            block[j] = row;
        }
    }
}

/// Knuth's seeding (`init_genrand`), as the outputs walk asks it.
static KNUTH: Seeding = Seeding {
    tail: |before_last, last| last == init_step(before_last, 623),
    seed_of: init_seed_of,
    replays: |seed, offset, values| {
        let mut rng = Rng::new(seed);
        rng.discard(offset);
        values.iter().all(|&v| rng.next_u32() == v)
    },
    twin: None,
};

/// With 624 or more consecutive raw outputs (`next_u32`) there is no search:
/// untempering gives 624 consecutive state words; stepping them back one
/// word at a time finds, for each candidate offset `0..=max_offset`, whether
/// the words before would be Knuth's initializer (two words checked; a full
/// check and a replay of every value confirm). Returns every seed and offset
/// that produce all the values.
pub fn from_outputs(values: &[u32], max_offset: u64) -> Vec<Hit> {
    from_outputs_until(values, max_offset, &|| false).unwrap_or_default()
}

/// [`from_outputs`], polling `stop` every 2^20 words walked: when it
/// returns true, the hits found so far and the offsets walked.
pub fn from_outputs_until(
    values: &[u32],
    max_offset: u64,
    stop: &dyn Fn() -> bool,
) -> Result<Vec<Hit>, crate::engine::recovery::WalkStopped> {
    outputs_walk(values, max_offset, &KNUTH, stop)
}

/// `Search::search_lanes` as a free function for the dispatcher.
#[inline(always)]
fn search_lanes(search: &Search, seeds: Range<u64>) -> Vec<Hit> {
    search.search_lanes(seeds)
}

crate::simd::dispatch! {
    /// `search_lanes`, compiled with AVX2 when the CPU has it.
    fn search_kernel(search: &Search, seeds: Range<u64>) -> Vec<Hit> = search_lanes;
}

impl crate::engine::recovery::Searcher for Search {
    fn search(&self, seeds: Range<u64>) -> Vec<Hit> {
        Search::search(self, seeds)
    }
}

/// The default offset bound with 624 raw outputs: as far back as
/// `identify` walks by default (100 000 twists, 62.4 million words).
pub const DEFAULT_OUTPUTS_OFFSET: u64 = crate::sots::DEFAULT_MAX_TWISTS * N as u64;

/// The largest offset bound with 624 raw outputs (about 10 s).
pub use crate::mt19937::walk::MAX_OUTPUTS_OFFSET;

/// The search for `vals` (the CLI's notation) observed through `call`,
/// under `precision` for the float taps; with 624 or more `u32` values, the
/// walk that needs no search (offset bound default
/// [`DEFAULT_OUTPUTS_OFFSET`], at most [`MAX_OUTPUTS_OFFSET`]).
pub fn query(
    call: Call,
    vals: &[&str],
    max_offset: Option<u64>,
    precision: Precision,
) -> Result<Recovery, QueryError> {
    use crate::engine::tap::Taps;
    let tap = match call {
        Call::U32 => Tap::U32,
        Call::Unit => Tap::Unit,
        Call::Float => Tap::Float(precision),
        Call::IntInclusive(n) => Tap::IntInclusive(n),
        Call::FloatRange(lo, hi) => Tap::FloatRange(lo, hi, precision),
        Call::Chance(_) | Call::IntRangeBell(..) | Call::TruncatedNormal(_) => {
            return Err(QueryError::NotThisTap {
                tap: Call::TABLE[call.row()].name,
                why: "its values carry too little of each word",
                taps: Call::TABLE,
            })
        }
    };
    let v: Vec<Observed> = match tap {
        Tap::U32 | Tap::IntInclusive(_) => values(vals, |v| parse_u32(v).map(u64::from))?,
        Tap::Unit => values(vals, |v| parse_f64(v).map(f64::to_bits))?,
        Tap::Float(_) | Tap::FloatRange(..) => {
            values(vals, |v| parse_f32(v).map(|f| f.to_bits().into()))?
        }
    };
    if let Tap::IntInclusive(n) = tap {
        crate::engine::recovery::returned(vals, &v, 0, n.into())?;
    }
    if tap == Tap::U32 && v.len() >= N {
        let words = v.iter().map(|&x| x as u32).collect();
        return Outputs::recovery(words, max_offset, DEFAULT_OUTPUTS_OFFSET, &KNUTH);
    }
    Ok(Recovery::search(Search::new(
        tap,
        v,
        max_offset.unwrap_or(0),
    )?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mt19937::untemper;

    /// `int_passes` gives every lane the verdict `may_start_with` gives it
    /// word by word — a match, a mismatch, or undecided (every row
    /// rejected) — on random blocks and on blocks whose rows are mostly
    /// rejected, so the early stop and the let-through are both reached.
    #[test]
    fn int_lanes_decide_as_the_word_by_word_filter() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u32
        };
        for (n, last, rejecting) in [
            (5u32, 40usize, false),
            (1, 33, false),
            (100, 60, true),
            (6, 35, true),
        ] {
            for want in [0, n / 2, n] {
                let search = Search {
                    tap: Tap::IntInclusive(n),
                    values: vec![want.into()],
                    max_offset: 3,
                    last,
                    need: last + 397,
                };
                let mask = inclusive_mask(n);
                let mut block = vec![[0u32; LANES]; last + 1];
                for row in block.iter_mut() {
                    for w in row.iter_mut() {
                        // Raw words whose tempered value (under the mask)
                        // is rejected nine times in ten when `rejecting`.
                        let t = if rejecting && next() % 10 != 0 {
                            (next() & !mask) | mask
                        } else {
                            next()
                        };
                        *w = untemper(t);
                    }
                }
                for j in 0..=3 {
                    let lanes = search.int_passes(n, j, &block);
                    for l in 0..LANES {
                        let value = |i: usize| search.tap.of_word(temper(block[i][l]));
                        let want_pass = crate::engine::recovery::may_start_with(
                            j,
                            last,
                            &search.values[0],
                            value,
                        );
                        assert_eq!(lanes[l] != 0, want_pass, "n {n} want {want} j {j} lane {l}");
                    }
                }
            }
        }
    }
}
