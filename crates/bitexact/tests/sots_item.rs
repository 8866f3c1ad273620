//! The save's RNG item (SPEC 2.4): codec, identification and diff.

use bitexact::engine::{Bound, DiffError, Reason, Unit};
use bitexact::mt19937::{self, Mt19937};
use bitexact::sots::{self, ItemError, Rng, ITEM_LEN, ITEM_LEN_PADDED};
use proptest::prelude::*;

/// The item written by hand from its layout (624 LE words, LE i32 left).
fn item_by_hand(block: &[u32; 624], left: i32) -> Vec<u8> {
    let mut v = Vec::with_capacity(2500);
    for w in block {
        v.extend_from_slice(&w.to_le_bytes());
    }
    v.extend_from_slice(&left.to_le_bytes());
    v
}

#[test]
fn save_writes_the_documented_layout() {
    let mut rng = Rng::new(1234);
    rng.discard(100);
    let item = rng.save_state();
    assert_eq!(item.len(), 0x9c4);
    assert_eq!(item.to_vec(), item_by_hand(rng.state(), 524));
}

#[test]
fn round_trip_and_padding() {
    let mut rng = Rng::new(42);
    rng.discard(1000);
    let item = rng.save_state();
    let back = Rng::load_state(&item).unwrap();
    assert_eq!(back, rng);
    let mut padded = item.to_vec();
    padded.extend_from_slice(&[0xaa, 0xbb, 0xcc]);
    assert_eq!(padded.len(), ITEM_LEN_PADDED);
    let back = Rng::load_state(&padded).unwrap();
    assert_eq!(back, rng);
    // The loaded generator continues the stream.
    let (mut a, mut b) = (rng.clone(), back);
    for _ in 0..2000 {
        assert_eq!(a.next_u32(), b.next_u32());
    }
}

#[test]
fn every_wrong_length_is_rejected() {
    let buf = vec![0u8; 3000];
    for len in 0..3000 {
        let r = Rng::load_state(&buf[..len]);
        if len == ITEM_LEN || len == ITEM_LEN_PADDED {
            assert!(r.is_ok(), "{len}");
        } else {
            assert_eq!(r.unwrap_err(), ItemError::WrongLength { len });
        }
    }
}

#[test]
fn left_outside_range_is_rejected() {
    let block = *Rng::new(1).state();
    for left in [-1i32, 625, 626, 1000, i32::MAX, i32::MIN] {
        let err = Rng::load_state(&item_by_hand(&block, left)).unwrap_err();
        assert_eq!(err, ItemError::LeftOutOfRange { left: left.into() });
        assert!(err.to_string().contains(&left.to_string()));
    }
    for left in [0, 1, 313, 623, 624] {
        assert_eq!(
            Rng::load_state(&item_by_hand(&block, left)).unwrap().left(),
            left as u32
        );
    }
}

#[test]
fn left_zero_twists_on_the_next_draw() {
    let mut rng = Rng::new(5);
    rng.discard(624);
    let item = rng.save_state();
    assert_eq!(&item[2496..], &0i32.to_le_bytes());
    let mut loaded = Rng::load_state(&item).unwrap();
    let mut fresh = Rng::new(5);
    fresh.discard(624);
    assert_eq!(loaded.next_u32(), fresh.next_u32());
    assert_eq!(loaded.left(), 623);
}

/// splitmix64 for choosing seeds and positions.
fn sm(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[test]
fn identify_recovers_seed_and_position() {
    let mut s = 0xface;
    for i in 0..200 {
        let seed = sm(&mut s) as u32;
        let words = match i % 5 {
            0 => sm(&mut s) % 624,                     // inside the first block
            1 => 624 * (1 + sm(&mut s) % 5),           // exactly at a block end: left == 0
            2 => sm(&mut s) % (624 * 40),              // a few dozen twists
            3 => 624 * 300 + sm(&mut s) % (624 * 100), // hundreds of twists
            _ => 624 * (sm(&mut s) % 3) + 623,
        };
        let mut rng = Rng::new(seed);
        rng.discard(words);
        let loaded = sots::decode_item(&rng.save_state()).unwrap();
        let id = sots::identify(&loaded, 1000).unwrap();
        assert_eq!(id.seed, u64::from(seed), "seed, words {words}");
        assert_eq!(id.words_drawn, words, "seed {seed}");
        let twists = sots::twists_of(id.words_drawn, rng.left());
        assert_eq!(id.words_drawn, twists * 624 + u64::from(624 - rng.left()));
    }
}

#[test]
fn identify_seed_000_saves() {
    // seed(RSeed) + two further twists, left 454 → 432 → 413.
    for (left, words) in [(454u32, 1418u64), (432, 1440), (413, 1459)] {
        let mut rng = Rng::new(0x5eed_0000);
        rng.discard(words);
        assert_eq!(rng.left(), left);
        let id = sots::identify(rng.mt(), 10).unwrap();
        assert_eq!(
            (
                id.seed,
                sots::twists_of(id.words_drawn, left),
                id.words_drawn
            ),
            (0x5eed_0000, 2, words)
        );
    }
}

#[test]
fn identify_independently_of_the_library_inverses() {
    // rand_mt regenerates the stream from the identified seed; skipping the
    // identified word count must land exactly where the saved state continues.
    for seed in [0u32, 1, 0xffff_ffff, 0x8000_0000, 12345] {
        let mut rng = Rng::new(seed);
        rng.discard(624 * 7 + 11);
        let id = sots::identify(rng.mt(), 100).unwrap();
        assert_eq!(
            (
                id.seed,
                sots::twists_of(id.words_drawn, rng.left()),
                id.words_drawn
            ),
            (seed.into(), 7, 624 * 7 + 11)
        );
        let mut replay = rand_mt::Mt::new(id.seed as u32);
        for _ in 0..id.words_drawn {
            replay.next_u32();
        }
        for _ in 0..700 {
            assert_eq!(replay.next_u32(), rng.next_u32());
        }
    }
}

#[test]
fn unreachable_blocks_are_reported() {
    // A block of arbitrary words is no MT19937 stream from a seed.
    let mut s = 9;
    let mut block = [0u32; 624];
    for w in block.iter_mut() {
        *w = sm(&mut s) as u32;
    }
    let mt = Mt19937::from_state(block, 100).unwrap();
    let err = sots::identify(&mt, 50).unwrap_err();
    assert_eq!(
        err.reason,
        Reason::Beyond(Bound {
            max: 50,
            unit: Unit::Twists
        })
    );
    assert!(err.to_string().contains("50 twists"));
    // A real stream further on than the bound is also reported, not misread.
    let mut rng = Rng::new(3);
    rng.discard(624 * 60);
    assert!(sots::identify(rng.mt(), 20).is_err());
    assert_eq!(sots::identify(rng.mt(), 60).unwrap().seed, 3);
    // Knuth's block itself (never a saved state) is not a twist of anything.
    let knuth = Mt19937::from_state(mt19937::init_genrand(8), 624).unwrap();
    assert!(sots::identify(&knuth, 5).is_err());
}

#[test]
fn words_between_two_saves() {
    let mut a = Rng::new(77);
    a.discard(1418);
    let mut b = a.clone();
    b.discard(41);
    assert_eq!(sots::words_between(a.mt(), b.mt(), 10), Ok(41));
    assert_eq!(sots::words_between(a.mt(), a.mt(), 10), Ok(0));
    assert_eq!(
        sots::words_between(b.mt(), a.mt(), 10),
        Err(DiffError::BeforeA {
            words: 41,
            unit: Unit::Words
        })
    );
    b.discard(624 * 250 + 3);
    assert_eq!(
        sots::words_between(a.mt(), b.mt(), 300),
        Ok(41 + 624 * 250 + 3)
    );
    assert_eq!(
        sots::words_between(b.mt(), a.mt(), 300),
        Err(DiffError::BeforeA {
            words: 41 + 624 * 250 + 3,
            unit: Unit::Words
        })
    );
    assert_eq!(
        sots::words_between(a.mt(), b.mt(), 100),
        Err(DiffError::NotReachable {
            bound: Bound {
                max: 100,
                unit: Unit::Twists
            }
        })
    );
    let other = Rng::new(78);
    assert!(matches!(
        sots::words_between(a.mt(), other.mt(), 50),
        Err(DiffError::NotReachable { .. })
    ));
}

#[test]
fn words_between_treats_a_used_up_block_as_the_next_block_start() {
    let mut a = Rng::new(1);
    a.discard(624); // left == 0, old block
    let mut b = a.clone();
    b.next_u32();
    let mut b0 = Mt19937::from_state(*b.state(), 624).unwrap(); // next block, left 624
    assert_eq!(sots::words_between(a.mt(), &b0, 5), Ok(0));
    assert_eq!(sots::words_between(&b0, a.mt(), 5), Ok(0));
    b0.next_u32();
    assert_eq!(sots::words_between(a.mt(), &b0, 5), Ok(1));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn decoding_random_bytes_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..2600)) {
        match sots::decode_item(&bytes) {
            Ok(mt) => {
                prop_assert!(bytes.len() == ITEM_LEN || bytes.len() == ITEM_LEN_PADDED);
                prop_assert_eq!(&sots::encode_item(&mt)[..], &bytes[..ITEM_LEN]);
            }
            Err(ItemError::WrongLength { len }) => prop_assert_eq!(len, bytes.len()),
            Err(ItemError::LeftOutOfRange { left }) => prop_assert!(!(0..=624).contains(&left)),
        }
    }

    #[test]
    fn random_items_decode_and_identify_without_panicking(
        words in proptest::collection::vec(any::<u32>(), 624),
        left in 0i32..=624,
        padded in any::<bool>(),
    ) {
        let mut block = [0u32; 624];
        block.copy_from_slice(&words);
        let mut bytes = item_by_hand(&block, left);
        if padded {
            bytes.extend_from_slice(&[1, 2, 3]);
        }
        let mt = sots::decode_item(&bytes).unwrap();
        prop_assert_eq!(mt.left(), left as u32);
        prop_assert!(sots::identify(&mt, 3).is_err());
        let _ = sots::words_between(&mt, &mt, 2);
    }

    #[test]
    fn identify_round_trips(seed in any::<u32>(), words in 0u64..(624 * 30)) {
        let mut rng = Rng::new(seed);
        rng.discard(words);
        let id = sots::identify(rng.mt(), 40).unwrap();
        prop_assert_eq!(id.seed, u64::from(seed));
        prop_assert_eq!(id.words_drawn, words);
    }
}
