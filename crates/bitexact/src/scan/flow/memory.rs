//! The flow's memory: the addresses memory operands name, and the slots
//! whose values the flow remembers — a frame slot (`[rsp/rbp + disp]`), a
//! fixed address, and a location off registers (`[base + index*scale +
//! disp]`), named by the *values* those registers hold, so that
//! `xor edx, [ecx+eax*4]; inc eax; xor edx, [ecx+eax*4-4]` reads one
//! value twice (MSVC's twist reads `mt[i]` so). A base or index that is
//! `x + k` (a small `k`) is named as `x` with `k` moved into the
//! displacement.
//!
//! Any write to memory forgets every location named off registers but
//! the one written (two such names may be one location), and so do calls,
//! stack moves and loop heads; frame and fixed slots are kept as before.
//!
//! Here too, an instruction's operands read and written ([`Flow::read`],
//! [`Flow::write`]): registers, immediates and memory alike, what
//! `step.rs` and `vector.rs` build on.

use iced_x86::{Instruction, OpKind, Register};

use super::value::{gpr, vreg, Env, Node, Slot, Val, NONE, RBP, RSP};
use super::Flow;

/// The largest `k` of `x + k` moved into a displacement.
const SMALL: u64 = 1 << 16;

impl Flow {
    /// Operand `i` as a value.
    pub(super) fn read(&mut self, ins: &Instruction, i: u32, env: &mut dyn Env) -> Val {
        match ins.op_kind(i) {
            OpKind::Register => match gpr(ins.op_register(i)) {
                Some((r, _)) => self.regs[r],
                None => match vreg(ins.op_register(i)) {
                    Some(r) => self.vregs[r],
                    None => self.opaque(ins.ip()),
                },
            },
            OpKind::Memory if ins.memory_size().size() > 8 => self.read_vector(ins, env),
            OpKind::Memory => {
                let size = ins.memory_size().size().clamp(1, 8);
                self.read_mem(ins, size, env)
            }
            OpKind::Immediate8
            | OpKind::Immediate8_2nd
            | OpKind::Immediate16
            | OpKind::Immediate32
            | OpKind::Immediate64
            | OpKind::Immediate8to16
            | OpKind::Immediate8to32
            | OpKind::Immediate8to64
            | OpKind::Immediate32to64 => {
                let c = ins.immediate(i) & self.mask;
                self.push(Node::Const(c), ins.ip())
            }
            _ => self.opaque(ins.ip()),
        }
    }

    /// Width in bytes of operand `i` when it is a destination.
    pub(super) fn width(&self, ins: &Instruction, i: u32) -> usize {
        match ins.op_kind(i) {
            // A vector register's value is its 32-bit lanes'.
            OpKind::Register if vreg(ins.op_register(i)).is_some() => 4,
            OpKind::Register => gpr(ins.op_register(i)).map_or(0, |(_, w)| w),
            OpKind::Memory => ins.memory_size().size(),
            _ => 0,
        }
    }

    /// Stores `v` in destination operand `i`. A write narrower than 32 bits
    /// leaves the register unknown.
    pub(super) fn write(&mut self, ins: &Instruction, i: u32, v: Val) {
        let w = self.width(ins, i);
        let v = if w < 4 { self.opaque(ins.ip()) } else { v };
        match ins.op_kind(i) {
            OpKind::Register => {
                if let Some((r, _)) = gpr(ins.op_register(i)) {
                    self.regs[r] = v;
                    if r == RSP {
                        self.forget_stack_slots();
                    }
                } else if let Some(r) = vreg(ins.op_register(i)) {
                    self.vregs[r] = v;
                }
            }
            OpKind::Memory => self.store(ins, v),
            _ => {}
        }
    }

    /// The exact address a memory operand names, when it is fixed: RIP
    /// relative, absolute, or off a register holding a constant.
    pub fn address(&self, ins: &Instruction) -> Option<u64> {
        if ins.is_ip_rel_memory_operand() {
            return Some(ins.ip_rel_memory_address());
        }
        if ins.memory_index() != Register::None {
            return None;
        }
        self.table_address(ins)
    }

    /// The address a memory operand is based at, ignoring any index: for
    /// `[table + eax*4]`, the table.
    pub fn table_address(&self, ins: &Instruction) -> Option<u64> {
        if ins.is_ip_rel_memory_operand() {
            return Some(ins.ip_rel_memory_address());
        }
        let disp = ins.memory_displacement64();
        let base = match ins.memory_base() {
            Register::None => 0,
            r => self.constant(self.regs[gpr(r)?.0])?,
        };
        Some(base.wrapping_add(disp) & self.mask)
    }

    /// For `[reg + table]` with the table's address in the index register
    /// (scale 1, as unoptimised code forms it), that address.
    pub fn index_table_address(&self, ins: &Instruction) -> Option<u64> {
        if ins.memory_index_scale() != 1 {
            return None;
        }
        let (i, _) = gpr(ins.memory_index())?;
        let t = self.constant(self.regs[i])?;
        Some(t.wrapping_add(ins.memory_displacement64()) & self.mask)
    }

    /// The value of general register `r` as `x + k` with a small `k`
    /// (either sign, as the flow's width wraps it), else `v + 0`.
    pub fn register_offset(&self, r: Register) -> Option<(Val, u64)> {
        Some(self.split_offset(self.regs[gpr(r)?.0]))
    }

    /// `v` as `x + k` with a small `k` (either sign), else `v + 0`.
    fn split_offset(&self, v: Val) -> (Val, u64) {
        match self.nodes[v as usize].0 {
            Node::AddK(x, k) if k < SMALL || k > self.mask - SMALL => (x, k),
            _ => (v, 0),
        }
    }

    pub(super) fn slot(&self, ins: &Instruction) -> Option<Slot> {
        if ins.memory_segment() == Register::FS || ins.memory_segment() == Register::GS {
            return None;
        }
        if let Some(a) = self.address(ins) {
            return Some(Slot::Abs(a));
        }
        let base = match ins.memory_base() {
            Register::None => None,
            r => Some(gpr(r)?.0),
        };
        let index = match ins.memory_index() {
            Register::None => None,
            r => Some(gpr(r)?.0),
        };
        let disp = ins.memory_displacement64();
        match (base, index) {
            (Some(b), None) if b == RSP || b == RBP => Some(Slot::Frame(b as u8, disp as i64)),
            (None, None) => None,
            _ => {
                let scale = ins.memory_index_scale() as u64;
                let (bv, bk) = base.map_or((NONE, 0), |b| self.split_offset(self.regs[b]));
                let (iv, ik) = index.map_or((NONE, 0), |i| self.split_offset(self.regs[i]));
                let d = disp.wrapping_add(bk).wrapping_add(ik.wrapping_mul(scale)) & self.mask;
                Some(Slot::Ptr(bv, iv, scale as u8, d))
            }
        }
    }

    pub(super) fn read_mem(&mut self, ins: &Instruction, size: usize, env: &mut dyn Env) -> Val {
        let at = ins.ip();
        let Some(slot) = self.slot(ins) else {
            return self.opaque(at);
        };
        if let Some(&(_, v)) = self.slots.iter().find(|(s, _)| *s == slot) {
            return v;
        }
        let v = match slot {
            Slot::Abs(a) => match env.read_const(a, size) {
                Some(c) => self.push(Node::Const(c), at),
                None => {
                    let v = self.opaque(at);
                    if let Some(k) = env.read_initial(a, size) {
                        if self.initial.len() < 256 {
                            self.initial.push((v, k));
                        }
                    }
                    v
                }
            },
            Slot::Frame(..) | Slot::Ptr(..) => self.opaque(at),
        };
        self.set_slot(slot, v);
        v
    }

    /// A vector-wide memory operand: the word every 32-bit lane holds when
    /// it is read-only data with all lanes equal, else unknown.
    pub(super) fn read_vector(&mut self, ins: &Instruction, env: &mut dyn Env) -> Val {
        let at = ins.ip();
        let size = ins.memory_size().size();
        let lanes = self.address(ins).and_then(|a| {
            let c = env.read_const(a, 4)?;
            (1..size / 4)
                .all(|l| env.read_const(a + 4 * l as u64, 4) == Some(c))
                .then_some(c)
        });
        match lanes {
            Some(c) => self.push(Node::Const(c), at),
            None => self.opaque(at),
        }
    }

    /// `ins` writes `v` to its memory operand: the slot it names, if any,
    /// now holds `v`, and no other location named off registers is known.
    pub(super) fn store(&mut self, ins: &Instruction, v: Val) {
        let slot = self.slot(ins);
        self.forget_pointed();
        if let Some(s) = slot {
            self.set_slot(s, v);
        }
    }

    fn set_slot(&mut self, slot: Slot, v: Val) {
        if let Some(e) = self.slots.iter_mut().find(|(s, _)| *s == slot) {
            e.1 = v;
        } else if self.slots.len() < 256 {
            self.slots.push((slot, v));
        }
    }

    /// Every location named off registers unknown (a write through an
    /// unnamed pointer, a loop head).
    pub(super) fn forget_pointed(&mut self) {
        self.slots.retain(|(s, _)| !matches!(s, Slot::Ptr(..)));
    }

    /// The stack moved or was written (a push, a call): its slots off
    /// `rsp`, and every location named off registers, are unknown.
    pub(super) fn forget_stack_slots(&mut self) {
        self.slots.retain(|(s, _)| match s {
            Slot::Frame(b, _) => *b as usize != RSP,
            Slot::Ptr(..) => false,
            Slot::Abs(_) => true,
        });
    }
}
