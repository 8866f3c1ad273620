//! `bitexact scan` as a command: output, exit codes, errors. The compiled
//! images are in scan_compiled.rs; these use images assembled by hand.

mod common;
#[path = "../../bitexact/tests/common/elf.rs"]
mod elf;

use common::*;
use elf::*;

fn image_file(name: &str, bytes: &[u8]) -> String {
    let p = temp(name);
    std::fs::write(&p, bytes).unwrap();
    p.to_str().unwrap().to_string()
}

fn tempering_image() -> Vec<u8> {
    let mut a = Asm::default();
    a.temper(EAX, ECX).ret();
    elf64(&a.0)
}

#[test]
fn text_report_names_the_site() {
    let f = image_file("temper.elf", &tempering_image());
    let o = bitexact(&["scan", &f]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("elf64 x86_64, entry 0x400088:"), "{out}");
    assert!(out.contains("sites: 1 (1 complete)"), "{out}");
    assert!(out.contains("mt19937.temper      yes"), "{out}");
    assert!(out.contains("sub_400088"), "{out}");
    assert!(
        stderr(&o).contains("1 site (1 complete) in 1 function"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn json_report_has_the_spec_shape() {
    let f = image_file("temper-json.elf", &tempering_image());
    let o = bitexact(&["scan", &f, "--json", "--from", "0x400088"]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["image"]["format"], "elf64");
    assert_eq!(v["image"]["arch"], "x86_64");
    let site = &v["sites"][0];
    assert_eq!(site["signature"], "mt19937.temper");
    assert_eq!(site["complete"], true);
    assert_eq!(site["va"], "0x40008a");
    assert_eq!(site["function"], serde_json::Value::Null);
    assert_eq!(site["function_va"], "0x400088");
    assert_eq!(v["functions"][0]["sites"], 1);
    assert_eq!(v["functions"][0]["reachable"], true);
    assert_eq!(v["functions"][0]["path"][0], "0x400088");
}

#[test]
fn no_site_is_exit_1() {
    let f = image_file("ret.elf", &elf64(&[0xc3]));
    let o = bitexact(&["scan", &f]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("no generator site found"),
        "{}",
        stderr(&o)
    );
    assert!(stdout(&o).contains("sites: 0"));
    let o = bitexact(&["-q", "scan", &f, "--json"]);
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["sites"].as_array().unwrap().len(), 0);
}

#[test]
fn bad_images_are_one_line_exit_2() {
    let good = tempering_image();
    let mut arm = good.clone();
    arm[18] = 0x28;
    for (name, bytes, needle) in [
        ("empty.bin", Vec::new(), "empty"),
        ("trunc.elf", good[..30].to_vec(), "truncated"),
        ("arm.elf", arm, "not x86"),
        ("text.txt", b"just text\n".to_vec(), "not a PE or ELF image"),
    ] {
        let f = image_file(name, &bytes);
        assert_usage_error(&bitexact(&["scan", &f]), needle);
    }
    assert_usage_error(&bitexact(&["scan", "/nonexistent/game.exe"]), "cannot read");
}

#[test]
fn from_names_a_function_of_the_image() {
    let f = image_file("temper-from.elf", &tempering_image());
    assert_usage_error(
        &bitexact(&["scan", &f, "--from", "turn_driver"]),
        "no function of that name",
    );
    assert_usage_error(
        &bitexact(&["scan", &f, "--from", "0x10"]),
        "no code of the image at that address",
    );
}

#[test]
fn stdin_is_an_image_too() {
    let o = with_stdin_bytes(&["scan", "-", "--json"], &tempering_image());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("\"mt19937.temper\""));
}
