//! `bitexact scan` on stripped non-PIE executables (issue 19: function
//! starts from what such images still have). `tests/scan_ref/mt_table.c`
//! reaches its draw only through a table of function pointers in
//! `.rodata`; built with gcc -O2 -fno-pie -no-pie (ELF64 and ELF32) and
//! stripped, the image has no symbols and no relocations. The draw's
//! tempering must be an agreed site, complete, in the function objdump of
//! the unstripped build names `draw` (the pointer in data, after the
//! padding before the function, starts it), and the stripped build must
//! hold exactly the sites of the unstripped one.

mod common;

use common::{bitexact, require_cc, require_gcc_m32, require_tool, stderr, stdout, temp};
use serde_json::Value;
use std::path::Path;
use std::process::Command;

fn report(image: &Path) -> Value {
    let o = bitexact(&["scan", image.to_str().unwrap(), "--json"]);
    assert!(o.status.success(), "scan: {}", stderr(&o));
    serde_json::from_str(&stdout(&o)).expect("scan --json")
}

/// The address `nm` gives the local function `name`.
fn nm_address(image: &Path, name: &str) -> u64 {
    let o = Command::new("nm").arg(image).output().expect("run nm");
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    let line = text
        .lines()
        .find(|l| l.ends_with(&format!(" {name}")))
        .unwrap_or_else(|| panic!("nm has no {name}:\n{text}"));
    u64::from_str_radix(line.split_whitespace().next().unwrap(), 16).unwrap()
}

fn check(m32: bool, tag: &str) {
    let have = if m32 {
        require_gcc_m32()
    } else {
        require_cc("gcc")
    };
    if !have || !require_tool("strip", &["--version"]) || !require_tool("nm", &["--version"]) {
        return;
    }
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scan_ref/mt_table.c");
    let full = temp(&format!("mt-table-{tag}"));
    let o = Command::new("gcc")
        .args(if m32 { &["-m32"][..] } else { &[][..] })
        .args(["-O2", "-fno-pie", "-no-pie", "-Wall", "-Werror", "-o"])
        .arg(&full)
        .arg(&src)
        .output()
        .expect("run gcc");
    assert!(
        o.status.success(),
        "gcc: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let bare = temp(&format!("mt-table-{tag}-s"));
    let o = Command::new("strip")
        .arg("-o")
        .arg(&bare)
        .arg(&full)
        .output()
        .expect("strip");
    assert!(o.status.success());
    let draw = nm_address(&full, "draw");
    let r = report(&bare);
    let temper: Vec<&Value> = r["sites"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["signature"] == "mt19937.temper")
        .collect();
    assert_eq!(temper.len(), 1, "{tag}: one tempering: {r}");
    assert_eq!(temper[0]["complete"], true, "{tag}");
    assert_eq!(temper[0]["sweep_only"], false, "{tag}");
    assert_eq!(
        temper[0]["function_va"],
        format!("{draw:#x}"),
        "{tag}: the tempering's function starts where nm says draw does"
    );
    let key = |s: &Value| {
        (
            s["va"].clone(),
            s["signature"].clone(),
            s["complete"].clone(),
        )
    };
    let with_symbols: Vec<_> = report(&full)["sites"]
        .as_array()
        .unwrap()
        .iter()
        .map(key)
        .collect();
    let stripped: Vec<_> = r["sites"].as_array().unwrap().iter().map(key).collect();
    assert_eq!(
        stripped, with_symbols,
        "{tag}: the stripped build holds the same sites"
    );
}

#[test]
fn elf64_function_pointer_table() {
    check(false, "elf64");
}

#[test]
fn elf32_function_pointer_table() {
    check(true, "elf32");
}
