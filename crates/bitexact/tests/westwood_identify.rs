//! Identification of saved states (seed, draws since seeding) and the draws
//! between two saves. Seeds are searched over a narrow range around the true
//! seed so the tests stay fast; what is checked against is the stream the
//! seed really produces (a generator drawn `n` times), not the search code.

#![cfg(feature = "alloc")]

use bitexact::engine::{Bound, DiffError, Identification, Reason, Unit};
use bitexact::westwood::{
    draws_between, identify, psdes, Candidates, CursorsCoincide, Layout, Random2,
    DEFAULT_MAX_DRAWS, SEED_SPACE,
};

fn at(seed: u32, draws: u64) -> Random2 {
    let mut rng = Random2::new(seed);
    rng.discard(draws);
    rng
}

/// A narrow seed range around `seed`.
fn around(seed: u32) -> core::ops::Range<u64> {
    u64::from(seed).saturating_sub(300)..u64::from(seed) + 300
}

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

#[test]
fn identifies_random_seeds_at_random_positions() {
    let mut r = inputs(2026);
    for _ in 0..24 {
        let seed = r.next().unwrap() as u32;
        let draws = r.next().unwrap() % 40_000;
        let saved = at(seed, draws);
        let id = identify(&saved, around(seed), 50_000).unwrap();
        assert_eq!(
            id,
            Identification {
                seed: seed.into(),
                words_drawn: draws,
            }
        );
    }
}

#[test]
fn identifies_at_and_around_table_wraps() {
    for seed in [0u32, 1, 2, 0x8000_0000, u32::MAX] {
        for draws in [
            0u64, 1, 146, 147, 249, 250, 251, 499, 500, 501, 2_500, 25_000, 25_249,
        ] {
            let c = Candidates::new(&at(seed, draws), 30_000).unwrap();
            let hits: Vec<_> = c.search(around(seed)).collect();
            assert_eq!(hits.len(), 1, "{seed} {draws}");
            assert_eq!((hits[0].seed, hits[0].words_drawn), (seed.into(), draws));
            assert_eq!(c.probe(seed), Some(hits[0]));
            assert_eq!(c.probe(seed ^ 1), None);
        }
    }
}

/// A saved state straight from seeding is the seed table itself.
#[test]
fn a_fresh_state_is_identified_at_zero_draws() {
    let rng = Random2::new(99);
    assert_eq!(rng.table()[0], psdes(99, 0));
    let id = identify(&rng, 0..1_000, 0).unwrap();
    assert_eq!((id.seed, id.words_drawn), (99, 0));
    assert_eq!((rng.index1(), rng.index2()), (0, 103));
}

/// The bound is inclusive, and counts one seeding point per 250 draws.
#[test]
fn the_bound_and_the_candidate_count() {
    let saved = at(4321, 1_000); // index1 = 0: points at 1000, 750, 500, 250, 0 draws back
    assert_eq!(Candidates::new(&saved, 1_000).unwrap().len(), 5);
    assert_eq!(Candidates::new(&saved, 999).unwrap().len(), 4);
    assert_eq!(
        identify(&saved, around(4321), 1_000).unwrap().words_drawn,
        1_000
    );
    assert_eq!(
        identify(&saved, around(4321), 999).unwrap_err().reason,
        Reason::NotInRange {
            first: 4_021,
            end: 4_621,
            bound: Bound {
                max: 999,
                unit: Unit::Draws
            }
        }
    );
    let saved = at(4321, 1_100); // index1 = 100
    let c = Candidates::new(&saved, 99).unwrap();
    assert!(c.is_empty()); // index1 > bound: no seeding point in reach
    assert_eq!(c.probe(4321), None);
    assert_eq!(Candidates::new(&saved, 100).unwrap().len(), 1);
    assert_eq!(Candidates::new(&saved, 1_100).unwrap().len(), 5);
    // The default bound: 10^7 draws, 40 000 seeding points for index1 = 0.
    assert_eq!(DEFAULT_MAX_DRAWS, 10_000_000);
}

#[test]
fn not_found_outside_the_seed_range() {
    let saved = at(1_000_000, 5_000);
    let err = identify(&saved, 0..1_000_000, 10_000).unwrap_err();
    assert_eq!(
        err.reason,
        Reason::NotInRange {
            first: 0,
            end: 1_000_000,
            bound: Bound {
                max: 10_000,
                unit: Unit::Draws
            }
        }
    );
    assert!(err.to_string().contains("0..1000000"), "{err}");
    let c = Candidates::new(&saved, 10_000).unwrap();
    assert_eq!(c.search(1_000_001..1_001_000).count(), 0);
    assert_eq!(c.search(1_000_000..1_000_001).count(), 1);
    // An empty or reversed range searches nothing.
    assert_eq!(c.search(5..5).count(), 0);
}

#[test]
fn search_ranges_are_clamped_to_32_bit_seeds() {
    let saved = at(u32::MAX, 777);
    let c = Candidates::new(&saved, 1_000).unwrap();
    let hits: Vec<_> = c.search(SEED_SPACE - 10..SEED_SPACE + 1_000).collect();
    assert_eq!(hits.len(), 1);
    assert_eq!((hits[0].seed, hits[0].words_drawn), (u32::MAX.into(), 777));
    assert_eq!(c.search(SEED_SPACE..u64::MAX).count(), 0);
}

#[test]
fn irregular_cursors_cannot_be_identified() {
    let rng = Random2::from_parts(*Random2::new(1).table(), 0, 5).unwrap();
    let err = identify(&rng, 0..10, 1_000).unwrap_err();
    assert_eq!(
        err.reason,
        Reason::IrregularCursors {
            index1: 0,
            index2: 5
        }
    );
    assert!(Candidates::new(&rng, 1_000).is_err());
}

/// No draw sets the `disabled` flag, so a state with it set is not reached
/// by seeding and drawing and is never identified (SPEC 8: the replay must
/// reproduce the flag too); with the flag cleared, its table and cursors are
/// the stream's (draws the set flag short-circuited did not move it).
#[test]
fn a_disabled_save_is_not_identified_but_its_cleared_copy_is() {
    let mut rng = at(8_888, 1_234);
    rng.set_disabled(true);
    rng.discard(50);
    let bytes = Layout::Ra2.encode(&rng).unwrap();
    let loaded = Layout::Ra2.decode(&bytes).unwrap().strict().unwrap();
    assert!(identify(&loaded, around(8_888), 5_000).is_err());
    let mut cleared = loaded.clone();
    cleared.set_disabled(false);
    let id = identify(&cleared, around(8_888), 5_000).unwrap();
    assert_eq!((id.seed, id.words_drawn), (8_888, 1_234));
}

/// The default bound end to end: the saved state is exactly 10^7 draws in.
#[test]
fn identifies_at_the_default_bound() {
    let saved = at(31, DEFAULT_MAX_DRAWS);
    let c = Candidates::new(&saved, DEFAULT_MAX_DRAWS).unwrap();
    assert_eq!(c.len(), 40_001);
    assert_eq!(c.max_draws(), DEFAULT_MAX_DRAWS);
    let id = c.search(0..64).next().unwrap();
    assert_eq!((id.seed, id.words_drawn), (31, DEFAULT_MAX_DRAWS));
}

#[test]
fn unstep_inverts_raw() {
    let mut rng = Random2::new(6);
    let fresh = rng.clone();
    let mut outputs = Vec::new();
    for _ in 0..1_000 {
        outputs.push(rng.raw());
    }
    for _ in 0..1_000 {
        rng.unstep().unwrap();
    }
    assert_eq!(rng, fresh);
    assert_eq!(rng.position(), 0);
    for want in outputs {
        assert_eq!(rng.raw(), want);
    }
    let mut stuck = Random2::from_parts([7; 250], 12, 12).unwrap();
    assert_eq!(stuck.unstep(), Err(CursorsCoincide { index: 12 }));
    assert_eq!(stuck.table()[12], 7);
}

#[test]
fn draws_between_two_saves() {
    let a = at(2_718, 100);
    let b = at(2_718, 12_345);
    assert_eq!(draws_between(&a, &b, 20_000), Ok(12_245));
    assert_eq!(draws_between(&a, &b, 12_245), Ok(12_245));
    assert_eq!(
        draws_between(&a, &b, 12_244),
        Err(DiffError::NotReachable {
            bound: draws(12_244)
        })
    );
    assert_eq!(
        draws_between(&b, &a, 20_000),
        Err(DiffError::BeforeA {
            words: 12_245,
            unit: Unit::Draws
        })
    );
    assert_eq!(draws_between(&a, &a, 0), Ok(0));
    for d in [1u64, 249, 250, 251, 500] {
        assert_eq!(draws_between(&a, &at(2_718, 100 + d), 1_000), Ok(d));
    }
    assert_eq!(
        draws_between(&a, &at(2_719, 100), 5_000),
        Err(DiffError::NotReachable {
            bound: draws(5_000)
        })
    );
    // Different gaps are never the same stream.
    let odd = Random2::from_parts(*a.table(), a.index1(), 0).unwrap();
    assert_eq!(
        draws_between(&a, &odd, 1_000),
        Err(DiffError::NotReachable {
            bound: draws(1_000)
        })
    );
    assert!(DiffError::BeforeA {
        words: 3,
        unit: Unit::Draws
    }
    .to_string()
    .contains("3 draws"));
}

#[cfg(feature = "serde")]
#[test]
fn identification_serialises() {
    let id = Identification {
        seed: 7,
        words_drawn: 1_000,
    };
    let text = serde_json::to_string(&id).unwrap();
    assert_eq!(text, r#"{"seed":7,"words_drawn":1000}"#);
    assert_eq!(serde_json::from_str::<Identification>(&text).unwrap(), id);
    assert_eq!(serde_json::to_string(&Layout::Ra2).unwrap(), r#""ra2""#);
}

fn draws(max: u64) -> Bound {
    Bound {
        max,
        unit: Unit::Draws,
    }
}

/// Through the engine contract, identification's table walk-back heeds its
/// `stop` callback (a front end's Ctrl-C): it ends saying how far it walked,
/// never with a seed or "not found".
#[test]
fn the_walk_back_stops_when_asked() {
    use bitexact::engine::Engine;
    use bitexact::westwood::engines::Random2Class;
    let saved = at(7, 1_000);
    let Err(e) = Random2Class::identify(&saved, 100_000_000, &|| true) else {
        panic!("a stopped walk answered")
    };
    let Reason::Stopped(b) = e.reason else {
        panic!("{e}")
    };
    assert!(b.max < 100_000_000 && b.unit == Unit::Draws, "{e}");
    assert!(Random2Class::identify(&saved, 100_000, &|| false).is_ok());
}
