//! The hardware oracle: instruction sequences run on this CPU's x87 unit.
//!
//! Each function runs, inside one `asm!` block, exactly the x87 instructions
//! of the sequence it names, under the control word of the requested
//! [`Precision`] (`fldcw` 0x027F or 0x007F), stores the results to memory and
//! restores the caller's control word before the block ends. Nothing of the
//! FPU state changes across Rust code. The models in [`crate::x87`] and the
//! engines are tested against these; they are also what `bitexact selftest`
//! runs to show the models agree with the machine it is on.
//!
//! Safety of every block below, argued once:
//! - every memory operand is a pointer made from a Rust reference that lives
//!   across the block, with the size and alignment of the access (`word`,
//!   `dword`, `qword` for u16/u32-or-f32/f64); nothing else is touched;
//! - the x87 register stack is empty on entry (the x86_64 ABI keeps it empty
//!   between calls and Rust uses SSE for floats) and every value pushed is
//!   popped by the final `fstp`, so it is empty again on exit; all eight
//!   `st` registers are declared clobbered anyway;
//! - the control word is saved with `fnstcw` first and reloaded last, and both
//!   control words we load mask every exception, so no trap can fire;
//! - flags are clobbered (the default for `asm!`); no stack is used (`nostack`).
#![allow(unsafe_code)]

use super::Precision;
use core::arch::asm;

/// One x87 arithmetic instruction for [`op`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `fadd`
    Add,
    /// `fsub` (a − b)
    Sub,
    /// `fmul`
    Mul,
    /// `fdiv` (a / b)
    Div,
    /// `fsqrt` of a (b is ignored)
    Sqrt,
}

/// `fld a; f<op> b; fstp m64` under `precision`: one rounded result, stored
/// exactly as an f64 (a 24- or 53-bit significand fits; results outside f64's
/// range are rounded by the store).
pub fn op(op: Op, a: f64, b: f64, precision: Precision) -> f64 {
    let cw = precision.control_word();
    let mut saved: u16 = 0;
    let mut out: f64 = 0.0;
    macro_rules! run {
        ($instr:literal) => {
            // SAFETY: see the module documentation; the block touches `saved`,
            // `cw`, `a`, `b` and `out` only, and leaves the x87 stack empty.
            unsafe {
                asm!(
                    "fnstcw word ptr [{saved}]",
                    "fldcw word ptr [{cw}]",
                    "fld qword ptr [{a}]",
                    $instr,
                    "fstp qword ptr [{out}]",
                    "fldcw word ptr [{saved}]",
                    saved = in(reg) &mut saved,
                    cw = in(reg) &cw,
                    a = in(reg) &a,
                    b = in(reg) &b,
                    out = in(reg) &mut out,
                    out("st(0)") _, out("st(1)") _, out("st(2)") _, out("st(3)") _,
                    out("st(4)") _, out("st(5)") _, out("st(6)") _, out("st(7)") _,
                    options(nostack),
                )
            }
        };
    }
    match op {
        Op::Add => run!("fadd qword ptr [{b}]"),
        Op::Sub => run!("fsub qword ptr [{b}]"),
        Op::Mul => run!("fmul qword ptr [{b}]"),
        Op::Div => run!("fdiv qword ptr [{b}]"),
        // `b` is still passed so the operand list is the same; fsqrt ignores it.
        Op::Sqrt => run!("fsqrt /* {b} */"),
    }
    out
}

/// The unit draw of a 32-bit word as the Mars engine compiles it (SPEC 2.3):
///
/// ```text
/// fild  dword [word]        ; sign-extending integer load (exact)
/// cmp   dword [word], 0
/// jge   1f
/// fadd  qword [2^32]        ; unsigned fix-up when the signed reading is < 0
/// 1: fmul qword [scale]
/// fst   qword [reg]         ; the register value, exactly (for inspection)
/// fstp  dword [narrowed]    ; the caller's narrowing store
/// ```
///
/// Returns `(register value, value stored to f32)`.
pub fn scaled_word(word: u32, scale: f64, precision: Precision) -> (f64, f32) {
    let cw = precision.control_word();
    let signed = word as i32;
    let two32: f64 = 4_294_967_296.0;
    let mut saved: u16 = 0;
    let mut reg: f64 = 0.0;
    let mut narrowed: f32 = 0.0;
    // SAFETY: see the module documentation; the block touches `saved`, `cw`,
    // `signed`, `two32`, `scale`, `reg` and `narrowed` only.
    unsafe {
        asm!(
            "fnstcw word ptr [{saved}]",
            "fldcw word ptr [{cw}]",
            "fild dword ptr [{word}]",
            "cmp dword ptr [{word}], 0",
            "jge 2f",
            "fadd qword ptr [{two32}]",
            "2:",
            "fmul qword ptr [{scale}]",
            "fst qword ptr [{reg}]",
            "fstp dword ptr [{narrowed}]",
            "fldcw word ptr [{saved}]",
            saved = in(reg) &mut saved,
            cw = in(reg) &cw,
            word = in(reg) &signed,
            two32 = in(reg) &two32,
            scale = in(reg) &scale,
            reg = in(reg) &mut reg,
            narrowed = in(reg) &mut narrowed,
            out("st(0)") _, out("st(1)") _, out("st(2)") _, out("st(3)") _,
            out("st(4)") _, out("st(5)") _, out("st(6)") _, out("st(7)") _,
            options(nostack),
        );
    }
    (reg, narrowed)
}

/// Mars `float_range(lo, hi)` for one word (SPEC 2.1): the unit draw as in
/// [`scaled_word`], then `(hi − lo) · unit` stored to a 4-byte float, then
/// `lo +` that, stored again.
///
/// ```text
/// <unit draw>                      ; st0 = unit
/// fld   dword [hi]
/// fsub  dword [lo]                 ; st0 = hi − lo, st1 = unit
/// fmulp st(1), st                  ; st0 = (hi − lo) · unit
/// fstp  dword [product]
/// fld   dword [lo]
/// fadd  dword [product]
/// fstp  dword [out]
/// ```
pub fn float_range(word: u32, scale: f64, lo: f32, hi: f32, precision: Precision) -> f32 {
    let cw = precision.control_word();
    let signed = word as i32;
    let two32: f64 = 4_294_967_296.0;
    let mut saved: u16 = 0;
    let mut product: f32 = 0.0;
    let mut out: f32 = 0.0;
    // SAFETY: see the module documentation; the block touches `saved`, `cw`,
    // `signed`, `two32`, `scale`, `lo`, `hi`, `product` and `out` only.
    unsafe {
        asm!(
            "fnstcw word ptr [{saved}]",
            "fldcw word ptr [{cw}]",
            "fild dword ptr [{word}]",
            "cmp dword ptr [{word}], 0",
            "jge 2f",
            "fadd qword ptr [{two32}]",
            "2:",
            "fmul qword ptr [{scale}]",
            "fld dword ptr [{hi}]",
            "fsub dword ptr [{lo}]",
            "fmulp st(1), st",
            "fstp dword ptr [{product}]",
            "fld dword ptr [{lo}]",
            "fadd dword ptr [{product}]",
            "fstp dword ptr [{out}]",
            "fldcw word ptr [{saved}]",
            saved = in(reg) &mut saved,
            cw = in(reg) &cw,
            word = in(reg) &signed,
            two32 = in(reg) &two32,
            scale = in(reg) &scale,
            lo = in(reg) &lo,
            hi = in(reg) &hi,
            product = in(reg) &mut product,
            out = in(reg) &mut out,
            out("st(0)") _, out("st(1)") _, out("st(2)") _, out("st(3)") _,
            out("st(4)") _, out("st(5)") _, out("st(6)") _, out("st(7)") _,
            options(nostack),
        );
    }
    out
}

/// The control word in force right now (for tests that check nothing leaks).
pub fn control_word() -> u16 {
    let mut cw: u16 = 0;
    // SAFETY: `fnstcw` writes two bytes to `cw`, a live u16; nothing else.
    unsafe {
        asm!("fnstcw word ptr [{cw}]", cw = in(reg) &mut cw, options(nostack));
    }
    cw
}
