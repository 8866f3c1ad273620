//! Recovery by name: engine, tap and values as text find the seed the values
//! came from (values produced by the library's stream by name, which the
//! generator tests check), for every engine; bad names are refused.

#![cfg(feature = "alloc")]

use bitexact::recover::query::Query;
use bitexact::recover::Hit;
use bitexact::stream::{Class, Engine, Options, Stream, Value};

fn text(v: Value) -> String {
    match v {
        Value::U32(x) => x.to_string(),
        Value::I32(x) => x.to_string(),
        Value::U64(x) => x.to_string(),
        Value::F32(x) => format!("{:#010x}", x.to_bits()),
        Value::F64(x) => format!("{:#018x}", x.to_bits()),
        Value::Bool(x) => x.to_string(),
    }
}

#[test]
fn every_engine_by_name() {
    let cases: [(Engine, Class, &str, u64); 10] = [
        (Engine::Sots, Class::Random2, "u32", 5489),
        (Engine::Sots, Class::Random2, "float", 77),
        (Engine::Laige, Class::Random2, "u64", 1 << 40),
        (Engine::Westwood, Class::Random2, "raw", 31337),
        (Engine::Westwood, Class::Random2, "ranged:1,1000", 4242),
        (Engine::Westwood, Class::Random, "raw", 99),
        (Engine::Westwood, Class::Random3, "raw", 12),
        (Engine::Westwood, Class::Random4, "float", 4357),
        (Engine::Openra, Class::Random2, "next", 0xffff_fffb),
        (Engine::Generals, Class::Random2, "raw", 2003),
    ];
    for (engine, class, tap, seed) in cases {
        let options = Options {
            class,
            ..Options::default()
        };
        let mut s = Stream::new(engine, seed, Some(tap), &options).unwrap();
        s.skip(2, u64::MAX, u64::MAX).unwrap();
        let at = s.position();
        let vals: Vec<String> = (0..4).map(|_| text(s.next().0)).collect();
        let refs: Vec<&str> = vals.iter().map(String::as_str).collect();
        let q = Query::new(engine, &options, Some(tap), &refs, Some(3)).unwrap();
        let hits = q.search(seed.saturating_sub(100)..seed + 100);
        assert!(
            hits.contains(&Hit { seed, offset: at }),
            "{engine:?} {class:?} {tap}: {hits:?}"
        );
    }
}

#[test]
fn bad_names_are_refused_and_624_outputs_need_no_search() {
    let o = Options::default();
    let err =
        |e: Engine, tap: &str, v: &[&str]| Query::new(e, &o, Some(tap), v, None).unwrap_err().0;
    assert!(err(Engine::Sots, "bell:1,6", &["1"]).contains("too little"));
    assert!(err(Engine::Sots, "u33", &["1"]).contains("unknown tap"));
    assert!(err(Engine::Sots, "u32", &["x"]).starts_with("--values:"));
    assert!(err(Engine::Openra, "float", &["0.5"]).contains("only next"));
    assert!(err(Engine::Generals, "real:1,1", &["1"]).contains("spends no draw"));
    let mut s = Stream::new(Engine::Sots, 99, None, &o).unwrap();
    s.skip(3000, u64::MAX, u64::MAX).unwrap();
    let vals: Vec<String> = (0..624).map(|_| text(s.next().0)).collect();
    let refs: Vec<&str> = vals.iter().map(String::as_str).collect();
    let q = Query::new(Engine::Sots, &o, None, &refs, None).unwrap();
    let (hits, bound) = q.direct_hits(0..1 << 32).unwrap();
    assert_eq!(
        hits,
        vec![Hit {
            seed: 99,
            offset: 3000
        }]
    );
    assert_eq!(bound, 62_400_000);
}
