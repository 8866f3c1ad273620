//! What each instruction does to the flow's values: moves, `lea`, the
//! ALU operations the signatures use, multiplies, pushes and pops, calls
//! (PC thunks included); anything else makes what it writes unknown.

use iced_x86::{Instruction, Mnemonic, OpKind, Register};

use super::value::{gpr, vreg, writes, Env, Node, Val, RSP};
use super::Flow;

impl Flow {
    /// Applies one instruction; returns the value it wrote to its first
    /// operand when that value is new (made by this instruction).
    pub fn step(&mut self, ins: &Instruction, env: &mut dyn Env) -> Option<Val> {
        let before = self.nodes.len() as Val;
        self.apply(ins, env).filter(|&v| v >= before)
    }

    pub(super) fn apply(&mut self, ins: &Instruction, env: &mut dyn Env) -> Option<Val> {
        let at = ins.ip();
        let m = ins.mnemonic();
        let pending = self.pending_push.take();
        let vector_operand = (0..ins.op_count())
            .any(|i| ins.op_kind(i) == OpKind::Register && vreg(ins.op_register(i)).is_some());
        if vector_operand {
            if let Some(r) = self.vector(ins, env) {
                return r;
            }
        }
        match m {
            Mnemonic::Nop | Mnemonic::Cmp | Mnemonic::Test | Mnemonic::Jmp | Mnemonic::Ret => None,
            _ if ins.flow_control() == iced_x86::FlowControl::ConditionalBranch => None,
            Mnemonic::Mov | Mnemonic::Movzx | Mnemonic::Movsx | Mnemonic::Movsxd
                if ins.op_count() == 2 =>
            {
                let v = self.read(ins, 1, env);
                // A zero or sign extension from 8 or 16 bits is another value.
                let narrow = match ins.op_kind(1) {
                    OpKind::Register => ins.op_register(1).size() < 4,
                    OpKind::Memory => ins.memory_size().size() < 4,
                    _ => false,
                };
                let v = if m != Mnemonic::Mov && narrow {
                    self.opaque(at)
                } else {
                    v
                };
                self.write(ins, 0, v);
                Some(v)
            }
            Mnemonic::Lea => {
                let v = match (ins.memory_base(), ins.memory_index()) {
                    _ if ins.is_ip_rel_memory_operand() => {
                        self.push(Node::Const(ins.ip_rel_memory_address()), at)
                    }
                    (Register::None, Register::None) => {
                        self.push(Node::Const(ins.memory_displacement64() & self.mask), at)
                    }
                    (base, Register::None) => match gpr(base) {
                        Some((b, _)) => {
                            let bv = self.regs[b];
                            let d = self.push(Node::Const(ins.memory_displacement64()), at);
                            self.binary(Mnemonic::Add, bv, d, self.width(ins, 0), at)
                        }
                        None => self.opaque(at),
                    },
                    _ => self.opaque(at),
                };
                self.write(ins, 0, v);
                Some(v)
            }
            Mnemonic::Xor
            | Mnemonic::And
            | Mnemonic::Or
            | Mnemonic::Add
            | Mnemonic::Sub
            | Mnemonic::Shl
            | Mnemonic::Shr
            | Mnemonic::Imul
                if ins.op_count() == 2 =>
            {
                let w = self.width(ins, 0);
                let a = self.read(ins, 0, env);
                let b = self.read(ins, 1, env);
                let v = self.binary(m, a, b, w, at);
                self.write(ins, 0, v);
                Some(v)
            }
            // `inc` / `dec`: `x + 1` / `x - 1`.
            Mnemonic::Inc | Mnemonic::Dec if ins.op_count() == 1 => {
                let w = self.width(ins, 0);
                let a = self.read(ins, 0, env);
                let one = self.push(Node::Const(1), at);
                let op = if m == Mnemonic::Inc {
                    Mnemonic::Add
                } else {
                    Mnemonic::Sub
                };
                let v = self.binary(op, a, one, w, at);
                self.write(ins, 0, v);
                Some(v)
            }
            // A 32-bit rotate by an immediate.
            Mnemonic::Rol | Mnemonic::Ror
                if ins.op_count() == 2
                    && self.width(ins, 0) == 4
                    && ins.op_kind(1) == OpKind::Immediate8 =>
            {
                let a = self.read(ins, 0, env);
                let k = (ins.immediate(1) as u32) & 31;
                let k = if m == Mnemonic::Ror { (32 - k) & 31 } else { k };
                let v = match (k, self.constant(a)) {
                    (0, _) => a,
                    (_, Some(c)) => {
                        self.push(Node::Const(u64::from((c as u32).rotate_left(k))), at)
                    }
                    _ => self.push(Node::Rol(a, k), at),
                };
                self.write(ins, 0, v);
                Some(v)
            }
            // `btr r, k` clears bit k (`and` with all but it), `btc r, k`
            // flips it (`xor` with it): `btr r32, 31` is `& 0x7fffffff`.
            Mnemonic::Btr | Mnemonic::Btc
                if ins.op_count() == 2
                    && ins.op0_kind() == OpKind::Register
                    && ins.op_kind(1) == OpKind::Immediate8 =>
            {
                let w = self.width(ins, 0);
                if w < 4 {
                    let v = self.opaque(at);
                    self.write(ins, 0, v);
                    return None;
                }
                let a = self.read(ins, 0, env);
                let bit = 1u64 << (ins.immediate(1) & if w >= 8 { 63 } else { 31 });
                let (op, k) = if m == Mnemonic::Btr {
                    (Mnemonic::And, !bit & self.mask)
                } else {
                    (Mnemonic::Xor, bit)
                };
                let b = self.push(Node::Const(k), at);
                let v = self.binary(op, a, b, w, at);
                self.write(ins, 0, v);
                Some(v)
            }
            Mnemonic::Imul if ins.op_count() == 3 => {
                let w = self.width(ins, 0);
                let a = self.read(ins, 1, env);
                let b = self.read(ins, 2, env);
                let v = self.binary(m, a, b, w, at);
                self.write(ins, 0, v);
                Some(v)
            }
            Mnemonic::Mul | Mnemonic::Imul if ins.op_count() == 1 => {
                let w = self.width(ins, 0);
                let a = self.read(ins, 0, env);
                let v = if w >= 4 {
                    self.binary(Mnemonic::Mul, self.regs[0], a, w, at)
                } else {
                    self.opaque(at)
                };
                self.regs[0] = v;
                self.regs[2] = self.opaque(at);
                Some(v)
            }
            Mnemonic::Xchg if ins.op_count() == 2 => {
                let a = self.read(ins, 0, env);
                let b = self.read(ins, 1, env);
                self.write(ins, 0, b);
                self.write(ins, 1, a);
                None
            }
            Mnemonic::Push => {
                self.forget_stack_slots();
                None
            }
            Mnemonic::Pop => {
                let v = match pending {
                    Some(ret) => self.push(Node::Const(ret), at),
                    None => self.opaque(at),
                };
                self.forget_stack_slots();
                self.write(ins, 0, v);
                Some(v)
            }
            Mnemonic::Call => {
                self.forget_vregs(at);
                let next = ins.next_ip();
                let target = match ins.op0_kind() {
                    OpKind::NearBranch16 | OpKind::NearBranch32 | OpKind::NearBranch64 => {
                        Some(ins.near_branch_target())
                    }
                    _ => None,
                };
                for r in 0..16 {
                    if self.caller_saved >> r & 1 == 1 {
                        self.regs[r] = self.opaque(at);
                    }
                }
                self.forget_stack_slots();
                match target {
                    Some(t) if t == next => self.pending_push = Some(next),
                    Some(t) => {
                        if let Some(r) = env.pc_thunk(t) {
                            self.regs[r] = self.push(Node::Const(next), at);
                        }
                    }
                    None => {}
                }
                None
            }
            _ => {
                // Anything else: whatever it writes becomes unknown.
                let mut written: [Option<usize>; 4] = [None; 4];
                let mut vwritten = 0u32;
                let mut n = 0;
                let info = self.info.info(ins);
                for u in info.used_registers() {
                    if writes(u.access()) {
                        if let Some(v) = vreg(u.register()) {
                            vwritten |= 1 << v;
                        }
                        if let Some((r, _)) = gpr(u.register()) {
                            if n < written.len() {
                                written[n] = Some(r);
                                n += 1;
                            } else {
                                // More than four: forget them all.
                                written = [None; 4];
                                n = usize::MAX;
                                break;
                            }
                        }
                    }
                }
                let mem_write = info.used_memory().iter().any(|u| writes(u.access()));
                for v in 0..32 {
                    if vwritten >> v & 1 == 1 {
                        self.vregs[v] = self.opaque(at);
                    }
                }
                if n == usize::MAX {
                    for r in 0..16 {
                        self.regs[r] = self.opaque(at);
                    }
                    self.forget_vregs(at);
                } else {
                    for r in written.into_iter().flatten() {
                        self.regs[r] = self.opaque(at);
                        if r == RSP {
                            self.forget_stack_slots();
                        }
                    }
                }
                if mem_write {
                    if ins.op_count() > 0 && ins.op_kind(0) == OpKind::Memory {
                        let v = self.opaque(at);
                        self.store(ins, v);
                    } else {
                        // A write the operands do not name (a string move).
                        self.forget_pointed();
                    }
                }
                None
            }
        }
    }
}
