//! SPEC 13, proof (3): the generators' draw functions (`tests/c/draws.c`:
//! MT19937 with init_genrand, Random3Class, Random2Class and its ranged
//! pick, Generals' GameLogicRandom and its real draw), compiled to a PE32
//! by mingw-w64, run under the emulator, equal the library's streams — the
//! integer path (calls, loops, 64-bit sums, arithmetic shifts) and one
//! float mapping at the game's 24-bit control word.

mod common;

use bitexact::generals::GameRandom;
use bitexact::mt19937::Mt19937;
use bitexact::westwood::{Random2, Random3};
use bitexact_emu::{Arg, Call, Conv, Elem, Outcome, Program, Scalar};
use common::Rng;

struct Draws {
    p: Program,
}

impl Draws {
    fn open() -> Option<Draws> {
        let path = common::build("draws")?;
        Some(Draws {
            p: Program::open(&std::fs::read(path).unwrap(), None).unwrap(),
        })
    }

    /// Calls `f` with the state buffer `state` (updated in place) and the
    /// further arguments.
    fn call(&mut self, f: &str, state: &mut Vec<Scalar>, more: &[Arg], cw: u16) -> Outcome {
        let address = self.p.resolve(f).unwrap();
        let mut args = vec![Arg::Buf {
            elem: Elem::U32,
            values: state.clone(),
        }];
        args.extend_from_slice(more);
        let o = self
            .p
            .call(&Call {
                address,
                conv: Conv::Cdecl,
                args,
                cw,
                max_instructions: 1_000_000,
                out: vec![],
                ..Default::default()
            })
            .unwrap();
        *state = o.buffers[0].clone();
        o
    }
}

fn words(n: usize) -> Vec<Scalar> {
    vec![Scalar::U32(0); n]
}

fn u32v(x: u32) -> Arg {
    Arg::Value(Scalar::U32(x))
}

#[test]
fn mt19937_draws_equal_the_library() {
    let Some(mut d) = Draws::open() else { return };
    let mut r = Rng(19937);
    for seed in [0, 1, 5489, 0xffff_ffff, r.next() as u32, r.next() as u32] {
        let mut st = words(625);
        d.call("mt_seed", &mut st, &[u32v(seed)], 0x027f);
        let mut lib = Mt19937::new(seed);
        for k in 0..1300 {
            let o = d.call("mt_next", &mut st, &[], 0x027f);
            assert_eq!(o.eax, lib.next_u32(), "seed {seed}, draw {k}");
        }
    }
}

#[test]
fn random3_and_random2_draws_equal_the_library() {
    let Some(mut d) = Draws::open() else { return };
    let mut r = Rng(250);
    for seed in [
        0u32,
        1,
        0x8000_0000,
        0xffff_ffff,
        r.next() as u32,
        r.next() as u32,
    ] {
        let mut st = vec![Scalar::U32(seed), Scalar::U32(0)];
        let mut lib = Random3::new(seed);
        for k in 0..300 {
            let o = d.call("r3_next", &mut st, &[], 0x027f);
            assert_eq!(o.eax as i32, lib.raw(), "Random3 seed {seed:#x}, draw {k}");
        }
        let mut st = words(252);
        d.call("r2_seed", &mut st, &[u32v(seed)], 0x027f);
        let mut lib = Random2::new(seed);
        for k in 0..600 {
            if k % 3 == 0 {
                let (lo, hi) = match r.below(4) {
                    0 => (1, 6),
                    1 => (0, 99),
                    2 => (-1000, 1000),
                    _ => (r.next() as i32 >> 2, r.next() as i32 >> 2),
                };
                let o = d.call(
                    "r2_ranged",
                    &mut st,
                    &[Arg::Value(Scalar::I32(lo)), Arg::Value(Scalar::I32(hi))],
                    0x027f,
                );
                assert_eq!(
                    o.eax as i32,
                    lib.ranged(lo, hi).unwrap(),
                    "Random2 seed {seed:#x} ranged({lo}, {hi}) at {k}"
                );
            } else {
                let o = d.call("r2_next", &mut st, &[], 0x027f);
                assert_eq!(o.eax as i32, lib.raw(), "Random2 seed {seed:#x}, draw {k}");
            }
        }
    }
}

#[test]
fn generals_draws_equal_the_library() {
    let Some(mut d) = Draws::open() else { return };
    let mut r = Rng(6);
    for seed in [0u32, 1, 0xffff_ffff, r.next() as u32, r.next() as u32] {
        let mut st = words(6);
        d.call("gen_seed", &mut st, &[u32v(seed)], 0x007f);
        let mut lib = GameRandom::new(seed);
        for k in 0..2000 {
            if k % 2 == 0 {
                let o = d.call("gen_next", &mut st, &[], 0x007f);
                assert_eq!(o.eax, lib.next_u32(), "seed {seed:#x}, draw {k}");
            } else {
                let lo = (r.next() as i32 >> 8) as f32 / 256.0;
                let hi = lo + [0.0, 1.0, 100.0, -3.0][r.below(4) as usize];
                let o = d.call(
                    "gen_real",
                    &mut st,
                    &[Arg::Value(Scalar::F32(lo)), Arg::Value(Scalar::F32(hi))],
                    0x007f,
                );
                let got = o.st0.unwrap().to_f32_under(0x007f);
                assert_eq!(
                    got.to_bits(),
                    lib.real(lo, hi).to_bits(),
                    "seed {seed:#x} real({lo}, {hi}) at {k}"
                );
            }
        }
    }
}
