//! Windows minidumps (`.dmp`, Microsoft's published `MINIDUMP_*` layout):
//! the memory they hold, as [`Region`]s with each range's address in the
//! dumped process, so `state find` names a state by its virtual address.
//!
//! Read (all little-endian): the header (`MDMP`, version, stream count,
//! directory RVA), the stream directory (type, size, RVA each), and the two
//! memory streams — `MemoryListStream` (5: a count, then `{start: u64,
//! size: u32, rva: u32}` per range) and `Memory64ListStream` (9: a count, a
//! base RVA, then `{start: u64, size: u64}` per range, their bytes one after
//! another from the base). Anything out of the file's bounds is an error,
//! never a panic.

use super::Region;
use alloc::vec::Vec;

/// `MDMP`.
pub const SIGNATURE: &[u8; 4] = b"MDMP";
const MEMORY_LIST: u32 = 5;
const MEMORY64_LIST: u32 = 9;

/// Why the bytes are not a readable minidump.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MinidumpError {
    /// A structure runs past the end of the file.
    Truncated {
        /// What was being read.
        what: &'static str,
    },
    /// No memory stream (5 or 9) in the directory.
    NoMemory,
}

impl core::fmt::Display for MinidumpError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            MinidumpError::Truncated { what } => {
                write!(f, "the minidump's {what} runs past the end of the file")
            }
            MinidumpError::NoMemory => {
                f.write_str("the minidump has no memory list stream (types 5 and 9)")
            }
        }
    }
}

impl core::error::Error for MinidumpError {}

/// Whether `bytes` start as a minidump.
pub fn is_minidump(bytes: &[u8]) -> bool {
    bytes.starts_with(SIGNATURE)
}

fn slice<'a>(
    b: &'a [u8],
    at: u64,
    len: u64,
    what: &'static str,
) -> Result<&'a [u8], MinidumpError> {
    let end = at
        .checked_add(len)
        .ok_or(MinidumpError::Truncated { what })?;
    let (at, end) = (usize::try_from(at), usize::try_from(end));
    match (at, end) {
        (Ok(at), Ok(end)) if end <= b.len() => Ok(&b[at..end]),
        _ => Err(MinidumpError::Truncated { what }),
    }
}

fn u32_at(b: &[u8], at: u64, what: &'static str) -> Result<u32, MinidumpError> {
    let s = slice(b, at, 4, what)?;
    Ok(u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
}

fn u64_at(b: &[u8], at: u64, what: &'static str) -> Result<u64, MinidumpError> {
    Ok(u64::from(u32_at(b, at, what)?) | u64::from(u32_at(b, at + 4, what)?) << 32)
}

/// The memory ranges of a minidump, each with its address in the dumped
/// process and its offset in the file.
pub fn regions(bytes: &[u8]) -> Result<Vec<Region<'_>>, MinidumpError> {
    let streams = u32_at(bytes, 8, "header")?;
    let dir = u32_at(bytes, 12, "header")?;
    let mut out = Vec::new();
    let mut any = false;
    for i in 0..u64::from(streams) {
        let entry = u64::from(dir) + 12 * i;
        let kind = u32_at(bytes, entry, "stream directory")?;
        let rva = u64::from(u32_at(bytes, entry + 8, "stream directory")?);
        match kind {
            MEMORY_LIST => {
                any = true;
                let n = u32_at(bytes, rva, "memory list")?;
                for k in 0..u64::from(n) {
                    let d = rva + 4 + 16 * k;
                    let start = u64_at(bytes, d, "memory list")?;
                    let size = u32_at(bytes, d + 8, "memory list")?;
                    let at = u32_at(bytes, d + 12, "memory list")?;
                    out.push(Region {
                        bytes: slice(bytes, at.into(), size.into(), "memory range")?,
                        file_offset: at.into(),
                        address: Some(start),
                    });
                }
            }
            MEMORY64_LIST => {
                any = true;
                let n = u64_at(bytes, rva, "memory64 list")?;
                let mut at = u64_at(bytes, rva + 8, "memory64 list")?;
                for k in 0..n {
                    let d = rva + 16 + 16 * k;
                    let start = u64_at(bytes, d, "memory64 list")?;
                    let size = u64_at(bytes, d + 8, "memory64 list")?;
                    out.push(Region {
                        bytes: slice(bytes, at, size, "memory range")?,
                        file_offset: at,
                        address: Some(start),
                    });
                    at = at.checked_add(size).ok_or(MinidumpError::Truncated {
                        what: "memory64 list",
                    })?;
                }
            }
            _ => {}
        }
    }
    if any {
        Ok(out)
    } else {
        Err(MinidumpError::NoMemory)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hostile_headers_are_errors_not_panics_or_hangs() {
        // A directory of 2^32 - 1 streams, a list of 2^64 - 1 ranges, ranges
        // past the end, offsets that overflow: each an error, at once.
        let mut d = alloc::vec::Vec::new();
        d.extend_from_slice(b"MDMP\x93\xa7\0\0");
        d.extend_from_slice(&u32::MAX.to_le_bytes());
        d.extend_from_slice(&32u32.to_le_bytes());
        d.resize(32, 0);
        d.extend_from_slice(&9u32.to_le_bytes());
        d.extend_from_slice(&0u32.to_le_bytes());
        d.extend_from_slice(&44u32.to_le_bytes());
        d.extend_from_slice(&u64::MAX.to_le_bytes()); // ranges
        d.extend_from_slice(&u64::MAX.to_le_bytes()); // base RVA
        d.extend_from_slice(&0u64.to_le_bytes());
        d.extend_from_slice(&16u64.to_le_bytes());
        assert!(matches!(regions(&d), Err(MinidumpError::Truncated { .. })));
        for cut in 0..d.len() {
            let _ = regions(&d[..cut]);
        }
        let mut x = 0x1234_5678_9abc_def0u64;
        for _ in 0..2000 {
            let mut b = alloc::vec![0u8; 96];
            for byte in &mut b {
                x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                *byte = (x >> 59) as u8; // small values: plausible counts and RVAs
            }
            b[..4].copy_from_slice(b"MDMP");
            if let Ok(rs) = regions(&b) {
                for r in rs {
                    let at = r.file_offset as usize;
                    assert_eq!(&b[at..at + r.bytes.len()], r.bytes);
                }
            }
        }
    }
}
