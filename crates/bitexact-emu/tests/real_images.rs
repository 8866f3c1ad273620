//! `bitexact-emu` on a real MSVC-built image (SPEC 13.1): numpy 1.16.6's
//! `mtrand.pyd` for Python 2.7 / win32 (Visual C++ 2008, x87), downloaded
//! from PyPI by the scan tests' helper (pinned version and sha256, cached
//! under the target directory).
//!
//! Its own MT19937 functions run in one process over 10^4 chained calls,
//! the state carried from call to call, and are held against three
//! independent references: the `rand_mt` crate (the reference
//! `init_genrand` / `init_by_array`), numpy's own `RandomState` (a
//! committed table of hashes made by numpy, `tests/data/`), and the
//! library's `sots` engine (what `bitexact stream sots` prints). The
//! addresses are the image's, as `bitexact scan` and objdump show them:
//!
//! | address | function | convention |
//! |---|---|---|
//! | 0x1004bc20 | `rk_seed(seed, state)` | cdecl |
//! | 0x1004bcb0 | `rk_random(state)` → EAX | cdecl |
//! | 0x1004c1f0 | `rk_double(state)` → ST(0) | cdecl |
//! | 0x1004c230 | `rk_fill(buffer, size, state)` | cdecl |
//! | 0x1004c340 | `rk_gauss(state)` → ST(0), calls `_CIlog`, `_CIsqrt` | cdecl |
//! | 0x1004c5c0 | `init_genrand`: state in ESI, seed in EAX | private |
//! | 0x1004c600 | `init_by_array(state, key, length)` | cdecl |

mod common;

use std::path::PathBuf;
use std::process::Command;

use bitexact_emu::{Arg, Call, Elem, EmuError, Outcome, Program, Reg, Scalar, StubValue};
use rand_mt::Mt;

const RK_SEED: u32 = 0x1004_bc20;
const RK_RANDOM: u32 = 0x1004_bcb0;
const RK_DOUBLE: u32 = 0x1004_c1f0;
const RK_FILL: u32 = 0x1004_c230;
const RK_GAUSS: u32 = 0x1004_c340;
const INIT_GENRAND: u32 = 0x1004_c5c0;
const INIT_BY_ARRAY: u32 = 0x1004_c600;
/// `rk_state`: 624 key words, pos, has_gauss, gauss, and the binomial
/// cache after them (0x9d0 on); 700 words hold it all.
const STATE_WORDS: usize = 700;
const N: usize = 10_000;

fn mtrand() -> Option<PathBuf> {
    common::mtrand()
}

fn open() -> Option<Program> {
    let p = mtrand()?;
    Some(Program::open(&std::fs::read(p).unwrap(), None).unwrap())
}

fn state(values: Option<&[Scalar]>) -> Arg {
    Arg::Buf {
        elem: Elem::U32,
        values: values.map_or_else(|| vec![Scalar::U32(0); STATE_WORDS], <[Scalar]>::to_vec),
    }
}

fn call(address: u32, args: Vec<Arg>) -> Call {
    Call {
        address,
        args,
        ..Call::default()
    }
}

fn u32s(v: &[Scalar]) -> Vec<u32> {
    v.iter()
        .map(|s| match s {
            Scalar::U32(x) => *x,
            other => panic!("not a u32: {other:?}"),
        })
        .collect()
}

/// FNV-1a 64 over bytes: how the committed numpy table holds a sequence.
fn fnv(bytes: impl IntoIterator<Item = u8>) -> u64 {
    bytes.into_iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

fn fnv_u32(v: &[u32]) -> u64 {
    fnv(v.iter().flat_map(|x| x.to_le_bytes()))
}

fn fnv_f64(v: &[f64]) -> u64 {
    fnv(v.iter().flat_map(|x| x.to_bits().to_le_bytes()))
}

/// numpy's hash of the sequence `name` from the committed table.
fn numpy(name: &str) -> u64 {
    let table = include_str!("data/numpy_randomstate.txt");
    let line = table
        .lines()
        .find(|l| l.split(' ').next() == Some(name))
        .unwrap_or_else(|| panic!("no {name} in the numpy table"));
    let h = line
        .split(' ')
        .find_map(|f| f.strip_prefix("fnv1a64="))
        .unwrap();
    u64::from_str_radix(h, 16).unwrap()
}

/// The reference MT19937's outputs.
fn reference(mut mt: Mt, n: usize) -> Vec<u32> {
    (0..n).map(|_| mt.next_u32()).collect()
}

/// numpy's 53-bit double from two words.
fn res53(a: u32, b: u32) -> f64 {
    (f64::from(a >> 5) * 67_108_864.0 + f64::from(b >> 6)) / 9_007_199_254_740_992.0
}

fn seeded(p: &mut Program, seed: u32) -> Outcome {
    p.call(&call(
        RK_SEED,
        vec![Arg::Value(Scalar::U32(seed)), state(None)],
    ))
    .unwrap()
}

/// `n` chained calls of `f(state)`, the state carried, starting from the
/// state `start` leaves (its last buffer).
fn chained(p: &mut Program, f: u32, start: &Outcome, n: usize) -> Vec<Outcome> {
    let first = start.buffers.last().unwrap();
    let c = call(f, vec![state(Some(first))]);
    let mut out = vec![p.call(&c).unwrap()];
    for _ in 1..n {
        out.push(p.call_carried(&c).unwrap());
    }
    out
}

#[test]
fn ten_thousand_chained_draws_equal_numpy_rand_mt_and_the_library() {
    let Some(mut p) = open() else { return };
    let s = seeded(&mut p, 12345);
    let key = u32s(&s.buffers[0][..624]);
    assert_eq!(fnv_u32(&key), numpy("seed12345.state"));
    let draws: Vec<u32> = chained(&mut p, RK_RANDOM, &s, N)
        .iter()
        .map(|o| o.eax)
        .collect();
    assert_eq!(draws, reference(Mt::new(12345), N), "against rand_mt");
    assert_eq!(fnv_u32(&draws), numpy("seed12345.raw"), "against numpy");
    let mut lib = bitexact::sots::Rng::new(12345);
    let ours: Vec<u32> = (0..N).map(|_| lib.next_u32()).collect();
    assert_eq!(draws, ours, "against the library (bitexact stream sots)");
}

#[test]
fn ten_thousand_chained_doubles_equal_numpy_and_rand_mt() {
    let Some(mut p) = open() else { return };
    let s = seeded(&mut p, 12345);
    let doubles: Vec<f64> = chained(&mut p, RK_DOUBLE, &s, N)
        .iter()
        .map(|o| {
            o.st0
                .expect("rk_double returns in ST(0)")
                .to_f64_under(0x027f)
        })
        .collect();
    let words = reference(Mt::new(12345), 2 * N);
    let want: Vec<f64> = words.chunks(2).map(|w| res53(w[0], w[1])).collect();
    assert_eq!(
        doubles.iter().map(|d| d.to_bits()).collect::<Vec<_>>(),
        want.iter().map(|d| d.to_bits()).collect::<Vec<_>>()
    );
    assert_eq!(fnv_f64(&doubles), numpy("seed12345.double"));
}

#[test]
fn init_by_array_then_draws_equal_numpy_and_rand_mt() {
    let Some(mut p) = open() else { return };
    let key = [1u32, 2, 3, 4];
    let o = p
        .call(&call(
            INIT_BY_ARRAY,
            vec![
                state(None),
                Arg::Buf {
                    elem: Elem::U32,
                    values: key.iter().map(|&k| Scalar::U32(k)).collect(),
                },
                Arg::Value(Scalar::U32(4)),
            ],
        ))
        .unwrap();
    // The state is the first buffer; rk_random carries it on from there.
    let st = u32s(&o.buffers[0][..624]);
    assert_eq!(fnv_u32(&st), numpy("key1234.state"));
    let start = Outcome {
        buffers: vec![o.buffers[0].clone()],
        ..o
    };
    let draws: Vec<u32> = chained(&mut p, RK_RANDOM, &start, N)
        .iter()
        .map(|o| o.eax)
        .collect();
    assert_eq!(draws, reference(Mt::new_with_key(key), N));
    assert_eq!(fnv_u32(&draws), numpy("key1234.raw"));
}

#[test]
fn the_register_convention_init_genrand_through_reg() {
    let Some(mut p) = open() else { return };
    let o = p
        .call(&Call {
            address: INIT_GENRAND,
            regs: vec![
                (Reg::Esi, state(None)),
                (Reg::Eax, Arg::Value(Scalar::U32(12345))),
            ],
            ..Call::default()
        })
        .unwrap();
    let st = u32s(&o.buffers[0][..624]);
    assert_eq!(fnv_u32(&st), numpy("seed12345.state"));
    // ESI still holds the buffer's address, as the function left it.
    assert_eq!(o.regs[Reg::Esi as usize] & 0xfff0_0000, 0x7000_0000);
    // Called without the registers it faults at its first write.
    let bare = p.call(&call(INIT_GENRAND, vec![])).unwrap_err();
    assert!(
        matches!(
            bare,
            EmuError::MemoryFault {
                access: "write",
                ..
            }
        ),
        "{bare}"
    );
}

/// The x87 tail of `rk_gauss` run natively on this host at control word
/// 0x027F: `fld r2; fldln2; fxch; fyl2x; fmul -2.0; fdiv r2; fsqrt; fld
/// xa; fmul st, st(1); fstp saved; fmul xb` — the CRT's `_CIlog` and
/// `_CIsqrt` as their x87 instructions. Returns (returned, saved).
#[cfg(target_arch = "x86_64")]
fn gauss_tail(r2: f64, xa: f64, xb: f64) -> (f64, f64) {
    let cw: u16 = 0x027f;
    let minus_two = -2.0f64;
    let mut ret = 0f64;
    let mut saved = 0f64;
    let mut fpu = [0u8; 108];
    // SAFETY: the host FPU state is saved first (`fnsave`, which also
    // reinitialises it) and restored last (`frstor`) into a live local
    // 108-byte buffer; every memory operand is a live local of the size
    // accessed; 0x027F masks every exception, so nothing traps; all x87
    // registers are declared clobbered; no stack is used.
    unsafe {
        std::arch::asm!(
            "fnsave [{fpu}]",
            "fldcw word ptr [{cw}]",
            "fld qword ptr [{r2}]",
            "fldln2",
            "fxch st(1)",
            "fyl2x",
            "fmul qword ptr [{m2}]",
            "fdiv qword ptr [{r2}]",
            "fsqrt",
            "fld qword ptr [{xa}]",
            "fmul st(0), st(1)",
            "fstp qword ptr [{saved}]",
            "fmul qword ptr [{xb}]",
            "fstp qword ptr [{ret}]",
            "frstor [{fpu}]",
            fpu = in(reg) fpu.as_mut_ptr(),
            cw = in(reg) &cw,
            r2 = in(reg) &r2,
            m2 = in(reg) &minus_two,
            xa = in(reg) &xa,
            xb = in(reg) &xb,
            saved = in(reg) &mut saved,
            ret = in(reg) &mut ret,
            out("st(0)") _, out("st(1)") _, out("st(2)") _, out("st(3)") _,
            out("st(4)") _, out("st(5)") _, out("st(6)") _, out("st(7)") _,
            options(nostack),
        );
    }
    (ret, saved)
}

#[cfg(target_arch = "x86_64")]
#[test]
fn rk_gauss_with_the_crt_x87_models_equals_the_native_x87_sequence() {
    let Some(mut p) = open() else { return };
    // Without a model the import stops the run, naming it.
    let s = seeded(&mut p, 12345);
    let c = call(RK_GAUSS, vec![state(Some(&s.buffers[0]))]);
    let e = p.call(&c).unwrap_err();
    assert!(e.to_string().contains("MSVCR90.dll!_CIlog"), "{e}");
    // An integer stub for it is refused, never run.
    let refused = p.stub("_CIlog", StubValue::Eax(0), 0).unwrap_err();
    assert!(refused.to_string().contains("x87 stack"), "{refused}");
    let given = p.crt_x87().unwrap();
    for helper in [
        "MSVCR90.dll!_CIlog",
        "MSVCR90.dll!_CIsqrt",
        "MSVCR90.dll!_CIpow",
    ] {
        assert!(given.iter().any(|g| g == helper), "{given:?}");
    }
    const G: usize = N;
    let out = chained(&mut p, RK_GAUSS, &s, G);
    assert!(out.iter().all(|o| o.crt_models.len() <= 2));
    assert!(out[0].crt_models.contains(&"_CIlog"));
    let got: Vec<f64> = out
        .iter()
        .map(|o| o.st0.unwrap().to_f64_under(0x027f))
        .collect();
    // The oracle: the same draws from rand_mt, the SSE2 part in f64 as the
    // image computes it, the x87 part natively.
    let mut mt = Mt::new(12345);
    let mut next = || {
        let (a, b) = (mt.next_u32(), mt.next_u32());
        2.0 * res53(a, b) - 1.0
    };
    let mut want = Vec::new();
    let mut cached: Option<f64> = None;
    while want.len() < G {
        if let Some(v) = cached.take() {
            want.push(v);
            continue;
        }
        let (x1, x2, r2) = loop {
            let x1 = next();
            let x2 = next();
            let r2 = x1 * x1 + x2 * x2;
            if r2 < 1.0 && r2 != 0.0 {
                break (x1, x2, r2);
            }
        };
        let (ret, saved) = gauss_tail(r2, x1, x2);
        cached = Some(saved);
        want.push(ret);
    }
    let bits = |v: &[f64]| v.iter().map(|d| d.to_bits()).collect::<Vec<_>>();
    assert_eq!(bits(&got), bits(&want));
    // numpy's Linux build (SSE2 libm) against the image's x87 path:
    // reported, not asserted.
    let same = fnv_f64(&got) == numpy("seed12345.gauss");
    eprintln!(
        "rk_gauss under the x87 models: {G} draws equal the native x87 sequence; numpy's Linux standard_normal({G}) {}",
        if same { "is the same sequence, bit for bit" } else { "differs somewhere (its hash is not ours)" }
    );
}

#[test]
fn an_overrun_of_an_argument_or_a_register_buffer_is_caught() {
    let Some(mut p) = open() else { return };
    let s = seeded(&mut p, 12345);
    // rk_fill(buffer of 4 bytes, 64, state): the fill writes past it.
    let e = p
        .call(&call(
            RK_FILL,
            vec![
                Arg::Buf {
                    elem: Elem::U8,
                    values: vec![Scalar::U8(0); 4],
                },
                Arg::Value(Scalar::U32(64)),
                state(Some(&s.buffers[0])),
            ],
        ))
        .unwrap_err();
    match &e {
        EmuError::BufferOverrun {
            buffer,
            size,
            offset,
            pc,
            ..
        } => {
            assert_eq!(
                (buffer.as_str(), *size, *offset),
                ("argument 0", 4, 4),
                "{e}"
            );
            assert!((RK_FILL..RK_FILL + 0x100).contains(pc), "{e}");
        }
        other => panic!("not an overrun: {other}"),
    }
    // The same with 4 bytes asked for is no overrun.
    p.call(&call(
        RK_FILL,
        vec![
            Arg::Buf {
                elem: Elem::U8,
                values: vec![Scalar::U8(0); 4],
            },
            Arg::Value(Scalar::U32(4)),
            state(Some(&s.buffers[0])),
        ],
    ))
    .unwrap();
    // init_genrand's state in a register buffer too small for 624 words.
    let e = p
        .call(&Call {
            address: INIT_GENRAND,
            regs: vec![
                (
                    Reg::Esi,
                    Arg::Buf {
                        elem: Elem::U32,
                        values: vec![Scalar::U32(0); 100],
                    },
                ),
                (Reg::Eax, Arg::Value(Scalar::U32(1))),
            ],
            ..Call::default()
        })
        .unwrap_err();
    match &e {
        EmuError::BufferOverrun {
            buffer,
            size,
            offset,
            ..
        } => assert_eq!((buffer.as_str(), *size, *offset), ("esi", 400, 400), "{e}"),
        other => panic!("not an overrun: {other}"),
    }
}

#[test]
fn names_and_addresses_as_the_other_tools_print_them() {
    let Some(path) = mtrand() else { return };
    let bytes = std::fs::read(path).unwrap();
    let p = Program::open(&bytes, None).unwrap();
    assert_eq!(p.resolve("sub_1004bc20").unwrap(), RK_SEED);
    assert_eq!(p.resolve("SUB_1004BC20").unwrap(), RK_SEED);
    assert_eq!(p.resolve("rva:0x4bc20").unwrap(), RK_SEED);
    assert_eq!(p.resolve("0x1004bc20").unwrap(), RK_SEED);
    let inside = p.resolve("0x1004bc21").unwrap_err().to_string();
    assert!(
        inside.contains("0x1004bc20") && inside.contains("0x1004bc24"),
        "{inside}"
    );
    assert!(p.resolve("sub_1004bc24").is_err());
    // Relocated: the address as built, sub_ and rva: still name it.
    let moved = Program::open(&bytes, Some(0x2000_0000)).unwrap();
    let at = 0x2000_0000 + (RK_SEED - 0x1000_0000);
    for name in ["0x1004bc20", "sub_1004bc20", "rva:0x4bc20"] {
        assert_eq!(moved.resolve(name).unwrap(), at, "{name}");
    }
    assert_eq!(moved.resolve(&format!("{at:#x}")).unwrap(), at);
}

fn emu(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_bitexact-emu"))
        .args(args)
        .output()
        .unwrap()
}

/// One line on stderr, exit 2, nothing on stdout.
fn fails(args: &[&str]) -> String {
    let o = emu(args);
    assert_eq!(o.status.code(), Some(2), "{args:?}");
    assert!(o.stdout.is_empty(), "{args:?}");
    let e = String::from_utf8(o.stderr).unwrap();
    assert_eq!(e.lines().count(), 1, "{e}");
    e
}

fn seeded_state_text(img: &str) -> String {
    let o = emu(&[
        "call",
        img,
        "sub_1004bc20",
        "--args",
        "u32:12345,buf:u32*700",
        "--json",
    ]);
    assert!(o.status.success());
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    j["buffers"][0]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

#[test]
fn the_binary_repeats_carries_and_reads_registers() {
    let Some(path) = mtrand() else { return };
    let img = path.to_str().unwrap();
    let st = format!("buf:u32*700={}", seeded_state_text(img));
    // call --repeat: one JSON object per call, the state carried.
    let o = emu(&[
        "call",
        img,
        "0x1004bcb0",
        "--args",
        &st,
        "--repeat",
        "1000",
        "--json",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let rets: Vec<u32> = String::from_utf8(o.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["ret"]
                .as_u64()
                .unwrap() as u32
        })
        .collect();
    assert_eq!(rets, reference(Mt::new(12345), 1000));
    // batch --carry: each line's state is the one before's after.
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("carry");
    std::fs::create_dir_all(&dir).unwrap();
    let inputs = dir.join("in.jsonl");
    let line = serde_json::json!({ "args": st }).to_string();
    std::fs::write(&inputs, format!("{line}\n{line}\n{line}\n")).unwrap();
    let o = emu(&[
        "batch",
        img,
        "0x1004bcb0",
        "--inputs",
        inputs.to_str().unwrap(),
        "--names",
        "state",
        "--carry",
        "state",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let recs: Vec<serde_json::Value> = String::from_utf8(o.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let got: Vec<u32> = recs
        .iter()
        .map(|r| r["ret"].as_u64().unwrap() as u32)
        .collect();
    assert_eq!(got, reference(Mt::new(12345), 3));
    assert!(recs[0].get("state").is_some() && recs[1].get("state").is_none());
    assert!(recs.iter().all(|r| r.get("state_after").is_some()));
    let e = fails(&[
        "batch",
        img,
        "0x1004bcb0",
        "--inputs",
        inputs.to_str().unwrap(),
        "--carry",
        "nope",
    ]);
    assert!(e.contains("no buffer named nope"), "{e}");
    // --reg and --ret reg:NAME.
    let o = emu(&[
        "call",
        img,
        "sub_1004c5c0",
        "--reg",
        "esi=buf:u32*625",
        "--reg",
        "eax=12345",
        "--ret",
        "reg:ecx",
        "--json",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let words: Vec<u32> = j["buffers"][0]
        .as_array()
        .unwrap()
        .iter()
        .take(624)
        .map(|v| v.as_u64().unwrap() as u32)
        .collect();
    assert_eq!(fnv_u32(&words), numpy("seed12345.state"));
    // ECX walked the state to its last word.
    let esi_buf = j["ret"].as_u64().unwrap();
    assert_eq!(esi_buf & 0xfff, (0x40 + 623 * 4) & 0xfff);
}

#[test]
fn the_binary_refuses_with_one_line() {
    let Some(path) = mtrand() else { return };
    let img = path.to_str().unwrap();
    let st = format!("buf:u32*700={}", seeded_state_text(img));
    let e = fails(&["call", img, "0x1004bc21", "--args", "u32:1,buf:u32*700"]);
    assert!(
        e.contains("not an instruction boundary") && e.contains("0x1004bc24"),
        "{e}"
    );
    let e = fails(&[
        "call",
        img,
        "0x1004c230",
        "--args",
        &format!("buf:u8*4,u32:64,{st}"),
    ]);
    assert!(
        e.contains("buffer overrun") && e.contains("argument 0"),
        "{e}"
    );
    let e = fails(&[
        "call",
        img,
        "sub_1004c5c0",
        "--reg",
        "esi=buf:u32*100",
        "--reg",
        "eax=1",
    ]);
    assert!(e.contains("buffer overrun") && e.contains("esi"), "{e}");
    let e = fails(&[
        "call",
        img,
        "sub_1004c340",
        "--args",
        &st,
        "--stub",
        "_CIlog=0",
    ]);
    assert!(e.contains("x87 stack"), "{e}");
    let e = fails(&[
        "call",
        img,
        "sub_1004c340",
        "--args",
        &st,
        "--stub",
        "_CIlog=0.5",
    ]);
    assert!(e.contains("st0:f64:0.5"), "{e}");
    let e = fails(&["call", img, "sub_1004c340", "--args", &st, "--reg", "esp=1"]);
    assert!(e.contains("esp"), "{e}");
    // --ret f64 prints a number, as f32 does.
    let o = emu(&[
        "call",
        img,
        "sub_1004c340",
        "--args",
        &st,
        "--crt",
        "x87",
        "--ret",
        "f64",
    ]);
    assert!(o.status.success());
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.starts_with("ret -0.20470765948471295\n"), "{text}");
    assert!(String::from_utf8(o.stderr)
        .unwrap()
        .contains("built-in x87 models"));
    // Relocated, the address as built still names the function.
    let o = emu(&[
        "call",
        img,
        "0x1004bcb0",
        "--base",
        "0x20000000",
        "--args",
        &st,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8(o.stdout)
        .unwrap()
        .starts_with("ret 3992670690\n"));
}

#[test]
fn batch_records_and_carries_register_buffers() {
    let Some(path) = mtrand() else { return };
    let img = path.to_str().unwrap();
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("reg_carry");
    std::fs::create_dir_all(&dir).unwrap();
    let inputs = dir.join("in.jsonl");
    std::fs::write(&inputs, "{\"args\": \"\"}\n{\"args\": \"\"}\n").unwrap();
    let o = emu(&[
        "batch",
        img,
        "sub_1004c5c0",
        "--inputs",
        inputs.to_str().unwrap(),
        "--reg",
        "esi=buf:u32*625",
        "--reg",
        "eax=12345",
        "--carry",
        "esi",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let recs: Vec<serde_json::Value> = String::from_utf8(o.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for r in &recs {
        let words: Vec<u32> = r["esi_after"].as_array().unwrap()[..624]
            .iter()
            .map(|v| v.as_u64().unwrap() as u32)
            .collect();
        assert_eq!(fnv_u32(&words), numpy("seed12345.state"));
    }
}
