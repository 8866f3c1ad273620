//! Where the bytes `state find` looks through came from ([`Region`]): a
//! whole file, or one memory range of a minidump.

/// Where the bytes searched came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region<'a> {
    /// The bytes.
    pub bytes: &'a [u8],
    /// Their offset in the file.
    pub file_offset: u64,
    /// The virtual address of their first byte in the dumped process
    /// (minidumps), if known.
    pub address: Option<u64>,
}
