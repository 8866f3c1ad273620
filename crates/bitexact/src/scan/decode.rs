//! Instruction boundaries, found twice: a linear sweep of every executable
//! region, and a recursive descent from the entry point, the function
//! symbols, the relocated code pointers and every direct call target. An
//! instruction counts only where both decodings start one (SPEC 10): bytes
//! that the sweep reads as an instruction but control flow never reaches
//! (data in code, an overlapping-instruction trick) are not code.

use alloc::vec;
use alloc::vec::Vec;

use iced_x86::{Decoder, DecoderOptions, FlowControl, Instruction, OpKind};

use super::image::Image;

/// A bit per byte of one executable region.
#[derive(Debug, Clone)]
pub(crate) struct Bits(Vec<u64>);

impl Bits {
    fn new(len: usize) -> Self {
        Bits(vec![0; len.div_ceil(64)])
    }
    #[inline]
    pub fn get(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }
    #[inline]
    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    /// Whether bit `i` was clear, setting it.
    #[inline]
    fn test_and_set(&mut self, i: usize) -> bool {
        let was = self.get(i);
        self.set(i);
        !was
    }
    fn and(&mut self, other: &Bits) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a &= *b;
        }
    }
    fn count(&self) -> u64 {
        self.0.iter().map(|w| u64::from(w.count_ones())).sum()
    }
    /// The first set bit at or after `i`, below `end`.
    pub fn next_set(&self, i: usize, end: usize) -> Option<usize> {
        let mut word = i / 64;
        if word >= self.0.len() {
            return None;
        }
        let mut w = self.0[word] & (u64::MAX << (i % 64));
        loop {
            if w != 0 {
                let bit = word * 64 + w.trailing_zeros() as usize;
                return (bit < end).then_some(bit);
            }
            word += 1;
            if word >= self.0.len() || word * 64 >= end {
                return None;
            }
            w = self.0[word];
        }
    }
}

/// A direct branch seen by the descent: from the instruction at `from` to
/// `to`; `call` tells a call from a jump.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Branch {
    pub from: u64,
    pub to: u64,
    pub call: bool,
}

/// The agreed instruction starts of every executable region.
#[derive(Debug)]
pub(crate) struct Code {
    /// Index into `Image::regions` of each executable region, with its map.
    pub maps: Vec<(usize, Bits)>,
    /// The linear sweep's own starts, region by region as `maps`.
    sweep_maps: Vec<Bits>,
    /// Direct branches from agreed instructions.
    pub branches: Vec<Branch>,
    /// Targets of direct calls from agreed instructions (sorted, unique).
    pub call_targets: Vec<u64>,
    /// Code addresses taken by instructions (`lea rdi, [rip + main]`,
    /// `push offset callback`) that start agreed instructions: function
    /// pointers, so function starts (sorted, unique).
    pub pointers: Vec<u64>,
    /// Instruction starts found by the linear sweep.
    pub swept: u64,
    /// Of them, the ones the descent agrees on.
    pub agreed: u64,
}

impl Code {
    /// Sweeps and descends `image` from `roots` (plus its entry point,
    /// function symbols and relocated code pointers).
    pub fn decode(image: &Image<'_>, roots: &[u64]) -> Self {
        let bitness = image.bitness;
        let mut maps: Vec<(usize, Bits, Bits)> = image
            .regions
            .iter()
            .enumerate()
            .filter(|(_, r)| r.exec)
            .map(|(i, r)| (i, Bits::new(r.bytes.len()), Bits::new(r.bytes.len())))
            .collect();
        let mut ins = Instruction::default();

        // Linear sweep; an undecodable byte is skipped.
        let mut swept = 0;
        for (ri, lin, _) in &mut maps {
            let r = &image.regions[*ri];
            let mut dec = Decoder::with_ip(bitness, r.bytes, r.va, DecoderOptions::NONE);
            let mut pos = 0;
            while pos < r.bytes.len() {
                dec.decode_out(&mut ins);
                if ins.is_invalid() {
                    pos += 1;
                    // In range, so set_position cannot fail.
                    let _ = dec.set_position(pos);
                    dec.set_ip(r.va + pos as u64);
                    continue;
                }
                lin.set(pos);
                swept += 1;
                pos += ins.len();
            }
        }

        // Recursive descent.
        let mut work: Vec<u64> = Vec::new();
        work.extend_from_slice(roots);
        work.extend(image.info.entry);
        work.extend(image.symbols.iter().map(|s| s.va));
        work.extend_from_slice(&image.pointers);
        let mut branches = Vec::new();
        let mut pointers = Vec::new();
        let find = |va: u64, maps: &[(usize, Bits, Bits)]| -> Option<(usize, usize)> {
            let i = maps
                .partition_point(|m| image.regions[m.0].va <= va)
                .checked_sub(1)?;
            let r = &image.regions[maps[i].0];
            let off = va - r.va;
            (off < r.bytes.len() as u64).then_some((i, off as usize))
        };
        let mut path: Vec<Instruction> = Vec::with_capacity(PATH);
        let mut tables = 0usize;
        while let Some(start) = work.pop() {
            let Some((mi, mut off)) = find(start, &maps) else {
                continue;
            };
            let r = &image.regions[maps[mi].0];
            path.clear();
            let mut dec = Decoder::with_ip(bitness, &r.bytes[off..], start, DecoderOptions::NONE);
            loop {
                if !maps[mi].2.test_and_set(off) {
                    break; // already decoded from here on
                }
                dec.decode_out(&mut ins);
                if ins.is_invalid() {
                    // Not code after all; leave the bit set (the sweep
                    // cannot have an instruction there either).
                    break;
                }
                let next = ins.next_ip();
                if let Some(p) = code_pointer(&ins, bitness) {
                    let at_start = find(p, &maps).is_some_and(|(m, o)| maps[m].1.get(o));
                    if at_start {
                        pointers.push(p);
                        work.push(p);
                    }
                }
                let flow = ins.flow_control();
                if matches!(
                    flow,
                    FlowControl::ConditionalBranch
                        | FlowControl::Call
                        | FlowControl::UnconditionalBranch
                ) {
                    if let Some(t) = near_target(&ins) {
                        branches.push(Branch {
                            from: ins.ip(),
                            to: t,
                            call: flow == FlowControl::Call,
                        });
                        work.push(t);
                    }
                }
                match flow {
                    FlowControl::Next
                    | FlowControl::XbeginXabortXend
                    | FlowControl::ConditionalBranch
                    | FlowControl::Call
                    | FlowControl::IndirectCall => {}
                    FlowControl::UnconditionalBranch => break,
                    FlowControl::Interrupt => {
                        if ins.mnemonic() == iced_x86::Mnemonic::Int3 {
                            break;
                        }
                    }
                    FlowControl::IndirectBranch => {
                        if tables < MAX_TABLES {
                            tables += 1;
                            for t in jump_table(&path, &ins, image) {
                                if find(t, &maps).is_some_and(|(m, o)| maps[m].1.get(o)) {
                                    work.push(t);
                                } else {
                                    break;
                                }
                            }
                        }
                        break;
                    }
                    FlowControl::Return | FlowControl::Exception => break,
                }
                if path.len() == PATH {
                    path.remove(0);
                }
                path.push(ins);
                off += ins.len();
                if off >= r.bytes.len() || next != r.va + off as u64 {
                    break;
                }
            }
        }

        // Agreement.
        let mut agreed = 0;
        let mut out = Vec::with_capacity(maps.len());
        let mut sweep_maps = Vec::with_capacity(maps.len());
        for (ri, lin, rec) in maps {
            let mut both = lin.clone();
            both.and(&rec);
            agreed += both.count();
            out.push((ri, both));
            sweep_maps.push(lin);
        }
        let mut code = Code {
            maps: out,
            sweep_maps,
            branches: Vec::new(),
            call_targets: Vec::new(),
            pointers: Vec::new(),
            swept,
            agreed,
        };
        pointers.retain(|&p| code.is_agreed(image, p));
        pointers.sort_unstable();
        pointers.dedup();
        code.pointers = pointers;
        branches.retain(|b| code.is_agreed(image, b.from));
        let mut call_targets: Vec<u64> = branches.iter().filter(|b| b.call).map(|b| b.to).collect();
        call_targets.sort_unstable();
        call_targets.dedup();
        code.branches = branches;
        code.call_targets = call_targets;
        code
    }

    /// The map of the executable region holding `va`, with the offset.
    pub fn locate(&self, image: &Image<'_>, va: u64) -> Option<(usize, usize)> {
        let i = self
            .maps
            .partition_point(|m| image.regions[m.0].va <= va)
            .checked_sub(1)?;
        let r = &image.regions[self.maps[i].0];
        let off = va - r.va;
        (off < r.bytes.len() as u64).then_some((i, off as usize))
    }

    /// Whether both decodings start an instruction at `va`.
    pub fn is_agreed(&self, image: &Image<'_>, va: u64) -> bool {
        self.locate(image, va)
            .is_some_and(|(i, off)| self.maps[i].1.get(off))
    }

    /// Calls `f` with every agreed instruction in `[start, end)`, in address order.
    pub fn for_each_in(
        &self,
        image: &Image<'_>,
        start: u64,
        end: u64,
        mut f: impl FnMut(&Instruction),
    ) {
        let Some((mi, first)) = self.locate(image, start) else {
            return;
        };
        let (ri, bits) = &self.maps[mi];
        let r = &image.regions[*ri];
        let stop = end.saturating_sub(r.va).min(r.bytes.len() as u64) as usize;
        let mut dec = Decoder::with_ip(image.bitness, r.bytes, r.va, DecoderOptions::NONE);
        let mut ins = Instruction::default();
        let mut at = first;
        while let Some(pos) = bits.next_set(at, stop) {
            let _ = dec.set_position(pos);
            dec.set_ip(r.va + pos as u64);
            dec.decode_out(&mut ins);
            f(&ins);
            at = pos + ins.len().max(1);
        }
    }

    /// The instruction the linear sweep starts at `va`, decoded, whether
    /// or not the descent agrees.
    pub fn decode_swept_at(&self, image: &Image<'_>, va: u64) -> Option<Instruction> {
        let (i, off) = self.locate(image, va)?;
        if !self.sweep_maps[i].get(off) {
            return None;
        }
        let (r, off) = image.region_of(va)?;
        let mut dec = Decoder::with_ip(image.bitness, &r.bytes[off..], va, DecoderOptions::NONE);
        Some(dec.decode())
    }

    /// The agreed instruction at `va`, decoded.
    pub fn decode_at(&self, image: &Image<'_>, va: u64) -> Option<Instruction> {
        if !self.is_agreed(image, va) {
            return None;
        }
        let (r, off) = image.region_of(va)?;
        let mut dec = Decoder::with_ip(image.bitness, &r.bytes[off..], va, DecoderOptions::NONE);
        Some(dec.decode())
    }
}

/// Instructions of the current path kept for reading a jump table.
const PATH: usize = 16;
/// Jump tables read at most (each at most [`MAX_CASES`] entries).
const MAX_TABLES: usize = 1 << 16;
/// Entries read from one jump table when no bound check precedes the jump.
const MAX_CASES: u64 = 512;

/// The targets of the jump table an indirect `jmp` goes through, in table
/// order (the caller stops at the first that does not start an instruction
/// of the sweep). Rather than one compiler's instruction shape, every
/// address the path's last instructions name (a RIP-relative `lea` or
/// operand, an absolute displacement or immediate) is tried as a table of
/// absolute pointers, of 32-bit offsets from the table (gcc's PIC tables)
/// and of 32-bit offsets from the image base (MSVC x64); the first reading
/// whose first two entries (one if the bound says one) land in code wins.
/// The entry count is a `cmp _, n` on the path plus one, else at most
/// [`MAX_CASES`].
fn jump_table(path: &[Instruction], jmp: &Instruction, image: &Image<'_>) -> Vec<u64> {
    use iced_x86::{Mnemonic, Register};
    // The guard: `cmp index, n` then an unsigned `ja`/`jae` (to the default case).
    let bound = path
        .windows(2)
        .rev()
        .find(|w| {
            w[0].mnemonic() == Mnemonic::Cmp
                && is_imm(w[0].op1_kind())
                && matches!(
                    w[1].mnemonic(),
                    Mnemonic::Ja | Mnemonic::Jae | Mnemonic::Jb | Mnemonic::Jbe
                )
        })
        .map_or(MAX_CASES, |w| {
            (w[0].immediate(1) & 0xffff_ffff)
                .saturating_add(1)
                .min(4096)
        });
    // Registers holding constants along the path: a PC thunk's return
    // address plus the GOT offset (32-bit PIC), a RIP-relative `lea`.
    let mut regs: [Option<u64>; 16] = [None; 16];
    let gpr = |r: Register| super::flow::gpr(r).map(|(i, _)| i);
    let mut bases: Vec<u64> = Vec::new();
    let mut origins: Vec<u64> = Vec::new();
    for i in path.iter().chain(core::iter::once(jmp)) {
        let has_mem = (0..i.op_count()).any(|k| i.op_kind(k) == OpKind::Memory);
        if i.is_ip_rel_memory_operand() {
            bases.push(i.ip_rel_memory_address());
        } else if has_mem {
            // `[table + index*4]`, `[got + index*4 + off]`, or the GOT as
            // the index with scale 1 (`[eax + ebx - off]`).
            let known = |r: Register| gpr(r).and_then(|r| regs[r]);
            let base = match i.memory_base() {
                Register::None if i.memory_displ_size() >= 4 => Some(0),
                Register::None => None,
                b => known(b),
            };
            let index = (i.memory_index_scale() == 1)
                .then(|| known(i.memory_index()))
                .flatten();
            for b in [base, index].into_iter().flatten() {
                bases.push(b.wrapping_add(i.memory_displacement64()) & mask(image.bitness));
            }
        }
        for k in 0..i.op_count() {
            if matches!(
                i.op_kind(k),
                OpKind::Immediate32 | OpKind::Immediate32to64 | OpKind::Immediate64
            ) {
                bases.push(i.immediate(k));
            }
        }
        // Track constants in registers.
        let dst = (i.op_count() > 0 && i.op0_kind() == OpKind::Register)
            .then(|| gpr(i.op0_register()))
            .flatten();
        match i.mnemonic() {
            Mnemonic::Call => {
                let next = i.next_ip();
                for r in [0, 1, 2] {
                    regs[r] = None;
                }
                if let Some(r) = pc_thunk(image, i.near_branch_target()) {
                    regs[r] = Some(next);
                    origins.push(next);
                }
            }
            Mnemonic::Cmp | Mnemonic::Test | Mnemonic::Push => {}
            Mnemonic::Add if is_imm(i.op1_kind()) => {
                if let Some(d) = dst {
                    regs[d] = regs[d].map(|v| v.wrapping_add(i.immediate(1)) & mask(image.bitness));
                    origins.extend(regs[d]);
                }
            }
            Mnemonic::Lea if i.is_ip_rel_memory_operand() => {
                if let Some(d) = dst {
                    regs[d] = Some(i.ip_rel_memory_address());
                    origins.push(i.ip_rel_memory_address());
                }
            }
            _ => {
                if let Some(d) = dst {
                    regs[d] = None;
                }
            }
        }
    }
    let image_base = image.regions.first().map_or(0, |r| r.va & !0xffff);
    let in_code = |t: u64| image.is_code(t);
    let read = |va: u64, n: usize| -> Option<u64> {
        let b = image.bytes_at(va, n)?;
        let mut w = [0u8; 8];
        w[..n].copy_from_slice(b);
        Some(u64::from_le_bytes(w))
    };
    let ptr = if image.bitness == 32 { 4 } else { 8 };
    for &table in bases.iter().rev() {
        if image.region_of(table).is_none() {
            continue;
        }
        // (entry size, what a 32-bit entry is added to; None: absolute)
        let mut readings: Vec<(usize, Option<u64>, bool)> = alloc::vec![
            (ptr, None, false),
            (4, Some(table), true),
            (4, Some(image_base), false)
        ];
        readings.extend(origins.iter().map(|&o| (4, Some(o), true)));
        for (size, origin, signed) in readings {
            let target = |e: u64| match origin {
                None => e,
                Some(o) if signed => {
                    o.wrapping_add(e as u32 as i32 as i64 as u64) & mask(image.bitness)
                }
                Some(o) => o.wrapping_add(e & 0xffff_ffff),
            };
            let mut out = Vec::new();
            for k in 0..bound {
                let Some(e) = read(table.wrapping_add(k * size as u64), size) else {
                    break;
                };
                let t = target(e);
                if !in_code(t) {
                    break;
                }
                out.push(t);
            }
            if out.len() >= 2.min(bound as usize) && !out.is_empty() {
                return out;
            }
        }
    }
    Vec::new()
}

fn mask(bitness: u32) -> u64 {
    if bitness == 32 {
        u64::from(u32::MAX)
    } else {
        u64::MAX
    }
}

/// The register a PC thunk at `va` (`mov r32, [esp]; ret`) loads.
fn pc_thunk(image: &Image<'_>, va: u64) -> Option<usize> {
    let bytes = image.bytes_at(va, 4)?;
    if image.bitness != 32 || !image.is_code(va) {
        return None;
    }
    let mut dec = Decoder::with_ip(32, bytes, va, DecoderOptions::NONE);
    let first = dec.decode();
    let second = dec.decode();
    let loads_sp = first.mnemonic() == iced_x86::Mnemonic::Mov
        && first.op_count() == 2
        && first.op1_kind() == OpKind::Memory
        && first.memory_base() == iced_x86::Register::ESP
        && first.memory_index() == iced_x86::Register::None
        && first.memory_displacement64() == 0;
    if !loads_sp || second.mnemonic() != iced_x86::Mnemonic::Ret {
        return None;
    }
    super::flow::gpr(first.op0_register()).map(|(r, _)| r)
}

fn is_imm(k: OpKind) -> bool {
    matches!(
        k,
        OpKind::Immediate8
            | OpKind::Immediate8to16
            | OpKind::Immediate8to32
            | OpKind::Immediate8to64
            | OpKind::Immediate16
            | OpKind::Immediate32
            | OpKind::Immediate32to64
    )
}

/// A code address an instruction takes as a value: a RIP-relative `lea`,
/// or in 32-bit code a `push imm32` / `mov r32, imm32`. The caller checks
/// that it starts an instruction of the sweep.
fn code_pointer(ins: &Instruction, bitness: u32) -> Option<u64> {
    use iced_x86::Mnemonic;
    match ins.mnemonic() {
        Mnemonic::Lea if ins.is_ip_rel_memory_operand() => Some(ins.ip_rel_memory_address()),
        Mnemonic::Push | Mnemonic::Mov if bitness == 32 => (0..ins.op_count())
            .find(|&i| ins.op_kind(i) == OpKind::Immediate32)
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
