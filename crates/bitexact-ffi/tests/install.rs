//! The C packaging as a newcomer uses it: the top-level Makefile's `make
//! install` into a temporary prefix (the libraries this test builds, passed
//! with `BUILD_DIR=... NO_BUILD=1`, so make runs no cargo), the installed
//! files, pkg-config's answers from there, examples/c built by its Makefile
//! (and by CMake when cmake is installed) against the install, both demos
//! printing what examples/c/README.md shows, and `make uninstall` leaving
//! no file behind. Everything is written under `CARGO_TARGET_TMPDIR`,
//! nothing into the repository.
//!
//! Without make, cc or pkg-config (or cmake, for its part) a test prints a
//! notice, visible in a plain `cargo test` run, and passes, unless `CI` is
//! set: then it fails. The Makefile installs the Linux layout (`.so`), so
//! the test is Linux's.
#![cfg(target_os = "linux")]

mod common;

use common::{have, have_for, library, repo_root, Library};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// An empty directory of this test's own under `CARGO_TARGET_TMPDIR`.
fn fresh_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("install")
        .join(name);
    if dir.exists() {
        std::fs::remove_dir_all(&dir).unwrap();
    }
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `program` with none of the caller's settings that would change what
/// make, pkg-config or the Makefiles do (an outer make's flags, a DESTDIR,
/// install directories, a compiler's search paths).
fn command(program: &str) -> Command {
    let mut cmd = Command::new(program);
    for var in [
        "MAKEFLAGS",
        "MFLAGS",
        "MAKELEVEL",
        "DESTDIR",
        "PREFIX",
        "LIBDIR",
        "INCLUDEDIR",
        "PKGCONFIGDIR",
        "BUILD_DIR",
        "NO_BUILD",
        "BUILD",
        "BITEXACT",
        "CARGO_TARGET_DIR",
        "PKG_CONFIG_PATH",
        "PKG_CONFIG_LIBDIR",
        "PKG_CONFIG_SYSROOT_DIR",
        "LD_LIBRARY_PATH",
        "LIBRARY_PATH",
        "CPATH",
        "C_INCLUDE_PATH",
    ] {
        cmd.env_remove(var);
    }
    cmd
}

/// Run `cmd`; panic with its output unless it succeeds.
fn run(what: &str, cmd: &mut Command) -> Output {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot run: {e}"));
    assert!(
        out.status.success(),
        "{what} failed ({}):\n{}{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// `make -C <repo root> <args> BUILD_DIR=<this test's libraries> NO_BUILD=1`.
fn make_root(lib: &Library, args: &[String]) -> Output {
    let mut cmd = command("make");
    cmd.arg("-C")
        .arg(repo_root())
        .args(args)
        .arg(format!("BUILD_DIR={}", lib.dir.display()))
        .arg("NO_BUILD=1");
    run(&format!("make {args:?}"), &mut cmd)
}

/// Every file (not directory) under `dir`, relative to it, sorted.
fn files_under(dir: &Path) -> Vec<String> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(root, &path, out);
            } else {
                let rel = path.strip_prefix(root).unwrap();
                out.push(rel.display().to_string());
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

/// The names of `dir`'s entries, with their modification times when
/// `times`: what a build writing into the repository would change.
fn snapshot(dir: &Path, times: bool) -> Vec<(String, Option<std::time::SystemTime>)> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let modified = times.then(|| e.metadata().unwrap().modified().unwrap());
            (e.file_name().to_string_lossy().into_owned(), modified)
        })
        .collect();
    entries.sort();
    entries
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

/// `pkg-config <args> bitexact` with `PKG_CONFIG_PATH=pc_dir`, trimmed.
fn pkg_config(pc_dir: &Path, args: &[&str]) -> String {
    let out = run(
        &format!("pkg-config {args:?} bitexact"),
        command("pkg-config")
            .args(args)
            .arg("bitexact")
            .env("PKG_CONFIG_PATH", pc_dir),
    );
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}

/// Run a demo program and require it to print examples/c/README.md's text
/// block. `static_only`: it must not need libbitexact.so at run time.
fn assert_demo(exe: &Path, static_only: bool) {
    let mut cmd = command(exe.to_str().unwrap());
    if static_only {
        cmd.env("LD_LIBRARY_PATH", "/nonexistent");
    }
    let out = run(&exe.display().to_string(), &mut cmd);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        common::example_output(),
        "{}'s output vs examples/c/README.md",
        exe.display()
    );
}

/// The dynamic loader resolves `exe`'s libbitexact.so to the one under
/// `prefix` (glibc's loader lists what it would load under
/// `LD_TRACE_LOADED_OBJECTS`), not to one elsewhere on the machine.
fn assert_loads_installed_library(exe: &Path, prefix: &Path) {
    let out = run(
        &format!("{} (traced)", exe.display()),
        command(exe.to_str().unwrap()).env("LD_TRACE_LOADED_OBJECTS", "1"),
    );
    let trace = String::from_utf8_lossy(&out.stdout);
    let want = format!(
        "libbitexact.so => {} ",
        prefix.join("lib/libbitexact.so").display()
    );
    assert!(
        trace.lines().any(|l| l.trim_start().starts_with(&want)),
        "{} does not load the installed library:\n{trace}",
        exe.display()
    );
}

/// The tools both tests need; `false` (skip) when one is missing.
fn have_tools() -> bool {
    let missing: Vec<&str> = ["make", "cc", "pkg-config"]
        .into_iter()
        .filter(|t| !have(t))
        .collect();
    missing.is_empty()
}

#[test]
fn install_then_build_the_example_against_it_then_uninstall() {
    if !have_tools() {
        return;
    }
    let lib = library();
    let root = repo_root();
    let example = root.join("examples/c");
    // examples/c whole; of the root, whose files others may be editing, the
    // names.
    let before = (snapshot(&root, false), snapshot(&example, true));
    let tmp = fresh_dir("prefix");
    let prefix = tmp.join("prefix");
    let p = prefix.display().to_string();

    make_root(lib, &["install".into(), format!("PREFIX={p}")]);
    assert_eq!(
        files_under(&prefix),
        [
            "include/bitexact.h",
            "lib/libbitexact.a",
            "lib/libbitexact.so",
            "lib/pkgconfig/bitexact.pc"
        ],
        "the installed files"
    );
    let installed = |rel: &str| prefix.join(rel);
    for (rel, built, want_mode) in [
        ("lib/libbitexact.a", lib.static_lib(), 0o644),
        ("lib/libbitexact.so", lib.shared_lib(), 0o755),
        (
            "include/bitexact.h",
            Path::new(common::CRATE_DIR).join("include/bitexact.h"),
            0o644,
        ),
    ] {
        assert!(
            std::fs::read(installed(rel)).unwrap() == std::fs::read(&built).unwrap(),
            "{rel} is not a copy of {}",
            built.display()
        );
        assert_eq!(mode(&installed(rel)), want_mode, "{rel}'s mode");
    }
    assert_eq!(mode(&installed("lib/pkgconfig/bitexact.pc")), 0o644);
    let pc = std::fs::read_to_string(installed("lib/pkgconfig/bitexact.pc")).unwrap();
    assert!(
        !pc.contains('@') && pc.starts_with(&format!("prefix={p}\n")),
        "bitexact.pc is not filled in:\n{pc}"
    );

    // pkg-config, from the install.
    let pc_dir = prefix.join("lib/pkgconfig");
    assert_eq!(
        pkg_config(&pc_dir, &["--modversion"]),
        env!("CARGO_PKG_VERSION")
    );
    assert_eq!(
        pkg_config(&pc_dir, &["--cflags", "--libs"]),
        format!("-I{p}/include -L{p}/lib -lbitexact")
    );
    assert_eq!(
        pkg_config(&pc_dir, &["--variable=libdir"]),
        format!("{p}/lib")
    );

    // examples/c's Makefile (its default: an installed bitexact), building
    // into the temporary directory.
    let build = tmp.join("build");
    run(
        "make -C examples/c",
        command("make")
            .arg("-C")
            .arg(&example)
            .arg(format!("BUILD={}", build.display()))
            .env("PKG_CONFIG_PATH", &pc_dir),
    );
    assert_demo(&build.join("demo"), false);
    assert_loads_installed_library(&build.join("demo"), &prefix);
    assert_demo(&build.join("demo-static"), true);

    // The CMake project, configured against the install.
    let cmake = tmp.join("cmake");
    if have_for("cmake", "the CMake build skipped") {
        run(
            "cmake configure",
            command("cmake")
                .arg("-S")
                .arg(&example)
                .arg("-B")
                .arg(&cmake)
                .env("PKG_CONFIG_PATH", &pc_dir),
        );
        run("cmake --build", command("cmake").arg("--build").arg(&cmake));
        assert_demo(&cmake.join("demo"), false);
        assert_loads_installed_library(&cmake.join("demo"), &prefix);
        assert_demo(&cmake.join("demo-static"), true);
    }

    make_root(lib, &["uninstall".into(), format!("PREFIX={p}")]);
    assert_eq!(
        files_under(&prefix),
        Vec::<String>::new(),
        "left after make uninstall"
    );
    // The static demo needs nothing that was installed.
    assert_demo(&build.join("demo-static"), true);

    assert_eq!(
        (snapshot(&root, false), snapshot(&example, true)),
        before,
        "the build wrote into the repository"
    );
}

/// A staged install (`DESTDIR`) with its own `LIBDIR`: the files go under
/// DESTDIR, bitexact.pc names the final paths.
#[test]
fn destdir_install_names_the_final_paths() {
    if !have_tools() {
        return;
    }
    let lib = library();
    let stage = fresh_dir("destdir");
    let vars = [
        format!("DESTDIR={}", stage.display()),
        "PREFIX=/opt/bitexact".to_owned(),
        "LIBDIR=/opt/bitexact/lib64".to_owned(),
    ];
    let with = |target: &str| {
        let mut args = vec![target.to_owned()];
        args.extend(vars.iter().cloned());
        args
    };
    make_root(lib, &with("install"));
    assert_eq!(
        files_under(&stage),
        [
            "opt/bitexact/include/bitexact.h",
            "opt/bitexact/lib64/libbitexact.a",
            "opt/bitexact/lib64/libbitexact.so",
            "opt/bitexact/lib64/pkgconfig/bitexact.pc"
        ]
    );
    let pc_dir = stage.join("opt/bitexact/lib64/pkgconfig");
    assert_eq!(
        pkg_config(&pc_dir, &["--cflags", "--libs"]),
        "-I/opt/bitexact/include -L/opt/bitexact/lib64 -lbitexact"
    );
    make_root(lib, &with("uninstall"));
    assert_eq!(files_under(&stage), Vec::<String>::new());
    std::fs::remove_dir_all(&stage).unwrap();
}
