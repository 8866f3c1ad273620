//! Bad input never panics: damaged images, argument lists, and calls into
//! random bytes (each stops with a typed error or returns).

mod common;

use bitexact_emu::image::Image;
use bitexact_emu::machine::{Machine, SENTINEL, STACK_TOP};
use bitexact_emu::{spec, Program};
use common::Rng;

#[test]
fn damaged_images_are_refused_not_panicked_on() {
    let Some(path) = common::build("calls") else {
        return;
    };
    let good = std::fs::read(path).unwrap();
    let mut r = Rng(77);
    for k in 0..3000 {
        let mut b = good.clone();
        match k % 3 {
            0 => b.truncate(r.below(good.len() as u64) as usize),
            1 => {
                // Flip bytes in the headers, where the structure is.
                for _ in 0..1 + r.below(8) {
                    let i = r.below(0x400.min(b.len() as u64)) as usize;
                    b[i] = r.next() as u8;
                }
            }
            _ => {
                for _ in 0..1 + r.below(64) {
                    let i = r.below(b.len() as u64) as usize;
                    b[i] = r.next() as u8;
                }
            }
        }
        if let Ok(mut p) = Program::open(&b, None) {
            // A loaded image's functions run or stop with an error.
            if let Ok(at) = p.resolve("add_cdecl") {
                let _ = p.call(&bitexact_emu::Call {
                    address: at,
                    conv: bitexact_emu::Conv::Cdecl,
                    args: vec![],
                    cw: 0x027f,
                    max_instructions: 10_000,
                    out: vec![],
                    ..Default::default()
                });
            }
        }
    }
    for junk in [&b""[..], b"MZ", b"\x7fELF", &[0u8; 4096]] {
        assert!(Image::parse(junk, None).is_err());
    }
}

#[test]
fn random_code_stops_with_an_error_or_returns() {
    let mut r = Rng(3);
    for _ in 0..2000 {
        let code: Vec<u8> = (0..64).map(|_| r.next() as u8).collect();
        let mut m = Machine::new().unwrap();
        m.map(0x40_0000, 0x1000, &code, true, true).unwrap();
        m.set_reg(unicorn_engine::RegisterX86::ESP, STACK_TOP - 4)
            .unwrap();
        m.write(STACK_TOP - 4, &SENTINEL.to_le_bytes()).unwrap();
        m.reset_fpu(0x027f).unwrap();
        let _ = m.run(0x40_0000, 10_000);
    }
}

#[test]
fn argument_text_never_panics() {
    let mut r = Rng(11);
    let atoms = [
        "i32:",
        "u32:",
        "f32:",
        "f64:",
        "buf:",
        "f32*",
        "*3",
        "=",
        ",",
        "0x",
        "-",
        "1",
        "9999999999999",
        "nan",
        "inf",
        "u8",
        "1e40",
        " ",
        "ff",
        ":",
        "*0",
        "@",
        "@4",
        "@3",
        "esi",
        "eax=",
        "reg:",
        "st0:",
        "edx:eax:",
        "host-",
        "log",
        "!",
    ];
    for _ in 0..100_000 {
        let s: String = (0..r.below(12))
            .map(|_| atoms[r.below(atoms.len() as u64) as usize])
            .collect();
        let _ = spec::parse_args(&s);
        let _ = spec::out_buf(&s);
        let _ = spec::stub(&s);
        let _ = spec::control_word(&s);
        let _ = spec::reg(&s);
        let _ = spec::ret(&s);
    }
}

/// Names and addresses of every shape never panic, and an address the
/// resolver accepts is always inside the image's code.
#[test]
fn function_names_never_panic() {
    let Some(path) = common::build("calls") else {
        return;
    };
    let bytes = std::fs::read(path).unwrap();
    let p = Program::open(&bytes, Some(0x0100_0000)).unwrap();
    let mut r = Rng(5);
    let atoms = [
        "sub_",
        "rva:",
        "0x",
        "0X",
        "4",
        "01",
        "ffff",
        "-",
        "_",
        "add_cdecl",
        "@8",
        " ",
        "g",
    ];
    for _ in 0..50_000 {
        let s: String = (0..r.below(6))
            .map(|_| atoms[r.below(atoms.len() as u64) as usize])
            .collect();
        if let Ok(va) = p.resolve(&s) {
            assert!(p.image.is_code(va), "{s} resolved to {va:#x}");
        }
    }
}
