//! Jump tables: where an indirect `jmp` of a `switch` goes. The cases of a
//! switch are reached only through its table, so the descent reads the
//! table to reach them — exactly as many entries as the bound check before
//! the jump allows, and none when no bound check is found (the cases then
//! stay unreached, and their constants are reported as `sweep_only` data).

use alloc::vec::Vec;

use iced_x86::{Decoder, DecoderOptions, Instruction, Mnemonic, OpKind, Register};

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
/// copied or scaled from) compared with `n` and branched on — `ja` / `jbe`
/// allow `n + 1` entries, `jae` / `jb` allow `n` — or masked with
/// `and index, 2^k - 1`.
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
            let Some(jcc) = path.get(at + 1) else {
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
    let read = |va: u64, n: usize| -> Option<u64> {
        let b = image.bytes_at(va, n)?;
        let mut w = [0u8; 8];
        w[..n].copy_from_slice(b);
        Some(u64::from_le_bytes(w))
    };
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
                    read(table.wrapping_add(k * size as u64), size)
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
    // Constants in registers along the path, and the addresses it names.
    let mut regs: [Option<u64>; 16] = [None; 16];
    let gpr = |r: Register| super::flow::gpr(r).map(|(i, _)| i);
    let mut bases: Vec<u64> = Vec::new();
    let mut origins: Vec<u64> = Vec::new();
    for i in path.iter().chain(core::iter::once(jmp)) {
        if i.is_ip_rel_memory_operand() {
            bases.push(i.ip_rel_memory_address());
        } else if (0..i.op_count()).any(|k| i.op_kind(k) == OpKind::Memory) {
            // `[table + index*4]`, `[got + index*4 + off]`, or the GOT as the
            // index with scale 1 (`[eax + ebx - off]`).
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
        let dst = (i.op_count() > 0 && i.op0_kind() == OpKind::Register)
            .then(|| gpr(i.op0_register()))
            .flatten();
        match i.mnemonic() {
            Mnemonic::Call => {
                for r in [0, 1, 2] {
                    regs[r] = None;
                }
                if let Some(r) = pc_thunk(image, i.near_branch_target()) {
                    regs[r] = Some(i.next_ip());
                    origins.push(i.next_ip());
                }
            }
            Mnemonic::Cmp | Mnemonic::Test | Mnemonic::Push => {}
            Mnemonic::Add if is_imm(i.op1_kind()) => {
                if let Some(d) = dst {
                    regs[d] = regs[d].map(|v| v.wrapping_add(i.immediate(1)) & mask(bits));
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
    (bases, origins)
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
