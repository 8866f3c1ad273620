//! The front door as a new user meets it: one flag vocabulary (each first
//! spelling kept, hidden, printing the same bytes as the new one), the
//! taps' ranges said in `--help`, the chance estimate before a search and
//! the value that tells two hits apart, a whole save given to `state
//! identify`, the top-level help, and a merge keeping the unsharded run's
//! notes.

mod common;
use common::*;
use std::process::Output;

/// The output with the one thing that may differ between two runs of one
/// search, its JSON `"seconds"`, blanked.
fn untimed(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("\"seconds\":") {
        let (before, after) = rest.split_at(at + "\"seconds\":".len());
        out.push_str(before);
        let end = after
            .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == 'e' || c == '-'))
            .unwrap_or(after.len());
        out.push('#');
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// Both command lines give the same exit code, the same stdout (byte for
/// byte but a JSON `"seconds"`) and the same stderr under `-q` (a
/// search's timing summary is the one line `-q` drops).
fn assert_same(old: &[&str], new: &[&str]) -> Output {
    let with_q = |args: &[&str]| {
        let mut v = vec!["-q"];
        v.extend_from_slice(args);
        bitexact(&v)
    };
    let (a, b) = (with_q(old), with_q(new));
    assert_eq!(a.status.code(), b.status.code(), "{old:?} vs {new:?}");
    assert_eq!(
        untimed(&stdout(&a)),
        untimed(&stdout(&b)),
        "stdout of {old:?} vs {new:?}"
    );
    assert_eq!(stderr(&a), stderr(&b), "stderr of {old:?} vs {new:?}");
    assert!(
        !a.stdout.is_empty() || !a.stderr.is_empty(),
        "{old:?} printed nothing: the comparison proves nothing"
    );
    b
}

// ---------------------------------------------------------------------
// 1. One flag vocabulary: every first spelling works, hidden, the same.

#[test]
fn stream_format_and_skip_old_spellings_print_the_same_bytes() {
    // Every engine, a tap that rejects words (skipped call by call) and one
    // that does not (skipped by words), in every format.
    let cases: &[(&str, &[&str])] = &[
        ("sots", &["--seed", "7", "--tap", "int:5"]),
        ("sots", &["--seed", "5489", "--tap", "float"]),
        ("sots", &["--seed", "5489", "--tap", "chance:0.5"]),
        (
            "laige",
            &["--seed", "42", "--substream", "7", "--tap", "range:0,6"],
        ),
        ("westwood", &["--seed", "1", "--tap", "ranged:1,6"]),
        (
            "westwood",
            &["--seed", "0", "--class", "random4", "--tap", "float"],
        ),
        ("openra", &["--seed", "-31337", "--tap", "range:-5,5"]),
        ("generals", &["--seed", "2003", "--tap", "real:1,6"]),
        ("dotnet", &["--seed", "42", "--tap", "double"]),
        ("dotnet", &["--seed", "-7", "--tap", "next:1,7"]),
    ];
    for (engine, args) in cases {
        for (format, flag) in [
            ("dec", None),
            ("hex", Some("--hex")),
            ("json", Some("--json")),
        ] {
            let mut old = vec!["stream", engine];
            old.extend_from_slice(args);
            old.extend_from_slice(&["--count", "7", "--skip", "3", "--format", format]);
            let mut new = vec!["stream", engine];
            new.extend_from_slice(args);
            new.extend_from_slice(&["--count", "7", "--skip-calls", "3"]);
            new.extend(flag);
            let out = assert_same(&old, &new);
            assert!(out.status.success(), "{new:?}: {}", stderr(&out));
            assert_eq!(stdout(&out).lines().count(), 7, "{new:?}");
        }
    }
    // `--skip=N` and `--skip-calls=N`, and a skip refused the same way.
    assert_same(
        &[
            "stream",
            "sots",
            "--seed",
            "1",
            "--skip=1000",
            "--count",
            "2",
        ],
        &[
            "stream",
            "sots",
            "--seed",
            "1",
            "--skip-calls=1000",
            "--count",
            "2",
        ],
    );
    let refused = assert_same(
        &["stream", "sots", "--seed", "1", "--skip", "1e11"],
        &["stream", "sots", "--seed", "1", "--skip-calls", "1e11"],
    );
    assert_usage_error(&refused, "--skip-calls");
}

#[test]
fn the_skipped_calls_are_calls_not_words() {
    // int:5 rejects words: skipping 3 calls is not skipping 3 words. The
    // calls after --skip-calls 3 are calls 3.. of the unskipped stream.
    let all = stdout(&bitexact(&[
        "stream", "sots", "--seed", "7", "--tap", "int:5", "--count", "8", "--json",
    ]));
    let skipped = stdout(&bitexact(&[
        "stream",
        "sots",
        "--seed",
        "7",
        "--tap",
        "int:5",
        "--count",
        "5",
        "--skip-calls",
        "3",
        "--json",
    ]));
    let tail: Vec<&str> = all.lines().skip(3).collect();
    assert_eq!(skipped.lines().collect::<Vec<_>>(), tail);
    // And the words spent by those three calls are more than three.
    let spent: u64 = all
        .lines()
        .take(3)
        .map(|l| {
            l.rsplit("\"words\":")
                .next()
                .unwrap()
                .trim_end_matches('}')
                .parse::<u64>()
                .unwrap()
        })
        .sum();
    assert!(spent > 3, "seed 7's first int:5 calls reject words: {all}");
}

#[test]
fn stream_output_flags_that_disagree_are_one_line_errors() {
    for (args, needle) in [
        (&["--hex", "--json"][..], "--json"),
        (&["--format", "hex", "--json"][..], "--format"),
        (&["--format", "json", "--hex"][..], "--format"),
        (&["--format", "xml"][..], "xml"),
        (&["--skip", "1", "--skip-calls", "2"][..], "--skip-calls"),
        (&["--json", "--json"][..], "--json"),
    ] {
        let mut v = vec!["stream", "sots", "--seed", "1"];
        v.extend_from_slice(args);
        assert_usage_error(&bitexact(&v), needle);
    }
}

#[test]
fn recover_count_old_spelling_counts_the_same() {
    let q = [
        "recover",
        "westwood",
        "--tap",
        "ranged:1,6",
        "--values",
        "3,5",
        "--seed-range",
        "0..20000",
    ];
    for extra in [&[][..], &["--json"][..], &["--max-offset", "2"][..]] {
        let mut old: Vec<&str> = q.to_vec();
        old.push("--count");
        old.extend_from_slice(extra);
        let mut new: Vec<&str> = q.to_vec();
        new.push("--count-matches");
        new.extend_from_slice(extra);
        let out = assert_same(&old, &new);
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(stdout(&out).contains("match") || stdout(&out).contains("\"count\""));
    }
    // Still refused with --shard, under either name.
    for flag in ["--count", "--count-matches"] {
        let mut v: Vec<&str> = q.to_vec();
        v.extend_from_slice(&[flag, "--shard", "1/2"]);
        assert_usage_error(&bitexact(&v), "--shard");
    }
    // Both names at once: one flag given twice.
    let mut v: Vec<&str> = q.to_vec();
    v.extend_from_slice(&["--count", "--count-matches"]);
    assert_usage_error(&bitexact(&v), "--count-matches");
}

#[test]
fn trace_report_old_spelling_prints_the_same() {
    let (a, b) = (
        repo_file("examples/movefleet.jsonl"),
        repo_file("examples/movefleet-ours.jsonl"),
    );
    assert_same(
        &["trace", "compare", &a, &b, "--report", "json"],
        &["trace", "compare", &a, &b, "--json"],
    );
    assert_same(
        &["trace", "compare", &a, &b, "--report", "md"],
        &["trace", "compare", &a, &b],
    );
    for model in ["faithful", "double", "all"] {
        assert_same(
            &[
                "trace",
                "replay",
                "movefleet",
                &a,
                "--model",
                model,
                "--report",
                "json",
            ],
            &[
                "trace",
                "replay",
                "movefleet",
                &a,
                "--model",
                model,
                "--json",
            ],
        );
        assert_same(
            &[
                "trace",
                "replay",
                "movefleet",
                &a,
                "--model",
                model,
                "--report",
                "md",
            ],
            &["trace", "replay", "movefleet", &a, "--model", model],
        );
    }
    let json = stdout(&bitexact(&["trace", "compare", &a, &b, "--json"]));
    assert!(json.starts_with("{\"records_a\":45"), "{json}");
    // A --json and a --report that disagree, or agree: one spelling only.
    for report in ["md", "json"] {
        assert_usage_error(
            &bitexact(&["trace", "compare", &a, &b, "--json", "--report", report]),
            "--json",
        );
    }
}

#[test]
fn engine_class_is_one_spelling_everywhere() {
    // FAMILY:CLASS as an engine word is FAMILY --class CLASS.
    let r4 = temp("front-door-r4.bin");
    let r4 = r4.to_str().unwrap();
    let r4b = temp("front-door-r4b.bin");
    let r4b = r4b.to_str().unwrap();
    let (a, b) = (
        bitexact(&[
            "state",
            "save",
            "westwood",
            "--class",
            "random4",
            "--seed",
            "0",
            "--skip-words",
            "1000",
            "-o",
            r4,
        ]),
        bitexact(&[
            "state",
            "save",
            "westwood:random4",
            "--seed",
            "0",
            "--skip-words",
            "1000",
            "-o",
            r4b,
        ]),
    );
    assert!(a.status.success() && b.status.success(), "{}", stderr(&b));
    assert_eq!(stderr(&a).replace(r4, "F"), stderr(&b).replace(r4b, "F"));
    assert_eq!(std::fs::read(r4).unwrap(), std::fs::read(r4b).unwrap());
    assert_eq!(std::fs::read(r4).unwrap().len(), 2500);
    for verb in [&["state", "identify"][..], &["state", "show"][..]] {
        let mut old = verb.to_vec();
        old.extend_from_slice(&["westwood", "--class", "random4", r4, "--json"]);
        let mut new = verb.to_vec();
        new.extend_from_slice(&["westwood:random4", r4, "--json"]);
        assert!(assert_same(&old, &new).status.success());
    }
    assert_same(
        &["state", "diff", "westwood", "--class", "random4", r4, r4b],
        &["state", "diff", "westwood:random4", r4, r4b],
    );
    assert_same(
        &[
            "stream",
            "westwood",
            "--class",
            "random3",
            "--seed",
            "9",
            "--tap",
            "ranged:1,6",
        ],
        &[
            "stream",
            "westwood:random3",
            "--seed",
            "9",
            "--tap",
            "ranged:1,6",
        ],
    );
    let script = temp("front-door-ww-turn.txt");
    std::fs::write(&script, "turn\nraw\nranged 1 6\nranged 1 6\nturn\ndouble\n").unwrap();
    let script = script.to_str().unwrap();
    let ledger = assert_same(
        &[
            "ledger", "westwood", "--class", "random", "--seed", "9", script,
        ],
        &["ledger", "westwood:random", "--seed", "9", script],
    );
    assert!(ledger.status.success(), "{}", stderr(&ledger));
    assert_same(
        &[
            "recover",
            "westwood",
            "--class",
            "random",
            "--tap",
            "ranged:1,6",
            "--values",
            "3,5,1,6",
            "--seed-range",
            "0..5000",
        ],
        &[
            "recover",
            "westwood:random",
            "--tap",
            "ranged:1,6",
            "--values",
            "3,5,1,6",
            "--seed-range",
            "0..5000",
        ],
    );
    // An unknown class is clap's one line naming the classes; a class twice
    // is refused; a word that is no family is left alone.
    assert_usage_error(
        &bitexact(&["stream", "westwood:random9", "--seed", "1"]),
        "random4",
    );
    assert_usage_error(
        &bitexact(&[
            "stream",
            "westwood:random4",
            "--class",
            "random2",
            "--seed",
            "1",
        ]),
        "--class",
    );
    assert_usage_error(&bitexact(&["stream", "sots:x", "--seed", "1"]), "sots:x");
    assert_usage_error(
        &bitexact(&["stream", "westwood:", "--seed", "1"]),
        "westwood:",
    );
    // A file named like one is a file, not an engine.
    let o = bitexact(&["state", "identify", "sots", "westwood:random4"]);
    assert_usage_error(&o, "cannot read 'westwood:random4'");
}

#[test]
fn state_find_takes_class_as_the_engine_commands_do() {
    let dump = repo_file("examples/find/dump.bin");
    let colon = [
        "state",
        "find",
        &dump,
        "--engine",
        "westwood:random4",
        "--json",
    ];
    assert_same(
        &colon,
        &[
            "state", "find", &dump, "--engine", "westwood", "--class", "random4", "--json",
        ],
    );
    // Only westwood has a random4: --class alone names it.
    assert_same(
        &colon,
        &["state", "find", &dump, "--class", "random4", "--json"],
    );
    // The class goes to the engines that have it, not to the others.
    let two = bitexact(&[
        "-q", "state", "find", &dump, "--engine", "dotnet", "--engine", "westwood", "--class",
        "random2",
    ]);
    assert!(two.status.success(), "{}", stderr(&two));
    let lines = stdout(&two);
    assert!(lines.contains("dotnet: seed 99"), "{lines}");
    assert!(lines.contains("westwood (ra2 layout): seed 7"), "{lines}");
    let all = bitexact(&[
        "state",
        "find",
        &dump,
        "--engine",
        "dotnet",
        "--engine",
        "westwood:random2",
    ]);
    assert_eq!(stdout(&two), stdout(&all));
    // Refusals, one line each, naming what is wrong.
    assert_usage_error(
        &bitexact(&["state", "find", &dump, "--class", "random9"]),
        "no engine has a class 'random9'",
    );
    assert_usage_error(
        &bitexact(&[
            "state", "find", &dump, "--engine", "sots", "--class", "random4",
        ]),
        "--engine westwood --class random4",
    );
    assert_usage_error(
        &bitexact(&[
            "state",
            "find",
            &dump,
            "--engine",
            "westwood:random2",
            "--class",
            "random4",
        ]),
        "two classes",
    );
    assert_usage_error(
        &bitexact(&["state", "find", &dump, "--class", "random3"]),
        "--class random3: not looked for",
    );
}

#[test]
fn old_spellings_are_hidden_and_new_ones_shown() {
    let help = |args: &[&str]| stdout(&bitexact(args));
    let stream = help(&["stream", "sots", "--help"]);
    for shown in ["--skip-calls <", "--hex", "--json", "--count <"] {
        assert!(
            stream.contains(shown),
            "stream help lacks {shown}:\n{stream}"
        );
    }
    for hidden in ["--format", "--skip <"] {
        assert!(
            !stream.contains(hidden),
            "stream help shows {hidden}:\n{stream}"
        );
    }
    let recover = help(&["recover", "sots", "--help"]);
    assert!(recover.contains("--count-matches"), "{recover}");
    assert!(!recover.contains("--count "), "{recover}");
    assert!(!recover.contains("--count\n"), "{recover}");
    assert!(!recover.contains("With --count,"), "{recover}");
    for sub in ["compare", "replay"] {
        let trace = help(&["trace", sub, "--help"]);
        assert!(trace.contains("--json"), "{trace}");
        assert!(!trace.contains("--report"), "{trace}");
    }
    let find = help(&["state", "find", "--help"]);
    assert!(find.contains("--class <CLASS>"), "{find}");
    // Completions offer the new spellings (clap_complete offers hidden
    // arguments too, so the old ones may also complete).
    let bash = help(&["completions", "bash"]);
    assert!(bash.contains("--skip-calls") && bash.contains("--count-matches"));
}

// ---------------------------------------------------------------------
// 2. int:N is 0..=N, and --help says so.

#[test]
fn help_says_int_n_includes_n_and_the_stream_bears_it_out() {
    for (args, form) in [
        (&["stream", "sots", "--help"][..], "int:N"),
        (&["recover", "sots", "--help"][..], "int:N"),
        (&["ledger", "sots", "--help"][..], "int N"),
    ] {
        let help = stdout(&bitexact(args));
        let line = help
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{form} ")))
            .unwrap_or_else(|| panic!("{args:?} lists no {form} line:\n{help}"));
        assert!(line.contains("0..=N, N included"), "{args:?}: {line}");
    }
    // What the help promises: int:99 gives 0 and 99 and nothing above, so a
    // 0-99 roll is int:99 (int:100 also gives 100).
    let values = |n: &str| -> Vec<u32> {
        let o = bitexact(&[
            "stream",
            "sots",
            "--seed",
            "3",
            "--tap",
            &format!("int:{n}"),
            "--count",
            "5000",
        ]);
        stdout(&o).lines().map(|l| l.parse().unwrap()).collect()
    };
    let v99 = values("99");
    assert_eq!(v99.iter().min(), Some(&0));
    assert_eq!(v99.iter().max(), Some(&99));
    assert_eq!(values("100").iter().max(), Some(&100));
}

// ---------------------------------------------------------------------
// 3. The chance estimate before the search; what tells two hits apart.

/// stdout and stderr of `bitexact ARGS` through one pipe, as a terminal
/// shows them.
fn one_pipe(args: &[&str]) -> String {
    let quoted: Vec<String> = args.iter().map(|a| format!("'{a}'")).collect();
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "'{}' {} 2>&1",
            env!("CARGO_BIN_EXE_bitexact"),
            quoted.join(" ")
        ))
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_chance_estimate_is_said_before_any_hit() {
    let shown = one_pipe(&[
        "recover",
        "westwood",
        "--tap",
        "ranged:1,6",
        "--values",
        "3,5,1",
        "--seed-range",
        "0..3000",
    ]);
    let lines: Vec<&str> = shown.lines().collect();
    let estimate = lines
        .iter()
        .position(|l| l.contains("match by chance alone"))
        .unwrap_or_else(|| panic!("no estimate:\n{shown}"));
    let first_hit = lines.iter().position(|l| l.starts_with("seed ")).unwrap();
    assert_eq!(estimate, 0, "{shown}");
    assert!(estimate < first_hit, "{shown}");
    assert_eq!(
        lines[0],
        "about 14 of these seeds match by chance alone (each value is 1 of 6 outcomes): 2 more \
         values would leave about one"
    );
    // Said once, under the shard's label for a shard; silenced by -q.
    assert_eq!(shown.matches("by chance").count(), 1, "{shown}");
    let shard = one_pipe(&[
        "recover",
        "westwood",
        "--tap",
        "ranged:1,6",
        "--values",
        "3,5,1",
        "--seed-range",
        "0..3000",
        "--shard",
        "1/2",
        "--json",
    ]);
    assert!(
        shard.starts_with("shard 1/2 (seeds 0..1500): about 7 of these seeds match by chance"),
        "{shard}"
    );
    let quiet = one_pipe(&[
        "-q",
        "recover",
        "westwood",
        "--tap",
        "ranged:1,6",
        "--values",
        "3,5,1",
        "--seed-range",
        "0..3000",
    ]);
    assert!(!quiet.contains("by chance"), "{quiet}");
}

#[test]
fn the_chance_estimate_is_said_while_the_search_still_runs() {
    use std::io::BufRead;
    // A coin flip over all 2^32 seeds, counted: a search of many seconds,
    // whose first stderr line must be the estimate, said while it runs.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_bitexact"))
        .args([
            "recover",
            "sots",
            "--tap",
            "int:1",
            "--values",
            "1",
            "--count-matches",
            "--threads",
            "1",
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    std::io::BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let running = child.try_wait().unwrap().is_none();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        first.starts_with("about 2.15 billion of these seeds match by chance alone"),
        "{first}"
    );
    assert!(
        running,
        "the search of 2^32 seeds had ended before the estimate was read"
    );
}

/// The line of `recover ARGS`'s stderr that says what tells its two hits
/// apart.
fn tell_apart_note(args: &[&str]) -> String {
    let out = bitexact(args);
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    err.lines()
        .find(|l| l.contains("tells them apart"))
        .unwrap_or_else(|| panic!("no note in {err}"))
        .to_string()
}

fn westwood_d6(seed: u64, count: usize) -> Vec<String> {
    let o = bitexact(&[
        "stream",
        "westwood",
        "--seed",
        &seed.to_string(),
        "--tap",
        "ranged:1,6",
        "--count",
        &count.to_string(),
    ]);
    stdout(&o).lines().map(str::to_string).collect()
}

#[test]
fn the_value_that_tells_two_hits_apart_is_where_their_streams_part() {
    // Pairs of hits of three dice: parting at the next value, and later.
    let dice = ["3", "5", "1"];
    for (a, b) in [(360u64, 613u64), (1860, 1889), (5159, 5617)] {
        let range = format!("{a}..={b}");
        let note = tell_apart_note(&[
            "recover",
            "westwood",
            "--tap",
            "ranged:1,6",
            "--values",
            "3,5,1",
            "--seed-range",
            &range,
        ]);
        let (sa, sb) = (westwood_d6(a, 40), westwood_d6(b, 40));
        assert_eq!(sa[..3], dice, "seed {a}");
        assert_eq!(sb[..3], dice, "seed {b}");
        let at = sa
            .iter()
            .zip(&sb)
            .position(|(x, y)| x != y)
            .expect("they part")
            + 1;
        let want = if at == 4 {
            format!(
                "seeds {a} and {b} both give these 3 values; one more value tells them apart: the \
                 next call gives {} for seed {a}, {} for seed {b}",
                sa[3], sb[3]
            )
        } else {
            let suffix = match at {
                1 => "st",
                2 => "nd",
                3 => "rd",
                _ => "th",
            };
            format!(
                "seeds {a} and {b} both give these 3 values and the next {} too; the {at}{suffix} \
                 value from the first given tells them apart: {} for seed {a}, {} for seed {b}",
                at - 4,
                sa[at - 1],
                sb[at - 1]
            )
        };
        assert_eq!(note, want);
    }
    // One seed at two offsets of a tap that rejects draws: from either
    // offset the calls are the same, and the note says no value parts them.
    let note = tell_apart_note(&[
        "recover",
        "westwood",
        "--tap",
        "ranged:1,6",
        "--values",
        "3,5,1,6,2",
        "--seed-range",
        "14835..=14835",
        "--max-offset",
        "5",
    ]);
    assert_eq!(
        note,
        "seed 14835 at offsets 0 and 1 both give these 5 values and the next 100000 too: no value \
         within the first 100005 tells them apart"
    );
    // Random4Class's seed 0 is seed 4375: one stream, said so by replay.
    let values = stdout(&bitexact(&[
        "stream",
        "westwood:random4",
        "--seed",
        "0",
        "--skip-calls",
        "5000",
        "--count",
        "624",
    ]))
    .lines()
    .collect::<Vec<_>>()
    .join(",");
    let note = tell_apart_note(&["recover", "westwood:random4", "--values", &values]);
    assert!(
        note.starts_with("seeds 0 and 4375 both give these 624 values and the next 100000 too"),
        "{note}"
    );
}

#[test]
fn no_tell_apart_note_unless_exactly_two_hits_of_a_whole_search() {
    let base = [
        "recover",
        "westwood",
        "--tap",
        "ranged:1,6",
        "--values",
        "3,5,1",
    ];
    for extra in [
        &["--seed-range", "0..700", "--max-hits", "2"][..], // stopped at two
        &["--seed-range", "0..900"][..],                    // three hits
        &["--seed-range", "360..=360"][..],                 // one hit
        &["--seed-range", "0..700", "--count-matches"][..], // counted
        &["--seed-range", "0..700", "--shard", "1/1", "--json"][..], // a shard
    ] {
        let mut v = base.to_vec();
        v.extend_from_slice(extra);
        let o = bitexact(&v);
        assert!(o.status.success(), "{v:?}: {}", stderr(&o));
        let err = stderr(&o);
        assert!(!err.contains("tells them apart"), "{v:?}: {err}");
    }
}

// ---------------------------------------------------------------------
// 5. A merge says what the unsharded run says.

/// `recover ARGS` run whole and as `n` shards merged: the two outputs, the
/// search's timing lines left out (the merge has none; a shard's are its
/// own).
fn whole_and_merged(args: &[&str], n: u32) -> (String, String) {
    let whole: Vec<String> = one_pipe(args)
        .lines()
        .filter(|l| !l.starts_with("searched "))
        .map(str::to_string)
        .collect();
    let dir = temp(&format!(
        "front-door-shards-{n}-{}",
        args.join("_").replace(['/', ':', ','], "-")
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let mut files = Vec::new();
    for k in 1..=n {
        let mut v = args.to_vec();
        let shard = format!("{k}/{n}");
        v.extend_from_slice(&["--shard", &shard, "--json", "-q"]);
        let o = bitexact(&v);
        assert!(o.status.success(), "{v:?}: {}", stderr(&o));
        let f = dir.join(format!("shard-{k}.json"));
        std::fs::write(&f, &o.stdout).unwrap();
        files.push(f.to_str().unwrap().to_string());
    }
    let mut merge = vec!["merge"];
    merge.extend(files.iter().map(String::as_str));
    let merged: Vec<String> = one_pipe(&merge)
        .lines()
        .filter(|l| !l.starts_with("merged "))
        .map(str::to_string)
        .collect();
    (whole.join("\n"), merged.join("\n"))
}

#[test]
fn merge_keeps_the_by_chance_line_of_the_unsharded_run() {
    for args in [
        // Many hits: the estimate, then the hits.
        &[
            "recover",
            "westwood",
            "--tap",
            "ranged:1,6",
            "--values",
            "3,5,1",
            "--seed-range",
            "0..3000",
        ][..],
        // Offsets, and a float tap under pc24.
        &[
            "recover",
            "westwood",
            "--tap",
            "ranged:1,6",
            "--values",
            "3,5",
            "--seed-range",
            "0..500",
            "--max-offset",
            "2",
        ][..],
        &[
            "recover",
            "sots",
            "--tap",
            "int:1",
            "--values",
            "1,0,1",
            "--seed-range",
            "100..300",
            "--precision",
            "pc24",
        ][..],
        // Two hits: the estimate and what tells them apart.
        &[
            "recover",
            "westwood",
            "--tap",
            "ranged:1,6",
            "--values",
            "3,5,1",
            "--seed-range",
            "0..700",
        ][..],
        // A class of westwood, written both ways.
        &[
            "recover",
            "westwood:random4",
            "--tap",
            "ranged:1,6",
            "--values",
            "3,5",
            "--seed-range",
            "0..400",
        ][..],
    ] {
        for n in [1, 3, 8] {
            let (whole, merged) = whole_and_merged(args, n);
            assert!(whole.contains("match by chance alone"), "{args:?}: {whole}");
            assert_eq!(merged, whole, "{args:?} in {n} shards");
        }
    }
    let (whole, merged) = whole_and_merged(
        &[
            "recover",
            "westwood",
            "--tap",
            "ranged:1,6",
            "--values",
            "3,5,1",
            "--seed-range",
            "0..700",
        ],
        4,
    );
    assert!(
        whole.ends_with(
            "one more value tells them apart: the next call gives 1 for seed 360, 2 for seed 613"
        ),
        "{whole}"
    );
    assert_eq!(merged, whole);
    // No estimate where the unsharded run has none (Generals' first draws
    // are linear in the seed: no chance estimate).
    let (whole, merged) = whole_and_merged(
        &[
            "recover",
            "generals",
            "--tap",
            "value:1,6",
            "--values",
            "6,5,3",
            "--seed-range",
            "0..200",
        ],
        2,
    );
    assert!(!whole.contains("by chance"), "{whole}");
    assert_eq!(merged, whole);
}

// ---------------------------------------------------------------------
// 4. A whole save given to state identify: where to look instead.

#[test]
fn a_whole_save_is_refused_with_the_way_to_its_states() {
    let dump = repo_file("examples/find/dump.bin");
    let o = bitexact(&["state", "identify", "westwood", &dump]);
    assert_usage_error(&o, "longer than any westwood state");
    let err = stderr(&o);
    assert!(err.contains("--offset N"), "{err}");
    // Follow the advice as written: the state find command it names, then
    // --offset at the offset it prints.
    let named = err.split('`').nth(1).expect("a command in backticks");
    assert_eq!(named, format!("bitexact state find '{dump}'"));
    let found = bitexact(&["state", "find", &dump, "--engine", "westwood"]);
    let line = stdout(&found)
        .lines()
        .find(|l| l.contains("westwood (ra2 layout)"))
        .map(str::to_string)
        .unwrap_or_else(|| panic!("{}", stdout(&found)));
    let at = line.strip_prefix("at ").unwrap().split(' ').next().unwrap();
    let id = bitexact(&[
        "state", "identify", "westwood", &dump, "--offset", at, "--layout", "ra2",
    ]);
    assert!(id.status.success(), "{}", stderr(&id));
    assert!(stdout(&id).starts_with("seed: 7\n"), "{}", stdout(&id));
}

#[test]
fn every_engine_refuses_a_long_file_in_one_line_with_the_right_advice() {
    let big = temp("front-door-big.sav");
    std::fs::write(&big, vec![0x5au8; 1 << 20]).unwrap();
    let big = big.to_str().unwrap();
    // (engine, findable by state find)
    for (engine, findable) in [
        ("sots", true),
        ("westwood", true),
        ("westwood:random4", true),
        ("dotnet", true),
        ("laige", false),
        ("generals", false),
    ] {
        for verb in ["identify", "show"] {
            let o = bitexact(&["state", verb, engine, big]);
            assert_usage_error(&o, "--offset N reads the state at byte N");
            let err = stderr(&o);
            assert!(err.contains("a whole save or memory dump?"), "{err}");
            assert_eq!(
                err.contains("`bitexact state find"),
                findable,
                "{engine}: {err}"
            );
            if !findable {
                assert!(err.contains("state find cannot look for these"), "{err}");
            }
        }
        // diff has no --offset: cutting the state out is the way.
        let o = bitexact(&["state", "diff", engine, big, big]);
        assert_usage_error(&o, "cut the state out");
        assert!(!stderr(&o).contains("--offset"), "{}", stderr(&o));
    }
    // Endless input is not read for ever; stdin is named as such.
    assert_usage_error(
        &bitexact(&["state", "identify", "sots", "/dev/zero"]),
        "is over 2503 bytes, longer than any sots state",
    );
    let o = with_stdin_bytes(&["state", "identify", "sots", "-"], &vec![0u8; 3000]);
    assert_usage_error(&o, "`bitexact state find -`");
    // Longer than this class's states, shorter than the family's longest:
    // the engine's length error, then the advice.
    let mid = temp("front-door-2000.bin");
    std::fs::write(&mid, vec![1u8; 2000]).unwrap();
    let o = bitexact(&["state", "identify", "westwood", mid.to_str().unwrap()]);
    assert_usage_error(
        &o,
        "2000 bytes: neither a TS (1008) nor an RA2/YR (1012) randomizer; a whole save",
    );
    // Shorter than a state, or a sibling's length: no such advice.
    for (engine, len, says) in [
        ("sots", 100, "100 bytes"),
        ("westwood", 2500, "--class random4"),
    ] {
        let f = temp(&format!("front-door-{engine}-{len}.bin"));
        std::fs::write(&f, vec![1u8; len]).unwrap();
        let o = bitexact(&["state", "identify", engine, f.to_str().unwrap()]);
        assert_usage_error(&o, says);
        assert!(!stderr(&o).contains("whole save"), "{}", stderr(&o));
    }
    // With --offset past the end, the offset's own error.
    assert_usage_error(
        &bitexact(&["state", "identify", "sots", big, "--offset", "2000000"]),
        "no 2500-byte state at offset 2000000",
    );
}

#[test]
fn the_top_level_help_names_state_find_and_two_log_sync() {
    for flag in ["--help", "-h"] {
        let help = stdout(&bitexact(&[flag]));
        assert!(
            help.contains("state find") || help.contains("find)"),
            "{flag}: {help}"
        );
        assert!(
            help.contains("two logs") || help.contains("two players' logs"),
            "{flag}: {help}"
        );
    }
    let help = stdout(&bitexact(&["--help"]));
    let examples: Vec<&str> = help
        .split("Examples:\n")
        .nth(1)
        .expect("an Examples: section")
        .lines()
        .map(|l| l.trim())
        .filter(|l| l.starts_with("bitexact "))
        .collect();
    assert!(
        examples
            .iter()
            .any(|l| l.starts_with("bitexact state find ")),
        "{help}"
    );
    assert!(
        examples
            .iter()
            .any(|l| l.starts_with("bitexact sync ") && l.matches("examples/sync/").count() == 2),
        "{help}"
    );
    // Every example runs as written from a clone (its files under examples/,
    // the state file the save example writes): no usage error.
    let dir = temp("front-door-examples");
    std::fs::create_dir_all(&dir).unwrap();
    let link = dir.join("examples");
    if !link.exists() {
        std::os::unix::fs::symlink(repo_file("examples"), &link).unwrap();
    }
    for line in examples {
        let words: Vec<&str> = line
            .split("  #")
            .next()
            .unwrap()
            .split_whitespace()
            .skip(1)
            .collect();
        if words.iter().any(|w| w.ends_with(".exe")) {
            continue; // a game's binary, not in the repository
        }
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_bitexact"))
            .args(&words)
            .current_dir(&dir)
            .output()
            .unwrap();
        assert_ne!(o.status.code(), Some(2), "`{line}`: {}", stderr(&o));
    }
}

/// The Markdown pages a user reads: the READMEs, the contributor guide,
/// docs/ and every README under examples/ and crates/.
fn user_pages() -> Vec<std::path::PathBuf> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let p = e.path();
            let name = e.file_name().to_string_lossy().into_owned();
            if p.is_dir() {
                if name != "target" && !name.starts_with('.') {
                    walk(&p, out);
                }
            } else if name.ends_with(".md")
                && (name.starts_with("README") || p.starts_with(repo_file("docs")))
            {
                out.push(p);
            }
        }
    }
    let mut pages = vec![
        std::path::PathBuf::from(repo_file("README.md")),
        std::path::PathBuf::from(repo_file("CONTRIBUTING.md")),
    ];
    for d in ["docs", "examples", "crates"] {
        walk(std::path::Path::new(&repo_file(d)), &mut pages);
    }
    pages
}

#[test]
fn the_pages_show_no_machine_paths_and_install_locked() {
    let pages = user_pages();
    assert!(
        pages.iter().any(|p| p.ends_with("examples/c/README.md")),
        "{pages:?}"
    );
    for page in &pages {
        let text = std::fs::read_to_string(page).unwrap();
        for (n, line) in text.lines().enumerate() {
            for machine in ["/work/", "/root/", "/home/"] {
                // A user's home is shown only as the example user's.
                let shown = line.replace("/home/ada/", "");
                assert!(
                    !shown.contains(machine),
                    "{}:{}: a machine path: {line}",
                    page.display(),
                    n + 1
                );
            }
            if let Some(at) = line.find("cargo install ") {
                assert!(
                    line[at..].starts_with("cargo install --locked"),
                    "{}:{}: install without --locked: {line}",
                    page.display(),
                    n + 1
                );
            }
        }
    }
    // The README says what the tests cost on disk, beside the test command.
    let readme = std::fs::read_to_string(repo_file("README.md")).unwrap();
    let at = readme
        .find("cargo test --workspace --all-features\n")
        .unwrap();
    let near = &readme[at..at + 1200];
    assert!(near.contains(" GB of `target/`"), "{near}");
}
