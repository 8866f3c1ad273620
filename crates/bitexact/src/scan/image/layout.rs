//! The image as the scan sees it once read, whatever its format: its byte
//! regions with their addresses ([`Region`]), the function symbols
//! ([`FuncSymbol`]), the descent's roots, and reads of its bytes by
//! address. Below the readers: `mod.rs` and the format's own `elf` and
//! `pe` fill it in.

use alloc::string::String;
use alloc::vec::Vec;

use crate::scan::report::ImageInfo;

/// One run of bytes at a virtual address: a section (or, for an image
/// without section headers, a segment).
#[derive(Debug)]
pub(crate) struct Region<'a> {
    pub va: u64,
    pub bytes: &'a [u8],
    pub name: String,
    pub exec: bool,
    pub writable: bool,
}

/// A function symbol: start, size (0 = unknown) and name.
#[derive(Debug, Clone)]
pub(crate) struct FuncSymbol {
    pub va: u64,
    pub size: u64,
    pub name: String,
    /// Other names at the same address (aliases, versioned names).
    pub aliases: Vec<String>,
}

/// What the scan reads from the container.
#[derive(Debug)]
pub(crate) struct Image<'a> {
    pub info: ImageInfo,
    pub bitness: u32,
    /// Sorted by address; executable ones hold the code.
    pub regions: Vec<Region<'a>>,
    /// Function symbols (ELF `STT_FUNC`, COFF function symbols, exports).
    pub symbols: Vec<FuncSymbol>,
    /// Whether a full symbol table (ELF `.symtab`, COFF symbols) named
    /// functions: then symbols say where functions are. Exports and
    /// `.dynsym` alone do not (a stripped library).
    pub has_symtab: bool,
    /// Code addresses found as pointers by the image's own relocations
    /// (PE base relocations, ELF `R_*_RELATIVE`): vtables, callbacks,
    /// jump tables. Roots of the descent only, not function starts.
    pub pointers: Vec<u64>,
    /// The same relocations as (slot, code address), by slot.
    pub pointer_slots: Vec<(u64, u64)>,
    /// Whether the image's own relocations name no code pointer (a
    /// non-PIE executable, a PE without base relocations): a pointer in its
    /// data is then stored as the address itself, unrelocated.
    pub unrelocated: bool,
    /// Import slots (ELF GOT entries, PE IAT entries) of functions that
    /// never return (`exit`, `abort`, `ExitProcess`, …): a call through one
    /// ends its path (sorted).
    pub noreturn_slots: Vec<u64>,
    /// Function starts the image's exception table names (PE32+ `.pdata`;
    /// empty elsewhere), sorted: roots of the descent and function starts.
    pub unwind_starts: Vec<u64>,
    /// Where a 32-bit PLT's `jmp [ebx + off]` counts from (`.got.plt`).
    pub got_plt: Option<u64>,
    /// Data objects the symbol table places in executable sections (ELF
    /// `STT_OBJECT` with a size: a table in `.text`), as `[start, end)`,
    /// sorted: no instruction starts there.
    pub data_in_code: Vec<(u64, u64)>,
}

impl<'a> Image<'a> {
    /// The region holding `va`, and the offset of `va` in it.
    pub fn region_of(&self, va: u64) -> Option<(&Region<'a>, usize)> {
        let i = self
            .regions
            .partition_point(|r| r.va <= va)
            .checked_sub(1)?;
        let r = &self.regions[i];
        let off = va - r.va;
        (off < r.bytes.len() as u64).then_some((r, off as usize))
    }

    /// `n` bytes at `va`, when they all lie in one region.
    pub fn bytes_at(&self, va: u64, n: usize) -> Option<&'a [u8]> {
        let (r, off) = self.region_of(va)?;
        r.bytes.get(off..off.checked_add(n)?)
    }

    /// Whether `va` lies in a data object the symbol table places in code.
    pub fn is_data_in_code(&self, va: u64) -> bool {
        let k = self.data_in_code.partition_point(|&(s, _)| s <= va);
        k > 0 && va < self.data_in_code[k - 1].1
    }

    /// Whether `va` is in an executable region.
    pub fn is_code(&self, va: u64) -> bool {
        self.region_of(va).is_some_and(|(r, _)| r.exec)
    }

    /// A little-endian pointer of the image's width at `va`.
    pub(crate) fn pointer_at(&self, va: u64) -> Option<u64> {
        self.read_le(va, if self.bitness == 32 { 4 } else { 8 })
    }

    /// The little-endian value of the `n` (at most 8) bytes at `va`, when
    /// they lie in one region.
    pub fn read_le(&self, va: u64, n: usize) -> Option<u64> {
        let b = self.bytes_at(va, n.min(8))?;
        let mut w = [0u8; 8];
        w[..b.len()].copy_from_slice(b);
        Some(u64::from_le_bytes(w))
    }
}

/// Imported functions that never return (by name, in every format).
pub(crate) const NORETURN: &[&[u8]] = &[
    b"exit",
    b"_exit",
    b"_Exit",
    b"quick_exit",
    b"abort",
    b"__stack_chk_fail",
    b"__assert_fail",
    b"__assert_rtn",
    b"__cxa_throw",
    b"__cxa_rethrow",
    b"__cxa_pure_virtual",
    b"__cxa_bad_cast",
    b"_Unwind_Resume",
    b"longjmp",
    b"_longjmp",
    b"siglongjmp",
    b"__longjmp_chk",
    b"pthread_exit",
    b"err",
    b"errx",
    b"verr",
    b"verrx",
    b"__fortify_fail",
    b"__chk_fail",
    b"__libc_start_main",
    b"ExitProcess",
    b"ExitThread",
    b"FatalExit",
    b"FatalAppExitA",
    b"FatalAppExitW",
    b"_amsg_exit",
    b"_CxxThrowException",
    b"_invalid_parameter_noinfo_noreturn",
    b"RtlExitUserThread",
];
