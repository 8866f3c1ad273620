//! `bitexact scan` against images compiled here from `tests/scan_src/`: a
//! small C "game" whose generator sites are known by construction (how many
//! forced-inline draws each `noipa` function holds, which constants it
//! multiplies by), with decoys that hold the same constants where they are
//! no sites (data read through a pointer, inside a longer immediate,
//! straddling two instructions, bytes in an executable section that only a
//! linear sweep decodes).
//!
//! Each target (gcc x86-64 ELF, gcc -m32 ELF32, mingw-w64 PE32+ and PE32, at
//! -O0 -O1 -O2 -O3 -Os, plus stripped builds) is one test:
//! compile, run `bitexact scan IMAGE --json --from turn_driver`, and check,
//! by function name (from `nm`), the number of sites of every signature, the
//! completeness of the sequences, that no site lies in a decoy, the
//! reachable set, and the image header. Without the target's compiler (for
//! ELF32, gcc's multilib) or `nm` a test is skipped with a notice on stderr,
//! visible in a plain `cargo test`, unless `CI` is set: then it fails
//! (`common::require_*`).
//!
//! The counts below were checked against `objdump -d` of every variant with
//! gcc 12 / mingw-w64 gcc 12: one tempering copy per inlined draw (no
//! tail-duplicated or merged copy at any level), one multiply per LCG step,
//! one data read of the unit double per unit draw.

mod common;

use common::{bitexact, require_cc, require_gcc_m32, require_tool, stderr, stdout, temp};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The signatures, in the column order of [`EXPECTED`].
const SIGNATURES: [&str; 9] = [
    "mt19937.temper",
    "mt19937.twist",
    "mt19937.seed_knuth",
    "mt19937.seed_1998",
    "westwood.psdes",
    "wwlib.lcg",
    "msvc.rand",
    "splitmix64",
    "sots.unit_scale",
];

/// Every function of `scan_src/` that holds a site: its sites per signature
/// (columns as in [`SIGNATURES`]) and whether `turn_driver` reaches it by
/// direct calls. From the source, by the contract's counting rules:
/// - `mt19937.temper`: one per use of the forced-inline `mt_draw()` (the
///   `DRAW()` macro, or `mt_draw()` written out) in the function; the
///   out-of-line `genrand_u32` is one use.
/// - `mt19937.twist`, `seed_knuth`, `seed_1998`, `westwood.psdes`,
///   `splitmix64`: one per function using the constant, however many copies
///   the compiler makes (mt_twist's three loops, -O3's vector constants,
///   psdes as a table at -O0..-O2/-Os and as immediates at -O3, laige_seed's
///   two splitmix64 steps, 32-bit halves in -m32 code).
/// - `wwlib.lcg`, `msvc.rand`: one per inlined `ww_lcg()` / `msvc_rand()`
///   (each step is one multiply: the seed is laundered between steps).
/// - `sots.unit_scale`: one per `(double)word * MARS_UNIT.d` (one data read of
///   the double per function: movsd / mulsd / fld / fmul).
///
/// Every other function (main, the decoys, the C runtime) holds none.
#[rustfmt::skip]
const EXPECTED: &[(&str, [u32; 9], bool)] = &[
    //                temper twist knuth 1998 psdes lcg msvc smix unit  reachable
    ("turn_driver",    [1,    0,    0,    0,   0,    0,  0,   0,   0], true),
    ("update_fleet",   [1,    0,    0,    0,   0,    0,  0,   0,   1], true),
    ("combat_roll",    [3,    0,    0,    0,   0,    0,  0,   0,   0], true),
    ("genrand_u32",    [1,    0,    0,    0,   0,    0,  0,   0,   0], true),
    ("ai_think",       [0,    0,    0,    0,   0,    2,  1,   0,   0], true),
    ("mt_twist",       [0,    1,    0,    0,   0,    0,  0,   0,   0], true),
    ("map_setup",      [5,    0,    0,    0,   0,    0,  0,   0,   0], false),
    ("lobby_shuffle",  [2,    0,    0,    0,   0,    0,  0,   0,   0], false),
    ("net_jitter",     [1,    0,    0,    0,   0,    0,  0,   0,   1], false),
    ("mt_seed_knuth",  [0,    0,    1,    0,   0,    0,  0,   0,   0], false),
    ("mt_seed_1998",   [0,    0,    0,    1,   0,    0,  0,   0,   0], false),
    ("ww_psdes",       [0,    0,    0,    0,   1,    0,  0,   0,   0], false),
    ("ww_scatter",     [0,    0,    0,    0,   0,    3,  0,   0,   0], false),
    ("msvc_rand_pair", [0,    0,    0,    0,   0,    0,  2,   0,   0], false),
    ("laige_seed",     [0,    0,    0,    0,   0,    0,  0,   1,   0], false),
    // One draw per case of a switch gcc compiles to a jump table at every
    // level: the cases are reached only through the table.
    ("scripted_encounter", [6, 0,   0,    0,   0,    0,  0,   0,   0], false),
];

/// The direct calls of `scan_src/` (callee lists), for checking `path`.
const CALLS: &[(&str, &[&str])] = &[
    (
        "turn_driver",
        &["mt_twist", "update_fleet", "genrand_u32", "ai_think"],
    ),
    ("update_fleet", &["mt_twist", "combat_roll"]),
    ("combat_roll", &["mt_twist"]),
    ("genrand_u32", &["mt_twist"]),
    ("map_setup", &["mt_twist"]),
    ("lobby_shuffle", &["mt_twist", "genrand_u32"]),
    ("net_jitter", &["mt_twist"]),
    ("scripted_encounter", &["mt_twist"]),
];

/// The decoy objects and their sizes in bytes (`decoys.c`). The decoy
/// functions are every function whose name starts with `decoy_`.
const DECOY_OBJECTS: [(&str, u64); 3] = [
    ("decoy_table", 32 * 4),
    ("decoy_table64", 8 * 8),
    ("decoy_exec_table", 24),
];

/// The signatures whose every site here is a complete sequence.
const ALWAYS_COMPLETE: [&str; 3] = ["mt19937.temper", "wwlib.lcg", "msvc.rand"];

#[derive(Clone, Copy, PartialEq)]
enum Target {
    Elf64,
    Elf32,
    Elf32Pie,
    Pe64,
    Pe32,
}

impl Target {
    /// The compiler and the flags that pick the target.
    fn compiler(self) -> (&'static str, &'static [&'static str]) {
        match self {
            // PIE (rip-relative data) stated, not left to the distribution.
            Target::Elf64 => ("gcc", &["-fpie", "-pie"]),
            // Absolute data addresses, as in a PE32.
            Target::Elf32 => ("gcc", &["-m32", "-fno-pie", "-no-pie"]),
            // PIE i386 code reaches its data through the GOT pointer a PC
            // thunk (`__x86.get_pc_thunk.bx`) loads: the scan's data flow
            // follows it.
            Target::Elf32Pie => ("gcc", &["-m32", "-fpie", "-pie"]),
            Target::Pe64 => ("x86_64-w64-mingw32-gcc", &[]),
            Target::Pe32 => ("i686-w64-mingw32-gcc", &[]),
        }
    }

    fn nm(self) -> &'static str {
        match self {
            Target::Elf64 | Target::Elf32 | Target::Elf32Pie => "nm",
            Target::Pe64 => "x86_64-w64-mingw32-nm",
            Target::Pe32 => "i686-w64-mingw32-nm",
        }
    }

    fn format(self) -> &'static str {
        match self {
            Target::Elf64 => "elf64",
            Target::Elf32 | Target::Elf32Pie => "elf32",
            Target::Pe64 => "pe32+",
            Target::Pe32 => "pe32",
        }
    }

    fn arch(self) -> &'static str {
        match self {
            Target::Elf64 | Target::Pe64 => "x86_64",
            Target::Elf32 | Target::Elf32Pie | Target::Pe32 => "x86",
        }
    }

    /// i686 Windows prefixes C names with `_` in its symbols.
    fn c_name(self, symbol: &str) -> String {
        match self {
            Target::Pe32 => symbol.strip_prefix('_').unwrap_or(symbol).to_string(),
            _ => symbol.to_string(),
        }
    }
}

/// `true` when the target's compiler links a program and its `nm` runs;
/// otherwise skipped (`false`, with a visible notice) or, with `CI` set, a
/// failure.
fn have(target: Target) -> bool {
    let cc = match target {
        Target::Elf32 | Target::Elf32Pie => require_gcc_m32(),
        _ => require_cc(target.compiler().0),
    };
    cc && require_tool(target.nm(), &["--version"])
}

fn sources() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scan_src");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    files.sort();
    assert!(files.len() >= 5, "scan_src/ holds the game's sources");
    files
}

fn compile(target: Target, opt: &str, strip: bool, out: &Path) {
    let (cc, flags) = target.compiler();
    let mut cmd = Command::new(cc);
    cmd.args(flags)
        .args([opt, "-Wall", "-Wextra", "-Werror", "-o"])
        .arg(out)
        .args(sources());
    if strip {
        cmd.arg("-s");
    }
    let o = cmd.output().unwrap();
    assert!(
        o.status.success(),
        "{cc} {opt} failed:\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// The image's symbols (`nm -n`): (address, C name) of the code symbols,
/// sorted, and every symbol's address by C name.
struct Symbols {
    code: Vec<(u64, String)>,
    by_name: BTreeMap<String, u64>,
}

impl Symbols {
    fn read(target: Target, image: &Path) -> Symbols {
        let o = Command::new(target.nm())
            .arg("-n")
            .arg(image)
            .output()
            .unwrap();
        assert!(o.status.success(), "{} failed", target.nm());
        let mut code = Vec::new();
        let mut by_name = BTreeMap::new();
        for line in String::from_utf8(o.stdout).unwrap().lines() {
            let f: Vec<&str> = line.split_whitespace().collect();
            let [addr, kind, name] = f[..] else { continue };
            let (Ok(addr), false) = (u64::from_str_radix(addr, 16), name.starts_with('.')) else {
                continue;
            };
            let name = target.c_name(name);
            if kind == "T" || kind == "t" {
                code.push((addr, name.clone()));
            }
            by_name.entry(name).or_insert(addr);
        }
        Symbols { code, by_name }
    }

    fn addr(&self, name: &str) -> u64 {
        *self
            .by_name
            .get(name)
            .unwrap_or_else(|| panic!("nm lists no {name}"))
    }

    /// The code symbol at or below `va`: the function holding it.
    fn holding(&self, va: u64) -> Option<&str> {
        let i = self.code.partition_point(|(a, _)| *a <= va);
        i.checked_sub(1).map(|i| self.code[i].1.as_str())
    }

    fn name_at(&self, va: u64) -> Option<&str> {
        self.code
            .iter()
            .find(|(a, _)| *a == va)
            .map(|(_, n)| n.as_str())
    }
}

/// The entry point VA from the image's header.
fn header_entry(image: &Path) -> u64 {
    let b = std::fs::read(image).unwrap();
    let u16_at = |o: usize| u16::from_le_bytes(b[o..o + 2].try_into().unwrap()) as u64;
    let u32_at = |o: usize| u32::from_le_bytes(b[o..o + 4].try_into().unwrap()) as u64;
    let u64_at = |o: usize| u64::from_le_bytes(b[o..o + 8].try_into().unwrap());
    if b.starts_with(b"\x7fELF") {
        return if b[4] == 2 {
            u64_at(0x18)
        } else {
            u32_at(0x18)
        };
    }
    assert!(b.starts_with(b"MZ"), "neither ELF nor PE");
    let opt = u32_at(0x3c) as usize + 24;
    let entry = u32_at(opt + 16);
    let base = match u16_at(opt) {
        0x10b => u32_at(opt + 28),
        0x20b => u64_at(opt + 24),
        m => panic!("PE optional header magic {m:#x}"),
    };
    base + entry
}

fn va(v: &Value) -> Option<u64> {
    u64::from_str_radix(v.as_str()?.strip_prefix("0x")?, 16).ok()
}

/// Build the variant, scan it, and check it; panic with every disagreement.
fn check(target: Target, opt: &str, strip: bool) {
    let tag = format!(
        "{}{opt}{}",
        target.format().replace('+', "p"),
        if strip { "-s" } else { "" }
    );
    let dir = temp(&format!("scan-{tag}"));
    std::fs::create_dir_all(&dir).unwrap();
    if !have(target) {
        return;
    }
    let exe = if matches!(target, Target::Pe64 | Target::Pe32) {
        ".exe"
    } else {
        ""
    };
    let image = dir.join(format!("game{exe}"));
    compile(target, opt, false, &image);
    let syms = Symbols::read(target, &image);
    let scanned = if strip {
        let stripped = dir.join(format!("game-stripped{exe}"));
        compile(target, opt, true, &stripped);
        stripped
    } else {
        image.clone()
    };
    // The stripped image has the same layout; its turn_driver by address.
    let from = if strip {
        format!("{:#x}", syms.addr("turn_driver"))
    } else {
        "turn_driver".to_string()
    };
    let o = bitexact(&["scan", scanned.to_str().unwrap(), "--json", "--from", &from]);
    let mut errors = Vec::new();
    macro_rules! err {
        ($($t:tt)*) => { errors.push(format!($($t)*)) };
    }
    if o.status.code() != Some(0) {
        err!("exit code {:?}, stderr {:?}", o.status.code(), stderr(&o));
    }
    let json: Value = match serde_json::from_str(stdout(&o).trim()) {
        Ok(v) => v,
        Err(e) => panic!("{tag}: stdout is not one JSON object ({e}): {}", stdout(&o)),
    };

    // The image.
    let img = &json["image"];
    if img["format"] != target.format() {
        err!(
            "image.format {} (expected {})",
            img["format"],
            target.format()
        );
    }
    if img["arch"] != target.arch() {
        err!("image.arch {} (expected {})", img["arch"], target.arch());
    }
    let entry = header_entry(&scanned);
    if va(&img["entry"]) != Some(entry) {
        err!("image.entry {} (header: {entry:#x})", img["entry"]);
    }
    if !json["data"].is_array() {
        err!("no `data` array");
    }

    // The function a VA belongs to, by name: the image's own symbol for an
    // unstripped image (which must agree with the scanner's), the unstripped
    // twin's for the stripped one (whose names must all be null).
    let name_of = |what: &str, name: &Value, at: u64, errors: &mut Vec<String>| -> String {
        let by_nm = syms
            .name_at(at)
            .map(str::to_string)
            .unwrap_or_else(|| format!("<no symbol at {at:#x}>"));
        if strip {
            if !name.is_null() {
                errors.push(format!(
                    "{what} at {at:#x}: name {name} in a stripped image"
                ));
            }
        } else {
            match name.as_str().map(|n| target.c_name(n)) {
                Some(n) if n == by_nm => {}
                _ => errors.push(format!("{what} at {at:#x}: name {name}, nm says {by_nm}")),
            }
        }
        by_nm
    };

    // Sites.
    let decoys: Vec<(&str, u64, u64)> = DECOY_OBJECTS
        .iter()
        .map(|&(n, size)| (n, syms.addr(n), size))
        .collect();
    let mut got: BTreeMap<(String, String), u32> = BTreeMap::new();
    let sites = json["sites"].as_array().cloned().unwrap_or_else(|| {
        errors.push("no `sites` array".into());
        Vec::new()
    });
    for s in &sites {
        let sig = s["signature"].as_str().unwrap_or("?").to_string();
        let (Some(at), Some(fva)) = (va(&s["va"]), va(&s["function_va"])) else {
            err!("site without va / function_va: {s}");
            continue;
        };
        let func = name_of("site's function", &s["function"], fva, &mut errors);
        if syms.holding(at) != Some(func.as_str()) {
            err!(
                "{sig} site at {at:#x} is attributed to {func} ({fva:#x}) but lies in {:?}",
                syms.holding(at)
            );
        }
        if func.starts_with("decoy_") || syms.holding(at).is_some_and(|h| h.starts_with("decoy_")) {
            err!("{sig} site at {at:#x} in decoy {func}: {s}");
        }
        for &(n, start, size) in &decoys {
            if (start..start + size).contains(&at) {
                err!("{sig} site at {at:#x} inside the decoy object {n}");
            }
        }
        if !SIGNATURES.contains(&sig.as_str()) {
            err!("unknown signature {sig:?} in {func}");
        }
        if ALWAYS_COMPLETE.contains(&sig.as_str()) && s["complete"] != true {
            err!(
                "{sig} site at {at:#x} in {func}: complete {} (seen {})",
                s["complete"],
                s["seen"]
            );
        }
        *got.entry((func, sig)).or_default() += 1;
    }
    let mut want: BTreeMap<(String, String), u32> = BTreeMap::new();
    for (f, counts, _) in EXPECTED {
        for (sig, &n) in SIGNATURES.iter().zip(counts) {
            if n > 0 {
                want.insert((f.to_string(), sig.to_string()), n);
            }
        }
    }
    for key in want.keys().chain(got.keys()).collect::<BTreeSet<_>>() {
        let (w, g) = (
            want.get(key).copied().unwrap_or(0),
            got.get(key).copied().unwrap_or(0),
        );
        if w != g {
            err!("{} {}: {g} sites, expected {w}", key.0, key.1);
        }
    }
    for sig in SIGNATURES {
        let total = |m: &BTreeMap<(String, String), u32>| -> u32 {
            m.iter()
                .filter(|((_, s), _)| s == sig)
                .map(|(_, n)| n)
                .sum()
        };
        if total(&want) != total(&got) {
            err!(
                "{sig}: {} sites in all, expected {}",
                total(&got),
                total(&want)
            );
        }
    }

    // Functions.
    let callees = |f: &str| -> &[&str] {
        CALLS
            .iter()
            .find(|(c, _)| *c == f)
            .map(|(_, l)| *l)
            .unwrap_or(&[])
    };
    let functions = json["functions"].as_array().cloned().unwrap_or_else(|| {
        errors.push("no `functions` array".into());
        Vec::new()
    });
    let mut listed = BTreeSet::new();
    for f in &functions {
        let Some(fva) = va(&f["va"]) else {
            err!("function without va: {f}");
            continue;
        };
        let name = name_of("function", &f["name"], fva, &mut errors);
        listed.insert(name.clone());
        let Some((counts, reachable)) = EXPECTED
            .iter()
            .find(|(n, _, _)| *n == name)
            .map(|(_, c, r)| (c, *r))
        else {
            err!("function {name} ({fva:#x}) listed with sites: {f}");
            continue;
        };
        let total: u32 = counts.iter().sum();
        if f["sites"].as_u64() != Some(total.into()) {
            err!("function {name}: sites {}, expected {total}", f["sites"]);
        }
        for (sig, &n) in SIGNATURES.iter().zip(counts) {
            let g = f["signatures"][sig].as_u64().unwrap_or(0);
            if g != u64::from(n) {
                err!("function {name}: signatures.{sig} {g}, expected {n}");
            }
        }
        if let Some(obj) = f["signatures"].as_object() {
            for k in obj.keys().filter(|k| !SIGNATURES.contains(&k.as_str())) {
                err!("function {name}: unexpected signature {k}");
            }
        }
        if f["reachable"] != reachable {
            err!(
                "function {name}: reachable {}, expected {reachable}",
                f["reachable"]
            );
        }
        if reachable && !strip {
            // A chain of direct calls from turn_driver to the function.
            let path: Vec<String> = f["path"]
                .as_array()
                .map(|p| {
                    p.iter()
                        .filter_map(|n| n.as_str())
                        .map(|n| target.c_name(n))
                        .collect()
                })
                .unwrap_or_default();
            let chained = path.first().is_some_and(|p| p == "turn_driver")
                && path.last() == Some(&name)
                && path
                    .windows(2)
                    .all(|w| callees(&w[0]).contains(&w[1].as_str()));
            if !chained {
                err!(
                    "function {name}: path {} is no call chain from turn_driver",
                    f["path"]
                );
            }
        }
    }
    for (name, _, _) in EXPECTED {
        if !listed.contains(*name) {
            err!("function {name} not listed");
        }
    }

    assert!(
        errors.is_empty(),
        "{tag}: {} disagreement(s) with the expected table:\n  {}",
        errors.len(),
        errors.join("\n  ")
    );
}

macro_rules! variants {
    ($($test:ident: $target:ident $opt:literal $strip:literal;)*) => {$(
        #[test]
        fn $test() {
            check(Target::$target, $opt, $strip);
        }
    )*};
}

variants! {
    elf64_o0: Elf64 "-O0" false;
    elf64_o1: Elf64 "-O1" false;
    elf64_o2: Elf64 "-O2" false;
    elf64_o3: Elf64 "-O3" false;
    elf64_os: Elf64 "-Os" false;
    elf64_o2_stripped: Elf64 "-O2" true;
    elf64_o0_stripped: Elf64 "-O0" true;
    elf32_pie_o2_stripped: Elf32Pie "-O2" true;
    pe32_o2_stripped: Pe32 "-O2" true;
    pe32plus_o2_stripped: Pe64 "-O2" true;
    elf32_o0: Elf32 "-O0" false;
    elf32_o1: Elf32 "-O1" false;
    elf32_o2: Elf32 "-O2" false;
    elf32_o3: Elf32 "-O3" false;
    elf32_os: Elf32 "-Os" false;
    elf32_pie_o0: Elf32Pie "-O0" false;
    elf32_pie_o2: Elf32Pie "-O2" false;
    elf32_pie_o3: Elf32Pie "-O3" false;
    pe32plus_o0: Pe64 "-O0" false;
    pe32plus_o1: Pe64 "-O1" false;
    pe32plus_o2: Pe64 "-O2" false;
    pe32plus_o3: Pe64 "-O3" false;
    pe32plus_os: Pe64 "-Os" false;
    pe32_o0: Pe32 "-O0" false;
    pe32_o1: Pe32 "-O1" false;
    pe32_o2: Pe32 "-O2" false;
    pe32_o3: Pe32 "-O3" false;
    pe32_os: Pe32 "-Os" false;
}

/// Real images, mutated: header fields, section tables and code bytes
/// overwritten at random (a fixed laige stream, so a failure replays); the
/// library scan must return, never panic, on every one.
fn mutate_and_scan(target: Target, tag: &str) {
    let dir = temp(&format!("scan-mutate-{tag}"));
    std::fs::create_dir_all(&dir).unwrap();
    if !have(target) {
        return;
    }
    let image = dir.join("game.bin");
    compile(target, "-O2", false, &image);
    let original = std::fs::read(&image).unwrap();
    let mut rng = bitexact::laige::Prng::new(0x5ca1_ab1e);
    let options = bitexact::scan::Options {
        from: Some(bitexact::scan::Origin::Name("turn_driver".into())),
        sweep: true,
    };
    for round in 0..300u32 {
        let mut bytes = original.clone();
        let n = bytes.len() as u64;
        // Mostly the first 4 KiB (headers, section table), sometimes anywhere.
        for _ in 0..1 + rng.next_u64() % 8 {
            let span = if rng.next_u64().is_multiple_of(4) {
                n
            } else {
                n.min(4096)
            };
            let at = (rng.next_u64() % span) as usize;
            bytes[at] = rng.next_u64() as u8;
        }
        if round.is_multiple_of(10) {
            bytes.truncate((rng.next_u64() % n) as usize);
        }
        let _ = bitexact::scan::scan(&bytes, &options);
    }
}

#[test]
fn mutated_elf64_never_panics() {
    mutate_and_scan(Target::Elf64, "elf64");
}

#[test]
fn mutated_pe32_never_panics() {
    mutate_and_scan(Target::Pe32, "pe32");
}

/// Builds `scan_more/NAME.c` for `target` with and without symbols, scans
/// the stripped one (`--from` the unstripped twin's `from`, if given) and
/// checks that every site lies in a function starting at its own symbol.
/// Returns (holding function, signature, reachable) per site, sorted.
fn stripped_attribution(
    target: Target,
    name: &str,
    extra: &[&str],
    from: Option<&str>,
) -> Option<Vec<(String, String, Option<bool>)>> {
    let tag = format!("{name}-{}", target.format().replace('+', "p"));
    let dir = temp(&format!("scan-more-{tag}"));
    std::fs::create_dir_all(&dir).unwrap();
    if !have(target) {
        return None;
    }
    let (cc, flags) = target.compiler();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/scan_more/{name}.c"));
    let build = |out: &Path, strip: bool| {
        let mut cmd = Command::new(cc);
        cmd.args(flags)
            .args(extra)
            .args(["-Wall", "-Wextra", "-Werror", "-o"])
            .arg(out)
            .arg(&src);
        if strip {
            cmd.arg("-s");
        }
        let o = cmd.output().unwrap();
        assert!(
            o.status.success(),
            "{cc}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    };
    // The same file name for both: mingw's ld picks a DLL's image base
    // from its name.
    std::fs::create_dir_all(dir.join("full")).unwrap();
    std::fs::create_dir_all(dir.join("stripped")).unwrap();
    let full = dir.join("full/image.bin");
    let stripped = dir.join("stripped/image.bin");
    build(&full, false);
    build(&stripped, true);
    let syms = Symbols::read(target, &full);
    // A PE's image base may differ between the two (mingw's ld derives it
    // from the file): addresses of the stripped one, plus `delta`, are the
    // unstripped one's.
    let delta = header_entry(&full).wrapping_sub(header_entry(&stripped));
    let mut args = vec![
        "scan".to_string(),
        stripped.to_str().unwrap().to_string(),
        "--json".into(),
    ];
    if let Some(f) = from {
        args.push("--from".into());
        args.push(format!("{:#x}", syms.addr(f).wrapping_sub(delta)));
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = bitexact(&args);
    assert_eq!(o.status.code(), Some(0), "{tag}: {}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let functions = v["functions"].as_array().unwrap().clone();
    let mut got: Vec<(String, String, Option<bool>)> = v["sites"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let stripped_fva = va(&s["function_va"]).unwrap();
            let fva = stripped_fva.wrapping_add(delta);
            let at = va(&s["va"]).unwrap().wrapping_add(delta);
            let holder = syms.holding(at).unwrap_or("?").to_string();
            assert_ne!(
                holder, "?",
                "{tag}: a site at {at:#x} in no function nm lists"
            );
            assert_eq!(
                fva,
                syms.addr(&holder),
                "{tag}: the {} site in {holder} is put in a function at {fva:#x}",
                s["signature"]
            );
            let reachable = functions
                .iter()
                .find(|f| va(&f["va"]) == Some(stripped_fva))
                .and_then(|f| f["reachable"].as_bool());
            (
                holder,
                s["signature"].as_str().unwrap().to_string(),
                reachable,
            )
        })
        .collect();
    got.sort();
    Some(got)
}

/// A stripped image where functions follow a call that never returns
/// (`exit`, through the PLT / the IAT) and a tail call, reached only through
/// a relocated table (`scan_more/noreturn.c`): each site must lie in a
/// function starting at its own symbol, not in the function before it, and
/// neither is reachable from `main` by direct calls through that fall-through.
fn noreturn_and_tail_calls(target: Target) {
    let flags = ["-O2", "-falign-functions=1", "-fno-toplevel-reorder"];
    let Some(got) = stripped_attribution(target, "noreturn", &flags, Some("main")) else {
        return;
    };
    let want = [
        ("lcg".to_string(), "wwlib.lcg".to_string(), Some(true)),
        (
            "tempered".to_string(),
            "mt19937.temper".to_string(),
            Some(false),
        ),
    ];
    assert_eq!(got, want, "{}", target.format());
}

#[test]
fn stripped_elf64_noreturn_and_tail_calls() {
    noreturn_and_tail_calls(Target::Elf64);
}

#[test]
fn stripped_pe32_noreturn_and_tail_calls() {
    noreturn_and_tail_calls(Target::Pe32);
}

/// A stripped computed-goto interpreter (`scan_more/cgoto.c`): its labels,
/// relocated table entries, are not functions; both sites are `interp`'s,
/// reachable from `driver`.
#[test]
fn stripped_computed_goto_is_one_function() {
    for (target, opt) in [
        (Target::Elf64, "-O1"),
        (Target::Elf64, "-O2"),
        (Target::Elf32Pie, "-O1"),
    ] {
        let Some(got) = stripped_attribution(target, "cgoto", &[opt], Some("driver")) else {
            continue;
        };
        let want = [
            (
                "interp".to_string(),
                "mt19937.temper".to_string(),
                Some(true),
            ),
            ("interp".to_string(), "wwlib.lcg".to_string(), Some(true)),
        ];
        assert_eq!(got, want, "{} {opt}", target.format());
    }
}

/// Assembly functions without `.type` (NOTYPE global symbols,
/// `scan_more/notype.s`) are functions of their own: named, each holding
/// its site; only the one main calls directly is reachable.
#[test]
fn notype_symbols_are_functions() {
    let dir = temp("scan-notype");
    std::fs::create_dir_all(&dir).unwrap();
    if !have(Target::Elf64) {
        return;
    }
    let more = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scan_more");
    let image = dir.join("notype");
    let o = Command::new("gcc")
        .args(["-O1", "-Wall", "-Wextra", "-Werror", "-o"])
        .arg(&image)
        .arg(more.join("notype.c"))
        .arg(more.join("notype.s"))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = bitexact(&["scan", image.to_str().unwrap(), "--json", "--from", "main"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let got: Vec<(String, String, bool)> = v["sites"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let f = v["functions"]
                .as_array()
                .unwrap()
                .iter()
                .find(|f| f["va"] == s["function_va"])
                .unwrap();
            (
                s["function"].as_str().unwrap_or("null").to_string(),
                s["signature"].as_str().unwrap().to_string(),
                f["reachable"] == true,
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("asm_called".to_string(), "msvc.rand".to_string(), true),
            ("asm_ptr".to_string(), "wwlib.lcg".to_string(), false),
        ]
    );
}

/// A stripped shared library (`scan_more/library.c`, PE32+ DLL and ELF64
/// `.so`): exports name only `api`, yet the relocated table's static
/// functions each start a function holding its own site.
#[test]
fn stripped_library_table_functions() {
    for (target, flags) in [
        (Target::Pe64, &["-O1", "-shared"][..]),
        (Target::Pe32, &["-O1", "-shared"][..]),
        (Target::Elf64, &["-O1", "-shared", "-fPIC"][..]),
    ] {
        let Some(got) = stripped_attribution(target, "library", flags, None) else {
            continue;
        };
        let want = [
            ("f_lcg".to_string(), "wwlib.lcg".to_string(), None),
            ("f_ms".to_string(), "msvc.rand".to_string(), None),
            ("f_temper".to_string(), "mt19937.temper".to_string(), None),
        ];
        assert_eq!(got, want, "{}", target.format());
    }
}

/// A stripped DLL exporting by ordinal only (`scan_more/ordinal.c` with
/// `ordinal.def`): the exports are roots, so every site is found, each in
/// its own function.
#[test]
fn stripped_dll_with_ordinal_exports() {
    let def = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scan_more/ordinal.def");
    let def = def.to_str().unwrap();
    for target in [Target::Pe64, Target::Pe32] {
        let Some(got) = stripped_attribution(target, "ordinal", &["-O1", "-shared", def], None)
        else {
            continue;
        };
        let want = [
            ("lcg".to_string(), "wwlib.lcg".to_string(), None),
            (
                "seed_knuth".to_string(),
                "mt19937.seed_knuth".to_string(),
                None,
            ),
            ("temper".to_string(), "mt19937.temper".to_string(), None),
        ];
        assert_eq!(got, want, "{}", target.format());
    }
}
