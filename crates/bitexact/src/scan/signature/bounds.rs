//! The state's length as a loop shows it (SPEC 10, 10.1): a seeding is
//! complete only when a loop holding its multiply also shows the 624-word
//! bound. The forms recognised, with the compilers that emit them:
//!
//! | form | emitted by |
//! | --- | --- |
//! | `cmp i, 624; jl` / `cmp i, 623; jle` (words or bytes, either jump sense) | every compiler |
//! | `mov r14d, 624 … cmp r10d, r14d; jl` — the bound held in a register | Visual C++ 2019 x64 (numpy's `_mt19937`) |
//! | `lea rdx, [rcx + 2496] … cmp rax, rdx; jb` — an end pointer | gcc and MSVC over a pointer |
//! | `mov r10d, 623 … sub r10d, 1; jne` — a count down to zero | Visual C++ 2019 x64 (`init_by_array`'s last loop) |
//! | `mov r11d, 623; mov rbx, r11 … sub rbx, r10; jne` — the step of one in a register | Visual C++ 2008 x64 (`init_genrand` inlined) |
//! | an access 2496 or 2492 bytes into the array (its last word) | every compiler (in [`super::finish`]) |
//!
//! A count down is 623 iterations exactly (the seeding's `for (i = 1; i <
//! 624; i++)`): 624 would be a 625-word state's seeding. A compare bounds
//! the index to `0..=623` whatever it starts at.

use alloc::vec::Vec;

use iced_x86::{FlowControl, Instruction, Mnemonic as M, OpKind};

use crate::scan::flow::{gpr, Flow, Node, Val};
use crate::scan::tables::is_imm;

/// What one function's walk learns of the 624-word bound.
#[derive(Debug, Default)]
pub(super) struct Bounds {
    /// The instructions that show the state's length in their loop.
    pub n624: Vec<u64>,
    /// A compare with the state's length waiting for its jump: the
    /// compare, the length, and whether the length is the first operand.
    compare: Option<(u64, u32, bool)>,
    /// Loop heads entered with a register the loop writes holding 623.
    counters: Vec<(u64, usize)>,
    /// A decrement by one of a register, waiting for its jump.
    countdown: Option<(u64, usize)>,
}

impl Bounds {
    /// One instruction, before the flow steps it.
    pub fn feed(&mut self, ins: &Instruction, flow: &Flow) {
        let at = ins.ip();
        let branch = ins.flow_control() == FlowControl::ConditionalBranch;
        let m = ins.mnemonic();
        if let Some((cmp, c, reversed)) = self.compare.take() {
            if branch {
                let jcc = if reversed { swapped(m) } else { m };
                if bounds_624(c, jcc) {
                    self.n624.push(cmp);
                }
            } else if ins.rflags_modified() == 0 {
                self.compare = Some((cmp, c, reversed));
            }
        }
        if let Some((dec, r)) = self.countdown.take() {
            let target = ins.near_branch_target();
            if branch {
                if matches!(m, M::Jne | M::Jg | M::Ja) && self.counters.contains(&(target, r)) {
                    self.n624.push(dec);
                }
            } else if ins.rflags_modified() == 0 || is_test_of(ins, r) {
                self.countdown = Some((dec, r));
            }
        }
        match m {
            M::Cmp if ins.op_count() == 2 && !is_imm(ins.op1_kind()) => {
                for i in 0..2 {
                    let held = (ins.op_kind(i) == OpKind::Register)
                        .then(|| flow.gpr_value(ins.op_register(i)))
                        .flatten()
                        .and_then(|v| length(flow, v));
                    if let Some(c) = held {
                        self.compare = Some((at, c, i == 0));
                    }
                }
            }
            M::Dec | M::Sub | M::Add if ins.op0_kind() == OpKind::Register => {
                // The step: an immediate, or a register holding it
                // (`sub rbx, r10` with `r10d = 1`: Visual C++ 2008 x64).
                let step = match ins.op_count() {
                    1 => None,
                    _ if is_imm(ins.op1_kind()) => Some(ins.immediate(1)),
                    _ if ins.op1_kind() == OpKind::Register => flow
                        .gpr_value(ins.op_register(1))
                        .and_then(|v| flow.constant(v)),
                    _ => None,
                };
                let by_one = match m {
                    M::Dec => true,
                    M::Sub => step == Some(1),
                    _ => step.is_some_and(|k| k as i32 == -1),
                };
                if let (true, Some((r, _))) = (by_one, gpr(ins.op0_register())) {
                    self.countdown = Some((at, r));
                }
            }
            _ => {}
        }
    }

    /// A constant operand `c` of `ins` (an immediate, or a constant it
    /// reads from data) that is the state's length: a compare with it
    /// counts once the jump after it says which bound; any other use (a
    /// `mov`, a `lea`) where it stands.
    pub fn constant(&mut self, ins: &Instruction, c: u32) {
        if matches!(c, 624 | 623 | 2496 | 2492) {
            if ins.mnemonic() == M::Cmp && is_imm(ins.op1_kind()) {
                self.compare = Some((ins.ip(), c, false));
            } else {
                self.n624.push(ins.ip());
            }
        }
    }

    /// The head of a loop that writes the registers `written` (a bit
    /// each): a register holding 623 on entry is a count the loop may run
    /// down.
    pub fn loop_head(&mut self, head: u64, flow: &Flow, written: u16) {
        for r in 0..16 {
            if written >> r & 1 == 1 && flow.constant(flow.reg(r)) == Some(623) {
                self.counters.push((head, r));
            }
        }
    }
}

/// The length `v` shows: 624 or 623 (words) or 2496 or 2492 (bytes) held
/// as a constant, or an end pointer `base + 2496` / `base + 2492`.
fn length(flow: &Flow, v: Val) -> Option<u32> {
    let c = match flow.node(v).0 {
        Node::Const(c) => c,
        Node::AddK(_, k) if matches!(k, 2496 | 2492) => k,
        _ => return None,
    };
    matches!(c, 624 | 623 | 2496 | 2492).then_some(c as u32)
}

/// Whether `ins` is `test r, r` of the general register `r`.
fn is_test_of(ins: &Instruction, r: usize) -> bool {
    ins.mnemonic() == M::Test
        && ins.op_count() == 2
        && (0..2).all(|i| {
            ins.op_kind(i) == OpKind::Register && gpr(ins.op_register(i)).map(|(g, _)| g) == Some(r)
        })
}

/// The jump that tests the same relation with the compare's operands
/// swapped (`cmp n, i; jg` is `cmp i, n; jl`).
fn swapped(m: M) -> M {
    match m {
        M::Jl => M::Jg,
        M::Jg => M::Jl,
        M::Jle => M::Jge,
        M::Jge => M::Jle,
        M::Jb => M::Ja,
        M::Ja => M::Jb,
        M::Jbe => M::Jae,
        M::Jae => M::Jbe,
        other => other,
    }
}

/// Whether `cmp i, c` then `jcc` bounds `i` to the 624 words `0..=623`
/// (`i < 624`, `i <= 623`, or their negations; `c` in words or bytes):
/// `cmp i, 623; jne` loops over 623 words and `cmp i, 624; jle` over 625.
fn bounds_624(c: u32, jcc: M) -> bool {
    match c {
        624 | 2496 => matches!(jcc, M::Jne | M::Je | M::Jb | M::Jae | M::Jl | M::Jge),
        623 | 2492 => matches!(jcc, M::Jbe | M::Ja | M::Jle | M::Jg),
        _ => false,
    }
}
