//! The Mars generator and its draw mappings (SPEC 2, seed 000), checked
//! against the seed's vectors, `rand_mt`, and plain transcriptions written
//! here independently of the library's code.

use bitexact::mt19937::{self, Mt19937};
use bitexact::sots::{self, Precision, Rng};
use rand_mt::Mt as Mt19937GenRand32;

#[test]
fn seed_000_vectors() {
    let mut rng = Rng::new(5489);
    assert_eq!(rng.next_u32(), 3_499_211_612);
    assert_eq!(rng.next_u32(), 581_869_302);
    assert_eq!(rng.next_u32(), 3_890_346_734);
    let mut rng = Rng::new(5489);
    rng.discard(9_999);
    assert_eq!(rng.next_u32(), 4_123_659_995);
    assert_eq!(rng.position(), 10_000);
}

#[test]
fn fresh_generator_has_twisted_once() {
    let rng = Rng::new(1);
    assert_eq!(rng.left(), 624);
    assert_eq!(rng.index(), 0);
    let mut block = mt19937::init_genrand(1);
    mt19937::twist(&mut block);
    assert_eq!(rng.state(), &block);
}

#[test]
fn rand_mt_agrees_on_first_100k_words() {
    for seed in [0u32, 1, 5489, 19_650_218, 0x8000_0000, u32::MAX] {
        let mut ours = Rng::new(seed);
        let mut theirs = Mt19937GenRand32::new(seed);
        for i in 0..100_000 {
            assert_eq!(ours.next_u32(), theirs.next_u32(), "seed {seed}, word {i}");
        }
    }
}

#[test]
fn discard_equals_drawing() {
    for words in [0u64, 1, 623, 624, 625, 1247, 1248, 1249, 5000] {
        let mut a = Rng::new(77);
        let mut b = Rng::new(77);
        a.discard(words);
        for _ in 0..words {
            b.next_u32();
        }
        assert_eq!(a, b, "{words}");
        assert_eq!(a.left(), b.left());
        assert_eq!(a.next_u32(), b.next_u32());
    }
    // A block drawn to its end is left lazily at left == 0.
    let mut a = Rng::new(3);
    a.discard(624);
    assert_eq!(a.left(), 0);
}

#[test]
fn untemper_recovers_the_state_from_624_outputs() {
    let mut rng = Rng::new(99);
    let outputs: Vec<u32> = (0..624).map(|_| rng.next_u32()).collect();
    let block: Vec<u32> = outputs.iter().map(|&y| mt19937::untemper(y)).collect();
    assert_eq!(&block[..], &Rng::new(99).state()[..]);
}

// ---- the unit constant (SPEC 2.2) ----

#[test]
fn unit_scale_is_one_over_2_pow_32_minus_1() {
    assert_eq!(sots::UNIT_SCALE, 1.0 / 4_294_967_295.0);
    assert_eq!(sots::UNIT_SCALE.to_bits(), 0x3df0_0000_0010_0000);
    assert_eq!(sots::unit_of_word(u32::MAX), 1.0);
    assert_eq!(sots::unit_of_word(0), 0.0);
    // The seed's literal is a different number: 2^-32 (1 + 2^-40).
    assert_eq!(
        sots::SCALE_SEED_LITERAL,
        2f64.powi(-32) * (1.0 + 2f64.powi(-40))
    );
    assert_eq!(sots::SCALE_2_POW_M32, 2f64.powi(-32));
}

#[test]
fn three_candidate_scales_are_distinguishable() {
    let scales = [
        sots::SCALE_2_POW_M32,
        sots::UNIT_SCALE,
        sots::SCALE_SEED_LITERAL,
    ];
    // One word where all three unit values differ pairwise...
    let y = u32::MAX;
    let units: Vec<u64> = scales
        .iter()
        .map(|s| (f64::from(y) * s).to_bits())
        .collect();
    assert_ne!(units[0], units[1]);
    assert_ne!(units[1], units[2]);
    assert_ne!(units[0], units[2]);
    // ... and, as seed 000 warns, once narrowed to f32 they mostly agree:
    // count the words in a sample where 2^-32 and 1/(2^32-1) give different floats.
    let mut g = Mt19937::new(2024);
    let differ = (0..100_000)
        .filter(|_| {
            let y = g.next_u32();
            ((f64::from(y) * scales[0]) as f32).to_bits()
                != ((f64::from(y) * scales[1]) as f32).to_bits()
        })
        .count();
    assert!(differ > 0 && differ < 5_000, "{differ}");
}

#[test]
fn next_unit_and_next_float_match_a_plain_transcription() {
    // pc53: the unit is y · (1/4294967295) in double and the float its f32 rounding.
    let mut rng = Rng::new(31337);
    let mut mt = Mt19937GenRand32::new(31337);
    for _ in 0..50_000 {
        let y = mt.next_u32();
        let unit = y as f64 * (1.0 / 4_294_967_295.0);
        if mt.next_u32() & 1 == 0 {
            assert_eq!(rng.next_unit().to_bits(), unit.to_bits());
        } else {
            assert_eq!(rng.next_float().to_bits(), (unit as f32).to_bits());
        }
        rng.next_u32(); // keep step with the parity word drawn above
    }
}

// ---- next_int_inclusive ----

#[test]
fn int_inclusive_zero_spends_one_word() {
    let mut rng = Rng::new(5);
    for i in 1..=10 {
        assert_eq!(rng.next_int_inclusive(0), 0);
        assert_eq!(rng.position(), i);
    }
}

#[test]
fn int_inclusive_is_within_bounds_and_counts_rejections() {
    for (seed, n) in [
        (1u32, 1u32),
        (2, 2),
        (3, 5),
        (4, 6),
        (5, 100),
        (6, 0x8000_0000),
        (7, u32::MAX),
        (8, 0x4000_0001),
    ] {
        let mut rng = Rng::new(seed);
        let mut mt = Mt19937GenRand32::new(seed);
        // A direct transcription: mask = next power of two minus one covering n.
        let mut mask = 0u32;
        while mask < n {
            mask = (mask << 1) | 1;
        }
        for _ in 0..5_000 {
            let mut words = 0;
            let expected = loop {
                words += 1;
                let v = mt.next_u32() & mask;
                if v <= n {
                    break v;
                }
            };
            let before = rng.position();
            let got = rng.next_int_inclusive(n);
            assert_eq!(got, expected);
            assert!(got <= n);
            assert_eq!(rng.position() - before, words, "rejections for n = {n}");
        }
    }
}

#[test]
fn int_inclusive_reaches_both_ends() {
    let mut rng = Rng::new(11);
    let mut seen = [false; 7];
    for _ in 0..1_000 {
        seen[rng.next_int_inclusive(6) as usize] = true;
    }
    assert!(seen.iter().all(|&s| s), "0..=6 inclusive");
}

// ---- chance ----

#[test]
fn chance_early_outs_spend_nothing() {
    let mut rng = Rng::new(8);
    for p in [0.0f32, -0.0, -1.0, f32::NEG_INFINITY, -f32::MIN_POSITIVE] {
        assert!(!rng.chance(p));
    }
    for p in [1.0f32, 1.5, f32::INFINITY] {
        assert!(rng.chance(p));
    }
    assert_eq!(rng.position(), 0);
}

#[test]
fn chance_nan_spends_one_word_and_fails() {
    let mut rng = Rng::new(8);
    for i in 1..=20 {
        assert!(!rng.chance(f32::NAN));
        assert_eq!(rng.position(), i);
    }
}

#[test]
fn chance_compares_the_float_strictly() {
    for precision in Precision::ALL {
        let mut rng = Rng::with_precision(123, precision);
        let mut mt = Mt19937GenRand32::new(123);
        for i in 0..20_000 {
            let p = (i % 97) as f32 / 97.0 + 1e-3;
            let f = sots::float_of_word(mt.next_u32(), precision);
            assert_eq!(rng.chance(p), f < p);
        }
    }
    // f == p is a failure (strict <): p = float of the next word.
    let mut rng = Rng::new(5);
    let p = sots::float_of_word(Rng::new(5).next_u32(), Precision::Pc53);
    assert!(!rng.chance(p));
}

// ---- float_range ----

#[test]
fn float_range_narrows_twice_and_the_shortcut_is_distinguishable() {
    // A plain transcription of SPEC 2.1 at pc53 (each result an IEEE double).
    let narrow_twice = |y: u32, lo: f32, hi: f32| {
        let unit = y as f64 * (1.0 / 4_294_967_295.0);
        let product = ((hi as f64 - lo as f64) * unit) as f32;
        (lo as f64 + product as f64) as f32
    };
    let shortcut = |y: u32, lo: f32, hi: f32| {
        let unit = y as f64 * (1.0 / 4_294_967_295.0);
        (lo as f64 + (hi as f64 - lo as f64) * unit) as f32
    };
    let mut rng = Rng::new(4242);
    let mut mt = Mt19937GenRand32::new(4242);
    let (lo, hi) = (10.1f32, 250.3f32);
    let mut disagreements = 0;
    for _ in 0..20_000 {
        let y = mt.next_u32();
        let got = rng.float_range(lo, hi);
        assert_eq!(got.to_bits(), narrow_twice(y, lo, hi).to_bits());
        if shortcut(y, lo, hi).to_bits() != got.to_bits() {
            disagreements += 1;
        }
    }
    assert!(
        disagreements > 100,
        "the single-narrowing shortcut disagreed on only {disagreements} words"
    );
}

#[test]
fn float_range_spends_one_word() {
    let mut rng = Rng::new(1);
    rng.float_range(-5.0, 5.0);
    rng.float_range(f32::NAN, 5.0);
    assert_eq!(rng.position(), 2);
}

// ---- int_range_bell ----

fn bell_transcription(mt: &mut Mt19937GenRand32, lo: i32, hi: i32) -> (i32, u64) {
    let draw = |mt: &mut Mt19937GenRand32, n: u32, words: &mut u64| {
        let mask = if n == 0 {
            0
        } else {
            u32::MAX >> n.leading_zeros()
        };
        loop {
            *words += 1;
            let v = mt.next_u32() & mask;
            if v <= n {
                return v;
            }
        }
    };
    let h = hi.wrapping_sub(lo);
    let a = h / 2;
    let b = h.wrapping_sub(a);
    let mut words = 0;
    let x = draw(mt, a as u32, &mut words);
    let y = draw(mt, b as u32, &mut words);
    (lo.wrapping_add(x as i32).wrapping_add(y as i32), words)
}

#[test]
fn int_range_bell_matches_transcription_and_spends_at_least_two() {
    for (lo, hi) in [
        (0, 0),
        (1, 6),
        (-10, 10),
        (5, 6),
        (-7, -3),
        (i32::MIN, i32::MAX),
        (0, 1_000_000),
    ] {
        let mut rng = Rng::new(606);
        let mut mt = Mt19937GenRand32::new(606);
        for _ in 0..2_000 {
            let (want, words) = bell_transcription(&mut mt, lo, hi);
            let before = rng.position();
            assert_eq!(rng.int_range_bell(lo, hi), want);
            let spent = rng.position() - before;
            assert_eq!(spent, words);
            assert!(spent >= 2);
            if lo <= hi && hi.checked_sub(lo).is_some() {
                assert!((lo..=hi).contains(&want));
            }
        }
    }
}

#[test]
fn int_range_bell_inverted_range_uses_huge_unsigned_halves() {
    // hi − lo = −10: halves −5 and −5 reach the draws as 4294967291.
    let mut rng = Rng::new(9);
    let mut mt = Mt19937GenRand32::new(9);
    for _ in 0..100 {
        let x = mt.next_u32(); // mask is all ones: only 0xfffffffb..=0xffffffff are rejected
        let x = if x > 4_294_967_291 {
            loop {
                let v = mt.next_u32();
                if v <= 4_294_967_291 {
                    break v;
                }
            }
        } else {
            x
        };
        let y = loop {
            let v = mt.next_u32();
            if v <= 4_294_967_291 {
                break v;
            }
        };
        assert_eq!(
            rng.int_range_bell(10, 0),
            10i32.wrapping_add(x as i32).wrapping_add(y as i32)
        );
    }
}

#[test]
fn bell_peaks_in_the_middle() {
    let mut rng = Rng::new(1);
    let mut counts = [0u32; 7];
    for _ in 0..70_000 {
        counts[rng.int_range_bell(0, 6) as usize] += 1;
    }
    assert!(
        counts[3] > counts[0] * 2 && counts[3] > counts[6] * 2,
        "{counts:?}"
    );
}

#[test]
fn open_unit_is_strictly_inside() {
    assert_eq!(sots::open_unit_of_word(0), 2f64.powi(-33));
    assert_eq!(sots::open_unit_of_word(u32::MAX), 1.0 - 2f64.powi(-33));
    let mut rng = Rng::new(2);
    let u = rng.next_open_unit();
    assert!(u > 0.0 && u < 1.0);
}

#[test]
fn precision_is_carried_and_changed() {
    let mut rng = Rng::with_precision(1, Precision::Pc24);
    assert_eq!(rng.precision(), Precision::Pc24);
    rng.set_precision(Precision::Pc53);
    assert_eq!(rng.precision(), Precision::Pc53);
    assert_eq!(Rng::new(1).precision(), Precision::Pc53);
}
