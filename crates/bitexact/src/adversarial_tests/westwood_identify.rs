use crate::engine::Identification;
use crate::simd::Isa;
use crate::westwood::{first_word, Candidates, Random2};
use std::vec;
use std::vec::Vec;

/// `Random2::new(seed)` after `draws` raw draws, by the generator's step.
fn at(seed: u32, draws: u64) -> Random2 {
    let mut r = Random2::new(seed);
    for _ in 0..draws {
        r.raw();
    }
    r
}

fn isas() -> Vec<Isa> {
    [Isa::Portable, Isa::Avx2, Isa::Avx512]
        .into_iter()
        .filter(|i| i.available())
        .collect()
}

/// Every (state, seed, draws) of a search, each hit checked by replay.
fn hits(
    c: &Candidates,
    states: &[Random2],
    isa: Isa,
    range: core::ops::Range<u64>,
) -> Vec<(usize, u64, u64)> {
    let mut s = c.search_on(isa, range);
    let mut out = Vec::new();
    while let Some((seed, i)) = s.next_point() {
        let (state, draws) = c.point(i);
        assert!(
            at(seed, draws) == states[state] && !states[state].disabled(),
            "{isa:?}: state {state} named by seed {seed} at {draws}, which does not replay to it"
        );
        out.push((state, u64::from(seed), draws));
    }
    out
}

/// The first (lowest seed) hit of each state.
fn firsts(h: &[(usize, u64, u64)], n: usize) -> Vec<Option<(u64, u64)>> {
    let mut f = vec![None; n];
    for &(s, seed, d) in h {
        if f[s].is_none() {
            f[s] = Some((seed, d));
        }
    }
    f
}

/// 20 states at the default bound (800 000 points: the filter at its
/// 2^17-block cap, dense, so many seeds reach the exact lookup), draws at
/// index1 = 249 and at exactly the bound, a state given three times, a
/// disabled copy; a range not a multiple of 256. Each state named by its
/// planted seed, the disabled copy never, and each as searched alone.
#[test]
fn many_states_filter_at_cap() {
    let bound = 10_000_000u64;
    let base = 0x3A00_0000u32;
    let mut plants: Vec<(u32, u64)> = Vec::new();
    for k in 0..17u32 {
        let seed = base + 3 + k * 12_289;
        let draws = match k {
            0 => bound,     // index1 == 0 at exactly the bound
            1 => bound - 1, // index1 == 249
            2 => 249,
            3 => 0,
            4 => 250,
            _ => (u64::from(k) * 2_654_435_761) % bound,
        };
        plants.push((seed, draws));
    }
    let mut states: Vec<Random2> = plants.iter().map(|&(s, d)| at(s, d)).collect();
    states.push(states[5].clone());
    states.push(states[5].clone());
    let mut dis = states[6].clone();
    dis.set_disabled(true);
    states.push(dis);
    let c = Candidates::new_many(&states, bound).unwrap();
    assert!(c.len() > 700_000);
    let range = u64::from(base) + 1..u64::from(base) + 17 * 12_289 + 77;
    let mut first_isa: Option<Vec<(usize, u64, u64)>> = None;
    for isa in isas() {
        let h = hits(&c, &states, isa, range.clone());
        let f = firsts(&h, states.len());
        for (k, &(seed, d)) in plants.iter().enumerate() {
            assert_eq!(f[k], Some((u64::from(seed), d)), "{isa:?} state {k}");
        }
        assert_eq!(f[17], f[5]);
        assert_eq!(f[18], f[5]);
        assert_eq!(f[19], None, "{isa:?}: disabled copy named");
        if let Some(prev) = &first_isa {
            assert_eq!(prev, &h, "{isa:?} differs from the first kernel");
        }
        first_isa = Some(h);
    }
    // Alone: the same first answer (a few states, to keep it short).
    for k in [0usize, 1, 2, 3, 9] {
        let alone = Candidates::new(&states[k], bound).unwrap();
        assert_eq!(
            alone.search(range.clone()).next(),
            Some(Identification {
                seed: plants[k].0.into(),
                words_drawn: plants[k].1
            })
        );
    }
    // One draw beyond the bound: not found (index1 249 and 0 states).
    let c = Candidates::new_many(&states[..2], bound - 2).unwrap();
    for isa in isas() {
        assert!(hits(&c, &states, isa, range.clone()).is_empty(), "{isa:?}");
    }
}

/// Seeds at the very top of the seed space and at 0; ranges of one seed,
/// not aligned to 256, ending at 2^32 (and past it, clamped).
#[test]
fn top_of_seed_space_ranges() {
    let top = u32::MAX;
    let plants = [
        (top, 777u64),
        (top - 255, 3),
        (top - 256, 249),
        (0u32, 500),
        (top - 1, 0),
    ];
    let states: Vec<Random2> = plants.iter().map(|&(s, d)| at(s, d)).collect();
    let bound = 100_000;
    let c = Candidates::new_many(&states, bound).unwrap();
    let e = 1u64 << 32;
    for isa in isas() {
        for (range, want) in [
            (e - 1..e, vec![0usize]),
            (e - 1..e + 1000, vec![0]),
            (e - 2..e - 1, vec![4]),
            (e - 256..e - 255, vec![1]),
            (e - 257..e - 255, vec![1, 2]),
            (e - 300..e, vec![0, 1, 2, 4]),
            (e - 255..e - 2, vec![]),
            (0..1, vec![3]),
            (1..1 << 24, vec![]),
        ] {
            let short = range.end - range.start < 1 << 20;
            if !short && isa == Isa::Portable {
                continue;
            }
            let h = hits(&c, &states, isa, range.clone());
            let mut got: Vec<usize> = h.iter().map(|x| x.0).collect();
            got.sort_unstable();
            got.dedup();
            assert_eq!(got, want, "{isa:?} {range:?}");
            for (s, seed, d) in h {
                assert_eq!((seed, d), (u64::from(plants[s].0), plants[s].1));
            }
        }
    }
}

/// Seeds whose first word sets a single filter bit (its three 5-bit mask
/// fields equal): found on every kernel, through the few-word path (one
/// state, a bound under 250) and the filter path (many first words).
#[test]
fn keys_with_coinciding_mask_bits() {
    let fields_equal = |w: u32| (w & 31) == (w >> 5 & 31) && (w >> 5 & 31) == (w >> 10 & 31);
    let seeds: Vec<u32> = (0x5000_0000u32..)
        .filter(|&s| fields_equal(first_word(s) as u32))
        .take(6)
        .collect();
    let lo = u64::from(seeds[0]) - 3;
    let hi = u64::from(*seeds.last().unwrap()) + 5;
    for (n, &seed) in seeds.iter().enumerate() {
        let d = 100 + n as u64 * 333;
        let s = at(seed, d);
        // few path: bound d → (d / 250 + 1) points ≤ 4
        for (bound, extra) in [(d, 0usize), (60_000, 0), (60_000, 6)] {
            let mut states = vec![s.clone()];
            for x in 0..extra {
                states.push(at(0x7000_0000 + x as u32, 1000 + x as u64));
            }
            let c = Candidates::new_many(&states, bound).unwrap();
            for isa in isas() {
                let h = hits(&c, &states, isa, lo..hi);
                assert_eq!(
                    firsts(&h, states.len())[0],
                    Some((u64::from(seed), d)),
                    "{isa:?} seed {seed:#x} bound {bound} extra {extra}"
                );
            }
        }
    }
}

/// `probe_block` at unaligned starts that cross a 2^16 boundary and wrap
/// past 2^32, with 1..=4 keys (compared exactly) and 5..=9 keys (the
/// smallest filter, 2^6 blocks): against a plain loop of `first_word`, the
/// bits equal (few) or include (filter) the seeds whose first word is a key.
#[test]
fn probe_block_unaligned_and_wrapping() {
    for first in [
        0x1234_FFC0u32,
        0xFFFF_FF80,
        0xFFFF_FFFF,
        0x0000_FFFF,
        0x8000_0001,
    ] {
        let block: Vec<u32> = (0..256u32).map(|k| first.wrapping_add(k)).collect();
        for n in 1..=9usize {
            let picks: Vec<u32> = (0..n).map(|i| block[(i * 53 + 7) % 256]).collect();
            let states: Vec<Random2> = picks.iter().map(|&s| Random2::new(s)).collect();
            let c = Candidates::new_many(&states, 0).unwrap();
            let keys: Vec<u32> = picks.iter().map(|&s| first_word(s) as u32).collect();
            for isa in isas() {
                let bits = c.probe_block(isa, first);
                for (k, &s) in block.iter().enumerate() {
                    let bit = bits[k / 64] >> (k % 64) & 1 == 1;
                    let member = keys.contains(&(first_word(s) as u32));
                    if n <= 4 {
                        assert_eq!(bit, member, "{isa:?} first {first:#x} n {n} seed {s:#x}");
                    } else {
                        assert!(
                            bit || !member,
                            "{isa:?} first {first:#x} n {n}: seed {s:#x} dropped"
                        );
                    }
                }
            }
            // And the search finds each at draws 0, in a range ending at 2^32.
            for isa in isas() {
                let lo = u64::from(first);
                let h = hits(&c, &states, isa, lo..(lo + 256).min(1 << 32));
                for (i, &s) in picks.iter().enumerate() {
                    if u64::from(s) >= lo {
                        assert!(
                            h.contains(&(i, u64::from(s), 0)),
                            "{isa:?} {first:#x} {s:#x}"
                        );
                    }
                }
            }
        }
    }
}
