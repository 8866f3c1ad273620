//! The recursive descent: from the roots, follow fall-through, direct jumps
//! and calls, and jump tables, marking where instructions start. Its map is
//! checked against the linear sweep's (see `decode`), and the direct
//! branches it saw ([`Branch`]).

use alloc::vec::Vec;

use iced_x86::{Decoder, DecoderOptions, FlowControl, Instruction, Mnemonic, OpKind};

use super::bits::Bits;
use super::image::Image;
use super::prologue::opens_function;
use super::tables::{dispatch_bases, jump_table, pc_thunk, ConstRegs, MAX_TABLES, PATH};

/// Rounds of reading jump tables from the instructions before an indirect
/// jump in address order (after the descent has stopped finding new code).
const LINEAR_ROUNDS: usize = 4;

/// A direct branch seen by the descent: from the instruction at `from` to
/// `to`; `call` tells a call from a jump.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Branch {
    pub from: u64,
    pub to: u64,
    pub call: bool,
    /// A `jmp` (not a `jcc`, not a call).
    pub unconditional: bool,
}

/// One executable region's two maps.
pub(crate) struct RegionMaps {
    pub region: usize,
    /// The linear sweep's instruction starts.
    pub sweep: Bits,
    /// The descent's.
    pub descent: Bits,
}

/// The descent's state over every executable region.
pub(crate) struct Descent<'i, 'a> {
    image: &'i Image<'a>,
    pub maps: Vec<RegionMaps>,
    pub branches: Vec<Branch>,
    pub pointers: Vec<u64>,
    pub table_targets: Vec<u64>,
    /// Indirect jumps whose table the path did not show.
    unresolved: Vec<u64>,
    tables: usize,
    /// Tables an unbounded dispatch `jmp` reads (computed gotos), with the
    /// `jmp`'s address: their entries are labels, not functions.
    pub dispatch_tables: Vec<(u64, u64)>,
    /// Calls that never return (their fall-through is not followed).
    pub noreturn_calls: Vec<u64>,
    /// Call targets known to return or not.
    returns: std::collections::HashMap<u64, bool>,
    /// Call targets known to be PC thunks (or not), for 32-bit PIC.
    thunks: std::collections::HashMap<u64, Option<usize>>,
}

impl<'i, 'a> Descent<'i, 'a> {
    pub fn new(image: &'i Image<'a>, maps: Vec<RegionMaps>) -> Self {
        Descent {
            image,
            maps,
            branches: Vec::new(),
            pointers: Vec::new(),
            table_targets: Vec::new(),
            unresolved: Vec::new(),
            tables: 0,
            thunks: std::collections::HashMap::new(),
            noreturn_calls: Vec::new(),
            dispatch_tables: Vec::new(),
            returns: std::collections::HashMap::new(),
        }
    }

    fn find(&self, va: u64) -> Option<(usize, usize)> {
        let i = self
            .maps
            .partition_point(|m| self.image.regions[m.region].va <= va)
            .checked_sub(1)?;
        let r = &self.image.regions[self.maps[i].region];
        let off = va - r.va;
        (off < r.bytes.len() as u64).then_some((i, off as usize))
    }

    fn swept_start(&self, va: u64) -> bool {
        self.find(va)
            .is_some_and(|(m, o)| self.maps[m].sweep.get(o))
    }

    /// Descends from every root, then reads the tables of the indirect
    /// jumps the paths did not explain from the instructions before them
    /// in address order, and descends again from what they lead to.
    pub fn run(&mut self, mut work: Vec<u64>) {
        self.descend(&mut work);
        for _ in 0..LINEAR_ROUNDS {
            let pending = core::mem::take(&mut self.unresolved);
            for jmp in pending {
                let window = self.before(jmp);
                let Some((last, path)) = window.split_last() else {
                    continue;
                };
                if !self.table(path, last, &mut work) {
                    self.dispatch(path, last, &mut work);
                }
            }
            if work.is_empty() {
                break;
            }
            self.descend(&mut work);
        }
    }

    /// The descent's instructions ending with the one at `va`, in address
    /// order (at most [`PATH`] + 1).
    fn before(&self, va: u64) -> Vec<Instruction> {
        let Some((mi, off)) = self.find(va) else {
            return Vec::new();
        };
        let r = &self.image.regions[self.maps[mi].region];
        let bits = &self.maps[mi].descent;
        let mut out = Vec::new();
        let mut at = off;
        let mut dec = Decoder::with_ip(self.image.bitness, r.bytes, r.va, DecoderOptions::NONE);
        loop {
            let _ = dec.set_position(at);
            dec.set_ip(r.va + at as u64);
            let ins = dec.decode();
            if ins.is_invalid() {
                break;
            }
            out.push(ins);
            if out.len() > PATH {
                break;
            }
            // The previous descent start that ends exactly here.
            let Some(prev) = (1..=15).filter_map(|b| at.checked_sub(b)).find(|&p| {
                bits.get(p) && {
                    let _ = dec.set_position(p);
                    dec.set_ip(r.va + p as u64);
                    let i = dec.decode();
                    !i.is_invalid() && p + i.len() == at
                }
            }) else {
                break;
            };
            at = prev;
        }
        out.reverse();
        out
    }

    /// Reads the table `jmp` goes through and queues its targets. A table
    /// inside code is data, and its targets are instruction starts: the
    /// sweep, which read the table as instructions, is corrected so (it
    /// may have run out of step into the cases).
    fn table(&mut self, path: &[Instruction], jmp: &Instruction, work: &mut Vec<u64>) -> bool {
        if self.tables >= MAX_TABLES {
            return false;
        }
        self.tables += 1;
        let Some(table) = jump_table(path, jmp, self.image) else {
            return false;
        };
        if self.image.is_code(table.va) {
            self.not_code(table.va, (table.targets.len() * table.entry) as u64);
            for &t in &table.targets {
                self.resync(t);
            }
        }
        if !table.targets.iter().all(|&t| self.swept_start(t)) {
            return false;
        }
        work.extend_from_slice(&table.targets);
        self.table_targets.extend_from_slice(&table.targets);
        true
    }

    /// An unbounded dispatch (`jmp` through a table no bound check limits):
    /// its tables are kept for their relocated entries. In an image without
    /// relocations a table's entries are the addresses themselves: the
    /// words from its base on are followed as long as each holds a sweep
    /// instruction start after the `jmp` (a switch's cases follow its
    /// dispatch) that does not open like a function (a table of function
    /// pointers may sit right after it in data), at most [`MAX_ENTRIES`].
    fn dispatch(&mut self, path: &[Instruction], jmp: &Instruction, work: &mut Vec<u64>) {
        let ptr = if self.image.bitness == 32 { 4 } else { 8 };
        for base in dispatch_bases(path, jmp, self.image) {
            self.dispatch_tables.push((base, jmp.ip()));
            if !self.image.unrelocated {
                continue;
            }
            let mut slot = base;
            for _ in 0..MAX_ENTRIES {
                let Some(target) = self.image.pointer_at(slot) else {
                    break;
                };
                let label = target > jmp.ip()
                    && self.find(target).is_some_and(|(mi, off)| {
                        let m = &self.maps[mi];
                        m.sweep.get(off)
                            && !opens_function(
                                self.image,
                                &self.image.regions[m.region],
                                &m.sweep,
                                off,
                            )
                    });
                if !label {
                    break;
                }
                work.push(target);
                self.table_targets.push(target);
                let Some(next) = slot.checked_add(ptr) else {
                    break;
                };
                slot = next;
            }
        }
    }

    /// `len` bytes at `va` are data: no sweep instruction starts there.
    fn not_code(&mut self, va: u64, len: u64) {
        let Some((mi, start)) = self.find(va) else {
            return;
        };
        let n = self.image.regions[self.maps[mi].region].bytes.len();
        for i in start..(start + len as usize).min(n) {
            self.maps[mi].sweep.clear(i);
        }
    }

    /// An instruction starts at `va` (a table's target): sweep again from
    /// there until back in step with the first sweep, whose starts in
    /// between were out of step.
    fn resync(&mut self, va: u64) {
        let Some((mi, start)) = self.find(va) else {
            return;
        };
        let r = &self.image.regions[self.maps[mi].region];
        let sweep = &mut self.maps[mi].sweep;
        if sweep.get(start) {
            return;
        }
        let mut dec = Decoder::with_ip(self.image.bitness, r.bytes, r.va, DecoderOptions::NONE);
        let mut pos = start;
        let mut fresh = Vec::new();
        while pos < r.bytes.len() && !sweep.get(pos) {
            let _ = dec.set_position(pos);
            dec.set_ip(r.va + pos as u64);
            let ins = dec.decode();
            if ins.is_invalid() {
                pos += 1;
                continue;
            }
            fresh.push(pos);
            pos += ins.len();
        }
        // The first sweep's starts that overlap the fresh instructions.
        for i in start.saturating_sub(15)..pos {
            if sweep.get(i) && fresh.binary_search(&i).is_err() {
                let _ = dec.set_position(i);
                let len = dec.decode().len().max(1);
                if i + len > start {
                    sweep.clear(i);
                }
            }
        }
        for i in fresh {
            sweep.set(i);
        }
    }

    /// The import slot a `call [slot]` / `jmp [slot]` goes through: RIP
    /// relative, absolute, or a 32-bit PLT's `[ebx + off]` off `.got.plt`.
    fn slot(&self, ins: &Instruction) -> Option<u64> {
        if ins.op0_kind() != OpKind::Memory || ins.memory_index() != iced_x86::Register::None {
            return None;
        }
        if ins.is_ip_rel_memory_operand() {
            return Some(ins.ip_rel_memory_address());
        }
        match ins.memory_base() {
            iced_x86::Register::None => Some(ins.memory_displacement64()),
            iced_x86::Register::EBX => self
                .image
                .got_plt
                .map(|g| g.wrapping_add(ins.memory_displacement64()) & u64::from(u32::MAX)),
            _ => None,
        }
    }

    fn noreturn_slot(&self, ins: &Instruction) -> bool {
        self.slot(ins)
            .is_some_and(|s| self.image.noreturn_slots.binary_search(&s).is_ok())
    }

    /// Whether a call to `t` never returns: `t` is an import stub (`jmp
    /// [slot]`, PLT or PE thunk) of a function that never returns (`exit`,
    /// `abort`, `ExitProcess`, …), or its straight-line code reaches such a
    /// call before any return or branch (`die(msg)`), two levels deep.
    fn never_returns(&mut self, t: u64, depth: u32) -> bool {
        if self.image.noreturn_slots.is_empty() {
            return false;
        }
        if let Some(&r) = self.returns.get(&t) {
            return !r;
        }
        let Some((r, off)) = self.image.region_of(t) else {
            return false;
        };
        let mut dec =
            Decoder::with_ip(self.image.bitness, &r.bytes[off..], t, DecoderOptions::NONE);
        let mut verdict = false;
        for _ in 0..64 {
            let ins = dec.decode();
            if ins.is_invalid() {
                break;
            }
            match ins.flow_control() {
                FlowControl::Next => {}
                FlowControl::IndirectBranch | FlowControl::IndirectCall
                    if self.noreturn_slot(&ins) =>
                {
                    verdict = true;
                    break;
                }
                FlowControl::Call | FlowControl::UnconditionalBranch if depth > 0 => {
                    let Some(u) = near_target(&ins) else { break };
                    if self.never_returns(u, depth - 1) {
                        verdict = true;
                        break;
                    }
                    if ins.flow_control() == FlowControl::UnconditionalBranch {
                        break;
                    }
                }
                FlowControl::Call | FlowControl::IndirectCall => {}
                _ => break,
            }
        }
        if depth == 2 {
            self.returns.insert(t, !verdict);
        }
        verdict
    }

    fn descend(&mut self, work: &mut Vec<u64>) {
        let image = self.image;
        let bitness = image.bitness;
        let mut ins = Instruction::default();
        let mut path: Vec<Instruction> = Vec::with_capacity(PATH);
        while let Some(start) = work.pop() {
            let Some((mi, mut off)) = self.find(start) else {
                continue;
            };
            let r = &image.regions[self.maps[mi].region];
            path.clear();
            let mut got = ConstRegs::new(bitness);
            let mut dec = Decoder::with_ip(bitness, r.bytes, r.va, DecoderOptions::NONE);
            let _ = dec.set_position(off);
            dec.set_ip(start);
            loop {
                if !image.data_in_code.is_empty() && image.is_data_in_code(r.va + off as u64) {
                    break; // a data object by the symbol table
                }
                if !self.maps[mi].descent.test_and_set(off) {
                    break; // already decoded from here on
                }
                dec.decode_out(&mut ins);
                if ins.is_invalid() {
                    // Not code after all; the bit stays set (the sweep
                    // cannot have an instruction there either).
                    break;
                }
                let mut next = ins.next_ip();
                if bitness == 32 {
                    // 32-bit PIC: a callback taken as `lea r, [got + off]`.
                    if let Some(p) = got.lea_target(&ins).filter(|&p| self.swept_start(p)) {
                        self.pointers.push(p);
                        work.push(p);
                    }
                    let thunks = &mut self.thunks;
                    got.step(&ins, &mut |t| {
                        *thunks.entry(t).or_insert_with(|| pc_thunk(image, t))
                    });
                }
                if let Some(p) = code_pointer(&ins) {
                    if self.swept_start(p) {
                        self.pointers.push(p);
                        work.push(p);
                    }
                }
                let flow = ins.flow_control();
                let target = near_target(&ins);
                if let Some(t) = target {
                    if matches!(
                        flow,
                        FlowControl::ConditionalBranch
                            | FlowControl::Call
                            | FlowControl::UnconditionalBranch
                    ) {
                        self.branches.push(Branch {
                            from: ins.ip(),
                            to: t,
                            call: flow == FlowControl::Call,
                            unconditional: flow == FlowControl::UnconditionalBranch,
                        });
                        if flow != FlowControl::UnconditionalBranch {
                            work.push(t);
                        }
                    }
                }
                let no_return = match flow {
                    FlowControl::Call => target.is_some_and(|t| self.never_returns(t, 2)),
                    FlowControl::IndirectCall => self.noreturn_slot(&ins),
                    _ => false,
                };
                if no_return {
                    // `call exit`: nothing after it runs.
                    self.noreturn_calls.push(ins.ip());
                    break;
                }
                match flow {
                    FlowControl::Next
                    | FlowControl::XbeginXabortXend
                    | FlowControl::ConditionalBranch
                    | FlowControl::Call
                    | FlowControl::IndirectCall => {}
                    FlowControl::UnconditionalBranch => {
                        // Follow the jump on the same path (a table load
                        // may come before it, its `jmp reg` after).
                        let Some(t) = target else { break };
                        match self.find(t) {
                            Some((m, o)) if m == mi && !self.maps[m].descent.get(o) => next = t,
                            _ => {
                                work.push(t);
                                break;
                            }
                        }
                    }
                    FlowControl::Interrupt => {
                        if ins.mnemonic() == Mnemonic::Int3 {
                            break;
                        }
                    }
                    FlowControl::IndirectBranch => {
                        if !self.table(&path, &ins, work) {
                            self.unresolved.push(ins.ip());
                            self.dispatch(&path, &ins, work);
                        }
                        break;
                    }
                    FlowControl::Return | FlowControl::Exception => break,
                }
                if path.len() == PATH {
                    path.remove(0);
                }
                path.push(ins);
                if next < r.va || next - r.va >= r.bytes.len() as u64 {
                    break;
                }
                off = (next - r.va) as usize;
                if next != ins.next_ip() {
                    let _ = dec.set_position(off);
                    dec.set_ip(next);
                }
            }
        }
    }
}

/// A code address an instruction takes as a value: a RIP-relative `lea`,
/// `push offset f`, `mov edi, offset main` (gcc's non-PIE `_start`). The
/// caller checks that it starts an instruction of the sweep.
fn code_pointer(ins: &Instruction) -> Option<u64> {
    match ins.mnemonic() {
        Mnemonic::Lea if ins.is_ip_rel_memory_operand() => Some(ins.ip_rel_memory_address()),
        Mnemonic::Push | Mnemonic::Mov => (0..ins.op_count())
            .find(|&i| {
                matches!(
                    ins.op_kind(i),
                    OpKind::Immediate32 | OpKind::Immediate32to64
                )
            })
            .map(|i| ins.immediate(i)),
        _ => None,
    }
}

/// The target of a direct near branch or call.
fn near_target(ins: &Instruction) -> Option<u64> {
    match ins.op0_kind() {
        OpKind::NearBranch16 | OpKind::NearBranch32 | OpKind::NearBranch64 => {
            Some(ins.near_branch_target())
        }
        _ => None,
    }
}

/// Entries read at most from a table an unbounded dispatch reads in an
/// image without relocations.
const MAX_ENTRIES: usize = 1024;
