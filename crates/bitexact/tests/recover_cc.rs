//! Seed recovery for the rest of the C&C family, on narrowed seed ranges:
//! the values come from running the real generator; the search must find
//! exactly the seed and offset they came from (and nothing when the seed is
//! outside the range).

#![cfg(feature = "alloc")]

use bitexact::generals::tap as generals_tap;
use bitexact::generals::GameRandom;
use bitexact::openra::MersenneTwister;
use bitexact::recover::Hit;
use bitexact::westwood::recover_classes as wwlib;
use bitexact::westwood::{Random3, Random4, RandomLcg};
use bitexact::{generals::recover as generals, openra::recover as openra};

fn around(seed: u32) -> core::ops::Range<u64> {
    u64::from(seed).saturating_sub(500)..(u64::from(seed) + 500).min(1 << 32)
}

fn wwlib_round_trip<G: wwlib::Class>(tap: wwlib::Tap<G>, seed: u32, offset: u64) {
    let mut g = G::seeded(seed);
    for _ in 0..offset {
        g.raw();
    }
    let values: Vec<u32> = (0..4).map(|_| tap.call(&mut g)).collect();
    let s = wwlib::Search::new(tap, values.clone(), offset + 2).unwrap();
    let hits = s.search(around(seed));
    assert!(
        hits.contains(&Hit {
            seed: seed.into(),
            offset
        }),
        "{} seed {seed} offset {offset}: {hits:?}",
        G::NAME
    );
    for h in &hits {
        assert!(wwlib::confirm(tap, &values, h.seed as u32, h.offset));
    }
    assert!(!s
        .search(u64::from(seed) + 1..u64::from(seed) + 1)
        .contains(&Hit {
            seed: seed.into(),
            offset
        }));
}

#[test]
fn wwlib_classes_round_trip() {
    for (seed, offset) in [
        (0u32, 0u64),
        (7, 3),
        (4357, 1),
        (0xffff_fff0, 10),
        (123_456, 100),
    ] {
        wwlib_round_trip::<RandomLcg>(wwlib::Tap::Raw, seed, offset);
        wwlib_round_trip::<RandomLcg>(wwlib::Tap::ranged(1, 6).unwrap(), seed, offset);
        wwlib_round_trip::<Random3>(wwlib::Tap::Raw, seed, offset);
        wwlib_round_trip::<Random3>(wwlib::Tap::ranged(-100, 100).unwrap(), seed, offset);
        wwlib_round_trip::<Random3>(wwlib::Tap::double(), seed, offset);
        wwlib_round_trip::<Random4>(wwlib::Tap::Raw, seed, offset);
        wwlib_round_trip::<Random4>(wwlib::Tap::ranged(0, 1000).unwrap(), seed, offset);
        wwlib_round_trip::<Random4>(wwlib::Tap::float().unwrap(), seed, offset);
    }
    assert!(wwlib::Tap::<Random3>::float().is_err());
    assert!(wwlib::Tap::<Random4>::ranged(5, 5).is_err());
    assert!(wwlib::Tap::<Random4>::ranged(-1, i32::MAX).is_err());
}

#[test]
fn openra_round_trips_negative_seeds_too() {
    for (seed, offset) in [(0i32, 0u64), (-1, 2), (i32::MIN, 0), (1_000_000, 30)] {
        let mut m = MersenneTwister::new(seed);
        m.discard(offset);
        let values: Vec<i32> = (0..3).map(|_| m.next()).collect();
        let s = openra::Search::new(values.clone(), offset + 1).unwrap();
        let hits = s.search(around(seed as u32));
        assert!(
            hits.contains(&Hit {
                seed: (seed as u32).into(),
                offset
            }),
            "{seed}: {hits:?}"
        );
        for h in &hits {
            assert!(openra::confirm(&values, h.seed as u32, h.offset));
        }
    }
    assert!(openra::Search::new(vec![i32::MAX], 0).is_err());
    assert!(openra::Search::new(vec![-3], 0).is_err());
}

#[test]
fn generals_round_trips_every_tap() {
    let taps = [
        generals_tap::Tap::Raw,
        generals_tap::Tap::Value(1, 6),
        generals_tap::Tap::Value(10, -10),
        generals_tap::Tap::Real(0.0, 1.0),
        generals_tap::Tap::Real(-5.5, 100.25),
    ];
    for (seed, offset) in [(0u32, 0u64), (99, 5), (u32::MAX, 1)] {
        for tap in taps {
            let mut g = GameRandom::new(seed);
            g.discard(offset);
            let values: Vec<u32> = (0..6).map(|_| tap.of_draw(g.next_u32())).collect();
            let s = generals::Search::new(tap, values.clone(), offset + 3).unwrap();
            let hits = s.search(around(seed));
            assert!(
                hits.contains(&Hit {
                    seed: seed.into(),
                    offset
                }),
                "{tap:?}: {hits:?}"
            );
        }
    }
    assert!(generals_tap::Tap::Value(i32::MIN, i32::MAX)
        .searchable()
        .is_err());
    assert!(generals_tap::Tap::Real(1.0, 1.0).searchable().is_err());
}
