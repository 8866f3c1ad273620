//! A small symbolic data flow over straight-line x86: what each general
//! register (and each stack or absolute memory slot) holds, as an
//! expression of shifts, masks, XORs, multiplies and adds over opaque
//! inputs. It is what lets a signature say "`(y << 7) & 0x9d2c5680` XORed
//! back into the same `y`" whatever the registers, the interleaving or the
//! spills: a value keeps its identity through moves, loads and stores.
//!
//! The flow follows fall-through only: after an unconditional jump or a
//! return every register becomes unknown, and at the head of a loop (the
//! target of a backward branch) so does everything the loop writes. Calls clobber the ABI's
//! caller-saved registers; a call to a PC thunk (`mov ebx, [esp]; ret`, or
//! `call $+5; pop ebx`) leaves the return address, so 32-bit PIC data
//! references resolve.
//!
//! Vector registers (XMM, YMM, ZMM 0–31) hold one value each, read as the
//! value of every 32-bit lane: the dword forms of the SSE / AVX moves,
//! broadcasts, shuffles, `pand` / `pxor` / `por`, `paddd` / `psubd` /
//! `pmulld` and the immediate `psrld` / `pslld` (legacy and VEX) map onto
//! the same nodes as their scalar twins, and a constant loaded from data
//! whose lanes all hold one word is that word. So a vectorised tempering or
//! twist loop is one site, as its scalar form is. Any other vector
//! instruction (a masked EVEX form, a qword shift, a shuffle of bytes)
//! makes what it writes unknown.
//!
//! The files, each using only those before it (the later ones extend
//! [`Flow`] with methods; none of this file's reaches into them):
//! `value.rs` (values, nodes, registers, memory slots: the vocabulary) and
//! `writes.rs` (what instructions write), this file (the flow's state,
//! constants and the folding of one operation), `memory.rs` (the slots and
//! every operand read or written), `vector.rs` (the lane-wise vector
//! forms), `loops.rs` (what a loop writes, forgotten at its head) and
//! `step.rs` (one instruction applied).

use alloc::vec::Vec;

mod loops;
mod memory;
mod step;
mod value;
mod vector;
mod writes;

use value::Slot;
pub(crate) use value::{gpr, Env, Node, Val};
pub(crate) use writes::{LoopWrites, Writes};

use iced_x86::{Instruction, InstructionInfoFactory, Mnemonic, OpAccess, Register};

/// The flow state of one walk through a function.
pub(crate) struct Flow {
    nodes: Vec<(Node, u64)>,
    regs: [Val; 16],
    /// XMM/YMM/ZMM 0–31, each as the value of every 32-bit lane.
    vregs: [Val; 32],
    slots: Vec<(Slot, Val)>,
    mask: u64,
    caller_saved: u16,
    pending_push: Option<u64>,
    /// For a value made from a constant loaded by an earlier instruction
    /// (`mov ecx, K; imul eax, ecx`), that instruction.
    const_src: Vec<(Val, u64)>,
    /// Values read from writable data, with the value the image
    /// initialises it to.
    initial: Vec<(Val, u64)>,
    info: InstructionInfoFactory,
}

impl core::fmt::Debug for Flow {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Flow")
            .field("nodes", &self.nodes.len())
            .finish()
    }
}

impl Flow {
    /// A flow for code of `bitness` under the ABI whose caller-saved
    /// registers are `caller_saved` (a bit per register, RAX = bit 0).
    pub fn new(bitness: u32, caller_saved: u16) -> Self {
        let mut f = Flow {
            nodes: Vec::with_capacity(256),
            regs: [0; 16],
            vregs: [0; 32],
            slots: Vec::new(),
            mask: if bitness == 64 {
                u64::MAX
            } else {
                u64::from(u32::MAX)
            },
            caller_saved,
            pending_push: None,
            const_src: Vec::new(),
            initial: Vec::new(),
            info: InstructionInfoFactory::new(),
        };
        f.reset();
        f
    }

    /// Forgets everything: the start of a function, or code reached only by a jump.
    pub fn reset(&mut self) {
        self.nodes.clear();
        for r in 0..16 {
            self.regs[r] = self.push(Node::Opaque, 0);
        }
        self.forget_vregs(0);
        self.slots.clear();
        self.pending_push = None;
        self.const_src.clear();
        self.initial.clear();
    }

    /// The earlier instruction that loaded the constant `v` was made with.
    pub fn const_source(&self, v: Val) -> Option<u64> {
        self.const_src
            .iter()
            .rev()
            .find(|(w, _)| *w == v)
            .map(|&(_, at)| at)
    }

    /// Code reached only by a jump: every register becomes unknown but those
    /// holding a constant, which PIC code sets once per function (the GOT
    /// pointer from a PC thunk) and uses on both sides of its jumps.
    pub fn forget_flow(&mut self) {
        for r in 0..16 {
            let (node, at) = self.nodes[self.regs[r] as usize];
            self.regs[r] = match node {
                Node::Const(_) => self.push(node, at),
                _ => self.push(Node::Opaque, 0),
            };
        }
        for r in 0..32 {
            let (node, at) = self.nodes[self.vregs[r] as usize];
            self.vregs[r] = match node {
                Node::Const(_) => self.push(node, at),
                _ => self.push(Node::Opaque, 0),
            };
        }
        self.slots.clear();
        self.pending_push = None;
    }

    /// Every vector register unknown (a call, a reset).
    pub(super) fn forget_vregs(&mut self, at: u64) {
        for r in 0..32 {
            self.vregs[r] = self.push(Node::Opaque, at);
        }
    }

    /// Whether `ins` reads its memory operand (not only writes it).
    pub fn reads_memory(&mut self, ins: &Instruction) -> bool {
        self.info.info(ins).used_memory().iter().any(|m| {
            matches!(
                m.access(),
                OpAccess::Read | OpAccess::CondRead | OpAccess::ReadWrite | OpAccess::ReadCondWrite
            )
        })
    }

    /// The node of `v` and the address of the instruction that made it.
    pub fn node(&self, v: Val) -> (Node, u64) {
        self.nodes[v as usize]
    }

    fn push(&mut self, n: Node, at: u64) -> Val {
        self.nodes.push((n, at));
        (self.nodes.len() - 1) as Val
    }

    fn opaque(&mut self, at: u64) -> Val {
        self.push(Node::Opaque, at)
    }

    /// The value general register `i` (RAX = 0) holds.
    pub fn reg(&self, i: usize) -> Val {
        self.regs[i]
    }

    /// The value a general register holds, when `r` is one.
    pub fn gpr_value(&self, r: Register) -> Option<Val> {
        gpr(r).map(|(i, _)| self.regs[i])
    }

    /// For a value read from writable data, the value the image
    /// initialises that data to.
    fn initial_of(&self, v: Val) -> Option<u64> {
        self.initial.iter().find(|(w, _)| *w == v).map(|&(_, k)| k)
    }

    /// The constant `v` holds, if any.
    pub fn constant(&self, v: Val) -> Option<u64> {
        match self.nodes[v as usize].0 {
            Node::Const(c) => Some(c),
            _ => None,
        }
    }

    fn fold(&self, c: u64, w: usize) -> u64 {
        if w >= 8 {
            c & self.mask
        } else {
            c & u64::from(u32::MAX)
        }
    }

    /// `op(a, b)` with constants folded and the forms the signatures look
    /// for kept in normal form.
    fn binary(&mut self, m: Mnemonic, a: Val, b: Val, w: usize, at: u64) -> Val {
        let (ca, cb) = (self.constant(a), self.constant(b));
        let node = match (m, ca, cb) {
            (Mnemonic::Xor, _, _) if a == b => Node::Const(0),
            (Mnemonic::Sub, _, _) if a == b => Node::Const(0),
            (Mnemonic::Xor, Some(x), Some(y)) => Node::Const(self.fold(x ^ y, w)),
            (Mnemonic::Xor, _, _) => Node::Xor(a, b),
            (Mnemonic::And, Some(x), Some(y)) => Node::Const(self.fold(x & y, w)),
            (Mnemonic::And, _, Some(k)) => Node::AndK(a, self.fold(k, w)),
            (Mnemonic::And, Some(k), _) => Node::AndK(b, self.fold(k, w)),
            (Mnemonic::And, None, None) => match (self.initial_of(a), self.initial_of(b)) {
                (_, Some(k)) => Node::AndVar(a, self.fold(k, w)),
                (Some(k), _) => Node::AndVar(b, self.fold(k, w)),
                _ => Node::Opaque,
            },
            (Mnemonic::Or, Some(x), Some(y)) => Node::Const(self.fold(x | y, w)),
            (Mnemonic::Add, Some(x), Some(y)) => Node::Const(self.fold(x.wrapping_add(y), w)),
            (Mnemonic::Add, _, Some(k)) => self.add_k(a, k, w),
            (Mnemonic::Add, Some(k), _) => self.add_k(b, k, w),
            (Mnemonic::Sub, Some(x), Some(y)) => Node::Const(self.fold(x.wrapping_sub(y), w)),
            (Mnemonic::Sub, _, Some(k)) => self.add_k(a, k.wrapping_neg(), w),
            (Mnemonic::Imul | Mnemonic::Mul, Some(x), Some(y)) => {
                Node::Const(self.fold(x.wrapping_mul(y), w))
            }
            (Mnemonic::Imul | Mnemonic::Mul, _, Some(k)) => Node::MulK(a, self.fold(k, w)),
            (Mnemonic::Imul | Mnemonic::Mul, Some(k), _) => Node::MulK(b, self.fold(k, w)),
            (Mnemonic::Shl | Mnemonic::Shr, _, Some(k)) => {
                let k = (k as u32) & if w >= 8 { 63 } else { 31 };
                match (m, ca) {
                    (_, _) if k == 0 => return a,
                    (Mnemonic::Shl, Some(x)) => Node::Const(self.fold(x << k, w)),
                    (Mnemonic::Shr, Some(x)) => Node::Const(self.fold(x, w) >> k),
                    (Mnemonic::Shl, None) => Node::Shl(a, k),
                    _ => Node::Shr(a, k),
                }
            }
            _ => Node::Opaque,
        };
        let src = match (ca, cb) {
            (Some(_), None) => Some(a),
            (None, Some(_)) => Some(b),
            _ => None,
        }
        .map(|c| self.nodes[c as usize].1)
        .filter(|&c_at| c_at != at && c_at != 0);
        let v = self.push(node, at);
        if let Some(c_at) = src {
            if self.const_src.len() < 4096 {
                self.const_src.push((v, c_at));
            }
        }
        v
    }

    fn add_k(&self, x: Val, k: u64, w: usize) -> Node {
        match self.nodes[x as usize].0 {
            Node::AddK(y, j) => Node::AddK(y, self.fold(j.wrapping_add(k), w)),
            _ => Node::AddK(x, self.fold(k, w)),
        }
    }
}
