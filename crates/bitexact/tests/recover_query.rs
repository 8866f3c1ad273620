//! Recovery by name: engine, tap and values as text find the seed the values
//! came from (values produced by the library's stream by name, which the
//! generator tests check), for every engine; bad names are refused.

#![cfg(feature = "alloc")]

use bitexact::engine::{Id, Options, Value};
use bitexact::recover::query::query;
use bitexact::recover::{Hit, QueryError, Recovery};
use bitexact::stream::Stream;

fn text(v: Value) -> String {
    match v {
        Value::U32(x) => x.to_string(),
        Value::I32(x) => x.to_string(),
        Value::U64(x) => x.to_string(),
        Value::F32(x) => format!("{:#010x}", x.to_bits()),
        Value::F64(x) => format!("{:#018x}", x.to_bits()),
        Value::Bool(x) => x.to_string(),
        Value::Unmodelled => "-".into(),
    }
}

fn search(r: &Recovery, seeds: std::ops::Range<u64>) -> Vec<Hit> {
    match r {
        Recovery::Search(s) => s.search(seeds),
        Recovery::Walk(w) => w.run(seeds, &|| false).unwrap(),
    }
}

#[test]
fn every_engine_by_name() {
    let cases: [(Id, &str, u64); 10] = [
        (Id::Sots, "u32", 5489),
        (Id::Sots, "float", 77),
        (Id::Laige, "u64", 1 << 40),
        (Id::Random2, "raw", 31337),
        (Id::Random2, "ranged:1,1000", 4242),
        (Id::Random, "raw", 99),
        (Id::Random3, "raw", 12),
        (Id::Random4, "float", 4357),
        (Id::Openra, "next", 0xffff_fffb),
        (Id::Generals, "raw", 2003),
    ];
    for (id, tap, seed) in cases {
        let options = Options::default();
        let mut s = Stream::new(id, seed, Some(tap), &options).unwrap();
        s.skip(2).unwrap();
        let at = s.position();
        let vals: Vec<String> = (0..4).map(|_| text(s.next().0)).collect();
        let refs: Vec<&str> = vals.iter().map(String::as_str).collect();
        let q = query(id, &options, Some(tap), &refs, Some(3)).unwrap();
        let hits = search(&q, seed.saturating_sub(100)..seed + 100);
        assert!(
            hits.contains(&Hit { seed, offset: at }),
            "{id:?} {tap}: {hits:?}"
        );
    }
    // Every generator of the list that has a seed search is in the table.
    for id in Id::ALL {
        assert!(
            id.info().recover.is_none() || cases.iter().any(|c| c.0 == *id),
            "{id:?}"
        );
    }
}

#[test]
fn bad_names_are_refused_and_624_outputs_need_no_search() {
    let o = Options::default();
    let err = |e: Id, tap: &str, v: &[&str]| query(e, &o, Some(tap), v, None).unwrap_err();
    assert!(matches!(
        err(Id::Sots, "bell:1,6", &["1"]),
        QueryError::NotThisTap { tap: "bell", .. }
    ));
    assert!(err(Id::Sots, "u33", &["1"])
        .to_string()
        .contains("unknown tap"));
    assert!(matches!(
        err(Id::Sots, "u32", &["1", "x"]),
        QueryError::Value { index: 1, .. }
    ));
    assert!(matches!(
        err(Id::Openra, "float", &["0.5"]),
        QueryError::NotThisTap { taps: "next", .. }
    ));
    assert!(err(Id::Generals, "real:1,1", &["1"])
        .to_string()
        .contains("spends no draw"));
    // No front end's flag names in the library's messages.
    for e in [
        err(Id::Sots, "u32", &["x"]),
        err(Id::Sots, "int:x", &["1"]),
        err(Id::Laige, "u64", &[]),
        query(Id::Sots, &o, None, &["1"], Some(1 << 40)).unwrap_err(),
    ] {
        assert!(!e.to_string().contains("--"), "{e}");
    }
    let mut s = Stream::new(Id::Sots, 99, None, &o).unwrap();
    s.skip(3000).unwrap();
    let vals: Vec<String> = (0..624).map(|_| text(s.next().0)).collect();
    let refs: Vec<&str> = vals.iter().map(String::as_str).collect();
    let Recovery::Walk(w) = query(Id::Sots, &o, None, &refs, None).unwrap() else {
        panic!("624 outputs need no search")
    };
    assert_eq!(
        w.run(0..1 << 32, &|| false).unwrap(),
        vec![Hit {
            seed: 99,
            offset: 3000
        }]
    );
    assert_eq!(w.bound(), 62_400_000);
    // The walk stops when asked, saying how far it got.
    let far = query(Id::Sots, &o, None, &refs, Some(100_000_000)).unwrap();
    let Recovery::Walk(far) = far else {
        unreachable!()
    };
    assert!(far.run(0..1 << 32, &|| true).is_err());
}
