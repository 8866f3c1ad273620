//! The shared vocabulary: a `Stream` by name gives the generator's own
//! calls (checked against direct calls of each generator), spends the words
//! those calls spend, skips by words exactly as calling would, and refuses
//! bad names with one-line messages.

#![cfg(feature = "alloc")]

use bitexact::engine::{Options, Value, WordKind, Words};
use bitexact::engines::Id;
use bitexact::stream::{Stream, StreamError};
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

/// `n` raw words of `s` in bulk, as values.
fn bulk(s: &mut Stream, n: usize) -> Vec<Value> {
    match s.word_kind() {
        WordKind::U32 => {
            let mut v = vec![0u32; n];
            s.fill_words(Words::U32(&mut v)).unwrap();
            v.into_iter().map(Value::U32).collect()
        }
        WordKind::I32 => {
            let mut v = vec![0i32; n];
            s.fill_words(Words::I32(&mut v)).unwrap();
            v.into_iter().map(Value::I32).collect()
        }
        WordKind::U64 => {
            let mut v = vec![0u64; n];
            s.fill_words(Words::U64(&mut v)).unwrap();
            v.into_iter().map(Value::U64).collect()
        }
    }
}

/// Every generator of the list is whole through a stream (a front end's
/// one class for every engine): its raw words in bulk are its single
/// words, the raw tap's call is its word, another tap's call keeps the
/// stream's tap, its snapshot restores an equal stream that draws what it
/// draws (and refuses bytes it did not write), and its state file, where
/// it has one, loads to the state it was saved from.
#[test]
fn every_generator_is_whole_through_a_stream() {
    let o = Options::default();
    for &id in Id::ALL {
        let info = id.info();
        let name = info.display_name();
        let mut s = Stream::new(id, 12345, None, &o).unwrap();
        assert_eq!(s.tap(), info.default_tap(), "{name}");
        for _ in 0..700 {
            s.next(); // across a 624-word block
        }
        assert_eq!(s.position(), 700, "{name}");

        let mut singles = s.clone();
        let words: Vec<Value> = (0..1000).map(|_| singles.word()).collect();
        let mut filled = s.clone();
        assert_eq!(
            bulk(&mut filled, 1000),
            words,
            "{name}: fill is the single words"
        );
        assert_eq!(filled, singles, "{name}");
        assert_eq!(filled.position(), 1700, "{name}");
        let other = match s.word_kind() {
            WordKind::U64 => Words::U32(&mut []),
            _ => Words::U64(&mut []),
        };
        assert_eq!(filled.clone().fill_words(other), Err(filled.word_kind()));

        let mut called = s.clone();
        let mut worded = s.clone();
        assert_eq!(
            called.call(info.default_tap()).unwrap(),
            (worded.word(), 1),
            "{name}: the raw tap is the raw word"
        );
        assert_eq!(called.tap(), info.default_tap());
        assert!(called.call("no-such-tap").is_err());
        assert_eq!(
            called.position(),
            701,
            "{name}: a refused call spends nothing"
        );

        let snap = s
            .snapshot()
            .unwrap_or_else(|e| panic!("{name}: no snapshot: {e}"));
        let mut back = Stream::restore(id, &snap, Some(s.tap()), s.position()).unwrap();
        assert_eq!(back, s, "{name}: the snapshot restores the stream");
        assert_eq!(back.position(), s.position());
        assert_eq!(back.snapshot().unwrap(), snap, "{name}");
        let mut ahead = s.clone();
        for _ in 0..2000 {
            assert_eq!(back.next(), ahead.next(), "{name}");
        }
        for cut in [0, 1, snap.len() - 1] {
            assert!(
                Stream::restore(id, &snap[..cut], None, 0).is_err(),
                "{name}: a snapshot cut to {cut} bytes restored"
            );
        }

        match info.state {
            Some(state) => {
                let layout = state.layouts.first().map(|l| l.name);
                let bytes = s.save(layout, false).unwrap();
                let (mut loaded, read) = Stream::load(id, &bytes, layout, None, &o).unwrap();
                assert_eq!(read, layout, "{name}");
                assert_eq!(loaded.position(), 0, "{name}");
                let mut here = s.clone();
                for _ in 0..1000 {
                    assert_eq!(loaded.word(), here.word(), "{name}: the state file's state");
                }
                assert!(Stream::load(id, &bytes[1..], layout, None, &o).is_err());
            }
            None => {
                assert!(s.save(None, false).is_err(), "{name}");
                let e = Stream::load(id, &snap, None, None, &o).unwrap_err();
                assert!(e.to_string().contains("no state files"), "{name}: {e}");
            }
        }
    }
}

#[test]
fn a_loaded_stream_keeps_its_options_and_its_tap() {
    let pc24 = Options {
        precision: Precision::Pc24,
        ..Options::default()
    };
    let mut r = bitexact::sots::Rng::with_precision(3, Precision::Pc24);
    r.discard(1000);
    let (mut s, _) = Stream::load(Id::Sots, &r.save_state(), None, Some("float"), &pc24).unwrap();
    for _ in 0..3000 {
        assert_eq!(s.next(), (Value::F32(r.next_float()), 1));
    }
    assert_eq!(s.tap(), "float");
    s.set_call("ranged", &[]).unwrap_err();
    let mut w = Stream::new(Id::Random2, 1, None, &Options::default()).unwrap();
    w.set_call("ranged", &["1", "6"]).unwrap();
    assert_eq!(w.tap(), "ranged:1,6");
    let e = Stream::load(Id::Random2, &[0; 5], Some("ts"), None, &Options::default()).unwrap_err();
    assert!(matches!(e, StreamError::State(_)), "{e}");
    let e = Stream::restore(Id::Sots, &s.snapshot().unwrap(), Some("int"), 0).unwrap_err();
    assert!(matches!(e, StreamError::Tap(_)), "{e}");
    let e = Stream::restore(Id::Sots, &r.save_state(), None, 0).unwrap_err();
    assert!(e.to_string().contains("precision"), "{e}");
}
