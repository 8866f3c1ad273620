//! Recovery by name: engine, tap and values as text find the seed the values
//! came from (values produced by the library's stream by name, which the
//! generator tests check), for every engine; bad names are refused.

#![cfg(feature = "alloc")]

use bitexact::engine::{Options, Value};
use bitexact::engines::Id;
use bitexact::recover::query::query;
use bitexact::recover::{Hit, QueryError, Recovery};
use common::values::{hits, text};

mod common;
use bitexact::stream::Stream;

#[test]
fn every_engine_by_name() {
    let cases: [(Id, &str, u64); 12] = [
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
        (Id::Dotnet, "next:1,7", 0xffff_cfc7),
        (Id::Dotnet, "double", 12345),
    ];
    for (id, tap, seed) in cases {
        let options = Options::default();
        let mut s = Stream::new(id, seed, Some(tap), &options).unwrap();
        s.skip(2).unwrap();
        let at = s.position();
        let vals: Vec<String> = (0..4).map(|_| text(s.next().0)).collect();
        let refs: Vec<&str> = vals.iter().map(String::as_str).collect();
        let q = query(id, &options, Some(tap), &refs, Some(3)).unwrap();
        let hits = hits(&q, seed.saturating_sub(100)..seed + 100);
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
    let e = err(Id::Openra, "float", &["0.5"]);
    assert!(matches!(e, QueryError::NotThisTap { tap: "float", .. }));
    assert!(e.to_string().ends_with("(use next)"), "{e}");
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

/// Issue 34: a value the tap never returns is refused before any search,
/// naming it. The ranges refused are checked against the generators' own
/// output (every value drawn lies in the range, and a small range's ends
/// both occur), so the refusal never turns a value a seed can produce away;
/// the ends themselves are accepted.
#[test]
fn values_a_tap_never_returns_are_refused_before_searching() {
    let o = Options::default();
    let cases: [(Id, &str, i64, i64); 11] = [
        (Id::Random, "ranged:1,6", 1, 6),
        (Id::Random3, "ranged:-2,2", -2, 2),
        (Id::Random4, "ranged:1,6", 1, 6),
        (Id::Random2, "ranged:1,6", 1, 6),
        (Id::Random2, "ranged:6,1", 1, 6),
        (Id::Random2, "ranged:-3,2", -3, 2),
        (Id::Sots, "int:5", 0, 5),
        (Id::Generals, "value:1,6", 1, 6),
        (Id::Generals, "value:-3,3", -3, 3),
        (Id::Laige, "range:3,10", 3, 9),
        (Id::Openra, "next", 0, 2_147_483_646),
    ];
    for (id, tap, lo, hi) in cases {
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..20u64 {
            let mut s = Stream::new(id, seed, Some(tap), &o).unwrap();
            for _ in 0..200 {
                let v = match s.next().0 {
                    Value::U32(x) => i64::from(x),
                    Value::I32(x) => i64::from(x),
                    Value::U64(x) => i64::try_from(x).unwrap(),
                    v => panic!("{id:?} {tap}: {v:?}"),
                };
                assert!((lo..=hi).contains(&v), "{id:?} {tap} drew {v}");
                seen.insert(v);
            }
        }
        if hi - lo < 10 {
            assert!(
                seen.contains(&lo) && seen.contains(&hi),
                "{id:?} {tap}: {seen:?}"
            );
        }
        let refused = |v: &[&str]| query(id, &o, Some(tap), v, None).err();
        let (lo_t, hi_t) = (lo.to_string(), hi.to_string());
        assert!(refused(&[&lo_t, &hi_t]).is_none(), "{id:?} {tap}");
        for bad in [lo - 1, hi + 1] {
            let bad_t = bad.to_string();
            // -1 where the values are unsigned is refused as a number.
            let unsigned = bad < 0 && matches!(id, Id::Sots | Id::Laige);
            match refused(&[&lo_t, &hi_t, &bad_t]) {
                Some(QueryError::Value { index: 2, error }) => {
                    let said = error.to_string();
                    assert!(said.contains(&bad_t), "{said}");
                    assert!(unsigned || said.contains("never returned"), "{said}");
                    assert!(!said.contains("--"), "{said}");
                }
                other => panic!("{id:?} {tap} {bad}: {other:?}"),
            }
        }
    }
}
