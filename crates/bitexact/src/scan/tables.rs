//! Jump tables: where an indirect `jmp` of a `switch` goes. The cases of a
//! switch are reached only through its table, so the descent reads the
//! table to reach them — exactly as many entries as the bound check before
//! the jump allows, and none when no bound check is found (the cases then
//! stay unreached, and their constants are reported as `sweep_only` data).

use alloc::vec::Vec;

use iced_x86::{Decoder, DecoderOptions, FlowControl, Instruction, Mnemonic, OpKind, Register};

use super::image::Image;

/// Instructions of the current path kept for reading a jump table.
pub(crate) const PATH: usize = 24;
/// Jump tables read at most in one image.
pub(crate) const MAX_TABLES: usize = 1 << 16;
/// Entries of one table at most.
const MAX_CASES: u64 = 4096;

/// A jump table read: where it lies, its entry size, its targets in order.
#[derive(Debug)]
pub(crate) struct Table {
    pub va: u64,
    pub entry: usize,
    pub targets: Vec<u64>,
}

/// A place the index of a switch passes through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Loc {
    Reg(Register),
    /// `[base + disp]`, no index (a local, a spilled argument).
    Mem(Register, u64),
}

fn full(r: Register) -> Register {
    r.full_register()
}

fn mem_loc(i: &Instruction) -> Option<Loc> {
    (i.memory_index() == Register::None
        && i.memory_base() != Register::None
        && !i.is_ip_rel_memory_operand())
    .then(|| Loc::Mem(full(i.memory_base()), i.memory_displacement64()))
}

fn op_loc(i: &Instruction, k: u32) -> Option<Loc> {
    match i.op_kind(k) {
        OpKind::Register => Some(Loc::Reg(full(i.op_register(k)))),
        OpKind::Memory => mem_loc(i),
        _ => None,
    }
}

/// Whether `k` is an immediate operand of any width.
pub(crate) fn is_imm(k: OpKind) -> bool {
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

fn mask(bitness: u32) -> u64 {
    if bitness == 32 {
        u64::from(u32::MAX)
    } else {
        u64::MAX
    }
}

/// The instruction that loads the jump's target from the table: the jump
/// itself (`jmp [table + i*4]`), or the load its register comes from
/// (`movsxd rax, [rdx + rdi*4]; add rax, rdx; jmp rax`), as an index into
/// `path` (`path.len()` for the jump).
fn table_load(path: &[Instruction], jmp: &Instruction) -> Option<usize> {
    if jmp.op0_kind() == OpKind::Memory {
        return Some(path.len());
    }
    if jmp.op0_kind() != OpKind::Register {
        return None;
    }
    let mut reg = full(jmp.op0_register());
    for (at, i) in path.iter().enumerate().rev() {
        // (`cdqe` sign-extends eax into the same rax: no change of register.)
        if i.op_count() == 0 || i.op0_kind() != OpKind::Register || full(i.op0_register()) != reg {
            continue;
        }
        match i.mnemonic() {
            Mnemonic::Mov | Mnemonic::Movsxd | Mnemonic::Movzx | Mnemonic::Movsx => {
                match i.op1_kind() {
                    OpKind::Memory if !i.is_ip_rel_memory_operand() => return Some(at),
                    OpKind::Register => reg = full(i.op1_register()),
                    _ => return None,
                }
            }
            // The entry added to its origin in the register (32-bit PIC:
            // `add eax, [eax + edx*4 - off]`): this is the load.
            Mnemonic::Add if i.op1_kind() == OpKind::Memory && !i.is_ip_rel_memory_operand() => {
                return Some(at)
            }
            // The entry plus its origin (the table, the GOT, the image base).
            Mnemonic::Add => {}
            _ => return None,
        }
    }
    None
}

/// How many entries the bound check on the index allows: walking back from
/// the table load, the index's register (or a register or local it was
/// copied or scaled from) compared with `n` and branched on by the first
/// jump after the compare, past instructions that leave the flags alone
/// (gcc may load the index again in between) — `ja` / `jbe` allow `n + 1`
/// entries, `jae` / `jb` allow `n` — or masked with `and index, 2^k - 1`.
fn bound(path: &[Instruction], load: usize, load_ins: &Instruction) -> Option<u64> {
    let mut locs: Vec<Loc> = Vec::new();
    for r in [load_ins.memory_base(), load_ins.memory_index()] {
        if r != Register::None && r != Register::RIP && r != Register::EIP {
            locs.push(Loc::Reg(full(r)));
        }
    }
    for at in (0..load).rev() {
        let i = &path[at];
        if i.mnemonic() == Mnemonic::Cmp && is_imm(i.op1_kind()) {
            let Some(l) = op_loc(i, 0) else { continue };
            if !locs.contains(&l) {
                continue;
            }
            let n = i.immediate(1) & 0xffff_ffff;
            // The first jump after the compare, past instructions that
            // leave the flags alone (the index's own load, an address).
            let Some(jcc) = path[at + 1..load]
                .iter()
                .find(|j| j.rflags_modified() != 0 || j.flow_control() != FlowControl::Next)
            else {
                continue;
            };
            return match jcc.mnemonic() {
                Mnemonic::Ja | Mnemonic::Jbe | Mnemonic::Jg | Mnemonic::Jle => Some(n + 1),
                Mnemonic::Jae | Mnemonic::Jb | Mnemonic::Jge | Mnemonic::Jl => Some(n),
                _ => None,
            }
            .filter(|&n| n > 0 && n <= MAX_CASES);
        }
        let Some(dst) = (i.op_count() > 0).then(|| op_loc(i, 0)).flatten() else {
            continue;
        };
        let Some(pos) = locs.iter().position(|&l| l == dst) else {
            continue;
        };
        match i.mnemonic() {
            Mnemonic::Cmp | Mnemonic::Test | Mnemonic::Push => {}
            Mnemonic::And if is_imm(i.op1_kind()) => {
                let m = i.immediate(1) & 0xffff_ffff;
                return (m < MAX_CASES && (m + 1).is_power_of_two()).then_some(m + 1);
            }
            // Copies and extensions: the index came from the source.
            Mnemonic::Mov | Mnemonic::Movsxd | Mnemonic::Movzx | Mnemonic::Movsx => {
                match op_loc(i, 1) {
                    Some(src) => locs[pos] = src,
                    None => {
                        locs.remove(pos);
                    }
                }
            }
            // Scaling and biasing keep the index where it is.
            Mnemonic::Shl | Mnemonic::Sal | Mnemonic::Add | Mnemonic::Sub | Mnemonic::Cdqe
                if i.mnemonic() == Mnemonic::Cdqe || is_imm(i.op1_kind()) => {}
            Mnemonic::Lea
                if i.memory_index() != Register::None && !i.is_ip_rel_memory_operand() =>
            {
                locs[pos] = Loc::Reg(full(i.memory_index()));
            }
            _ => {
                locs.remove(pos);
            }
        }
        if locs.is_empty() {
            return None;
        }
    }
    None
}

/// The register a PC thunk at `va` (`mov r32, [esp]; ret`) loads.
pub(crate) fn pc_thunk(image: &Image<'_>, va: u64) -> Option<usize> {
    let bytes = image.bytes_at(va, 4)?;
    if image.bitness != 32 || !image.is_code(va) {
        return None;
    }
    let mut dec = Decoder::with_ip(32, bytes, va, DecoderOptions::NONE);
    let first = dec.decode();
    let second = dec.decode();
    let loads_sp = first.mnemonic() == Mnemonic::Mov
        && first.op_count() == 2
        && first.op1_kind() == OpKind::Memory
        && first.memory_base() == Register::ESP
        && first.memory_index() == Register::None
        && first.memory_displacement64() == 0;
    if !loads_sp || second.mnemonic() != Mnemonic::Ret {
        return None;
    }
    super::flow::gpr(first.op0_register()).map(|(r, _)| r)
}

/// The jump table an indirect `jmp` goes through, when the path before it
/// shows the load and the bound. Rather than one compiler's instruction
/// shape, every address the path names (a RIP-relative `lea` or operand, an
/// absolute displacement or immediate, `[got + off]` after a PC thunk) is
/// tried as a table of absolute pointers, of 32-bit offsets from the table
/// (gcc's PIC tables), from a register the path set (the GOT), or from the
/// image base (MSVC x64); the first reading whose entries *all* land in code
/// wins.
pub(crate) fn jump_table(
    path: &[Instruction],
    jmp: &Instruction,
    image: &Image<'_>,
) -> Option<Table> {
    let load = table_load(path, jmp)?;
    let load_ins = path.get(load).unwrap_or(jmp);
    let count = bound(path, load, load_ins)?;
    let bits = image.bitness;
    let (bases, origins) = addresses(path, jmp, image);
    let image_base = image.regions.first().map_or(0, |r| r.va & !0xffff);
    let ptr = if bits == 32 { 4 } else { 8 };
    for &table in bases.iter().rev() {
        if image.region_of(table).is_none() {
            continue;
        }
        // (entry size, what an entry is added to — None: absolute —, signed)
        let mut readings: Vec<(usize, Option<u64>, bool)> = alloc::vec![
            (ptr, None, false),
            (4, Some(table), true),
            (4, Some(image_base), false)
        ];
        readings.extend(origins.iter().map(|&o| (4, Some(o), true)));
        for (size, origin, signed) in readings {
            let target = |e: u64| match origin {
                None => e,
                Some(o) if signed => o.wrapping_add(e as u32 as i32 as i64 as u64) & mask(bits),
                Some(o) => o.wrapping_add(e & 0xffff_ffff),
            };
            let targets: Option<Vec<u64>> = (0..count)
                .map(|k| {
                    image
                        .read_le(table.wrapping_add(k * size as u64), size)
                        .map(target)
                        .filter(|&t| image.is_code(t))
                })
                .collect();
            if let Some(targets) = targets {
                return Some(Table {
                    va: table,
                    entry: size,
                    targets,
                });
            }
        }
    }
    None
}

/// The addresses the path before an indirect jump names (candidate table
/// addresses), and the constants it leaves in registers (candidate origins
/// of relative entries: the GOT from a PC thunk, a `lea`'d table).
fn addresses(path: &[Instruction], jmp: &Instruction, image: &Image<'_>) -> (Vec<u64>, Vec<u64>) {
    let bits = image.bitness;
    let mut regs = ConstRegs::new(bits);
    let mut bases: Vec<u64> = Vec::new();
    let mut origins: Vec<u64> = Vec::new();
    for i in path.iter().chain(core::iter::once(jmp)) {
        if i.is_ip_rel_memory_operand() {
            bases.push(i.ip_rel_memory_address());
        } else if (0..i.op_count()).any(|k| i.op_kind(k) == OpKind::Memory) {
            // `[table + index*4]`, `[got + index*4 + off]`, or the GOT as the
            // index with scale 1 (`[eax + ebx - off]`).
            let base = match i.memory_base() {
                Register::None if i.memory_displ_size() >= 4 => Some(0),
                Register::None => None,
                b => regs.get(b),
            };
            let index = (i.memory_index_scale() == 1)
                .then(|| regs.get(i.memory_index()))
                .flatten();
            for b in [base, index].into_iter().flatten() {
                bases.push(b.wrapping_add(i.memory_displacement64()) & mask(bits));
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
        origins.extend(regs.step(i, &mut |t| pc_thunk(image, t)));
    }
    (bases, origins)
}

/// The general registers that hold a known constant along one path: a PC
/// thunk's return address and what is added to it (32-bit PIC's GOT
/// pointer), a RIP-relative `lea`, their copies. Calls clobber the
/// caller-saved `eax`, `ecx`, `edx`; any other write makes a register
/// unknown. Used by the descent (callbacks taken as `lea r, [got + off]`)
/// and by the jump-table reader (tables off the GOT).
#[derive(Debug, Clone, Copy)]
pub(crate) struct ConstRegs {
    regs: [Option<u64>; 16],
    mask: u64,
}

impl ConstRegs {
    pub fn new(bitness: u32) -> Self {
        ConstRegs {
            regs: [None; 16],
            mask: mask(bitness),
        }
    }

    /// The constant `r` holds, if known.
    pub fn get(&self, r: Register) -> Option<u64> {
        super::flow::gpr(r).and_then(|(i, _)| self.regs[i])
    }

    /// The code address a `lea r, [base + disp]` takes off a register
    /// holding a constant (before [`Self::step`] applies it).
    pub fn lea_target(&self, ins: &Instruction) -> Option<u64> {
        (ins.mnemonic() == Mnemonic::Lea && ins.memory_index() == Register::None)
            .then(|| self.get(ins.memory_base()))
            .flatten()
            .map(|b| b.wrapping_add(ins.memory_displacement64()) & self.mask)
    }

    /// Applies `ins` (`thunk` says which register a call target, if a PC
    /// thunk, loads); returns the constant a call, an add or a `lea` put
    /// in a register.
    pub fn step(
        &mut self,
        ins: &Instruction,
        thunk: &mut dyn FnMut(u64) -> Option<usize>,
    ) -> Option<u64> {
        let dst = (ins.op_count() > 0 && ins.op0_kind() == OpKind::Register)
            .then(|| super::flow::gpr(ins.op0_register()).map(|(i, _)| i))
            .flatten();
        match ins.mnemonic() {
            Mnemonic::Call => {
                for r in [0, 1, 2] {
                    self.regs[r] = None;
                }
                let r = matches!(ins.op0_kind(), OpKind::NearBranch32 | OpKind::NearBranch64)
                    .then(|| thunk(ins.near_branch_target()))
                    .flatten()?;
                self.regs[r] = Some(ins.next_ip());
                self.regs[r]
            }
            Mnemonic::Cmp | Mnemonic::Test | Mnemonic::Push => None,
            Mnemonic::Add if is_imm(ins.op1_kind()) => {
                let d = dst?;
                self.regs[d] = self.regs[d].map(|v| v.wrapping_add(ins.immediate(1)) & self.mask);
                self.regs[d]
            }
            Mnemonic::Lea if ins.is_ip_rel_memory_operand() => {
                let d = dst?;
                self.regs[d] = Some(ins.ip_rel_memory_address());
                self.regs[d]
            }
            Mnemonic::Mov if ins.op1_kind() == OpKind::Register => {
                let d = dst?;
                self.regs[d] = self.get(ins.op1_register());
                None
            }
            _ => {
                if let Some(d) = dst {
                    self.regs[d] = None;
                }
                None
            }
        }
    }
}

/// The tables a dispatch `jmp` with no bound check may read (a computed
/// goto's labels): only when a load from memory feeds the jump.
pub(crate) fn dispatch_bases(
    path: &[Instruction],
    jmp: &Instruction,
    image: &Image<'_>,
) -> Vec<u64> {
    if table_load(path, jmp).is_none() {
        return Vec::new();
    }
    addresses(path, jmp, image).0
}

#[cfg(test)]
mod tests {
    use super::{bound, table_load};
    use iced_x86::{Decoder, DecoderOptions, Instruction};
    use std::vec::Vec;

    /// The bound of a switch on a byte in memory, as gcc -O2 -fPIC emits
    /// it (seen in Unicorn's softfloat): `cmp byte [rbp+1], 5`, two
    /// instructions that leave the flags alone, `ja`, the index loaded
    /// again from the same byte, a relative table. Bytes assembled by hand
    /// from the Intel manual's encodings.
    fn path(middle: &[u8]) -> (Vec<Instruction>, Instruction) {
        let mut bytes = std::vec![0x80, 0x7d, 0x01, 0x05]; // cmp byte [rbp+1], 5
        bytes.extend_from_slice(middle);
        bytes.extend_from_slice(&[0x0f, 0x87, 0x00, 0x01, 0x00, 0x00]); // ja +0x100
        bytes.extend_from_slice(&[0x0f, 0xb6, 0x55, 0x01]); // movzx edx, byte [rbp+1]
        bytes.extend_from_slice(&[0x48, 0x8d, 0x0d, 0x00, 0x10, 0x00, 0x00]); // lea rcx, [rip+0x1000]
        bytes.extend_from_slice(&[0x48, 0x63, 0x14, 0x91]); // movsxd rdx, [rcx+rdx*4]
        bytes.extend_from_slice(&[0x48, 0x01, 0xca]); // add rdx, rcx
        bytes.extend_from_slice(&[0xff, 0xe2]); // jmp rdx
        let mut all: Vec<Instruction> = Decoder::with_ip(64, &bytes, 0x1000, DecoderOptions::NONE)
            .into_iter()
            .collect();
        assert!(all.iter().all(|i| !i.is_invalid()));
        let jmp = all.pop().unwrap();
        (all, jmp)
    }

    #[test]
    fn bound_past_instructions_that_leave_the_flags() {
        // movzx edx, dl; lea rsi, [rdx + r11*2]
        let (p, jmp) = path(&[0x0f, 0xb6, 0xd2, 0x4a, 0x8d, 0x34, 0x5a]);
        let load = table_load(&p, &jmp).unwrap();
        assert_eq!(bound(&p, load, &p[load]), Some(6));
    }

    #[test]
    fn no_bound_when_the_flags_change_before_the_jump() {
        // movzx edx, dl; add esi, 1: the `ja` tests the add, not the compare.
        let (p, jmp) = path(&[0x0f, 0xb6, 0xd2, 0x83, 0xc6, 0x01]);
        let load = table_load(&p, &jmp).unwrap();
        assert_eq!(bound(&p, load, &p[load]), None);
    }
}
