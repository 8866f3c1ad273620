//! What only ELF images (32 / 64) have: program headers standing in for
//! missing section headers, code pointers from the dynamic relocations
//! (`R_*_RELATIVE`), and the GOT slots of imports that never return.

use alloc::format;
use alloc::string::ToString;
use alloc::vec;
use alloc::vec::Vec;

use object::{Object, ObjectSegment, ObjectSymbol, SegmentFlags};

use super::layout::{Image, Region, NORETURN};
use crate::scan::report::ScanError;

/// The regions of an image without usable section headers: its loadable
/// segments (program headers), executable or not, as `object` lists them.
/// Fails when a segment lies outside the file.
pub(super) fn segment_regions<'a>(file: &object::File<'a>) -> Result<Vec<Region<'a>>, ScanError> {
    let mut regions = Vec::new();
    for segment in file.segments() {
        let SegmentFlags::Elf { p_flags, .. } = segment.flags() else {
            continue;
        };
        let Ok(bytes) = segment.data() else {
            return Err(ScanError::Malformed(
                "a segment lies outside the file (truncated image?)".to_string(),
            ));
        };
        if bytes.is_empty() || segment.address().checked_add(bytes.len() as u64).is_none() {
            continue;
        }
        regions.push(Region {
            va: segment.address(),
            bytes,
            name: format!("segment@{:#x}", segment.address()),
            exec: p_flags.contains(object::elf::PF_X),
            writable: p_flags.contains(object::elf::PF_W),
        });
    }
    Ok(regions)
}

/// Code pointers named by the ELF dynamic relocations (`R_*_RELATIVE`).
pub(super) fn pointers(file: &object::File<'_>, image: &Image<'_>) -> Vec<(u64, u64)> {
    let mut out = vec![];
    let Some(relocs) = file.dynamic_relocations() else {
        return out;
    };
    for (offset, reloc) in relocs {
        let object::RelocationFlags::Elf { r_type } = reloc.flags() else {
            continue;
        };
        // R_X86_64_RELATIVE and R_386_RELATIVE are both 8.
        let relative = r_type.0 == 8;
        if !relative {
            continue;
        }
        let target = if reloc.has_implicit_addend() {
            image.pointer_at(offset)
        } else {
            Some(reloc.addend() as u64)
        };
        if let Some(p) = target.filter(|&p| image.is_code(p)) {
            out.push((offset, p));
        }
    }
    out
}

/// The GOT slots (`R_*_JUMP_SLOT`, `R_*_GLOB_DAT`) of imports that
/// never return.
pub(super) fn noreturn_slots(file: &object::File<'_>) -> Vec<u64> {
    use object::{ObjectSymbolTable, RelocationTarget};
    let mut out = Vec::new();
    let (Some(relocs), Some(symbols)) = (file.dynamic_relocations(), file.dynamic_symbol_table())
    else {
        return out;
    };
    for (offset, reloc) in relocs {
        let object::RelocationFlags::Elf { r_type } = reloc.flags() else {
            continue;
        };
        // JUMP_SLOT is 7 and GLOB_DAT 6 on both x86-64 and i386.
        if r_type.0 != 6 && r_type.0 != 7 {
            continue;
        }
        let RelocationTarget::Symbol(index) = reloc.target() else {
            continue;
        };
        let Ok(sym) = symbols.symbol_by_index(index) else {
            continue;
        };
        if sym.name_bytes().is_ok_and(|n| NORETURN.contains(&n)) {
            out.push(offset);
        }
    }
    out.sort_unstable();
    out
}
