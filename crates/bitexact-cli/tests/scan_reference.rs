//! `bitexact scan` on a transcription of the reference MT19937
//! (`tests/scan_ref/mt19937ar.c`: `init_genrand`, `init_by_array`,
//! `genrand_int32`), compiled here by gcc (-O0, -O2, -O3; ELF64 and ELF32)
//! and mingw-w64 (PE32+, PE32) at -O2.
//!
//! What each function must hold comes from `objdump -d` of the same image,
//! not from the scanner: a function holds one `mt19937.seed_knuth` site
//! exactly when its disassembly has an `imul` by 0x6c078965 (gcc inlines
//! `init_genrand` into `init_by_array` as `init_genrand(19650218)` and into
//! `genrand_int32` as `init_genrand(5489)`, its first value a folded
//! constant), one `mt19937.seed_by_array` site exactly when it multiplies by
//! 0x19660d or 0x5d588b65, and `genrand_int32` one tempering. Every such
//! site is complete; with `init_genrand` static (`-DSTATIC_SEED`) gcc
//! clones it as `init_genrand.constprop.0`, and the clone holds the site.
//! Forged builds (one multiplier changed; a seeding loop
//! of 600 words) are never complete.
//!
//! Without the target's compiler, or its `objdump`, a test prints a notice
//! and passes, unless `CI` is set: then it fails (`common::require_*`).

mod common;

use common::{
    bitexact, build_c, require_cc, require_cc_for, require_tool, scan_ref, stderr, stdout, temp,
};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A build: compiler, its flags, and its objdump.
struct Build {
    cc: &'static str,
    flags: &'static [&'static str],
    objdump: &'static str,
    /// What the linker appends to the output's name.
    ext: &'static str,
    /// The binutils `strip` for the format.
    strip: &'static str,
}

const ELF64: Build = Build {
    cc: "gcc",
    flags: &["-fpie", "-pie"],
    objdump: "objdump",
    ext: "",
    strip: "strip",
};
const ELF32: Build = Build {
    cc: "gcc",
    flags: &["-m32", "-fno-pie", "-no-pie"],
    objdump: "objdump",
    ext: "",
    strip: "strip",
};
const PE64: Build = Build {
    cc: "x86_64-w64-mingw32-gcc",
    flags: &[],
    objdump: "x86_64-w64-mingw32-objdump",
    ext: ".exe",
    strip: "x86_64-w64-mingw32-strip",
};
const PE32: Build = Build {
    cc: "i686-w64-mingw32-gcc",
    flags: &[],
    objdump: "i686-w64-mingw32-objdump",
    ext: ".exe",
    strip: "i686-w64-mingw32-strip",
};

/// Every build, with its tag.
const ALL: [(&Build, &str); 4] = [
    (&ELF64, "elf64"),
    (&ELF32, "elf32"),
    (&PE64, "pe64"),
    (&PE32, "pe32"),
];

fn source() -> PathBuf {
    scan_ref("mt19937ar.c")
}

/// Compiles the transcription, or says why not (false: skip).
fn compile(b: &Build, opt: &str, defines: &[&str], out: &Path) -> bool {
    let have = require_cc_for(b.cc, b.flags.contains(&"-m32"));
    if !have || !require_tool(b.objdump, &["--version"]) {
        return false;
    }
    let mut flags = b.flags.to_vec();
    flags.extend([opt, "-Wall", "-Wextra", "-Werror"]);
    flags.extend_from_slice(defines);
    build_c(b.cc, &flags, &source(), out);
    true
}

/// Per function (by its name in the disassembly, without a leading `_`),
/// whether it multiplies by each of `constants` (`imul $K`).
fn objdump_multiplies(b: &Build, image: &Path, constants: &[&str]) -> BTreeMap<String, Vec<bool>> {
    let o = Command::new(b.objdump)
        .args(["-d", "--no-show-raw-insn"])
        .arg(image)
        .output()
        .expect("run objdump");
    assert!(
        o.status.success(),
        "objdump: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let mut out = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in String::from_utf8_lossy(&o.stdout).lines() {
        if let (Some(open), true) = (line.find(" <"), line.ends_with(">:")) {
            let name = &line[open + 2..line.len() - 2];
            current = Some(name.trim_start_matches('_').to_string());
            continue;
        }
        let Some(f) = &current else { continue };
        if !line.contains("imul") {
            continue;
        }
        for (i, k) in constants.iter().enumerate() {
            if line.contains(&format!("${k},")) {
                out.entry(f.clone())
                    .or_insert_with(|| vec![false; constants.len()])[i] = true;
            }
        }
    }
    out
}

/// The scan's sites: (function name without a leading `_`, signature, complete).
/// Exit 0 exactly when `finding` is `sites` (an image whose only site is
/// an incomplete seeding, a multiplier SFMT and TinyMT use too, is no
/// generator found: exit 1).
fn sites(image: &Path) -> Vec<(String, String, bool)> {
    let o = bitexact(&["scan", image.to_str().unwrap(), "--json"]);
    assert!(
        matches!(o.status.code(), Some(0 | 1)),
        "scan: {}",
        stderr(&o)
    );
    let v: Value = serde_json::from_str(&stdout(&o)).expect("scan --json");
    assert_eq!(
        o.status.success(),
        v["finding"] == "sites",
        "exit {:?} with finding {}",
        o.status.code(),
        v["finding"]
    );
    v["sites"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["function"]
                    .as_str()
                    .unwrap_or("?")
                    .trim_start_matches('_')
                    .to_string(),
                s["signature"].as_str().unwrap().to_string(),
                s["complete"].as_bool().unwrap(),
            )
        })
        .collect()
}

/// The sites of `signature` in `function`: how many, how many complete.
fn count(s: &[(String, String, bool)], function: &str, signature: &str) -> (usize, usize) {
    let here: Vec<_> = s
        .iter()
        .filter(|(f, g, _)| f == function && g == signature)
        .collect();
    (here.len(), here.iter().filter(|(_, _, c)| *c).count())
}

fn check(b: &Build, opt: &str, tag: &str) {
    check_with(b, opt, &[], "init_genrand", tag);
}

/// [`check`] of a build with `defines`, whose Knuth seeding is the
/// function `seed_fn` (objdump's name).
fn check_with(b: &Build, opt: &str, defines: &[&str], seed_fn: &str, tag: &str) {
    let image = temp(&format!("mt19937ar-{tag}{}", b.ext));
    if !compile(b, opt, defines, &image) {
        return;
    }
    let mul = objdump_multiplies(b, &image, &["0x6c078965", "0x19660d", "0x5d588b65"]);
    let got = sites(&image);
    let mut problems = Vec::new();
    let holders: Vec<&String> = mul.keys().collect();
    for (f, m) in &mul {
        let want_knuth = usize::from(m[0]);
        let want_array = usize::from(m[1] || m[2]);
        for (sig, want) in [
            ("mt19937.seed_knuth", want_knuth),
            ("mt19937.seed_by_array", want_array),
        ] {
            let (n, complete) = count(&got, f, sig);
            if n != want || complete != want {
                problems.push(format!(
                    "{f}: {n} {sig} site(s), {complete} complete; objdump says {want}"
                ));
            }
        }
    }
    // No site where objdump sees no such multiply.
    for (f, sig, _) in &got {
        if sig.starts_with("mt19937.seed_") && !holders.contains(&f) {
            problems.push(format!(
                "{f}: a {sig} site, but no such multiply in objdump"
            ));
        }
    }
    let (n, complete) = count(&got, "genrand_int32", "mt19937.temper");
    if (n, complete) != (1, 1) {
        problems.push(format!(
            "genrand_int32: {n} tempering site(s), {complete} complete; one copy in the source"
        ));
    }
    if !mul.contains_key(seed_fn) {
        problems.push(format!("objdump names no function {seed_fn}"));
    }
    for (f, expect) in [(seed_fn, 1), ("init_by_array", 1)] {
        if count(
            &got,
            f,
            if f == seed_fn {
                "mt19937.seed_knuth"
            } else {
                "mt19937.seed_by_array"
            },
        )
        .1 != expect
        {
            problems.push(format!("{f}: its own seeding is not a complete site"));
        }
    }
    assert!(
        problems.is_empty(),
        "{tag}:\n  {}\nsites: {got:?}",
        problems.join("\n  ")
    );
}

#[test]
fn elf64_o0() {
    check(&ELF64, "-O0", "elf64-O0");
}

#[test]
fn elf64_o2() {
    check(&ELF64, "-O2", "elf64-O2");
}

#[test]
fn elf64_o3() {
    check(&ELF64, "-O3", "elf64-O3");
}

#[test]
fn elf32_o0() {
    check(&ELF32, "-O0", "elf32-O0");
}

#[test]
fn elf32_o2() {
    check(&ELF32, "-O2", "elf32-O2");
}

#[test]
fn elf32_o3() {
    check(&ELF32, "-O3", "elf32-O3");
}

#[test]
fn pe64_o2() {
    check(&PE64, "-O2", "pe64-O2");
}

#[test]
fn pe32_o2() {
    check(&PE32, "-O2", "pe32-O2");
}

/// `init_genrand` static and called with one constant (`-DSTATIC_SEED`):
/// gcc clones it as `init_genrand.constprop.0`, its start folded in, and
/// the clone holds the one complete Knuth site (objdump must name the
/// clone, so the test proves it was made).
#[test]
fn constprop_clones() {
    for (b, tag) in ALL {
        for opt in ["-O2", "-O3"] {
            check_with(
                b,
                opt,
                &["-DSTATIC_SEED"],
                "init_genrand.constprop.0",
                &format!("{tag}{opt}-constprop"),
            );
        }
    }
}

/// One multiplier changed: the site is listed, incomplete, without it.
#[test]
fn a_changed_multiplier_is_never_complete() {
    for (b, tag) in [(&ELF64, "elf64"), (&PE32, "pe32")] {
        for opt in ["-O0", "-O2"] {
            let image = temp(&format!("mt19937ar-forge-mul-{tag}{opt}{}", b.ext));
            if !compile(b, opt, &["-DFORGE_MUL"], &image) {
                continue;
            }
            let got = sites(&image);
            assert_eq!(
                count(&got, "init_by_array", "mt19937.seed_by_array"),
                (1, 0),
                "{tag} {opt}: {got:?}"
            );
        }
    }
}

/// A seeding loop of 600 words (`init_genrand` kept out of line, so the
/// 624-word loops of the functions it would be inlined into are not
/// beside it): its Knuth site is listed, incomplete.
#[test]
fn a_seeding_loop_not_of_624_words_is_never_complete() {
    for (b, tag) in [(&ELF64, "elf64"), (&ELF32, "elf32"), (&PE64, "pe64")] {
        for opt in ["-O0", "-O2", "-O3"] {
            let image = temp(&format!("mt19937ar-forge-bound-{tag}{opt}{}", b.ext));
            if !compile(b, opt, &["-DFORGE_BOUND"], &image) {
                continue;
            }
            let got = sites(&image);
            assert_eq!(
                count(&got, "init_genrand", "mt19937.seed_knuth"),
                (1, 0),
                "{tag} {opt}: {got:?}"
            );
        }
    }
}

/// The 600-word seeding inlined (`-DFORGE_BOUND -DINLINE_SEED`) into
/// `init_by_array` and `genrand_int32`, beside their own 624-word loops:
/// completeness is judged per loop, so no Knuth site is complete, while
/// `init_by_array`'s own seeding still is. objdump must show the inlining
/// (`init_by_array` multiplies by 0x6c078965), so the test proves its shape.
#[test]
fn an_inlined_seeding_loop_not_of_624_words_is_never_complete() {
    for (b, tag) in ALL {
        for opt in ["-O2", "-O3"] {
            let image = temp(&format!("mt19937ar-forge-inline-{tag}{opt}{}", b.ext));
            if !compile(b, opt, &["-DFORGE_BOUND", "-DINLINE_SEED"], &image) {
                continue;
            }
            let mul = objdump_multiplies(b, &image, &["0x6c078965"]);
            assert!(
                mul.get("init_by_array").is_some_and(|m| m[0]),
                "{tag} {opt}: gcc did not inline the seeding into init_by_array: {mul:?}"
            );
            let got = sites(&image);
            let knuth: Vec<_> = got
                .iter()
                .filter(|(_, g, _)| g == "mt19937.seed_knuth")
                .collect();
            assert!(
                !knuth.is_empty() && knuth.iter().all(|(_, _, c)| !c),
                "{tag} {opt}: {got:?}"
            );
            assert_eq!(
                count(&got, "init_by_array", "mt19937.seed_by_array"),
                (1, 1),
                "{tag} {opt}: {got:?}"
            );
        }
    }
}

/// The twist through `mag01[y & 1]`: one complete site in `genrand_int32`
/// at every level and format; with the table's matrix word changed there is
/// none (the constant is nowhere), and with `y >> 2` for `y >> 1` it is
/// listed, incomplete.
#[test]
fn the_table_twist_is_a_site_and_forged_twists_are_never_complete() {
    for (b, tag) in ALL {
        for opt in ["-O0", "-O2", "-O3"] {
            for (forge, want) in [
                ("", (1, 1)),
                ("-DFORGE_MAG01", (0, 0)),
                ("-DFORGE_SHIFT", (1, 0)),
            ] {
                let image = temp(&format!("mt19937ar-twist-{tag}{opt}{forge}{}", b.ext));
                let defines: &[&str] = if forge.is_empty() { &[] } else { &[forge] };
                if !compile(b, opt, defines, &image) {
                    continue;
                }
                let got = sites(&image);
                assert_eq!(
                    count(&got, "genrand_int32", "mt19937.twist"),
                    want,
                    "{tag} {opt} {forge}: {got:?}"
                );
            }
        }
    }
}

/// The scan's JSON report of `image`.
fn report(image: &Path) -> Value {
    let o = bitexact(&["scan", image.to_str().unwrap(), "--json"]);
    assert!(o.status.success(), "scan: {}", stderr(&o));
    serde_json::from_str(&stdout(&o)).expect("scan --json")
}

/// Stripped twins: strip keeps every address, so each site of the build
/// with symbols is, in the stripped build, the same site at the same
/// address, or (where the descent no longer reaches its function: gcc's
/// out-of-line `init_genrand`, called by nobody once inlined) its constant
/// is listed as an operand of code only the sweep decodes. Never dropped in
/// silence.
#[test]
fn stripped_twins_keep_every_site_or_say_where_it_went() {
    for (b, tag, opt) in [
        (&ELF64, "elf64", "-O0"),
        (&ELF64, "elf64", "-O2"),
        (&ELF64, "elf64", "-O3"),
        (&ELF32, "elf32", "-O2"),
        (&PE64, "pe64", "-O2"),
        (&PE32, "pe32", "-O2"),
    ] {
        let image = temp(&format!("mt19937ar-twin-{tag}{opt}{}", b.ext));
        if !compile(b, opt, &[], &image) || !require_tool(b.strip, &["--version"]) {
            continue;
        }
        let stripped = temp(&format!("mt19937ar-twin-{tag}{opt}-s{}", b.ext));
        let o = Command::new(b.strip)
            .arg("-o")
            .arg(&stripped)
            .arg(&image)
            .output()
            .expect("run strip");
        assert!(
            o.status.success(),
            "strip: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let (full, bare) = (report(&image), report(&stripped));
        let key = |s: &Value| {
            (
                s["va"].clone(),
                s["signature"].clone(),
                s["complete"].clone(),
            )
        };
        let bare_sites: Vec<_> = bare["sites"].as_array().unwrap().iter().map(key).collect();
        let sweep_only: Vec<u64> = bare["data"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["sweep_only"] == Value::Bool(true))
            .map(|d| hex(&d["va"]))
            .collect();
        for site in full["sites"].as_array().unwrap() {
            if bare_sites.contains(&key(site)) {
                continue;
            }
            let listed = site["instructions"].as_array().unwrap().iter().any(|i| {
                let at = hex(i);
                sweep_only.iter().any(|&d| (at..at + 15).contains(&d))
            });
            assert!(
                listed,
                "{tag} {opt}: {site} is neither a site of the stripped twin nor listed as sweep-only data: {bare}"
            );
        }
        // With --sweep, each of them is a sweep-only site of the twin, the
        // same site (address, signature, completeness); the sweep-only
        // sites are never among the agreed ones.
        let swept = report_sweep(&stripped);
        assert_eq!(
            swept["sites"], bare["sites"],
            "{tag} {opt}: --sweep changes no agreed site"
        );
        let sweep_sites: Vec<_> = swept["sweep_sites"]
            .as_array()
            .unwrap()
            .iter()
            .map(key)
            .collect();
        for s in swept["sweep_sites"].as_array().unwrap() {
            assert_eq!(s["sweep_only"], Value::Bool(true));
            assert!(
                !bare_sites.iter().any(|b| b.0 == s["va"]),
                "{tag} {opt}: {s} is also agreed"
            );
        }
        for site in full["sites"].as_array().unwrap() {
            let k = key(site);
            assert!(
                bare_sites.contains(&k) || sweep_sites.contains(&k),
                "{tag} {opt}: {site} is neither a site nor a sweep-only site of the stripped twin: {swept}"
            );
        }
    }
}

fn report_sweep(image: &Path) -> Value {
    let o = bitexact(&["scan", image.to_str().unwrap(), "--json", "--sweep"]);
    assert!(o.status.success(), "scan --sweep: {}", stderr(&o));
    serde_json::from_str(&stdout(&o)).expect("scan --json --sweep")
}

fn hex(v: &Value) -> u64 {
    u64::from_str_radix(v.as_str().unwrap().trim_start_matches("0x"), 16).unwrap()
}

/// Knuth's seeding unrolled eight times (`tests/scan_ref/mt_unrolled.c`,
/// CPython's PGO shape): at -O0 gcc keeps the loop's bound of 616, 624
/// less one step (objdump must show `cmp $0x268`), which a 616-word loop
/// also ends with: the site is listed, incomplete. At -O2 gcc rewrites the
/// bound to 624, and the site is complete; stopping at 592 (`-DFORGE`,
/// 600 words) it never is.
#[test]
fn an_unrolled_seeding_is_complete_only_by_its_bound() {
    let src = scan_ref("mt_unrolled.c");
    for b in [&ELF64, &ELF32] {
        let have = require_cc_for(b.cc, b.flags.contains(&"-m32"));
        if !have || !require_tool(b.objdump, &["--version"]) {
            continue;
        }
        for opt in ["-O0", "-O2"] {
            for (forge, complete) in [("", opt != "-O0"), ("-DFORGE", false)] {
                let image = temp(&format!("mt-unrolled{}{opt}{forge}", b.flags.len()));
                let mut flags = b.flags.to_vec();
                flags.extend([opt, "-Wall", "-Werror"]);
                flags.extend((!forge.is_empty()).then_some(forge));
                build_c(b.cc, &flags, &src, &image);
                if opt == "-O0" && forge.is_empty() {
                    let d = Command::new(b.objdump)
                        .args(["-d", "--no-show-raw-insn"])
                        .arg(&image)
                        .output()
                        .expect("run objdump");
                    assert!(
                        String::from_utf8_lossy(&d.stdout).contains("$0x268,"),
                        "{opt}: gcc no longer keeps the bound of 616"
                    );
                }
                let got = sites(&image);
                assert_eq!(
                    count(&got, "seed", "mt19937.seed_knuth"),
                    (1, usize::from(complete)),
                    "{opt} {forge} {:?}: {got:?}",
                    b.flags
                );
            }
        }
    }
}

/// Knuth's seeding over 616, 622, 623, 624 and 625 words
/// (`tests/scan_ref/mt_length.c`) at -O0, -O2, -O3 and -O2
/// -funroll-loops, ELF64: only 624 is complete (gcc bounds the others
/// with 623 or 624 too, and the jump after the compare says which is the
/// last index).
#[test]
fn only_a_624_word_seeding_is_complete() {
    if !require_cc("gcc") {
        return;
    }
    let src = scan_ref("mt_length.c");
    for opt in [&["-O0"][..], &["-O2"], &["-O3"], &["-O2", "-funroll-loops"]] {
        for n in [616, 622, 623, 624, 625] {
            let image = temp(&format!("mt-length-{n}{}", opt.join("")));
            let define = format!("-DN={n}");
            let mut flags = opt.to_vec();
            flags.extend([define.as_str(), "-Wall", "-Werror"]);
            build_c("gcc", &flags, &src, &image);
            let got = sites(&image);
            assert_eq!(
                count(&got, "seed", "mt19937.seed_knuth"),
                (1, usize::from(n == 624)),
                "{opt:?} N={n}: {got:?}"
            );
        }
    }
}

/// A table in `.text` that decodes as a function holding the MSVC rand()
/// step, its address taken by `main` (`tests/scan_ref/table_in_text.c`):
/// the symbol table calls it an object, so no site is there, PIE or not.
#[test]
fn a_data_object_in_code_is_never_a_site() {
    if !require_cc("gcc") {
        return;
    }
    let src = scan_ref("table_in_text.c");
    for pie in [&["-fpie", "-pie"][..], &["-fno-pie", "-no-pie"]] {
        let image = temp(&format!("table-in-text{}", pie.len() + pie[0].len()));
        let mut flags = pie.to_vec();
        flags.extend(["-O2", "-Wall", "-Werror"]);
        build_c("gcc", &flags, &src, &image);
        // Nothing found: exit 1, with the report.
        let o = bitexact(&["scan", image.to_str().unwrap(), "--json"]);
        assert_eq!(o.status.code(), Some(1), "{pie:?}: {}", stdout(&o));
        let v: Value = serde_json::from_str(&stdout(&o)).expect("scan --json");
        assert_eq!(v["sites"], serde_json::json!([]), "{pie:?}");
    }
}
