//! The CLI as a Unix tool: `-` is stdin (inputs) and stdout (outputs,
//! binary included) everywhere, `state show` and `state convert`, `--quiet`,
//! summaries on stderr worded for their command, completions and the man
//! page, and empty inputs.

mod common;
use common::*;

/// `state save … -o -` writes the bytes to stdout, and nothing else there.
fn saved(args: &[&str]) -> Vec<u8> {
    let o = bitexact(&[&["state", "save"], args, &["-o", "-"]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("to stdout"), "{}", stderr(&o));
    o.stdout
}

#[test]
fn save_to_stdout_and_read_state_files_from_stdin() {
    let cases: [(&[&str], &[&str], &str); 5] = [
        (
            &["sots", "--seed", "5489", "--skip-words", "1418"],
            &["sots"],
            "seed: 5489\n",
        ),
        (
            &["laige", "--seed", "42", "--skip-words", "1000"],
            &["laige"],
            "seed: 42\n",
        ),
        (
            &[
                "westwood",
                "--seed",
                "99",
                "--skip-words",
                "1777",
                "--layout",
                "ts",
            ],
            &["westwood", "--seed-range", "90..100"],
            "seed: 99\n",
        ),
        (
            &[
                "westwood",
                "--class",
                "random4",
                "--seed",
                "9",
                "--skip-words",
                "700",
            ],
            &["westwood", "--class", "random4"],
            "seed: 9\n",
        ),
        (
            &["generals", "--seed", "3", "--skip-words", "30"],
            &["generals"],
            "seed: 3\n",
        ),
    ];
    for (save, identify, want) in cases {
        let bytes = saved(save);
        // The same bytes as a file.
        let file = temp("stdout-vs-file.bin");
        let o = bitexact(&[&["state", "save"], save, &["-o", file.to_str().unwrap()]].concat());
        assert!(o.status.success());
        assert_eq!(std::fs::read(&file).unwrap(), bytes, "{save:?}");
        let o = with_stdin_bytes(&[&["state", "identify"], identify, &["-"]].concat(), &bytes);
        assert_eq!(o.status.code(), Some(0), "{identify:?}: {}", stderr(&o));
        assert!(stdout(&o).starts_with(want), "{identify:?}: {}", stdout(&o));
        // show reads stdin too.
        let o = with_stdin_bytes(
            &[
                &["state", "show"],
                &identify[..1],
                &identify[1..]
                    .iter()
                    .filter(|a| a.starts_with("--class") || **a == "random4")
                    .copied()
                    .collect::<Vec<_>>()[..],
                &["-"],
            ]
            .concat(),
            &bytes,
        );
        assert!(o.status.success(), "show {identify:?}: {}", stderr(&o));
    }
    // diff with one side on stdin; both on stdin is refused.
    let a = temp("diff-a.bin");
    std::fs::write(&a, saved(&["sots", "--seed", "1", "--skip-words", "10"])).unwrap();
    let b = saved(&["sots", "--seed", "1", "--skip-words", "52"]);
    let o = with_stdin_bytes(&["state", "diff", "sots", a.to_str().unwrap(), "-"], &b);
    assert_eq!(stdout(&o), "words_between: 42\n");
    assert_usage_error(
        &bitexact(&["state", "diff", "sots", "-", "-"]),
        "stdin can be read only once",
    );
    // Bad bytes on stdin: the same error as a file, naming stdin.
    assert_usage_error(
        &with_stdin_bytes(&["state", "identify", "sots", "-"], b"xy"),
        "stdin",
    );
}

#[test]
fn state_show_prints_every_field() {
    let show = |args: &[&str], bytes: &[u8]| {
        let o = with_stdin_bytes(&[&["state", "show"], args, &["-"]].concat(), bytes);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        stdout(&o)
    };
    let sots = show(
        &["sots"],
        &saved(&["sots", "--seed", "1", "--skip-words", "700"]),
    );
    assert!(sots.contains("left: 548\nindex: 76\n"), "{sots}");
    assert!(sots.contains("first_word: 0x") && sots.contains("last_word: 0x"));
    let laige = show(&["laige", "--json"], &saved(&["laige", "--seed", "42"]));
    let v: serde_json::Value = serde_json::from_str(laige.trim()).unwrap();
    assert_eq!(v["seed"], 42);
    assert!(v["part1"].as_str().unwrap().starts_with("0x"));
    let ww = show(
        &["westwood"],
        &saved(&[
            "westwood",
            "--seed",
            "5",
            "--skip-words",
            "300",
            "--layout",
            "ra2",
        ]),
    );
    assert!(
        ww.contains(
            "layout: ra2\ndisabled: false\nindex1: 50\nindex2: 153\ncursors_regular: true\n"
        ),
        "{ww}"
    );
    let r4 = show(
        &["westwood", "--class", "random4"],
        &saved(&[
            "westwood",
            "--class",
            "random4",
            "--seed",
            "1",
            "--skip-words",
            "10",
        ]),
    );
    assert!(r4.contains("mti: 10\n"), "{r4}");
    let g = show(&["generals"], &saved(&["generals", "--seed", "0"]));
    assert!(g.contains("s0: 0xf22d0e56\n"), "{g}");
    // Irregular cursors are shown, not refused (identify refuses them).
    let mut bytes = saved(&["westwood", "--seed", "5", "--layout", "ts"]);
    bytes[4] = 7; // index2 no longer 103 after index1
    let ww = show(&["westwood"], &bytes);
    assert!(ww.contains("cursors_regular: false"), "{ww}");
    // Bad files: the same errors as identify.
    assert_usage_error(
        &with_stdin_bytes(&["state", "show", "laige", "-"], &[0; 23]),
        "24",
    );
    assert_usage_error(
        &with_stdin_bytes(&["state", "show", "westwood", "-"], &[0; 1009]),
        "1009 bytes",
    );
}

#[test]
fn convert_between_ts_and_ra2() {
    let ts = saved(&[
        "westwood",
        "--seed",
        "31337",
        "--skip-words",
        "4321",
        "--layout",
        "ts",
    ]);
    let o = with_stdin_bytes(
        &[
            "state", "convert", "westwood", "-", "--to", "ra2", "-o", "-",
        ],
        &ts,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let ra2 = o.stdout;
    assert_eq!(
        ra2,
        saved(&[
            "westwood",
            "--seed",
            "31337",
            "--skip-words",
            "4321",
            "--layout",
            "ra2"
        ])
    );
    let o = with_stdin_bytes(
        &["state", "convert", "westwood", "-", "--to", "ts", "-o", "-"],
        &ra2,
    );
    assert_eq!(o.stdout, ts);
    // A set flag: refused for TS, unless dropped.
    let mut flagged = ra2.clone();
    flagged[0] = 1;
    let o = with_stdin_bytes(
        &["state", "convert", "westwood", "-", "--to", "ts", "-o", "-"],
        &flagged,
    );
    assert_usage_error(&o, "--drop-flag");
    let o = with_stdin_bytes(
        &[
            "state",
            "convert",
            "westwood",
            "-",
            "--to",
            "ts",
            "--drop-flag",
            "-o",
            "-",
        ],
        &flagged,
    );
    assert_eq!(o.stdout, ts);
}

#[test]
fn quiet_silences_summaries_not_errors() {
    let o = bitexact(&[
        "recover",
        "sots",
        "--values",
        "3499211612",
        "--seed-range",
        "5000..6000",
    ]);
    assert!(stderr(&o).contains("searched 1000 seeds"));
    let o = bitexact(&[
        "--quiet",
        "recover",
        "sots",
        "--values",
        "3499211612",
        "--seed-range",
        "5000..6000",
    ]);
    assert_eq!(
        (stdout(&o).as_str(), stderr(&o).as_str()),
        ("seed 5489 offset 0\n", "")
    );
    let o = bitexact(&["selftest", "-q"]);
    assert!(o.status.success());
    assert_eq!(stderr(&o), "");
    let path = temp("quiet.bin");
    let o = bitexact(&[
        "state",
        "save",
        "sots",
        "--seed",
        "1",
        "-o",
        path.to_str().unwrap(),
        "-q",
    ]);
    assert_eq!(stderr(&o), "");
    // Errors and "not found" still print.
    let o = bitexact(&[
        "-q",
        "recover",
        "sots",
        "--values",
        "1",
        "--seed-range",
        "0..10",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("no seed produces"));
}

#[test]
fn traces_from_stdin_and_empty_traces() {
    let a = repo_file("examples/movefleet.jsonl");
    let text = std::fs::read_to_string(&a).unwrap();
    let o = with_stdin(&["trace", "compare", "-", &a], &text);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("records compared, none diverged"),
        "{}",
        stderr(&o)
    );
    let o = with_stdin(&["trace", "replay", "movefleet", "-"], &text);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("all reproduced"));
    assert!(!stderr(&o).contains("missing"));
    // Empty traces: compare agrees (nothing differs), replay checked nothing.
    let empty = temp("empty.jsonl");
    std::fs::write(&empty, "").unwrap();
    let e = empty.to_str().unwrap();
    let o = bitexact(&["trace", "compare", e, e]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stderr(&o).contains("0 records"), "{}", stderr(&o));
    let o = with_stdin(&["trace", "replay", "movefleet", "-"], "\n\n");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("0 records in stdin, nothing was checked"),
        "{}",
        stderr(&o)
    );
    // Both sides on stdin: refused.
    assert_usage_error(
        &with_stdin(&["trace", "compare", "-", "-"], &text),
        "only once",
    );
}

#[test]
fn completions_and_man_page() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let o = bitexact(&["completions", shell]);
        assert!(o.status.success(), "{shell}");
        assert!(stdout(&o).contains("bitexact"), "{shell}");
        assert!(
            stdout(&o).contains("recover"),
            "{shell}: subcommands listed"
        );
    }
    assert_usage_error(&bitexact(&["completions", "tcsh"]), "tcsh");
    let o = bitexact(&["manpage"]);
    assert!(o.status.success());
    assert!(stdout(&o).starts_with(".ie") || stdout(&o).contains(".TH bitexact 1"));
    assert!(stdout(&o).contains(".SH NAME"));
}

/// `--progress` (issue 34): plain progress lines on stderr when it is not a
/// terminal, each parseable, none on stdout; without the flag, none.
#[test]
fn progress_lines_off_a_terminal() {
    let args = [
        "--progress",
        "recover",
        "westwood",
        "--tap",
        "raw",
        "--values",
        "1",
        "--seed-range",
        "0..200000000",
    ];
    let o = progress_run(&args, "0");
    let err = stderr(&o);
    let lines = progress_lines(&err);
    for l in &lines {
        // progress: recover westwood DONE/200000000 seeds (P%), RATE seeds/s, ETA S s
        let rest = l.strip_prefix("progress: recover westwood ").expect(l);
        let (done, rest) = rest.split_once('/').expect(l);
        assert!(done.parse::<u64>().unwrap() <= 200_000_000, "{l}");
        assert!(
            rest.starts_with("200000000 seeds (") && rest.ends_with(" s"),
            "{l}"
        );
        assert!(rest.contains("seeds/s, ETA "), "{l}");
    }
    assert!(!stdout(&o).contains("progress"));
    let o = progress_run(&args[1..], "0");
    assert!(!stderr(&o).contains("progress:"), "{}", stderr(&o));
}

/// The CLI run with a progress line allowed every `every` seconds.
fn progress_run(args: &[&str], every: &str) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_bitexact"))
        .args(args)
        .env("BITEXACT_PROGRESS_EVERY", every)
        .output()
        .unwrap()
}

/// The `progress: ` lines of `err`, at least one.
fn progress_lines(err: &str) -> Vec<&str> {
    let lines: Vec<&str> = err
        .lines()
        .filter(|l| l.starts_with("progress: "))
        .collect();
    assert!(!lines.is_empty(), "{err}");
    lines
}

/// `--progress` for work that counts no seeds (issue 34): an
/// identification's walk back prints `progress: LABEL, S s` lines (the
/// bound in the label, the time, no fraction) while it runs; without the
/// flag, none.
#[test]
fn progress_lines_for_an_identify_walk() {
    let real = temp("walk-progress.bin");
    let o = bitexact(&[
        "state",
        "save",
        "dotnet",
        "--seed",
        "1",
        "--skip-words",
        "700",
        "-o",
        real.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let mut bytes = std::fs::read(&real).unwrap();
    bytes[100] ^= 1; // edited: the walk goes to its bound
    std::fs::write(&real, &bytes).unwrap();
    let args = [
        "--progress",
        "state",
        "identify",
        "dotnet",
        real.to_str().unwrap(),
    ];
    let o = progress_run(&args, "0.01");
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let err = stderr(&o);
    for l in progress_lines(&err) {
        let secs = l
            .strip_prefix(
                "progress: state identify dotnet: walking back (at most 10000000 draws), ",
            )
            .and_then(|r| r.strip_suffix(" s"))
            .expect(l);
        assert!(secs.parse::<u64>().is_ok(), "{l}");
    }
    assert!(!stdout(&o).contains("progress"));
    assert!(!stderr(&progress_run(&args[1..], "0.01")).contains("progress:"));
}
