//! Westwood seed recovery (`Random2Class`, 32-bit seeds).
//!
//! The table of a fresh stream is `T[k] = psdes(seed, k)`, and draw `j` for
//! `j < 147` is `T[j] ^ T[j + 103]` (neither word has been rewritten yet): two
//! hashes per seed and offset, computed for [`LANES`] seeds side by side.
//! Ranged and `double` taps filter on the masked value; survivors are
//! confirmed by running the real generator.

use crate::engine::recovery::{values, Hit, QueryError, Recovery};
use crate::num::{parse_double_value, parse_i32};
use crate::simd::Isa;
use crate::westwood::filters::{RawFilter, WALKED};
use crate::westwood::ranged::range_mask;
use crate::westwood::{psdes, Random2, MIX1, MIX2};
use alloc::vec::Vec;
use core::ops::Range;

/// Seeds evaluated side by side.
pub const LANES: usize = 16;

pub use super::filters::MAX_SEARCH_OFFSET;

/// A Westwood tap whose values can be recovered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tap {
    /// The raw draw.
    Raw,
    /// `ranged(min, max)`: `min`, the span and the mask, checked to draw.
    Ranged {
        /// The lower bound after the swap.
        min: i32,
        /// `max − min`.
        span: i32,
        /// The mask covering the span.
        mask: i32,
    },
}

impl Tap {
    /// `ranged(min, max)` as a tap, or an error when it spends no draw (equal
    /// bounds, the `i32::MAX` span) or never returns (a span past `i32::MAX`).
    pub fn ranged(min: i32, max: i32) -> Result<Tap, QueryError> {
        let (lo, hi) = if min <= max { (min, max) } else { (max, min) };
        let span = hi.wrapping_sub(lo);
        if span == 0 || span == i32::MAX {
            return Err(QueryError::UnsupportedTap(
                "this ranged draw spends no raw draw, so its values say nothing about the seed",
            ));
        }
        if span < 0 {
            return Err(QueryError::BadTap(
                "the span exceeds i32::MAX: the original loops for ever",
            ));
        }
        Ok(Tap::Ranged {
            min: lo,
            span,
            mask: range_mask(span, 32),
        })
    }

    /// `double()`: `ranged(1, 2147483647)`; values are given as that integer.
    pub fn double() -> Tap {
        Tap::Ranged {
            min: 1,
            span: i32::MAX - 1,
            mask: i32::MAX,
        }
    }

    /// What one raw draw maps to, or `None` when a ranged draw rejects it.
    #[inline]
    pub fn of_raw(self, raw: i32) -> Option<i32> {
        match self {
            Tap::Raw => Some(raw),
            Tap::Ranged { min, span, mask } => {
                let pick = raw & mask;
                (pick <= span).then(|| min.wrapping_add(pick))
            }
        }
    }

    fn call(self, rng: &mut Random2) -> i32 {
        match self {
            Tap::Raw => rng.raw(),
            Tap::Ranged { min, span, .. } => rng.ranged(min, min.wrapping_add(span)).unwrap_or(min),
        }
    }
}

/// Whether seed `seed`'s stream, from draw `offset`, gives `values`.
pub fn confirm(tap: Tap, values: &[i32], seed: u32, offset: u64) -> bool {
    let mut rng = Random2::new(seed);
    rng.discard(offset);
    values.iter().all(|&v| tap.call(&mut rng) == v)
}

/// Round `i` of the hash on one lane (the same arithmetic as
/// `westwood::psdes`, written for lanes: 32-bit signed, arithmetic shifts).
#[inline(always)]
fn mix(hold: i32, i: usize) -> i32 {
    let t = hold ^ MIX1[i] as i32;
    let tl = t & 0xffff;
    let th = t >> 16;
    let t = tl.wrapping_mul(tl).wrapping_add(!th.wrapping_mul(th));
    #[allow(clippy::manual_rotate)] // arithmetic >>: not a rotate
    let t = (t >> 16) | (t << 16);
    (t ^ MIX2[i] as i32).wrapping_add(tl.wrapping_mul(th))
}

/// `psdes(seed_l, index)` for a batch of seeds; round 0 depends only on
/// `index`, so it is one constant for the batch.
#[inline(always)]
fn psdes_lanes(seeds: &[i32; LANES], index: u32) -> [i32; LANES] {
    let c0 = mix(index as i32, 0);
    let mut out = [0i32; LANES];
    for l in 0..LANES {
        let mut lo = index as i32;
        let mut hi = seeds[l] ^ c0;
        for r in 1..4 {
            let hold = hi;
            hi = lo ^ mix(hold, r);
            lo = hold;
        }
        out[l] = hi;
    }
    out
}

/// A search over seeds for values of one tap.
#[derive(Clone, Debug)]
pub struct Search {
    tap: Tap,
    values: Vec<i32>,
    max_offset: u32,
    /// Draws computed: `0..=last` (past `max_offset` for a ranged tap, which
    /// can reject draws).
    last: u32,
}

impl Search {
    /// Set up a search for `values` starting at a draw in `0..=max_offset`
    /// (at most [`MAX_SEARCH_OFFSET`]).
    pub fn new(tap: Tap, values: Vec<i32>, max_offset: u64) -> Result<Search, QueryError> {
        crate::engine::recovery::check_setup(values.len(), max_offset, MAX_SEARCH_OFFSET)?;
        let extra = if tap == Tap::Raw {
            0
        } else {
            crate::engine::recovery::SCAN as u64
        };
        Ok(Search {
            tap,
            values,
            max_offset: max_offset as u32,
            last: (max_offset + extra).min(MAX_SEARCH_OFFSET) as u32,
        })
    }

    /// Every hit among `seeds` (clamped to `0..2^32`), in seed order.
    ///
    /// Runs an explicit AVX-512 or AVX2 kernel when the CPU has one
    /// (`westwood::psdes_avx`), else the portable kernel; all give the same
    /// hits.
    pub fn search(&self, seeds: Range<u64>) -> Vec<Hit> {
        self.search_on(Isa::best(), seeds)
    }

    /// [`search`](Self::search) on kernel `isa` (the portable one when
    /// this CPU cannot run `isa`).
    pub(crate) fn search_on(&self, isa: Isa, seeds: Range<u64>) -> Vec<Hit> {
        let end = seeds.end.min(1 << 32);
        let seeds = seeds.start.min(end)..end;
        let mut found = Vec::new();
        let filter = self.raw_filter();
        match isa {
            _ if !isa.available() || seeds.is_empty() => return search_kernel(self, seeds),
            Isa::Portable => return search_kernel(self, seeds),
            #[cfg(all(feature = "std", target_arch = "x86_64"))]
            Isa::Avx512 => {
                // SAFETY: `isa.available()` confirmed AVX-512F, the feature
                // the kernel is compiled with; its body is otherwise sound
                // for any arguments (see `westwood::psdes_avx`).
                #[allow(unsafe_code)]
                let () = unsafe {
                    crate::westwood::psdes_avx::avx512::recover_scan(
                        filter,
                        self.max_offset,
                        seeds,
                        &mut found,
                    )
                };
            }
            #[cfg(all(feature = "std", target_arch = "x86_64"))]
            Isa::Avx2 => {
                // SAFETY: as above, with AVX2 (`isa.available()` checked it).
                #[allow(unsafe_code)]
                let () = unsafe {
                    crate::westwood::psdes_avx::avx2::recover_scan(
                        filter,
                        self.max_offset,
                        seeds,
                        &mut found,
                    )
                };
            }
            #[cfg(not(all(feature = "std", target_arch = "x86_64")))]
            Isa::Avx2 | Isa::Avx512 => return search_kernel(self, seeds),
        }
        self.confirmed(found)
    }

    /// The hits among a kernel's candidates `(seed, draw)`, in seed order.
    fn confirmed(&self, found: Vec<(u32, u32)>) -> Vec<Hit> {
        let mut hits: Vec<Hit> = found
            .into_iter()
            .filter(|&(seed, j)| self.check(seed, j))
            .map(|(seed, j)| Hit {
                seed: seed.into(),
                offset: j.into(),
            })
            .collect();
        hits.sort_unstable();
        hits
    }

    /// [`search_on`](Self::search_on) by the kernels' generic body on
    /// sixteen soft lanes (`simd::Soft16`), for the tests.
    #[cfg(all(test, feature = "std", target_arch = "x86_64"))]
    pub(crate) fn search_soft16(&self, seeds: Range<u64>) -> Vec<Hit> {
        let end = seeds.end.min(1 << 32);
        let mut found = Vec::new();
        crate::westwood::psdes_avx::soft16::recover_scan(
            self.raw_filter(),
            self.max_offset,
            seeds.start.min(end)..end,
            &mut found,
        );
        self.confirmed(found)
    }

    /// The vector kernels' filter: what [`check`](Self::check) needs to see.
    fn raw_filter(&self) -> RawFilter {
        let count = self.values.len().min(WALKED);
        let (mask, min, span, reject) = match self.tap {
            Tap::Raw => (-1, 0, i32::MAX, false),
            Tap::Ranged { min, span, mask } => (mask, min, span, true),
        };
        RawFilter {
            mask,
            wants: core::array::from_fn(|n| self.values[n.min(count - 1)].wrapping_sub(min)),
            count,
            span,
            reject,
        }
    }

    /// The scalar decision for one seed and draw, as the portable kernel
    /// makes it: the first accepted draw from `j` is the first value, and
    /// the seed's stream gives all the values.
    fn check(&self, seed: u32, j: u32) -> bool {
        let raw = psdes(seed, j) ^ psdes(seed, j + 103);
        let candidate = match self.tap.of_raw(raw) {
            Some(v) => v == self.values[0],
            None => self.scan_past(seed, j + 1),
        };
        candidate && self.direct_match(seed, j) && confirm(self.tap, &self.values, seed, j.into())
    }

    /// Whether the values may start at draw `j` of `seed`, judged on the
    /// draws up to [`MAX_SEARCH_OFFSET`], which read table words no earlier
    /// draw has changed, so draw `i` is `psdes(seed, i) ^ psdes(seed, i + 103)`
    /// (as the kernels compute it): `false` only when one of those draws
    /// contradicts a value; `true` when they agree or run out (then
    /// [`confirm`], which seeds the whole table, decides). Two hashes per
    /// draw instead of the table's 250 for most candidates.
    fn direct_match(&self, seed: u32, j: u32) -> bool {
        let mut i = j;
        for &want in &self.values {
            loop {
                if u64::from(i) > MAX_SEARCH_OFFSET {
                    return true;
                }
                let raw = psdes(seed, i) ^ psdes(seed, i + 103);
                i += 1;
                match self.tap.of_raw(raw) {
                    Some(v) if v == want => break,
                    Some(_) => return false,
                    None => continue,
                }
            }
        }
        true
    }

    /// Whether the first accepted draw from draw `from` on (up to `last`)
    /// is the first value; `true` when all are rejected (the exact check
    /// decides).
    #[cold]
    fn scan_past(&self, seed: u32, from: u32) -> bool {
        for i in from..=self.last {
            if let Some(v) = self.tap.of_raw(psdes(seed, i) ^ psdes(seed, i + 103)) {
                return v == self.values[0];
            }
        }
        true
    }

    /// The search loop itself (compiled twice, see [`crate::simd`]).
    #[inline(always)]
    fn search_lanes(&self, seeds: Range<u64>) -> Vec<Hit> {
        let end = seeds.end.min(1 << 32);
        let mut hits = Vec::new();
        let mut base = seeds.start;
        while base < end {
            let mut lanes = [0i32; LANES];
            for (l, s) in lanes.iter_mut().enumerate() {
                *s = (base as u32).wrapping_add(l as u32) as i32;
            }
            let valid = (end - base).min(LANES as u64) as usize;
            for j in 0..=self.max_offset {
                let (a, b) = (psdes_lanes(&lanes, j), psdes_lanes(&lanes, j + 103));
                for l in 0..valid {
                    let seed = lanes[l] as u32;
                    // The first accepted draw of a call starting at j decides;
                    // a rejected draw (rare, never for the raw tap) sends this
                    // seed to a scalar scan past it.
                    let candidate = match self.tap.of_raw(a[l] ^ b[l]) {
                        Some(v) => v == self.values[0],
                        None => self.scan_past(seed, j + 1),
                    };
                    if candidate && confirm(self.tap, &self.values, seed, j.into()) {
                        hits.push(Hit {
                            seed: seed.into(),
                            offset: j.into(),
                        });
                    }
                }
            }
            base += LANES as u64;
        }
        hits.sort_unstable();
        hits
    }
}

impl crate::engine::recovery::Searcher for Search {
    fn search(&self, seeds: Range<u64>) -> Vec<Hit> {
        Search::search(self, seeds)
    }
}

/// The search for `vals` (the CLI's notation: `double` values as printed,
/// the others as integers) observed through `tap`, at a draw offset in
/// `0..=max_offset`.
pub fn query(
    tap: crate::westwood::engines::Tap,
    vals: &[&str],
    max_offset: u64,
) -> Result<Recovery, QueryError> {
    use crate::westwood::engines::Tap as T;
    let (tap, v) = match tap {
        T::Raw => (Tap::Raw, values(vals, parse_i32)?),
        T::Double => (Tap::double(), values(vals, parse_double_value)?),
        T::Ranged(lo, hi) => {
            let tap = Tap::ranged(lo, hi)?;
            let v = values(vals, parse_i32)?;
            crate::engine::recovery::returned(vals, &v, lo.min(hi).into(), lo.max(hi).into())?;
            (tap, v)
        }
        T::Float => {
            return Err(QueryError::NotThisTap {
                tap: "float",
                why: "Random2Class has no Get_Float",
                taps: crate::westwood::engines::TAPS,
            })
        }
    };
    Ok(Recovery::search(Search::new(tap, v, max_offset)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lanes_match_psdes() {
        let seeds: [i32; LANES] =
            core::array::from_fn(|l| (l as i32).wrapping_mul(0x1234_5679) ^ -7);
        for index in [0u32, 1, 103, 249, 0xffff_ffff] {
            let got = psdes_lanes(&seeds, index);
            for l in 0..LANES {
                assert_eq!(got[l], psdes(seeds[l] as u32, index));
            }
        }
    }
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
