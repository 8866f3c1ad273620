//! The container: a PE (32 / 32+) or ELF (32 / 64) x86 image read with
//! `object`, reduced to what the scan needs — its byte regions with their
//! addresses, the function symbols, and the roots of the recursive descent.
//!
//! This module holds the format-independent model ([`Image`], [`Region`],
//! [`FuncSymbol`]), what `object` reads alike in every format (sections,
//! symbols and exports, constructor tables), and the dispatch to the
//! format's own readers: `elf` (program headers, dynamic relocations, GOT
//! slots) and `pe` (base relocations, import address table).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use object::pe::{ImageNtHeaders32, ImageNtHeaders64};
use object::{
    Architecture, BinaryFormat, Object, ObjectKind, ObjectSection, ObjectSymbol, SectionFlags,
    SectionKind, SymbolKind,
};

use super::{Arch, Format, ImageInfo, ScanError};

mod elf;
mod pe;

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
    /// Reads `data` as an image, or says in one phrase why it cannot.
    pub fn parse(data: &'a [u8]) -> Result<Self, ScanError> {
        let file = object::File::parse(data).map_err(|e| describe_parse_error(data, e))?;
        let is_64 = file.is_64();
        let format = match (file.format(), is_64) {
            (BinaryFormat::Elf, false) => Format::Elf32,
            (BinaryFormat::Elf, true) => Format::Elf64,
            (BinaryFormat::Pe, false) => Format::Pe32,
            (BinaryFormat::Pe, true) => Format::Pe32Plus,
            (other, _) => {
                return Err(ScanError::Unsupported(format!(
                    "{other:?} images are not supported (PE or ELF only)"
                )));
            }
        };
        let (arch, bitness) = match file.architecture() {
            Architecture::I386 => (Arch::X86, 32),
            Architecture::X86_64 | Architecture::X86_64_X32 => (Arch::X86_64, 64),
            other => {
                return Err(ScanError::Unsupported(format!(
                    "not x86: the image is for {other:?}"
                )));
            }
        };
        if file.kind() == ObjectKind::Relocatable {
            return Err(ScanError::Unsupported(
                "a relocatable object file (.o): its sections have no addresses yet; link it first"
                    .to_string(),
            ));
        }
        let mut regions = Vec::new();
        for section in file.sections() {
            if section.kind() == SectionKind::UninitializedData || section.size() == 0 {
                continue;
            }
            let name = printable(section.name_bytes().unwrap_or(b"?"));
            let bytes = section.data().map_err(|_| {
                ScanError::Malformed(format!(
                    "section {name} lies outside the file (truncated image?)"
                ))
            })?;
            if bytes.is_empty() || section.address().checked_add(bytes.len() as u64).is_none() {
                continue;
            }
            let exec = section.kind() == SectionKind::Text;
            let writable = match section.flags() {
                SectionFlags::Elf { sh_flags, .. } => sh_flags.contains(object::elf::SHF_WRITE),
                SectionFlags::Coff { characteristics } => {
                    characteristics.contains(object::pe::IMAGE_SCN_MEM_WRITE)
                }
                _ => section.kind() == SectionKind::Data,
            };
            regions.push(Region {
                va: section.address(),
                bytes,
                name,
                exec,
                writable,
            });
        }
        if !regions.iter().any(|r| r.exec) && matches!(format, Format::Elf32 | Format::Elf64) {
            // No section headers (or none marked executable): use the
            // executable segments instead.
            regions.extend(elf::segment_regions(&file)?);
        }
        if !regions.iter().any(|r| r.exec) {
            return Err(ScanError::Unsupported(
                "the image holds no executable code".to_string(),
            ));
        }
        regions.sort_by_key(|r| r.va);
        // Executable regions must not overlap: the decoder keeps one map of
        // instruction starts per address. Drop an exec region that overlaps
        // the one before it (a hostile or odd header; never seen from a linker).
        let mut kept: Vec<Region<'a>> = Vec::with_capacity(regions.len());
        for r in regions {
            let overlaps = r.exec
                && kept
                    .iter()
                    .rev()
                    .find(|k| k.exec)
                    .is_some_and(|k| k.va + k.bytes.len() as u64 > r.va);
            if !overlaps {
                kept.push(r);
            }
        }
        let regions = kept;
        let in_code = |va: u64| {
            regions
                .iter()
                .any(|r| r.exec && va >= r.va && va - r.va < r.bytes.len() as u64)
        };

        let mut symbols = Vec::new();
        let mut has_symtab = false;
        let mut data_in_code = Vec::new();
        for (table, sym) in file
            .symbols()
            .map(|s| (true, s))
            .chain(file.dynamic_symbols().map(|s| (false, s)))
        {
            // Functions (IFUNC resolvers too); and global symbols of no type
            // in code (assembly without `.type`: an entry point by any
            // other name).
            let function = sym.kind() == SymbolKind::Text
                || (sym.kind() == SymbolKind::Unknown && (sym.is_global() || sym.is_weak()));
            // (`object` does not call an IFUNC a definition: its section says.)
            let defined =
                sym.is_definition() || matches!(sym.section(), object::SymbolSection::Section(_));
            if sym.kind() == SymbolKind::Data && defined && sym.size() > 0 && in_code(sym.address())
            {
                data_in_code.push((sym.address(), sym.address().saturating_add(sym.size())));
            }
            if !function || !defined {
                continue;
            }
            let va = sym.address();
            let Ok(name) = sym.name_bytes() else { continue };
            if name.is_empty() || !in_code(va) {
                continue;
            }
            has_symtab |= table;
            symbols.push(FuncSymbol {
                va,
                size: sym.size(),
                name: printable(name),
                aliases: Vec::new(),
            });
        }
        if let Ok(exports) = file.exports() {
            for export in exports.flatten() {
                let object::ExportTarget::Address { address } = export.target() else {
                    continue;
                };
                if !in_code(address) {
                    continue;
                }
                // An export by ordinal only is named by its ordinal, `#N`.
                let name = match export.name() {
                    object::NameOrOrdinal::Name(name) => printable(name),
                    object::NameOrOrdinal::Ordinal(n) => format!("#{n}"),
                };
                symbols.push(FuncSymbol {
                    va: address,
                    size: 0,
                    name,
                    aliases: Vec::new(),
                });
            }
        }
        // One symbol per address, the others its aliases: the name shown
        // is the one with a size, then a global's, then the shortest
        // (`vrand` before `vrand@@VERS_2`).
        symbols.sort_by(|a, b| {
            a.va.cmp(&b.va)
                .then(b.size.cmp(&a.size))
                .then(a.name.len().cmp(&b.name.len()))
                .then(a.name.cmp(&b.name))
        });
        let mut merged: Vec<FuncSymbol> = Vec::with_capacity(symbols.len());
        for s in symbols {
            match merged.last_mut() {
                Some(m) if m.va == s.va => {
                    if s.name != m.name && !m.aliases.contains(&s.name) && m.aliases.len() < 16 {
                        m.aliases.push(s.name);
                    }
                }
                _ => merged.push(s),
            }
        }
        let symbols = merged;

        let entry = file.entry();
        let info = ImageInfo {
            format,
            arch,
            entry: in_code(entry).then_some(entry),
        };
        let got_plt = file
            .sections()
            .find(|s| s.name() == Ok(".got.plt"))
            .or_else(|| file.sections().find(|s| s.name() == Ok(".got")))
            .map(|s| s.address());
        let mut image = Image {
            info,
            bitness,
            regions,
            symbols,
            has_symtab,
            pointers: Vec::new(),
            pointer_slots: Vec::new(),
            unrelocated: false,
            noreturn_slots: Vec::new(),
            unwind_starts: Vec::new(),
            got_plt,
            data_in_code: {
                data_in_code.sort_unstable();
                data_in_code.dedup();
                data_in_code
            },
        };
        image.pointer_slots = match format {
            Format::Pe32 => pe::pointers::<ImageNtHeaders32>(data, &image),
            Format::Pe32Plus => pe::pointers::<ImageNtHeaders64>(data, &image),
            Format::Elf32 | Format::Elf64 => elf::pointers(&file, &image),
        };
        image.unrelocated = image.pointer_slots.is_empty();
        // Constructors and destructors (`.init_array`, …): code pointers
        // even where nothing relocates them (a non-PIE executable).
        for section in file.sections() {
            if matches!(
                section.name(),
                Ok(".init_array" | ".fini_array" | ".preinit_array" | ".ctors" | ".dtors")
            ) {
                let size = if bitness == 32 { 4 } else { 8 };
                for k in 0..(section.size() / size).min(1 << 16) {
                    let slot = section.address() + k * size;
                    if let Some(p) = image.pointer_at(slot).filter(|&p| image.is_code(p)) {
                        image.pointer_slots.push((slot, p));
                    }
                }
            }
        }
        image.pointer_slots.sort_unstable();
        image.pointer_slots.dedup();
        image.pointers = image.pointer_slots.iter().map(|&(_, p)| p).collect();
        image.pointers.sort_unstable();
        image.pointers.dedup();
        if format == Format::Pe32Plus {
            image.unwind_starts = pe::unwind_starts(data, &image);
        }
        image.noreturn_slots = match format {
            Format::Pe32 => pe::noreturn_slots::<ImageNtHeaders32>(data),
            Format::Pe32Plus => pe::noreturn_slots::<ImageNtHeaders64>(data),
            Format::Elf32 | Format::Elf64 => elf::noreturn_slots(&file),
        };
        Ok(image)
    }

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

    /// Whether `va` is in an executable region.
    /// Whether `va` lies in a data object the symbol table places in code.
    pub fn is_data_in_code(&self, va: u64) -> bool {
        let k = self.data_in_code.partition_point(|&(s, _)| s <= va);
        k > 0 && va < self.data_in_code[k - 1].1
    }

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

/// A name from the image as text: control characters and bytes that are
/// not UTF-8 written `\xNN`, a backslash `\\` (so the spelling is
/// unambiguous and one line: a section called ".te\nxt" must not break a
/// message). `--from` takes this spelling.
fn printable(name: &[u8]) -> String {
    use core::fmt::Write;
    let mut out = String::with_capacity(name.len());
    for chunk in name[..name.len().min(4096)].utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '\\' => out.push_str("\\\\"),
                c if c.is_control() => {
                    let _ = write!(out, "\\x{:02x}", c as u32);
                }
                c => out.push(c),
            }
        }
        for b in chunk.invalid() {
            let _ = write!(out, "\\x{b:02x}");
        }
    }
    out
}

/// Imported functions that never return (by name, in every format).
pub(super) const NORETURN: &[&[u8]] = &[
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

/// One phrase for why `object` refused the bytes.
fn describe_parse_error(data: &[u8], e: object::Error) -> ScanError {
    let looks = |magic: &[u8]| data.starts_with(magic);
    if data.is_empty() {
        ScanError::Malformed("the file is empty".to_string())
    } else if looks(b"\x7fELF") || looks(b"MZ") {
        ScanError::Malformed(format!("truncated or damaged header: {e}"))
    } else {
        ScanError::Unsupported(format!("not a PE or ELF image ({e})"))
    }
}

#[cfg(test)]
mod tests {
    use super::printable;

    #[test]
    fn names_are_one_unambiguous_line() {
        assert_eq!(printable(b"combat_roll"), "combat_roll");
        assert_eq!(printable(b".te\nxt"), ".te\\x0axt");
        assert_eq!(printable(b"back\\slash"), "back\\\\slash");
        assert_eq!(printable(b"bad\xff\xfeutf"), "bad\\xff\\xfeutf");
        assert_eq!(printable("d\u{e9}r".as_bytes()), "d\u{e9}r");
        // A literal backslash-x is not confused with an escape.
        assert_ne!(printable(b"a\\x01"), printable(b"a\x01"));
    }
}
