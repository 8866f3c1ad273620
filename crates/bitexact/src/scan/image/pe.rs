//! What only PE images (32 / 32+) have, read with `object`'s PE reader
//! (`Pe` is the NT headers type, 32 or 64 bits): code pointers from the
//! base relocations, and the import address table slots of imports that
//! never return.

use alloc::vec::Vec;

use object::read::pe::{ImageNtHeaders, PeFile};
use object::Object;

use super::{Image, NORETURN};

/// Code pointers named by the PE base relocations.
pub(super) fn pointers<Pe: ImageNtHeaders>(data: &[u8], image: &Image<'_>) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    let Ok(pe) = PeFile::<Pe>::parse(data) else {
        return out;
    };
    let base = pe.relative_address_base();
    let Ok(Some(blocks)) = pe
        .data_directories()
        .relocation_blocks(data, &pe.section_table())
    else {
        return out;
    };
    for block in blocks {
        let Ok(block) = block else { break };
        for reloc in block {
            let va = base.wrapping_add(u64::from(reloc.virtual_address));
            if let Some(p) = image.pointer_at(va) {
                if image.is_code(p) {
                    out.push((va, p));
                }
            }
        }
    }
    out
}

/// The IAT slots of imports that never return.
pub(super) fn noreturn_slots<Pe: ImageNtHeaders>(data: &[u8]) -> Vec<u64> {
    use object::read::pe::Import;
    use object::LittleEndian as LE;
    let mut out = Vec::new();
    let Ok(pe) = PeFile::<Pe>::parse(data) else {
        return out;
    };
    let base = pe.relative_address_base();
    let Ok(Some(table)) = pe.import_table() else {
        return out;
    };
    let Ok(mut descriptors) = table.descriptors() else {
        return out;
    };
    let size: u64 = if pe.is_64() { 8 } else { 4 };
    while let Ok(Some(d)) = descriptors.next() {
        let first = d.first_thunk.get(LE);
        let names = match d.original_first_thunk.get(LE) {
            0 => first,
            o => o,
        };
        let Ok(mut thunks) = table.thunks(names) else {
            continue;
        };
        let mut k = 0u64;
        while let Ok(Some(t)) = thunks.next::<Pe>() {
            if let Ok(Import::Name(_, name)) = table.import::<Pe>(t) {
                if NORETURN.contains(&name) {
                    out.push(base + u64::from(first) + k * size);
                }
            }
            k += 1;
            if k > 1 << 16 {
                break;
            }
        }
    }
    out.sort_unstable();
    out
}
