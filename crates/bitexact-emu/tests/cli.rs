//! The binary: every convention, results, the errors SPEC 13 and the issue
//! name (one line, exit 2), and batch records that `bitexact trace
//! compare` reads.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn emu(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bitexact-emu"))
        .args(args)
        .output()
        .unwrap()
}

fn ok(args: &[&str]) -> String {
    let o = emu(args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

/// The one-line error of a run that must fail with exit status 2 (a
/// batch keeps the records of the lines before the failing one).
fn fails(args: &[&str]) -> String {
    let o = emu(args);
    assert_eq!(o.status.code(), Some(2), "{args:?} should fail with 2");
    assert!(
        o.stdout.is_empty() || args[0] == "batch",
        "{args:?} printed to stdout"
    );
    let e = String::from_utf8(o.stderr).unwrap();
    assert_eq!(e.lines().count(), 1, "{args:?}: not one line: {e}");
    assert!(e.starts_with("error: "), "{e}");
    e
}

fn calls() -> Option<String> {
    Some(common::build("calls")?.to_str().unwrap().to_string())
}

fn json(s: &str) -> serde_json::Value {
    serde_json::from_str(s).unwrap()
}

#[test]
fn conventions_and_results() {
    let Some(img) = calls() else { return };
    let ret =
        |args: &[&str]| json(&ok(&[&["call", &img], args, &["--json"]].concat()))["ret"].clone();
    assert_eq!(ret(&["add_cdecl", "--args", "i32:2,i32:-3"]), -1i64 as u32);
    assert_eq!(
        ret(&["add_stdcall", "--conv", "stdcall", "--args", "i32:2,i32:3"]),
        5
    );
    assert_eq!(
        ret(&[
            "add_fastcall",
            "--conv",
            "fastcall",
            "--args",
            "i32:1,i32:2,i32:3"
        ]),
        123
    );
    assert_eq!(
        ret(&["member", "--conv", "thiscall", "--args", "buf:i32=40,i32:2"]),
        42
    );
    assert_eq!(
        ret(&["wide", "--args", "u32:3", "--ret", "edx:eax"]),
        3 * 0x1_0000_0001u64
    );
    assert_eq!(
        ret(&[
            "ticks_plus",
            "--args",
            "u32:5",
            "--stub",
            "KERNEL32.dll!GetTickCount=1000"
        ]),
        1005
    );
    assert_eq!(
        ret(&[
            "ticks_plus",
            "--args",
            "u32:5",
            "--stub",
            "kernel32.DLL!GetTickCount=0x10"
        ]),
        21
    );
    assert_eq!(ret(&["less", "--args", "f64:1,f64:2"]), 1);
    assert_eq!(ret(&["less", "--args", "f64:2,f64:1"]), 0);
    let j = json(&ok(&[
        "call",
        &img,
        "scale_into_global",
        "--args",
        "f32:1.5",
        "--out-buf",
        "g=_last_scaled:f32",
        "--json",
    ]));
    assert_eq!(j["out"]["g"][0], 4.5);
    assert_eq!(j["cw"], 0x027f);
    assert!(j["instructions"].as_u64().unwrap() > 0);
    assert!(j.get("st0").is_none(), "no st0 when the stack is empty");
}

#[test]
fn a_wrong_convention_is_noted() {
    let Some(img) = calls() else { return };
    let o = emu(&["call", &img, "add_stdcall", "--args", "i32:2,i32:3"]);
    assert!(o.status.success());
    let e = String::from_utf8(o.stderr).unwrap();
    assert!(
        e.contains("popped 8 bytes") && e.contains("not cdecl"),
        "{e}"
    );
}

#[test]
fn errors_are_one_line() {
    let Some(img) = calls() else { return };
    let e = fails(&["call", &img, "ticks_plus", "--args", "u32:5"]);
    assert!(
        e.contains("KERNEL32.dll!GetTickCount") && e.contains("--stub"),
        "{e}"
    );
    let e = fails(&["call", &img, "spin", "--max-instructions", "5000"]);
    assert!(e.contains("did not return within 5000 instructions"), "{e}");
    let e = fails(&["call", &img, "fault"]);
    assert!(
        e.contains("memory fault") && e.contains("0x00000010"),
        "{e}"
    );
    let e = fails(&["call", &img, "no_such_thing"]);
    assert!(e.contains("no function 'no_such_thing'"), "{e}");
    let e = fails(&["call", &img, "0x10"]);
    assert!(
        e.contains("not inside the image's executable sections"),
        "{e}"
    );
    let elf = std::env::current_exe().unwrap();
    let e = fails(&["call", elf.to_str().unwrap(), "main"]);
    assert!(e.contains("not a 32-bit PE image: an ELF file"), "{e}");
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let junk = dir.join("junk.bin");
    std::fs::write(&junk, b"MZ nothing here").unwrap();
    fails(&["call", junk.to_str().unwrap(), "f"]);
    fails(&["call", "/nonexistent/game.exe", "f"]);
    fails(&["call", &img, "add_cdecl", "--args", "2,3"]);
    fails(&["call", &img, "add_cdecl", "--cw", "0x10000"]);
    fails(&["call", &img, "add_cdecl", "--stub", "NoSuch=1"]);
    fails(&["call", &img, "add_cdecl", "--out-buf", "0x10:f32*2"]);
    fails(&[
        "call", &img, "member", "--conv", "thiscall", "--args", "f32:1",
    ]);
    fails(&["call", &img, "add_cdecl", "--bogus"]);
}

#[test]
fn an_image_relocates_to_another_base() {
    let Some(img) = calls() else { return };
    // mingw's executables keep their base relocations (dynamicbase).
    let o = emu(&[
        "call",
        &img,
        "member",
        "--conv",
        "thiscall",
        "--args",
        "buf:i32=40,i32:2",
        "--base",
        "0x10000000",
        "--json",
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    let err = String::from_utf8_lossy(&o.stderr);
    if o.status.success() {
        let j = json(&out);
        assert_eq!(j["ret"], 42);
        assert!(j["address"].as_u64().unwrap() >= 0x1000_0000);
        // A function that writes a global through an absolute address: the
        // relocation moved it, and the symbol follows.
        let j = json(&ok(&[
            "call",
            &img,
            "scale_into_global",
            "--args",
            "f32:1.5",
            "--out-buf",
            "g=_last_scaled:f32",
            "--base",
            "0x10000000",
            "--json",
        ]));
        assert_eq!(j["out"]["g"][0], 4.5);
    } else {
        assert!(err.contains("has no relocations"), "{err}");
    }
}

#[test]
fn batch_records_are_traces_bitexact_compares() {
    let Some(vec3) = common::build("vec3") else {
        return;
    };
    let vec3 = vec3.to_str().unwrap();
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let inputs = dir.join("normalize.jsonl");
    let vs = [
        [1.0f32, 2.0, 3.0],
        [0.1, 0.2, 0.3],
        [3.0, 4.0, 12.0],
        [0.0, 0.0, 0.0],
        [1e-30, 0.0, 0.0],
        [-7.25, 0.5, 1e3],
    ];
    let mut text = String::new();
    for v in vs {
        text += &format!(
            "{{\"args\": \"buf:f32*3={:?},{:?},{:?},buf:f32*3\"}}\n",
            v[0], v[1], v[2]
        );
    }
    text += "{\"args\": \"buf:f32*3=0.1,0.2,0.3,buf:f32*3\", \"cw\": \"0x007F\"}\n";
    std::fs::write(&inputs, &text).unwrap();
    let out = ok(&[
        "batch",
        vec3,
        "vec3_normalize",
        "--inputs",
        inputs.to_str().unwrap(),
        "--names",
        "v,dir",
        "--ret",
        "f32",
        "--ret-name",
        "len",
    ]);
    assert_eq!(out.lines().count(), vs.len() + 1);
    let emu_trace = dir.join("normalize-emu.jsonl");
    std::fs::write(&emu_trace, &out).unwrap();

    // The library's model writes the same records.
    use bitexact::sots::{Precision, Vec3};
    let mut ours = String::new();
    let mut doubles = String::new();
    let fmt = |x: f32| {
        if x.is_finite() {
            format!("{x:?}")
        } else {
            format!("\"0x{:08x}\"", x.to_bits())
        }
    };
    let list = |v: [f32; 3]| format!("[{}, {}, {}]", fmt(v[0]), fmt(v[1]), fmt(v[2]));
    let cases: Vec<([f32; 3], Precision)> = vs
        .iter()
        .map(|&v| (v, Precision::Pc53))
        .chain([([0.1, 0.2, 0.3], Precision::Pc24)])
        .collect();
    for (k, (v, p)) in cases.iter().enumerate() {
        let (dir, len) = Vec3::from_array(*v).normalize(*p);
        let line = |dir: [f32; 3], len: f32| {
            format!(
                "{{\"call_id\": {}, \"v\": {}, \"dir\": [0.0, 0.0, 0.0], \"len\": {}, \"v_after\": {}, \"dir_after\": {}}}\n",
                k + 1,
                list(*v),
                fmt(len),
                list(*v),
                list(dir)
            )
        };
        ours += &line(dir.to_array(), len);
        // A reimplementation in doubles with three divides.
        let d = v.map(f64::from);
        let l = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
        let dd = if l as f32 > f32::from_bits(0x3400_0000) {
            d.map(|c| (c / l) as f32)
        } else {
            [0.0; 3]
        };
        doubles += &line(
            dd,
            if l as f32 > f32::from_bits(0x3400_0000) {
                l as f32
            } else {
                len
            },
        );
    }
    let ours_path = dir.join("normalize-model.jsonl");
    std::fs::write(&ours_path, ours).unwrap();
    let doubles_path = dir.join("normalize-doubles.jsonl");
    std::fs::write(&doubles_path, doubles).unwrap();
    let bx = common::bitexact_binary();
    let cmp = |b: &Path| {
        Command::new(&bx)
            .args(["trace", "compare"])
            .arg(&emu_trace)
            .arg(b)
            .output()
            .unwrap()
    };
    let same = cmp(&ours_path);
    let report =
        String::from_utf8_lossy(&same.stdout).to_string() + &String::from_utf8_lossy(&same.stderr);
    assert!(
        same.status.success(),
        "the model's trace should match the emulator's:\n{report}\n{out}"
    );
    assert!(report.contains("none diverged"), "{report}");
    let differs = cmp(&doubles_path);
    let report = String::from_utf8_lossy(&differs.stdout).to_string()
        + &String::from_utf8_lossy(&differs.stderr);
    assert_eq!(
        differs.status.code(),
        Some(1),
        "the double reimplementation diverges:\n{report}"
    );
}

#[test]
fn batch_input_errors_name_the_line() {
    let Some(img) = calls() else { return };
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    for (text, want) in [
        (
            "{\"args\": \"i32:1,i32:2\"}\nnot json\n",
            ":2: not a JSON object",
        ),
        (
            "{\"arg\": \"i32:1\"}\n",
            ":1: unknown or mistyped key \"arg\"",
        ),
        ("{\"args\": 5}\n", ":1: \"args\" is a string"),
        ("{\"args\": \"i32:1\", \"cw\": 70000}\n", ":1: \"cw\" 70000"),
        ("{\"args\": \"x\"}\n", ":1: 'x'"),
    ] {
        let f = dir.join("bad.jsonl");
        std::fs::write(&f, text).unwrap();
        let e = fails(&["batch", &img, "add_cdecl", "--inputs", f.to_str().unwrap()]);
        assert!(e.contains(want), "{text:?}: {e}");
    }
}

#[test]
fn stubs_pop_for_stdcall_and_return_in_st0() {
    let Some(img) = calls() else { return };
    let j = |args: &[&str]| json(&ok(&[&["call", &img], args, &["--json"]].concat()));
    // Sleep@4 pops its argument, as the caller's code expects.
    let r = j(&[
        "sleepy",
        "--args",
        "i32:41",
        "--stub",
        "KERNEL32.dll!Sleep@4=0",
    ]);
    assert_eq!(r["ret"], 42);
    assert!(r.get("notes").is_none(), "{r}");
    // _hypot returns in ST(0): a value pushed there.
    let r = j(&[
        "hyp",
        "--args",
        "f64:8",
        "--stub",
        "_hypot=st0:f64:1.5",
        "--ret",
        "f64",
    ]);
    assert_eq!(r["ret"], "0x4008000000000000");
    let e = fails(&["call", &img, "hyp", "--args", "f64:8", "--stub", "_hypot=1"]);
    assert!(
        e.contains("msvcrt.dll!_hypot") && e.contains("x87 stack"),
        "{e}"
    );
    let e = fails(&[
        "call",
        &img,
        "hyp",
        "--args",
        "f64:8",
        "--stub",
        "_hypot=st0:host-nope",
    ]);
    assert!(e.contains("host-log"), "{e}");
    // A model whose operands are not on the x87 stack stops, saying so.
    let e = fails(&[
        "call",
        &img,
        "hyp",
        "--args",
        "f64:8",
        "--stub",
        "_hypot=st0:host-sqrt",
    ]);
    assert!(e.contains("on the x87 stack, and it holds 0"), "{e}");
    let e = fails(&[
        "call",
        &img,
        "sleepy",
        "--args",
        "i32:1",
        "--stub",
        "Sleep@3=0",
    ]);
    assert!(e.contains("multiple of 4"), "{e}");
}

#[test]
fn a_prefixed_transcendental_runs_on_the_host_too() {
    let Some(img) = calls() else { return };
    for x in ["1", "0.5", "-3", "1e10"] {
        let run = |f: &str| {
            json(&ok(&[
                "call",
                &img,
                f,
                "--args",
                &format!("f64:{x}"),
                "--ret",
                "st0",
                "--cw",
                "0x037f",
                "--json",
            ]))
        };
        let (a, b) = (run("ds_sin"), run("plain_sin"));
        assert_eq!(a["ret"], b["ret"], "fsin({x})");
        assert_eq!(a["host_x87"]["ops"], b["host_x87"]["ops"], "fsin({x})");
    }
}

#[test]
fn batch_carries_by_name_and_refuses_what_cannot_carry() {
    let Some(img) = calls() else { return };
    let gl = bitexact_emu::Program::open(&std::fs::read(&img).unwrap(), None)
        .unwrap()
        .image
        .data_symbol("_gl")
        .unwrap();
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("carry_by_name");
    std::fs::create_dir_all(&dir).unwrap();
    let batch = |lines: &[String], extra: &[&str]| {
        let inputs = dir.join("in.jsonl");
        let text: String = lines
            .iter()
            .map(|l| format!("{}\n", serde_json::json!({ "args": l })))
            .collect();
        std::fs::write(&inputs, text).unwrap();
        let i = inputs.to_str().unwrap().to_string();
        emu(&[&["batch", &img, "add_into", "--inputs", &i][..], extra].concat())
    };
    // Line 2 passes `a` as a pointer, not a buffer: `b` still carries.
    let o = batch(
        &[
            "buf:i32=1,2,buf:i32=10,20".into(),
            format!("u32:{gl},buf:i32=0,0"),
        ],
        &["--names", "a,b", "--carry", "b"],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let recs: Vec<serde_json::Value> = String::from_utf8(o.stdout)
        .unwrap()
        .lines()
        .map(json)
        .collect();
    assert_eq!(recs[0]["b_after"], serde_json::json!([11, 22]));
    assert_eq!(recs[1]["b_after"], serde_json::json!([111, 222]));
    // A carried buffer whose type changes is refused, not reread.
    let o = batch(
        &[
            "buf:i32=1,2,buf:i32=10,20".into(),
            "buf:i32=1,2,buf:u8*2".into(),
        ],
        &["--names", "a,b", "--carry", "b"],
    );
    assert_eq!(o.status.code(), Some(2));
    let e = String::from_utf8(o.stderr).unwrap();
    assert!(e.contains("carried buffer b is u8*2 here, i32*2"), "{e}");
    // Fields that would collide are refused.
    for names in ["ret,b", "a,a", "call_id,b", "a,a_after"] {
        let o = batch(&["buf:i32=1,2,buf:i32=10,20".into()], &["--names", names]);
        assert_eq!(o.status.code(), Some(2), "{names}");
        let e = String::from_utf8(o.stderr).unwrap();
        assert!(e.contains("twice"), "{names}: {e}");
    }
}
