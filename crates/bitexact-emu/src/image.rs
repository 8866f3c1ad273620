//! Loading a PE32 image into the [`Machine`] (SPEC 13): the headers and
//! sections laid out at the image base (or, relocated, at another), each
//! page with its section's protection; every import's IAT slot pointed at a
//! stub; functions named by symbol, export or address through `scan`'s
//! function map.

use object::pe::{IMAGE_SCN_MEM_EXECUTE, IMAGE_SCN_MEM_WRITE};
use object::read::pe::{Import, PeFile32};
use object::{FileKind, LittleEndian as LE};

use crate::error::EmuError;
use crate::layout::{PAGE, RESERVED};
use crate::machine::Machine;
use crate::stub::Stub;

/// One import: its name and its IAT slot (relative to the image base).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportSlot {
    /// `DLL!function`, or `DLL!#ordinal`.
    pub name: String,
    /// The slot's RVA.
    pub rva: u32,
}

/// Where an export leads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExportTarget {
    /// Code or data at this address (at the loaded base).
    Address(u32),
    /// Another DLL's export by name (`DLL.name` in the export table).
    ForwardByName(String, String),
    /// Another DLL's export by ordinal (`DLL.#n`).
    ForwardByOrdinal(String, u32),
}

/// One export of a DLL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Export {
    /// Its ordinal.
    pub ordinal: u32,
    /// Its name, when it has one.
    pub name: Option<String>,
    /// Where it leads.
    pub target: ExportTarget,
}

/// A parsed PE32 image, ready to load.
#[derive(Clone, Debug)]
pub struct Image {
    /// Where it is laid out (the preferred base unless relocated).
    pub base: u32,
    /// Its preferred base: where `scan` and a disassembler place it.
    pub preferred: u32,
    /// `SizeOfImage`, rounded up to pages.
    pub size: u32,
    /// The flat image: headers and sections at their RVAs (relocated).
    flat: Vec<u8>,
    /// Per page: (writable, executable).
    pages: Vec<(bool, bool)>,
    /// The imports.
    pub imports: Vec<ImportSlot>,
    /// Functions with names, `(address, name)`, from `scan`'s function map
    /// (symbols and exports), at the loaded base.
    pub functions: Vec<(u32, String)>,
    /// Every symbol of the COFF symbol table (data too), at the loaded base.
    pub symbols: Vec<(u32, String)>,
    /// Every function start `scan` finds, named or not, at the loaded base.
    pub starts: Vec<u32>,
    /// The decoded code's instruction boundaries (addresses as built).
    code: Option<bitexact::scan::CodeMap>,
    /// The exports (a DLL's).
    pub exports: Vec<Export>,
    /// The entry point (a DLL's `DllMain`) at the loaded base, 0 if none.
    pub entry: u32,
}

fn malformed(e: object::Error) -> EmuError {
    EmuError::Malformed(e.to_string())
}

impl Image {
    /// Parses `bytes` as a PE32 image laid out at `base` (its preferred
    /// base when `None`).
    ///
    /// Errors: [`EmuError::NotPe32`] for anything but a PE32 (saying what
    /// it is), [`EmuError::Malformed`] for a damaged one, one that does not
    /// fit below the machine's own areas, or one asked for another base
    /// that has no relocations.
    pub fn parse(bytes: &[u8], base: Option<u32>) -> Result<Image, EmuError> {
        match FileKind::parse(bytes) {
            Ok(FileKind::Pe32) => {}
            Ok(FileKind::Pe64) => {
                return Err(EmuError::NotPe32(
                    "a PE32+ (64-bit) image; only 32-bit x86 code runs here".into(),
                ))
            }
            Ok(FileKind::Elf32 | FileKind::Elf64) => {
                return Err(EmuError::NotPe32("an ELF file".into()))
            }
            Ok(k) => return Err(EmuError::NotPe32(format!("a {k:?} file"))),
            Err(_) => {
                return Err(EmuError::NotPe32(
                    "not an executable format we recognise".into(),
                ))
            }
        }
        let pe = PeFile32::parse(bytes).map_err(malformed)?;
        let opt = &pe.nt_headers().optional_header;
        let preferred = opt.image_base.get(LE);
        let size = opt.size_of_image.get(LE).div_ceil(PAGE) * PAGE;
        let headers = opt.size_of_headers.get(LE) as usize;
        let base = base.unwrap_or(preferred);
        if !base.is_multiple_of(PAGE) {
            return Err(EmuError::Malformed(format!(
                "base {base:#x} is not page-aligned"
            )));
        }
        if size == 0
            || size > 256 << 20
            || u64::from(base) + u64::from(size) > u64::from(RESERVED)
            || base < 0x1_0000
        {
            return Err(EmuError::Malformed(format!(
                "the image ({size:#x} bytes at {base:#x}) does not fit between 0x10000 and {RESERVED:#x}"
            )));
        }
        let mut flat = vec![0u8; size as usize];
        let h = headers.min(bytes.len()).min(flat.len());
        flat[..h].copy_from_slice(&bytes[..h]);
        let npages = (size / PAGE) as usize;
        let mut pages = vec![(false, false); npages];
        for s in pe.section_table().iter() {
            let va = s.virtual_address.get(LE);
            let vsize = s.virtual_size.get(LE).max(s.size_of_raw_data.get(LE));
            let raw = s.pointer_to_raw_data.get(LE) as usize;
            let rawsize = s.size_of_raw_data.get(LE) as usize;
            let ch = s.characteristics.get(LE);
            if u64::from(va) + u64::from(vsize) > u64::from(size) {
                return Err(EmuError::Malformed(format!(
                    "section {} ends past SizeOfImage",
                    String::from_utf8_lossy(s.raw_name())
                )));
            }
            let n = rawsize.min(vsize as usize);
            if n > 0 {
                let src = bytes.get(raw..raw + n).ok_or_else(|| {
                    EmuError::Malformed(format!(
                        "section {} is truncated",
                        String::from_utf8_lossy(s.raw_name())
                    ))
                })?;
                flat[va as usize..va as usize + n].copy_from_slice(src);
            }
            let first = (va / PAGE) as usize;
            let last = ((va + vsize.max(1)).div_ceil(PAGE) as usize).min(npages);
            for p in &mut pages[first..last] {
                p.0 |= ch.intersects(IMAGE_SCN_MEM_WRITE);
                p.1 |= ch.intersects(IMAGE_SCN_MEM_EXECUTE);
            }
        }
        if base != preferred {
            relocate(bytes, &pe, &mut flat, base.wrapping_sub(preferred))?;
        }
        let imports = imports(&pe)?;
        let delta = base.wrapping_sub(preferred);
        let exports = exports(&pe, base)?;
        let entry = match opt.address_of_entry_point.get(LE) {
            0 => 0,
            e => base.wrapping_add(e),
        };
        let code = bitexact::scan::code_map(bytes).ok();
        let fs = code.as_ref().map_or(&[][..], |c| &c.functions[..]);
        let functions = fs
            .iter()
            .filter_map(|(va, n)| Some(((*va as u32).wrapping_add(delta), n.clone()?)))
            .collect();
        let starts = fs
            .iter()
            .map(|(va, _)| (*va as u32).wrapping_add(delta))
            .collect();
        let symbols = {
            use object::{Object, ObjectSymbol};
            pe.symbols()
                .filter_map(|s| {
                    let name = s.name().ok()?;
                    (!name.is_empty() && s.address() != 0)
                        .then(|| ((s.address() as u32).wrapping_add(delta), name.to_string()))
                })
                .collect()
        };
        Ok(Image {
            base,
            preferred,
            starts,
            code,
            exports,
            entry,
            size,
            flat,
            pages,
            imports,
            functions,
            symbols,
        })
    }

    /// Maps the image into `m`, import `k`'s IAT slot holding `slots[k]`
    /// (its stub, or the export of a loaded DLL it resolves to).
    pub fn load(&self, m: &mut Machine, slots: &[u32]) -> Result<(), EmuError> {
        let mut flat = self.flat.clone();
        for (imp, a) in self.imports.iter().zip(slots) {
            let at = imp.rva as usize;
            if let Some(slot) = flat.get_mut(at..at + 4) {
                slot.copy_from_slice(&a.to_le_bytes());
            }
        }
        // Runs of pages with one protection.
        let mut start = 0usize;
        while start < self.pages.len() {
            let prot = self.pages[start];
            let mut end = start + 1;
            while end < self.pages.len() && self.pages[end] == prot {
                end += 1;
            }
            let lo = start * PAGE as usize;
            let hi = end * PAGE as usize;
            m.map(
                self.base + lo as u32,
                (hi - lo) as u32,
                &flat[lo..hi],
                prot.0,
                prot.1,
            )?;
            start = end;
        }
        Ok(())
    }

    /// The stubs its imports need (one each, none given a value yet).
    pub fn stubs(&self) -> Vec<Stub> {
        self.imports
            .iter()
            .map(|i| Stub {
                import: i.name.clone(),
                value: None,
                pops: 0,
                unresolved: None,
            })
            .collect()
    }

    /// The address of the symbol `name` (a global the function writes, for
    /// example), exactly or undecorated (`_g` names `g`).
    pub fn data_symbol(&self, name: &str) -> Option<u32> {
        self.symbols
            .iter()
            .find(|(_, n)| n == name)
            .or_else(|| {
                self.symbols
                    .iter()
                    .find(|(_, n)| undecorate(n) == undecorate(name))
            })
            .map(|&(va, _)| va)
    }

    /// Whether `va` lies in an executable page of the image.
    pub fn is_code(&self, va: u32) -> bool {
        va.checked_sub(self.base)
            .map(|off| (off / PAGE) as usize)
            .and_then(|p| self.pages.get(p))
            .is_some_and(|p| p.1)
    }

    /// The function `name` names (SPEC 13.1): a symbol or export —
    /// exactly, or undecorated (`_f`, `_f@12`, `@f@8` all name `f`) when
    /// that is unambiguous; `sub_HEX` as `scan` names a function (its
    /// address as built); `rva:0x…`; or a `0x` hex address inside the
    /// image's code, as loaded or, under another base, as built (refused
    /// when it could be either). An address inside an instruction of the
    /// decoded code is refused, naming the boundaries around it.
    pub fn resolve(&self, name: &str) -> Result<u32, EmuError> {
        let delta = self.base.wrapping_sub(self.preferred);
        let hex = |h: &str| {
            let h = h
                .strip_prefix("0x")
                .or_else(|| h.strip_prefix("0X"))
                .unwrap_or(h);
            u32::from_str_radix(h, 16)
                .map_err(|_| EmuError::BadStart(format!("'{name}' is not a hex address")))
        };
        let lower = name.to_ascii_lowercase();
        if self.functions.iter().any(|(_, n)| n == name) {
            return self.symbol(name);
        }
        let va = if let Some(h) = lower.strip_prefix("sub_") {
            let built = hex(h)?;
            let va = built.wrapping_add(delta);
            if !self.starts.contains(&va) {
                return Err(EmuError::BadStart(format!(
                    "'{name}': no function starts at {built:#x} in the image as built (scan lists the functions)"
                )));
            }
            va
        } else if let Some(h) = lower.strip_prefix("rva:") {
            self.base.wrapping_add(hex(h.trim())?)
        } else if lower.starts_with("0x") {
            let v = hex(&lower)?;
            let built = v.wrapping_add(delta);
            match (self.is_code(v), delta != 0 && self.is_code(built)) {
                (true, true) => {
                    return Err(EmuError::BadStart(format!(
                        "'{name}' is ambiguous: it lies in the code as loaded at {:#x} and also as built at {:#x} (where it is {built:#x} loaded): name it as rva:{:#x}",
                        self.base,
                        self.preferred,
                        v.wrapping_sub(self.base)
                    )))
                }
                (true, false) => v,
                (false, true) => built,
                (false, false) => v,
            }
        } else {
            return self.symbol(name);
        };
        if !self.is_code(va) {
            return Err(EmuError::BadStart(format!(
                "'{name}' is not inside the image's executable sections"
            )));
        }
        if let Some(code) = &self.code {
            let built = va.wrapping_sub(delta);
            if let bitexact::scan::Boundary::Inside { start, end } = code.boundary(u64::from(built))
            {
                return Err(EmuError::BadStart(format!(
                    "'{name}' is not an instruction boundary: {built:#x} lies inside the instruction at {start:#x}; the nearest starts are {start:#x} and {end:#x} (addresses as built)"
                )));
            }
        }
        Ok(va)
    }

    /// A function by symbol or export name.
    fn symbol(&self, name: &str) -> Result<u32, EmuError> {
        if let Some(&(va, _)) = self.functions.iter().find(|(_, n)| n == name) {
            return Ok(va);
        }
        let want = undecorate(name);
        let mut hits: Vec<(u32, &str)> = self
            .functions
            .iter()
            .filter(|(_, n)| undecorate(n) == want)
            .map(|(va, n)| (*va, n.as_str()))
            .collect();
        hits.sort_unstable();
        hits.dedup_by_key(|h| h.0);
        match hits.as_slice() {
            [(va, _)] => Ok(*va),
            [] => Err(EmuError::NoSuchFunction(name.to_string())),
            many => Err(EmuError::NoSuchFunction(format!(
                "{name} (ambiguous: {})",
                many.iter()
                    .map(|(va, n)| format!("{n} at {va:#x}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))),
        }
    }
}

/// `_f`, `_f@12`, `@f@8` and `f` all undecorate to `f`.
fn undecorate(n: &str) -> &str {
    let n = n.strip_prefix(['_', '@']).unwrap_or(n);
    match n.rfind('@') {
        Some(i) if i > 0 && n[i + 1..].bytes().all(|b| b.is_ascii_digit()) && i + 1 < n.len() => {
            &n[..i]
        }
        _ => n,
    }
}

fn imports(pe: &PeFile32<'_>) -> Result<Vec<ImportSlot>, EmuError> {
    let mut out = Vec::new();
    let Some(table) = pe.import_table().map_err(malformed)? else {
        return Ok(out);
    };
    let mut descriptors = table.descriptors().map_err(malformed)?;
    while let Some(d) = descriptors.next().map_err(malformed)? {
        let dll = table
            .name(d.name.get(LE))
            .map(|n| String::from_utf8_lossy(n).into_owned())
            .unwrap_or_else(|_| "?".into());
        let first = d.first_thunk.get(LE);
        let names = match d.original_first_thunk.get(LE) {
            0 => first,
            o => o,
        };
        let mut thunks = table.thunks(names).map_err(malformed)?;
        let mut k = 0u32;
        while let Some(t) = thunks
            .next::<object::pe::ImageNtHeaders32>()
            .map_err(malformed)?
        {
            let name = match table.import::<object::pe::ImageNtHeaders32>(t) {
                Ok(Import::Name(_, n)) => format!("{dll}!{}", String::from_utf8_lossy(n)),
                Ok(Import::Ordinal(o)) => format!("{dll}!#{o}"),
                Err(_) => format!("{dll}!?"),
            };
            out.push(ImportSlot {
                name,
                rva: first + 4 * k,
            });
            k += 1;
            if k > 1 << 16 {
                return Err(EmuError::Malformed("an import table without end".into()));
            }
        }
    }
    Ok(out)
}

fn exports(pe: &PeFile32<'_>, base: u32) -> Result<Vec<Export>, EmuError> {
    let Some(table) = pe.export_table().map_err(malformed)? else {
        return Ok(Vec::new());
    };
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    Ok(table
        .exports()
        .map_err(malformed)?
        .into_iter()
        .map(|e| Export {
            ordinal: u32::from(e.ordinal.0),
            name: e.name.map(text),
            target: match e.target {
                object::read::pe::ExportTarget::Address(rva) => {
                    ExportTarget::Address(base.wrapping_add(rva))
                }
                object::read::pe::ExportTarget::ForwardByName(dll, name) => {
                    ExportTarget::ForwardByName(text(dll), text(name))
                }
                object::read::pe::ExportTarget::ForwardByOrdinal(dll, o) => {
                    ExportTarget::ForwardByOrdinal(text(dll), u32::from(o.0))
                }
            },
        })
        .collect())
}

fn relocate(bytes: &[u8], pe: &PeFile32<'_>, flat: &mut [u8], delta: u32) -> Result<(), EmuError> {
    let blocks = pe
        .data_directories()
        .relocation_blocks(bytes, &pe.section_table())
        .map_err(malformed)?
        .ok_or_else(|| {
            EmuError::Malformed(format!(
                "the image has no relocations, so it loads only at its own base {:#x}",
                pe.nt_headers().optional_header.image_base.get(LE)
            ))
        })?;
    let mut blocks = blocks;
    while let Some(block) = blocks.next().map_err(malformed)? {
        for r in block {
            if r.typ == object::pe::IMAGE_REL_BASED_HIGHLOW {
                let at = r.virtual_address as usize;
                let slot = flat
                    .get_mut(at..at + 4)
                    .ok_or_else(|| EmuError::Malformed("a relocation outside the image".into()))?;
                let v = u32::from_le_bytes([slot[0], slot[1], slot[2], slot[3]]);
                slot.copy_from_slice(&v.wrapping_add(delta).to_le_bytes());
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::undecorate;

    #[test]
    fn decorations_come_off() {
        assert_eq!(undecorate("_f"), "f");
        assert_eq!(undecorate("_f@12"), "f");
        assert_eq!(undecorate("@f@8"), "f");
        assert_eq!(undecorate("f"), "f");
        assert_eq!(undecorate("a@b"), "a@b");
        assert_eq!(undecorate("_"), "");
    }
}
