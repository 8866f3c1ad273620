//! `bitexact stream|state laige`, run as a user would (SPEC 6).

mod common;
use common::*;

#[test]
fn stream_laige() {
    let o = bitexact(&[
        "stream",
        "laige",
        "--seed",
        "0x1234567890ABCDEF",
        "--count",
        "3",
        "--format",
        "hex",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "0x6c6322b836e9ca2a\n0x80cbb0ce4f5f5b15\n0xc1c40f25ed01d33b\n"
    );
    let o = bitexact(&[
        "stream",
        "laige",
        "--seed",
        "0x1234567890ABCDEF",
        "--count",
        "1",
        "--skip",
        "1",
    ]);
    assert_eq!(stdout(&o), format!("{}\n", 0x80cb_b0ce_4f5f_5b15u64));

    // Substreams: --substream ID is Prng::new(seed + ID·K).
    let k = 0x9e37_79b9_7f4a_7c15u64;
    let a = bitexact(&[
        "stream",
        "laige",
        "--seed",
        "5",
        "--substream",
        "3",
        "--count",
        "4",
    ]);
    let b = bitexact(&[
        "stream",
        "laige",
        "--seed",
        &5u64.wrapping_add(3u64.wrapping_mul(k)).to_string(),
        "--count",
        "4",
    ]);
    assert_eq!(stdout(&a), stdout(&b));

    let o = bitexact(&[
        "stream",
        "laige",
        "--seed",
        "1",
        "--tap",
        "range:10,20",
        "--count",
        "100",
        "--format",
        "json",
    ]);
    for line in stdout(&o).lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let x = v["value"].as_u64().unwrap();
        assert!((10..20).contains(&x));
        assert!(v["words"].as_u64().unwrap() >= 1);
    }
    let o = bitexact(&[
        "stream", "laige", "--seed", "1", "--tap", "float01", "--count", "5", "--format", "json",
    ]);
    for line in stdout(&o).lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let f = v["value"].as_f64().unwrap() as f32; // shortest form: round-trips through f32
        assert_eq!(format!("{:#010x}", f.to_bits()), v["bits"]);
        assert!((0.0..1.0).contains(&f) && (f * 16_777_216.0).fract() == 0.0);
    }
}

#[test]
fn stream_laige_bad_input() {
    assert_usage_error(
        &bitexact(&["stream", "laige", "--seed", "1", "--tap", "range:5,5"]),
        "empty",
    );
    assert_usage_error(
        &bitexact(&["stream", "laige", "--seed", "1", "--tap", "u32"]),
        "unknown tap 'u32'",
    );
    assert_usage_error(
        &bitexact(&["stream", "laige", "--seed", "1", "--precision", "pc24"]),
        "--precision",
    );
    assert_usage_error(
        &bitexact(&["stream", "laige", "--seed", "18446744073709551616"]),
        "too large",
    );
    assert_usage_error(
        &bitexact(&["ledger", "laige", "--seed", "1", "x"]),
        "cannot read 'x'",
    );
}

#[test]
fn state_laige() {
    let a = temp("la.bin");
    let b = temp("lb.bin");
    let o = bitexact(&[
        "state",
        "save",
        "laige",
        "--seed",
        "99",
        "--skip-words",
        "123",
        "-o",
        a.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read(&a).unwrap().len(), 24);
    let o = bitexact(&[
        "state",
        "save",
        "laige",
        "--seed",
        "99",
        "--skip-words",
        "5000",
        "-o",
        b.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let o = bitexact(&["state", "identify", "laige", b.to_str().unwrap()]);
    assert_eq!(stdout(&o), "seed: 99\nwords_drawn: 5000\n");
    let o = bitexact(&[
        "state",
        "diff",
        "laige",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(stdout(&o), "{\"words_between\":4877}\n");
    let o = bitexact(&[
        "state",
        "diff",
        "laige",
        b.to_str().unwrap(),
        a.to_str().unwrap(),
    ]);
    // B before A: the same stream, the distance negative (issue 34).
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "words_between: -4877\n");

    // A substream file names its id given the master seed.
    let k = 0x9e37_79b9_7f4a_7c15u64;
    let sub_seed = 1000u64.wrapping_add(7u64.wrapping_mul(k));
    let o = bitexact(&[
        "state",
        "save",
        "laige",
        "--seed",
        &sub_seed.to_string(),
        "-o",
        a.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let o = bitexact(&[
        "state",
        "identify",
        "laige",
        a.to_str().unwrap(),
        "--master",
        "1000",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(
        v,
        serde_json::json!({"identified": true, "seed": sub_seed, "words_drawn": 0, "substream": 7})
    );

    // A file whose seed field disagrees with its state.
    let mut bytes = std::fs::read(&b).unwrap();
    bytes[0] ^= 1;
    std::fs::write(&a, &bytes).unwrap();
    let o = bitexact(&["state", "identify", "laige", a.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("seeded with 99"));

    // Bad files.
    std::fs::write(&a, [1u8; 23]).unwrap();
    assert_usage_error(
        &bitexact(&["state", "identify", "laige", a.to_str().unwrap()]),
        "23 bytes",
    );
    let mut zero = [0u8; 24];
    zero[0] = 1;
    std::fs::write(&a, zero).unwrap();
    assert_usage_error(
        &bitexact(&["state", "identify", "laige", a.to_str().unwrap()]),
        "part1 = part2 = 0",
    );
    assert_usage_error(
        &bitexact(&[
            "state",
            "identify",
            "laige",
            b.to_str().unwrap(),
            "--max-twists",
            "3",
        ]),
        "--max-twists",
    );
}
