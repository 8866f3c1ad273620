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
//! (same target directory and profile) before linking (`common::library`).
//! Without a tool a test needs (gcc, g++, nm, pkg-config) that test prints
//! a notice, visible in a plain `cargo test` run, and passes, unless `CI` is
//! set: then it fails.

mod common;

use common::{cargo_build, have, library, profile, CRATE_DIR};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

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

/// The CLI binary, `bitexact`, built as the library is.
fn cli() -> &'static Path {
    static CLI: OnceLock<PathBuf> = OnceLock::new();
    CLI.get_or_init(|| {
        cargo_build(&["-p", "bitexact-cli", "--bin", "bitexact"]);
        let exe = profile().dir.join("bitexact");
        assert!(exe.is_file(), "{} not built", exe.display());
        exe
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
        .arg(lib.shared_lib())
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
    if !have("pkg-config") {
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

/// Compile `source` (C11, warnings as errors) against the static library
/// into a program named after `name`; `None` (skipped) without gcc.
fn compile_c(name: &str, source: &Path) -> Option<PathBuf> {
    if !have("gcc") {
        return None;
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
    Some(exe)
}

/// Compile `source` as [`compile_c`] does, run it, and compare its output
/// with `expected`.
fn c_program_prints(name: &str, source: &Path, expected: &str) {
    let Some(exe) = compile_c(name, source) else {
        return;
    };
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
    let main_c = common::repo_root().join("examples/c/main.c");
    c_program_prints("example", &main_c, &common::example_output());
}

/// One `bx_recover` case: the CLI's engine arguments, the C engine number,
/// the tap (None: the raw word), the values, the seed range (end 0: the
/// whole space, no `--seed-range`), the hit budget and the offset bound (0:
/// the default, no `--max-offset`).
struct Case {
    cli: &'static [&'static str],
    engine: u32,
    tap: Option<&'static str>,
    values: String,
    seeds: (u64, u64),
    max_hits: u64,
    max_offset: u64,
}

/// What a search answered, as both front ends can say it.
#[derive(Debug, PartialEq, Eq)]
struct Answer {
    found: bool,
    hits: Vec<(u64, u64)>,
    searched: u64,
    complete: bool,
    /// `stopped_at` / `interrupted_at` (None when complete).
    stopped_at: Option<u64>,
}

fn cli_answer(c: &Case, threads: u32) -> Answer {
    let mut cmd = Command::new(cli());
    cmd.arg("--quiet").arg("recover").args(c.cli);
    if let Some(t) = c.tap {
        cmd.args(["--tap", t]);
    }
    cmd.args(["--values", &c.values]);
    match c.seeds {
        (0, 0) => {}
        (a, b) => {
            assert!(b > a, "a case's seed range ends at 0 only as (0, 0)");
            cmd.args(["--seed-range", &format!("{a}..{b}")]);
        }
    }
    if c.max_offset != 0 {
        cmd.args(["--max-offset", &c.max_offset.to_string()]);
    }
    cmd.args(["--threads", &threads.to_string()])
        .args(["--max-hits", &c.max_hits.to_string()])
        .arg("--json");
    let out = cmd.output().expect("run bitexact recover");
    let code = out.status.code();
    assert!(
        matches!(code, Some(0 | 1)),
        "bitexact recover {:?} exited with {code:?}: {}",
        c.cli,
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value =
        serde_json::from_slice(&out.stdout).expect("bitexact recover --json prints JSON");
    let hits = json["hits"]
        .as_array()
        .expect("hits")
        .iter()
        .map(|h| (h["seed"].as_u64().unwrap(), h["offset"].as_u64().unwrap()))
        .collect();
    let stopped_at = json
        .get("stopped_at")
        .or_else(|| json.get("interrupted_at"))
        .and_then(serde_json::Value::as_u64);
    Answer {
        found: code == Some(0),
        hits,
        searched: json["searched"].as_u64().expect("searched"),
        complete: json["complete"].as_bool().expect("complete"),
        stopped_at,
    }
}

fn c_answer(driver: &Path, c: &Case, threads: u32) -> Answer {
    let out = Command::new(driver)
        .arg(c.engine.to_string())
        .arg(c.tap.unwrap_or("-"))
        .arg(&c.values)
        .arg(c.seeds.0.to_string())
        .arg(c.seeds.1.to_string())
        .arg(threads.to_string())
        .arg(c.max_hits.to_string())
        .arg(c.max_offset.to_string())
        .output()
        .expect("run recover_driver");
    assert!(out.status.success(), "recover_driver failed");
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();
    let status: i32 = lines.next().unwrap()["status ".len()..].parse().unwrap();
    let words: Vec<u64> = lines
        .next()
        .unwrap()
        .split(' ')
        .skip(1)
        .step_by(2)
        .map(|w| w.parse().unwrap())
        .collect();
    let [count, complete, end, stopped_at, searched] = words[..] else {
        panic!("the result line: {text}");
    };
    let hits: Vec<(u64, u64)> = lines
        .map(|l| {
            let mut w = l.split(' ').skip(1).map(|v| v.parse::<u64>().unwrap());
            (w.next().unwrap(), w.next().unwrap())
        })
        .collect();
    assert_eq!(hits.len() as u64, count);
    // BX_OK: found; BX_NOT_FOUND (6): complete and empty; nothing else here.
    assert!(
        status == 0 || status == 6,
        "bx_recover gave status {status}"
    );
    assert_eq!(status == 6, complete == 1 && count == 0);
    assert_eq!(complete == 1, end == 0);
    Answer {
        found: status == 0,
        hits,
        searched,
        complete: complete == 1,
        stopped_at: (end != 0).then_some(stopped_at),
    }
}

/// `bx_recover` finds exactly what `bitexact recover` finds (hits, seeds
/// searched, complete or where it stopped, found or not) on a table of
/// cases over every engine, at 1, 2, 7 and 16 threads.
#[test]
fn bx_recover_finds_what_the_cli_finds() {
    let Some(driver) = compile_c("recover_driver", Path::new("tests/c/recover_driver.c")) else {
        return;
    };
    // 624 raw words of seed 42 after 1000: a walk, no seed search.
    let block = {
        let out = Command::new(cli())
            .args(["stream", "sots", "--seed", "42", "--skip", "1000"])
            .args(["--count", "624"])
            .output()
            .expect("run bitexact stream");
        assert!(out.status.success());
        String::from_utf8(out.stdout)
            .unwrap()
            .trim()
            .replace('\n', ",")
    };
    let case = |cli, engine, tap, values: &str, seeds, max_hits, max_offset| Case {
        cli,
        engine,
        tap,
        values: values.to_owned(),
        seeds,
        max_hits,
        max_offset,
    };
    let cases = [
        case(
            &["sots"],
            0,
            None,
            "822569775,2137449171",
            (0, 1_000_000),
            1000,
            0,
        ),
        case(&["sots"], 0, Some("int:5"), "1,3,1,0", (0, 300_000), 50, 3),
        case(
            &["sots"],
            0,
            Some("frange:-1,1"),
            "0.17602909,0.5143068,0.39821744",
            (0, 100_000),
            10,
            0,
        ),
        case(&["sots"], 0, None, "1,2", (0, 100_000), 10, 0),
        case(&["sots"], 0, None, &block, (0, 0), 10, 0),
        case(
            &["laige"],
            1,
            None,
            "9607003792531800332",
            (1_000_000_000_000, 1_000_000_100_000),
            10,
            0,
        ),
        case(
            &["laige"],
            1,
            Some("range:0,6"),
            "3,4,1,2,0,2",
            (0, 60_000),
            100,
            2,
        ),
        case(
            &["westwood", "--class", "random"],
            2,
            None,
            "28051,2269,8500,26453,20370",
            (0, 1_000_000),
            10,
            0,
        ),
        case(
            &["westwood"],
            3,
            Some("ranged:1,6"),
            "5,1,2,5",
            (0, 200_000),
            100,
            0,
        ),
        case(
            &["westwood"],
            3,
            None,
            "660436142,-630998735",
            (0, 100_000),
            10,
            5,
        ),
        case(
            &["westwood"],
            3,
            Some("double"),
            "0.9430979294702411,0.30753954453393817",
            (0, 50_000),
            10,
            0,
        ),
        case(
            &["westwood", "--class", "random3"],
            4,
            None,
            "-191430243,1553801940",
            (0, 100_000),
            10,
            4,
        ),
        case(
            &["westwood", "--class", "random4"],
            5,
            Some("float"),
            "0.66276366,0.18395256,0.14418484",
            (0, 200_000),
            10,
            0,
        ),
        case(
            &["openra"],
            6,
            None,
            "1844333030,346629434,2046497708",
            (4_294_900_000, 4_294_967_296),
            10,
            0,
        ),
        case(
            &["generals"],
            7,
            Some("value:1,100"),
            "8,85,53,37",
            (0, 30_000),
            100,
            0,
        ),
        case(&["generals"], 7, None, "1,2", (0, 20_000), 10, 0),
        // Mono's Random(-12345): Next(1, 7) dice, found at 12345 and -12345.
        case(
            &["dotnet"],
            8,
            None,
            "143337951,150666398",
            (4_294_954_000, 4_294_955_000),
            10,
            0,
        ),
        case(
            &["dotnet"],
            8,
            Some("next:6"),
            "4,3,4,4,0,4,1",
            (12_000, 13_000),
            10,
            2,
        ),
    ];
    let mut found = 0;
    let mut stopped = 0;
    for c in &cases {
        let want = cli_answer(c, 1);
        found += usize::from(want.found);
        stopped += usize::from(want.stopped_at.is_some());
        for threads in [1, 2, 7, 16] {
            assert_eq!(
                cli_answer(c, threads),
                want,
                "the CLI itself at {threads} threads: {:?} {:?}",
                c.cli,
                c.tap
            );
            assert_eq!(
                c_answer(&driver, c, threads),
                want,
                "bx_recover at {threads} threads vs the CLI: {:?} {:?} {}",
                c.cli,
                c.tap,
                c.values.len()
            );
        }
    }
    // The table covers found, not found and stopped answers.
    assert!(
        found >= 12 && found < cases.len() && stopped >= 3,
        "{found} found, {stopped} stopped"
    );
}
