//! The Westwood vector kernels against plain scalar references: the hash
//! lane by lane against `psdes`, the recover search against a scan of every
//! seed and draw by the real generator, and the identify search against
//! `Candidates::probe` seed by seed. Each kernel the CPU can run is tested,
//! and the portable kernel always; a kernel the CPU lacks is skipped with a
//! message.

use alloc::vec;
use alloc::vec::Vec;
use core::ops::Range;

use crate::engine::recovery::Hit;
use crate::engine::Identification;
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
/// ending at (and past) 2^32, aligned blocks, each also with a seed planted at its first
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
    // Blocks aligned to the kernels' 256-seed sweeps, whole and with seeds
    // around them, and the last two blocks of the seed space.
    for n in [256u64, 549] {
        let start = g.below((1 << 32) - n) & !255;
        push(start..start + n);
    }
    push((1 << 32) - 512..1 << 32);
    out
}

/// The seed `ranges` plants: its first (`plant` 1), its last (2) or one at
/// random (0).
fn planted(g: &mut Gen, range: &Range<u64>, plant: u8) -> u32 {
    let seed = match plant {
        1 => range.start,
        2 => range.end.min(1 << 32) - 1,
        _ => g.below(1 << 32),
    };
    seed as u32
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
            let seed = planted(&mut g, &range, plant);
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
        for (tap, count) in [
            (Tap::Raw, 1),
            (Tap::double(), 1),
            (Tap::ranged(1, 6).unwrap(), 6),
        ] {
            // Six values of a die: more than the kernels follow, and their
            // draws run past the last direct one at k = 146.
            let values = values_at(tap, seed, k, count);
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
        let seed = planted(&mut g, &range, plant);
        let draws = g.below(3000);
        let mut rng = Random2::new(seed);
        rng.discard(draws);
        // A bound that keeps a few dozen points (so the filter has bits
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

/// The filter itself, bit for bit, on random blocks and the default
/// bound's candidate set: through a small filter of the same points (2^12
/// blocks: dense, about a fifth of seeds pass, so a wrong hash, index,
/// mask or gather shows) and through the search's own.
#[test]
fn probe_blocks_agree_bit_for_bit() {
    let mut g = Gen(7);
    let mut rng = Random2::new(12345);
    rng.discard(777);
    let c = Candidates::new(&rng, 10_000_000).unwrap();
    let isas = vector_isas("probe");
    let dense_filter = c.dense_filter(12);
    let mut set = 0;
    for n in 0..400 {
        // Half the blocks aligned to their length (the kernels' sweep in
        // `tl` order), half not.
        let first = g.next() as u32 & if n % 2 == 0 { !255 } else { !0 };
        let want = c.probe_block(Isa::Portable, first);
        let dense = c.filter_bits(Some(Isa::Portable), &dense_filter, first);
        set += dense.iter().map(|b| b.count_ones()).sum::<u32>();
        for &isa in &isas {
            let got = c.filter_bits(Some(isa), &dense_filter, first);
            assert_eq!(got, dense, "{isa:?} {first:#x}");
            assert_eq!(c.probe_block(isa, first), want, "{isa:?} {first:#x}");
        }
    }
    assert!(
        set > 400 * 256 / 10,
        "the dense filter is too sparse to test anything ({set} bits)"
    );
}

/// Ranges that cross multiples of 2^16 (where the kernels' round 1 changes
/// its scalar `th`), and a long unaligned one spanning several such runs.
fn run_ranges() -> Vec<Range<u64>> {
    vec![
        0xfff0..0x1_0020,
        0x3_fff5..0x6_0123,
        0x7fff_ffe3..0x8000_0011,
        0xffff_0000 - 9..0xffff_0000 + 300,
        (1 << 32) - 70_000..1 << 32,
    ]
}

#[test]
fn recover_kernels_match_across_runs_of_2_16() {
    let isas = all_isas("recover");
    let taps = [
        Tap::Raw,
        Tap::ranged(0, 99).unwrap(),
        Tap::ranged(1, 6).unwrap(),
    ];
    for range in run_ranges() {
        for (i, tap) in taps.into_iter().enumerate() {
            let k = (i % 2) as u64 * 2;
            // A seed right after a multiple of 2^16, and one just before.
            let boundary = ((range.start >> 16) + 1) << 16;
            for seed in [boundary, boundary - 1] {
                if !range.contains(&seed) {
                    continue;
                }
                let count = if i == 2 { 3 } else { 1 };
                let values = values_at(tap, seed as u32, k, count);
                let search = Search::new(tap, values, k).unwrap();
                let want = search.search_on(Isa::Portable, range.clone());
                assert!(
                    want.contains(&Hit { seed, offset: k }),
                    "{tap:?} {range:?} seed {seed:#x}"
                );
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
    // Short ones against the scalar scan itself.
    for range in [0xfff0..0x1_0020u64, 0xffff_0000 - 9..0xffff_0000 + 40] {
        let seed = ((range.start >> 16) + 1) << 16;
        let values = values_at(Tap::Raw, seed as u32, 1, 1);
        let want = scalar_recover(Tap::Raw, &values, 1, range.clone());
        let search = Search::new(Tap::Raw, values, 1).unwrap();
        for &isa in &isas {
            assert_eq!(
                search.search_on(isa, range.clone()),
                want,
                "{isa:?} {range:?}"
            );
        }
    }
}

#[test]
fn identify_with_few_first_words_matches_probe() {
    let isas = all_isas("identify");
    for range in run_ranges() {
        let boundary = ((range.start >> 16) + 1) << 16;
        for (seed, draws, bound) in [
            (boundary as u32, 0u64, 0u64),
            ((boundary - 1) as u32, 260, 600),
            (range.start as u32, 10, 900),
        ] {
            let mut rng = Random2::new(seed);
            rng.discard(draws);
            let c = Candidates::new(&rng, bound).unwrap();
            let keys = c
                .few_keys()
                .expect("a bound this small keeps at most 4 points");
            assert!(!keys.is_empty());
            let want: Vec<Identification> = if range.end - range.start <= 70_000 {
                scalar_identify(&c, range.clone())
            } else {
                c.search_on(Isa::Portable, range.clone()).collect()
            };
            assert!(
                want.iter()
                    .any(|id| id.seed == u64::from(seed) && id.words_drawn == draws),
                "{range:?} seed {seed:#x}"
            );
            for &isa in &isas {
                let got: Vec<_> = c.search_on(isa, range.clone()).collect();
                assert_eq!(got, want, "{isa:?} {range:?}");
            }
        }
    }
}

/// The few-keys probe is exact: bit `k` is set exactly when seed
/// `first + k`'s first word is one of the state's.
#[test]
fn few_key_blocks_are_exact() {
    let mut g = Gen(11);
    let isas = vector_isas("probe few");
    for bound in [0u64, 300, 800] {
        let saved = g.next() as u32;
        let mut rng = Random2::new(saved);
        rng.discard(g.below(250).min(bound));
        let c = Candidates::new(&rng, bound).unwrap();
        let keys = c.few_keys().unwrap().to_vec();
        // Blocks at random (half of them aligned to their length, the
        // kernels' sweep in `tl` order), across a 2^16 boundary, across
        // 2^32, and ones holding a seed whose first word is a key (the
        // saved seed's own), aligned and not.
        let mut firsts: Vec<u32> = (0..100)
            .map(|n| g.next() as u32 & if n % 2 == 0 { !255 } else { !0 })
            .collect();
        firsts.extend([0xffc0, 0xffff_ff80, 0x1234_ffff, 0xffff_ff00]);
        firsts.extend([saved & !255, saved.wrapping_sub(100), saved & !15]);
        for first in firsts {
            let want: [u64; 4] = core::array::from_fn(|w| {
                (0..64).fold(0u64, |bits, b| {
                    let seed = first.wrapping_add((w * 64 + b) as u32);
                    let word = crate::westwood::psdes(seed, 0) as u32;
                    bits | u64::from(keys.contains(&word)) << b
                })
            });
            if first == saved & !255 {
                let k = (saved & 255) as usize;
                assert!(want[k / 64] >> (k % 64) & 1 == 1, "the saved seed is a key");
            }
            for &isa in &isas {
                assert_eq!(c.probe_block(isa, first), want, "{isa:?} {first:#x}");
            }
        }
    }
}

/// Every seed of million-seed ranges (near both ends of the seed space, in
/// the middle, and at random): a tap that about half the seeds pass, so the
/// hit lists compare the kernels' verdict on every seed with the portable
/// path's; and the first-word probe bit for bit.
#[test]
fn kernels_equal_portable_on_million_seed_ranges() {
    let mut g = Gen(0x5eed);
    let isas = vector_isas("westwood million-seed ranges");
    let mut ranges = vec![
        0..1u64 << 20,
        (1 << 31) - (1 << 19)..(1 << 31) + (1 << 19),
        (1 << 32) - (1 << 20)..1 << 32,
    ];
    let start = g.below((1 << 32) - (1 << 20));
    ranges.push(start..start + (1 << 20));
    let tap = Tap::ranged(0, 1).unwrap();
    for (i, range) in ranges.iter().enumerate() {
        // Offset 1 too on the first range (twice the work in a debug build).
        for k in if i == 0 { &[0u64, 1][..] } else { &[0][..] } {
            let k = *k;
            let search = Search::new(tap, vec![0], k).unwrap();
            let want = search.search_on(Isa::Portable, range.clone());
            let len = range.end - range.start;
            assert!(
                want.len() as u64 > len / 4,
                "{} hits in {range:?}",
                want.len()
            );
            for &isa in &isas {
                assert!(
                    search.search_on(isa, range.clone()) == want,
                    "{isa:?} {range:?} k {k}"
                );
            }
        }
    }
    let mut rng = Random2::new(g.next() as u32);
    rng.discard(123);
    for (bound, ranges) in [(200u64, &ranges[..2]), (5_000, &ranges[2..])] {
        let c = Candidates::new(&rng, bound).unwrap();
        for range in ranges {
            for first in (range.start..range.end).step_by(256) {
                let first = first as u32;
                let portable = c.probe_block(Isa::Portable, first);
                for &isa in &isas {
                    let got = c.probe_block(isa, first);
                    match c.few_keys() {
                        // Exact compares find a subset of the filter's
                        // candidates: every true first-word match.
                        Some(_) => assert!(
                            got.iter().zip(&portable).all(|(g, p)| g & !p == 0),
                            "{isa:?} {first:#x}"
                        ),
                        None => assert_eq!(got, portable, "{isa:?} {first:#x}"),
                    }
                }
            }
        }
    }
}

/// The kernels' generic bodies on sixteen soft lanes (`simd::Soft16`), so
/// that the AVX-512 instantiation's 16-lane group and lane arithmetic is
/// checked on every x86_64 machine, AVX-512 or not: recover against the
/// scalar scan on the planted ranges and against the portable path on
/// long ones (a tap half the seeds pass), the probes bit for bit against
/// the portable probe on aligned and unaligned blocks.
#[cfg(all(feature = "std", target_arch = "x86_64"))]
#[test]
fn soft_sixteen_lanes_equal_the_scalar_paths() {
    let mut g = Gen(0x16);
    for (range, plant) in ranges(&mut g) {
        let seed = planted(&mut g, &range, plant);
        for (tap, count) in [(Tap::Raw, 1), (Tap::ranged(1, 6).unwrap(), 3)] {
            let k = g.below(3);
            let values = values_at(tap, seed, g.below(k + 1), count);
            let want = scalar_recover(tap, &values, k, range.clone());
            let search = Search::new(tap, values, k).unwrap();
            assert_eq!(
                search.search_soft16(range.clone()),
                want,
                "{tap:?} {range:?}"
            );
        }
    }
    let tap = Tap::ranged(0, 1).unwrap();
    for range in run_ranges()
        .into_iter()
        .chain([0..1 << 17, (1 << 32) - (1 << 16) - 77..1 << 32])
    {
        let search = Search::new(tap, vec![0], 1).unwrap();
        let want = search.search_on(Isa::Portable, range.clone());
        assert!(want.len() as u64 > (range.end - range.start) / 4);
        assert!(search.search_soft16(range.clone()) == want, "{range:?}");
    }
    let mut rng = Random2::new(g.next() as u32);
    rng.discard(321);
    for bound in [0u64, 300, 10_000_000] {
        let c = Candidates::new(&rng, bound).unwrap();
        let dense_filter = c.few_keys().is_none().then(|| c.dense_filter(12));
        let mut set = 0;
        for n in 0..300 {
            let first = g.next() as u32 & if n % 2 == 0 { !255 } else { !0 };
            let want = c.probe_block(Isa::Portable, first);
            let got = c.probe_block_soft16(first);
            if let Some(dense_filter) = &dense_filter {
                let dense = c.filter_bits(None, dense_filter, first);
                let portable = c.filter_bits(Some(Isa::Portable), dense_filter, first);
                assert_eq!(dense, portable, "{first:#x}");
                set += dense.iter().map(|b| b.count_ones()).sum::<u32>();
            }
            if c.few_keys().is_some() {
                assert!(
                    got.iter().zip(&want).all(|(g, p)| g & !p == 0),
                    "{first:#x}"
                );
            } else {
                assert_eq!(got, want, "{first:#x}");
            }
        }
        assert!(
            bound < 10_000_000 || set > 300 * 256 / 10,
            "too sparse: {set} bits"
        );
    }
}

/// The identify search through the scheduler (for thread counts).
#[derive(Debug)]
struct ByScheduler<'a>(&'a Candidates);

impl crate::engine::recovery::Searcher for ByScheduler<'_> {
    fn search(&self, seeds: Range<u64>) -> Vec<Hit> {
        self.0
            .search(seeds)
            .map(|id| Hit {
                seed: id.seed,
                offset: id.words_drawn,
            })
            .collect()
    }
}

/// The blocked filter against the exact set of the points' first words
/// (issue 32's property: the structure it replaced was an exact-set filter
/// too, so the verdicts must agree seed for seed). On random walk-backs at
/// bounds up to the default (40 000 points: 2^16 blocks),
/// for million-seed ranges, every seed whose first word some point holds
/// passes every kernel's filter, few others do, and the hits — the
/// portable and vector searches, and the scheduler's with 1 and 16
/// threads — are exactly the seeds whose first two words are one point's
/// and whose stream replays to the state.
#[test]
fn the_filter_keeps_every_seed_a_point_holds() {
    use crate::search::{run, NoHooks, Plan};
    use crate::westwood::random3::first_word;
    use crate::westwood::replays_to;
    use alloc::collections::BTreeMap;

    let mut g = Gen(32);
    let isas = all_isas("identify filter");
    for (round, bound) in [(0, 10_000_000u64), (1, 1_000_000), (2, 20_000)] {
        let start = g.below((1 << 32) - (1 << 20));
        let range = start..start + (1 << 20);
        // A seed planted inside the range, some draws in.
        let seed = (start + g.below(1 << 20)) as u32;
        let draws = g.below(bound.min(50_000));
        let mut rng = Random2::new(seed);
        rng.discard(draws);
        let c = Candidates::new(&rng, bound).unwrap();
        // The exact set: first word → (second word, draws walked) of every
        // point where seeding could have been, found by walking back one
        // draw at a time with the generator's own `unstep`.
        let mut exact: BTreeMap<u32, Vec<(i32, u64)>> = BTreeMap::new();
        let mut back = rng.clone();
        for walked in 0..=bound {
            if back.index1() == 0 {
                let t = back.table();
                exact.entry(t[0] as u32).or_default().push((t[1], walked));
            }
            back.unstep().unwrap();
        }
        assert_eq!(
            exact.values().map(Vec::len).sum::<usize>(),
            c.len(),
            "round {round}"
        );
        let mut members = 0;
        let mut passed = 0u64;
        let mut want = Vec::new();
        for first in range.clone().step_by(256) {
            let blocks: Vec<[u64; 4]> = isas
                .iter()
                .map(|&isa| c.probe_block(isa, first as u32))
                .collect();
            for k in 0..256u64 {
                let s = (first + k) as u32;
                let w0 = first_word(s) as u32;
                let member = exact.get(&w0);
                for (isa, b) in isas.iter().zip(&blocks) {
                    let bit = b[k as usize / 64] >> (k % 64) & 1 == 1;
                    assert!(member.is_none() || bit, "{isa:?} dropped seed {s:#x}");
                }
                passed += blocks[0][k as usize / 64] >> (k % 64) & 1;
                if let Some(points) = member {
                    members += 1;
                    for &(w1, d) in points {
                        if psdes(s, 1) == w1 && replays_to(s, d, &rng) {
                            want.push(Hit {
                                seed: s.into(),
                                offset: d,
                            });
                        }
                    }
                }
            }
        }
        assert!(
            want.contains(&Hit {
                seed: seed.into(),
                offset: draws
            }),
            "round {round}"
        );
        assert!(
            passed < (1 << 20) / 100,
            "round {round}: {passed} seeds passed the filter"
        );
        if round == 0 {
            assert!(
                members > 1,
                "no point's first word in the range: nothing tested"
            );
        }
        for &isa in &isas {
            let got: Vec<Hit> = c
                .search_on(isa, range.clone())
                .map(|id| Hit {
                    seed: id.seed,
                    offset: id.words_drawn,
                })
                .collect();
            assert_eq!(got, want, "{isa:?} round {round}");
        }
        for threads in [1, 16] {
            let plan = Plan::new(Some(threads), usize::MAX).unwrap();
            let found = run(&ByScheduler(&c), range.clone(), &plan, &mut NoHooks).unwrap();
            assert_eq!(found.hits, want, "{threads} threads, round {round}");
        }
    }
}

/// Several states searched in one pass ([`Candidates::new_many`], SPEC 16):
/// two snapshots of one stream (so one seed replays to both), a state of a
/// second seed given twice, and an unreachable table — over a range holding
/// both seeds, on every kernel: each state named by its own seed and draws,
/// exactly as searching it alone names it, the unreachable one never.
#[test]
fn several_states_in_one_pass() {
    let (a, b) = (0x0123_4567u32, 0x0123_4567u32 + 70_000);
    let at = |seed: u32, draws: u64| {
        let mut rng = Random2::new(seed);
        rng.discard(draws);
        rng
    };
    let mut junk = at(b, 900);
    let mut table = *junk.table();
    table[17] ^= 1;
    junk = Random2::from_parts(table, junk.index1(), junk.index2()).unwrap();
    let states = [at(a, 3), at(a, 300), at(b, 777), junk, at(b, 777)];
    let bound = 20_000;
    let range = u64::from(a) - 1000..u64::from(b) + 1000;
    let c = Candidates::new_many(&states, bound).unwrap();
    for isa in all_isas("identify together") {
        let mut got: Vec<(usize, u64, u64)> = Vec::new();
        let mut search = c.search_on(isa, range.clone());
        while let Some((seed, i)) = search.next_point() {
            let (state, draws) = c.point(i);
            got.push((state, seed.into(), draws));
        }
        got.sort_unstable();
        let want = vec![
            (0, u64::from(a), 3),
            (1, u64::from(a), 300),
            (2, u64::from(b), 777),
            (4, u64::from(b), 777),
        ];
        assert_eq!(got, want, "{isa:?}");
        // Each alone gives the same answer.
        for &(state, seed, draws) in &want {
            let alone = Candidates::new(&states[state], bound).unwrap();
            let first = alone.search_on(isa, range.clone()).next();
            assert_eq!(
                first,
                Some(Identification {
                    seed,
                    words_drawn: draws
                })
            );
        }
    }
    // Irregular cursors name their state.
    let bad = Random2::from_parts(*states[0].table(), 5, 5).unwrap();
    assert!(matches!(
        Candidates::new_many(&[states[0].clone(), bad], bound),
        Err((1, _))
    ));
}
