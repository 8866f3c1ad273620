//! `bitexact scan` on real MSVC output (SPEC 10.1): extension modules from
//! PyPI wheels nobody here built (`common::wheels`: pinned versions and
//! sha256, cached under the target directory), built by Visual C++ 2008
//! (x87 and x64), 2010, 2015–2019 and 2022.
//!
//! The ground truth comes from binutils' `objdump` of the same file
//! (`common::pe_truth`), never from the scanner: every `and` with a
//! tempering mask (`0x9d2c5680`, or a mask that is it after `<< 7`, MSVC's
//! `0xff3a58ad`; alike for `0xefc60000` and `<< 15`), every operand
//! `0x9908b0df` and every read of a `{0, 0x9908b0df}` table, every `imul`
//! by a seeding multiplier and every read of the double 67108864.0, with
//! the function each lies in (PE32+: `.pdata`; PE32: the nearest address
//! the image points at as code). Each tempering must be one complete site
//! in that function, each twist, seeding and 53-bit double a complete site
//! there, no MT19937 site incomplete, and the report must say MT19937 is
//! confirmed. A copy in code nothing in the image points at (dead code
//! the linker kept) may instead be a complete sweep-only site.
//!
//! Guards: images of SFMT, dSFMT, MT19937-64 and xorshift never hold a
//! complete twist or tempering, nor a confirmed MT19937; an image with no
//! generator holds no site at all; numpy's Philox, whose key schedule adds
//! splitmix64's golden-ratio gamma, holds only incomplete splitmix64 sites
//! and is no generator found (exit 1). Forgeries: the real bytes patched one
//! bit or one count off (a mask, a shift, the twist's offset, a seeding's
//! bound) are never complete.

mod common;

use common::pe_truth::{Insn, Truth};
use common::wheels::{image, Wheel};
use common::{bitexact, require_tool, stderr, stdout, temp};
use serde_json::Value;
use std::path::{Path, PathBuf};

const fn wheel(
    package: &'static str,
    version: &'static str,
    python: &'static str,
    platform: &'static str,
    file: &'static str,
    sha256: &'static str,
) -> Wheel {
    let abi = if python.as_bytes()[0] == b'2' {
        Some("cp27m")
    } else {
        None
    };
    Wheel {
        package,
        version,
        python,
        abi,
        platform,
        file,
        sha256,
    }
}

/// numpy for Python 2.7: Visual C++ 2008, x87 code.
const NUMPY_27_WIN32: Wheel = wheel(
    "numpy",
    "1.16.6",
    "2.7",
    "win32",
    "numpy-1.16.6-cp27-cp27m-win32.whl",
    "345b1748e6b0d4773a518868c783b16fdc33a22683bdb863484cd29fe8d206e6",
);
/// numpy for Python 3.4: Visual C++ 2010.
const NUMPY_34_WIN32: Wheel = wheel(
    "numpy",
    "1.15.4",
    "3.4",
    "win32",
    "numpy-1.15.4-cp34-none-win32.whl",
    "df04f4bad8a359daa2ff74f8108ea051670cafbca533bb2636c58b16e962989e",
);
const NUMPY_126_WIN32: Wheel = wheel(
    "numpy",
    "1.26.4",
    "3.11",
    "win32",
    "numpy-1.26.4-cp311-cp311-win32.whl",
    "1af303d6b2210eb850fcf03064d364652b7120803a0b872f5211f5234b399f20",
);
const NUMPY_126_WIN64: Wheel = wheel(
    "numpy",
    "1.26.4",
    "3.11",
    "win_amd64",
    "numpy-1.26.4-cp311-cp311-win_amd64.whl",
    "cd25bcecc4974d09257ffcd1f098ee778f7834c3ad767fe5db785be9a4aa9cb2",
);
const NUMPY_22_WIN32: Wheel = wheel(
    "numpy",
    "2.2.6",
    "3.11",
    "win32",
    "numpy-2.2.6-cp311-cp311-win32.whl",
    "0678000bb9ac1475cd454c6b8c799206af8107e310843532b04d49649c717a47",
);
const NUMPY_22_WIN64: Wheel = wheel(
    "numpy",
    "2.2.6",
    "3.11",
    "win_amd64",
    "numpy-2.2.6-cp311-cp311-win_amd64.whl",
    "e8213002e427c69c45a52bbd94163084025f533a55a59d6f9c5b820774ef3303",
);
/// randomgen for Python 2.7: Visual C++ 2008 (its win32 image keeps six
/// tempering copies in functions nothing calls).
const RANDOMGEN_114_WIN32: Wheel = wheel(
    "randomgen",
    "1.14.4",
    "2.7",
    "win32",
    "randomgen-1.14.4-cp27-cp27m-win32.whl",
    "a4ed4b6dce2bb44e0113c3f467c0ab3dfea4e19a12b4d10873af1658adc16a0f",
);
const RANDOMGEN_114_WIN64: Wheel = wheel(
    "randomgen",
    "1.14.4",
    "2.7",
    "win_amd64",
    "randomgen-1.14.4-cp27-cp27m-win_amd64.whl",
    "e233fb059d950b389718f7719ae0aae28cc2aba321d4d3d6a532474ca860144f",
);
const RANDOMGEN_121_WIN32: Wheel = wheel(
    "randomgen",
    "1.21.2",
    "3.9",
    "win32",
    "randomgen-1.21.2-cp39-cp39-win32.whl",
    "8bccf1e21eca0219d14f6c9e7df8bf764153f1331b43ef3e6cd41b072af9c05d",
);
const RANDOMGEN_121_WIN64: Wheel = wheel(
    "randomgen",
    "1.21.2",
    "3.9",
    "win_amd64",
    "randomgen-1.21.2-cp39-cp39-win_amd64.whl",
    "9b7e05611fb04edd1a458d0dea795cbd7b1c27e896f911ff1311bb42bd794de0",
);
/// randomgen 2.5: Visual C++ 2022 (linker 14.51), `btr` masks.
const RANDOMGEN_25_WIN64: Wheel = wheel(
    "randomgen",
    "2.5.1",
    "3.11",
    "win_amd64",
    "randomgen-2.5.1-cp311-cp311-win_amd64.whl",
    "40c2c22f40cc47c8e5e98bd88bdec2730d102a5d0058be25ed38b0b85df9f147",
);
/// randomstate: the draw inlined into every distribution (163 copies).
const RANDOMSTATE_WIN64: Wheel = wheel(
    "randomstate",
    "1.14.0",
    "3.6",
    "win_amd64",
    "randomstate-1.14.0-cp36-cp36m-win_amd64.whl",
    "b793e031c2ef8bbe7612305d1668fafba75ac6c3bf4bfc7b0db367650ac62432",
);
/// scikit-learn: MSVC's own `std::mt19937`, its mask `d` read from data.
const SKLEARN_WIN32: Wheel = wheel(
    "scikit-learn",
    "0.24.2",
    "3.9",
    "win32",
    "scikit_learn-0.24.2-cp39-cp39-win32.whl",
    "cbdb0b3db99dd1d5f69d31b4234367d55475add31df4d84a3bd690ef017b55e2",
);
const SKLEARN_WIN64: Wheel = wheel(
    "scikit-learn",
    "0.24.2",
    "3.9",
    "win_amd64",
    "scikit_learn-0.24.2-cp39-cp39-win_amd64.whl",
    "40556bea1ef26ef54bc678d00cf138a63069144a0b5f3a436eecd8f3468b903e",
);
const MARKUPSAFE_WIN32: Wheel = wheel(
    "MarkupSafe",
    "2.1.5",
    "3.11",
    "win32",
    "MarkupSafe-2.1.5-cp311-cp311-win32.whl",
    "397081c1a0bfb5124355710fe79478cdbeb39626492b15d399526ae53422b906",
);
const MARKUPSAFE_WIN64: Wheel = wheel(
    "MarkupSafe",
    "2.1.5",
    "3.11",
    "win_amd64",
    "MarkupSafe-2.1.5-cp311-cp311-win_amd64.whl",
    "2b7c57a4dfc4f16f7142221afe5ba4e093e09e728ca65c51f5620c9aaeb9a617",
);

/// The image and `objdump`, or `None` (the test is skipped).
fn get(w: &Wheel, member: &str) -> Option<PathBuf> {
    if !require_tool("objdump", &["--version"]) {
        return None;
    }
    image(w, member)
}

/// The scan's JSON report, sweep-only sites included.
fn scan(image: &Path) -> Value {
    let o = bitexact(&["scan", "--sweep", "--json", image.to_str().unwrap()]);
    assert!(
        matches!(o.status.code(), Some(0 | 1)),
        "scan {}: {}",
        image.display(),
        stderr(&o)
    );
    serde_json::from_str(&stdout(&o)).expect("scan --json")
}

fn va(v: &Value) -> u64 {
    u64::from_str_radix(v.as_str().unwrap().trim_start_matches("0x"), 16).unwrap()
}

/// A site of the report: signature, complete, its function's start (or
/// sweep-only run's), its instructions, and whether it is sweep-only.
struct Site {
    signature: String,
    complete: bool,
    function: u64,
    instructions: Vec<u64>,
    sweep_only: bool,
}

fn sites(report: &Value) -> Vec<Site> {
    ["sites", "sweep_sites"]
        .iter()
        .flat_map(|k| report[*k].as_array().unwrap())
        .map(|s| Site {
            signature: s["signature"].as_str().unwrap().to_string(),
            complete: s["complete"].as_bool().unwrap(),
            function: va(&s["function_va"]),
            instructions: s["instructions"]
                .as_array()
                .unwrap()
                .iter()
                .map(va)
                .collect(),
            sweep_only: s["sweep_only"].as_bool().unwrap(),
        })
        .collect()
}

/// The value an instruction's last operand names as an immediate.
fn immediate(i: &Insn) -> Option<u64> {
    let last = i.operands.rsplit(',').next()?.trim();
    u64::from_str_radix(last.strip_prefix("0x")?, 16).ok()
}

/// Whether `m` is a tempering mask of the step `(y << k) & want`, in any
/// of its forms: `want` itself, or a mask that is `want` after `<< k`.
fn mask_of(m: u64, k: u32, want: u32) -> bool {
    let m = m as u32;
    m == want || m << k == want
}

/// What the disassembly says the image holds (module docs).
struct Expected {
    /// `and` with the `(<< 7)` mask, then with the `(<< 15)` one.
    temper_b: Vec<u64>,
    temper_c: Vec<u64>,
    /// Operands `0x9908b0df` and reads of `{0, 0x9908b0df}`.
    twist: Vec<u64>,
    knuth: Vec<u64>,
    by_array: Vec<u64>,
    /// Reads of the double 67108864.0.
    res53: Vec<u64>,
}

fn expected(t: &Truth) -> Expected {
    let is_and = |i: &&Insn| i.mnemonic == "and";
    let temper_b = t
        .insns
        .iter()
        .filter(is_and)
        .filter(|i| immediate(i).is_some_and(|m| mask_of(m, 7, 0x9d2c_5680)))
        .map(|i| i.va)
        .collect();
    let temper_c = t
        .insns
        .iter()
        .filter(is_and)
        .filter(|i| immediate(i).is_some_and(|m| mask_of(m, 15, 0xefc6_0000)))
        .map(|i| i.va)
        .collect();
    let mut twist: Vec<u64> = t
        .insns
        .iter()
        .filter(|i| immediate(i) == Some(0x9908_b0df))
        .map(|i| i.va)
        .collect();
    let mut table = [0u8; 8];
    table[4..].copy_from_slice(&0x9908_b0dfu32.to_le_bytes());
    for at in t.in_data(&table) {
        for a in [at, at + 4] {
            twist.extend(t.naming(a).iter().map(|i| i.va));
        }
    }
    twist.sort_unstable();
    twist.dedup();
    let imul = |k: u64| -> Vec<u64> {
        t.insns
            .iter()
            .filter(|i| i.mnemonic == "imul" && immediate(i) == Some(k))
            .map(|i| i.va)
            .collect()
    };
    let mut by_array = imul(0x19_660d);
    by_array.extend(imul(0x5d58_8b65));
    let res53 = t
        .in_data(&67_108_864.0f64.to_le_bytes())
        .into_iter()
        .flat_map(|a| t.naming(a).into_iter().map(|i| i.va))
        .collect();
    Expected {
        temper_b,
        temper_c,
        twist,
        knuth: imul(0x6c07_8965),
        by_array,
        res53,
    }
}

/// A complete site of `signature` that holds the instruction `at`, in the
/// function the disassembly says `at` lies in (or sweep-only, in code the
/// image never points at).
/// A tempering must hold the instruction itself; the other signatures (one
/// site per function) may list others of their function.
fn holds(t: &Truth, sites: &[Site], signature: &str, at: u64, tag: &str) {
    let f = t.function(at);
    let per_copy = signature == "mt19937.temper";
    let site = sites
        .iter()
        .filter(|s| s.signature == signature)
        .find(|s| s.instructions.contains(&at) || (!per_copy && !s.sweep_only && s.function == f))
        .unwrap_or_else(|| panic!("{tag}: {at:#x} (function {f:#x}) is in no {signature} site"));
    assert!(
        site.complete,
        "{tag}: the {signature} site of {at:#x} is incomplete"
    );
    if site.sweep_only {
        assert!(
            !t.referenced.contains(&f),
            "{tag}: {at:#x} is sweep-only, yet the image points at its function {f:#x}"
        );
    } else {
        assert_eq!(
            site.function, f,
            "{tag}: {signature} at {at:#x} in the wrong function"
        );
    }
}

/// Every MT19937 site of the disassembly found complete in its function.
fn check_mt19937(w: &Wheel, member: &str) {
    let Some(path) = get(w, member) else { return };
    let tag = format!("{} {member}", w.file);
    let t = Truth::of("objdump", &path);
    let e = expected(&t);
    assert!(!e.temper_b.is_empty(), "{tag}: objdump shows no tempering");
    assert_eq!(e.temper_b.len(), e.temper_c.len(), "{tag}: masks in pairs");
    let report = scan(&path);
    let all = sites(&report);
    for &at in &e.temper_b {
        holds(&t, &all, "mt19937.temper", at, &tag);
    }
    let tempers: Vec<&Site> = all
        .iter()
        .filter(|s| s.signature == "mt19937.temper")
        .collect();
    assert_eq!(
        tempers.len(),
        e.temper_b.len(),
        "{tag}: one tempering site per copy"
    );
    for s in &tempers {
        let both = e.temper_b.iter().any(|a| s.instructions.contains(a))
            && e.temper_c.iter().any(|a| s.instructions.contains(a));
        assert!(both, "{tag}: a tempering site without both masks");
    }
    for (list, sig) in [
        (&e.twist, "mt19937.twist"),
        (&e.knuth, "mt19937.seed_knuth"),
        (&e.by_array, "mt19937.seed_by_array"),
        (&e.res53, "mt19937.res53"),
    ] {
        for &at in list {
            holds(&t, &all, sig, at, &tag);
        }
    }
    let partial: Vec<String> = all
        .iter()
        .filter(|s| s.signature.starts_with("mt19937.") && !s.complete)
        .map(|s| format!("{} in {:#x}", s.signature, s.function))
        .collect();
    assert!(partial.is_empty(), "{tag}: incomplete sites {partial:?}");
    assert_eq!(report["mt19937"], "confirmed", "{tag}");
    assert_eq!(report["finding"], "sites", "{tag}");
}

#[test]
fn numpy_python27_win32_vc2008_x87() {
    check_mt19937(&NUMPY_27_WIN32, "numpy/random/mtrand.pyd");
}

#[test]
fn numpy_python34_win32_vc2010() {
    check_mt19937(&NUMPY_34_WIN32, "numpy/random/mtrand.pyd");
}

#[test]
fn numpy_126_win32() {
    check_mt19937(&NUMPY_126_WIN32, "numpy/random/_mt19937.cp311-win32.pyd");
}

#[test]
fn numpy_126_win_amd64() {
    check_mt19937(
        &NUMPY_126_WIN64,
        "numpy/random/_mt19937.cp311-win_amd64.pyd",
    );
}

#[test]
fn numpy_22_win32() {
    check_mt19937(&NUMPY_22_WIN32, "numpy/random/_mt19937.cp311-win32.pyd");
}

#[test]
fn numpy_22_win_amd64() {
    check_mt19937(&NUMPY_22_WIN64, "numpy/random/_mt19937.cp311-win_amd64.pyd");
}

#[test]
fn randomgen_114_win32_dead_copies_are_sweep_only() {
    check_mt19937(&RANDOMGEN_114_WIN32, "randomgen/mt19937.pyd");
}

#[test]
fn randomgen_114_win_amd64_vc2008_x64() {
    check_mt19937(&RANDOMGEN_114_WIN64, "randomgen/mt19937.pyd");
}

#[test]
fn randomgen_121_win32() {
    check_mt19937(&RANDOMGEN_121_WIN32, "randomgen/mt19937.cp39-win32.pyd");
}

#[test]
fn randomgen_121_win_amd64() {
    check_mt19937(&RANDOMGEN_121_WIN64, "randomgen/mt19937.cp39-win_amd64.pyd");
}

#[test]
fn randomgen_25_win_amd64_vc2022() {
    check_mt19937(&RANDOMGEN_25_WIN64, "randomgen/mt19937.cp311-win_amd64.pyd");
}

#[test]
fn randomstate_inlined_into_every_distribution() {
    check_mt19937(
        &RANDOMSTATE_WIN64,
        "randomstate/prng/mt19937/mt19937.cp36-win_amd64.pyd",
    );
}

#[test]
fn sklearn_msvc_std_mt19937_win32() {
    check_mt19937(&SKLEARN_WIN32, "sklearn/svm/_newrand.cp39-win32.pyd");
}

#[test]
fn sklearn_msvc_std_mt19937_win_amd64() {
    check_mt19937(&SKLEARN_WIN64, "sklearn/svm/_newrand.cp39-win_amd64.pyd");
}

/// An image of another generator: no complete twist or tempering, and
/// MT19937 never confirmed (SFMT and dSFMT share its seeding).
fn check_not_mt19937(w: &Wheel, member: &str) {
    let Some(path) = get(w, member) else { return };
    let report = scan(&path);
    let tag = format!("{} {member}", w.file);
    for s in sites(&report) {
        let proves = matches!(s.signature.as_str(), "mt19937.twist" | "mt19937.temper");
        assert!(
            !(proves && s.complete),
            "{tag}: a complete {} in {:#x}",
            s.signature,
            s.function
        );
    }
    assert_ne!(report["mt19937"], "confirmed", "{tag}");
}

#[test]
fn sfmt_dsfmt_mt64_and_xorshift_are_not_mt19937() {
    for (w, members) in [
        (
            &RANDOMGEN_121_WIN32,
            [
                "randomgen/sfmt.cp39-win32.pyd",
                "randomgen/dsfmt.cp39-win32.pyd",
                "randomgen/mt64.cp39-win32.pyd",
                "randomgen/xoshiro256.cp39-win32.pyd",
                "randomgen/xorshift1024.cp39-win32.pyd",
            ],
        ),
        (
            &RANDOMGEN_121_WIN64,
            [
                "randomgen/sfmt.cp39-win_amd64.pyd",
                "randomgen/dsfmt.cp39-win_amd64.pyd",
                "randomgen/mt64.cp39-win_amd64.pyd",
                "randomgen/xoshiro256.cp39-win_amd64.pyd",
                "randomgen/xorshift1024.cp39-win_amd64.pyd",
            ],
        ),
    ] {
        for m in members {
            check_not_mt19937(w, m);
        }
    }
}

#[test]
fn sfmt_seeding_alone_is_unconfirmed() {
    // SFMT seeds its 624 words with MT19937's Knuth seeding: the site is
    // the seeding it is, and MT19937 stays unconfirmed.
    let member = "randomgen/sfmt.cp39-win_amd64.pyd";
    let Some(path) = get(&RANDOMGEN_121_WIN64, member) else {
        return;
    };
    let report = scan(&path);
    assert!(sites(&report)
        .iter()
        .any(|s| s.signature.starts_with("mt19937.seed")));
    assert_eq!(report["mt19937"], "unconfirmed");
    let o = bitexact(&["scan", path.to_str().unwrap()]);
    assert!(stdout(&o).contains("MT19937 unconfirmed"), "{}", stdout(&o));
}

#[test]
fn images_without_a_generator_hold_no_site() {
    for (w, member) in [
        (&MARKUPSAFE_WIN32, "markupsafe/_speedups.cp311-win32.pyd"),
        (
            &MARKUPSAFE_WIN64,
            "markupsafe/_speedups.cp311-win_amd64.pyd",
        ),
    ] {
        let Some(path) = get(w, member) else { return };
        let report = scan(&path);
        assert!(sites(&report).is_empty(), "{member}: {report}");
        assert!(report["mt19937"].is_null());
        assert_eq!(report["finding"], "none");
    }
}

/// numpy's Philox (`_philox`): its key schedule adds the golden ratio
/// `0x9e3779b97f4a7c15` to the key each round (objdump shows it as an
/// immediate, or as its two halves under `add`/`adc` on win32), which is
/// splitmix64's gamma too; splitmix64's two multipliers are nowhere in the
/// file. Every copy of the constant is in an incomplete splitmix64 site of
/// its function (listed, never dropped), none is complete, and the report
/// says no generator was found: exit 1, `finding` `shared_constants_only`.
fn check_shared_constant_only(w: &Wheel, member: &str) {
    let Some(path) = get(w, member) else { return };
    let tag = format!("{} {member}", w.file);
    let t = Truth::of("objdump", &path);
    let file = std::fs::read(&path).unwrap();
    for k in [0xbf58_476d_1ce4_e5b9u64, 0x94d0_49bb_1331_11eb] {
        let halves = [k as u32, (k >> 32) as u32].map(u32::to_le_bytes);
        let holds = |n: &[u8]| file.windows(n.len()).any(|x| x == n);
        assert!(!holds(&k.to_le_bytes()), "{tag}: {k:#x} is in the file");
        assert!(
            !(holds(&halves[0]) && holds(&halves[1])),
            "{tag}: both halves of {k:#x} are in the file"
        );
    }
    let gamma = 0x9e37_79b9_7f4a_7c15u64;
    let copies: Vec<u64> = t
        .insns
        .iter()
        .filter(|i| {
            immediate(i).is_some_and(|v| v == gamma || v == gamma >> 32 || v == gamma & 0xffff_ffff)
        })
        .map(|i| i.va)
        .collect();
    assert!(!copies.is_empty(), "{tag}: objdump shows no golden ratio");
    let report = scan(&path);
    let all = sites(&report);
    for &at in &copies {
        let f = t.function(at);
        assert!(
            all.iter()
                .any(|s| s.signature == "splitmix64" && !s.sweep_only && s.function == f),
            "{tag}: the golden ratio at {at:#x} (function {f:#x}) is in no splitmix64 site"
        );
    }
    for (s, raw) in all.iter().zip(report["sites"].as_array().unwrap()) {
        assert!(!s.complete, "{tag}: a complete {} site", s.signature);
        assert_eq!(raw["shared_constant"], true, "{tag}: {raw}");
    }
    assert_eq!(report["finding"], "shared_constants_only", "{tag}");
    assert!(report["mt19937"].is_null(), "{tag}");
    let o = bitexact(&["scan", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{tag}: {}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("no generator found: every site is an incomplete match of constants other algorithms use too"),
        "{tag}: {out}"
    );
    assert!(out.contains("  splitmix64 ("), "{tag}: {out}");
    assert!(
        stderr(&o).contains("only constants other algorithms use too"),
        "{tag}: {}",
        stderr(&o)
    );
}

#[test]
fn numpy_philox_golden_ratio_alone_is_no_generator() {
    for (w, member) in [
        (&NUMPY_126_WIN32, "numpy/random/_philox.cp311-win32.pyd"),
        (&NUMPY_126_WIN64, "numpy/random/_philox.cp311-win_amd64.pyd"),
        (&NUMPY_22_WIN32, "numpy/random/_philox.cp311-win32.pyd"),
        (&NUMPY_22_WIN64, "numpy/random/_philox.cp311-win_amd64.pyd"),
    ] {
        check_shared_constant_only(w, member);
    }
}

#[path = "scan_msvc/forged.rs"]
mod forged;
