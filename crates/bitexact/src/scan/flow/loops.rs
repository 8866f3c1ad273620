//! Loops in the data flow: what a loop's instructions write, so that its
//! head can forget it ([`Flow::enter_loop`]): a register that holds a
//! constant only on entry to a loop is not a constant inside it.

use iced_x86::{Instruction, Mnemonic, OpKind, Register};

use super::value::{gpr, vreg, writes, Node, Slot, RBP, RSP};
use super::writes::{LoopWrites, Writes};
use super::Flow;

/// Whether `m` may write a general register it does not name as an
/// operand (the string instructions, the widening multiplies and divides,
/// the stack and flag moves, …): those take the instruction-info lookup.
fn implicit_gpr_writes(m: Mnemonic) -> bool {
    use Mnemonic as M;
    matches!(
        m,
        M::Mul
            | M::Imul
            | M::Div
            | M::Idiv
            | M::Cbw
            | M::Cwde
            | M::Cdqe
            | M::Cwd
            | M::Cdq
            | M::Cqo
            | M::Cpuid
            | M::Rdtsc
            | M::Rdtscp
            | M::Rdpmc
            | M::Xgetbv
            | M::Push
            | M::Pop
            | M::Pushf
            | M::Pushfd
            | M::Pushfq
            | M::Popf
            | M::Popfd
            | M::Popfq
            | M::Call
            | M::Ret
            | M::Leave
            | M::Enter
            | M::Syscall
            | M::Sysenter
            | M::Int
            | M::Int3
            | M::Xlatb
            | M::Lahf
            | M::Loop
            | M::Loope
            | M::Loopne
            | M::Cmpxchg
            | M::Cmpxchg8b
            | M::Cmpxchg16b
            | M::Movsb
            | M::Movsw
            | M::Movsd
            | M::Movsq
            | M::Stosb
            | M::Stosw
            | M::Stosd
            | M::Stosq
            | M::Lodsb
            | M::Lodsw
            | M::Lodsd
            | M::Lodsq
            | M::Scasb
            | M::Scasw
            | M::Scasd
            | M::Scasq
            | M::Cmpsb
            | M::Cmpsw
            | M::Cmpsd
            | M::Cmpsq
            | M::Insb
            | M::Insw
            | M::Insd
            | M::Outsb
            | M::Outsw
            | M::Outsd
            | M::In
            | M::Pusha
            | M::Pushad
            | M::Popa
            | M::Popad
            | M::Aaa
            | M::Aas
            | M::Aam
            | M::Aad
            | M::Daa
            | M::Das
    )
}

impl Flow {
    /// What `ins` writes: its general registers, and the slot of a memory
    /// operand it writes when that slot is named without the flow's state
    /// (a frame slot, a RIP-relative or absolute address).
    pub fn writes_of(&mut self, ins: &Instruction) -> Writes {
        let mut w = Writes {
            regs: 0,
            vregs: 0,
            slot: None,
        };
        self.note_writes(ins, &mut w);
        w
    }

    fn note_writes(&mut self, ins: &Instruction, w: &mut Writes) {
        let slot = if ins.memory_segment() == Register::FS || ins.memory_segment() == Register::GS {
            None
        } else if ins.is_ip_rel_memory_operand() {
            Some(Slot::Abs(ins.ip_rel_memory_address()))
        } else if ins.memory_index() != Register::None {
            None
        } else {
            match gpr(ins.memory_base()) {
                None if ins.memory_base() == Register::None => {
                    Some(Slot::Abs(ins.memory_displacement64() & self.mask))
                }
                Some((b, _)) if b == RSP || b == RBP => {
                    Some(Slot::Frame(b as u8, ins.memory_displacement64() as i64))
                }
                _ => None,
            }
        };
        // The common instructions by their form (the instruction-info
        // lookup is not free, and a loop head needs every instruction of
        // the loop); the rest by the lookup.
        use Mnemonic as M;
        let op0 = |w: &mut Writes| {
            if ins.op_count() > 0 {
                match ins.op0_kind() {
                    OpKind::Register => {
                        if let Some((i, _)) = gpr(ins.op0_register()) {
                            w.regs |= 1 << i;
                        }
                    }
                    OpKind::Memory => w.slot = slot,
                    _ => {}
                }
            }
        };
        let m = ins.mnemonic();
        match m {
            M::Cmp | M::Test | M::Nop | M::Jmp | M::Bt => {}
            _ if ins.is_jcc_short_or_near() => {}
            M::Mov
            | M::Add
            | M::Sub
            | M::And
            | M::Or
            | M::Xor
            | M::Lea
            | M::Shl
            | M::Shr
            | M::Sar
            | M::Rol
            | M::Ror
            | M::Inc
            | M::Dec
            | M::Neg
            | M::Not
            | M::Adc
            | M::Sbb
            | M::Movzx
            | M::Movsx
            | M::Movsxd => op0(w),
            M::Imul if ins.op_count() >= 2 => op0(w),
            _ if ins.condition_code() != iced_x86::ConditionCode::None && !ins.is_loopcc() => {
                op0(w)
            }
            M::Push | M::Ret => w.regs |= 1 << RSP,
            M::Pop => {
                op0(w);
                w.regs |= 1 << RSP;
            }
            M::Call => {
                w.regs |= self.caller_saved | 1 << RSP;
                w.vregs = u32::MAX;
            }
            // Vector and x87 instructions name no general register and
            // write none implicitly; at most their memory operand or their
            // first operand's vector register.
            _ if (0..ins.op_count())
                .all(|i| ins.op_kind(i) != OpKind::Register || !ins.op_register(i).is_gpr())
                && !implicit_gpr_writes(m) =>
            {
                match ins.op0_kind() {
                    OpKind::Memory => w.slot = slot,
                    OpKind::Register => {
                        if let Some(v) = vreg(ins.op0_register()) {
                            w.vregs |= 1 << v;
                        }
                    }
                    _ => {}
                }
                // vzeroall / vzeroupper: every vector register.
                if matches!(m, M::Vzeroall | M::Vzeroupper) {
                    w.vregs = u32::MAX;
                }
            }
            _ => {
                let info = self.info.info(ins);
                for r in info.used_registers() {
                    if writes(r.access()) {
                        if let Some((i, _)) = gpr(r.register()) {
                            w.regs |= 1 << i;
                        }
                        if let Some(v) = vreg(r.register()) {
                            w.vregs |= 1 << v;
                        }
                    }
                }
                let writes_memory = info.used_memory().iter().any(|m| writes(m.access()));
                if writes_memory {
                    w.slot = slot;
                }
            }
        }
    }

    /// The head of a loop that writes `w`: what the loop writes is unknown
    /// here, even if it held a constant on entry (`x = 19650218` before a
    /// seeding loop is not a constant inside it); the rest is kept.
    pub fn enter_loop(&mut self, w: &LoopWrites) {
        for r in 0..16 {
            if w.regs >> r & 1 == 1 {
                self.regs[r] = self.push(Node::Opaque, 0);
            }
        }
        for r in 0..32 {
            if w.vregs >> r & 1 == 1 {
                self.vregs[r] = self.push(Node::Opaque, 0);
            }
        }
        self.slots
            .retain(|(s, _)| w.slots.binary_search(s).is_err());
        // A loop's writes through pointers are not named here.
        self.forget_pointed();
    }
}
