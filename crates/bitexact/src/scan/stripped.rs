//! Function starts in a stripped image (issue 19): what an image without
//! symbols, and often without relocations, still shows of where its
//! functions begin, so that more descents reach code only the linear sweep
//! decoded.
//!
//! Every rule looks only at sweep instruction starts the descent has not
//! agreed on. A start *follows an end* when the sweep instruction right
//! before it does not fall through (`ret`, `jmp`, an indirect `jmp`, `ud2`)
//! or is padding (`nop` forms, `int3`, `lea r, [r]`), or it is the first of
//! its section; a *boundary* is such a
//! start that is also 16-aligned. Then:
//!
//! - a boundary that a direct call in sweep-only code targets is a root
//!   and a function start;
//! - a boundary whose first instruction is a prologue (`endbr64` /
//!   `endbr32`, a `push` of a callee-saved register, `sub rsp, imm`) is a
//!   root, and a function start where the call graph's own test for code
//!   pointers agrees: nothing falls into it, and no jump but a direct `jmp`
//!   (a tail call) leads there (a shrink-wrapped prologue after an early
//!   `ret` is a label);
//! - in an image whose relocations name no code pointer (non-PIE ELF, PE
//!   without base relocations), where a pointer stored in data is the
//!   address itself, a start following an end that an aligned pointer-sized
//!   word of a data section holds is a root, and a function start as a
//!   prologue is (a jump-table label after an indirect jump is not).
//!
//! Any other boundary is not a root: bytes after padding that nothing
//! calls, points at or opens like a function are not known to be code (a
//! table in `.text` may decode as a neat `and eax, imm; ret`), so dead code
//! without a prologue stays sweep-only.
//!
//! The rules run in rounds: each round's descent agrees on more code, whose
//! calls and pointers the next round sees, until a round adds nothing (at
//! most [`ROUNDS`]).

use alloc::vec::Vec;

use iced_x86::{Decoder, DecoderOptions};

use super::decode::Code;
use super::image::Image;
use super::prologue::{ends, is_prologue};

/// Rounds of rules and descent at most.
pub(crate) const ROUNDS: usize = 4;

/// Where the descent of a stripped image may start, beyond what the image
/// says itself. Each list sorted, unique, apart from the others.
#[derive(Debug, Default, Clone)]
pub(crate) struct Starts {
    /// Function starts.
    pub functions: Vec<u64>,
    /// Function starts only where the call graph's test for code pointers
    /// agrees (nothing falls or jumps into it but a direct `jmp`, which may
    /// be a tail call).
    pub pointers: Vec<u64>,
}

impl Starts {
    /// Every root, sorted, unique.
    pub fn roots(&self) -> Vec<u64> {
        let mut all: Vec<u64> = self
            .functions
            .iter()
            .chain(&self.pointers)
            .copied()
            .collect();
        all.sort_unstable();
        all.dedup();
        all
    }

    fn len(&self) -> usize {
        self.functions.len() + self.pointers.len()
    }

    fn merge(&mut self, other: Starts) {
        for (mine, theirs) in [
            (&mut self.functions, other.functions),
            (&mut self.pointers, other.pointers),
        ] {
            mine.extend(theirs);
            mine.sort_unstable();
            mine.dedup();
        }
        // Each start in the strongest list it is in.
        let functions = &self.functions;
        self.pointers
            .retain(|p| functions.binary_search(p).is_err());
    }
}

/// `code` (the first decoding of `image`) decoded again, round by round,
/// from the starts the rules find, with every start used. An image with a
/// symbol table gets `code` back and no starts: its symbols name the
/// functions, and a guess could only add data decoded as code.
pub(crate) fn decode(image: &Image<'_>, code: Code) -> (Code, Starts) {
    let mut all = Starts::default();
    if image.has_symtab {
        return (code, all);
    }
    let mut code = code;
    for _ in 0..ROUNDS {
        let before = all.len();
        all.merge(starts(image, &code, image.unrelocated));
        if all.len() == before {
            break;
        }
        code = Code::decode(image, &all.roots());
    }
    (code, all)
}

/// One round of the rules on `code`; `data_pointers`: also read the data
/// sections' words as code pointers.
fn starts(image: &Image<'_>, code: &Code, data_pointers: bool) -> Starts {
    use iced_x86::{FlowControl, Instruction, OpKind};
    let mut out = Starts::default();
    // Starts that follow an end, and which of them are boundaries.
    let mut after_end: Vec<(u64, bool)> = Vec::new();
    let mut called: Vec<u64> = Vec::new();
    for ((ri, agreed), sweep) in code.maps.iter().zip(&code.sweep_maps) {
        let r = &image.regions[*ri];
        let len = r.bytes.len();
        let mut dec = Decoder::with_ip(image.bitness, r.bytes, r.va, DecoderOptions::NONE);
        let mut ins = Instruction::default();
        // Where the previous sweep instruction ended, if it does not fall
        // through (nothing falls into a section's start).
        let mut end_at: Option<usize> = Some(0);
        let mut at = 0;
        while let Some(pos) = sweep.next_set(at, len) {
            if pos != dec.position() {
                let _ = dec.set_position(pos);
                dec.set_ip(r.va + pos as u64);
            }
            dec.decode_out(&mut ins);
            at = pos + ins.len().max(1);
            let va = r.va + pos as u64;
            let mine = !agreed.get(pos);
            if mine && end_at == Some(pos) {
                let boundary = va.is_multiple_of(16);
                after_end.push((va, boundary));
                if boundary && is_prologue(&ins) {
                    out.pointers.push(va);
                }
            }
            if mine
                && ins.flow_control() == FlowControl::Call
                && matches!(ins.op0_kind(), OpKind::NearBranch32 | OpKind::NearBranch64)
            {
                called.push(ins.near_branch_target());
            }
            end_at = ends(&ins).then_some(at);
        }
    }
    // Sweep-only calls into boundaries.
    called.sort_unstable();
    called.dedup();
    for t in called {
        if let Ok(k) = after_end.binary_search_by_key(&t, |a| a.0) {
            if after_end[k].1 {
                out.functions.push(t);
            }
        }
    }
    // Data words holding such starts.
    let ptr = if image.bitness == 64 { 8 } else { 4 };
    if data_pointers && !after_end.is_empty() {
        for r in image.regions.iter().filter(|r| !r.exec) {
            let skip = (ptr - (r.va % ptr as u64) as usize) % ptr;
            let Some(bytes) = r.bytes.get(skip..) else {
                continue;
            };
            for w in bytes.chunks_exact(ptr) {
                let mut b = [0u8; 8];
                b[..ptr].copy_from_slice(w);
                let v = u64::from_le_bytes(b);
                if after_end.binary_search_by_key(&v, |a| a.0).is_ok() {
                    out.pointers.push(v);
                }
            }
        }
    }
    for list in [&mut out.functions, &mut out.pointers] {
        list.sort_unstable();
        list.dedup();
    }
    out
}
