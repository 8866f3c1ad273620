//! The seed search every engine gets from its taps (`PerSeed`, the default
//! `Engine::recover`) against each engine's own search — vector kernels,
//! closed-form first words, lane filters, written separately — over the
//! same seeds: the same hits, in the same order, for every tap both take,
//! at several offsets, with values planted and with values that match by
//! chance (one die: many seeds).

#![cfg(feature = "alloc")]

use bitexact::engine::recovery::PerSeed;
use bitexact::engine::tap::Split;
use bitexact::engine::{Engine, Options, Value};
use bitexact::engines::Id;
use bitexact::recover::{Hit, Recovery, Searcher};

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

fn hits(r: &Recovery, seeds: std::ops::Range<u64>) -> Vec<Hit> {
    let mut h = match r {
        Recovery::Search(s) => s.search(seeds),
        Recovery::Walk(w) => w.run(seeds, &|| false).unwrap(),
    };
    h.sort();
    h
}

/// `count` values of `tap` from `seed` after `skip` calls, as text.
fn planted<E: Engine>(tap: E::Tap, seed: u64, skip: usize, count: usize) -> Vec<String> {
    let mut g = E::seeded(seed, &Options::default());
    for _ in 0..skip {
        E::call(&mut g, tap);
    }
    (0..count).map(|_| text(E::call(&mut g, tap).0)).collect()
}

/// The engine's own search and `PerSeed` on `seeds`, for values planted at
/// `seed` after `skip` calls, offsets up to `max_offset`.
fn same_hits<E: Engine>(tap_text: &str, seed: u64, skip: usize, count: usize, max_offset: u64) {
    let split = Split::tap(tap_text);
    let tap = E::tap(split.name, split.args(), false).unwrap();
    let vals = planted::<E>(tap, seed, skip, count);
    let refs: Vec<&str> = vals.iter().map(String::as_str).collect();
    let options = Options::default();
    let own = E::recover(tap, &refs, Some(max_offset), &options).unwrap();
    let generic = PerSeed::<E>::new(tap, &refs, Some(max_offset), &options).unwrap();
    let seeds = seed.saturating_sub(700)..seed + 700;
    let want = hits(&own, seeds.clone());
    let mut got = generic.search(seeds);
    got.sort();
    assert_eq!(
        got,
        want,
        "{} {tap_text}: seed {seed}, {skip} calls in, {count} values {vals:?}",
        E::INFO.title
    );
    if skip == 0 || E::fixed_words(tap) == Some(1) {
        assert!(
            got.iter().any(|h| h.seed == seed),
            "{} {tap_text}: the planted seed {seed} is found",
            E::INFO.title
        );
    }
}

fn engine_cases<E: Engine>(cases: &[(&str, usize)]) {
    for &(tap, count) in cases {
        for (seed, skip) in [(1u64, 0usize), (777, 1), (4_000_000_123, 2), (90_001, 3)] {
            same_hits::<E>(tap, seed, skip, count, 3);
        }
    }
}

#[test]
fn per_seed_finds_what_every_engine_search_finds() {
    for &id in Id::ALL {
        bitexact::with_engine!(id, E => {
            let cases: &[(&str, usize)] = match id {
                Id::Sots => &[("u32", 2), ("int:5", 1), ("int:100", 2), ("float", 2), ("unit", 1)],
                Id::Laige => &[],
                Id::Random2 | Id::Random | Id::Random3 => &[("raw", 2), ("ranged:1,6", 1), ("ranged:-50,50", 2), ("double", 1)],
                Id::Random4 => &[("raw", 2), ("ranged:1,6", 1), ("float", 1)],
                Id::Openra => &[("next", 2)],
                Id::Generals => &[("raw", 2), ("value:1,6", 1), ("value:-3,900", 2), ("real:0,1", 1)],
                Id::Dotnet => &[("next", 2), ("next:6", 1), ("next:1,7", 2), ("double", 1), ("bytes", 2)],
            };
            engine_cases::<E>(cases);
        });
    }
}

/// laige's seeds are 64-bit: its search takes a given range, as this one.
#[test]
fn per_seed_finds_what_laiges_search_finds() {
    use bitexact::laige::engine::Laige;
    for (seed, skip) in [(1u64 << 40, 0usize), (0xdead_beef_0000, 2)] {
        same_hits::<Laige>("u64", seed, skip, 1, 3);
        same_hits::<Laige>("range:0,6", seed, skip, 1, 3);
        same_hits::<Laige>("range:10,1000", seed, skip, 2, 2);
    }
}

/// What PerSeed refuses, as every search does.
#[test]
fn per_seed_refuses_what_cannot_be_searched() {
    use bitexact::engine::recovery::QueryError;
    use bitexact::openra::engine::Openra;
    use bitexact::sots::engine::Sots;
    let o = Options::default();
    let tap = Sots::tap("chance", &["0.5"], false).unwrap();
    assert!(matches!(
        PerSeed::<Sots>::new(tap, &["true"], None, &o),
        Err(QueryError::NotThisTap { tap: "chance", .. })
    ));
    let tap = Openra::tap("next", &[], false).unwrap();
    assert!(matches!(
        PerSeed::<Openra>::new(tap, &[], None, &o),
        Err(QueryError::NoValues)
    ));
    assert!(matches!(
        PerSeed::<Openra>::new(tap, &["x"], None, &o),
        Err(QueryError::Value { index: 0, .. })
    ));
    assert!(matches!(
        PerSeed::<Openra>::new(tap, &["1"], Some(4097), &o),
        Err(QueryError::OffsetTooLarge { limit: 4096, .. })
    ));
}
