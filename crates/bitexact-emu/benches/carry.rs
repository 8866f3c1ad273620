//! State carried between calls (SPEC 13.1) against one process per call:
//! numpy's real `rk_random` (`mtrand.pyd`, Python 2.7 / win32, Visual C++
//! 2008, at 0x1004bcb0) drawn 10^4 times by `call --repeat`, by `batch
//! --carry`, and by the library's `Program::call_carried`, beside a run of
//! one `bitexact-emu call` process per draw (the state passed in and read
//! back each time), the way it had to be done before. `cargo bench --bench
//! carry` in this crate, after the tests have downloaded the image into
//! `target/test-wheels/`.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Instant;

use bitexact_emu::{Arg, Call, Elem, Program, Scalar};

const IMAGE: &str = "numpy-1.16.6-cp27-cp27m-win32--numpy--random--mtrand.pyd";
const N: usize = 10_000;

fn emu() -> Command {
    Command::new(env!("CARGO_BIN_EXE_bitexact-emu"))
}

fn main() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../target/test-wheels")
        .join(IMAGE);
    if !path.exists() {
        eprintln!(
            "{} is not there: run `cargo test --release --test real_images` first",
            path.display()
        );
        return;
    }
    let img = path.to_str().unwrap();
    // The seeded state, from the image's own rk_seed.
    let mut p = Program::open(&std::fs::read(&path).unwrap(), None).unwrap();
    let seeded = p
        .call(&Call {
            address: 0x1004_bc20,
            args: vec![
                Arg::Value(Scalar::U32(12345)),
                Arg::Buf {
                    elem: Elem::U32,
                    values: vec![Scalar::U32(0); 700],
                },
            ],
            ..Call::default()
        })
        .unwrap();
    let state = seeded.buffers[0].clone();
    let text: Vec<String> = state
        .iter()
        .map(|v| match v {
            Scalar::U32(x) => x.to_string(),
            _ => unreachable!(),
        })
        .collect();
    let arg = format!("buf:u32*700={}", text.join(","));

    // The library: one Program, N carried calls.
    let call = Call {
        address: 0x1004_bcb0,
        args: vec![Arg::Buf {
            elem: Elem::U32,
            values: state.clone(),
        }],
        ..Call::default()
    };
    let t = Instant::now();
    p.call(&call).unwrap();
    for _ in 1..N {
        std::hint::black_box(p.call_carried(&call).unwrap());
    }
    let lib = t.elapsed().as_secs_f64() / N as f64;

    // call --repeat N (JSON lines, buffers and all).
    let t = Instant::now();
    let o = emu()
        .args([
            "call",
            img,
            "0x1004bcb0",
            "--args",
            &arg,
            "--json",
            "--repeat",
            &N.to_string(),
        ])
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(o.success());
    let repeat = t.elapsed().as_secs_f64() / N as f64;

    // batch --carry: N input lines.
    let line = format!("{{\"args\": \"{arg}\"}}\n");
    let t = Instant::now();
    let mut child = emu()
        .args([
            "batch",
            img,
            "0x1004bcb0",
            "--inputs",
            "-",
            "--names",
            "state",
            "--carry",
            "state",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    {
        let mut w = std::io::BufWriter::new(child.stdin.take().unwrap());
        for _ in 0..N {
            w.write_all(line.as_bytes()).unwrap();
        }
    }
    assert!(child.wait().unwrap().success());
    let carry = t.elapsed().as_secs_f64() / N as f64;

    // One process per draw (a sample of 50).
    let k = 50;
    let t = Instant::now();
    for _ in 0..k {
        let o = emu()
            .args(["call", img, "0x1004bcb0", "--args", &arg, "--json"])
            .output()
            .unwrap();
        assert!(o.status.success());
    }
    let single = t.elapsed().as_secs_f64() / k as f64;

    println!("rk_random of numpy's mtrand.pyd, {N} chained draws (per draw):");
    for (name, s) in [
        ("Program::call_carried", lib),
        ("call --repeat", repeat),
        ("batch --carry", carry),
        ("a process per draw", single),
    ] {
        println!(
            "  {name:<22} {:>10.1} µs   {:>8.0}× faster than a process per draw   (10^4 draws: {:.2} s)",
            s * 1e6,
            single / s,
            s * N as f64
        );
    }
}
