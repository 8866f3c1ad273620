//! The C ABI as a C and a C++ consumer sees it: `tests/c/abi_test.c` (C11)
//! and `tests/c/abi_test.cpp` (C++17), compiled by gcc / g++ with
//! `-Wall -Wextra -Werror -pedantic` against the committed
//! `include/bitexact.h`, linked once against `libbitexact.a` and once
//! against `libbitexact.so`, and run. The programs check the source
//! documents' vectors (seed 000's MT19937 words, seed 001's FNV-1a, SPEC 4's
//! Westwood value) and the reference outputs of the C&C family, round trips
//! and identification, and that bad input gets the right status.
//!
//! `cargo test` does not build a crate's staticlib / cdylib for its
//! integration tests, so this test runs `cargo build -p bitexact-ffi` itself
//! (same target directory and profile) before linking. Without gcc / g++
//! the tests print why and pass, unless `CI` is set: then they fail.
//! Without pkg-config its one test prints why and passes.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

const CRATE_DIR: &str = env!("CARGO_MANIFEST_DIR");
/// The native libraries a Rust staticlib needs on Linux (`rustc --print
/// native-static-libs`); also the `.pc` file's `Libs.private`.
const NATIVE_STATIC_LIBS: [&str; 7] = [
    "-lgcc_s",
    "-lutil",
    "-lrt",
    "-lpthread",
    "-lm",
    "-ldl",
    "-lc",
];

/// `true` when `tool` runs; otherwise skip (print why) or, for the
/// compilers under CI, fail. (pkg-config is not promised on every machine:
/// its test only skips.)
fn have(tool: &str) -> bool {
    have_tool(tool, true)
}

fn have_tool(tool: &str, required_in_ci: bool) -> bool {
    let ok = Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        assert!(
            !required_in_ci || std::env::var_os("CI").is_none(),
            "`{tool}` is not installed, and CI is set: the C ABI tests must run in CI"
        );
        if required_in_ci {
            eprintln!("skipped: `{tool}` is not installed (with CI set this fails)");
        } else {
            eprintln!("skipped: `{tool}` is not installed");
        }
    }
    ok
}

struct Library {
    /// The directory holding libbitexact.a and libbitexact.so.
    dir: PathBuf,
}

impl Library {
    fn static_lib(&self) -> PathBuf {
        self.dir.join("libbitexact.a")
    }
}

/// Build the staticlib and cdylib with this test's profile into this test's
/// target directory, once per test binary.
fn library() -> &'static Library {
    static LIB: OnceLock<Library> = OnceLock::new();
    LIB.get_or_init(|| {
        // target/<profile>/deps/c_abi-<hash>, or target/<triple>/<profile>/deps/...
        let exe = std::env::current_exe().expect("test executable path");
        let profile_dir = exe
            .parent()
            .and_then(Path::parent)
            .expect("target/<profile>")
            .to_path_buf();
        let profile = profile_dir
            .file_name()
            .and_then(|n| n.to_str())
            .expect("profile name");
        let parent = profile_dir.parent().expect("target dir");
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
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let mut cmd = Command::new(cargo);
        cmd.args(["build", "-p", "bitexact-ffi", "--lib", "--target-dir"])
            .arg(&target_dir)
            .current_dir(CRATE_DIR);
        match profile {
            "debug" => {}
            "release" => {
                cmd.arg("--release");
            }
            other => {
                cmd.args(["--profile", other]);
            }
        }
        if let Some(t) = triple {
            cmd.args(["--target", &t]);
        }
        let out = cmd.output().expect("run cargo build -p bitexact-ffi");
        assert!(
            out.status.success(),
            "cargo build -p bitexact-ffi failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        for name in ["libbitexact.a", "libbitexact.so"] {
            assert!(
                profile_dir.join(name).is_file(),
                "{name} not in {}",
                profile_dir.display()
            );
        }
        Library { dir: profile_dir }
    })
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("c_abi")
        .join(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[derive(Clone, Copy)]
enum Lang {
    C,
    Cxx,
}

#[derive(Clone, Copy)]
enum Link {
    Static,
    Shared,
}

/// Compile, link and run one test program; panics with the compiler's or
/// the program's output when anything fails.
fn build_and_run(lang: Lang, link: Link) {
    let (compiler, std_flag, source, summary) = match lang {
        Lang::C => ("gcc", "-std=c11", "tests/c/abi_test.c", "c abi: "),
        Lang::Cxx => ("g++", "-std=c++17", "tests/c/abi_test.cpp", "c++ abi: "),
    };
    if !have(compiler) {
        return;
    }
    let lib = library();
    let name = format!(
        "{}_{}",
        match lang {
            Lang::C => "c",
            Lang::Cxx => "cxx",
        },
        match link {
            Link::Static => "static",
            Link::Shared => "shared",
        }
    );
    let exe = scratch(&name).join("abi_test");
    let mut cmd = Command::new(compiler);
    cmd.current_dir(CRATE_DIR)
        .args([
            std_flag,
            "-Wall",
            "-Wextra",
            "-Werror",
            "-pedantic",
            "-Iinclude",
            source,
            "-o",
        ])
        .arg(&exe);
    match link {
        Link::Static => {
            cmd.arg(lib.static_lib()).args(NATIVE_STATIC_LIBS);
        }
        Link::Shared => {
            cmd.arg("-L")
                .arg(&lib.dir)
                .arg("-lbitexact")
                .arg(format!("-Wl,-rpath,{}", lib.dir.display()))
                .arg("-lm");
        }
    }
    let out = cmd.output().expect("run the compiler");
    assert!(
        out.status.success(),
        "{compiler} failed on {source} ({name}):\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    if let Link::Static = link {
        // The static build must not need libbitexact.so at run time.
        let run = Command::new(&exe)
            .env("LD_LIBRARY_PATH", "/nonexistent")
            .output()
            .expect("run");
        assert_outcome(&name, summary, &run);
    } else {
        let run = Command::new(&exe).output().expect("run");
        assert_outcome(&name, summary, &run);
    }
}

fn assert_outcome(name: &str, summary: &str, run: &std::process::Output) {
    let stdout = String::from_utf8_lossy(&run.stdout);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        run.status.success() && stdout.contains(summary) && stdout.contains(" 0 failed"),
        "{name}: the test program failed ({}):\n{stdout}{stderr}",
        run.status
    );
    print!("{name}: {stdout}");
}

#[test]
fn c_program_against_the_static_library() {
    build_and_run(Lang::C, Link::Static);
}

#[test]
fn c_program_against_the_shared_library() {
    build_and_run(Lang::C, Link::Shared);
}

#[test]
fn cxx_program_against_the_static_library() {
    build_and_run(Lang::Cxx, Link::Static);
}

#[test]
fn cxx_program_against_the_shared_library() {
    build_and_run(Lang::Cxx, Link::Shared);
}

/// The shared library exports exactly the functions the header declares.
#[test]
fn shared_library_exports_the_header_functions() {
    if !have("nm") {
        return;
    }
    let lib = library();
    let header = std::fs::read_to_string(Path::new(CRATE_DIR).join("include/bitexact.h")).unwrap();
    let mut declared: Vec<String> = header
        .lines()
        .filter(|l| !l.starts_with("//") && !l.starts_with(' ') && !l.starts_with('#'))
        .filter_map(|l| {
            let open = l.find('(')?;
            let name = l[..open].rsplit([' ', '*']).next()?;
            name.starts_with("bx_").then(|| name.to_owned())
        })
        .collect();
    declared.sort();
    let out = Command::new("nm")
        .args(["-D", "--defined-only"])
        .arg(lib.dir.join("libbitexact.so"))
        .output()
        .expect("nm");
    let mut exported: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.split_whitespace().nth(2))
        .filter(|s| s.starts_with("bx_"))
        .map(str::to_owned)
        .collect();
    exported.sort();
    assert!(
        declared.len() > 60,
        "only {} functions parsed from the header",
        declared.len()
    );
    assert_eq!(
        declared, exported,
        "header declarations vs libbitexact.so exports"
    );
}

/// `bitexact.pc.in` filled in for the build tree gives working flags.
#[test]
fn pkg_config_file_gives_the_flags() {
    if !have_tool("pkg-config", false) {
        return;
    }
    let lib = library();
    let dir = scratch("pkgconfig");
    let template = std::fs::read_to_string(Path::new(CRATE_DIR).join("bitexact.pc.in")).unwrap();
    let include = Path::new(CRATE_DIR).join("include");
    let pc = template
        .replace("@PREFIX@", &lib.dir.display().to_string())
        .replace("@LIBDIR@", &lib.dir.display().to_string())
        .replace("@INCLUDEDIR@", &include.display().to_string())
        .replace("@VERSION@", env!("CARGO_PKG_VERSION"));
    std::fs::write(dir.join("bitexact.pc"), pc).unwrap();
    let query = |args: &[&str]| {
        let out = Command::new("pkg-config")
            .args(args)
            .arg("bitexact")
            .env("PKG_CONFIG_PATH", &dir)
            .output()
            .expect("pkg-config");
        assert!(
            out.status.success(),
            "pkg-config {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).trim().to_owned()
    };
    assert_eq!(query(&["--modversion"]), env!("CARGO_PKG_VERSION"));
    assert_eq!(query(&["--cflags"]), format!("-I{}", include.display()));
    assert_eq!(
        query(&["--libs"]),
        format!("-L{} -lbitexact", lib.dir.display())
    );
    let static_libs = query(&["--static", "--libs"]);
    for l in NATIVE_STATIC_LIBS {
        assert!(static_libs.contains(l), "{l} missing from {static_libs}");
    }
}

/// The first ```` ```c ```` block after `heading` in `markdown` and the first
/// ```` ```text ```` block after that one.
fn snippet_and_output(markdown: &str, heading: &str) -> (String, String) {
    let from = markdown
        .find(heading)
        .unwrap_or_else(|| panic!("no {heading:?}"));
    let block = |tag: &str, at: usize| -> (String, usize) {
        let open = format!("```{tag}\n");
        let start = markdown[at..]
            .find(&open)
            .unwrap_or_else(|| panic!("no {open:?} block"))
            + at
            + open.len();
        let end = markdown[start..].find("```\n").expect("closed block") + start;
        (markdown[start..end].to_owned(), end)
    };
    let (code, end) = block("c", from);
    let (text, _) = block("text", end);
    (code, text)
}

/// Compile `source` (C11, warnings as errors) against the static library,
/// run it, and compare its output with `expected`.
fn c_program_prints(name: &str, source: &Path, expected: &str) {
    if !have("gcc") {
        return;
    }
    let lib = library();
    let exe = scratch(name).join("program");
    let out = Command::new("gcc")
        .current_dir(CRATE_DIR)
        .args([
            "-std=c11",
            "-Wall",
            "-Wextra",
            "-Werror",
            "-pedantic",
            "-Iinclude",
        ])
        .arg(source)
        .arg("-o")
        .arg(&exe)
        .arg(lib.static_lib())
        .args(NATIVE_STATIC_LIBS)
        .output()
        .expect("run gcc");
    assert!(
        out.status.success(),
        "gcc failed on {}:\n{}",
        source.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let run = Command::new(&exe).output().expect("run");
    assert!(run.status.success(), "{name} exited with {}", run.status);
    assert_eq!(
        String::from_utf8_lossy(&run.stdout),
        expected,
        "{name}'s output"
    );
}

/// The README's C snippet prints the output the README shows.
#[test]
fn readme_c_snippet_prints_what_the_readme_shows() {
    let readme = std::fs::read_to_string(Path::new(CRATE_DIR).join("../../README.md")).unwrap();
    let (code, output) = snippet_and_output(&readme, "\n## C and C++\n");
    let source = scratch("readme").join("readme.c");
    std::fs::write(&source, code).unwrap();
    c_program_prints("readme", &source, &output);
}

/// examples/c/main.c prints what examples/c/README.md shows.
#[test]
fn example_program_prints_what_its_readme_shows() {
    let example = Path::new(CRATE_DIR).join("../../examples/c");
    let readme = std::fs::read_to_string(example.join("README.md")).unwrap();
    let from = readme.find("```text\n").expect("a text block") + "```text\n".len();
    let output = &readme[from..from + readme[from..].find("```\n").expect("closed block")];
    c_program_prints("example", &example.join("main.c"), output);
}
