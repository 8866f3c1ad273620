//! The Westwood vector kernels against plain scalar references: the hash
//! lane by lane against `psdes`, the recover search against a scan of every
//! seed and draw by the real generator, and the identify search against
//! `Candidates::probe` seed by seed. Each kernel the CPU can run is tested,
//! and the portable kernel always; a kernel the CPU lacks is skipped with a
//! message.

use alloc::vec;
use alloc::vec::Vec;
use core::ops::Range;

use crate::engine::Identification;
use crate::recover::Hit;
use crate::simd::test_support::{vector_isas, Gen};
use crate::simd::Isa;
use crate::westwood::recover::{confirm, Search, Tap};
use crate::westwood::{psdes, Candidates, Random2};

/// Every kernel to test: the portable one first.
fn all_isas(what: &str) -> Vec<Isa> {
    let mut v = vec![Isa::Portable];
    v.extend(vector_isas(&std::format!("westwood {what}")));
    v
}

/// Ranges: short ones, ones not a multiple of any vector or group, ones
/// ending at (and past) 2^32, each also with a seed planted at its first
/// and at its last seed (`plant` 1 and 2).
fn ranges(g: &mut Gen) -> Vec<(Range<u64>, u8)> {
    let mut out = Vec::new();
    let mut push = |r: Range<u64>| {
        for plant in 0..3 {
            out.push((r.clone(), plant));
        }
    };
    for n in [
        1u64, 2, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 255, 256, 257, 300,
    ] {
        let start = g.below((1 << 32) - n);
        push(start..start + n);
    }
    for n in [1u64, 9, 33, 256, 300] {
        push((1 << 32) - n..1 << 32);
        push((1 << 32) - n..(1 << 32) + 17);
    }
    push(0..40);
    out
}

#[cfg(all(feature = "std", target_arch = "x86_64"))]
#[test]
fn vector_hash_is_psdes_lane_for_lane() {
    use crate::westwood::psdes_avx::{avx2 as psdes_avx2, avx512 as psdes_avx512};
    let mut g = Gen(3);
    for isa in vector_isas("westwood hash") {
        for _ in 0..500 {
            let index = match g.below(3) {
                0 => g.below(250) as u32,
                1 => g.next() as u32,
                _ => 0,
            };
            let mut ok = true;
            if isa == Isa::Avx512 {
                let seeds: [u32; psdes_avx512::TEST_LANES] =
                    core::array::from_fn(|_| g.next() as u32);
                let want = seeds.map(|s| psdes(s, index));
                // SAFETY: `vector_isas` returned Avx512 only after
                // `Isa::available()` detected AVX-512F.
                #[allow(unsafe_code)]
                let same = unsafe { psdes_avx512::hash_is(seeds, index, want) };
                ok &= same;
            } else {
                let seeds: [u32; psdes_avx2::TEST_LANES] =
                    core::array::from_fn(|_| g.next() as u32);
                let want = seeds.map(|s| psdes(s, index));
                // SAFETY: as above, AVX2 was detected.
                #[allow(unsafe_code)]
                let same = unsafe { psdes_avx2::hash_is(seeds, index, want) };
                ok &= same;
            }
            assert!(ok, "{isa:?} index {index}");
        }
    }
}

/// The recover reference: every seed and draw by the real generator.
fn scalar_recover(tap: Tap, values: &[i32], max_offset: u64, seeds: Range<u64>) -> Vec<Hit> {
    let mut hits = Vec::new();
    for seed in seeds.start..seeds.end.min(1 << 32) {
        for j in 0..=max_offset {
            if confirm(tap, values, seed as u32, j) {
                hits.push(Hit { seed, offset: j });
            }
        }
    }
    hits
}

/// One call of `tap` at seed `seed`, draw `j`, and the call after it.
fn values_at(tap: Tap, seed: u32, j: u64, count: usize) -> Vec<i32> {
    let mut rng = Random2::new(seed);
    rng.discard(j);
    (0..count)
        .map(|_| match tap {
            Tap::Raw => rng.raw(),
            Tap::Ranged { min, span, .. } => rng.ranged(min, min.wrapping_add(span)).unwrap(),
        })
        .collect()
}

#[test]
fn recover_kernels_match_a_scalar_scan() {
    let mut g = Gen(0x1234_5678_9abc_def1);
    let taps = [
        Tap::Raw,
        Tap::double(),
        Tap::ranged(1, 6).unwrap(),
        Tap::ranged(-50, 1000).unwrap(),
        Tap::ranged(0, 1 << 20).unwrap(),
    ];
    let isas = all_isas("recover");
    for (range, plant) in ranges(&mut g) {
        for tap in taps {
            let end = range.end.min(1 << 32);
            let seed = match plant {
                1 => range.start,
                2 => end - 1,
                _ => g.below(1 << 32),
            } as u32;
            let k = g.below(3);
            let j = g.below(k + 1);
            // A small ranged tap needs more than one value to say much.
            let count = if matches!(tap, Tap::Ranged { span, .. } if span < 10) {
                3
            } else {
                1 + g.below(2) as usize
            };
            let values = values_at(tap, seed, j, count);
            let want = scalar_recover(tap, &values, k, range.clone());
            if plant != 0 {
                assert!(want.contains(&Hit {
                    seed: seed.into(),
                    offset: j
                }));
            }
            let search = Search::new(tap, values.clone(), k).unwrap();
            assert_eq!(search.search(range.clone()), want, "best {tap:?} {range:?}");
            for &isa in &isas {
                assert_eq!(
                    search.search_on(isa, range.clone()),
                    want,
                    "{isa:?} {tap:?} {range:?} k {k}"
                );
            }
        }
    }
}

#[test]
fn recover_kernels_match_at_large_offsets() {
    let isas = all_isas("recover");
    for (k, start) in [(10u64, 1000u64), (146, 0xffff_ff00)] {
        let range = start..start + 21;
        let seed = (start + 20) as u32;
        for tap in [Tap::Raw, Tap::double()] {
            let values = values_at(tap, seed, k, 1);
            let want = scalar_recover(tap, &values, k, range.clone());
            assert!(want.contains(&Hit {
                seed: seed.into(),
                offset: k
            }));
            let search = Search::new(tap, values, k).unwrap();
            for &isa in &isas {
                assert_eq!(
                    search.search_on(isa, range.clone()),
                    want,
                    "{isa:?} {tap:?} k {k}"
                );
            }
        }
    }
}

/// The identify reference: `probe` seed by seed.
fn scalar_identify(c: &Candidates, seeds: Range<u64>) -> Vec<Identification> {
    (seeds.start..seeds.end.min(1 << 32))
        .filter_map(|s| c.probe(s as u32))
        .collect()
}

#[test]
fn identify_kernels_match_probe() {
    let mut g = Gen(99);
    let isas = all_isas("identify");
    for (range, plant) in ranges(&mut g) {
        let end = range.end.min(1 << 32);
        let seed = match plant {
            1 => range.start,
            2 => end - 1,
            _ => g.below(1 << 32),
        } as u32;
        let draws = g.below(3000);
        let mut rng = Random2::new(seed);
        rng.discard(draws);
        // A bound that keeps a few dozen points (so the bitmap has bits
        // to hit) without making the walk slow in a debug build.
        let c = Candidates::new(&rng, 3000 + g.below(20_000)).unwrap();
        let want = scalar_identify(&c, range.clone());
        if plant != 0 {
            assert!(want
                .iter()
                .any(|id| id.seed == u64::from(seed) && id.words_drawn == draws));
        }
        for &isa in &isas {
            let got: Vec<_> = c.search_on(isa, range.clone()).collect();
            assert_eq!(got, want, "{isa:?} {range:?}");
        }
        let got: Vec<_> = c.search(range.clone()).collect();
        assert_eq!(got, want, "best {range:?}");
    }
}

/// The bitmap probe itself, bit for bit, on random blocks and a large
/// candidate set (a dense bitmap, so a wrong hash or index shows).
#[test]
fn probe_blocks_agree_bit_for_bit() {
    let mut g = Gen(7);
    let mut rng = Random2::new(12345);
    rng.discard(777);
    let c = Candidates::new(&rng, 2_000_000).unwrap();
    let isas = vector_isas("probe");
    let mut set = 0;
    for _ in 0..200 {
        let first = g.next() as u32;
        let want = c.probe_block(Isa::Portable, first);
        set += want.iter().map(|b| b.count_ones()).sum::<u32>();
        for &isa in &isas {
            assert_eq!(c.probe_block(isa, first), want, "{isa:?} {first:#x}");
        }
    }
    assert!(
        set > 100,
        "the bitmap is too sparse to test anything ({set} bits)"
    );
}
