//! What the emulator's tests share: building the C sources with mingw-w64
//! for i686, under the project's rule for a missing tool (it fails the test
//! when `CI` is set; otherwise the test is skipped with a NOTICE on the
//! real stderr, which libtest does not capture).

#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

/// Real MSVC-built images from pinned PyPI wheels, the scan tests' helper
/// (SPEC 10.1, 13.1).
#[path = "../../../bitexact-cli/tests/common/wheels.rs"]
pub mod wheels;

/// numpy 1.16.6 for Python 2.7 / win32: Visual C++ 2008, x87 code.
pub const NUMPY_27_WIN32: wheels::Wheel = wheels::Wheel {
    package: "numpy",
    version: "1.16.6",
    python: "2.7",
    abi: Some("cp27m"),
    platform: "win32",
    file: "numpy-1.16.6-cp27-cp27m-win32.whl",
    sha256: "345b1748e6b0d4773a518868c783b16fdc33a22683bdb863484cd29fe8d206e6",
};

/// Its `numpy/random/mtrand.pyd`, downloaded and cached (`None` after a
/// NOTICE where PyPI cannot be reached and `CI` is not set).
pub fn mtrand() -> Option<PathBuf> {
    wheels::image(&NUMPY_27_WIN32, "numpy/random/mtrand.pyd")
}

/// `true` when `tool probe_args…` runs (the wheel helper's probe for
/// `python3`). With `CI` set a missing tool fails the test; otherwise a
/// NOTICE says it is skipped.
pub fn require_tool(tool: &str, probe_args: &[&str]) -> bool {
    match Command::new(tool).args(probe_args).output() {
        Ok(o) if o.status.success() => true,
        r => {
            let why = match r {
                Ok(o) => String::from_utf8_lossy(&o.stderr).trim().to_string(),
                Err(e) => e.to_string(),
            };
            assert!(
                std::env::var_os("CI").is_none(),
                "`{tool}` does not run ({why}); CI is set, so a missing tool fails the test"
            );
            let _ = writeln!(
                std::io::stderr().lock(),
                "NOTICE: `{tool}` does not run ({why}): the tests on real images are skipped; with CI set they fail"
            );
            false
        }
    }
}

/// The compiler.
pub const MINGW: &str = "i686-w64-mingw32-gcc";

/// Builds `tests/c/{name}.c` into a PE32 with x87 arithmetic and returns
/// its path, or `None` (after the NOTICE) when mingw-w64 is missing and
/// `CI` is not set. Built once per test binary.
pub fn build(name: &str) -> Option<PathBuf> {
    static BUILT: Mutex<Vec<(String, Option<PathBuf>)>> = Mutex::new(Vec::new());
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, p)) = built.iter().find(|(n, _)| n == name) {
        return p.clone();
    }
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/c/{name}.c"));
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}.exe"));
    let r = Command::new(MINGW)
        .args([
            "-O2",
            "-std=c11",
            "-m32",
            "-mfpmath=387",
            "-fno-math-errno",
            "-fwrapv",
        ])
        .arg(&src)
        .arg("-o")
        .arg(&out)
        .output();
    let p = match r {
        Ok(o) if o.status.success() => Some(out),
        Ok(o) => panic!(
            "{MINGW} failed on {}: {}",
            src.display(),
            String::from_utf8_lossy(&o.stderr)
        ),
        Err(e) => {
            if std::env::var_os("CI").is_some() {
                panic!("`{MINGW}` does not run ({e}): this test needs it (apt-get install gcc-mingw-w64-i686); CI is set, so a missing tool fails the test");
            }
            let _ = writeln!(
                std::io::stderr().lock(),
                "NOTICE: the tests that build PE32 images are skipped: `{MINGW}` does not run ({e}) (apt-get install gcc-mingw-w64-i686); with CI set they fail"
            );
            None
        }
    };
    built.push((name.to_string(), p.clone()));
    p
}

/// splitmix64, for test inputs.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The main workspace's `bitexact` binary, built (release) if needed, for
/// the tests that hand this crate's records to `bitexact trace compare`.
pub fn bitexact_binary() -> PathBuf {
    static BUILT: Mutex<Option<PathBuf>> = Mutex::new(None);
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(p) = built.as_ref() {
        return p.clone();
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let st = Command::new(env!("CARGO"))
        .args([
            "build",
            "--release",
            "--quiet",
            "--locked",
            "-p",
            "bitexact-cli",
            "--manifest-path",
        ])
        .arg(root.join("Cargo.toml"))
        // This crate's target directory is not the main workspace's.
        .env_remove("CARGO_TARGET_DIR")
        .status()
        .unwrap();
    assert!(st.success(), "building bitexact-cli in the main workspace");
    let p = root.join("target/release/bitexact");
    *built = Some(p.clone());
    p
}
