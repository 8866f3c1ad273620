//! `bitexact scan` on vectorised MT19937 loops (issue 19: XMM/YMM in the
//! data flow): `tests/scan_ref/mt_vector.c`'s block twist and batch
//! tempering, compiled by gcc -O3 -mavx2 (ELF64 and ELF32).
//!
//! What each function must hold comes from `objdump -d` of the same image:
//! it must show the loops vectorised (`vpsrld` in both functions), and
//! `temper_batch` must hold one complete tempering site per copy of the
//! sequence the compiler emitted — one per `>> 18`, vector (`vpsrld $0x12`)
//! or scalar (`shr $0x12`) — so the vector loops count, once each.
//! `twist_block` holds one complete twist. A forged build (one tempering
//! shift changed) has no complete tempering.
//!
//! And `tests/scan_ref/mt_long.c`, the reference generator with its state
//! and `mag01` in 64-bit `unsigned long`s (CPython 2's `_random`), at -O2
//! and -O3: one complete twist (the table read, 8-byte word offsets) and
//! one complete tempering in `genrand_int32`; with a wrong constant in the
//! table, no complete twist.

mod common;

use common::{bitexact, build_c, require_cc_for, require_tool, scan_ref, stderr, stdout, temp};
use serde_json::Value;
use std::path::Path;
use std::process::Command;

fn compile(m32: bool, defines: &[&str], out: &Path) -> bool {
    compile_source("mt_vector.c", m32, &["-O3", "-mavx2"], defines, out)
}

fn compile_source(file: &str, m32: bool, opts: &[&str], defines: &[&str], out: &Path) -> bool {
    let have = require_cc_for("gcc", m32);
    if !have || !require_tool("objdump", &["--version"]) {
        return false;
    }
    let src = scan_ref(file);
    let mut flags = if m32 {
        vec!["-m32", "-fno-pie", "-no-pie"]
    } else {
        vec!["-fpie", "-pie"]
    };
    flags.extend_from_slice(opts);
    flags.extend(["-Wall", "-Werror"]);
    flags.extend_from_slice(defines);
    build_c("gcc", &flags, &src, out);
    true
}

/// The disassembly of `function` (AT&T, no raw bytes).
fn disassembly(image: &Path, function: &str) -> Vec<String> {
    let o = Command::new("objdump")
        .args(["-d", "--no-show-raw-insn"])
        .arg(image)
        .output()
        .expect("run objdump");
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    let mut inside = false;
    let mut out = Vec::new();
    for line in text.lines() {
        if line.ends_with(">:") {
            inside = line.contains(&format!("<{function}>:"));
            continue;
        }
        if inside && !line.trim().is_empty() {
            out.push(line.to_string());
        }
    }
    out
}

/// The scan's sites in `function` of `signature`: (count, complete).
fn sites(image: &Path, function: &str, signature: &str) -> (usize, usize) {
    let o = bitexact(&["scan", image.to_str().unwrap(), "--json"]);
    assert!(o.status.success(), "scan: {}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).expect("scan --json");
    let here: Vec<bool> = v["sites"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["function"] == function && s["signature"] == signature)
        .map(|s| s["complete"].as_bool().unwrap())
        .collect();
    (here.len(), here.iter().filter(|c| **c).count())
}

fn check(m32: bool, tag: &str) {
    let image = temp(&format!("mt-vector-{tag}"));
    if !compile(m32, &[], &image) {
        return;
    }
    let temper = disassembly(&image, "temper_batch");
    let vector_copies = temper.iter().filter(|l| l.contains("vpsrld $0x12")).count();
    let scalar_copies = temper.iter().filter(|l| l.contains("shr    $0x12")).count();
    assert!(
        vector_copies >= 1,
        "{tag}: gcc did not vectorise the tempering:\n{}",
        temper.join("\n")
    );
    let twist = disassembly(&image, "twist_block");
    assert!(
        twist.iter().any(|l| l.contains("vpsrld $0x1,")),
        "{tag}: gcc did not vectorise the twist"
    );
    let want = vector_copies + scalar_copies;
    assert_eq!(
        sites(&image, "temper_batch", "mt19937.temper"),
        (want, want),
        "{tag}: one complete tempering per copy ({vector_copies} vector, {scalar_copies} scalar)"
    );
    assert_eq!(
        sites(&image, "twist_block", "mt19937.twist"),
        (1, 1),
        "{tag}: the twist"
    );

    let forged = temp(&format!("mt-vector-{tag}-forged"));
    assert!(compile(m32, &["-DFORGE_SHIFT"], &forged));
    let (_, complete) = sites(&forged, "temper_batch", "mt19937.temper");
    assert_eq!(
        complete, 0,
        "{tag}: a tempering with << 6 is never complete"
    );
}

#[test]
fn elf64_avx2() {
    check(false, "elf64");
}

#[test]
fn elf32_avx2() {
    check(true, "elf32");
}

fn check_long(opt: &str) {
    let image = temp(&format!("mt-long{opt}"));
    if !compile_source("mt_long.c", false, &[opt], &[], &image) {
        return;
    }
    assert_eq!(
        sites(&image, "genrand_int32", "mt19937.twist"),
        (1, 1),
        "{opt}: the twist"
    );
    assert_eq!(
        sites(&image, "genrand_int32", "mt19937.temper"),
        (1, 1),
        "{opt}: the tempering"
    );
    let forged = temp(&format!("mt-long{opt}-forged"));
    assert!(compile_source(
        "mt_long.c",
        false,
        &[opt],
        &["-DFORGE_MAG01"],
        &forged
    ));
    assert_eq!(
        sites(&forged, "genrand_int32", "mt19937.twist").1,
        0,
        "{opt}: a wrong mag01"
    );
}

#[test]
fn unsigned_long_state_o2() {
    check_long("-O2");
}

#[test]
fn unsigned_long_state_o3() {
    check_long("-O3");
}
