//! The explicit-SIMD sots seed search: which kernel runs, and the filter it
//! applies.
//!
//! A fresh stream's output at word offset `j < 227` is
//! `temper(B[j])` with `B[j] = init[j + 397] ^ mix(top(init[j]) | low(init[j + 1]))`,
//! so a seed is judged on its first value by Knuth's initializer run to word
//! `j + 397` — about 400 dependent multiplies — and nothing else. The
//! kernels (`recover_avx::avx512`, `recover_avx::avx2`) run that chain for
//! 8 independent vectors of seeds at once (128 or 64 seeds), which keeps the
//! 32-bit multiplier busy: one vector's chain alone waits on the multiply's
//! latency. They keep only the words the filter needs (`mix(…)` of words
//! `j`, `j + 1` for `j ≤ max_offset`, then words `397..=397 + max_offset`
//! as the chain passes them), never a stored block.
//!
//! **The filter** is a [`Filter`] on the first value, exact or wider, never
//! narrower: every seed the kernel lets through is then confirmed by the
//! real generator ([`super::recover::confirm`]), so the hits are exactly those
//! of the portable search. For `u32` the filter is `B[j] == untemper(v)`;
//! for `unit` and `float` (both precisions) it is the interval of words that
//! map to `v`. Those maps are monotone non-decreasing in the word — a word
//! becomes its f64 value exactly (pc53) or through one rounding to 24 bits
//! (pc24, words ≥ 2^31, whose fix-up add rounds), is multiplied by a
//! positive constant and rounded, and narrowed to f32: each step is monotone
//! (round-to-nearest is), and at 2^31 the two pc24 paths meet in order — so
//! the words giving `v` are one interval, found by binary search. The tests
//! check the monotonicity on every edge and many random pairs, and each
//! kernel against a scalar scan. Other taps (`int`, `frange`) and offsets
//! past [`MAX_OFFSET`] use the portable kernel.
//!
//! A `unit` value names one word (the map is injective), so its filter is
//! exact too; a pc24 float near 1 covers 2^8 words.

use super::filter::{Filter, MAX_OFFSET};
use super::observe::{confirm, Observed, Tap};
use crate::engine::recovery::Hit;
use crate::simd::Isa;
use alloc::vec::Vec;
use core::ops::Range;

/// The seeds of `seeds` (clamped to `0..2^32`) whose first value passes
/// `filter` at some offset `0..=max_offset` (`max_offset ≤ MAX_OFFSET`), as
/// `(seed, offset)` in no particular order, on kernel `isa`; `None` when
/// `isa` is the portable kernel or this CPU cannot run it.
pub(crate) fn candidates(
    isa: Isa,
    filter: Filter,
    max_offset: usize,
    seeds: Range<u64>,
) -> Option<Vec<(u32, u32)>> {
    assert!(max_offset <= MAX_OFFSET);
    let end = seeds.end.min(1 << 32);
    let mut out = Vec::new();
    if !isa.available() {
        return None;
    }
    if seeds.start >= end || filter == Filter::Never {
        return Some(out);
    }
    let seeds = seeds.start..end;
    match isa {
        Isa::Portable => return None,
        #[cfg(all(feature = "std", target_arch = "x86_64"))]
        Isa::Avx512 => {
            // SAFETY: `isa.available()` confirmed above that this CPU has
            // AVX-512F, the only requirement of calling the kernel (a
            // `#[target_feature(enable = "avx512f")]` function whose own
            // body is safe code).
            #[allow(unsafe_code)]
            let () =
                unsafe { super::recover_avx::avx512::scan(filter, max_offset, seeds, &mut out) };
        }
        #[cfg(all(feature = "std", target_arch = "x86_64"))]
        Isa::Avx2 => {
            // SAFETY: as above, with AVX2 (`isa.available()` checked it).
            #[allow(unsafe_code)]
            let () = unsafe { super::recover_avx::avx2::scan(filter, max_offset, seeds, &mut out) };
        }
        #[cfg(not(all(feature = "std", target_arch = "x86_64")))]
        Isa::Avx2 | Isa::Avx512 => return None,
    }
    Some(out)
}

/// The whole search on kernel `isa`: candidates confirmed by the real
/// generator, sorted. `None` when the tap, the offset bound or the kernel
/// is not one the vector kernels handle (the caller runs the portable
/// search).
pub(crate) fn search(
    isa: Isa,
    tap: Tap,
    values: &[Observed],
    max_offset: usize,
    seeds: Range<u64>,
) -> Option<Vec<Hit>> {
    if isa == Isa::Portable || max_offset > MAX_OFFSET {
        return None;
    }
    let filter = Filter::new(tap, *values.first()?)?;
    let found = candidates(isa, filter, max_offset, seeds)?;
    let mut hits: Vec<Hit> = found
        .into_iter()
        .filter(|&(seed, j)| confirm(tap, values, seed, j.into()))
        .map(|(seed, j)| Hit {
            seed: seed.into(),
            offset: j.into(),
        })
        .collect();
    hits.sort_unstable();
    Some(hits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::simd::test_support::{vector_isas, Gen};
    use crate::sots::recover::Search;
    use crate::sots::{float_of_word, unit_of_word, Precision, Rng};
    use alloc::vec;

    fn scalar_scan(tap: Tap, values: &[Observed], max_offset: u64, seeds: Range<u64>) -> Vec<Hit> {
        let mut hits = Vec::new();
        for seed in seeds.start..seeds.end.min(1 << 32) {
            let mut rng = Rng::new(seed as u32);
            for j in 0..=max_offset {
                let mut r = rng.clone();
                if values.iter().all(|&v| tap.call(&mut r) == v) {
                    hits.push(Hit { seed, offset: j });
                }
                rng.next_u32();
            }
        }
        hits
    }

    /// A tap's value at seed `seed`, offset `j`.
    fn value_at(tap: Tap, seed: u32, j: u64) -> Observed {
        let mut rng = Rng::new(seed);
        rng.discard(j);
        tap.call(&mut rng)
    }

    const TAPS: [Tap; 4] = [
        Tap::U32,
        Tap::Unit,
        Tap::Float(Precision::Pc53),
        Tap::Float(Precision::Pc24),
    ];

    /// Ranges and planted values the kernels must agree on: short ranges,
    /// ranges not a multiple of any lane count, ranges ending at 2^32 (and
    /// past it), values planted in the first and last seed of a range.
    fn cases(g: &mut Gen) -> Vec<(Range<u64>, u64, u32)> {
        let mut cases = Vec::new();
        for n in [
            1u64, 3, 7, 8, 9, 15, 16, 17, 63, 64, 65, 127, 128, 129, 200, 300,
        ] {
            let start = g.below((1 << 32) - n);
            cases.push((start..start + n, g.below(3), 0));
        }
        for n in [1u64, 5, 16, 130, 257] {
            cases.push(((1 << 32) - n..1 << 32, g.below(3), 0));
            cases.push(((1 << 32) - n..(1 << 32) + 40, 0, 0));
        }
        cases.push((0..100, 2, 0));
        // Planted: the value of the first / last seed of the range.
        let n = cases.len();
        for i in 0..n {
            let (r, k, _) = cases[i].clone();
            cases.push((r.clone(), k, 1));
            cases.push((r, k, 2));
        }
        cases
    }

    #[test]
    fn kernels_match_a_scalar_scan() {
        let mut g = Gen(0x9e37_79b9_7f4a_7c15);
        let isas = vector_isas("sots");
        for (range, k, plant) in cases(&mut g) {
            for tap in TAPS {
                let end = range.end.min(1 << 32);
                let seed = match plant {
                    1 => range.start,
                    2 => end - 1,
                    _ => g.below(1 << 32),
                } as u32;
                let j = g.below(k + 1);
                let mut values = vec![value_at(tap, seed, j)];
                if g.below(2) == 0 {
                    let mut rng = Rng::new(seed);
                    rng.discard(j + 1);
                    values.push(tap.call(&mut rng));
                }
                let want = scalar_scan(tap, &values, k, range.clone());
                if plant != 0 {
                    assert!(want.contains(&Hit {
                        seed: seed.into(),
                        offset: j
                    }));
                }
                let search = Search::new(tap, values.clone(), k).unwrap();
                assert_eq!(
                    search.search_portable(range.clone()),
                    want,
                    "portable {tap:?} {range:?}"
                );
                assert_eq!(search.search(range.clone()), want, "best {tap:?} {range:?}");
                for &isa in &isas {
                    let got = super::search(isa, tap, &values, k as usize, range.clone()).unwrap();
                    assert_eq!(
                        got, want,
                        "{isa:?} {tap:?} {range:?} k {k} values {values:?}"
                    );
                }
            }
        }
    }

    /// The portable kernel on the taps the vector kernels leave to it
    /// (`int:N`, whose words can be rejected, and `frange`), against the
    /// scalar scan: both of its paths — the streaming one (first-block words
    /// made as the initializer passes them, offsets up to 194 with `int`)
    /// and the stored one (larger offsets).
    #[test]
    fn portable_kernel_matches_a_scalar_scan_on_int_and_frange() {
        let mut g = Gen(3406);
        let taps = [
            Tap::IntInclusive(1),
            Tap::IntInclusive(5),
            Tap::IntInclusive(100),
            Tap::FloatRange(-1.0, 1.0, Precision::Pc24),
        ];
        for (i, k) in [0u64, 3, 194, 195, 300].into_iter().enumerate() {
            let tap = taps[i % taps.len()];
            let start = g.below((1 << 32) - 300);
            let range = start..start + if k > 100 { 40 } else { 300 };
            let seed = (range.start + g.below(range.end - range.start)) as u32;
            let j = g.below(k + 1);
            let mut rng = Rng::new(seed);
            rng.discard(j);
            let values: Vec<Observed> = (0..3).map(|_| tap.call(&mut rng)).collect();
            let want = scalar_scan(tap, &values, k, range.clone());
            assert!(want.contains(&Hit {
                seed: seed.into(),
                offset: j
            }));
            let search = Search::new(tap, values, k).unwrap();
            assert_eq!(search.search_portable(range.clone()), want, "{tap:?} k {k}");
            assert_eq!(search.search(range.clone()), want, "best {tap:?} k {k}");
        }
        // One value of int:1 matches about half the seeds at every offset:
        // a dense case, every seed's verdict compared.
        let values = vec![1];
        let range = 1000..1600;
        let want = scalar_scan(Tap::IntInclusive(1), &values, 2, range.clone());
        assert!(want.len() > 600);
        let search = Search::new(Tap::IntInclusive(1), values, 2).unwrap();
        assert_eq!(search.search_portable(range), want);
    }

    /// Larger offsets, up to the kernels' limit, on a few short ranges.
    #[test]
    fn kernels_match_at_large_offsets() {
        let mut g = Gen(77);
        let isas = vector_isas("sots");
        for k in [5usize, 40, MAX_OFFSET] {
            let start = g.below(1 << 32) & !15;
            let range = start..start + 37;
            let seed = (start + 36) as u32;
            let tap = Tap::U32;
            let values = vec![value_at(tap, seed, k as u64)];
            let want = scalar_scan(tap, &values, k as u64, range.clone());
            assert!(want.contains(&Hit {
                seed: seed.into(),
                offset: k as u64
            }));
            for &isa in &isas {
                assert_eq!(
                    super::search(isa, tap, &values, k, range.clone()).unwrap(),
                    want
                );
            }
        }
    }

    /// The filter lets every word that maps to the value through, and no
    /// other (so a kernel's candidates are exactly the filter's).
    #[test]
    fn filter_is_the_preimage() {
        let mut g = Gen(5);
        for tap in TAPS {
            for _ in 0..200 {
                let y = match g.below(4) {
                    0 => g.below(300) as u32,
                    1 => u32::MAX - g.below(300) as u32,
                    2 => 0x8000_0000u32
                        .wrapping_add(g.below(600) as u32)
                        .wrapping_sub(300),
                    _ => g.next() as u32,
                };
                let v = tap.of_word(y).unwrap();
                let f = Filter::new(tap, v).unwrap();
                let b = crate::mt19937::untemper(y);
                assert!(f.passes(b), "{tap:?} {y:#x}");
                if let Filter::Tempered { lo, hi } = f {
                    assert_eq!(tap.of_word(lo), Some(v));
                    assert_eq!(tap.of_word(hi), Some(v));
                    if lo > 0 {
                        assert_ne!(tap.of_word(lo - 1), Some(v));
                    }
                    if hi < u32::MAX {
                        assert_ne!(tap.of_word(hi + 1), Some(v));
                    }
                }
            }
        }
        assert_eq!(Filter::new(Tap::U32, 1 << 32), Some(Filter::Never));
        assert_eq!(Filter::new(Tap::Unit, 2f64.to_bits()), Some(Filter::Never));
        assert_eq!(
            Filter::new(Tap::Unit, 1e-300f64.to_bits()),
            Some(Filter::Never)
        );
        assert_eq!(Filter::new(Tap::IntInclusive(5), 3), None);
    }

    /// The monotonicity the interval filter rests on, on every edge of the
    /// maps (0, 2^31, 2^32 − 1, powers of two) and on many random pairs.
    #[test]
    fn float_maps_are_monotone() {
        let mut g = Gen(11);
        let mut words: Vec<u32> = Vec::new();
        for e in 0..32 {
            let p = 1u32 << e;
            for d in 0..4 {
                words.push(p.wrapping_add(d));
                words.push(p.wrapping_sub(d + 1));
            }
        }
        words.extend([0, 1, u32::MAX, u32::MAX - 1, 0x7fff_ffff, 0x8000_0000]);
        for _ in 0..20_000 {
            words.push(g.next() as u32);
        }
        words.sort_unstable();
        words.dedup();
        for w in words.windows(2) {
            let (a, b) = (w[0], w[1]);
            assert!(unit_of_word(a) < unit_of_word(b));
            for p in [Precision::Pc53, Precision::Pc24] {
                assert!(
                    float_of_word(a, p) <= float_of_word(b, p),
                    "{p:?} {a:#x} {b:#x}"
                );
            }
        }
        // And across the pc24 seam, word by word.
        for y in 0x7fff_0000u32..0x8001_0000 {
            assert!(float_of_word(y, Precision::Pc24) <= float_of_word(y + 1, Precision::Pc24));
        }
    }

    /// Taps and offsets the vector kernels do not take fall back.
    #[test]
    fn unsupported_cases_fall_back() {
        for isa in [Isa::Portable, Isa::Avx2, Isa::Avx512] {
            assert_eq!(
                super::search(isa, Tap::IntInclusive(9), &[3], 0, 0..10),
                None
            );
            assert_eq!(
                super::search(isa, Tap::U32, &[3], MAX_OFFSET + 1, 0..10),
                None
            );
        }
        assert_eq!(super::search(Isa::Portable, Tap::U32, &[3], 0, 0..10), None);
    }
}
