//! The README's console sessions, the command reference's
//! (`docs/commands/*.md`) and the corpus's (`tests/corpus/*.md`: every
//! engine's every tap, ledger, search, state file, error and help text,
//! recorded so a refactor can show it changed no answer), replayed: every `$ command` in a ```console
//! block runs (in a scratch directory of the page's own holding a copy of
//! the repository's `examples/`, with this build's `bitexact` first on
//! PATH) and must print exactly the lines shown under it — stdout and
//! stderr together, in the order a terminal shows them (both go to one
//! pipe). Only the timings in summaries (`in 0.3 s`, `(2.1 million
//! seeds/s)`, JSON's `"seconds":0.014`) may differ. Every input a block
//! reads is a file under `examples/`, so each block runs as shown from a
//! fresh clone. Every command `bitexact --help` lists has its page, and
//! every page shows at least one session. A ```console bitexact-emu block
//! is not replayed here: it runs `bitexact-emu`, its own workspace, whose
//! `tests/readme.rs` replays it.
//!
//! `BITEXACT_BLESS=1 cargo test -p bitexact-cli --test readme` rewrites the
//! pages' outputs with what the commands print (then review the diff).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

/// One `$ command` of a console block and the lines shown under it.
struct Step {
    /// The page's line the command is on (0-based).
    line: usize,
    command: String,
    expected: String,
}

/// The commands of every ```console block of a Markdown page, in order.
fn sessions(page: &str) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    let mut in_console = false;
    for (n, line) in page.lines().enumerate() {
        if line.starts_with("```") {
            in_console = line.trim() == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(cmd) = line.strip_prefix("$ ") {
            steps.push(Step {
                line: n,
                command: cmd.to_string(),
                expected: String::new(),
            });
        } else if let Some(step) = steps.last_mut() {
            step.expected.push_str(line);
            step.expected.push('\n');
        }
    }
    steps
}

/// The text with every timing replaced by `#`: a number directly before
/// ` s`, ` ms` or a rate (`seeds/s`, `MB/s`, with an optional `thousand`,
/// `million` or `billion` between), and the number of a JSON
/// `"seconds":` field.
fn untimed(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let line = untimed_json(line);
        let words: Vec<&str> = line.split(' ').collect();
        let mut kept: Vec<String> = Vec::with_capacity(words.len());
        let mut i = 0;
        while i < words.len() {
            let w = words[i];
            let number = w.trim_start_matches('(');
            let is_number = !number.is_empty()
                && number.chars().all(|c| c.is_ascii_digit() || c == '.')
                && number.chars().next().is_some_and(|c| c.is_ascii_digit());
            let unit_at = |j: usize| -> bool {
                words.get(j).is_some_and(|u| {
                    let u = u.trim_end_matches([')', ',', ';', '.', ':']);
                    u == "s" || u == "ms" || u.ends_with("/s")
                })
            };
            let scale = |j: usize| -> bool {
                words
                    .get(j)
                    .is_some_and(|u| matches!(*u, "thousand" | "million" | "billion"))
            };
            if is_number && (unit_at(i + 1) || (scale(i + 1) && unit_at(i + 2))) {
                let open = &w[..w.len() - number.len()];
                kept.push(format!("{open}#"));
                if scale(i + 1) {
                    i += 1;
                }
            } else {
                kept.push(w.to_string());
            }
            i += 1;
        }
        out.push_str(&kept.join(" "));
        out.push('\n');
    }
    out
}

/// `line` with the number after each `"seconds":` replaced by `#`.
fn untimed_json(line: &str) -> String {
    const KEY: &str = "\"seconds\":";
    let mut out = String::new();
    let mut rest = line;
    while let Some(at) = rest.find(KEY) {
        let (before, after) = rest.split_at(at + KEY.len());
        out.push_str(before);
        let number = after
            .find(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '-' | '+')))
            .unwrap_or(after.len());
        if number > 0 {
            out.push('#');
        }
        rest = &after[number..];
    }
    out.push_str(rest);
    out
}

#[test]
fn untimed_replaces_timings_only() {
    assert_eq!(
        untimed("{\"hits\":[],\"searched\":10,\"seconds\":0.014,\"shard\":\"1/2\"}\n"),
        "{\"hits\":[],\"searched\":10,\"seconds\":#,\"shard\":\"1/2\"}\n"
    );
    assert_eq!(untimed("{\"seconds\":1e-3}\n"), "{\"seconds\":#}\n");
    assert_eq!(
        untimed("searched 4 seeds in 0.0 s (677 seeds/s)\n"),
        "searched 4 seeds in # s (# seeds/s)\n"
    );
    assert_eq!(
        untimed("searched 65536 seeds in 1.2 s (2.1 million seeds/s)\n"),
        "searched 65536 seeds in # s (# seeds/s)\n"
    );
    assert_eq!(untimed("seed 5 offset 3\n"), "seed 5 offset 3\n");
    assert_eq!(untimed("26 checks passed\n"), "26 checks passed\n");
}

/// An empty scratch directory for the page `page` (one per page, so the
/// pages can be replayed side by side).
fn scratch(page: &str) -> PathBuf {
    let slug: String = page
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    let dir = std::env::temp_dir().join(format!("bitexact-readme-{}-{slug}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Copy `from` into `to`, folders and all, leaving out build output.
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name();
        if name == "build" || name == "target" {
            continue;
        }
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &to.join(&name));
        } else {
            std::fs::copy(entry.path(), to.join(&name)).unwrap();
        }
    }
}

/// The repository's root (where README.md and `examples/` are).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// What replaying one Markdown file found.
struct Replayed {
    /// How many `$ command` lines its console blocks hold.
    commands: usize,
    /// One message per command that printed something else than shown.
    mismatches: Vec<String>,
}

/// Replay every ```console block of the Markdown file `page` (a path from
/// the repository's root) in a scratch directory of its own holding a copy
/// of `examples/`, its blocks in order (a later block sees the files an
/// earlier one wrote). With `BITEXACT_BLESS` set, the page's outputs are
/// rewritten with what the commands print instead of compared.
fn replay(page: &str) -> Replayed {
    let path = root().join(page);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{page}: {e}"));
    let steps = sessions(&text);
    let bless = std::env::var_os("BITEXACT_BLESS").is_some();

    let dir = scratch(page);
    copy_tree(&root().join("examples"), &dir.join("examples"));
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_bitexact"))
        .parent()
        .unwrap()
        .to_path_buf();
    let search_path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut printed: Vec<(usize, String)> = Vec::new();
    let mut mismatches = Vec::new();
    for step in &steps {
        // stdout and stderr into one pipe, as a terminal shows them.
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!("{{ {}\n}} 2>&1", step.command))
            .current_dir(&dir)
            .env("PATH", &search_path)
            .output()
            .unwrap();
        let shown = String::from_utf8_lossy(&out.stdout).into_owned();
        if bless {
            // What differs only in its timings stays as shown (no churn).
            let keep = untimed(&shown) == untimed(&step.expected);
            printed.push((step.line, if keep { step.expected.clone() } else { shown }));
        } else if untimed(&shown) != untimed(&step.expected) {
            mismatches.push(format!(
                "{page}:{}: `{}` printed\n{shown}--- but {page} shows\n{}",
                step.line + 1,
                step.command,
                step.expected
            ));
        }
    }
    if bless {
        std::fs::write(&path, blessed(&text, &printed)).unwrap();
    }
    let _ = std::fs::remove_dir_all(&dir);
    Replayed {
        commands: steps.len(),
        mismatches,
    }
}

#[test]
fn readme_console_sessions_print_what_they_show() {
    let r = replay("README.md");
    assert!(r.commands > 10, "found only {} commands", r.commands);
    assert!(r.mismatches.is_empty(), "{}", r.mismatches.join("\n"));
}

/// The command reference's pages (`docs/commands/*.md`, the index
/// included), by file name.
fn command_pages() -> Vec<String> {
    pages_in("docs/commands")
}

/// The Markdown files of the folder `dir` (from the repository's root), by
/// file name, sorted.
fn pages_in(dir: &str) -> Vec<String> {
    let mut pages: Vec<String> = std::fs::read_dir(root().join(dir))
        .expect(dir)
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md"))
        .collect();
    pages.sort();
    pages
}

/// Every page of the command reference shows real output: each has at
/// least one console block, and each of its commands prints what is shown.
#[test]
fn command_pages_print_what_they_show() {
    let pages = command_pages();
    assert!(pages.len() > 1, "docs/commands holds only {pages:?}");
    let mut failures = Vec::new();
    for name in &pages {
        let page = format!("docs/commands/{name}");
        let r = replay(&page);
        if r.commands == 0 {
            failures.push(format!(
                "{page} has no ```console block: every page shows its commands' real output"
            ));
        }
        failures.extend(r.mismatches);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The corpus (`crates/bitexact-cli/tests/corpus/*.md`): every engine's
/// taps in every format, its ledger calls, searches, state files, errors
/// and help, each command printing exactly what is recorded.
#[test]
fn corpus_prints_what_it_shows() {
    const DIR: &str = "crates/bitexact-cli/tests/corpus";
    let pages = pages_in(DIR);
    assert!(pages.len() > 5, "the corpus holds only {pages:?}");
    let mut failures = Vec::new();
    let mut commands = 0;
    for name in &pages {
        let r = replay(&format!("{DIR}/{name}"));
        commands += r.commands;
        failures.extend(r.mismatches);
    }
    assert!(commands > 300, "the corpus holds only {commands} commands");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The top-level commands `bitexact --help` lists (`help` left out).
fn top_level_commands() -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_bitexact"))
        .arg("--help")
        .output()
        .unwrap();
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    let mut lines = help.lines().skip_while(|l| l.trim() != "Commands:").skip(1);
    let mut names = Vec::new();
    for line in lines.by_ref() {
        if !line.starts_with("  ") {
            break;
        }
        let name = line.split_whitespace().next().unwrap_or_default();
        if name != "help" {
            names.push(name.to_string());
        }
    }
    names
}

/// Every command `bitexact --help` lists has its page in docs/commands/,
/// and the index links it.
#[test]
fn every_command_has_a_page() {
    let commands = top_level_commands();
    assert!(commands.len() > 5, "read only {commands:?} from --help");
    let index = std::fs::read_to_string(root().join("docs/commands/README.md"))
        .expect("docs/commands/README.md, the index");
    for c in &commands {
        assert!(
            root().join(format!("docs/commands/{c}.md")).is_file(),
            "`bitexact {c}` has no page: write docs/commands/{c}.md"
        );
        assert!(
            index.contains(&format!("]({c}.md)")),
            "docs/commands/README.md does not link {c}.md"
        );
    }
}

/// The Markdown with each command's shown output replaced by `printed`.
fn blessed(page: &str, printed: &[(usize, String)]) -> String {
    let mut out = String::new();
    let mut skipping = false;
    let mut next = printed.iter().peekable();
    for (n, line) in page.lines().enumerate() {
        if skipping && (line.starts_with("$ ") || line.starts_with("```")) {
            skipping = false;
        }
        if skipping {
            continue;
        }
        out.push_str(line);
        out.push('\n');
        if let Some((_, text)) = next.next_if(|(at, _)| *at == n) {
            out.push_str(text);
            if !text.is_empty() && !text.ends_with('\n') {
                out.push('\n');
            }
            skipping = true;
        }
    }
    out
}

/// The README's `sh` block that starts with `first` (its lines).
fn sh_block(readme: &str, first: &str) -> String {
    let mut block = String::new();
    let mut in_sh = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            if in_sh && !block.is_empty() {
                return block;
            }
            in_sh = line.trim() == "```sh";
            continue;
        }
        if in_sh && (!block.is_empty() || line.starts_with(first)) {
            block.push_str(line);
            block.push('\n');
        }
    }
    panic!("no ```sh block starting with {first:?} in the README")
}

/// The GNU parallel example (issue 34: it searched a ranged value with the
/// raw tap and ended "not found"), run as written: 64 shards, four at a
/// time, merged; it finds both seeds of the fixture.
#[test]
fn the_gnu_parallel_example_finds_its_seeds() {
    if !common::require_tool("parallel", &["--version"]) {
        return;
    }
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let block = sh_block(&readme, "parallel ");
    let dir = std::env::temp_dir().join(format!("bitexact-readme-parallel-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_bitexact")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("{{ {block}\n}} 2>&1"))
        .current_dir(&dir)
        .env("PATH", &path)
        .output()
        .unwrap();
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{block}\nprinted\n{shown}");
    assert!(shown.contains("seed 479635554 offset 0"), "{shown}");
    assert!(shown.contains("seed 4119985456 offset 0"), "{shown}");
    assert!(shown.contains("merged 64 shards: complete"), "{shown}");
    let log = std::fs::read_to_string(dir.join("shards.log")).unwrap();
    assert_eq!(log.lines().count(), 65, "{log}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The README's table of what is here names every family of the library's
/// engine list (written by hand: guarded).
#[test]
fn the_readme_names_every_engine() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let table: String = readme
        .lines()
        .skip_while(|l| !l.starts_with("| engine |"))
        .take_while(|l| l.starts_with('|'))
        .collect::<Vec<_>>()
        .join("\n");
    for family in bitexact::engines::Id::families() {
        assert!(
            table.contains(&format!("`{family}`")),
            "README.md's table of engines does not name `{family}`"
        );
    }
}
