//! The READMEs' `bitexact-emu` sessions, replayed: every `$ command` runs
//! (through `sh`, stdout and stderr merged, with `bitexact-emu` and the
//! main workspace's `bitexact` on PATH) and must print exactly the lines
//! that follow it. `BITEXACT_BLESS=1` rewrites a README with what the
//! commands print.
//!
//! - This crate's README: every ```console block, in a scratch directory
//!   laid out as this crate's (copies of `tests/c/` and `examples/`), with
//!   numpy's `mtrand.pyd` (downloaded by the wheel helper) beside them.
//! - The repository's README: its ```console bitexact-emu blocks (the
//!   `bitexact` CLI's README test replays the plain ```console ones, and
//!   has no `bitexact-emu`), in a scratch directory laid out as the
//!   repository's root: the commands are written to run from there.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
    }
}

/// This crate's directory.
fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A fresh scratch directory `name` in the test target directory.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Replays the blocks of the Markdown file `page` whose opening fence is
/// exactly `fence` in the directory `dir`, and fails naming each command
/// that printed something else than the page shows (or, with
/// `BITEXACT_BLESS`, rewrites the page with what they printed). `min` is
/// the fewest commands the page must hold: a fence renamed or a block
/// dropped fails rather than passes with nothing run.
fn replay(page: &Path, fence: &str, dir: &Path, min: usize) {
    let emu = Path::new(env!("CARGO_BIN_EXE_bitexact-emu"))
        .parent()
        .unwrap()
        .to_path_buf();
    let main = common::bitexact_binary();
    let path = format!(
        "{}:{}:{}",
        emu.display(),
        main.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let readme = std::fs::read_to_string(page).unwrap();
    let mut out = String::new();
    let mut failures = Vec::new();
    let mut commands = 0;
    let mut lines = readme.lines().peekable();
    let mut in_console = false;
    while let Some(line) = lines.next() {
        out.push_str(line);
        out.push('\n');
        if line.starts_with("```") {
            in_console = line.trim() == fence;
            continue;
        }
        let Some(cmd) = line.strip_prefix("$ ").filter(|_| in_console) else {
            continue;
        };
        commands += 1;
        let mut want = Vec::new();
        while let Some(l) = lines.peek() {
            if l.starts_with("$ ") || l.starts_with("```") {
                break;
            }
            want.push(lines.next().unwrap().to_string());
        }
        let o = Command::new("sh")
            .arg("-c")
            .arg(format!("exec 2>&1\n{cmd}"))
            .current_dir(dir)
            .env("PATH", &path)
            .output()
            .unwrap();
        let got = String::from_utf8_lossy(&o.stdout).to_string();
        let got: Vec<&str> = got.lines().collect();
        for l in &got {
            out.push_str(l);
            out.push('\n');
        }
        if got != want {
            failures.push(format!(
                "$ {cmd}\n--- README\n{}\n--- printed\n{}",
                want.join("\n"),
                got.join("\n")
            ));
        }
    }
    if std::env::var_os("BITEXACT_BLESS").is_some() {
        std::fs::write(page, out).unwrap();
        return;
    }
    assert!(
        commands >= min,
        "{}: only {commands} commands in {fence} blocks",
        page.display()
    );
    assert!(
        failures.is_empty(),
        "{} sessions differ (BITEXACT_BLESS=1 rewrites them):\n{}",
        page.display(),
        failures.join("\n\n")
    );
}

#[test]
fn readme_sessions_print_what_they_show() {
    if common::build("vec3").is_none() {
        return;
    }
    let Some(mtrand) = common::mtrand() else {
        return;
    };
    let dir = scratch("readme");
    copy_dir(&crate_dir().join("tests/c"), &dir.join("tests/c"));
    copy_dir(&crate_dir().join("examples"), &dir.join("examples"));
    std::fs::copy(&mtrand, dir.join("mtrand.pyd")).unwrap();
    replay(&crate_dir().join("README.md"), "```console", &dir, 10);
}

#[test]
fn the_repository_readme_runs_from_the_root() {
    if common::build("vec3").is_none() {
        return;
    }
    let dir = scratch("root-readme");
    let ours = dir.join("crates/bitexact-emu");
    copy_dir(&crate_dir().join("tests/c"), &ours.join("tests/c"));
    copy_dir(&crate_dir().join("examples"), &ours.join("examples"));
    replay(
        &crate_dir().join("../../README.md"),
        "```console bitexact-emu",
        &dir,
        3,
    );
}
