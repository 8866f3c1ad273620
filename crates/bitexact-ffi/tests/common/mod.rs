//! What `tests/c_abi.rs` and `tests/install.rs` share: the C library built
//! the way this test binary was (`cargo test` does not build a crate's
//! staticlib / cdylib for its integration tests, so the tests run `cargo
//! build -p bitexact-ffi` themselves, same target directory and profile),
//! the rule for missing tools, and examples/c's expected output.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

pub const CRATE_DIR: &str = env!("CARGO_MANIFEST_DIR");

/// The repository root.
pub fn repo_root() -> PathBuf {
    Path::new(CRATE_DIR)
        .ancestors()
        .nth(2)
        .expect("crates/bitexact-ffi has a grandparent")
        .to_path_buf()
}

/// `true` when `tool --version` runs. When it does not: with `CI` set this
/// fails (CI installs every tool these tests use); otherwise the calling
/// test prints why it is skipped and passes. The notice goes to the
/// process's stderr directly, not through `eprintln!`, which libtest
/// captures: it shows in a plain `cargo test` run.
pub fn have(tool: &str) -> bool {
    have_for(tool, "skipped")
}

/// [`have`], for a part of a test: `skipped` says what is skipped.
pub fn have_for(tool: &str, skipped: &str) -> bool {
    let ok = Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        assert!(
            std::env::var_os("CI").is_none(),
            "`{tool}` is not installed, and CI is set: the C tests must run in CI"
        );
        let test = std::thread::current()
            .name()
            .unwrap_or("a C test")
            .to_owned();
        let _ = writeln!(
            std::io::stderr().lock(),
            "NOTICE: {test}: {skipped}: `{tool}` is not installed (with CI set this fails)"
        );
    }
    ok
}

pub struct Library {
    /// The directory holding libbitexact.a and libbitexact.so.
    pub dir: PathBuf,
}

impl Library {
    pub fn static_lib(&self) -> PathBuf {
        self.dir.join("libbitexact.a")
    }

    pub fn shared_lib(&self) -> PathBuf {
        self.dir.join("libbitexact.so")
    }
}

/// Where this test binary's profile puts its artifacts, and the `cargo
/// build` flags that build into the same place.
pub struct Profile {
    /// target/<profile> (or target/<triple>/<profile>)
    pub dir: PathBuf,
    target_dir: PathBuf,
    profile: String,
    triple: Option<String>,
}

pub fn profile() -> &'static Profile {
    static PROFILE: OnceLock<Profile> = OnceLock::new();
    PROFILE.get_or_init(|| {
        // target/<profile>/deps/<test>-<hash>, or target/<triple>/<profile>/deps/...
        let exe = std::env::current_exe().expect("test executable path");
        let dir = exe
            .parent()
            .and_then(Path::parent)
            .expect("target/<profile>")
            .to_path_buf();
        let profile = dir
            .file_name()
            .and_then(|n| n.to_str())
            .expect("profile name")
            .to_owned();
        let parent = dir.parent().expect("target dir");
        // Cargo marks the target directory's root with CACHEDIR.TAG; a
        // directory between it and the profile is a target triple.
        let (target_dir, triple) = if parent.join("CACHEDIR.TAG").exists() {
            (parent.to_path_buf(), None)
        } else {
            let triple = parent
                .file_name()
                .and_then(|n| n.to_str())
                .map(str::to_owned);
            (parent.parent().expect("target dir").to_path_buf(), triple)
        };
        Profile {
            dir,
            target_dir,
            profile,
            triple,
        }
    })
}

/// `cargo build` with `args`, this test's profile and target directory.
pub fn cargo_build(args: &[&str]) {
    let p = profile();
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.arg("build")
        .args(args)
        .arg("--target-dir")
        .arg(&p.target_dir)
        .current_dir(CRATE_DIR);
    match p.profile.as_str() {
        "debug" => {}
        "release" => {
            cmd.arg("--release");
        }
        other => {
            cmd.args(["--profile", other]);
        }
    }
    if let Some(t) = &p.triple {
        cmd.args(["--target", t]);
    }
    let out = cmd.output().expect("run cargo build");
    assert!(
        out.status.success(),
        "cargo build {args:?} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Build the staticlib and cdylib with this test's profile into this test's
/// target directory, once per test binary.
pub fn library() -> &'static Library {
    static LIB: OnceLock<Library> = OnceLock::new();
    LIB.get_or_init(|| {
        cargo_build(&["-p", "bitexact-ffi", "--lib"]);
        let lib = Library {
            dir: profile().dir.clone(),
        };
        for path in [lib.static_lib(), lib.shared_lib()] {
            assert!(path.is_file(), "{} not built", path.display());
        }
        lib
    })
}

/// What examples/c's demo prints: the first ```` ```text ```` block of
/// examples/c/README.md.
pub fn example_output() -> String {
    let readme = std::fs::read_to_string(repo_root().join("examples/c/README.md")).unwrap();
    let from = readme.find("```text\n").expect("a text block") + "```text\n".len();
    let len = readme[from..].find("```\n").expect("closed block");
    readme[from..from + len].to_owned()
}
