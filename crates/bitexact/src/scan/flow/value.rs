//! The flow's vocabulary, below everything else in `flow/`: values and
//! what they are ([`Val`], [`Node`]), what the flow asks of the image
//! ([`Env`]), the registers an operand names ([`gpr`], [`vreg`]) and the
//! memory locations it can name ([`Slot`]).

use iced_x86::{OpAccess, Register};

/// A value: an index into the node arena.
pub(crate) type Val = u32;

/// What a value is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Node {
    /// Unknown, and different from every other opaque value.
    Opaque,
    Const(u64),
    Shr(Val, u32),
    Shl(Val, u32),
    AndK(Val, u64),
    Xor(Val, Val),
    MulK(Val, u64),
    AddK(Val, u64),
    /// A 32-bit rotate left (`ror` by `k` is `rol` by `32 - k`).
    Rol(Val, u32),
    /// `x & v` where `v` was read from writable data that the image
    /// initialises to `k`: a mask the program keeps in a variable (MSVC's
    /// `std::mt19937` reads its tempering mask `d` so). Not a constant: a
    /// matcher that counts it says so.
    AndVar(Val, u64),
}

/// What the flow asks of the image.
pub(crate) trait Env {
    /// The little-endian value of `size` (1..=8) bytes at `va`, if they lie
    /// in read-only data (a constant the code reads, not a variable).
    fn read_const(&self, va: u64, size: usize) -> Option<u64>;
    /// The same bytes as the image holds them, writable data included (the
    /// initial value of a variable).
    fn read_initial(&self, va: u64, size: usize) -> Option<u64>;
    /// The register a PC thunk at `va` loads with its return address.
    fn pc_thunk(&mut self, va: u64) -> Option<usize>;
}

/// The stack pointer's and the frame pointer's numbers, as [`gpr`] gives them.
pub(super) const RSP: usize = 4;
pub(super) const RBP: usize = 5;

/// Whether an access writes (always or on a condition).
pub(super) fn writes(a: OpAccess) -> bool {
    matches!(
        a,
        OpAccess::Write | OpAccess::ReadWrite | OpAccess::CondWrite | OpAccess::ReadCondWrite
    )
}

/// The vector register (0–31) an operand names, XMM, YMM or ZMM alike.
pub(crate) fn vreg(reg: Register) -> Option<usize> {
    (reg.is_xmm() || reg.is_ymm() || reg.is_zmm()).then(|| reg.number())
}

/// The general register an operand names, and its width in bytes.
pub(crate) fn gpr(reg: Register) -> Option<(usize, usize)> {
    if !reg.is_gpr() {
        return None;
    }
    let full = reg.full_register();
    let i = (full as usize).checked_sub(Register::RAX as usize)?;
    (i < 16).then_some((i, reg.size()))
}

/// A memory location the flow can name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Slot {
    /// `[rsp/rbp + disp]`.
    Frame(u8, i64),
    /// A fixed address.
    Abs(u64),
    /// `[base + index*scale + disp]` by the values of base and index
    /// ([`NONE`] for an absent one).
    Ptr(Val, Val, u8, u64),
}

/// An absent base or index in [`Slot::Ptr`].
pub(super) const NONE: Val = Val::MAX;
