//! The CLI as a whole: self-test, help, pipes, refused oversize requests.

mod common;
use common::*;
use std::process::{Command, Stdio};

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
    let o = bitexact(&["stream", "sots", "--help"]);
    assert!(stdout(&o).contains("frange:LO,HI"));
    let o = bitexact(&["--version"]);
    assert!(o.status.success());
    // A command without its subcommand names the ones it takes.
    assert_usage_error(
        &bitexact(&[]),
        "'bitexact' needs one of stream, state, ledger",
    );
    assert_usage_error(
        &bitexact(&["state"]),
        "'bitexact state' needs one of save, identify, diff, show, convert or find (see 'bitexact state --help')",
    );
    assert_usage_error(
        &bitexact(&["sync"]),
        "phobos, ts, ares, generals, generals-crc or openra",
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

/// Issue 34: a generator whose raw calls are draws takes `--skip-draws`
/// (the word its output uses) as `--skip-words`; sots, whose raw calls are
/// words, does not.
#[test]
fn skip_draws_names_draws_where_the_output_does() {
    let a = temp("skip-draws-a.bin");
    let b = temp("skip-draws-b.bin");
    let o = bitexact(&[
        "state",
        "save",
        "dotnet",
        "--seed",
        "3",
        "--skip-draws",
        "10",
        "-o",
        a.to_str().unwrap(),
    ]);
    assert!(
        stderr(&o).contains("dotnet seed 3, 10 draws"),
        "{}",
        stderr(&o)
    );
    bitexact(&[
        "state",
        "save",
        "dotnet",
        "--seed",
        "3",
        "--skip-words",
        "10",
        "-o",
        b.to_str().unwrap(),
    ]);
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    assert_usage_error(
        &bitexact(&[
            "state",
            "save",
            "sots",
            "--seed",
            "3",
            "--skip-draws",
            "10",
            "-o",
            "-",
        ]),
        "--skip-words",
    );
}

/// The ledger's counts stand in one column whatever the entry points'
/// names (`next-range` is longer than the usual eight characters), for
/// every engine: the calls column ends at the same place on every row.
#[test]
fn ledger_columns_align_with_long_entry_points() {
    let o = with_stdin(
        &["ledger", "dotnet", "--seed", "1", "-"],
        "turn\nnext\nnext 6\nnext -5 5\ndouble\nbytes\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let rows: Vec<&str> = out.lines().filter(|l| l.starts_with("  ")).collect();
    assert!(rows.iter().any(|r| r.contains("next-range")), "{out}");
    // Each row: name, calls, "call(s)", words, "word(s)".
    let ends: Vec<usize> = rows
        .iter()
        .map(|r| r.find(" call").expect("a calls column"))
        .collect();
    assert!(ends.windows(2).all(|w| w[0] == w[1]), "{out}");
}
