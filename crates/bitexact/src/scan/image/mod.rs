//! The container: a PE (32 / 32+) or ELF (32 / 64) x86 image read with
//! `object`, reduced to what the scan needs — its byte regions with their
//! addresses, the function symbols, and the roots of the recursive descent.
//!
//! The format-independent model ([`Image`], [`Region`], [`FuncSymbol`])
//! is `layout.rs`, below everything here; this file holds what `object`
//! reads alike in every format (sections, symbols and exports, constructor
//! tables) and the dispatch to the format's own readers, which fill the
//! model in: `elf` (program headers, dynamic relocations, GOT slots) and
//! `pe` (base relocations, import address table).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use object::pe::{ImageNtHeaders32, ImageNtHeaders64};
use object::{
    Architecture, BinaryFormat, Object, ObjectKind, ObjectSection, ObjectSymbol, SectionFlags,
    SectionKind, SymbolKind,
};

use crate::scan::report::{Arch, Format, ImageInfo, ScanError};

mod elf;
mod layout;
mod pe;

pub(crate) use layout::{FuncSymbol, Image, Region};

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
