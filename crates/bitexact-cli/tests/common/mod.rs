//! Helpers shared by the CLI tests: run the built binary, read its output,
//! check one-line usage errors, make scratch files, and require the external
//! tools some tests run ([`require_tool`], [`require_cc`],
//! [`require_gcc_m32`]).
#![allow(dead_code)] // each test file uses a different subset

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::{Mutex, PoisonError};

pub mod browser;
pub mod minidump;
pub mod pe_truth;
pub mod wheels;

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
    // A command refused before it reads stdin exits first: the write then
    // meets a closed pipe, which is not the test's failure.
    if let Err(e) = child.stdin.take().unwrap().write_all(input) {
        assert_eq!(
            e.kind(),
            std::io::ErrorKind::BrokenPipe,
            "writing stdin: {e}"
        );
    }
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

/// Every external tool (and the one facility, `gcc -m32`) the CLI tests
/// run, with the Debian/Ubuntu package that provides it. The `require_*`
/// helpers take only names listed here.
pub const TOOLS: &[(&str, &str)] = &[
    ("gcc", "gcc"),
    ("gcc -m32", "gcc-multilib"),
    ("nm", "binutils"),
    ("objdump", "binutils"),
    ("strip", "binutils"),
    ("x86_64-w64-mingw32-strip", "binutils-mingw-w64-x86-64"),
    ("i686-w64-mingw32-strip", "binutils-mingw-w64-i686"),
    ("x86_64-w64-mingw32-objdump", "binutils-mingw-w64-x86-64"),
    ("i686-w64-mingw32-objdump", "binutils-mingw-w64-i686"),
    ("x86_64-w64-mingw32-gcc", "gcc-mingw-w64-x86-64"),
    ("x86_64-w64-mingw32-nm", "binutils-mingw-w64-x86-64"),
    ("i686-w64-mingw32-gcc", "gcc-mingw-w64-i686"),
    ("i686-w64-mingw32-nm", "binutils-mingw-w64-i686"),
    ("python3", "python3"),
    ("kill", "procps"),
    ("mcs", "mono-mcs"),
    ("chromium", "chromium"),
    ("parallel", "parallel"),
    ("mono", "mono-runtime"),
    ("diff", "diffutils"),
    ("git", "git"),
];

/// `true` when `tool probe_args...` runs and exits 0. Otherwise, with `CI`
/// set (any value), panic naming the tool and its package; without it,
/// return `false` after a notice on the real stderr (visible in a plain
/// `cargo test`, which captures only `print!`/`eprint!` output): once per
/// test binary and tool, then one `skipped:` line per test, so the count of
/// skipped tests shows. The probe runs once per test binary and tool.
pub fn require_tool(tool: &str, probe_args: &[&str]) -> bool {
    require(tool, || {
        let mut cmd = Command::new(tool);
        cmd.args(probe_args);
        ran(&mut cmd, "")
    })
}

/// [`require_tool`] for a C compiler: `true` when `cc` compiles and links a
/// trivial program.
pub fn require_cc(cc: &str) -> bool {
    require(cc, || links(cc, &[]))
}

/// [`require_tool`] for `gcc -m32` (multilib): `true` when it links a
/// trivial 32-bit program.
pub fn require_gcc_m32() -> bool {
    require_cc("gcc") && require("gcc -m32", || links("gcc", &["-m32"]))
}

/// Builds `int main(void) { return 0; }` with `cc flags...`.
fn links(cc: &str, flags: &[&str]) -> Result<(), String> {
    let tag: String = std::iter::once(cc)
        .chain(flags.iter().copied())
        .collect::<Vec<_>>()
        .join("")
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect();
    let src = temp(&format!("probe-{tag}.c"));
    std::fs::write(&src, "int main(void) { return 0; }\n").expect("write the probe program");
    let mut cmd = Command::new(cc);
    cmd.args(flags)
        .arg("-o")
        .arg(src.with_extension("out"))
        .arg(&src);
    ran(&mut cmd, "cannot link a program")
}

/// `Ok` when `cmd` runs and exits 0; otherwise why not (`failing`: what a
/// non-zero exit means).
fn ran(cmd: &mut Command, failing: &str) -> Result<(), String> {
    match cmd.output() {
        Ok(o) if o.status.success() => Ok(()),
        Ok(o) => {
            let err = String::from_utf8_lossy(&o.stderr);
            let first = err.lines().next().unwrap_or("").trim();
            let failing = if failing.is_empty() {
                "does not run"
            } else {
                failing
            };
            Err(if first.is_empty() {
                format!("{failing} ({})", o.status)
            } else {
                format!("{failing}: {first}")
            })
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err("is not installed".into()),
        Err(e) => Err(format!("does not run ({e})")),
    }
}

/// The rule of the `require_*` helpers, for the tool or facility `what`
/// whose probe is `probe` (run once per test binary).
fn require(what: &str, probe: impl FnOnce() -> Result<(), String>) -> bool {
    static PROBED: Mutex<BTreeMap<String, Result<(), String>>> = Mutex::new(BTreeMap::new());
    let package = TOOLS
        .iter()
        .find(|(t, _)| *t == what)
        .map(|(_, p)| *p)
        .unwrap_or_else(|| panic!("`{what}` is not in common::TOOLS: add it with its package"));
    let (result, first) = {
        let mut probed = PROBED.lock().unwrap_or_else(PoisonError::into_inner);
        match probed.get(what) {
            Some(r) => (r.clone(), false),
            None => {
                let r = probe();
                probed.insert(what.to_string(), r.clone());
                (r, true)
            }
        }
    };
    let Err(why) = result else {
        return true;
    };
    if std::env::var_os("CI").is_some() {
        panic!(
            "`{what}` {why}: this test needs it (apt-get install {package}); \
             CI is set, so a missing tool fails the test instead of skipping it"
        );
    }
    let binary = std::env::current_exe()
        .ok()
        .and_then(|p| p.file_stem()?.to_str().map(str::to_string))
        .map(|s| {
            s.rsplit_once('-')
                .map_or(s.as_str(), |(name, _)| name)
                .to_string()
        })
        .unwrap_or_default();
    let thread = std::thread::current();
    let test = thread.name().filter(|n| *n != "main").unwrap_or("a test");
    // The real stderr: libtest captures eprintln! of a passing test.
    let mut err = std::io::stderr().lock();
    if first {
        let _ = writeln!(
            err,
            "NOTICE: {binary}: tests that need `{what}` are skipped: `{what}` {why} \
             (apt-get install {package}); with CI set they fail"
        );
    }
    let _ = writeln!(err, "skipped: `{what}` is missing for {test}");
    false
}

/// A C source under `tests/scan_ref/`, by file name.
pub fn scan_ref(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scan_ref")
        .join(file)
}

/// Builds `src` with `cc flags... -o out src` (the flags carry the
/// warnings wanted); panics with the compiler's own message when it fails.
pub fn build_c(cc: &str, flags: &[&str], src: &Path, out: &Path) {
    let o = Command::new(cc)
        .args(flags)
        .arg("-o")
        .arg(out)
        .arg(src)
        .output()
        .unwrap_or_else(|e| panic!("run {cc}: {e}"));
    assert!(
        o.status.success(),
        "{cc} {flags:?} {}: {}",
        src.display(),
        String::from_utf8_lossy(&o.stderr)
    );
}

/// [`require_gcc_m32`] when `m32`, else [`require_cc`] of `cc`.
pub fn require_cc_for(cc: &str, m32: bool) -> bool {
    if m32 {
        require_gcc_m32()
    } else {
        require_cc(cc)
    }
}

/// `bitexact ARGS` sent SIGINT (by the `kill` program; callers check
/// `require_tool("kill", …)`) after `after`: its output, and how long it
/// took to end after the signal.
#[cfg(unix)]
#[allow(dead_code)] // not every test binary interrupts
pub fn interrupted(args: &[&str], after: std::time::Duration) -> (Output, std::time::Duration) {
    use std::process::{Command, Stdio};
    let child = Command::new(env!("CARGO_BIN_EXE_bitexact"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(after);
    let sent = std::time::Instant::now();
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    (out, sent.elapsed())
}
