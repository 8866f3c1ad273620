//! The shared vocabulary: a `Stream` by name gives the generator's own
//! calls (checked against direct calls of each generator), spends the words
//! those calls spend, skips by words exactly as calling would, and refuses
//! bad names with one-line messages.

#![cfg(feature = "alloc")]

use bitexact::engine::{Options, Value};
use bitexact::engines::Id;
use bitexact::stream::Stream;
use bitexact::x87::Precision;

#[test]
fn streams_are_the_generators_own_calls() {
    let mut s = Stream::new(
        Id::Sots,
        7,
        Some("frange:-1,1"),
        &Options {
            precision: Precision::Pc24,
            ..Options::default()
        },
    )
    .unwrap();
    let mut r = bitexact::sots::Rng::with_precision(7, Precision::Pc24);
    for _ in 0..300 {
        assert_eq!(s.next(), (Value::F32(r.float_range(-1.0, 1.0)), 1));
    }
    let mut s = Stream::new(
        Id::Laige,
        9,
        Some("range:0,6"),
        &Options {
            substream: Some(3),
            ..Options::default()
        },
    )
    .unwrap();
    let mut p = bitexact::laige::Prng::derive_substream(9, 3);
    for _ in 0..300 {
        assert_eq!(s.next().0, Value::U32(p.next_range(0, 6).unwrap()));
    }
    let mut s = Stream::new(Id::Random, 1, Some("ranged:1,6"), &Options::default()).unwrap();
    let mut g = bitexact::westwood::RandomLcg::new(1);
    for _ in 0..300 {
        assert_eq!(s.next().0, Value::I32(g.ranged(1, 6).unwrap()));
    }
    let mut s = Stream::new(Id::Random4, 4357, Some("float"), &Options::default()).unwrap();
    let mut g = bitexact::westwood::Random4::new(4357);
    for _ in 0..300 {
        assert_eq!(s.next(), (Value::F32(g.get_float()), 1));
    }
    let mut s = Stream::new(
        Id::Openra,
        (-5i32) as u32 as u64,
        Some("range:0,100"),
        &Options::default(),
    )
    .unwrap();
    let mut m = bitexact::openra::MersenneTwister::new(-5);
    for _ in 0..300 {
        assert_eq!(s.next().0, Value::I32(m.next_range(0, 100).unwrap()));
    }
    let mut s = Stream::new(Id::Generals, 3, Some("real:0,10"), &Options::default()).unwrap();
    let mut g = bitexact::generals::GameRandom::new(3);
    for _ in 0..300 {
        assert_eq!(s.next(), (Value::F32(g.real(0.0, 10.0)), 1));
    }
}

#[test]
fn words_and_skips_match_calling() {
    let cases: [(Id, &str); 12] = [
        (Id::Sots, "int:6"),
        (Id::Sots, "chance:0"),
        (Id::Sots, "bell:1,6"),
        (Id::Laige, "u64"),
        (Id::Random, "ranged:0,65536"),
        (Id::Random2, "raw"),
        (Id::Random3, "double"),
        (Id::Random4, "ranged:1,6"),
        (Id::Openra, "range:3,4"),
        (Id::Openra, "float"),
        (Id::Generals, "value:-2147483648,2147483647"),
        (Id::Generals, "value:1,6"),
    ];
    let o = Options::default();
    for (engine, tap) in cases {
        for skip in [0u64, 1, 249, 250, 624, 1000] {
            let mut fast = Stream::new(engine, 11, Some(tap), &o).unwrap();
            fast.skip(skip).unwrap();
            let mut slow = Stream::new(engine, 11, Some(tap), &o).unwrap();
            let mut words = 0;
            for _ in 0..skip {
                words += slow.next().1;
            }
            assert_eq!(slow.position(), words, "{engine:?} {tap}");
            assert_eq!(
                fast.position(),
                slow.position(),
                "{engine:?} {tap} skip {skip}"
            );
            for _ in 0..5 {
                assert_eq!(fast.next(), slow.next(), "{engine:?} {tap} skip {skip}");
            }
        }
    }
}

#[test]
fn set_tap_keeps_the_position_and_bad_names_are_refused() {
    let ww = Id::find("westwood", None).unwrap();
    assert_eq!(ww, Id::Random2);
    let mut s = Stream::new(ww, 1, None, &Options::default()).unwrap();
    s.next();
    s.set_tap("ranged:5,5").unwrap();
    assert_eq!(s.next(), (Value::I32(5), 0));
    assert_eq!(s.info().taps[s.entry_point()].entry, "ranged");
    assert!(s
        .set_tap("float")
        .unwrap_err()
        .to_string()
        .contains("random4"));
    assert_eq!(s.position(), 1);
    let e = |engine: &str| Id::find(engine, None).unwrap_err().to_string();
    // The names come from the list: "sots, laige, …, generals or dotnet".
    let families = Id::families();
    let (last, rest) = families.split_last().unwrap();
    assert_eq!(
        e("ra2"),
        format!(
            "unknown engine 'ra2' (expected {} or {last})",
            rest.join(", ")
        )
    );
    assert!(e("ra2").contains("expected sots, laige, westwood"));
    assert!(Id::find("westwood", Some("random5")).is_err());
    assert_eq!(Id::find("westwood", Some("random4")), Ok(Id::Random4));
    let bad = |engine, seed, tap| {
        Stream::new(engine, seed, Some(tap), &Options::default())
            .unwrap_err()
            .to_string()
    };
    assert!(bad(Id::Sots, 1 << 32, "u32").contains("32 bits"));
    assert!(bad(Id::Sots, 1, "int").contains("int:N"));
    assert!(bad(Id::Laige, 1, "range:5,5").contains("empty"));
    assert!(bad(Id::Random2, 1, "ranged:-1,2147483647").contains("loops for ever"));
    assert!(bad(Id::Openra, 1, "range:3,2").contains("below"));
    assert!(bad(Id::Generals, 1, "value:1").contains("2 arguments"));
    // The library's messages name no front end's flags.
    for (id, tap) in [
        (Id::Sots, "int:x"),
        (Id::Laige, "u64:1"),
        (Id::Random, "float"),
    ] {
        assert!(!bad(id, 1, tap).contains("--"), "{}", bad(id, 1, tap));
    }
    let mut s = Stream::new(Id::Sots, 1, Some("int:6"), &Options::default()).unwrap();
    assert!(s
        .skip(100_000_001)
        .unwrap_err()
        .to_string()
        .contains("over the limit of 100000000"));
    assert_eq!(s.position(), 0);
}
