//! Generals' generator: the step's inverse, the carry rule of the original
//! `ADC` macro, identification and the state bytes. (The values themselves
//! are checked against an independent transcription in
//! `tests/cc_family_oracle.rs`.)

use bitexact::engine::{Bound, DiffError, Unit};
use bitexact::generals::{
    decode_state, draws_between, encode_state, identify, seed_of_state, unstep, GameRandom,
    SEED_OFFSETS,
};

/// A small deterministic stream of test inputs (splitmix64).
fn inputs(mut x: u64) -> impl Iterator<Item = u64> {
    core::iter::from_fn(move || {
        x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = x;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        Some(z ^ (z >> 31))
    })
}

/// The draw as the original's macro computes it: from the second step on the
/// carry is `sum < old word` (the sum was already stored over the other
/// operand). Returns the draw and whether that rule ever disagreed with the
/// true carry during it.
fn macro_draw(s: &mut [u32; 6]) -> (u32, bool) {
    let mut c = 0u32;
    let mut disagreed = false;
    for i in (0..5).rev() {
        let a = s[i + 1];
        let b = s[i];
        let sum = a.wrapping_add(b).wrapping_add(c);
        let true_carry = ((a as u64 + b as u64 + c as u64) >> 32) as u32;
        let macro_carry = if i == 4 { true_carry } else { (sum < b) as u32 };
        disagreed |= macro_carry != true_carry;
        s[i] = sum;
        c = macro_carry;
    }
    let mut i = 6;
    while i > 0 {
        i -= 1;
        s[i] = s[i].wrapping_add(1);
        if s[i] != 0 {
            break;
        }
    }
    (s[0], disagreed)
}

#[test]
fn the_macro_carry_never_differs_on_reachable_states() {
    // From seeds, including ones that put words near 2^32.
    let mut seeds: Vec<u32> = inputs(1).take(200).map(|x| x as u32).collect();
    for c in SEED_OFFSETS {
        seeds.extend([0u32.wrapping_sub(c), 0u32.wrapping_sub(c).wrapping_sub(1)]);
    }
    for seed in seeds {
        let mut g = GameRandom::new(seed);
        let mut s = g.state();
        for _ in 0..2000 {
            let (want, disagreed) = macro_draw(&mut s);
            assert!(!disagreed, "seed {seed}");
            assert_eq!(g.next_u32(), want);
        }
    }
    // Arbitrary states, not only seeded ones: the argument in the module
    // docs holds for any six words.
    for x in inputs(99).take(20_000) {
        let w: [u32; 6] = core::array::from_fn(|i| {
            let v = x.rotate_left(13 * i as u32) as u32;
            // Bias towards words at the top of the range.
            if x >> (40 + i) & 1 == 1 {
                v | 0xffff_ff00
            } else {
                v
            }
        });
        let mut s = w;
        let (_, disagreed) = macro_draw(&mut s);
        assert!(!disagreed, "{w:08x?}");
        assert_eq!(GameRandom::from_state(w).next_u32(), s[0]);
    }
    // The one case where the rules differ, on its own: the word just written
    // is 0xFFFFFFFF and a carry comes in. The sum wraps to the old word, so
    // `sum < old` says no carry where there is one. No step writes it (so
    // the loops above could fail, but cannot).
    let (a, b, c) = (0xffff_ffffu32, 5u32, 1u32);
    let sum = a.wrapping_add(b).wrapping_add(c);
    assert_eq!(sum, b);
    assert!(sum >= b, "the macro sees no carry");
    assert_eq!((a as u64 + b as u64 + c as u64) >> 32, 1);
}

#[test]
fn unstep_inverts_the_step() {
    for x in inputs(7).take(2000) {
        let w: [u32; 6] =
            core::array::from_fn(|i| (x.rotate_left(11 * i as u32) as u32) ^ i as u32);
        let mut g = GameRandom::from_state(w);
        g.next_u32();
        let mut back = g.state();
        unstep(&mut back);
        assert_eq!(back, w);
    }
    // The increment's carry chain: all-ones low words.
    let w = [
        3,
        0xffff_ffff,
        0xffff_ffff,
        0xffff_ffff,
        0xffff_ffff,
        0xffff_ffff,
    ];
    let mut g = GameRandom::from_state(w);
    g.next_u32();
    let mut back = g.state();
    unstep(&mut back);
    assert_eq!(back, w);
}

#[test]
fn identify_walks_back_to_the_seed_and_replays() {
    for (seed, draws) in [(0u32, 0u64), (1, 1), (12345, 999), (u32::MAX, 77_777)] {
        let mut g = GameRandom::new(seed);
        g.discard(draws);
        let id = identify(g.state(), 100_000).unwrap();
        assert_eq!((id.seed, id.words_drawn), (seed.into(), draws));
        assert_eq!(seed_of_state(&GameRandom::new(seed).state()), Some(seed));
    }
    let mut g = GameRandom::new(5);
    g.discard(100);
    assert!(identify(g.state(), 99).is_err());
}

#[test]
fn forged_states_are_not_reachable() {
    let mut g = GameRandom::new(2024);
    g.discard(300);
    let s = g.state();
    for bit in 0..192 {
        let mut f = s;
        f[bit / 32] ^= 1 << (bit % 32);
        let got = identify(f, 2000);
        assert!(got.is_err(), "bit {bit}: {got:?}");
    }
}

#[test]
fn state_bytes_round_trip_and_diff() {
    let mut a = GameRandom::new(9);
    a.discard(10);
    let bytes = encode_state(&a);
    assert_eq!(bytes.len(), 24);
    assert_eq!(decode_state(&bytes), Ok(a));
    assert_eq!(&bytes[..4], &a.state()[0].to_le_bytes());
    assert!(decode_state(&bytes[..23]).is_err());
    let mut b = a;
    b.discard(41);
    assert_eq!(draws_between(&a, &b, 100), Ok(41));
    assert_eq!(
        draws_between(&b, &a, 100),
        Err(DiffError::BeforeA {
            words: 41,
            unit: Unit::Draws
        })
    );
    assert_eq!(
        draws_between(&a, &GameRandom::new(10), 100),
        Err(DiffError::NotReachable {
            bound: Bound {
                max: 100,
                unit: Unit::Draws
            }
        })
    );
}

#[test]
fn value_and_real_edges_spend_nothing() {
    let mut g = GameRandom::new(3);
    let before = g.state();
    assert_eq!(g.value(i32::MIN, i32::MAX), i32::MAX); // d wraps to 0
    assert_eq!(g.real(2.0, 2.0), 2.0);
    assert_eq!(g.real(3.0, -1.0), -1.0);
    assert_eq!(g.state(), before);
    // A reversed value range is not an error and draws.
    let v = g.value(10, 1);
    assert_ne!(g.state(), before);
    let _ = v;
}
