//! Adversarial `state find` cases (SPEC 16, SPEC 8): every genuine state
//! `state save` writes, of every engine, class and layout, planted at any
//! offset among other bytes, must be found and named with its own seed,
//! words drawn and offset; decoys (bit flips, shifts, truncations) never.
//!
//! Every case tried is kept. Six failed when they were written, each
//! fixed since (its doc says what was wrong): a sampled-distinct filter
//! that turned genuine `System.Random` and Random2Class states away, a
//! Tiberian Sun object read only as a disabled Red Alert 2 one, ranges of
//! a minidump searched apart, a raw file that starts with `MDMP` refused.

mod common;

use common::{bitexact, stderr, stdout, temp};
use serde_json::Value;

/// `state save ARGS -o -`'s bytes.
fn saved(args: &[&str]) -> Vec<u8> {
    let o = bitexact(&[&["-q", "state", "save"], args, &["-o", "-"]].concat());
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    o.stdout
}

/// Bytes from a fixed LCG (the same on every run).
fn noise(n: usize, seed: u64) -> Vec<u8> {
    let mut x = seed ^ 0x9e37_79b9_7f4a_7c15;
    (0..n)
        .map(|_| {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (x >> 56) as u8
        })
        .collect()
}

/// `state find FILE --json --all` of `bytes` (written to a file named
/// `name`): the report (exit 0 or 1; anything else fails the test).
fn find(name: &str, bytes: &[u8]) -> Value {
    let path = temp(name);
    std::fs::write(&path, bytes).unwrap();
    let o = bitexact(&["state", "find", path.to_str().unwrap(), "--json", "--all"]);
    assert!(
        matches!(o.status.code(), Some(0 | 1)),
        "{name}: exit {:?}: {}",
        o.status.code(),
        stderr(&o)
    );
    serde_json::from_str(stdout(&o).trim()).unwrap()
}

/// One identified state: offset, engine label (`sots`, `dotnet`,
/// `westwood/random4`, `westwood/ts`, `westwood/ra2`), seed, words drawn.
type Named = (u64, String, u64, u64);

fn label(h: &Value) -> String {
    let mut e = h["engine"].as_str().unwrap().to_string();
    if h["class"] == "random4" {
        e.push_str("/random4");
    }
    if let Some(l) = h["layout"].as_str() {
        e.push('/');
        e.push_str(l);
    }
    e
}

fn named(report: &Value) -> Vec<Named> {
    let mut v: Vec<Named> = report["identified"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            (
                h["offset"].as_u64().unwrap(),
                label(h),
                h["seed"].as_u64().unwrap(),
                h["words_drawn"].as_u64().unwrap(),
            )
        })
        .collect();
    v.sort();
    v
}

fn want(v: &[(u64, &str, u64, u64)]) -> Vec<Named> {
    let mut v: Vec<Named> = v
        .iter()
        .map(|&(o, e, s, w)| (o, e.to_string(), s, w))
        .collect();
    v.sort();
    v
}

/// `find` of `bytes` names exactly the states of `expected`.
fn assert_finds(name: &str, bytes: &[u8], expected: &[(u64, &str, u64, u64)]) -> Value {
    let report = find(name, bytes);
    assert_eq!(named(&report), want(expected), "{name}: {report}");
    report
}

/// Plants `states` (save args, engine label, seed named, words drawn) in
/// one file, each after a filler of a different kind (a little noise,
/// more noise, a run of one byte, text), and returns the file and what
/// should be named.
type Plant<'a> = (Vec<String>, &'a str, u64, u64);

fn plant(states: &[Plant<'_>], salt: u64) -> (Vec<u8>, Vec<Named>) {
    let mut file = Vec::new();
    let mut expected = Vec::new();
    for (k, (args, label, seed, words)) in states.iter().enumerate() {
        let filler = match k % 4 {
            // Noise, then four bytes over 1: no filler makes the object
            // after it readable as a Red Alert 2 object (see the ignored
            // `ts_object_after_a_u32_one_is_missed`).
            0 => [noise(7, salt + k as u64), vec![0xEE; 4]].concat(),
            1 => [noise(101, salt + k as u64), vec![0xEE; 4]].concat(),
            2 => vec![0xAA; 64],
            _ => b"the quick brown fox jumps over the lazy dog. ".repeat(3),
        };
        file.extend(filler);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let state = saved(&args);
        expected.push((file.len() as u64, label.to_string(), *seed, *words));
        file.extend(state);
    }
    (file, expected)
}

fn check_planted(name: &str, states: &[Plant<'_>], salt: u64) {
    let (file, expected) = plant(states, salt);
    let expected: Vec<(u64, &str, u64, u64)> = expected
        .iter()
        .map(|(o, e, s, w)| (*o, e.as_str(), *s, *w))
        .collect();
    assert_finds(name, &file, &expected);
}

fn args(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

// ---------------------------------------------------------------- holds

/// sots: low-entropy seeds, every twist boundary and the bound's last
/// word (100 000 twists: 62 400 624 words), the state first in the file.
#[test]
fn sots_seeds_and_twist_boundaries() {
    for (i, seed) in [0u64, 1, 2, 0x8000_0000, 0xFFFF_FFFF, 0x0100_0000, 0x1_0000]
        .into_iter()
        .enumerate()
    {
        let s = seed.to_string();
        let states: Vec<Plant> = [0u64, 1, 623, 624, 625, 1248, 1249, 624 * 250, 62_400_624]
            .iter()
            .map(|&skip| {
                (
                    args(&["sots", "--seed", &s, "--skip-words", &skip.to_string()]),
                    "sots",
                    seed,
                    skip,
                )
            })
            .collect();
        check_planted(&format!("sots_{seed}.bin"), &states, i as u64);
    }
}

/// Random4Class: seed 0 (named 4375, as the original seeds it), seeds
/// with many trailing zeros, u32::MAX, twist boundaries and the bound's
/// last draw (62 400 000).
#[test]
fn random4_seeds_and_twist_boundaries() {
    for (i, seed) in [
        0u64,
        1,
        0xFFFF_FFFF,
        0x8000_0000,
        0x4000_0000,
        0x1_0000,
        0xFF00_0000,
    ]
    .into_iter()
    .enumerate()
    {
        let s = seed.to_string();
        let states: Vec<Plant> = [0u64, 1, 623, 624, 625, 1248, 62_400_000]
            .iter()
            .map(|&skip| {
                (
                    args(&[
                        "westwood",
                        "--class",
                        "random4",
                        "--seed",
                        &s,
                        "--skip-words",
                        &skip.to_string(),
                    ]),
                    "westwood/random4",
                    if seed == 0 { 4375 } else { seed },
                    skip,
                )
            })
            .collect();
        check_planted(&format!("random4_{seed}.bin"), &states, 10 + i as u64);
    }
}

/// dotnet: 0, ±1, int.MaxValue, −int.MaxValue, int.MinValue (one stream
/// with int.MaxValue), MSEED itself and its neighbours (the seeding's
/// `mj` 0), cursor wraps (54, 55, 56 draws) and the bound (10^7).
#[test]
fn dotnet_seeds_and_cursor_wraps() {
    let seeds: [(i64, u64); 9] = [
        (0, 0),
        (1, 1),
        (-1, 1),
        (2_147_483_647, 2_147_483_647),
        (-2_147_483_647, 2_147_483_647),
        (-2_147_483_648, 2_147_483_647),
        (161_803_398, 161_803_398),
        (-161_803_398, 161_803_398),
        (161_803_399, 161_803_399),
    ];
    for (i, (seed, named)) in seeds.into_iter().enumerate() {
        let s = seed.to_string();
        let states: Vec<Plant> = [0u64, 1, 34, 35, 54, 55, 56, 250, 10_000_000]
            .iter()
            .map(|&skip| {
                (
                    args(&["dotnet", "--seed", &s, "--skip-words", &skip.to_string()]),
                    "dotnet",
                    named,
                    skip,
                )
            })
            .collect();
        check_planted(&format!("dotnet_{i}.bin"), &states, 20 + i as u64);
    }
}

/// Random2Class (both layouts), small seeds (the merged search ends
/// early), cursor boundaries (102, 103, 249, 250, 251 draws) and the bound
/// (10^7 draws). Filler before a `ts` object never ends in a byte <= 1
/// four bytes before it here (see the ignored cases for that).
#[test]
fn random2_small_seeds_and_cursor_boundaries() {
    let mut states: Vec<Plant> = Vec::new();
    for layout in ["ts", "ra2"] {
        for seed in [0u64, 1, 2] {
            for skip in [0u64, 1, 102, 103, 249, 250, 251, 10_000_000] {
                states.push((
                    args(&[
                        layout,
                        "--seed",
                        &seed.to_string(),
                        "--skip-words",
                        &skip.to_string(),
                    ]),
                    if layout == "ts" {
                        "westwood/ts"
                    } else {
                        "westwood/ra2"
                    },
                    seed,
                    skip,
                ));
            }
        }
    }
    // Fillers: noise(3)/noise(101) never leave a byte <= 1 four bytes before
    // the next object with these salts (checked by the assertion itself).
    let (file, expected) = plant(&states, 40);
    for (o, e, ..) in &expected {
        if e == "westwood/ts" {
            assert!(file[*o as usize - 4] > 1, "filler makes an ra2 reading");
        }
    }
    let expected: Vec<(u64, &str, u64, u64)> = expected
        .iter()
        .map(|(o, e, s, w)| (*o, e.as_str(), *s, *w))
        .collect();
    assert_finds("random2_small.bin", &file, &expected);
}

/// Beyond every bound nothing is named (and no wrong seed): sots 62 400 625
/// words, Random4Class 62 400 001, dotnet 10^7 + 1, Random2Class 10^7 + 1;
/// with them, Random2Class objects of large seeds (u32::MAX, 2^31) at the
/// bound, at offset 0 and at the very end of the file: one full pass over
/// the 2^32 seeds.
#[test]
fn bound_edges_and_large_random2_seeds() {
    let mut file = saved(&["ts", "--seed", "4294967295", "--skip-words", "7"]);
    for beyond in [
        &["sots", "--seed", "1", "--skip-words", "62400625"][..],
        &[
            "westwood",
            "--class",
            "random4",
            "--seed",
            "1",
            "--skip-words",
            "62400001",
        ],
        &["dotnet", "--seed", "1", "--skip-words", "10000001"],
        &["ra2", "--seed", "5", "--skip-words", "10000001"],
    ] {
        file.extend(noise(17, file.len() as u64));
        file.extend(saved(beyond));
    }
    file.extend(noise(17, 99));
    let last = file.len() as u64;
    file.extend(saved(&[
        "ra2",
        "--seed",
        "2147483648",
        "--skip-words",
        "10000000",
    ]));
    let report = assert_finds(
        "bounds.bin",
        &file,
        &[
            (0, "westwood/ts", 4_294_967_295, 7),
            (last, "westwood/ra2", 2_147_483_648, 10_000_000),
        ],
    );
    assert_eq!(report["complete"], true, "{report}");
}

/// Neighbours: a sots state with `left` 0 (ending in four zero bytes)
/// sharing them with the next state's first word (dotnet's `SeedArray[0]`,
/// a `ts` object's index1 0, an `ra2` object's flag and padding); states of
/// every engine back to back; the same state twice; a dotnet state alone.
#[test]
fn overlapping_and_adjacent_neighbours() {
    let s0 = saved(&["sots", "--seed", "77", "--skip-words", "1872"]);
    assert_eq!(&s0[2496..], &[0, 0, 0, 0]);
    let d = saved(&["dotnet", "--seed", "5", "--skip-words", "3"]);
    let t = saved(&["ts", "--seed", "4", "--skip-words", "250"]);
    let r = saved(&["ra2", "--seed", "4", "--skip-words", "250"]);
    let r4 = saved(&[
        "westwood",
        "--class",
        "random4",
        "--seed",
        "9",
        "--skip-words",
        "0",
    ]);
    for (name, next, label) in [
        ("dotnet", &d, "dotnet"),
        ("ts", &t, "westwood/ts"),
        ("ra2", &r, "westwood/ra2"),
    ] {
        let (seed, words) = if name == "dotnet" { (5, 3) } else { (4, 250) };
        assert_eq!(&next[..4], &[0, 0, 0, 0]);
        assert_finds(
            &format!("overlap_{name}.bin"),
            &[&s0[..], &next[4..]].concat(),
            &[(0, "sots", 77, 1872), (2496, label, seed, words)],
        );
    }
    assert_finds(
        "adjacent_all.bin",
        &[&s0[..], &d, &t, &r, &r4].concat(),
        &[
            (0, "sots", 77, 1872),
            (2500, "dotnet", 5, 3),
            (2732, "westwood/ts", 4, 250),
            (3740, "westwood/ra2", 4, 250),
            (4752, "westwood/random4", 9, 0),
        ],
    );
    assert_finds(
        "same_twice.bin",
        &[&s0[..], &s0].concat(),
        &[(0, "sots", 77, 1872), (2500, "sots", 77, 1872)],
    );
    let d2 = saved(&["dotnet", "--seed", "-7", "--skip-words", "100"]);
    assert_finds(
        "dotnet_twice.bin",
        &[&d[..], &d2].concat(),
        &[(0, "dotnet", 5, 3), (232, "dotnet", 7, 100)],
    );
    assert_finds("dotnet_alone.bin", &d, &[(0, "dotnet", 5, 3)]);
}

/// Decoys: each state with one bit flipped (in its first words, its
/// middle, its last eight bytes), truncated by a byte, shifted by a byte. A flip
/// in sots' `left` or Random4Class's `mti` is another genuine state of the
/// same stream (named at its own position); a flip of the RA2 flag leaves
/// the `ts` object after it. Nothing else is named.
#[test]
fn decoys_are_never_named() {
    let states: [(&str, &[&str]); 5] = [
        ("sots", &["sots", "--seed", "123", "--skip-words", "1000"]),
        (
            "westwood/random4",
            &[
                "westwood",
                "--class",
                "random4",
                "--seed",
                "123",
                "--skip-words",
                "1000",
            ],
        ),
        (
            "dotnet",
            &["dotnet", "--seed", "123", "--skip-words", "1000"],
        ),
        (
            "westwood/ts",
            &["ts", "--seed", "3", "--skip-words", "1000"],
        ),
        (
            "westwood/ra2",
            &["ra2", "--seed", "3", "--skip-words", "1000"],
        ),
    ];
    // One file for every engine (one pass over the Random2Class seeds).
    let mut file = Vec::new();
    let mut allowed = Vec::new();
    for (label, a) in states {
        let st = saved(a);
        let n = st.len();
        // Flips that pass the filter are unreachable candidates, each a
        // walk of the whole bound (an MT19937 block: 100 000 twists for
        // sots and again for Random4Class): a few of them.
        let positions: &[usize] = match label {
            "dotnet" => &[0, 1, 4, 8, 12, n / 2, n - 8, n - 5, n - 4, n - 1],
            "sots" | "westwood/random4" => &[0, 4, n / 2, n - 4, n - 1],
            _ => &[0, 8, n / 2, n - 1],
        };
        for &p in positions {
            if label == "westwood/ra2" && (1..4).contains(&p) {
                continue; // padding: not state
            }
            for bit in [0, 7] {
                file.extend(noise(50, (p * 8 + bit) as u64));
                let at = file.len() as u64;
                let mut b = st.clone();
                b[p] ^= 1 << bit;
                // What a flip may still legitimately be.
                if label == "westwood/ra2" && p == 0 {
                    allowed.push((at + 4, "westwood/ts".to_string(), 3, 1000));
                }
                if (label == "sots" || label == "westwood/random4") && p >= n - 4 {
                    let counter = u32::from_le_bytes(b[n - 4..].try_into().unwrap());
                    if counter <= 624 {
                        let old = u32::from_le_bytes(st[n - 4..].try_into().unwrap());
                        let words = if label == "sots" {
                            1000 + u64::from(old) - u64::from(counter)
                        } else {
                            1000 + u64::from(counter) - u64::from(old)
                        };
                        allowed.push((at, label.to_string(), 123, words));
                    }
                }
                file.extend(b);
            }
        }
        // Shifted by a byte either way (a byte that is not the state's
        // own before and after it), then truncated by its last byte at the
        // end of the file.
        assert!(st[0] != 0x5A && st[n - 1] != 0xA5);
        file.push(0x5A);
        if label == "westwood/ra2" {
            // The object shifted by a byte still holds its `ts` body.
            allowed.push((file.len() as u64 + 3, "westwood/ts".into(), 3, 1000));
        }
        file.extend(&st[1..]);
        file.extend([0xA5, 0xA5]);
        file.extend(&st[..n - 1]);
        file.push(0xA5);
        file.extend(noise(50, 7));
    }
    let report = find("decoys.bin", &file);
    // Named states must be among those still genuinely there (a flip of
    // sots' `left`, of Random4Class's `mti` or of the RA2 flag); nothing
    // else. (Whether the `ts` body after a set RA2 flag is found is
    // `ts_object_after_a_u32_one_is_missed`.)
    for n in named(&report) {
        assert!(allowed.contains(&n), "named {n:?}: {report}");
    }
}

/// A minidump (`Memory64ListStream`) with a state of each engine inside
/// one memory range, and the raw bytes of the same memory.
#[test]
fn states_inside_one_minidump_range() {
    for (label, a) in [
        (
            "dotnet",
            &["dotnet", "--seed", "11", "--skip-words", "9"][..],
        ),
        ("sots", &["sots", "--seed", "11", "--skip-words", "9"]),
        ("westwood/ts", &["ts", "--seed", "11", "--skip-words", "9"]),
    ] {
        let st = saved(a);
        let memory = [noise(3996, 3), st, noise(500, 4)].concat();
        let (dump, base) = common::minidump::memory64(&[(0x10000, memory.clone())]);
        let report = assert_finds(
            &format!("md_one_{}.bin", label.replace('/', "_")),
            &dump,
            &[(base + 3996, label, 11, 9)],
        );
        assert_eq!(report["identified"][0]["address"], 0x10000 + 3996);
        assert_finds("md_raw.bin", &memory, &[(3996, label, 11, 9)]);
    }
}

/// Empty files, zeros, 0xFF and text: no state, no panic, exit 1.
#[test]
fn files_with_no_state() {
    for (name, bytes) in [
        ("empty.bin", Vec::new()),
        ("zeros.bin", vec![0u8; 5000]),
        ("ff.bin", vec![0xFFu8; 5000]),
        ("text.bin", b"MDM ".repeat(2000)),
    ] {
        let report = find(name, &bytes);
        assert_eq!(named(&report), vec![], "{name}: {report}");
    }
}

// ---------------------------------------------------------------- fails

/// A dotnet state whose sampled `SeedArray` entries hold one value twice
/// (after draw 54 408 of seed 4894, `SeedArray[13]` equals another of the
/// twenty entries `distinct_words` compares). `state identify` names it;
/// `state find` never makes it a candidate. About one seed in 30 has such a
/// state within the 10^7-draw bound (each draw writes a sampled entry with
/// chance 20/55 and matches one of 19 others with chance 19/2^31).
#[test]
fn dotnet_state_with_a_repeated_sampled_entry() {
    let st = saved(&["dotnet", "--seed", "4894", "--skip-words", "54408"]);
    let path = temp("dotnet_repeat.bin");
    std::fs::write(&path, &st).unwrap();
    let o = bitexact(&["state", "identify", "dotnet", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("seed: 4894"), "{}", stdout(&o));
    let file = [noise(64, 1), st].concat();
    assert_finds(
        "dotnet_repeat_in.bin",
        &file,
        &[(64, "dotnet", 4894, 54408)],
    );
}

/// The same for Random2Class: seed 24 after 2 745 746 draws holds two
/// equal words among the twenty `distinct_words` compares (table[245]
/// and another). `state identify --seed-range 0..25` names it; `state find`
/// does not look at it.
#[test]
fn random2_state_with_a_repeated_sampled_word() {
    let st = saved(&["ts", "--seed", "24", "--skip-words", "2745746"]);
    let path = temp("random2_repeat.bin");
    std::fs::write(&path, &st).unwrap();
    let o = bitexact(&[
        "state",
        "identify",
        "westwood",
        path.to_str().unwrap(),
        "--seed-range",
        "0..25",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("seed: 24"), "{}", stdout(&o));
    let file = [noise(64, 2), st].concat();
    assert_finds(
        "random2_repeat_in.bin",
        &file,
        &[(64, "westwood/ts", 24, 2_745_746)],
    );
}

/// A Tiberian Sun object right after a little-endian u32 1 (a count, a
/// bool, sots' `left` 1, dotnet's `inextp` 1): the 1012-byte window
/// ending where the object ends reads as an RA2 object with its disabled
/// flag set; the window group is tried only in that longest layout, which
/// is not reachable, so the genuine `ts` object is never identified.
#[test]
fn ts_object_after_a_u32_one_is_missed() {
    let t = saved(&["ts", "--seed", "4", "--skip-words", "250"]);
    let one = 1u32.to_le_bytes();
    let sots_left_1 = saved(&["sots", "--seed", "77", "--skip-words", "623"]);
    assert_eq!(&sots_left_1[2496..], &one);
    let dotnet_inextp_1 = saved(&["dotnet", "--seed", "5", "--skip-words", "35"]);
    assert_eq!(&dotnet_inextp_1[228..], &one);
    let mut failures = Vec::new();
    for (name, file, expected) in [
        (
            "u32_1_then_ts.bin",
            [&one[..], &t].concat(),
            want(&[(4, "westwood/ts", 4, 250)]),
        ),
        (
            "sots_left1_then_ts.bin",
            [&sots_left_1[..], &t].concat(),
            want(&[(0, "sots", 77, 623), (2500, "westwood/ts", 4, 250)]),
        ),
        (
            "dotnet_inextp1_then_ts.bin",
            [&dotnet_inextp_1[..], &t].concat(),
            want(&[(0, "dotnet", 5, 35), (232, "westwood/ts", 4, 250)]),
        ),
    ] {
        let report = find(name, &file);
        if named(&report) != expected {
            failures.push(format!("{name}: {report}"));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// A Tiberian Sun object after a zero u32 is, byte for byte, also a Red
/// Alert 2 object four bytes earlier (its flag clear): both readings are
/// true. It is named once, in the longest reading identified (ra2 at 4),
/// the planted ts reading at 8 under `also`, with the planted seed and
/// draws. (When written, this test wanted the ts reading named; the two
/// cannot be told apart from the bytes.)
#[test]
fn ts_object_after_zeros_is_named_in_both_readings() {
    let t = saved(&["ts", "--seed", "3", "--skip-words", "40"]);
    let report = assert_finds(
        "zeros_then_ts.bin",
        &[&[0u8; 8][..], &t].concat(),
        &[(4, "westwood/ra2", 3, 40)],
    );
    let also = &report["identified"][0]["also"];
    assert_eq!(also[0]["offset"], 8, "{report}");
    assert_eq!(also[0]["layout"], "ts", "{report}");
}

/// A state whose bytes run from one minidump memory range into the next
/// (ranges adjacent in the process and in the file: `Memory64ListStream`
/// stores them back to back): each range is searched alone, so the state
/// is not found.
#[test]
fn state_across_two_adjacent_minidump_ranges() {
    let mut failures = Vec::new();
    for (label, a) in [
        (
            "dotnet",
            &["dotnet", "--seed", "11", "--skip-words", "9"][..],
        ),
        ("sots", &["sots", "--seed", "11", "--skip-words", "9"]),
        ("westwood/ts", &["ts", "--seed", "11", "--skip-words", "9"]),
    ] {
        let st = saved(a);
        let first = [noise(3996, 3), st[..100].to_vec()].concat();
        let second = [st[100..].to_vec(), noise(500, 4)].concat();
        let (dump, base) =
            common::minidump::memory64(&[(0x10000, first.clone()), (0x10000 + 4096, second)]);
        let report = find(&format!("md_two_{}.bin", label.replace('/', "_")), &dump);
        if named(&report) != want(&[(base + 3996, label, 11, 9)]) {
            failures.push(format!("{label}: {report}"));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// A raw file (a save, a dump of raw memory) that happens to begin with
/// the bytes `MDMP` was taken for a minidump and refused (exit 2); it is
/// now looked through as raw bytes, the report saying why.
#[test]
fn raw_file_starting_with_mdmp() {
    let st = saved(&["dotnet", "--seed", "3", "--skip-words", "4"]);
    let file = [&b"MDMP, not a minidump: "[..], &st].concat();
    let path = temp("mdmp_raw.bin");
    std::fs::write(&path, &file).unwrap();
    let o = bitexact(&["state", "find", path.to_str().unwrap(), "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let report: Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(named(&report), want(&[(22, "dotnet", 3, 4)]));
    assert!(report["read_as_raw"].is_string(), "{report}");
}
