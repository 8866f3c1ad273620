//! Real MSVC-built images for the scan's tests (SPEC 10.1): Windows
//! extension modules (`.pyd`, PE32 and PE32+) from PyPI wheels nobody
//! here built, downloaded with `pip download` at a pinned version and
//! checked against the wheel's pinned sha256, then unpacked. Both are
//! cached under the target directory (`target/test-wheels/`), so a second
//! run reads no network.
//!
//! Where PyPI cannot be reached (or `python3 -m pip` is missing) a test
//! prints a `NOTICE:` line and passes without running, except under `CI`:
//! then it fails. A wheel whose sha256 differs from the pinned one always
//! fails: that is not a missing network but a different file.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, PoisonError};

/// One pinned wheel.
#[derive(Debug, Clone, Copy)]
pub struct Wheel {
    pub package: &'static str,
    pub version: &'static str,
    /// The Python version it is for (`2.7`, `3.11`).
    pub python: &'static str,
    /// The ABI tag pip must be told for Python 2 (`cp27m`).
    pub abi: Option<&'static str>,
    /// `win32` or `win_amd64`.
    pub platform: &'static str,
    /// The wheel's file name.
    pub file: &'static str,
    /// The wheel's sha256, as PyPI lists it.
    pub sha256: &'static str,
}

/// The directory the wheels and their images are cached in.
fn cache() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target"));
    target.join("test-wheels")
}

/// Downloads `wheel` into `dir` (when it is not there with its hash),
/// checks its sha256 and writes its member `member` to `out`. Exit 3: the
/// download failed (network, pip); 4: the hash differs; 5: no such member.
const FETCH: &str = r#"
import hashlib, os, subprocess, sys, tempfile, zipfile
dir, file, sha, member, out, pkg, python, abi, platform = sys.argv[1:10]
path = os.path.join(dir, file)
def digest(p):
    h = hashlib.sha256()
    with open(p, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()
if not (os.path.exists(path) and digest(path) == sha):
    os.makedirs(dir, exist_ok=True)
    tmp = tempfile.mkdtemp(dir=dir)
    cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
           "--disable-pip-version-check", "--timeout", "30", "--retries", "2",
           "--only-binary=:all:", "--platform", platform, "--python-version", python,
           "-d", tmp, pkg]
    if abi:
        cmd[-1:-1] = ["--implementation", "cp", "--abi", abi]
    r = subprocess.run(cmd, capture_output=True, text=True)
    got = os.path.join(tmp, file)
    if r.returncode != 0 or not os.path.exists(got):
        sys.stderr.write((r.stderr or r.stdout or "pip download failed").strip().splitlines()[-1])
        sys.exit(3)
    os.replace(got, path)
    if digest(path) != sha:
        sys.stderr.write(f"{file}: sha256 {digest(path)}, pinned {sha}")
        sys.exit(4)
with zipfile.ZipFile(path) as z:
    try:
        data = z.read(member)
    except KeyError:
        sys.stderr.write(f"{file} holds no {member}")
        sys.exit(5)
with open(out + ".part", "wb") as f:
    f.write(data)
os.replace(out + ".part", out)
"#;

/// The image `member` of `wheel` (a path inside the wheel), on disk; `None`
/// (after a notice) where the wheel cannot be downloaded and `CI` is not
/// set.
pub fn image(wheel: &Wheel, member: &str) -> Option<PathBuf> {
    static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());
    let _guard = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
    let dir = cache();
    let stem = wheel.file.trim_end_matches(".whl");
    let out = dir.join(format!("{stem}--{}", member.replace('/', "--")));
    if out.exists() {
        return Some(out);
    }
    if !super::require_tool("python3", &["--version"]) {
        return None;
    }
    let spec = format!("{}=={}", wheel.package, wheel.version);
    let o = Command::new("python3")
        .args(["-c", FETCH])
        .arg(&dir)
        .args([wheel.file, wheel.sha256, member])
        .arg(&out)
        .args([
            spec.as_str(),
            wheel.python,
            wheel.abi.unwrap_or(""),
            wheel.platform,
        ])
        .output()
        .expect("run python3");
    let why = String::from_utf8_lossy(&o.stderr).trim().to_string();
    match o.status.code() {
        Some(0) => Some(out),
        Some(3) if std::env::var_os("CI").is_none() => {
            let _ = writeln!(
                std::io::stderr().lock(),
                "NOTICE: cannot download {} from PyPI ({why}): the test on it is skipped; with CI set it fails",
                wheel.file
            );
            None
        }
        Some(3) => panic!(
            "cannot download {} from PyPI ({why}); CI is set, so a missing network or pip fails the test",
            wheel.file
        ),
        _ => panic!("{}: {why}", wheel.file),
    }
}
