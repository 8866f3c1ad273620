//! What only PE images (32 / 32+) have, read with `object`'s PE reader
//! (`Pe` is the NT headers type, 32 or 64 bits): code pointers from the
//! base relocations, the import address table slots of imports that
//! never return, and (PE32+) the function starts of the exception table.

use alloc::vec::Vec;

use object::read::pe::{ImageNtHeaders, PeFile};
use object::Object;

use super::layout::{Image, NORETURN};

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

/// The function starts a PE32+ image's exception table (`.pdata`) names:
/// the `BeginAddress` of every `RUNTIME_FUNCTION` whose unwind data is a
/// function's own. A chained entry (`UNW_FLAG_CHAININFO`, or unwind data
/// that points at another entry) is a part of a function MSVC laid out
/// apart, not a start. Sorted; at most 2^20 entries are read.
pub(super) fn unwind_starts(data: &[u8], image: &Image<'_>) -> Vec<u64> {
    /// The unwind flag of a chained entry (winnt.h).
    const UNW_FLAG_CHAININFO: u8 = 4;
    let mut out = Vec::new();
    let Ok(pe) = PeFile::<object::pe::ImageNtHeaders64>::parse(data) else {
        return out;
    };
    let base = pe.relative_address_base();
    let Some(dir) = pe
        .data_directories()
        .get(object::pe::IMAGE_DIRECTORY_ENTRY_EXCEPTION)
    else {
        return out;
    };
    let Ok(table) = dir.data(data, &pe.section_table()) else {
        return out;
    };
    let u32_at = |b: &[u8], i: usize| -> Option<u32> {
        Some(u32::from_le_bytes(b.get(i..i + 4)?.try_into().ok()?))
    };
    for entry in table.chunks_exact(12).take(1 << 20) {
        let (Some(begin), Some(unwind)) = (u32_at(entry, 0), u32_at(entry, 8)) else {
            break;
        };
        if unwind & 1 == 1 {
            continue;
        }
        let Some(info) = image.bytes_at(base + u64::from(unwind), 1) else {
            continue;
        };
        // UNWIND_INFO: version in bits 0-2, flags in bits 3-7.
        if info[0] >> 3 & UNW_FLAG_CHAININFO != 0 {
            continue;
        }
        let va = base + u64::from(begin);
        if image.is_code(va) {
            out.push(va);
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}
