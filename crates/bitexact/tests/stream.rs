//! The shared vocabulary: a `Stream` by name gives the generator's own
//! calls (checked against direct calls of each generator), spends the words
//! those calls spend, skips by words exactly as calling would, and refuses
//! bad names with one-line messages.

#![cfg(feature = "alloc")]

use bitexact::stream::{Class, Engine, Options, Stream, Value};
use bitexact::x87::Precision;

fn opts(class: Class) -> Options {
    Options {
        class,
        ..Options::default()
    }
}

#[test]
fn streams_are_the_generators_own_calls() {
    let mut s = Stream::new(
        Engine::Sots,
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
        Engine::Laige,
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
    let mut s = Stream::new(
        Engine::Westwood,
        1,
        Some("ranged:1,6"),
        &opts(Class::Random),
    )
    .unwrap();
    let mut g = bitexact::westwood::RandomLcg::new(1);
    for _ in 0..300 {
        assert_eq!(s.next().0, Value::I32(g.ranged(1, 6).unwrap()));
    }
    let mut s = Stream::new(Engine::Westwood, 4357, Some("float"), &opts(Class::Random4)).unwrap();
    let mut g = bitexact::westwood::Random4::new(4357);
    for _ in 0..300 {
        assert_eq!(s.next(), (Value::F32(g.get_float()), 1));
    }
    let mut s = Stream::new(
        Engine::Openra,
        (-5i32) as u32 as u64,
        Some("range:0,100"),
        &Options::default(),
    )
    .unwrap();
    let mut m = bitexact::openra::MersenneTwister::new(-5);
    for _ in 0..300 {
        assert_eq!(s.next().0, Value::I32(m.next_range(0, 100).unwrap()));
    }
    let mut s = Stream::new(Engine::Generals, 3, Some("real:0,10"), &Options::default()).unwrap();
    let mut g = bitexact::generals::GameRandom::new(3);
    for _ in 0..300 {
        assert_eq!(s.next(), (Value::F32(g.real(0.0, 10.0)), 1));
    }
}

#[test]
fn words_and_skips_match_calling() {
    let cases: [(Engine, Class, &str); 12] = [
        (Engine::Sots, Class::Random2, "int:6"),
        (Engine::Sots, Class::Random2, "chance:0"),
        (Engine::Sots, Class::Random2, "bell:1,6"),
        (Engine::Laige, Class::Random2, "u64"),
        (Engine::Westwood, Class::Random, "ranged:0,65536"),
        (Engine::Westwood, Class::Random2, "raw"),
        (Engine::Westwood, Class::Random3, "double"),
        (Engine::Westwood, Class::Random4, "ranged:1,6"),
        (Engine::Openra, Class::Random2, "range:3,4"),
        (Engine::Openra, Class::Random2, "float"),
        (
            Engine::Generals,
            Class::Random2,
            "value:-2147483648,2147483647",
        ),
        (Engine::Generals, Class::Random2, "value:1,6"),
    ];
    for (engine, class, tap) in cases {
        for skip in [0u64, 1, 249, 250, 624, 1000] {
            let mut fast = Stream::new(engine, 11, Some(tap), &opts(class)).unwrap();
            fast.skip(skip, u64::MAX, u64::MAX).unwrap();
            let mut slow = Stream::new(engine, 11, Some(tap), &opts(class)).unwrap();
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
    let mut s = Stream::new(Engine::Westwood, 1, None, &Options::default()).unwrap();
    s.next();
    s.set_tap("ranged:5,5").unwrap();
    assert_eq!(s.next(), (Value::I32(5), 0));
    assert_eq!(s.entry_point(), "ranged");
    assert!(s.set_tap("float").unwrap_err().0.contains("random4"));
    assert_eq!(s.position(), 1);
    let e = |engine: &str| engine.parse::<Engine>().unwrap_err().0;
    assert!(e("ra2").contains("unknown engine 'ra2'"));
    assert!("random5".parse::<Class>().is_err());
    let bad = |engine, seed, tap| {
        Stream::new(engine, seed, Some(tap), &Options::default())
            .unwrap_err()
            .0
    };
    assert!(bad(Engine::Sots, 1 << 32, "u32").contains("32 bits"));
    assert!(bad(Engine::Sots, 1, "int").contains("int:N"));
    assert!(bad(Engine::Laige, 1, "range:5,5").contains("empty"));
    assert!(bad(Engine::Westwood, 1, "ranged:-1,2147483647").contains("loops for ever"));
    assert!(bad(Engine::Openra, 1, "range:3,2").contains("below"));
    assert!(bad(Engine::Generals, 1, "value:1").contains("two numbers"));
    let mut s = Stream::new(Engine::Sots, 1, Some("int:6"), &Options::default()).unwrap();
    assert!(s
        .skip(11, 100, 10)
        .unwrap_err()
        .0
        .contains("over the limit of 10"));
    assert_eq!(s.position(), 0);
}
