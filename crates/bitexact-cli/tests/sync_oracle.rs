//! The independent oracle for `bitexact sync` (tests/sync_oracle/): Python
//! transcriptions of Random2Class and GameLogicRandom written from SPEC 4,
//! 11 and 12 alone by a session that never saw the library's code, its own
//! writers using the games' C format strings through Python's `%`, and its
//! own checkers; `run.py` runs the binary on every fixture and compares.
//! Needs python3: without it the test is skipped with a notice, unless `CI`
//! is set: then it fails.

mod common;

use std::path::Path;
use std::process::Command;

#[test]
fn the_independent_python_oracle_agrees_with_bitexact_sync() {
    if !common::require_tool("python3", &["--version"]) {
        return;
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sync_oracle");
    let out = Command::new("python3")
        .arg(dir.join("run.py"))
        .arg("--bin")
        .arg(env!("CARGO_BIN_EXE_bitexact"))
        .output()
        .expect("run python3");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "the oracle disagrees:\n{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("PASS"), "{text}");
}
