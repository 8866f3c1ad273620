//! The README's console sessions, replayed: every `$ command` in a
//! ```console block runs (in a scratch directory, with this build's
//! `bitexact` first on PATH) and must print exactly the lines shown under it.
//! A `$ cat FILE` of a file that does not exist yet creates it from the lines
//! shown, so example inputs live in the README only; the repository's
//! `examples/` folder is copied in first.

use std::path::{Path, PathBuf};
use std::process::Command;

struct Step {
    command: String,
    expected: String,
}

fn sessions(readme: &str) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    let mut in_console = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_console = line.trim() == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(cmd) = line.strip_prefix("$ ") {
            steps.push(Step {
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

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bitexact-readme-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn readme_console_sessions_print_what_they_show() {
    let readme_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md");
    let readme = std::fs::read_to_string(&readme_path).unwrap();
    let steps = sessions(&readme);
    assert!(steps.len() > 10, "found only {} commands", steps.len());

    let dir = scratch();
    // The README's commands read the repository's examples/ folder.
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    std::fs::create_dir_all(dir.join("examples")).unwrap();
    for entry in std::fs::read_dir(&examples).unwrap() {
        let entry = entry.unwrap();
        // Only the files (examples/c/ is the C consumer, not console input).
        if !entry.file_type().unwrap().is_file() {
            continue;
        }
        std::fs::copy(entry.path(), dir.join("examples").join(entry.file_name())).unwrap();
    }
    // And the desync logs of `examples/sync/`.
    std::fs::create_dir_all(dir.join("examples/sync")).unwrap();
    for entry in std::fs::read_dir(examples.join("sync")).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(
            entry.path(),
            dir.join("examples/sync").join(entry.file_name()),
        )
        .unwrap();
    }
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_bitexact"))
        .parent()
        .unwrap()
        .to_path_buf();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for step in &steps {
        if let Some(file) = step.command.strip_prefix("cat ") {
            let target = dir.join(file.trim());
            if !target.exists() {
                std::fs::write(&target, &step.expected).unwrap();
            }
        }
        let out = Command::new("sh")
            .arg("-c")
            .arg(&step.command)
            .current_dir(&dir)
            .env("PATH", &path)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let shown = &step.expected;
        let matches = *shown == stdout
            || (stdout.is_empty() && *shown == stderr)
            || *shown == format!("{stdout}{stderr}");
        assert!(
            matches,
            "README command `{}` printed\n--- stdout\n{stdout}--- stderr\n{stderr}--- but the README shows\n{shown}",
            step.command
        );
    }
}
