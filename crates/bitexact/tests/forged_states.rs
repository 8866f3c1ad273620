//! SPEC 8: "an edited state is 'not reachable', never a wrong seed". Real
//! states of every engine with one bit changed — every word or byte of the
//! state, and every bit of the words the identification reads least — must
//! not be identified. The unedited states are identified, so the checks are
//! not passing for want of a search.

#![cfg(feature = "alloc")]

use bitexact::{laige, mt19937::Mt19937, sots, westwood};

#[test]
fn forged_sots_blocks_are_not_reachable() {
    const BOUND: u64 = 12;
    for (seed, words) in [
        (1u32, 700u64),
        (5489, 0),
        (0xdead_beef, 624),
        (7, 5 * 624 + 3),
    ] {
        let mut rng = sots::Rng::new(seed);
        rng.discard(words);
        let real = rng.mt().clone();
        let id = sots::identify(&real, BOUND).expect("the real state");
        assert_eq!((id.seed, id.words_drawn), (seed.into(), words));
        let mut flips: Vec<(usize, u32)> =
            (0..624).map(|w| (w, (w as u32 * 7 + seed) % 32)).collect();
        for w in [0, 1, 226, 227, 396, 397, 622, 623] {
            flips.extend((0..32).map(|b| (w, b)));
        }
        for (w, b) in flips {
            let mut block = *real.state();
            block[w] ^= 1 << b;
            let forged = Mt19937::from_state(block, real.left()).unwrap();
            let got = sots::identify(&forged, BOUND);
            assert!(
                got.is_err(),
                "seed {seed} + {words} words, word {w} bit {b} flipped: identified as {got:?}"
            );
        }
    }
}

#[test]
fn forged_laige_states_are_not_reachable() {
    for (seed, draws) in [
        (0u64, 0u64),
        (1, 1),
        (0x1234_5678_9abc_def0, 300),
        (u64::MAX, 77),
    ] {
        let mut p = laige::Prng::new(seed);
        for _ in 0..draws {
            p.next_u64();
        }
        let (p1, p2) = (p.state_part1(), p.state_part2());
        let id = laige::identify(p1, p2, 1000).expect("the real state");
        assert_eq!((id.seed, id.words_drawn), (seed, draws));
        for bit in 0..128 {
            let (f1, f2) = if bit < 64 {
                (p1 ^ 1 << bit, p2)
            } else {
                (p1, p2 ^ 1 << (bit - 64))
            };
            let got = laige::identify(f1, f2, 1000);
            assert!(got.is_err(), "seed {seed} + {draws}, bit {bit}: {got:?}");
        }
    }
}

#[test]
fn forged_westwood_objects_are_not_identified() {
    use westwood::{identify, Layout, Random2};
    for (seed, draws, layout) in [
        (4242u32, 600u64, Layout::Ra2),
        (99, 1777, Layout::Ts),
        (0, 0, Layout::Ra2),
        (u32::MAX, 250, Layout::Ts),
    ] {
        let mut rng = Random2::new(seed);
        rng.discard(draws);
        let seeds = u64::from(seed).saturating_sub(40)..(u64::from(seed) + 40).min(1 << 32);
        let id = identify(&rng, seeds.clone(), 5000).expect("the real state");
        assert_eq!((id.seed, id.words_drawn), (seed.into(), draws));
        let bytes = layout.encode(&rng).unwrap().to_vec();
        // RA2's bytes 1..4 are padding, not state.
        let padding = if layout == Layout::Ra2 { 1..4 } else { 0..0 };
        for at in (0..bytes.len()).filter(|at| !padding.contains(at)) {
            let bit = (at * 5 + seed as usize) % 8;
            let mut forged = bytes.clone();
            forged[at] ^= 1 << bit;
            // A flipped byte the decoder refuses is refused; one it takes
            // must not be identified.
            let Ok(decoded) = layout.decode(&forged) else {
                continue;
            };
            let got = identify(&decoded.rng, seeds.clone(), 5000);
            assert!(
                got.is_err(),
                "{layout} seed {seed} + {draws}, byte {at} bit {bit}: {got:?}"
            );
        }
    }
}

/// MT19937's zero state (19937 state bits all zero) twists to itself: two
/// such states at left 100 and 150 are 100 + 474 = 574 words apart (to the
/// end of the block, then into the same block again), never "B before A",
/// which an earlier `words_between` said. The distance is checked by
/// drawing: 574 draws from A give B's every word and `left`. A block whose
/// only nonzero bits are word 0's low 31 twists to all zeros, so there a B
/// behind A is really behind. Identification refuses the zero state at
/// once, saying why, for sots and Random4Class (no seed reaches it; the
/// walk back would run to its bound).
#[test]
fn the_zero_state_twists_to_itself() {
    use bitexact::engine::{DiffError, Reason, Unit};
    let zero = [0u32; 624];
    let at = |block, left| Mt19937::from_state(block, left).unwrap();
    let (a, b) = (at(zero, 100), at(zero, 150));
    assert_eq!(sots::words_between(&a, &b, 4), Ok(574));
    let mut drawn = a.clone();
    for _ in 0..574 {
        assert_eq!(drawn.next_u32(), 0);
    }
    assert_eq!((drawn.state(), drawn.left()), (b.state(), b.left()));
    assert_eq!(sots::words_between(&b, &a, 4), Ok(50));
    assert_eq!(sots::words_between(&a, &a, 4), Ok(0));
    // Word 0's low bits are outside the 19937: the block comes once.
    let mut low = zero;
    low[0] = 0x7fff_ffff;
    let (a, b) = (at(low, 100), at(low, 150));
    assert_eq!(
        sots::words_between(&a, &b, 4),
        Err(DiffError::BeforeA {
            words: 50,
            unit: Unit::Words
        })
    );
    assert_eq!(sots::words_between(&b, &a, 4), Ok(50));
    for block in [zero, low] {
        for left in [0, 100, 624] {
            let e = sots::identify(&at(block, left), 16_000_000).unwrap_err();
            assert_eq!(e.reason, Reason::ZeroState, "{e}");
            assert!(e.to_string().contains("all zero"), "{e}");
            let r4 = westwood::Random4::from_state(block, left).unwrap();
            let e = westwood::random4::identify(&r4, 16_000_000).unwrap_err();
            assert_eq!(e.reason, Reason::ZeroState, "{e}");
        }
    }
    // One bit of the 19937 set: an ordinary (unreachable) state, walked.
    let mut one = zero;
    one[0] = 0x8000_0000;
    let e = sots::identify(&at(one, 0), 3).unwrap_err();
    assert!(matches!(e.reason, Reason::Beyond(_)), "{e}");
}
