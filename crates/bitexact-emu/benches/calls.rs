//! Calls per second through the emulator for small float functions (SPEC 5's
//! `vec3_length` and `vec3_normalize`, and a function whose `fsin` runs on
//! the host through the hook), beside the same sequence run natively on the
//! host x87 by `bitexact::x87::hw` for scale. `cargo bench` in this crate.

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::Instant;

use bitexact::sots::Precision;
use bitexact_emu::{Arg, Call, Conv, Elem, Program, Scalar};

fn main() {
    let Some(path) = common::build("vec3") else {
        eprintln!("no mingw-w64: nothing to measure");
        return;
    };
    let mut p = Program::open(&std::fs::read(path).unwrap(), None).unwrap();
    let v = |x: f32| Arg::Buf {
        elem: Elem::F32,
        values: vec![Scalar::F32(x), Scalar::F32(2.0), Scalar::F32(3.0)],
    };
    let n = 200_000u32;
    for (name, args) in [
        ("vec3_length", vec![v(1.0)]),
        ("vec3_normalize", vec![v(1.0), v(0.0)]),
        (
            "sine_scaled",
            vec![Arg::Value(Scalar::F64(0.5)), Arg::Value(Scalar::F32(2.0))],
        ),
    ] {
        let mut call = Call {
            address: p.resolve(name).unwrap(),
            conv: Conv::Cdecl,
            args,
            cw: 0x027f,
            max_instructions: 10_000,
            out: vec![],
            ..Default::default()
        };
        // Warm the translation cache.
        let insns = p.call(&call).unwrap().instructions;
        let t = Instant::now();
        for k in 0..n {
            if let Arg::Buf { values, .. } = &mut call.args[0] {
                values[0] = Scalar::F32(k as f32);
            }
            std::hint::black_box(p.call(&call).unwrap());
        }
        let s = t.elapsed().as_secs_f64();
        println!(
            "{name:<16} {:>9.0} calls/s  ({insns} instructions a call, {:.2} µs a call)",
            f64::from(n) / s,
            s * 1e6 / f64::from(n)
        );
    }
    let t = Instant::now();
    for k in 0..n * 10 {
        std::hint::black_box(bitexact::x87::hw::normalize(
            [k as f32, 2.0, 3.0],
            Precision::Pc53,
        ));
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "{:<16} {:>9.0} calls/s  (bitexact::x87::hw::normalize, native, for scale)",
        "host x87",
        f64::from(n * 10) / s
    );
}
