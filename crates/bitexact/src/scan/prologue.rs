//! How a function opens in code without symbols: right after padding or
//! an instruction that does not fall through ([`ends`]), with a prologue
//! ([`is_prologue`]). The descent asks it of a jump table's entry
//! ([`opens_function`]); the stripped image's rules (`stripped.rs`) of
//! every sweep start.

use iced_x86::{Decoder, DecoderOptions};

use super::bits::Bits;
use super::image::{Image, Region};

/// Whether `ins` is padding (`nop` forms, `int3`, `lea r, [r]`) or does
/// not fall through (`ret`, `jmp`, an indirect `jmp`, `ud2`): what a
/// function may start right after.
pub(crate) fn ends(ins: &iced_x86::Instruction) -> bool {
    use iced_x86::{FlowControl, Mnemonic as M, Register as R};
    matches!(ins.mnemonic(), M::Nop | M::Int3 | M::Ud2)
        || (ins.mnemonic() == M::Lea
            && ins.op0_register() == ins.memory_base()
            && ins.memory_index() == R::None)
        || matches!(
            ins.flow_control(),
            FlowControl::Return | FlowControl::UnconditionalBranch | FlowControl::IndirectBranch
        )
}

/// Whether `ins` opens a function: `endbr64` / `endbr32`, a `push` of a
/// callee-saved register, `sub rsp, imm` / `sub esp, imm`.
pub(crate) fn is_prologue(ins: &iced_x86::Instruction) -> bool {
    use iced_x86::{Mnemonic as M, OpKind, Register as R};
    match ins.mnemonic() {
        M::Endbr64 | M::Endbr32 => true,
        M::Push => {
            matches!(
                ins.op0_register().full_register(),
                R::RBP | R::RBX | R::RSI | R::RDI | R::R12 | R::R13 | R::R14 | R::R15
            ) || matches!(ins.op0_register(), R::EBP | R::EBX | R::ESI | R::EDI)
        }
        M::Sub => {
            matches!(ins.op0_register(), R::RSP | R::ESP) && ins.op_kind(1) != OpKind::Register
        }
        _ => false,
    }
}

/// Whether the sweep instruction at `off` of `region` (its starts
/// `sweep`) opens like a function: 16-aligned, right after padding or an
/// instruction that does not fall through ([`ends`]), and a
/// prologue.
pub(crate) fn opens_function(
    image: &Image<'_>,
    region: &Region<'_>,
    sweep: &Bits,
    off: usize,
) -> bool {
    let decode = |at: usize, end: usize| {
        Decoder::with_ip(
            image.bitness,
            &region.bytes[at..end],
            region.va + at as u64,
            DecoderOptions::NONE,
        )
        .decode()
    };
    if !(region.va + off as u64).is_multiple_of(16)
        || !is_prologue(&decode(off, region.bytes.len()))
    {
        return false;
    }
    (1..=off.min(15)).any(|back| {
        let at = off - back;
        if !sweep.get(at) {
            return false;
        }
        let ins = decode(at, off);
        !ins.is_invalid() && ins.len() == back && ends(&ins)
    })
}
