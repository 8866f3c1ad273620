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
//!
//! One variant seen in real dumps is read too: breakpad's macOS writer (a
//! 64-bit ABI's alignment) puts 4 bytes of padding after a
//! `MemoryListStream`'s count, so the stream is `8 + 16 n` bytes long, not
//! `4 + 16 n`; when the directory gives that size, the descriptors are read
//! from 8 bytes in, as breakpad's own processor reads them. Any other size
//! reads them from 4 bytes in (the documented layout; the size is not
//! otherwise trusted). Ranges of size 0 are kept, as empty regions; ranges
//! are given in the order the dump lists them, overlapping or not.

use super::region::Region;
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

/// Where a `MemoryListStream` of `size` bytes holding `n` ranges has its
/// first descriptor, from the stream's start: 8 when the count is padded
/// (the stream is `8 + 16 n` bytes), else 4.
fn list_start(size: u64, n: u32) -> u64 {
    if size == 8 + 16 * u64::from(n) {
        8
    } else {
        4
    }
}

/// The memory ranges of a minidump, each with its address in the dumped
/// process and its offset in the file: every memory stream's (5 and 9) in
/// the directory's order, each stream's in its own order (the module's
/// doc: the padded count, empty and overlapping ranges).
pub fn regions(bytes: &[u8]) -> Result<Vec<Region<'_>>, MinidumpError> {
    let streams = u32_at(bytes, 8, "header")?;
    let dir = u32_at(bytes, 12, "header")?;
    let mut out = Vec::new();
    let mut any = false;
    for i in 0..u64::from(streams) {
        let entry = u64::from(dir) + 12 * i;
        let kind = u32_at(bytes, entry, "stream directory")?;
        let stream_size = u64::from(u32_at(bytes, entry + 4, "stream directory")?);
        let rva = u64::from(u32_at(bytes, entry + 8, "stream directory")?);
        match kind {
            MEMORY_LIST => {
                any = true;
                let n = u32_at(bytes, rva, "memory list")?;
                let first = rva + list_start(stream_size, n);
                for k in 0..u64::from(n) {
                    let d = first + 16 * k;
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

    /// A dump with one `MemoryListStream` of `ranges` (`start`, bytes), the
    /// directory giving the stream's size as `size(n)`, the count followed
    /// by `pad` zero bytes.
    fn memory_list(ranges: &[(u64, &[u8])], pad: usize, size: fn(u32) -> u32) -> Vec<u8> {
        let n = ranges.len() as u32;
        let list = 44u32; // header 32, one directory entry 12
        let data = list + 4 + pad as u32 + 16 * n;
        let mut d = Vec::new();
        d.extend_from_slice(b"MDMP\x93\xa7\0\0");
        d.extend_from_slice(&1u32.to_le_bytes());
        d.extend_from_slice(&32u32.to_le_bytes());
        d.resize(32, 0);
        d.extend_from_slice(&5u32.to_le_bytes());
        d.extend_from_slice(&size(n).to_le_bytes());
        d.extend_from_slice(&list.to_le_bytes());
        d.extend_from_slice(&n.to_le_bytes());
        d.resize(d.len() + pad, 0);
        let mut at = data;
        for (start, bytes) in ranges {
            d.extend_from_slice(&start.to_le_bytes());
            d.extend_from_slice(&(bytes.len() as u32).to_le_bytes());
            d.extend_from_slice(&at.to_le_bytes());
            at += bytes.len() as u32;
        }
        for (_, bytes) in ranges {
            d.extend_from_slice(bytes);
        }
        d
    }

    fn listed(d: &[u8]) -> Vec<(u64, u64, Vec<u8>)> {
        regions(d)
            .unwrap()
            .iter()
            .map(|r| (r.address.unwrap(), r.file_offset, r.bytes.to_vec()))
            .collect()
    }

    #[test]
    fn a_memory_list_padded_after_its_count_is_read_as_breakpad_reads_it() {
        // breakpad's macOS writer: the count, 4 bytes of padding, the
        // descriptors; the directory says 8 + 16 n bytes.
        let ranges: [(u64, &[u8]); 3] = [
            (0x7fff_5606_4110, b"stack bytes"),
            (0x1_09ba_8b95, b""),
            (0x1_09ba_8b95, b"overlap"),
        ];
        let padded = memory_list(&ranges, 4, |n| 8 + 16 * n);
        let plain = memory_list(&ranges, 0, |n| 4 + 16 * n);
        let want = |data: u64| {
            let mut at = data;
            ranges
                .iter()
                .map(|(start, b)| {
                    at += b.len() as u64;
                    (*start, at - b.len() as u64, b.to_vec())
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(listed(&padded), want(44 + 8 + 48));
        assert_eq!(listed(&plain), want(44 + 4 + 48));
        // Any other size is not trusted: the documented layout.
        let no_size = memory_list(&ranges, 0, |_| 0);
        assert_eq!(listed(&no_size), want(44 + 4 + 48));
    }

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
