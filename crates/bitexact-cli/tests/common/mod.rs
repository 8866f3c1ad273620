//! Helpers shared by the CLI tests: run the built binary, read its output,
//! check one-line usage errors, make scratch files.
#![allow(dead_code)] // each test file uses a different subset

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

pub fn bitexact(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bitexact"))
        .args(args)
        .output()
        .expect("run bitexact")
}

pub fn with_stdin(args: &[&str], input: &str) -> Output {
    with_stdin_bytes(args, input.as_bytes())
}

pub fn with_stdin_bytes(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_bitexact"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// Exit code 2 with exactly one line on stderr that mentions `needle`.
pub fn assert_usage_error(o: &Output, needle: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "stderr: {err}");
    assert_eq!(err.lines().count(), 1, "one line expected: {err:?}");
    assert!(err.contains(needle), "{err:?} should mention {needle:?}");
    assert!(o.stdout.is_empty());
}

/// A fresh path in the temp directory.
pub fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bitexact-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

pub fn repo_file(rel: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(rel)
        .to_str()
        .unwrap()
        .to_string()
}
