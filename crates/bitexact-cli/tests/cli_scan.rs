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

/// `movabs rax, 0x9e3779b97f4a7c15; add rdi, rax`: splitmix64's gamma,
/// which Philox's key schedule and Fibonacci hashing use too, alone.
fn golden_ratio(a: &mut Asm) -> &mut Asm {
    a.raw(&[0x48, 0xb8])
        .raw(&0x9e37_79b9_7f4a_7c15u64.to_le_bytes())
        .raw(&[0x48, 0x01, 0xc7])
}

/// The text, the JSON and the HTML page of one image: (exit code, stdout,
/// stderr, JSON, page).
fn three_ways(
    name: &str,
    bytes: &[u8],
) -> (Option<i32>, String, String, serde_json::Value, String) {
    let f = image_file(name, bytes);
    let page = temp(&format!("{name}.html"));
    let o = bitexact(&["scan", &f, "--html", page.to_str().unwrap()]);
    let j = bitexact(&["-q", "scan", &f, "--json"]);
    assert_eq!(
        j.status.code(),
        o.status.code(),
        "--json exits as the text does"
    );
    let v = serde_json::from_str(&stdout(&j)).unwrap();
    let html = std::fs::read_to_string(&page).unwrap();
    (o.status.code(), stdout(&o), stderr(&o), v, html)
}

#[test]
fn mt19937_is_worded_once_in_text_json_and_html() {
    use bitexact::scan::Mt19937;
    // A complete tempering, and a tempering mask alone.
    let mut alone = Asm::default();
    alone.and_imm(EAX, 0x9d2c_5680).ret();
    for (name, bytes, mt) in [
        ("mt-confirmed.elf", tempering_image(), Mt19937::Confirmed),
        ("mt-unconfirmed.elf", elf64(&alone.0), Mt19937::Unconfirmed),
    ] {
        let (code, out, _, v, html) = three_ways(name, &bytes);
        assert_eq!(code, Some(0), "{name}: {out}");
        assert_eq!(v["mt19937"], mt.name(), "{name}");
        assert!(
            out.lines().any(|l| l == mt.sentence()),
            "{name}: the text says {:?}:\n{out}",
            mt.sentence()
        );
        assert!(html.contains(mt.sentence()), "{name}: the page says it too");
    }
    assert_eq!(Mt19937::Confirmed.name(), "confirmed");
    assert!(Mt19937::Confirmed
        .sentence()
        .starts_with("MT19937 confirmed"));
    assert!(Mt19937::Unconfirmed
        .sentence()
        .starts_with("MT19937 unconfirmed"));
    // No MT19937 site: no sentence, and `null`.
    let (_, out, _, v, _) = three_ways(
        "mt-none.elf",
        &elf64(&golden_ratio(&mut Asm::default()).ret().0),
    );
    assert!(!out.contains("MT19937"), "{out}");
    assert!(v["mt19937"].is_null());
}

#[test]
fn only_a_shared_constant_is_no_generator_found_exit_1() {
    let mut a = Asm::default();
    golden_ratio(&mut a).ret();
    let (code, out, err, v, html) = three_ways("golden.elf", &elf64(&a.0));
    assert_eq!(code, Some(1), "{out}{err}");
    // The match is listed (never dropped), incomplete, and said to be a
    // lead: no generator found.
    assert!(out.contains("splitmix64          no"), "{out}");
    assert!(
        out.contains(
            "no generator found: every site is an incomplete match of constants other algorithms use too"
        ),
        "{out}"
    );
    assert!(out.contains("  splitmix64 (1 site): 0x9e3779b97f4a7c15 is also the golden-ratio constant of Philox's"), "{out}");
    assert!(
        err.contains("no generator site found in")
            && err.contains("1 incomplete match, only constants other algorithms use too"),
        "{err}"
    );
    assert!(!err.contains("1 site (0 complete)"), "{err}");
    assert_eq!(v["finding"], "shared_constants_only");
    assert_eq!(v["sites"][0]["signature"], "splitmix64");
    assert_eq!(v["sites"][0]["complete"], false);
    assert_eq!(v["sites"][0]["shared_constant"], true);
    assert!(
        html.contains("<strong>No generator found</strong>"),
        "{html}"
    );
    assert!(!html.contains("Sites found"));
    // Knuth's multiplier alone is SFMT's and TinyMT's too.
    let mut k = Asm::default();
    k.imul_imm(EAX, ECX, 1_812_433_253).ret();
    let (code, out, _, v, _) = three_ways("knuth-alone.elf", &elf64(&k.0));
    assert_eq!(code, Some(1), "{out}");
    assert_eq!(v["finding"], "shared_constants_only");
    assert_eq!(v["mt19937"], "unconfirmed");
    assert!(out.contains("mt19937.seed_knuth (1 site): "), "{out}");
}

#[test]
fn a_complete_site_is_found_beside_a_shared_constant() {
    // Never hidden: a complete tempering and the golden ratio in one
    // function is sites found, the constant a note.
    let mut a = Asm::default();
    a.temper(EAX, ECX);
    golden_ratio(&mut a).ret();
    let (code, out, err, v, html) = three_ways("temper-golden.elf", &elf64(&a.0));
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("sites: 2 (1 complete)"), "{out}");
    assert!(out.contains("mt19937.temper      yes"), "{out}");
    assert!(
        out.contains("note: 1 incomplete site matches only constants other algorithms use too"),
        "{out}"
    );
    assert!(!out.contains("no generator found"), "{out}");
    assert!(err.contains("2 sites (1 complete) in 1 function"), "{err}");
    assert_eq!(v["finding"], "sites");
    assert_eq!(v["sites"][0]["shared_constant"], false);
    assert_eq!(v["sites"][1]["shared_constant"], true);
    assert!(html.contains("<strong>Sites found</strong>"));
    // A partial sequence of MT19937's own (a tempering mask alone) is
    // no shared constant: sites found, incomplete.
    let mut m = Asm::default();
    m.and_imm(EAX, 0x9d2c_5680).ret();
    let (code, out, _, v, _) = three_ways("mask-alone.elf", &elf64(&m.0));
    assert_eq!(code, Some(0), "{out}");
    assert_eq!(v["finding"], "sites");
    assert_eq!(v["sites"][0]["shared_constant"], false);
    assert!(!out.contains("other algorithms"), "{out}");
}

#[test]
fn no_site_is_finding_none() {
    let (code, _, _, v, _) = three_ways("ret-finding.elf", &elf64(&[0xc3]));
    assert_eq!(code, Some(1));
    assert_eq!(v["finding"], "none");
}
