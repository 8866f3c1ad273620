//! What binutils' `objdump` says of a PE image, for the scan's tests on
//! real MSVC output (SPEC 10.1): its instructions with their bytes, its
//! sections, and where its functions start. Nothing here asks the scanner.
//!
//! Function starts: in a PE32+ image, the exception table (`.pdata`) names
//! every function that has unwind data, and a chained entry is followed to
//! the function it belongs to. Elsewhere (PE32, and PE32+ leaf functions)
//! a start is anything the image points at as code — the entry point, the
//! exports, direct call targets, code addresses in instruction operands,
//! code addresses in base-relocated data words — and the first instruction
//! after a `ret` or `jmp` and the `int3` padding MSVC puts between
//! functions. An address belongs to the nearest start at or before it.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

/// One decoded instruction.
#[derive(Debug, Clone)]
pub struct Insn {
    pub va: u64,
    pub bytes: Vec<u8>,
    pub mnemonic: String,
    pub operands: String,
}

/// One section.
#[derive(Debug, Clone)]
pub struct Section {
    pub name: String,
    pub va: u64,
    pub file_offset: usize,
    pub bytes: Vec<u8>,
    pub code: bool,
}

/// The image as `objdump` reads it.
#[derive(Debug)]
pub struct Truth {
    pub insns: Vec<Insn>,
    pub sections: Vec<Section>,
    /// Every address the image points at as code (see the module docs).
    pub referenced: BTreeSet<u64>,
    /// `.pdata` ranges `[begin, end)` with the function each belongs to.
    pdata: Vec<(u64, u64, u64)>,
    starts: Vec<u64>,
}

fn objdump(tool: &str, args: &[&str], image: &Path) -> String {
    let o = Command::new(tool)
        .args(args)
        .arg(image)
        .output()
        .unwrap_or_else(|e| panic!("run {tool}: {e}"));
    assert!(
        o.status.success(),
        "{tool} {args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn hex(s: &str) -> Option<u64> {
    u64::from_str_radix(s.trim().trim_start_matches("0x"), 16).ok()
}

/// The hex numbers (`0x…`) in an operand text.
fn numbers(text: &str) -> Vec<u64> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("0x") {
        let digits: String = rest[i + 2..]
            .chars()
            .take_while(char::is_ascii_hexdigit)
            .collect();
        if let Some(v) = hex(&digits) {
            out.push(v);
        }
        rest = &rest[i + 2 + digits.len()..];
    }
    out
}

impl Truth {
    /// Reads `image` with `tool` (binutils `objdump`).
    pub fn of(tool: &str, image: &Path) -> Truth {
        let file = std::fs::read(image).expect("read the image");
        let mut sections = Vec::new();
        let headers = objdump(tool, &["-h"], image);
        let lines: Vec<&str> = headers.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let f: Vec<&str> = line.split_whitespace().collect();
            if f.len() < 7 || f[0].parse::<u32>().is_err() {
                continue;
            }
            let (size, va, off) = (hex(f[2]).unwrap(), hex(f[3]).unwrap(), hex(f[5]).unwrap());
            let start = (off as usize).min(file.len());
            let end = (start + size as usize).min(file.len());
            sections.push(Section {
                name: f[1].to_string(),
                va,
                file_offset: start,
                bytes: file[start..end].to_vec(),
                code: lines.get(i + 1).is_some_and(|l| l.contains("CODE")),
            });
        }
        let mut insns = Vec::new();
        for line in objdump(tool, &["-d", "-w", "-M", "intel"], image).lines() {
            let mut parts = line.splitn(3, '\t');
            let (Some(addr), Some(bytes), Some(text)) = (parts.next(), parts.next(), parts.next())
            else {
                continue;
            };
            let Some(va) = addr.trim().strip_suffix(':').and_then(hex) else {
                continue;
            };
            let bytes: Vec<u8> = bytes
                .split_whitespace()
                .filter_map(|b| u8::from_str_radix(b, 16).ok())
                .collect();
            let (mnemonic, operands) = text.trim().split_once(' ').unwrap_or((text.trim(), ""));
            insns.push(Insn {
                va,
                bytes,
                mnemonic: mnemonic.to_string(),
                operands: operands.trim().to_string(),
            });
        }
        let private = objdump(tool, &["-p"], image);
        let field = |name: &str| {
            private
                .lines()
                .find(|l| l.starts_with(name))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(hex)
        };
        let base = field("ImageBase").expect("ImageBase");
        let mut t = Truth {
            insns,
            sections,
            referenced: BTreeSet::new(),
            pdata: Vec::new(),
            starts: Vec::new(),
        };
        let mut refs = BTreeSet::new();
        if let Some(e) = field("AddressOfEntryPoint") {
            refs.insert(base + e);
        }
        let mut in_relocs = false;
        let mut chunk = 0u64;
        let mut entry: Option<(u64, u64)> = None;
        for line in private.lines() {
            let w: Vec<&str> = line.split_whitespace().collect();
            // Exports: `[   0] +base[   1] 3880 Export RVA`.
            if line.contains("Export RVA") {
                if let Some(rva) = line
                    .split(']')
                    .nth(2)
                    .and_then(|s| s.split_whitespace().next())
                {
                    refs.extend(hex(rva).map(|r| base + r));
                }
            }
            if line.starts_with("PE File Base Relocations") {
                in_relocs = true;
            } else if in_relocs && line.starts_with("Virtual Address:") {
                chunk = w.get(2).and_then(|s| hex(s)).unwrap_or(0);
            } else if in_relocs && w.first() == Some(&"reloc") {
                // `reloc 0 offset 52 [1052] HIGHLOW` (or DIR64).
                if let (Some(off), Some(kind)) = (w.get(3).and_then(|s| hex(s)), w.last()) {
                    let size = if *kind == "DIR64" { 8 } else { 4 };
                    if let Some(p) = t.word(base + chunk + off, size) {
                        refs.insert(p);
                    }
                }
            }
            // The unwind data dump: `… (rva: …): BEGIN - END`, then maybe
            // `Chain: start: RVA, end: RVA`.
            if line.contains("(rva:") && line.contains(" - ") {
                if let Some((b, e)) = line
                    .rsplit_once("): ")
                    .and_then(|(_, r)| r.split_once(" - "))
                {
                    entry = hex(b).zip(hex(e));
                    if let Some((b, e)) = entry {
                        t.pdata.push((b, e, b));
                    }
                }
            }
            if let (Some(rest), Some(_)) = (line.trim().strip_prefix("Chain: start:"), entry) {
                if let Some(start) = rest.split(',').next().and_then(hex) {
                    if let Some(last) = t.pdata.last_mut() {
                        last.2 = base + start;
                    }
                }
            }
        }
        // Chains may point at chained entries: follow them to the end.
        for i in 0..t.pdata.len() {
            let mut f = t.pdata[i].2;
            for _ in 0..16 {
                match t.pdata.iter().find(|p| p.0 == f) {
                    Some(&(_, _, g)) if g != f => f = g,
                    _ => break,
                }
            }
            t.pdata[i].2 = f;
        }
        t.pdata.sort_unstable();
        for i in &t.insns {
            let branch = i.mnemonic.starts_with('j') || i.mnemonic.starts_with("loop");
            if branch {
                continue;
            }
            // `call 0x…`, `push 0x…`, `mov [x], 0x…`, `lea r, [rip+…] # 0x…`.
            refs.extend(numbers(&i.operands));
        }
        t.referenced = refs.into_iter().filter(|&a| t.is_code(a)).collect();
        let mut starts: BTreeSet<u64> = t.referenced.clone();
        // MSVC pads between functions with `int3`: after a `ret` or a
        // `jmp` and a run of them, a function starts (one nothing points
        // at, too: dead code the linker kept).
        let mut ended = false;
        let mut padded = false;
        for i in &t.insns {
            match i.mnemonic.as_str() {
                "int3" if ended || padded => {
                    padded = true;
                    ended = false;
                }
                "ret" | "jmp" => {
                    ended = true;
                    padded = false;
                }
                _ => {
                    if padded {
                        starts.insert(i.va);
                    }
                    ended = false;
                    padded = false;
                }
            }
        }
        starts.extend(t.pdata.iter().map(|p| p.2));
        t.starts = starts.into_iter().collect();
        t
    }

    /// Whether `va` lies in a code section.
    pub fn is_code(&self, va: u64) -> bool {
        self.sections
            .iter()
            .any(|s| s.code && va >= s.va && va < s.va + s.bytes.len() as u64)
    }

    /// The little-endian word of `size` bytes at `va`.
    pub fn word(&self, va: u64, size: usize) -> Option<u64> {
        let s = self
            .sections
            .iter()
            .find(|s| va >= s.va && va + size as u64 <= s.va + s.bytes.len() as u64)?;
        let o = (va - s.va) as usize;
        let mut b = [0u8; 8];
        b[..size].copy_from_slice(&s.bytes[o..o + size]);
        Some(u64::from_le_bytes(b))
    }

    /// The start of the function holding `va` (module docs).
    pub fn function(&self, va: u64) -> u64 {
        if let Some(&(_, _, f)) = self.pdata.iter().find(|p| p.0 <= va && va < p.1) {
            return f;
        }
        let k = self.starts.partition_point(|&s| s <= va);
        assert!(k > 0, "{va:#x} lies before every function start");
        self.starts[k - 1]
    }

    /// Where `bytes` occur in the sections that are not code, 4-aligned.
    pub fn in_data(&self, bytes: &[u8]) -> Vec<u64> {
        let mut out = Vec::new();
        for s in self.sections.iter().filter(|s| !s.code) {
            for (i, w) in s.bytes.windows(bytes.len()).enumerate() {
                if i % 4 == 0 && w == bytes {
                    out.push(s.va + i as u64);
                }
            }
        }
        out
    }

    /// The file offset of `va`.
    pub fn file_offset(&self, va: u64) -> usize {
        let s = self
            .sections
            .iter()
            .find(|s| va >= s.va && va < s.va + s.bytes.len() as u64)
            .unwrap_or_else(|| panic!("{va:#x} is in no section"));
        s.file_offset + (va - s.va) as usize
    }

    /// The instructions whose operands name `value` as a number.
    pub fn naming(&self, value: u64) -> Vec<&Insn> {
        self.insns
            .iter()
            .filter(|i| numbers(&i.operands).contains(&value))
            .collect()
    }
}
