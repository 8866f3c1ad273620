//! What a newcomer meets first: the man pages (one per command, every
//! reference between them resolved), the top-level help naming every
//! command, results before the summary that describes them, and the
//! messages that say what a search did.

mod common;
use common::*;
use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command, Stdio};

fn scratch_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("bitexact-newcomer-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn scratch_file(name: &str, bytes: &[u8]) -> std::path::PathBuf {
    let path = scratch_dir(name).join("file");
    std::fs::write(&path, bytes).unwrap();
    path
}

/// The top-level commands, as `bitexact --help` lists them.
fn commands() -> Vec<String> {
    let help = stdout(&bitexact(&["--help"]));
    let listed: Vec<String> = help
        .split("Commands:\n")
        .nth(1)
        .expect("a Commands: section")
        .lines()
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .filter(|c| c != "help")
        .collect();
    assert!(listed.len() >= 10, "{listed:?}");
    listed
}

#[test]
fn manpage_dir_writes_a_page_for_every_page_named() {
    let dir = scratch_dir("manpages");
    let out = bitexact(&["manpage", "--dir", dir.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let pages: BTreeSet<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        stderr(&out),
        format!("wrote {} man pages to {}\n", pages.len(), dir.display())
    );
    assert!(pages.contains("bitexact.1"));
    for c in commands() {
        assert!(
            pages.contains(&format!("bitexact-{c}.1")),
            "no page for {c}"
        );
    }
    // Every engine's subcommand of the engine verbs has its page.
    for page in [
        "bitexact-stream-sots.1",
        "bitexact-state-identify-westwood.1",
        "bitexact-recover-generals.1",
        "bitexact-sync-generals-crc.1",
        "bitexact-trace-replay.1",
    ] {
        assert!(pages.contains(page), "no {page}");
    }
    // Every `bitexact-…(1)` a page refers to is a page written.
    for page in &pages {
        let roff = std::fs::read_to_string(dir.join(page)).unwrap();
        let roff = roff.replace("\\-", "-");
        for (at, _) in roff.match_indices("(1)") {
            let name: String = roff[..at]
                .chars()
                .rev()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect::<String>()
                .chars()
                .rev()
                .collect();
            if name.starts_with("bitexact") {
                assert!(
                    pages.contains(&format!("{name}.1")),
                    "{page} refers to {name}(1), which has no page"
                );
            }
        }
        assert!(
            roff.contains("\"bitexact "),
            "{page}: footer without version"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn manpage_dir_that_cannot_be_made_is_one_line_exit_2() {
    let file = scratch_file("manpage-file", b"not a directory");
    let out = bitexact(&["manpage", "--dir", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: cannot write to '"), "{err}");
}

#[test]
fn the_name_line_and_the_help_name_every_command() {
    let page = stdout(&bitexact(&["manpage"]));
    let name = page
        .split(".SH NAME\n")
        .nth(1)
        .and_then(|s| s.lines().next())
        .expect("a NAME line")
        .replace("\\-", "-");
    let help = stdout(&bitexact(&["--help"]));
    let about = help.split("\n\n").nth(1).unwrap_or_default();
    for c in commands() {
        if c == "completions" || c == "manpage" {
            continue;
        }
        assert!(name.contains(&c), "NAME line leaves out {c}: {name}");
        assert!(about.contains(&format!("({c})")), "--help leaves out {c}");
    }
    assert!(!page.contains("help(1)"), "a page for `help` is named");
}

/// Both streams into one pipe, as a terminal shows them.
fn merged(args: &[&str]) -> String {
    let (reader, writer) = std::io::pipe().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_bitexact"))
        .args(args)
        .stdout(writer.try_clone().unwrap())
        .stderr(writer)
        .stdin(Stdio::null())
        .spawn()
        .unwrap();
    let mut text = String::new();
    std::io::Read::read_to_string(&mut { reader }, &mut text).unwrap();
    child.wait().unwrap();
    text
}

#[test]
fn results_come_before_the_summary_on_one_terminal() {
    let text = merged(&[
        "recover",
        "sots",
        "--values",
        "3499211612",
        "--seed-range",
        "5000..6000",
    ]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert_eq!(lines[0], "seed 5489 offset 0");
    assert!(lines[1].starts_with("searched 1000 seeds in "), "{text}");
    // A long output too: the summary is the last line, not in the middle.
    let text = merged(&["selftest"]);
    assert!(
        text.lines()
            .last()
            .is_some_and(|l| l.ends_with(" checks passed")),
        "{text}"
    );
    assert_eq!(text.matches("checks passed").count(), 1);
}

#[test]
fn identify_says_it_stopped_at_the_first_seed_that_matched() {
    let state = scratch_dir("identify-stop").join("obj.bin");
    let saved = bitexact(&[
        "state",
        "save",
        "westwood",
        "--seed",
        "31337",
        "--skip-words",
        "250",
        "--layout",
        "ra2",
        "-o",
        state.to_str().unwrap(),
    ]);
    assert!(saved.status.success(), "{}", stderr(&saved));
    let out = bitexact(&[
        "state",
        "identify",
        "westwood",
        state.to_str().unwrap(),
        "--seed-range",
        "31000..40000",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "seed: 31337\nwords_drawn: 250\n");
    let err = stderr(&out);
    assert!(err.starts_with("searched 338 seeds in "), "{err}");
    assert!(
        err.ends_with(
            ": stopped at seed 31337, the first in the range whose replay matches the state \
             (the seeds above it were not searched)\n"
        ),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(state.parent().unwrap());
}

#[test]
fn negative_seeds_say_seeds_are_unsigned() {
    for args in [
        &["stream", "sots", "--seed", "-5"][..],
        &["recover", "sots", "--values", "1", "--seed-range=-100..0"][..],
    ] {
        let out = bitexact(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains("is negative: this number is unsigned"),
            "{err}"
        );
    }
    assert!(Path::new(env!("CARGO_BIN_EXE_bitexact")).exists());
}

/// Each function's signatures (`name: sig n, …`) and the reachable ones, as
/// `scan --json` lists them: what does not depend on the compiler's
/// addresses.
fn scan_shape(image: &Path) -> (Vec<String>, usize) {
    let out = bitexact(&[
        "scan",
        image.to_str().unwrap(),
        "--from",
        "turn_driver",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let report: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let functions = report["functions"].as_array().unwrap();
    let mut shape: Vec<String> = functions
        .iter()
        .map(|f| {
            format!(
                "{}: {} reachable={}",
                f["name"].as_str().unwrap(),
                f["signatures"],
                f["reachable"]
            )
        })
        .collect();
    shape.sort();
    let complete = report["sites"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["complete"] == true)
        .count();
    (shape, complete)
}

/// The README's scan example is `examples/scan/game.c`, buildable alone,
/// and the committed `examples/scan/game` is its build: the same functions
/// hold the same sites when this machine's gcc builds it again.
#[test]
fn the_scan_example_builds_alone_and_matches_the_committed_image() {
    if !require_cc("gcc") {
        return;
    }
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/scan");
    let dir = scratch_dir("scan-example");
    let built = dir.join("game");
    let gcc = Command::new("gcc")
        .args(["-O2", "-o"])
        .arg(&built)
        .arg(examples.join("game.c"))
        .output()
        .unwrap();
    assert!(
        gcc.status.success(),
        "{}",
        String::from_utf8_lossy(&gcc.stderr)
    );
    let (committed, complete) = scan_shape(&examples.join("game"));
    assert_eq!(complete, 7, "{committed:?}");
    assert_eq!(
        committed,
        [
            "combat_roll: {\"mt19937.temper\":2} reachable=true",
            "map_setup: {\"mt19937.temper\":3} reachable=false",
            "seed: {\"mt19937.seed_knuth\":1} reachable=false",
            "twist: {\"mt19937.twist\":1} reachable=true",
        ]
    );
    assert_eq!(scan_shape(&built), (committed, complete));
    let _ = std::fs::remove_dir_all(&dir);
}
