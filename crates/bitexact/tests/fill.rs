//! The bulk paths against the single draws: every `fill` writes what the
//! single draw returns when called once per element, and leaves the
//! generator exactly where that loop leaves it (state, `left`, cursors,
//! position) — checked over many seeds, lengths around every block and run
//! boundary, and starting points (fresh, mid-block, `left == 0`). The single
//! draws themselves are checked against `rand_mt` and independent
//! transcriptions in the other test files; nothing here compares with a
//! value computed by the code under test alone.
//!
//! Also: laige's jump-ahead against stepping, its composition and its
//! period, and the cached characteristic polynomial against the period
//! proof.

use bitexact::laige::{self, period, Prng};
use bitexact::mt19937::{self, Mt19937};
use bitexact::sots::{Precision, Rng};
use bitexact::westwood::{seed_table, Random2};

// ---------------------------------------------------------------- sots / MT

const MT_SEEDS: [u32; 4] = [0, 5489, 0xdead_beef, u32::MAX];
/// Words drawn before the fill: fresh, 1, mid-block, the last word of a
/// block, `left == 0` after one and after two blocks, one past.
const MT_STARTS: [u64; 7] = [0, 1, 300, 623, 624, 1248, 1249];
const MT_LENGTHS: [usize; 16] = [
    0, 1, 2, 3, 7, 100, 623, 624, 625, 1247, 1248, 1249, 1871, 1872, 5000, 100_000,
];

/// A generator `start` words into `seed`'s stream.
fn sots_at(seed: u32, start: u64) -> Rng {
    let mut g = Rng::new(seed);
    g.discard(start);
    g
}

/// The two generators agree on the state, `left`, the position, and the
/// next 700 words (which reads the tempered cache and crosses a twist).
fn assert_same_sots(a: &Rng, b: &Rng, what: &str) {
    assert_eq!(a, b, "{what}: state");
    assert_eq!(a.left(), b.left(), "{what}: left");
    assert_eq!(a.position(), b.position(), "{what}: position");
    let (mut a, mut b) = (a.clone(), b.clone());
    for i in 0..700 {
        assert_eq!(
            a.next_u32(),
            b.next_u32(),
            "{what}: word {i} after the fill"
        );
    }
}

#[test]
fn sots_fill_u32_is_the_next_u32_loop() {
    for seed in MT_SEEDS {
        for start in MT_STARTS {
            for len in MT_LENGTHS {
                let what = format!("seed {seed}, start {start}, len {len}");
                let mut filled = sots_at(seed, start);
                let mut looped = filled.clone();
                let mut out = vec![0u32; len];
                filled.fill_u32(&mut out);
                for (i, &w) in out.iter().enumerate() {
                    assert_eq!(w, looped.next_u32(), "{what}: word {i}");
                }
                assert_same_sots(&filled, &looped, &what);
            }
        }
    }
}

#[test]
fn fill_ending_on_a_block_end_leaves_left_zero() {
    let mut g = Rng::new(1);
    let mut out = vec![0u32; 624];
    g.fill_u32(&mut out);
    assert_eq!((g.left(), g.position()), (0, 624));
    g.fill_u32(&mut []); // an empty fill does not run the pending twist
    assert_eq!((g.left(), g.position()), (0, 624));
    let mut out = vec![0u32; 624 * 3 - 10];
    g.fill_u32(&mut out);
    g.fill_u32(&mut out[..10]);
    assert_eq!((g.left(), g.position()), (0, 624 * 4));
}

#[test]
fn fills_from_a_loaded_state_including_left_zero() {
    let mut block = mt19937::init_genrand(77);
    mt19937::twist(&mut block);
    for left in [0u32, 1, 2, 311, 623, 624] {
        for len in [0usize, 1, 5, 623, 624, 625, 2000] {
            let what = format!("left {left}, len {len}");
            let mut filled = Rng::from_state(block, left).unwrap();
            let mut looped = filled.clone();
            let mut out = vec![0u32; len];
            filled.fill_u32(&mut out);
            for (i, &w) in out.iter().enumerate() {
                assert_eq!(w, looped.next_u32(), "{what}: word {i}");
            }
            assert_same_sots(&filled, &looped, &what);
        }
    }
}

#[test]
fn mt19937_fill_agrees_with_rand_mt() {
    for seed in [1u32, 5489] {
        let mut ours = Mt19937::new(seed);
        let mut theirs = rand_mt::Mt::new(seed);
        let mut out = vec![0u32; 1];
        for len in [1usize, 623, 1, 1248, 5000, 0, 30_001] {
            out.resize(len, 0);
            ours.fill(&mut out);
            for (i, &w) in out.iter().enumerate() {
                assert_eq!(w, theirs.next_u32(), "seed {seed}, len {len}, word {i}");
            }
        }
    }
}

#[test]
fn discard_then_draw_agrees_with_rand_mt() {
    for skip in [0u64, 1, 623, 624, 625, 1248, 10_000] {
        let mut ours = Mt19937::new(42);
        ours.discard(skip);
        let mut theirs = rand_mt::Mt::new(42);
        for _ in 0..skip {
            theirs.next_u32();
        }
        assert_eq!(ours.position(), skip);
        for i in 0..1300 {
            assert_eq!(ours.next_u32(), theirs.next_u32(), "skip {skip}, word {i}");
        }
    }
}

#[test]
fn sots_float_fills_are_their_single_draw_loops() {
    for seed in [3u32, 5489] {
        for start in [0u64, 300, 624] {
            for len in [0usize, 1, 623, 624, 625, 1249, 4000] {
                let what = format!("seed {seed}, start {start}, len {len}");

                let mut filled = sots_at(seed, start);
                let mut looped = filled.clone();
                let mut out = vec![0f64; len];
                filled.fill_unit(&mut out);
                for (i, v) in out.iter().enumerate() {
                    assert_eq!(
                        v.to_bits(),
                        looped.next_unit().to_bits(),
                        "{what}: unit {i}"
                    );
                }
                assert_same_sots(&filled, &looped, &what);

                let mut filled = sots_at(seed, start);
                let mut looped = filled.clone();
                filled.fill_open_unit(&mut out);
                for (i, v) in out.iter().enumerate() {
                    let single = looped.next_open_unit();
                    assert_eq!(v.to_bits(), single.to_bits(), "{what}: open unit {i}");
                }
                assert_same_sots(&filled, &looped, &what);

                for precision in [Precision::Pc53, Precision::Pc24] {
                    let mut filled = sots_at(seed, start);
                    filled.set_precision(precision);
                    let mut looped = filled.clone();
                    let mut out = vec![0f32; len];
                    filled.fill_float(&mut out);
                    for (i, v) in out.iter().enumerate() {
                        let single = looped.next_float();
                        assert_eq!(
                            v.to_bits(),
                            single.to_bits(),
                            "{what}, {precision:?}: float {i}"
                        );
                    }
                    assert_same_sots(&filled, &looped, &what);
                }
            }
        }
    }
}

// ------------------------------------------------------------------- laige

/// Lengths around the lane threshold (1024), each stride's round (8 × 2^e
/// for e = 7..=12), several rounds, and a scalar tail.
const LAIGE_LENGTHS: [usize; 18] = [
    0, 1, 2, 3, 1023, 1024, 1025, 2047, 2048, 4099, 8192, 16_383, 32_768, 32_769, 40_000, 65_536,
    100_000, 262_147,
];

#[test]
fn laige_fill_is_the_next_u64_loop() {
    for seed in [0u64, 1, 0x1234_5678_90ab_cdef, u64::MAX] {
        for start in [0u64, 1, 5, 1000] {
            let mut at = Prng::new(seed);
            for _ in 0..start {
                at.next_u64();
            }
            for len in LAIGE_LENGTHS {
                let what = format!("seed {seed:#x}, start {start}, len {len}");
                let mut filled = at;
                let mut looped = at;
                let mut out = vec![0u64; len];
                filled.fill(&mut out);
                for (i, &w) in out.iter().enumerate() {
                    assert_eq!(w, looped.next_u64(), "{what}: draw {i}");
                }
                assert_eq!(filled, looped, "{what}: state");
            }
        }
    }
}

#[test]
fn laige_fill_float01_is_the_next_float01_loop() {
    for seed in [7u64, 0xfeed] {
        for len in LAIGE_LENGTHS {
            let mut filled = Prng::new(seed);
            let mut looped = filled;
            let mut out = vec![0f32; len];
            filled.fill_float01(&mut out);
            for (i, v) in out.iter().enumerate() {
                let single = looped.next_float01();
                assert_eq!(
                    v.to_bits(),
                    single.to_bits(),
                    "seed {seed}, len {len}: draw {i}"
                );
            }
            assert_eq!(filled, looped, "seed {seed}, len {len}: state");
        }
    }
}

#[test]
fn laige_golden_vector_through_fill() {
    // SPEC 3's FNV-1a over the first 4096 draws, recomputed from a fill
    // (4096 draws: one round of stride 512).
    let mut out = vec![0u64; 4096];
    Prng::new(laige::GOLDEN_SEED).fill(&mut out);
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for w in out {
        for b in w.to_be_bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    assert_eq!(h, laige::GOLDEN_FNV1A_4096);
}

#[test]
fn cached_polynomial_is_the_period_proofs() {
    let proof = period::prove_full_period(period::state_map).unwrap();
    assert_eq!(proof.polynomial, laige::characteristic_polynomial());
}

#[test]
fn jump_equals_stepping() {
    let mut stepped = Prng::new(0x5eed);
    let mut done: u128 = 0;
    for n in [0u128, 1, 2, 3, 1000, (1 << 20) - 1, 1 << 20, (1 << 20) + 1] {
        while done < n {
            stepped.next_u64();
            done += 1;
        }
        let mut jumped = Prng::new(0x5eed);
        jumped.jump(n);
        assert_eq!(jumped, stepped, "n = {n}");
        assert_eq!(jumped.next_u64(), stepped.clone().next_u64(), "n = {n}");
    }
}

#[test]
fn jumps_compose_and_wrap_round_the_period() {
    let start = Prng::new(99);
    let (a, b) = (1u128 << 100, 3u128.pow(40));
    let mut twice = start;
    twice.jump(a);
    twice.jump(b);
    let mut once = start;
    once.jump(a + b);
    assert_eq!(twice, once);
    // The period is 2^128 − 1: a full turn changes nothing, and k forward
    // then 2^128 − 1 − k forward is back at the start.
    let mut turn = start;
    turn.jump(u128::MAX);
    assert_eq!(turn, start);
    let mut back = start;
    back.jump(12_345);
    back.jump(u128::MAX - 12_345);
    assert_eq!(back, start);
    // Linear: the all-zero state stays put.
    assert_eq!(laige::jump_state(0, 0, 1 << 90), (0, 0));
}

// ---------------------------------------------------------------- westwood

/// Raw draws before the fill, around the lag (103) and its complement (147).
const WW_STARTS: [u64; 12] = [0, 1, 50, 102, 103, 104, 146, 147, 148, 249, 250, 1001];
const WW_LENGTHS: [usize; 15] = [
    0, 1, 2, 102, 103, 104, 146, 147, 148, 249, 250, 251, 500, 1000, 100_000,
];

fn assert_same_westwood(filled: &Random2, looped: &Random2, what: &str) {
    assert_eq!(filled, looped, "{what}: table, cursors, flag");
    assert_eq!(filled.position(), looped.position(), "{what}: position");
}

#[test]
fn westwood_fill_is_the_raw_loop() {
    for seed in [0u32, 1, 123_456, u32::MAX] {
        for start in WW_STARTS {
            let mut at = Random2::new(seed);
            at.discard(start);
            for len in WW_LENGTHS {
                let what = format!("seed {seed}, start {start}, len {len}");
                let mut filled = at.clone();
                let mut looped = at.clone();
                let mut out = vec![0i32; len];
                filled.fill(&mut out);
                for (i, &w) in out.iter().enumerate() {
                    assert_eq!(w, looped.raw(), "{what}: draw {i}");
                }
                assert_same_westwood(&filled, &looped, &what);
            }
        }
    }
}

#[test]
fn westwood_disabled_fill_writes_zeros_and_only_moves_the_position() {
    let mut filled = Random2::new(5);
    filled.discard(77);
    filled.set_disabled(true);
    let mut looped = filled.clone();
    let before = filled.clone();
    let mut out = vec![-1i32; 1000];
    filled.fill(&mut out);
    for (i, &w) in out.iter().enumerate() {
        assert_eq!(w, looped.raw(), "draw {i}");
    }
    assert!(out.iter().all(|&w| w == 0));
    assert_same_westwood(&filled, &looped, "disabled");
    assert_eq!(filled, before, "the state did not move");
    assert_eq!(filled.position(), before.position() + 1000);
}

#[test]
fn westwood_fill_from_irregular_cursors() {
    // Pairs the original never writes, including coinciding cursors (each
    // step zeroes its word) and neighbours (runs of one step).
    for (i1, i2) in [
        (0, 0),
        (5, 6),
        (6, 5),
        (100, 50),
        (249, 0),
        (0, 249),
        (30, 180),
    ] {
        for len in [0usize, 1, 103, 250, 251, 3000] {
            let what = format!("cursors ({i1}, {i2}), len {len}");
            let mut filled = Random2::from_parts(seed_table(11), i1, i2).unwrap();
            let mut looped = filled.clone();
            let mut out = vec![0i32; len];
            filled.fill(&mut out);
            for (i, &w) in out.iter().enumerate() {
                assert_eq!(w, looped.raw(), "{what}: draw {i}");
            }
            assert_same_westwood(&filled, &looped, &what);
        }
    }
}
