//! Instruction boundaries, found twice: a linear sweep of every executable
//! region, and a recursive descent from the entry point, the function
//! symbols, the relocated code pointers and every direct call target. An
//! instruction counts only where both decodings start one (SPEC 10): bytes
//! that the sweep reads as an instruction but control flow never reaches
//! (data in code, an overlapping-instruction trick) are not code.

use alloc::vec::Vec;

use iced_x86::{Decoder, DecoderOptions, Instruction};

use super::bits::Bits;
use super::descent::{Branch, Descent, RegionMaps};
use super::image::Image;

/// The agreed instruction starts of every executable region.
#[derive(Debug)]
pub(crate) struct Code {
    /// Index into `Image::regions` of each executable region, with its map.
    pub maps: Vec<(usize, Bits)>,
    /// The linear sweep's own starts, region by region as `maps`.
    pub(super) sweep_maps: Vec<Bits>,
    /// Direct branches from agreed instructions.
    pub branches: Vec<Branch>,
    /// Targets of direct calls from agreed instructions (sorted, unique).
    pub call_targets: Vec<u64>,
    /// Code addresses taken by instructions (`lea rdi, [rip + main]`,
    /// `push offset callback`) that start agreed instructions: function
    /// pointers, so function starts (sorted, unique).
    pub pointers: Vec<u64>,
    /// Targets of the jump tables read, and the relocated entries of the
    /// tables unbounded dispatches read (labels, not functions).
    pub table_targets: Vec<u64>,
    /// Calls that never return (sorted).
    pub noreturn_calls: Vec<u64>,
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
                pos += ins.len();
            }
            // A data object the symbol table places here holds no code.
            for &(s, e) in &image.data_in_code {
                let from = s.saturating_sub(r.va).min(r.bytes.len() as u64) as usize;
                let to = e.saturating_sub(r.va).min(r.bytes.len() as u64) as usize;
                for i in from..to {
                    lin.clear(i);
                }
            }
        }

        // Recursive descent (which also corrects the sweep around jump
        // tables inside code).
        let mut work: Vec<u64> = Vec::new();
        work.extend_from_slice(roots);
        work.extend(image.info.entry);
        work.extend(image.symbols.iter().map(|s| s.va));
        work.extend_from_slice(&image.pointers);
        work.extend_from_slice(&image.unwind_starts);
        let maps = maps
            .into_iter()
            .map(|(region, sweep, descent)| RegionMaps {
                region,
                sweep,
                descent,
            })
            .collect();
        let mut d = Descent::new(image, maps);
        d.run(work);
        let Descent {
            maps,
            mut branches,
            mut pointers,
            mut table_targets,
            mut noreturn_calls,
            mut dispatch_tables,
            ..
        } = d;
        // The relocated entries of the tables an unbounded dispatch reads
        // are labels of the dispatching function.
        dispatch_tables.sort_unstable();
        dispatch_tables.dedup();
        let ptr = if image.bitness == 32 { 4 } else { 8 };
        for &(t, _) in dispatch_tables.iter() {
            let mut at = image.pointer_slots.partition_point(|&(s, _)| s < t);
            let mut slot = t;
            while let Some(&(s, target)) = image.pointer_slots.get(at) {
                if s != slot {
                    break;
                }
                table_targets.push(target);
                slot += ptr;
                at += 1;
            }
        }
        table_targets.sort_unstable();
        table_targets.dedup();
        noreturn_calls.sort_unstable();

        // Agreement.
        let mut agreed = 0;
        let mut out = Vec::with_capacity(maps.len());
        let mut sweep_maps = Vec::with_capacity(maps.len());
        let mut swept = 0;
        for RegionMaps {
            region: ri,
            sweep: lin,
            descent: rec,
        } in maps
        {
            swept += lin.count();
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
            table_targets,
            noreturn_calls,
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
        f: impl FnMut(&Instruction),
    ) {
        self.each_in(image, start, end, false, f);
    }

    /// Calls `f` with every instruction in `[start, end)` the linear sweep
    /// starts and the descent does not, in address order.
    pub fn for_each_swept_in(
        &self,
        image: &Image<'_>,
        start: u64,
        end: u64,
        f: impl FnMut(&Instruction),
    ) {
        self.each_in(image, start, end, true, f);
    }

    /// The agreed instructions of `[start, end)`, or (`sweep_only`) the
    /// sweep's that are not agreed.
    fn each_in(
        &self,
        image: &Image<'_>,
        start: u64,
        end: u64,
        sweep_only: bool,
        mut f: impl FnMut(&Instruction),
    ) {
        let Some((mi, first)) = self.locate(image, start) else {
            return;
        };
        let (ri, agreed) = &self.maps[mi];
        let bits = if sweep_only {
            &self.sweep_maps[mi]
        } else {
            agreed
        };
        let r = &image.regions[*ri];
        let stop = end.saturating_sub(r.va).min(r.bytes.len() as u64) as usize;
        let mut dec = Decoder::with_ip(image.bitness, r.bytes, r.va, DecoderOptions::NONE);
        let mut ins = Instruction::default();
        let mut at = first;
        while let Some(pos) = bits.next_set(at, stop) {
            if sweep_only && agreed.get(pos) {
                at = pos + 1;
                continue;
            }
            // Consecutive instructions need no repositioning.
            if pos != dec.position() {
                let _ = dec.set_position(pos);
                dec.set_ip(r.va + pos as u64);
            }
            dec.decode_out(&mut ins);
            f(&ins);
            at = pos + ins.len().max(1);
        }
    }

    /// The runs of code only the linear sweep decodes: maximal stretches of
    /// sweep instruction starts none of which the descent agrees on, as
    /// `[start, end)` (end = the next agreed start or the region's end),
    /// in address order.
    pub fn sweep_only_runs(&self, image: &Image<'_>) -> Vec<(u64, u64)> {
        let mut out = Vec::new();
        for ((ri, agreed), sweep) in self.maps.iter().zip(&self.sweep_maps) {
            let r = &image.regions[*ri];
            let len = r.bytes.len();
            let mut at = 0;
            let mut open: Option<usize> = None;
            while let Some(pos) = sweep.next_set(at, len) {
                if agreed.get(pos) {
                    if let Some(start) = open.take() {
                        out.push((r.va + start as u64, r.va + pos as u64));
                    }
                } else if open.is_none() {
                    open = Some(pos);
                }
                at = pos + 1;
            }
            if let Some(start) = open {
                out.push((r.va + start as u64, r.va + len as u64));
            }
        }
        out
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
