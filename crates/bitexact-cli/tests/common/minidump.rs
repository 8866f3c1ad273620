//! A Windows minidump built by the tests from Microsoft's documented
//! layout: the `MINIDUMP_HEADER`, one stream directory entry
//! (`Memory64ListStream` = 9), the list (count, base RVA, then start and
//! size per range) and the ranges' bytes back to back.

/// The minidump of `regions` (start address, bytes), and the file offset
/// of the first range's bytes (the others follow it).
pub fn memory64(regions: &[(u64, Vec<u8>)]) -> (Vec<u8>, u64) {
    let mut out = Vec::new();
    let list_rva = 32 + 12;
    let base = list_rva + 16 + 16 * regions.len();
    out.extend_from_slice(b"MDMP");
    out.extend_from_slice(&0xA793u32.to_le_bytes());
    out.extend_from_slice(&1u32.to_le_bytes()); // streams
    out.extend_from_slice(&32u32.to_le_bytes()); // directory RVA
    out.extend_from_slice(&[0u8; 16]); // checksum, time, flags
    out.extend_from_slice(&9u32.to_le_bytes());
    out.extend_from_slice(&((16 + 16 * regions.len()) as u32).to_le_bytes());
    out.extend_from_slice(&(list_rva as u32).to_le_bytes());
    out.extend_from_slice(&(regions.len() as u64).to_le_bytes());
    out.extend_from_slice(&(base as u64).to_le_bytes());
    for (start, bytes) in regions {
        out.extend_from_slice(&start.to_le_bytes());
        out.extend_from_slice(&(bytes.len() as u64).to_le_bytes());
    }
    for (_, bytes) in regions {
        out.extend_from_slice(bytes);
    }
    (out, base as u64)
}
