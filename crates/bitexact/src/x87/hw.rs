//! The hardware oracle: instruction sequences run on this CPU's x87 unit.
//!
//! Each function runs, inside one `asm!` block, exactly the x87 instructions
//! of the sequence it names, under the control word of the requested
//! [`Precision`] (`fldcw` 0x027F or 0x007F), stores the results to memory and
//! restores the caller's FPU environment before the block ends: the control
//! word, and the status word too (exception flags an operation raised, the
//! stack top after a stack fault), saved with `fnstenv` first and reloaded
//! with `fldenv` last. Nothing of the FPU state changes across Rust code. The models in [`crate::x87`] and the
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
//! - the environment (control and status words, tags) is saved with
//!   `fnstenv` first (28 bytes, to a live buffer) and reloaded with `fldenv`
//!   last; both control words we load mask every exception, so no trap can
//!   fire;
//! - flags are clobbered (the default for `asm!`); no stack is used (`nostack`).
#![allow(unsafe_code)]

use super::Precision;
use core::arch::asm;

/// One `asm!` block under the discipline argued above: `fnstenv` to the
/// memory operand `$env`, `fldcw` from `$cw` (both written as template
/// text, e.g. `"[{saved}]"`), the template lines, `fldenv` from `$env`
/// last; the caller's operands (each followed by a comma), then all eight
/// `st` registers declared clobbered and `nostack`.
macro_rules! x87_asm {
    ($env:literal, $cw:literal, [$($line:expr),* $(,)?], $($operand:tt)*) => {
        asm!(
            concat!("fnstenv ", $env),
            concat!("fldcw word ptr ", $cw),
            $($line,)*
            concat!("fldenv ", $env),
            $($operand)*
            out("st(0)") _, out("st(1)") _, out("st(2)") _, out("st(3)") _,
            out("st(4)") _, out("st(5)") _, out("st(6)") _, out("st(7)") _,
            options(nostack),
        )
    };
}

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
    let mut saved = [0u8; 28]; // fnstenv image
    let mut out: f64 = 0.0;
    macro_rules! run {
        ($instr:literal) => {
            // SAFETY: see the module documentation; the block touches `saved`,
            // `cw`, `a`, `b` and `out` only, and leaves the x87 stack empty.
            unsafe {
                x87_asm!(
                    "[{saved}]",
                    "[{cw}]",
                    ["fld qword ptr [{a}]", $instr, "fstp qword ptr [{out}]"],
                    saved = in(reg) &mut saved,
                    cw = in(reg) &cw,
                    a = in(reg) &a,
                    b = in(reg) &b,
                    out = in(reg) &mut out,
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

/// The unit draw of [`scaled_word`] on the word at `{word}` (read signed),
/// with the constants at `{two32}` and `{scale}`: leaves `st0 = unit`.
/// Uses label 2.
macro_rules! unit_draw_sequence {
    () => {
        concat!(
            "fild dword ptr [{word}]\n",
            "cmp dword ptr [{word}], 0\n",
            "jge 2f\n",
            "fadd qword ptr [{two32}]\n",
            "2:\n",
            "fmul qword ptr [{scale}]",
        )
    };
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
    let mut saved = [0u8; 28]; // fnstenv image
    let mut reg: f64 = 0.0;
    let mut narrowed: f32 = 0.0;
    // SAFETY: see the module documentation; the block touches `saved`, `cw`,
    // `signed`, `two32`, `scale`, `reg` and `narrowed` only.
    unsafe {
        x87_asm!(
            "[{saved}]",
            "[{cw}]",
            [
                unit_draw_sequence!(),
                "fst qword ptr [{reg}]",
                "fstp dword ptr [{narrowed}]",
            ],
            saved = in(reg) &mut saved,
            cw = in(reg) &cw,
            word = in(reg) &signed,
            two32 = in(reg) &two32,
            scale = in(reg) &scale,
            reg = in(reg) &mut reg,
            narrowed = in(reg) &mut narrowed,
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
    let mut saved = [0u8; 28]; // fnstenv image
    let mut product: f32 = 0.0;
    let mut out: f32 = 0.0;
    // SAFETY: see the module documentation; the block touches `saved`, `cw`,
    // `signed`, `two32`, `scale`, `lo`, `hi`, `product` and `out` only.
    unsafe {
        x87_asm!(
            "[{saved}]",
            "[{cw}]",
            [
                unit_draw_sequence!(),
                "fld dword ptr [{hi}]",
                "fsub dword ptr [{lo}]",
                "fmulp st(1), st",
                "fstp dword ptr [{product}]",
                "fld dword ptr [{lo}]",
                "fadd dword ptr [{product}]",
                "fstp dword ptr [{out}]",
            ],
            saved = in(reg) &mut saved,
            cw = in(reg) &cw,
            word = in(reg) &signed,
            two32 = in(reg) &two32,
            scale = in(reg) &scale,
            lo = in(reg) &lo,
            hi = in(reg) &hi,
            product = in(reg) &mut product,
            out = in(reg) &mut out,
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

/// The memory a Vec3 / MoveFleet sequence works in: inputs, the original's
/// 4-byte stack slots, outputs, and the saved FPU environment.
#[repr(C)]
#[derive(Default)]
struct Frame {
    env: [u8; 28], // fnstenv image (32/64-bit protected mode layout)
    cw: u16,
    _pad: u16,
    eps: f32,
    pos: [f32; 3],
    dest: [f32; 3],
    mv: f32,
    d: [f32; 3],
    sumsq: f32,
    len: f32,
    inv: f32,
    dir: [f32; 3],
    dist: f32,
    t: [f32; 3],
    out: [f32; 3],
}

impl Frame {
    fn new(precision: Precision) -> Frame {
        Frame {
            cw: precision.control_word(),
            eps: f32::from_bits(0x3400_0000),
            ..Frame::default()
        }
    }
}

/// `Mars_Vec3_Normalize` (seed 003) on `frame.d`, writing `frame.dir` and
/// the caller's store of the returned length to `frame.dist`. Uses labels
/// 3 and 4 and clobbers `ax`.
macro_rules! normalize_sequence {
    () => {
        concat!(
            // sumsq = f32((x*x + y*y) + z*z), the original's stack dance
            "fld dword ptr [{f} + {d} + 4]\n",
            "fld dword ptr [{f} + {d}]\n",
            "fld dword ptr [{f} + {d} + 8]\n",
            "fld st(1)\n",
            "fmulp st(2), st(0)\n",
            "fld st(2)\n",
            "fmulp st(3), st(0)\n",
            "fxch st(1)\n",
            "faddp st(2), st(0)\n",
            "fmul st(0), st(0)\n",
            "faddp st(1), st(0)\n",
            "fstp dword ptr [{f} + {sumsq}]\n",
            // len = f32(sqrt(sumsq))
            "fld dword ptr [{f} + {sumsq}]\n",
            "fsqrt\n",
            "fstp dword ptr [{f} + {len}]\n",
            // if !(len > eps) goto zero branch (C0 or C3 set: less, equal, unordered)
            "fld dword ptr [{f} + {len}]\n",
            "fcom dword ptr [{f} + {eps}]\n",
            "fnstsw ax\n",
            "test ah, 0x41\n",
            "jnz 3f\n",
            // inv = f32(1 / len), keeping len on the stack as the return value
            "fld st(0)\n",
            "fld1\n",
            "fdivrp st(1), st(0)\n",
            "fstp dword ptr [{f} + {inv}]\n",
            // dir.c = f32(c * inv)
            "fld dword ptr [{f} + {inv}]\n",
            "fld dword ptr [{f} + {d}]\n",
            "fmul st(0), st(1)\n",
            "fstp dword ptr [{f} + {dir}]\n",
            "fld dword ptr [{f} + {d} + 4]\n",
            "fmul st(0), st(1)\n",
            "fstp dword ptr [{f} + {dir} + 4]\n",
            "fmul dword ptr [{f} + {d} + 8]\n",
            "fstp dword ptr [{f} + {dir} + 8]\n",
            // return: st0 = len; the caller stores it
            "fstp dword ptr [{f} + {dist}]\n",
            "jmp 4f\n",
            // the zero branch: three zero stores, the last popping, and an
            // empty stack on return -- the caller's store underflows
            "3:\n",
            "fstp st(0)\n",
            "fldz\n",
            "fst dword ptr [{f} + {dir}]\n",
            "fst dword ptr [{f} + {dir} + 4]\n",
            "fstp dword ptr [{f} + {dir} + 8]\n",
            "fstp dword ptr [{f} + {dist}]\n",
            "4:\n",
        )
    };
}

/// An [`x87_asm!`] block on the [`Frame`] at `$f` (a `&mut Frame`) whose
/// lines include [`normalize_sequence!`]: it passes the frame as `{f}` and,
/// as constants, the field offsets that the envelope and that sequence name
/// (`{env}`, `{cw}`, `{eps}`, `{d}`, `{sumsq}`, `{len}`, `{inv}`, `{dir}`,
/// `{dist}`), and declares `ax` clobbered; the caller's own operands (each
/// followed by a comma) come between.
macro_rules! frame_asm {
    ($f:expr, [$($line:expr),* $(,)?], $($operand:tt)*) => {
        x87_asm!(
            "[{f} + {env}]",
            "[{f} + {cw}]",
            [$($line),*],
            f = in(reg) $f,
            env = const core::mem::offset_of!(Frame, env),
            cw = const core::mem::offset_of!(Frame, cw),
            eps = const core::mem::offset_of!(Frame, eps),
            d = const core::mem::offset_of!(Frame, d),
            sumsq = const core::mem::offset_of!(Frame, sumsq),
            len = const core::mem::offset_of!(Frame, len),
            inv = const core::mem::offset_of!(Frame, inv),
            dir = const core::mem::offset_of!(Frame, dir),
            dist = const core::mem::offset_of!(Frame, dist),
            $($operand)*
            out("ax") _,
        )
    };
}

/// `Mars_Vec3_Normalize(v)` on the x87 under `precision`, with the caller's
/// store of the returned length: `(direction, length)`. On the zero branch
/// the length store finds an empty register stack and (invalid operation
/// masked) writes the x87 indefinite, as in the original.
///
/// The whole FPU environment (control word, status flags, stack top, tags)
/// is saved with `fnstenv` and restored with `fldenv` inside the block, since
/// the zero branch leaves a stack fault behind.
pub fn normalize(v: [f32; 3], precision: Precision) -> ([f32; 3], f32) {
    let mut f = Frame::new(precision);
    f.d = v;
    // SAFETY: see the module documentation; the block reads and writes only
    // `f` (one live #[repr(C)] struct; every offset names one of its fields),
    // clobbers `ax`, and restores the complete FPU environment it saved.
    unsafe {
        frame_asm!(&mut f, [normalize_sequence!()],);
    }
    (f.dir, f.dist)
}

/// MoveFleet's straight leg (seed 003, 0x007da0f2 and 0x007da2ac) on the
/// x87 under `precision`: the f32 deltas, [`normalize`]'s sequence, the exact
/// `move == distance` compare (`fucompp`, `test ah, 0x44`, `jp`), then either
/// the destination's words copied with integer moves or
/// `f32(pos.c + f32(dir.c * move))`. Returns the new position.
pub fn leg(pos: [f32; 3], dest: [f32; 3], mv: f32, precision: Precision) -> [f32; 3] {
    let mut f = Frame::new(precision);
    f.pos = pos;
    f.dest = dest;
    f.mv = mv;
    // SAFETY: as for `normalize`; the block also uses one general register
    // (`word`) for the verbatim copy and touches nothing outside `f`.
    unsafe {
        frame_asm!(
            &mut f,
            [
                // delta.c = f32(dest.c - pos.c)
                "fld dword ptr [{f} + {dest}]",
                "fsub dword ptr [{f} + {pos}]",
                "fstp dword ptr [{f} + {d}]",
                "fld dword ptr [{f} + {dest} + 4]",
                "fsub dword ptr [{f} + {pos} + 4]",
                "fstp dword ptr [{f} + {d} + 4]",
                "fld dword ptr [{f} + {dest} + 8]",
                "fsub dword ptr [{f} + {pos} + 8]",
                "fstp dword ptr [{f} + {d} + 8]",
                normalize_sequence!(),
                // move == dist? (C3 alone: equal; parity odd -> no jump)
                "fld dword ptr [{f} + {mv}]",
                "fld dword ptr [{f} + {dist}]",
                "fucompp",
                "fnstsw ax",
                "test ah, 0x44",
                "jp 5f",
                // arrival: the destination's words, copied verbatim
                "mov {word:e}, dword ptr [{f} + {dest}]",
                "mov dword ptr [{f} + {out}], {word:e}",
                "mov {word:e}, dword ptr [{f} + {dest} + 4]",
                "mov dword ptr [{f} + {out} + 4], {word:e}",
                "mov {word:e}, dword ptr [{f} + {dest} + 8]",
                "mov dword ptr [{f} + {out} + 8], {word:e}",
                "jmp 6f",
                // t.c = f32(dir.c * move); pos'.c = f32(t.c + pos.c)
                "5:",
                "fld dword ptr [{f} + {mv}]",
                "fld dword ptr [{f} + {dir}]",
                "fmul st(0), st(1)",
                "fstp dword ptr [{f} + {t}]",
                "fld dword ptr [{f} + {dir} + 4]",
                "fmul st(0), st(1)",
                "fstp dword ptr [{f} + {t} + 4]",
                "fmul dword ptr [{f} + {dir} + 8]",
                "fstp dword ptr [{f} + {t} + 8]",
                "fld dword ptr [{f} + {t}]",
                "fadd dword ptr [{f} + {pos}]",
                "fstp dword ptr [{f} + {out}]",
                "fld dword ptr [{f} + {t} + 4]",
                "fadd dword ptr [{f} + {pos} + 4]",
                "fstp dword ptr [{f} + {out} + 4]",
                "fld dword ptr [{f} + {t} + 8]",
                "fadd dword ptr [{f} + {pos} + 8]",
                "fstp dword ptr [{f} + {out} + 8]",
                "6:",
            ],
            word = out(reg) _,
            pos = const core::mem::offset_of!(Frame, pos),
            dest = const core::mem::offset_of!(Frame, dest),
            mv = const core::mem::offset_of!(Frame, mv),
            t = const core::mem::offset_of!(Frame, t),
            out = const core::mem::offset_of!(Frame, out),
        );
    }
    f.out
}

/// The status word right now (for tests that check no exception flag or
/// stack fault leaks out of a sequence).
pub fn status_word() -> u16 {
    let mut sw: u16 = 0;
    // SAFETY: `fnstsw` writes two bytes to `sw`, a live u16; nothing else.
    unsafe {
        asm!("fnstsw word ptr [{sw}]", sw = in(reg) &mut sw, options(nostack));
    }
    sw
}
