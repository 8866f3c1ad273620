//! `bitexact stream|state|ledger sots`, run as a user would (SPEC 6).

mod common;
use common::*;

#[test]
fn stream_sots_default_tap_is_the_raw_word() {
    let o = bitexact(&["stream", "sots", "--seed", "5489", "--count", "3"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "3499211612\n581869302\n3890346734\n");
    let o = bitexact(&[
        "stream", "sots", "--seed", "0x1571", "--count", "1", "--skip", "2", "--format", "hex",
    ]);
    assert_eq!(stdout(&o), format!("{:#010x}\n", 3_890_346_734u32));
}

#[test]
fn stream_json_lines() {
    let o = bitexact(&[
        "stream", "sots", "--seed", "5489", "--tap", "float", "--count", "2", "--skip", "1",
        "--format", "json",
    ]);
    assert!(o.status.success());
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    let mut rng = bitexact::sots::Rng::new(5489);
    rng.next_u32();
    for (k, line) in lines.iter().enumerate() {
        let f = rng.next_float();
        assert_eq!(line["i"], k as u64 + 1);
        assert_eq!(line["words"], 1);
        assert_eq!(line["bits"], format!("{:#010x}", f.to_bits()));
        assert_eq!(line["value"].as_f64().unwrap() as f32, f);
    }
}

#[test]
fn stream_taps_and_precision() {
    for (tap, precision) in [
        ("unit", "pc53"),
        ("float", "pc24"),
        ("frange:-1,1", "pc24"),
        ("frange:0x3f800000,2", "pc53"),
    ] {
        let o = bitexact(&[
            "stream",
            "sots",
            "--seed",
            "99",
            "--tap",
            tap,
            "--precision",
            precision,
            "--count",
            "50",
            "--format",
            "hex",
        ]);
        assert!(o.status.success(), "{tap}");
        let p: bitexact::x87::Precision = precision.parse().unwrap();
        let mut rng = bitexact::sots::Rng::with_precision(99, p);
        for line in stdout(&o).lines() {
            let want = match tap {
                "unit" => format!("{:#018x}", rng.next_unit().to_bits()),
                "float" => format!("{:#010x}", rng.next_float().to_bits()),
                "frange:-1,1" => format!("{:#010x}", rng.float_range(-1.0, 1.0).to_bits()),
                _ => format!("{:#010x}", rng.float_range(1.0, 2.0).to_bits()),
            };
            assert_eq!(line, want, "{tap} {precision}");
        }
    }
    let o = bitexact(&[
        "stream", "sots", "--seed", "1", "--tap", "int:6", "--count", "200",
    ]);
    assert!(stdout(&o).lines().all(|l| l.parse::<u32>().unwrap() <= 6));
    let o = bitexact(&[
        "stream", "sots", "--seed", "1", "--tap", "chance:0", "--count", "2", "--format", "json",
    ]);
    assert_eq!(
        stdout(&o),
        "{\"i\":0,\"value\":false,\"words\":0}\n{\"i\":1,\"value\":false,\"words\":0}\n"
    );
    let o = bitexact(&[
        "stream",
        "sots",
        "--seed",
        "1",
        "--tap",
        "bell:10,0",
        "--count",
        "1",
        "--format",
        "hex",
    ]);
    assert!(o.status.success());
    assert!(stdout(&o).starts_with("0x"));
}

#[test]
fn stream_bad_input() {
    assert_usage_error(
        &bitexact(&["stream", "sots", "--seed", "1", "--tap", "dice"]),
        "unknown tap 'dice'",
    );
    assert_usage_error(
        &bitexact(&["stream", "sots", "--seed", "1", "--tap", "int"]),
        "int:N",
    );
    assert_usage_error(
        &bitexact(&["stream", "sots", "--seed", "12x"]),
        "'12x' is not a number",
    );
    assert_usage_error(
        &bitexact(&["stream", "sots", "--seed", "4294967296"]),
        "32 bits",
    );
    assert_usage_error(
        &bitexact(&["stream", "sots", "--seed", "1", "--count", "-3"]),
        "--count",
    );
    assert_usage_error(
        &bitexact(&["stream", "sots", "--seed", "1", "--format", "xml"]),
        "xml",
    );
    assert_usage_error(
        &bitexact(&["stream", "sots", "--seed", "1", "--substream", "2"]),
        "--substream",
    );
    assert_usage_error(&bitexact(&["stream", "nosuch", "--seed", "1"]), "nosuch");
    assert_usage_error(&bitexact(&["stream", "sots"]), "--seed");
}

#[test]
fn state_save_identify_diff() {
    let a = temp("a.bin");
    let b = temp("b.bin");
    let o = bitexact(&[
        "state",
        "save",
        "sots",
        "--seed",
        "5489",
        "--skip-words",
        "1418",
        "-o",
        a.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read(&a).unwrap().len(), 2500);
    let o = bitexact(&[
        "state",
        "save",
        "sots",
        "--seed",
        "5489",
        "--skip-words",
        "1459",
        "-o",
        b.to_str().unwrap(),
    ]);
    assert!(o.status.success());

    let o = bitexact(&["state", "identify", "sots", a.to_str().unwrap()]);
    assert!(o.status.success());
    assert_eq!(
        stdout(&o),
        "seed: 5489\ntwists: 2\nleft: 454\nwords_drawn: 1418\n"
    );
    let o = bitexact(&["state", "identify", "sots", b.to_str().unwrap(), "--json"]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(
        v,
        serde_json::json!({"identified": true, "seed": 5489, "twists": 2, "left": 413, "words_drawn": 1459})
    );

    let o = bitexact(&[
        "state",
        "diff",
        "sots",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "words_between: 41\n");
    let o = bitexact(&[
        "state",
        "diff",
        "sots",
        b.to_str().unwrap(),
        a.to_str().unwrap(),
        "--json",
    ]);
    // B before A is the same stream, 41 words back: an answer, negative
    // (issue 34; it was exit 1).
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "{\"words_between\":-41}\n");
    assert!(stderr(&o).contains("41 words before A"));

    // A save's 2503-byte item (3 padding bytes) is accepted too.
    let padded = temp("padded.bin");
    let mut bytes = std::fs::read(&a).unwrap();
    bytes.extend_from_slice(&[0, 0, 0]);
    std::fs::write(&padded, &bytes).unwrap();
    let o = bitexact(&["state", "identify", "sots", padded.to_str().unwrap()]);
    assert!(o.status.success());

    // left == 0 at a block boundary.
    let o = bitexact(&[
        "state",
        "save",
        "sots",
        "--seed",
        "7",
        "--skip-words",
        "1248",
        "-o",
        a.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let o = bitexact(&["state", "identify", "sots", a.to_str().unwrap()]);
    assert_eq!(
        stdout(&o),
        "seed: 7\ntwists: 1\nleft: 0\nwords_drawn: 1248\n"
    );
}

#[test]
fn state_bad_input() {
    let short = temp("short.bin");
    std::fs::write(&short, [0u8; 100]).unwrap();
    assert_usage_error(
        &bitexact(&["state", "identify", "sots", short.to_str().unwrap()]),
        "100 bytes",
    );
    let bad_left = temp("left.bin");
    let mut bytes = vec![0u8; 2500];
    bytes[2496..].copy_from_slice(&625i32.to_le_bytes());
    std::fs::write(&bad_left, &bytes).unwrap();
    assert_usage_error(
        &bitexact(&["state", "identify", "sots", bad_left.to_str().unwrap()]),
        "left = 625",
    );
    assert_usage_error(
        &bitexact(&["state", "identify", "sots", "/nonexistent/x.bin"]),
        "cannot read",
    );
    assert_usage_error(
        &bitexact(&[
            "state",
            "identify",
            "sots",
            short.to_str().unwrap(),
            "--layout",
            "ts",
        ]),
        "--layout",
    );

    // Arbitrary words are checked and found to be no seeded stream: exit 1.
    let noise = temp("noise.bin");
    let mut bytes: Vec<u8> = (0..2496u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    bytes.extend_from_slice(&5i32.to_le_bytes());
    std::fs::write(&noise, &bytes).unwrap();
    let o = bitexact(&[
        "state",
        "identify",
        "sots",
        noise.to_str().unwrap(),
        "--max-twists",
        "50",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("no seed reaches this block within 50 twists"));
}

#[test]
fn ledger_counts_words_per_turn() {
    let script = "# spy counter-mission\nturn\nchance 0.2\nint 0\nturn\nchance 0.4\nturn\nchance 0.6\nturn\nchance 0.8\nturn\nchance 1.0\ntnormal-attempts 2\n";
    let o = with_stdin(&["ledger", "sots", "--seed", "5489", "-"], script);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.starts_with("turn 1: 2 calls, 2 words\n"), "{text}");
    assert!(text.contains("turn 5: 2 calls, 4 words\n"), "{text}");
    assert!(text.contains("left: 615\n"), "{text}");
    assert!(text.ends_with("words_drawn: 9\n"));

    let o = with_stdin(&["ledger", "sots", "--seed", "5489", "-", "--json"], script);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["words_drawn"], 9);
    let chance_words: Vec<u64> = v["turns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["entry_points"]["chance"]["words"].as_u64().unwrap())
        .collect();
    assert_eq!(chance_words, [1, 1, 1, 1, 0]);
    assert_eq!(
        v["total"]["entry_points"]["tnormal"],
        serde_json::json!({"calls": 1, "words": 4})
    );
}

#[test]
fn ledger_bad_script() {
    assert_usage_error(
        &with_stdin(&["ledger", "sots", "--seed", "1", "-"], "turn\nroll 3\n"),
        "script line 2",
    );
    assert_usage_error(
        &with_stdin(&["ledger", "sots", "--seed", "1", "-"], "int abc\n"),
        "script line 1",
    );
    assert_usage_error(
        &bitexact(&["ledger", "sots", "--seed", "1", "/nonexistent/script"]),
        "cannot read",
    );
}

#[test]
fn pinned_values_in_every_format() {
    // Independent of the library: seed 5489's first word 3499211612 divided by
    // 2^32 - 1 is 0.814723686..., whose nearest f32 is 0x3f5091bb; the second
    // word 581869302 gives 0.135477..., f32 0x3e0aba7c.
    let o = bitexact(&[
        "stream", "sots", "--seed", "5489", "--tap", "float", "--count", "2", "--format", "hex",
    ]);
    assert_eq!(stdout(&o), "0x3f5091bb\n0x3e0aba7c\n");
    let o = bitexact(&[
        "stream", "sots", "--seed", "5489", "--tap", "float", "--count", "2",
    ]);
    assert_eq!(stdout(&o), "0.8147237\n0.135477\n");
    // unit: 3499211612 / 4294967295 in double.
    let o = bitexact(&[
        "stream", "sots", "--seed", "5489", "--tap", "unit", "--count", "1", "--format", "json",
    ]);
    let unit = 3_499_211_612f64 / 4_294_967_295f64;
    assert_eq!(
        stdout(&o),
        format!(
            "{{\"i\":0,\"value\":{unit:?},\"bits\":\"{:#018x}\",\"words\":1}}\n",
            unit.to_bits()
        )
    );
    // bell(10, 0): halves -5, -5 become bounds 4294967291 with an all-ones mask,
    // so 10 + 3499211612 + 581869302 wraps to 4081080924 - 2^32 + 10.
    let o = bitexact(&[
        "stream",
        "sots",
        "--seed",
        "5489",
        "--tap",
        "bell:10,0",
        "--count",
        "1",
    ]);
    assert_eq!(
        stdout(&o),
        format!(
            "{}\n",
            10i32
                .wrapping_add(3_499_211_612u32 as i32)
                .wrapping_add(581_869_302)
        )
    );
    let o = bitexact(&[
        "stream",
        "sots",
        "--seed",
        "5489",
        "--tap",
        "bell:10,0",
        "--count",
        "1",
        "--format",
        "hex",
    ]);
    assert_eq!(
        stdout(&o),
        format!(
            "{:#010x}\n",
            3_499_211_612u32.wrapping_add(581_869_302).wrapping_add(10)
        )
    );
}

#[test]
fn sots_normalize_and_leg() {
    let o = bitexact(&["sots", "normalize", "3", "4", "0"]);
    assert!(o.status.success());
    assert_eq!(
        stdout(&o),
        "direction: 0.6 0.8 0.0 (0x3f19999a 0x3f4ccccd 0x00000000)\nlength: 5.0 (0x40a00000)\nlength_squared: 25.0 (0x41c80000)\n"
    );
    let o = bitexact(&["sots", "normalize", "0", "-0", "0x7fc00000"]);
    assert!(stdout(&o).contains("length: NaN (0xffc00000)"));
    assert!(stderr(&o).contains("zero branch"));
    // (0,0,0) -> (3,4,0) by 2: 3·f32(1/5)·2 and 4·f32(1/5)·2.
    let o = bitexact(&[
        "sots", "leg", "--pos", "0,0,0", "--dest", "3,4,0", "--move", "2", "--model", "all",
    ]);
    assert_eq!(
        stdout(&o),
        "faithful pc53: 1.2 1.6 0.0 (0x3f99999a 0x3fcccccd 0x00000000)\ndouble: 1.2 1.6 0.0 (0x3f99999a 0x3fcccccd 0x00000000)\n"
    );
    let o = bitexact(&[
        "sots", "leg", "--pos", "-1,-1,0", "--dest", "2,3,0", "--move", "5",
    ]);
    assert_eq!(
        stdout(&o),
        "faithful pc53: 2.0 3.0 0.0 (0x40000000 0x40400000 0x00000000) arrived\n"
    );
    assert_usage_error(
        &bitexact(&[
            "sots", "leg", "--pos", "1,2", "--dest", "0,0,0", "--move", "1",
        ]),
        "--pos",
    );
    assert_usage_error(&bitexact(&["sots", "normalize", "1", "2"]), "required");
    assert_usage_error(
        &bitexact(&["sots", "normalize", "1", "x", "3"]),
        "'x' is not a number",
    );
}
