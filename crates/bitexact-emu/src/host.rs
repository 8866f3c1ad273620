//! The instructions Unicorn does not compute exactly, run on the host's own
//! x87 unit (SPEC 13: the transcendentals, `fprem` / `fprem1`, `fscale`,
//! and — found reading its `fpu_helper.c` beside the SPEC's list — the
//! constant loads that must round under RC and `fxtract`, which mishandles
//! denormals).
//!
//! [`Inexact`] names them; [`run`] executes one on an [`FpuState`] taken
//! from the emulator and returns the state after it. On a host that is not
//! x86_64, [`run`] returns `None` and the caller stops with an error naming
//! the instruction.

use crate::crt_imports::Crt;
use crate::fpu::FpuState;

/// An x87 instruction the emulator hands to the host: all are `D9 xx`, two
/// bytes, no operands but the stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Inexact {
    /// `f2xm1` (D9 F0)
    F2xm1,
    /// `fyl2x` (D9 F1)
    Fyl2x,
    /// `fptan` (D9 F2)
    Fptan,
    /// `fpatan` (D9 F3)
    Fpatan,
    /// `fxtract` (D9 F4)
    Fxtract,
    /// `fprem1` (D9 F5)
    Fprem1,
    /// `fprem` (D9 F8)
    Fprem,
    /// `fyl2xp1` (D9 F9)
    Fyl2xp1,
    /// `fsincos` (D9 FB)
    Fsincos,
    /// `fscale` (D9 FD)
    Fscale,
    /// `fsin` (D9 FE)
    Fsin,
    /// `fcos` (D9 FF)
    Fcos,
    /// `fldl2t` (D9 E9)
    Fldl2t,
    /// `fldl2e` (D9 EA)
    Fldl2e,
    /// `fldpi` (D9 EB)
    Fldpi,
    /// `fldlg2` (D9 EC)
    Fldlg2,
    /// `fldln2` (D9 ED)
    Fldln2,
}

impl Inexact {
    /// The instruction whose second byte (after `D9`) is `b`.
    pub fn from_second_byte(b: u8) -> Option<Inexact> {
        use Inexact::*;
        Some(match b {
            0xf0 => F2xm1,
            0xf1 => Fyl2x,
            0xf2 => Fptan,
            0xf3 => Fpatan,
            0xf4 => Fxtract,
            0xf5 => Fprem1,
            0xf8 => Fprem,
            0xf9 => Fyl2xp1,
            0xfb => Fsincos,
            0xfd => Fscale,
            0xfe => Fsin,
            0xff => Fcos,
            0xe9 => Fldl2t,
            0xea => Fldl2e,
            0xeb => Fldpi,
            0xec => Fldlg2,
            0xed => Fldln2,
            _ => return None,
        })
    }

    /// The mnemonic.
    pub fn mnemonic(self) -> &'static str {
        use Inexact::*;
        match self {
            F2xm1 => "f2xm1",
            Fyl2x => "fyl2x",
            Fptan => "fptan",
            Fpatan => "fpatan",
            Fxtract => "fxtract",
            Fprem1 => "fprem1",
            Fprem => "fprem",
            Fyl2xp1 => "fyl2xp1",
            Fsincos => "fsincos",
            Fscale => "fscale",
            Fsin => "fsin",
            Fcos => "fcos",
            Fldl2t => "fldl2t",
            Fldl2e => "fldl2e",
            Fldpi => "fldpi",
            Fldlg2 => "fldlg2",
            Fldln2 => "fldln2",
        }
    }
}

/// Runs `op` on the host x87 from `state` and returns the state after it,
/// or `None` on a host without an x87 unit we can drive (not x86_64).
///
/// The control word is the state's own with every exception masked (the
/// emulator models no exception traps, so neither does the host run); the
/// status word's pending-exception bits are cleared before the load. The
/// host's own FPU state is saved before and restored after.
pub fn run(op: Inexact, state: &FpuState) -> Option<FpuState> {
    on_host(state, |_image| {
        #[cfg(target_arch = "x86_64")]
        native::run(op, _image);
    })
}

/// Runs the x87 sequence of the CRT helper `model` (the table in the `crt`
/// module's documentation) on the host from `state`, as [`run`] runs one
/// instruction; `None` on a host without an x87 unit we can drive. `_ftol`
/// is not run here (its result is exact integer arithmetic, the `crt`
/// module's `truncate`).
pub fn run_crt(model: Crt, state: &FpuState) -> Option<FpuState> {
    on_host(state, |_image| {
        #[cfg(target_arch = "x86_64")]
        native::crt(model, _image);
    })
}

/// `state` with every exception masked and none pending, as an `fnsave`
/// image given to `f`, which runs host code on it; the state after, with
/// the original control word. `None` where the host is not x86_64.
fn on_host(state: &FpuState, f: impl FnOnce(&mut [u8; 108])) -> Option<FpuState> {
    if !cfg!(target_arch = "x86_64") {
        return None;
    }
    let mut s = state.clone();
    s.cw |= 0x3f;
    s.sw &= !0x80ff;
    let mut image = s.to_save_image();
    f(&mut image);
    let mut after = FpuState::from_save_image(&image);
    after.cw = state.cw;
    Some(after)
}

/// The name of the host CPU's vendor ("AuthenticAMD", "GenuineIntel"),
/// which the report carries: Intel and AMD differ in the last bit of some
/// transcendentals.
pub fn cpu_vendor() -> String {
    #[cfg(target_arch = "x86_64")]
    {
        // `__cpuid` is a safe function on x86_64 (every x86_64 CPU has
        // CPUID and its leaf 0).
        let r = core::arch::x86_64::__cpuid(0);
        let mut v = Vec::with_capacity(12);
        for w in [r.ebx, r.edx, r.ecx] {
            v.extend_from_slice(&w.to_le_bytes());
        }
        String::from_utf8_lossy(&v).into_owned()
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        String::from("not x86")
    }
}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
pub(crate) mod native {
    //! The `asm!` blocks. Safety of each, argued once:
    //! - `image` is a live, exclusively borrowed 108-byte buffer and `saved`
    //!   a local one: `fnsave` and `frstor` read and write exactly 108 bytes
    //!   there (the 32-bit-operand protected-mode layout), nothing else is
    //!   touched;
    //! - the host's own FPU state (control word, flags, tags, registers) is
    //!   saved with `fnsave` first and reloaded with `frstor` last, so Rust
    //!   code around the block sees its FPU unchanged; all eight `st`
    //!   registers are declared clobbered anyway;
    //! - the state loaded masks every exception ([`super::run`] sets the six
    //!   mask bits and clears the pending ones), so no instruction in the
    //!   block can trap;
    //! - no stack is used (`nostack`); flags are clobbered (the default).
    use super::{Crt, Inexact};
    use core::arch::asm;

    macro_rules! one {
        ($image:expr, $insn:literal) => {{
            let mut saved = [0u8; 108];
            // SAFETY: see the module documentation.
            unsafe {
                asm!(
                    "fnsave [{saved}]",
                    "frstor [{image}]",
                    $insn,
                    "fnsave [{image}]",
                    "frstor [{saved}]",
                    saved = in(reg) saved.as_mut_ptr(),
                    image = in(reg) $image.as_mut_ptr(),
                    out("st(0)") _, out("st(1)") _, out("st(2)") _, out("st(3)") _,
                    out("st(4)") _, out("st(5)") _, out("st(6)") _, out("st(7)") _,
                    options(nostack),
                )
            }
        }};
    }

    /// Loads `image`, runs `op`, stores the state back into `image`.
    pub(crate) fn run(op: Inexact, image: &mut [u8; 108]) {
        use Inexact::*;
        match op {
            F2xm1 => one!(image, "f2xm1"),
            Fyl2x => one!(image, "fyl2x"),
            Fptan => one!(image, "fptan"),
            Fpatan => one!(image, "fpatan"),
            Fxtract => one!(image, "fxtract"),
            Fprem1 => one!(image, "fprem1"),
            Fprem => one!(image, "fprem"),
            Fyl2xp1 => one!(image, "fyl2xp1"),
            Fsincos => one!(image, "fsincos"),
            Fscale => one!(image, "fscale"),
            Fsin => one!(image, "fsin"),
            Fcos => one!(image, "fcos"),
            Fldl2t => one!(image, "fldl2t"),
            Fldl2e => one!(image, "fldl2e"),
            Fldpi => one!(image, "fldpi"),
            Fldlg2 => one!(image, "fldlg2"),
            Fldln2 => one!(image, "fldln2"),
        }
    }

    /// Loads `image`, runs the CRT helper's sequence (the `crt` module's
    /// table), stores the state back. `_ftol` has no sequence here and
    /// leaves the image as it is.
    pub(crate) fn crt(model: Crt, image: &mut [u8; 108]) {
        use Crt::*;
        match model {
            Log => one!(image, "fldln2\n fxch st(1)\n fyl2x"),
            Log10 => one!(image, "fldlg2\n fxch st(1)\n fyl2x"),
            Sqrt => one!(image, "fsqrt"),
            Sin => one!(image, "fsin"),
            Cos => one!(image, "fcos"),
            Tan => one!(image, "fptan\n fstp st(0)"),
            Atan => one!(image, "fld1\n fpatan"),
            Atan2 => one!(image, "fpatan"),
            Exp => one!(
                image,
                "fldl2e\n fmulp st(1), st(0)\n fld st(0)\n frndint\n fsub st(1), st(0)\n fxch st(1)\n f2xm1\n fld1\n faddp st(1), st(0)\n fscale\n fstp st(1)"
            ),
            Pow => one!(
                image,
                "fxch st(1)\n fyl2x\n fld st(0)\n frndint\n fsub st(1), st(0)\n fxch st(1)\n f2xm1\n fld1\n faddp st(1), st(0)\n fscale\n fstp st(1)"
            ),
            Fmod => {
                let mut saved = [0u8; 108];
                // SAFETY: as `one!` (see the module documentation); the
                // loop ends because each `fprem` reduces the exponent
                // difference by up to 63 until C2 clears, and EAX is
                // declared clobbered for `fnstsw ax`.
                unsafe {
                    asm!(
                        "fnsave [{saved}]",
                        "frstor [{image}]",
                        "fxch st(1)",
                        "2:",
                        "fprem",
                        "fnstsw ax",
                        "test ah, 4",
                        "jnz 2b",
                        "fstp st(1)",
                        "fnsave [{image}]",
                        "frstor [{saved}]",
                        saved = in(reg) saved.as_mut_ptr(),
                        image = in(reg) image.as_mut_ptr(),
                        out("eax") _,
                        out("st(0)") _, out("st(1)") _, out("st(2)") _, out("st(3)") _,
                        out("st(4)") _, out("st(5)") _, out("st(6)") _, out("st(7)") _,
                        options(nostack),
                    )
                }
            }
            Ftol => {}
        }
    }

    /// `fld tbyte; fstp qword` and `fstp dword` on the host at round to
    /// nearest: the oracle for [`crate::fpu::F80::to_f64`] / `to_f32`.
    #[cfg(test)]
    pub(crate) fn narrow(v: &[u8; 10], cw: u16) -> (u64, u32) {
        let mut saved = [0u8; 108];
        let mut d = 0u64;
        let mut f = 0u32;
        // SAFETY: as above; `v`, `d`, `f`, `cw` are live locals of the sizes
        // accessed, and every control word the tests load masks all
        // exceptions.
        unsafe {
            asm!(
                "fnsave [{saved}]",
                "fninit",
                "fldcw word ptr [{cw}]",
                "fld tbyte ptr [{v}]",
                "fst qword ptr [{d}]",
                "fstp dword ptr [{f}]",
                "frstor [{saved}]",
                saved = in(reg) saved.as_mut_ptr(),
                v = in(reg) v.as_ptr(),
                d = in(reg) &mut d,
                f = in(reg) &mut f,
                cw = in(reg) &cw,
                out("st(0)") _, out("st(1)") _, out("st(2)") _, out("st(3)") _,
                out("st(4)") _, out("st(5)") _, out("st(6)") _, out("st(7)") _,
                options(nostack),
            )
        }
        (d, f)
    }
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use crate::fpu::F80;

    /// A small xorshift for test inputs.
    fn next(s: &mut u64) -> u64 {
        *s ^= *s << 13;
        *s ^= *s >> 7;
        *s ^= *s << 17;
        *s
    }

    #[test]
    fn narrowing_equals_the_host_fstp() {
        let mut s = 0x9e37_79b9_7f4a_7c15u64;
        for k in 0..200_000u32 {
            let r = next(&mut s);
            // Exponents near f32's and f64's edges as well as anywhere.
            let pick = ((r >> 48) & 0xffff) as i32;
            let exp = match k % 6 {
                0 => pick & 0x7fff,
                1 => 16383 - 126 + pick % 40 - 30,
                2 => 16383 - 1022 + pick % 70 - 60,
                3 => 16383 + 127 + pick % 3 - 1,
                4 => 16383 + 1023 + pick % 3 - 1,
                _ => [0, 0x7fff, 1, 16383][(r >> 60) as usize % 4],
            } as u16;
            let sign = ((r >> 47) as u16 & 1) << 15;
            let mut m = next(&mut s);
            if k % 3 == 0 {
                m &= !((1u64 << ((r >> 40) % 64)) - 1); // ties and exact values
            }
            if exp != 0 && k % 97 != 0 {
                m |= 1 << 63;
            }
            let v = F80 {
                mantissa: m,
                sign_exponent: sign | (exp & 0x7fff),
            };
            let cw = 0x027f | ((k as u16 & 3) << 10);
            let (d, f) = super::native::narrow(&v.to_bytes(), cw);
            assert_eq!(
                v.to_f64_under(cw).to_bits(),
                d,
                "{} as f64, cw {cw:#x}",
                v.hex()
            );
            assert_eq!(
                v.to_f32_under(cw).to_bits(),
                f,
                "{} as f32, cw {cw:#x}",
                v.hex()
            );
        }
    }
}
