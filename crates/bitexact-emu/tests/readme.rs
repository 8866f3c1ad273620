//! This crate's README sessions, replayed: every `$ command` in a
//! ```console block runs (through `sh`, stdout and stderr merged, in a
//! scratch directory holding copies of `tests/c/`, `examples/` and numpy's
//! `mtrand.pyd` (downloaded by the wheel helper), with
//! `bitexact-emu` and the main workspace's `bitexact` on PATH) and must
//! print exactly the lines that follow it. `BITEXACT_BLESS=1` rewrites the
//! README with what the commands print.

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

#[test]
fn readme_sessions_print_what_they_show() {
    if common::build("vec3").is_none() {
        return;
    }
    let Some(mtrand) = common::mtrand() else {
        return;
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("readme");
    let _ = std::fs::remove_dir_all(&scratch);
    copy_dir(&root.join("tests/c"), &scratch.join("tests/c"));
    copy_dir(&root.join("examples"), &scratch.join("examples"));
    std::fs::copy(&mtrand, scratch.join("mtrand.pyd")).unwrap();
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
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let mut out = String::new();
    let mut failures = Vec::new();
    let mut lines = readme.lines().peekable();
    let mut in_console = false;
    while let Some(line) = lines.next() {
        out.push_str(line);
        out.push('\n');
        if line.starts_with("```") {
            in_console = line.trim() == "```console";
            continue;
        }
        let Some(cmd) = line.strip_prefix("$ ").filter(|_| in_console) else {
            continue;
        };
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
            .current_dir(&scratch)
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
        std::fs::write(root.join("README.md"), out).unwrap();
        return;
    }
    assert!(
        failures.is_empty(),
        "README sessions differ (BITEXACT_BLESS=1 rewrites them):\n{}",
        failures.join("\n\n")
    );
}
