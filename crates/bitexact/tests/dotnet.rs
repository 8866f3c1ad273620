//! `System.Random`'s walk back, seeding undo, state codec and seed search,
//! each tried against what it must never do (SPEC 8, 15). The values
//! themselves are checked against the real `System.Random` (Mono) in
//! `crates/bitexact-cli/tests/dotnet_mono.rs`.

use bitexact::dotnet::engine::Dotnet;
use bitexact::dotnet::tap::Tap;
use bitexact::dotnet::{magnitude, seed_of_array, seeded_array, Random, SeedOf};
use bitexact::engine::reversible::{identify, replays_to, words_between, Reversible};
use bitexact::engine::{DiffError, Engine, Unit};
use proptest::prelude::*;

fn walk(g: &Random, bound: u64) -> Result<(u64, u64), String> {
    identify(g, bound, Unit::Draws, &|| false)
        .map(|id| (id.seed, id.words_drawn))
        .map_err(|e| e.to_string())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn a_drawn_state_is_identified_as_its_seed_and_draws(seed: i32, skip in 0u64..3000) {
        let mut g = Random::new(seed);
        g.discard(skip);
        prop_assert_eq!(walk(&g, 3000), Ok((u64::from(magnitude(seed) as u32), skip)));
    }

    #[test]
    fn an_edited_state_is_never_identified(seed: i32, skip in 0u64..2000, index in 0usize..56, delta in 1i32..) {
        let mut g = Random::new(seed);
        g.discard(skip);
        let mut arr = *g.seed_array();
        arr[index] = arr[index].wrapping_add(delta);
        let (i, p) = g.cursors();
        let forged = Random::from_parts(arr, i, p).unwrap();
        // Any answer is replayed; an edited state has none within reach.
        if let Ok(id) = identify(&forged, 5000, Unit::Draws, &|| false) {
            prop_assert!(false, "edited state named seed {} + {}", id.seed, id.words_drawn);
        }
    }

    #[test]
    fn a_random_array_is_no_seeding(arr in proptest::array::uniform32(any::<i32>()), rest in proptest::array::uniform24(any::<i32>())) {
        let mut a = [0i32; 56];
        a[..32].copy_from_slice(&arr);
        a[32..].copy_from_slice(&rest);
        prop_assert_eq!(seed_of_array(&a), SeedOf::No);
    }

    #[test]
    fn a_seeded_array_names_its_magnitude(seed: i32) {
        prop_assert_eq!(seed_of_array(&seeded_array(seed)), SeedOf::Seed(magnitude(seed)));
    }

    #[test]
    fn unstep_undoes_step(seed: i32, skip in 1u64..500) {
        let mut g = Random::new(seed);
        g.discard(skip - 1);
        let before = g;
        g.step();
        let mut found = Vec::new();
        let mut back = g;
        prop_assert!(back.unstep(&mut |o| found.push(o)));
        found.push(back);
        // The predecessor the generator came from is among those named
        // (its cursors 0 or 55 name one array).
        prop_assert!(found.iter().any(|f| f.seed_array() == before.seed_array()));
    }

    #[test]
    fn words_between_both_ways(seed: i32, a in 0u64..300, d in 0u64..300) {
        let mut x = Random::new(seed);
        x.discard(a);
        let mut y = x;
        y.discard(d);
        prop_assert_eq!(words_between(&x, &y, 300, Unit::Draws), Ok(d));
        if d > 0 {
            prop_assert_eq!(words_between(&y, &x, 300, Unit::Draws), Err(DiffError::BeforeA { words: d, unit: Unit::Draws }));
        }
    }
}

#[test]
fn another_seeds_state_is_not_identified_and_the_bound_is_named() {
    let mut g = Random::new(99);
    g.discard(10_000);
    let e = walk(&g, 9_999).unwrap_err();
    assert!(e.contains("9999 draws"), "{e}");
    assert_eq!(walk(&g, 10_000), Ok((99, 10_000)));
}

#[test]
fn irregular_cursors_and_bad_bytes_are_refused() {
    let g = Random::new(5);
    let mut bytes = g.encode();
    bytes[224..228].copy_from_slice(&7i32.to_le_bytes()); // inext 7, inextp 21
    let (state, _) = Dotnet::load(&bytes, None).unwrap();
    let e = Dotnet::identify(&state, 1000, &|| false).unwrap_err();
    assert!(e.to_string().contains("inextp stays 21"), "{e}");
    bytes[224..228].copy_from_slice(&56i32.to_le_bytes());
    assert!(Dotnet::load(&bytes, None)
        .unwrap_err()
        .to_string()
        .contains("0..=55"));
    assert!(Dotnet::load(&bytes[..231], None)
        .unwrap_err()
        .to_string()
        .contains("232 bytes"));
}

#[test]
fn int_min_value_and_max_value_are_one_stream() {
    let id = walk(&Random::new(i32::MIN), 0).unwrap();
    assert_eq!(id, (i32::MAX as u64, 0));
    assert!(replays_to(id.0, 0, &Random::new(i32::MIN)));
}

#[test]
fn the_search_finds_what_a_plain_loop_finds() {
    // A plain per-seed loop over 0..3000 and the patterns of -3000..0,
    // against the lane search, for every tap.
    let taps = [
        (Tap::Next, 3),
        (Tap::Max(6), 5),
        (Tap::Range(-3, 3), 5),
        (Tap::Range(i32::MIN, i32::MAX), 3),
        (Tap::Double, 3),
        (Tap::Bytes, 5),
    ];
    let ranges = [0u64..3000, (1u64 << 32) - 3000..1 << 32];
    for (tap, n) in taps {
        let source = Random::new(-1234);
        let mut g = source;
        g.discard(2);
        let vals: Vec<String> = (0..n)
            .map(|_| match Dotnet::call(&mut g, tap).0 {
                bitexact::engine::Value::I32(v) => v.to_string(),
                bitexact::engine::Value::U32(v) => v.to_string(),
                bitexact::engine::Value::F64(v) => format!("{v:.15}"),
                v => panic!("{v:?}"),
            })
            .collect();
        let refs: Vec<&str> = vals.iter().map(String::as_str).collect();
        for range in ranges.clone() {
            let bitexact::recover::Recovery::Search(search) =
                Dotnet::recover(tap, &refs, Some(4), &Default::default()).unwrap()
            else {
                panic!("a search")
            };
            let got = search.search(range.clone());
            let mut want = Vec::new();
            for seed in range.clone() {
                for off in 0..=4u64 {
                    let mut h = Random::new(seed as u32 as i32);
                    h.discard(off);
                    let same = vals.iter().all(|v| {
                        let x = match Dotnet::call(&mut h, tap).0 {
                            bitexact::engine::Value::I32(v) => v.to_string(),
                            bitexact::engine::Value::U32(v) => v.to_string(),
                            bitexact::engine::Value::F64(v) => format!("{v:.15}"),
                            _ => unreachable!(),
                        };
                        &x == v
                    });
                    if same {
                        want.push((seed, off));
                    }
                }
            }
            let got: Vec<(u64, u64)> = got.iter().map(|h| (h.seed, h.offset)).collect();
            assert_eq!(got, want, "{tap:?} over {range:?}");
            // -1234 is 1234's stream: both ranges hold a hit.
            assert!(!want.is_empty(), "{tap:?} over {range:?}");
        }
    }
}

/// A forged state whose every entry is half of `int.MaxValue − 1`: each
/// step walked back has two predecessors (the fold's `+ MBIG` or not), so
/// the walk gives up — "not sure", said as such — rather than pick one.
/// The Python and C tests use the same bytes.
#[test]
fn a_state_of_halves_is_not_sure_never_a_seed() {
    let mut bytes = Vec::new();
    for i in 0..56 {
        let w: i32 = if i == 0 { 0 } else { 1_073_741_823 };
        bytes.extend_from_slice(&w.to_le_bytes());
    }
    bytes.extend_from_slice(&5i32.to_le_bytes());
    bytes.extend_from_slice(&26i32.to_le_bytes());
    let (g, _) = Dotnet::load(&bytes, None).unwrap();
    let e = identify(&g, 10_000, Unit::Draws, &|| false).unwrap_err();
    assert!(e.unsure(), "{e:?}");
    assert!(e.to_string().starts_with("not sure"), "{e}");
}
