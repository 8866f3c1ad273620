//! Seed recovery for `System.Random` (SPEC 15): which `new Random(seed)`
//! produce observed values of any tap, starting at a draw offset in
//! `0..=max_offset`.
//!
//! Seeds are C# `int`s searched as their 32-bit patterns, so a stream is
//! found at both `s` and `−s` (and `int.MaxValue`'s also at `int.MinValue`).
//! Each seed is seeded in full — the four mixing rounds leave no shortcut —
//! [`LANES`] seeds at a time in lanes the compiler vectorises (AVX2 where
//! the CPU has it), then its first `max_offset + 2` words are read and
//! every offset whose first value matches is replayed from the seed.

use super::tap::Tap;
use super::{Random, MBIG, MSEED};
use crate::engine::recovery::{values, Hit, QueryError, Recovery};
use crate::num::{parse_f64, parse_i32, NumError, NumKind};
use crate::simd::dispatch;
use alloc::vec::Vec;
use core::ops::Range;

/// The largest `max_offset` supported (every seed is run that far).
pub const MAX_SEARCH_OFFSET: u64 = 4096;

/// Seeds seeded side by side.
pub const LANES: usize = 16;

type Lanes = [i32; LANES];

/// `fold` of every lane: a negative difference plus `int.MaxValue`.
#[inline(always)]
fn fold(t: i32) -> i32 {
    t.wrapping_add(MBIG & (t >> 31))
}

/// `SeedArray` after seeding, for [`LANES`] seed magnitudes at once
/// (bit-exact as [`super::seeded_array`]; a unit test compares them).
#[inline(always)]
fn seeded_lanes_kernel(mags: &Lanes, a: &mut [Lanes; 56]) {
    let mut mj = [0i32; LANES];
    let mut mk = [1i32; LANES];
    for l in 0..LANES {
        mj[l] = MSEED - mags[l];
        a[55][l] = mj[l];
        a[0][l] = 0;
    }
    for i in 1..55 {
        let ii = (21 * i) % 55;
        for l in 0..LANES {
            a[ii][l] = mk[l];
            mk[l] = fold(mj[l].wrapping_sub(mk[l]));
            mj[l] = a[ii][l];
        }
    }
    for _ in 1..5 {
        for i in 1..56 {
            let p = 1 + (i + 30) % 55;
            let b = a[p];
            for l in 0..LANES {
                a[i][l] = fold(a[i][l].wrapping_sub(b[l]));
            }
        }
    }
}

dispatch! {
    /// [`seeded_lanes_kernel`], in its AVX2 copy when the CPU has AVX2.
    fn seeded_lanes(mags: &Lanes, a: &mut [Lanes; 56]) = seeded_lanes_kernel;
}

/// What the search compares: the tap's value of a call starting at a
/// word, as an integer (`double` values as the word they are).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Probe(Tap);

impl Probe {
    #[inline]
    fn value(self, words: &[i32], j: usize) -> i64 {
        match self.0 {
            Tap::Double => words[j].into(),
            t => t.of_words(words[j], words[j + 1]),
        }
    }
}

/// A search over seeds for values of one tap.
#[derive(Clone, Debug)]
pub struct Search {
    probe: Probe,
    values: Vec<i64>,
    max_offset: u64,
}

impl Search {
    /// Set up a search for `values` (at least one; `double` values as the
    /// words they are) starting at a draw in `0..=max_offset` (at most
    /// [`MAX_SEARCH_OFFSET`]).
    pub fn new(tap: Tap, values: Vec<i64>, max_offset: u64) -> Result<Search, QueryError> {
        crate::engine::recovery::check_setup(values.len(), max_offset, MAX_SEARCH_OFFSET)?;
        Ok(Search {
            probe: Probe(tap),
            values,
            max_offset,
        })
    }

    /// Whether `new Random(seed)`, from draw `offset`, gives the values.
    pub fn confirm(&self, seed: i32, offset: u64) -> bool {
        let mut g = Random::new(seed);
        g.discard(offset);
        self.values.iter().all(|&want| {
            let first = g.word();
            let second = if self.probe.0.words() == 2 {
                g.word()
            } else {
                0
            };
            let got = match self.probe.0 {
                Tap::Double => first.into(),
                t => t.of_words(first, second),
            };
            got == want
        })
    }

    /// Every hit among `seeds` (32-bit patterns, clamped to `0..2^32`), in
    /// seed order.
    pub fn search(&self, seeds: Range<u64>) -> Vec<Hit> {
        let end = seeds.end.min(1 << 32);
        let n = self.max_offset as usize + 2;
        let mut hits = Vec::new();
        let mut a = [[0i32; LANES]; 56];
        let mut words = alloc::vec![0i32; n];
        let mut lane_words = alloc::vec![[0i32; LANES]; n];
        let mut start = seeds.start;
        while start < end {
            let count = (end - start).min(LANES as u64) as usize;
            let mut mags = [0i32; LANES];
            for (l, m) in mags.iter_mut().enumerate().take(count) {
                *m = super::magnitude((start + l as u64) as u32 as i32);
            }
            seeded_lanes(&mags, &mut a);
            draw_lanes(&mut a, &mut lane_words);
            for l in 0..count {
                for (w, lw) in words.iter_mut().zip(&lane_words) {
                    *w = lw[l];
                }
                let seed = start + l as u64;
                for j in 0..=self.max_offset as usize {
                    if self.probe.value(&words, j) == self.values[0]
                        && self.confirm(seed as u32 as i32, j as u64)
                    {
                        hits.push(Hit {
                            seed,
                            offset: j as u64,
                        });
                    }
                }
            }
            start += count as u64;
        }
        hits
    }
}

/// The first `out.len()` words of every lane's stream, from its seeding.
#[inline(always)]
fn draw_lanes_kernel(a: &mut [Lanes; 56], out: &mut [Lanes]) {
    let (mut i, mut p) = (0usize, 21usize);
    for o in out.iter_mut() {
        i = if i == 55 { 1 } else { i + 1 };
        p = if p == 55 { 1 } else { p + 1 };
        let b = a[p];
        for l in 0..LANES {
            let r = a[i][l].wrapping_sub(b[l]);
            let r = fold(r - i32::from(r == MBIG));
            a[i][l] = r;
            o[l] = r;
        }
    }
}

dispatch! {
    /// [`draw_lanes_kernel`], in its AVX2 copy when the CPU has AVX2.
    fn draw_lanes(a: &mut [Lanes; 56], out: &mut [Lanes]) = draw_lanes_kernel;
}

impl crate::engine::recovery::Searcher for Search {
    fn search(&self, seeds: Range<u64>) -> Vec<Hit> {
        Search::search(self, seeds)
    }
}

/// A `NextDouble()` value as the word it is: printed values are rounded
/// (.NET Framework prints 15 digits), so the word `k` whose `k / int.MaxValue`
/// lies within half a step is taken.
fn double_word(v: &str) -> Result<i64, NumError> {
    let d = parse_f64(v)?;
    let k = crate::num::round_half_away(d * f64::from(MBIG));
    if (0.0..f64::from(MBIG)).contains(&k)
        && (super::sample(k as i32) - d).abs() < 0.5 / f64::from(MBIG)
    {
        Ok(k as i64)
    } else {
        Err(NumError::new(v, NumKind::NotReturned { lo: 0, hi: 1 }))
    }
}

/// The search for `vals` observed through `tap`, at a draw offset in
/// `0..=max_offset`. Values a tap never returns are refused before
/// searching.
pub fn query(tap: Tap, vals: &[&str], max_offset: u64) -> Result<Recovery, QueryError> {
    let v: Vec<i64> = match tap {
        Tap::Double => values(vals, double_word)?,
        _ => {
            let v = values(vals, parse_i32)?;
            let (lo, hi) = match tap {
                Tap::Next => (0, i64::from(MBIG) - 1),
                Tap::Max(max) => (0, (i64::from(max) - 1).max(0)),
                Tap::Range(min, max) => (min.into(), (i64::from(max) - 1).max(min.into())),
                Tap::Bytes => (0, 255),
                Tap::Double => unreachable!("read above"),
            };
            crate::engine::recovery::returned(vals, &v, lo, hi)?;
            v.into_iter().map(i64::from).collect()
        }
    };
    Ok(Recovery::search(Search::new(tap, v, max_offset)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lanes_seed_and_draw_as_the_scalar_generator() {
        let seeds = [
            0,
            1,
            -1,
            i32::MIN,
            i32::MAX,
            12345,
            -12345,
            161_803_398,
            161_803_399,
        ];
        let mut mags = [0i32; LANES];
        for (m, s) in mags.iter_mut().zip(seeds) {
            *m = super::super::magnitude(s);
        }
        let mut a = [[0i32; LANES]; 56];
        seeded_lanes(&mags, &mut a);
        let mut out = alloc::vec![[0i32; LANES]; 200];
        let mut b = a;
        draw_lanes(&mut b, &mut out);
        for (l, s) in seeds.iter().enumerate() {
            let mut g = Random::new(*s);
            for (k, row) in a.iter().enumerate() {
                assert_eq!(row[l], g.seed_array()[k], "seed {s} SeedArray[{k}]");
            }
            for row in &out {
                assert_eq!(row[l], g.word(), "seed {s}");
            }
        }
    }
}
