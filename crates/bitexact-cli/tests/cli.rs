//! The built `bitexact` binary, run as a user would: output, exit codes,
//! and one-line messages for bad input (SPEC 6).

use std::path::PathBuf;
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
    let o = bitexact(&[]);
    assert_eq!(o.status.code(), Some(2));
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
