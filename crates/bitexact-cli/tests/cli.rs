//! The built `bitexact` binary, run as a user would: output, exit codes,
//! and one-line messages for bad input (SPEC 6).

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn bitexact(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bitexact"))
        .args(args)
        .output()
        .expect("run bitexact")
}

fn with_stdin(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_bitexact"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// Exit code 2 with exactly one line on stderr that mentions `needle`.
fn assert_usage_error(o: &Output, needle: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "stderr: {err}");
    assert_eq!(err.lines().count(), 1, "one line expected: {err:?}");
    assert!(err.contains(needle), "{err:?} should mention {needle:?}");
    assert!(o.stdout.is_empty());
}

/// A fresh path in the temp directory.
fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bitexact-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

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
        "32-bit",
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
        serde_json::json!({"seed": 5489, "twists": 2, "left": 413, "words_drawn": 1459})
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
    assert_eq!(o.status.code(), Some(1));
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
fn selftest_passes() {
    let o = bitexact(&["selftest"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let text = stdout(&o);
    assert!(text.lines().count() >= 6);
    assert!(text.lines().all(|l| l.starts_with("PASS ")), "{text}");
}

#[test]
fn help_and_version() {
    let o = bitexact(&["--help"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("stream"));
    let o = bitexact(&["stream", "--help"]);
    assert!(stdout(&o).contains("frange:LO,HI"));
    let o = bitexact(&["--version"]);
    assert!(o.status.success());
    assert_usage_error(&bitexact(&[]), "subcommand");
    assert_usage_error(&bitexact(&["state"]), "subcommand");
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
fn oversized_requests_are_refused_not_run() {
    assert_usage_error(
        &bitexact(&[
            "stream",
            "sots",
            "--seed",
            "1",
            "--skip",
            "18446744073709551615",
        ]),
        "limit",
    );
    assert_usage_error(
        &bitexact(&[
            "state",
            "save",
            "sots",
            "--seed",
            "1",
            "--skip-words",
            "10000000001",
            "-o",
            "/dev/null",
        ]),
        "limit",
    );
    assert_usage_error(
        &bitexact(&[
            "state",
            "save",
            "laige",
            "--seed",
            "1",
            "--skip-words",
            "99999999999",
            "-o",
            "/dev/null",
        ]),
        "limit",
    );
    let many = "tnormal-attempts 4294967295\n".repeat(3);
    assert_usage_error(
        &with_stdin(&["ledger", "sots", "--seed", "1", "-"], &many),
        "script line 2",
    );
    assert_usage_error(
        &with_stdin(
            &["ledger", "sots", "--seed", "1", "-"],
            "tnormal-attempts 0\n",
        ),
        "K >= 1",
    );
    assert_usage_error(
        &with_stdin(
            &["ledger", "sots", "--seed", "1", "-"],
            "tnormal-attempts 4294967296\n",
        ),
        "32 bits",
    );
    // An endless file is not read for ever.
    assert_usage_error(
        &bitexact(&["state", "identify", "sots", "/dev/zero"]),
        "over 2503 bytes",
    );
    assert_usage_error(
        &bitexact(&["state", "identify", "laige", "/dev/zero"]),
        "over 24 bytes",
    );
}

#[test]
fn closed_pipe_is_not_an_error() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_bitexact"))
        .args(["stream", "sots", "--seed", "1", "--count", "10000000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // the reader goes away at once
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

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
    assert_usage_error(&bitexact(&["ledger", "laige", "--seed", "1", "x"]), "laige");
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
    assert_eq!(o.status.code(), Some(1));

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
        serde_json::json!({"seed": sub_seed, "words_drawn": 0, "substream": 7})
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

#[test]
fn stream_westwood() {
    // SPEC 4: seed 1's first ranged(1, 2147483647) is 2,025,287,382 under the
    // published algorithm; the raw word is that minus one (low 31 bits).
    let o = bitexact(&[
        "stream",
        "westwood",
        "--seed",
        "1",
        "--tap",
        "ranged:1,2147483647",
        "--count",
        "1",
    ]);
    assert_eq!(stdout(&o), "2025287382\n");
    let o = bitexact(&[
        "stream", "westwood", "--seed", "1", "--count", "1", "--format", "hex",
    ]);
    assert_eq!(stdout(&o), format!("{:#010x}\n", 2_025_287_381u32));
    let o = bitexact(&[
        "stream", "westwood", "--seed", "1", "--tap", "double", "--count", "1", "--format", "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(
        v["bits"],
        format!("{:#018x}", (2_025_287_382f64 / 2_147_483_648.0).to_bits())
    );
    assert_eq!(v["words"], 1);
    // Equal bounds spend no draw; the i32::MAX span wraps with no draw.
    let o = bitexact(&[
        "stream",
        "westwood",
        "--seed",
        "1",
        "--tap",
        "ranged:6,6",
        "--count",
        "1",
        "--format",
        "json",
    ]);
    assert_eq!(stdout(&o), "{\"i\":0,\"value\":6,\"words\":0}\n");
    let o = bitexact(&[
        "stream",
        "westwood",
        "--seed",
        "1",
        "--tap",
        "ranged:0,2147483647",
        "--count",
        "1",
        "--format",
        "json",
    ]);
    assert_eq!(stdout(&o), "{\"i\":0,\"value\":-2147483648,\"words\":0}\n");
    assert_usage_error(
        &bitexact(&[
            "stream",
            "westwood",
            "--seed",
            "1",
            "--tap",
            "ranged:-1,2147483647",
        ]),
        "loops for ever",
    );
    assert_usage_error(
        &bitexact(&["stream", "westwood", "--seed", "1", "--tap", "u32"]),
        "unknown tap",
    );
    assert_usage_error(
        &bitexact(&["stream", "westwood", "--seed", "1", "--precision", "pc24"]),
        "--precision",
    );
}

#[test]
fn state_westwood() {
    let a = temp("wa.bin");
    let b = temp("wb.bin");
    assert_usage_error(
        &bitexact(&[
            "state",
            "save",
            "westwood",
            "--seed",
            "99",
            "-o",
            a.to_str().unwrap(),
        ]),
        "--layout",
    );
    let o = bitexact(&[
        "state",
        "save",
        "westwood",
        "--seed",
        "99",
        "--skip-words",
        "1000",
        "--layout",
        "ts",
        "-o",
        a.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read(&a).unwrap().len(), 1008);
    let o = bitexact(&[
        "state",
        "save",
        "westwood",
        "--seed",
        "99",
        "--skip-words",
        "1777",
        "--layout",
        "ra2",
        "-o",
        b.to_str().unwrap(),
    ]);
    assert_eq!(std::fs::read(&b).unwrap().len(), 1012);
    assert!(o.status.success());

    let o = bitexact(&[
        "state",
        "identify",
        "westwood",
        a.to_str().unwrap(),
        "--seed-range",
        "0..1000",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "seed: 99\nwords_drawn: 1000\n");
    let o = bitexact(&[
        "state",
        "identify",
        "westwood",
        b.to_str().unwrap(),
        "--seed-range",
        "90..=99",
        "--json",
        "--threads",
        "1",
    ]);
    assert_eq!(stdout(&o), "{\"seed\":99,\"words_drawn\":1777}\n");
    // Outside the range: checked, not found.
    let o = bitexact(&[
        "state",
        "identify",
        "westwood",
        b.to_str().unwrap(),
        "--seed-range",
        "100..200",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("no seed in 100..200"));

    // Layouts differ but the streams are the same: diff works across them.
    let o = bitexact(&[
        "state",
        "diff",
        "westwood",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
    ]);
    assert_eq!(stdout(&o), "words_between: 777\n");
    let o = bitexact(&[
        "state",
        "diff",
        "westwood",
        b.to_str().unwrap(),
        a.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));

    // Bad input.
    assert_usage_error(
        &bitexact(&[
            "state",
            "identify",
            "westwood",
            a.to_str().unwrap(),
            "--layout",
            "ra2",
        ]),
        "1008",
    );
    assert_usage_error(
        &bitexact(&[
            "state",
            "identify",
            "westwood",
            a.to_str().unwrap(),
            "--seed-range",
            "5..5",
        ]),
        "empty",
    );
    assert_usage_error(
        &bitexact(&[
            "state",
            "identify",
            "westwood",
            a.to_str().unwrap(),
            "--seed-range",
            "0..4294967297",
        ]),
        "past the last seed",
    );
    let mut bytes = std::fs::read(&a).unwrap();
    bytes[0] = 250; // index1 = 250: out of range
    std::fs::write(&a, &bytes).unwrap();
    assert_usage_error(
        &bitexact(&["state", "identify", "westwood", a.to_str().unwrap()]),
        "250",
    );
    std::fs::write(&a, [0u8; 1010]).unwrap();
    assert_usage_error(
        &bitexact(&["state", "identify", "westwood", a.to_str().unwrap()]),
        "1010 bytes",
    );
    assert_usage_error(
        &bitexact(&["state", "identify", "westwood", "/dev/zero"]),
        "over 1012 bytes",
    );
}

fn repo_file(rel: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(rel)
        .to_str()
        .unwrap()
        .to_string()
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

#[test]
fn trace_replay_the_committed_example() {
    let trace = repo_file("examples/movefleet.jsonl");
    // The faithful model reproduces every record (pos_after came from the x87 itself).
    let o = bitexact(&["trace", "replay", "movefleet", &trace]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("| 45 | 45 | 0 |"));
    // The double model diverges on exactly the calls that differ in the
    // committed "ours" trace, which the example generator recorded with it.
    let o = bitexact(&[
        "trace",
        "replay",
        "movefleet",
        &trace,
        "--model",
        "all",
        "--report",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let double_only_fails: Vec<String> = lines
        .iter()
        .filter(|v| {
            v.get("reproduced_by")
                .is_some_and(|r| r == &serde_json::json!(["faithful"]))
        })
        .map(|v| v["call"].as_str().unwrap().to_string())
        .collect();
    let ours = std::fs::read_to_string(repo_file("examples/movefleet-ours.jsonl")).unwrap();
    let original = std::fs::read_to_string(&trace).unwrap();
    let differing: Vec<String> = original
        .lines()
        .zip(ours.lines())
        .filter(|(a, b)| a != b)
        .map(|(a, _)| serde_json::from_str::<serde_json::Value>(a).unwrap()["call_id"].to_string())
        .collect();
    assert!(!differing.is_empty());
    assert_eq!(double_only_fails, differing);
    let summaries: Vec<&serde_json::Value> =
        lines.iter().filter(|v| v.get("model").is_some()).collect();
    assert_eq!(summaries[0]["model"], "faithful");
    assert_eq!(summaries[0]["diverged"], 0);
    assert_eq!(summaries[1]["diverged"], differing.len());
    let o = bitexact(&["trace", "replay", "movefleet", &trace, "--model", "double"]);
    assert_eq!(o.status.code(), Some(1));
    // pc24 is a different machine: it does not reproduce this pc53 recording.
    let o = bitexact(&[
        "trace",
        "replay",
        "movefleet",
        &trace,
        "--precision",
        "pc24",
    ]);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn trace_compare() {
    let a = repo_file("examples/movefleet.jsonl");
    let o = bitexact(&["trace", "compare", &a, &a]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("| 45 | 45 | 45 | 0 | 0 | 0 |"));

    // One bit flipped in one field: that record and field, ULP 1.
    let text = std::fs::read_to_string(&a).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let mut rec: serde_json::Value = serde_json::from_str(&lines[9]).unwrap();
    let x = rec["pos"][1].as_f64().unwrap() as f32;
    rec["pos"][1] = serde_json::Value::String(format!("{:#010x}", x.to_bits() ^ 1));
    lines[9] = rec.to_string();
    let b = temp("flipped.jsonl");
    std::fs::write(&b, lines.join("\n") + "\n").unwrap();
    let o = bitexact(&[
        "trace",
        "compare",
        &a,
        b.to_str().unwrap(),
        "--report",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["diverged"], 1);
    assert_eq!(v["first_divergence"]["key"], "10");
    assert_eq!(v["first_divergence"]["fields"][0]["field"], "pos[1]");
    assert_eq!(v["first_divergence"]["fields"][0]["ulp"], 1);
    assert_eq!(
        v["fields"]["pos[1]"],
        serde_json::json!({"diverged": 1, "worst_ulp": 1})
    );

    // Missing records on either side.
    let c = temp("missing.jsonl");
    let kept: Vec<&String> = lines
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != 3)
        .map(|(_, l)| l)
        .collect();
    std::fs::write(
        &c,
        kept.iter().map(|l| format!("{l}\n")).collect::<String>(),
    )
    .unwrap();
    let o = bitexact(&[
        "trace",
        "compare",
        &a,
        c.to_str().unwrap(),
        "--report",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(
        (v["missing_in_b"].as_u64(), v["missing_in_a"].as_u64()),
        (Some(1), Some(0))
    );
    assert_eq!(v["first_missing_in_b"][0]["key"], "4");
    let o = bitexact(&["trace", "compare", c.to_str().unwrap(), &a]);
    assert!(
        stdout(&o).contains("Missing in A: 1 records, first 4 (B line 4)"),
        "{}",
        stdout(&o)
    );

    // Line order when there is no call_id; --key for another field.
    let p = temp("plain_a.jsonl");
    let q = temp("plain_b.jsonl");
    std::fs::write(&p, "{\"x\": 1.5}\n{\"x\": 2.5}\n").unwrap();
    std::fs::write(&q, "{\"x\": 1.5}\n{\"x\": \"0x40200001\"}\n").unwrap();
    let o = bitexact(&["trace", "compare", p.to_str().unwrap(), q.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("First divergence: line 2"),
        "{}",
        stdout(&o)
    );
    let o = bitexact(&[
        "trace",
        "compare",
        p.to_str().unwrap(),
        q.to_str().unwrap(),
        "--key",
        "id",
    ]);
    assert_usage_error(&o, "no usable 'id' field");
}

#[test]
fn trace_bad_input() {
    let bad = temp("bad.jsonl");
    for (content, needle) in [
        (
            "{\"call_id\": 1, \"pos\": [0, 0, 0], \"pos_after\": [0, 0, 0]}\n{oops}\n",
            "line 2: not JSON",
        ),
        ("[1, 2]\n", "line 1: expected a JSON object"),
        (
            "{\"call_id\": 1, \"pos\": [1, 2]}\n",
            "line 1: 'pos' is not an array of three floats",
        ),
        (
            "{\"call_id\": 1, \"pos_after\": [1, 2, 3]}\n",
            "line 1: no 'pos' field",
        ),
        (
            "{\"x\": 123456789012345678901234567890123456789012345}\n",
            "does not fit",
        ),
    ] {
        std::fs::write(&bad, content).unwrap();
        assert_usage_error(
            &bitexact(&["trace", "replay", "movefleet", bad.to_str().unwrap()]),
            needle,
        );
    }
    std::fs::write(&bad, [0xff, 0xfe, b'\n']).unwrap();
    assert_usage_error(
        &bitexact(&[
            "trace",
            "compare",
            bad.to_str().unwrap(),
            bad.to_str().unwrap(),
        ]),
        "not UTF-8",
    );
    assert_usage_error(
        &bitexact(&["trace", "compare", "/dev/zero", "/dev/zero"]),
        "longer than",
    );
    assert_usage_error(
        &bitexact(&["trace", "compare", "/nonexistent", "/nonexistent"]),
        "cannot read",
    );
    // Random bytes: a clean exit 2 or a comparison, never a crash.
    let mut x = 0x1234_5678u64;
    for _ in 0..20 {
        let bytes: Vec<u8> = (0..200)
            .map(|_| {
                x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                (x >> 56) as u8
            })
            .collect();
        std::fs::write(&bad, &bytes).unwrap();
        let o = bitexact(&["trace", "replay", "movefleet", bad.to_str().unwrap()]);
        assert!(matches!(o.status.code(), Some(0..=2)), "{:?}", o.status);
        assert!(!stderr(&o).contains("panicked"));
    }
}
