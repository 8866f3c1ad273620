//! SPEC 13, proof (2): a C transcription of SPEC 5's Vec3 functions and the
//! MoveFleet leg (`tests/c/vec3.c`), compiled to a PE32 by mingw-w64 with
//! x87 code, run under the emulator at control words 0x027F and 0x007F,
//! equals the library's models (`bitexact::sots`) and the host x87
//! (`bitexact::x87::hw`) bit for bit on 10^5 random inputs each.

mod common;

use bitexact::sots::{movefleet, Precision, Vec3};
use bitexact_emu::report::{Ret, INDEFINITE};
use bitexact_emu::{Arg, Call, Conv, Elem, Program, Scalar};
use common::Rng;

fn program() -> Option<Program> {
    let path = common::build("vec3")?;
    Some(Program::open(&std::fs::read(path).unwrap(), None).unwrap())
}

/// An f32 from the classes that matter here: ordinary coordinates, small
/// and tiny ones (the eps branch), huge ones (overflow), zeros, NaN, inf.
fn coord(r: &mut Rng) -> f32 {
    let x = r.next();
    match r.below(16) {
        0 => 0.0,
        1 => -0.0,
        2 => f32::from_bits((x as u32) & 0x807f_ffff), // denormal
        3 => f32::from_bits(((x as u32) & 0x807f_ffff) | (r.below(20) as u32 + 100) << 23), // tiny
        4 => f32::from_bits(((x as u32) & 0x807f_ffff) | (r.below(10) as u32 + 0xf0) << 23), // huge
        5 if r.below(8) == 0 => f32::NAN,
        6 if r.below(8) == 0 => f32::INFINITY,
        _ => ((x >> 40) as i32 as f32) / 65536.0 * [1.0, 0.001, 100.0][r.below(3) as usize],
    }
}

fn buf(v: [f32; 3]) -> Arg {
    Arg::Buf {
        elem: Elem::F32,
        values: v.iter().map(|&x| Scalar::F32(x)).collect(),
    }
}

fn f32s(v: &[Scalar]) -> [u32; 3] {
    let mut o = [0u32; 3];
    for (o, s) in o.iter_mut().zip(v) {
        let Scalar::F32(x) = s else { panic!("not f32") };
        *o = x.to_bits();
    }
    o
}

fn st0_f32(o: &bitexact_emu::Outcome, cw: u16) -> u32 {
    o.st0.unwrap_or(INDEFINITE).to_f32_under(cw).to_bits()
}

/// Calls per function: 10^5 at each of the two control words.
const CALLS: usize = 200_000;

#[test]
fn vec3_and_movefleet_equal_the_models_and_the_x87() {
    let Some(mut p) = program() else { return };
    let f = |p: &Program, n: &str| p.resolve(n).unwrap();
    let (lsq, len, norm, leg) = (
        f(&p, "vec3_length_squared"),
        f(&p, "vec3_length"),
        f(&p, "vec3_normalize"),
        f(&p, "movefleet_leg"),
    );
    let mut r = Rng(0x7ec3_0005);
    let mut equal_branch = 0;
    for k in 0..CALLS {
        let prec = if k % 2 == 0 {
            Precision::Pc53
        } else {
            Precision::Pc24
        };
        let cw = prec.control_word();
        let v = [coord(&mut r), coord(&mut r), coord(&mut r)];
        let vv = Vec3::from_array(v);
        let mut call = |address: u32, args: Vec<Arg>| {
            p.call(&Call {
                address,
                conv: Conv::Cdecl,
                args,
                cw,
                max_instructions: 100_000,
                out: vec![],
                ..Default::default()
            })
            .unwrap()
        };
        let o = call(lsq, vec![buf(v)]);
        assert_eq!(
            st0_f32(&o, cw),
            vv.length_squared(prec).to_bits(),
            "length_squared {v:?} {prec:?}"
        );
        let o = call(len, vec![buf(v)]);
        assert_eq!(
            st0_f32(&o, cw),
            vv.length(prec).to_bits(),
            "length {v:?} {prec:?}"
        );
        let o = call(norm, vec![buf(v), buf([0.0; 3])]);
        let (dir, l) = vv.normalize(prec);
        let (hdir, hl) = bitexact::x87::hw::normalize(v, prec);
        assert_eq!(
            st0_f32(&o, cw),
            l.to_bits(),
            "normalize length {v:?} {prec:?}"
        );
        assert_eq!(l.to_bits(), hl.to_bits(), "model vs x87 {v:?} {prec:?}");
        assert_eq!(
            f32s(&o.buffers[1]),
            dir.to_bits(),
            "normalize dir {v:?} {prec:?}"
        );
        assert_eq!(
            dir.to_bits(),
            Vec3::from_array(hdir).to_bits(),
            "model vs x87 {v:?}"
        );

        let pos = v;
        let mut dest = [coord(&mut r), coord(&mut r), coord(&mut r)];
        if k % 7 == 0 {
            // Near the position, so the leg's distance is small.
            for c in 0..3 {
                dest[c] = pos[c] + coord(&mut r) * 1e-6;
            }
        }
        let delta = Vec3::new(dest[0] - pos[0], dest[1] - pos[1], dest[2] - pos[2]);
        let mv = match r.below(4) {
            // The arrival branch: move == the distance the leg computes.
            0 => {
                let d = [dest[0], dest[1], dest[2]];
                let sub = |a: f32, b: f32| {
                    bitexact::x87::store_f32(
                        prec.sub(bitexact::x87::load_f32(a), bitexact::x87::operand_f32(b)),
                    )
                };
                let dl = Vec3::new(sub(d[0], pos[0]), sub(d[1], pos[1]), sub(d[2], pos[2]));
                dl.normalize(prec).1
            }
            1 => delta.to_array()[0].abs() * 0.5,
            _ => coord(&mut r).abs(),
        };
        let o = call(
            leg,
            vec![
                buf(pos),
                buf(dest),
                Arg::Value(Scalar::F32(mv)),
                buf([0.0; 3]),
            ],
        );
        let model = movefleet::leg(Vec3::from_array(pos), Vec3::from_array(dest), mv, prec);
        let hw = bitexact::x87::hw::leg(pos, dest, mv, prec);
        assert_eq!(
            f32s(&o.buffers[2]),
            model.to_bits(),
            "leg {pos:?} {dest:?} {mv:?} {prec:?}"
        );
        assert_eq!(
            model.to_bits(),
            Vec3::from_array(hw).to_bits(),
            "model vs x87 leg"
        );
        if model.to_bits() == Vec3::from_array(dest).to_bits() {
            equal_branch += 1;
        }
    }
    assert!(
        equal_branch > CALLS / 10,
        "the arrival branch ran {equal_branch} times"
    );
}

#[test]
fn a_transcendental_runs_on_the_host_x87() {
    let Some(mut p) = program() else { return };
    let at = p.resolve("sine_scaled").unwrap();
    let mut r = Rng(5);
    for _ in 0..2000 {
        let x = (r.next() as i64 as f64) / 1e15;
        let k = coord(&mut r);
        let o = p
            .call(&Call {
                address: at,
                conv: Conv::Cdecl,
                args: vec![Arg::Value(Scalar::F64(x)), Arg::Value(Scalar::F32(k))],
                cw: 0x027f,
                max_instructions: 10_000,
                out: vec![],
                ..Default::default()
            })
            .unwrap();
        assert_eq!(o.host_ops, vec!["fsin"]);
        let want = host_sine_scaled(x, k);
        assert_eq!(
            o.st0.unwrap().to_f64().to_bits(),
            want.to_bits(),
            "sin({x}) * {k}"
        );
        let _ = Ret::F64;
    }
}

/// fld m64; fsin; fmul m32; fstp m64 on this machine's x87 at 0x027F.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
fn host_sine_scaled(x: f64, k: f32) -> f64 {
    let mut out = 0f64;
    let mut env = [0u8; 28];
    let cw: u16 = 0x027f;
    // SAFETY: every operand points at a live local of the accessed size;
    // the FPU environment is saved first and restored last; the control
    // word masks all exceptions; the stack is empty again at the end.
    unsafe {
        core::arch::asm!(
            "fnstenv [{env}]",
            "fldcw word ptr [{cw}]",
            "fld qword ptr [{x}]",
            "fsin",
            "fmul dword ptr [{k}]",
            "fstp qword ptr [{out}]",
            "fldenv [{env}]",
            env = in(reg) env.as_mut_ptr(),
            cw = in(reg) &cw,
            x = in(reg) &x,
            k = in(reg) &k,
            out = in(reg) &mut out,
            out("st(0)") _, out("st(1)") _,
            options(nostack),
        )
    }
    out
}
