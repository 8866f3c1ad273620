//! Finding generator sites in PE / ELF x86 images (SPEC 10; seed 000,
//! "draws the call graph cannot see").
//!
//! A *site* is a place where a known generator's arithmetic sits as
//! instructions: the MT19937 tempering sequence in data-flow order, the
//! twist, the Knuth and 1998 seedings, Westwood's pseudo-DES, the WWLib and
//! MSVC LCGs, splitmix64, and Mars' unit-scale double read by the FPU. The
//! image is decoded twice — a linear sweep of the executable sections and a
//! recursive descent from the entry point, the function symbols, the
//! image's relocated code pointers and every direct call target — and only
//! operands of instructions both decodings agree on count: a constant in
//! data, inside a longer immediate or straddling two instructions is never a
//! site (it is listed in [`Report::data`] instead).
//!
//! Each site says how much of its sequence was seen ([`Site::complete`],
//! [`Site::seen`]), so a real inlined draw is told from a stray constant.
//! Functions come from symbols where the image has them, else from call
//! targets; [`Options::from`] marks which functions holding sites are
//! reachable from one function by direct calls.
//!
//! ```no_run
//! let bytes = std::fs::read("game.exe").unwrap();
//! let report = bitexact::scan::scan(&bytes, &bitexact::scan::Options::default()).unwrap();
//! for site in &report.sites {
//!     println!("{:#x} {} complete={}", site.va, site.signature.name(), site.complete);
//! }
//! ```
//!
//! Known limits, said plainly: code reached only through a jump table or a
//! function pointer the image does not relocate is not reached by the
//! descent, so its sites are not reported; the data flow follows
//! fall-through within a function, so a tempering sequence split across
//! branches is reported as partial chains.

mod decode;
mod flow;
mod graph;
mod image;
mod json;
mod signature;

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

pub use signature::{
    K1998, KNUTH, MATRIX_A, MSVC_ADD, MSVC_MUL, PSDES, SPLITMIX, TEMPER_B, TEMPER_C, UNIT_SCALES,
    WWLIB_ADD, WWLIB_MUL,
};

use decode::Code;
use flow::{Env, Flow};
use graph::Graph;
use image::Image;
use signature::{Matcher, RawSite, Tables};

/// The container format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// ELF, 32-bit.
    Elf32,
    /// ELF, 64-bit.
    Elf64,
    /// PE32 (32-bit Windows).
    Pe32,
    /// PE32+ (64-bit Windows).
    Pe32Plus,
}

impl Format {
    /// `elf32`, `elf64`, `pe32`, `pe32+`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Elf32 => "elf32",
            Format::Elf64 => "elf64",
            Format::Pe32 => "pe32",
            Format::Pe32Plus => "pe32+",
        }
    }
}

/// The instruction set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arch {
    /// 32-bit x86.
    X86,
    /// x86-64.
    X86_64,
}

impl Arch {
    /// `x86` or `x86_64`.
    pub fn name(self) -> &'static str {
        match self {
            Arch::X86 => "x86",
            Arch::X86_64 => "x86_64",
        }
    }
}

/// What the image is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImageInfo {
    /// Container format.
    pub format: Format,
    /// Instruction set.
    pub arch: Arch,
    /// The entry point, when it lies in code.
    pub entry: Option<u64>,
}

/// A generator signature (SPEC 10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Signature {
    /// MT19937 tempering: `>> 11`, `(<< 7) & 0x9d2c5680`, `(<< 15) &
    /// 0xefc60000`, `>> 18` on one value, in that order. One site per copy
    /// (an inlined draw is one copy).
    Mt19937Temper,
    /// The twist: `0x9908b0df` with the upper / lower masks. One site per function.
    Mt19937Twist,
    /// Knuth's seeding, `1812433253 · (x ^ (x >> 30)) + i`. One site per function.
    Mt19937SeedKnuth,
    /// The 1998 seeding, `* 69069`. One site per function. 69069 is also
    /// the multiplier of other LCGs: `seen` says whether `+ 1` followed.
    Mt19937Seed1998,
    /// Westwood's pseudo-DES (`Random3Class`): its eight mix constants, as
    /// immediates or as the tables the function reads. One site per function.
    WestwoodPsdes,
    /// WWLib `RandomClass`: `* 0x41c64e6d + 0x3039`. One site per multiply.
    WwlibLcg,
    /// MSVC `rand`: `* 0x343fd + 0x269ec3`. One site per multiply.
    MsvcRand,
    /// splitmix64 (laige's seeding): its three 64-bit constants. One site per function.
    Splitmix64,
    /// Mars' unit scale: a double `0x3df0000000100000` (or seed 000's
    /// literal `0x3df0000000001000`, or 2^-32) read from data by an FPU or
    /// SSE instruction. One site per instruction.
    SotsUnitScale,
}

impl Signature {
    /// Every signature.
    pub const ALL: [Signature; 9] = [
        Signature::Mt19937Temper,
        Signature::Mt19937Twist,
        Signature::Mt19937SeedKnuth,
        Signature::Mt19937Seed1998,
        Signature::WestwoodPsdes,
        Signature::WwlibLcg,
        Signature::MsvcRand,
        Signature::Splitmix64,
        Signature::SotsUnitScale,
    ];

    /// The name used in reports: `mt19937.temper`, `westwood.psdes`, ….
    pub fn name(self) -> &'static str {
        match self {
            Signature::Mt19937Temper => "mt19937.temper",
            Signature::Mt19937Twist => "mt19937.twist",
            Signature::Mt19937SeedKnuth => "mt19937.seed_knuth",
            Signature::Mt19937Seed1998 => "mt19937.seed_1998",
            Signature::WestwoodPsdes => "westwood.psdes",
            Signature::WwlibLcg => "wwlib.lcg",
            Signature::MsvcRand => "msvc.rand",
            Signature::Splitmix64 => "splitmix64",
            Signature::SotsUnitScale => "sots.unit_scale",
        }
    }
}

impl fmt::Display for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One place where a generator's arithmetic sits as instructions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Site {
    /// The lowest address of its instructions.
    pub va: u64,
    /// Which sequence.
    pub signature: Signature,
    /// Whether the whole sequence was seen (not, say, one mask alone).
    pub complete: bool,
    /// The parts of the sequence that were seen, in order.
    pub seen: Vec<String>,
    /// The instructions that make it, by address.
    pub instructions: Vec<u64>,
    /// Index into [`Report::functions`].
    pub function: usize,
}

/// A function holding at least one site.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Function {
    /// Start address.
    pub va: u64,
    /// Its symbol, when the image has one.
    pub name: Option<String>,
    /// Number of sites in it.
    pub sites: usize,
    /// Whether it is reachable by direct calls from [`Options::from`]
    /// (`None` when no origin was given).
    pub reachable: Option<bool>,
    /// When reachable: a shortest chain of direct calls from the origin,
    /// origin first, this function last (start address and symbol).
    pub path: Vec<(u64, Option<String>)>,
}

/// A known constant seen in the image's bytes other than as an operand of
/// an agreed instruction: data, or code bytes that are not an operand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataHit {
    /// Where its first byte is.
    pub va: u64,
    /// The constant (little-endian in the image).
    pub constant: u64,
    /// Its width in bytes (4 or 8).
    pub width: u8,
    /// The signature it belongs to.
    pub signature: Signature,
    /// The section (or segment) holding it.
    pub section: String,
    /// Whether an instruction of a site reads it (a unit-scale double, a psdes table).
    pub referenced: bool,
    /// Whether it lies in an executable section: code bytes that are not
    /// an operand of an agreed instruction (part of a longer immediate or
    /// a displacement, straddling two instructions, data in `.text`, or
    /// code the descent did not reach).
    pub in_code: bool,
    /// Whether the linear sweep decodes it as an operand of an instruction
    /// the descent never reached: code, perhaps, that only a jump table or
    /// a function pointer the scan could not follow leads to. A site may
    /// hide here; the scan does not count it (SPEC 10) but says so.
    pub sweep_only: bool,
}

/// How many instructions the two decodings found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stats {
    /// Bytes in executable sections.
    pub code_bytes: u64,
    /// Instructions the linear sweep decoded.
    pub swept: u64,
    /// Of them, the ones the recursive descent also decoded.
    pub agreed: u64,
    /// Functions found (with or without sites).
    pub functions: usize,
}

/// What [`scan`] found.
#[derive(Debug, Clone)]
pub struct Report {
    /// The image.
    pub image: ImageInfo,
    /// Every site, by address.
    pub sites: Vec<Site>,
    /// Every function holding a site, by address.
    pub functions: Vec<Function>,
    /// Known constants seen only as data (at most [`MAX_DATA_HITS`]).
    pub data: Vec<DataHit>,
    /// Decoding figures.
    pub stats: Stats,
    /// The origin functions of the reachability, when one was given.
    pub from: Vec<u64>,
}

/// At most this many [`DataHit`]s are listed.
pub const MAX_DATA_HITS: usize = 10_000;

/// Where reachability starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// Every function with this symbol name.
    Name(String),
    /// The function holding this address.
    Va(u64),
}

impl Origin {
    /// `0x…` (hex) or a decimal number is an address; anything else a name.
    pub fn parse(s: &str) -> Origin {
        let hex = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X"));
        match hex {
            Some(h) if !h.is_empty() => match u64::from_str_radix(h, 16) {
                Ok(v) => Origin::Va(v),
                Err(_) => Origin::Name(s.into()),
            },
            _ => Origin::Name(s.into()),
        }
    }
}

/// Scan options.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Mark which functions holding sites are reachable from here.
    pub from: Option<Origin>,
}

/// Why an image could not be scanned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScanError {
    /// Not a PE / ELF x86 image (another format or architecture).
    Unsupported(String),
    /// A PE / ELF image whose headers are truncated or inconsistent.
    Malformed(String),
    /// The reachability origin names no function of the image.
    NoSuchFunction(String),
}

impl fmt::Display for ScanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScanError::Unsupported(why) => write!(f, "unsupported image: {why}"),
            ScanError::Malformed(why) => write!(f, "unreadable image: {why}"),
            ScanError::NoSuchFunction(why) => f.write_str(why),
        }
    }
}

impl core::error::Error for ScanError {}

/// The ABI's caller-saved registers, a bit per register (RAX = bit 0).
fn caller_saved(info: &ImageInfo) -> u16 {
    const RAX: u16 = 1;
    const RCX: u16 = 1 << 1;
    const RDX: u16 = 1 << 2;
    const RSI: u16 = 1 << 6;
    const RDI: u16 = 1 << 7;
    const R8_11: u16 = 0xf << 8;
    match (info.format, info.arch) {
        (_, Arch::X86) => RAX | RCX | RDX,
        (Format::Pe32 | Format::Pe32Plus, Arch::X86_64) => RAX | RCX | RDX | R8_11,
        _ => RAX | RCX | RDX | RSI | RDI | R8_11,
    }
}

/// The flow's view of the image.
struct ImageEnv<'i, 'a> {
    image: &'i Image<'a>,
    code: &'i Code,
    thunks: Vec<(u64, Option<usize>)>,
}

impl Env for ImageEnv<'_, '_> {
    fn read_const(&self, va: u64, size: usize) -> Option<u64> {
        let (r, _) = self.image.region_of(va)?;
        if r.writable {
            return None;
        }
        self.read_initial(va, size)
    }

    fn read_initial(&self, va: u64, size: usize) -> Option<u64> {
        let (r, off) = self.image.region_of(va)?;
        let b = r.bytes.get(off..off.checked_add(size)?)?;
        let mut w = [0u8; 8];
        w[..size.min(8)].copy_from_slice(&b[..size.min(8)]);
        Some(u64::from_le_bytes(w))
    }

    fn pc_thunk(&mut self, va: u64) -> Option<usize> {
        if let Some(&(_, r)) = self.thunks.iter().find(|(t, _)| *t == va) {
            return r;
        }
        let r = (|| {
            let first = self.code.decode_at(self.image, va)?;
            let second = self.code.decode_at(self.image, first.next_ip())?;
            let is_load_of_sp = first.mnemonic() == iced_x86::Mnemonic::Mov
                && first.op_count() == 2
                && first.op1_kind() == iced_x86::OpKind::Memory
                && first.memory_base() == iced_x86::Register::ESP
                && first.memory_index() == iced_x86::Register::None
                && first.memory_displacement64() == 0;
            if !is_load_of_sp || second.mnemonic() != iced_x86::Mnemonic::Ret {
                return None;
            }
            flow::gpr(first.op0_register()).map(|(r, _)| r)
        })();
        if self.thunks.len() < 64 {
            self.thunks.push((va, r));
        }
        r
    }
}

/// Scans an image held in memory.
///
/// Errors: [`ScanError::Unsupported`] for anything but a PE / ELF x86 or
/// x86-64 image (or a relocatable object), [`ScanError::Malformed`] for a
/// truncated or damaged one, [`ScanError::NoSuchFunction`] when
/// [`Options::from`] names nothing. Never panics on any input.
pub fn scan(bytes: &[u8], options: &Options) -> Result<Report, ScanError> {
    let image = Image::parse(bytes)?;
    let code = Code::decode(&image, &[]);
    let graph = Graph::build(&image, &code);

    let from = match &options.from {
        None => None,
        Some(origin) => Some(resolve(&graph, origin)?),
    };

    let tables = find_tables(&image);
    let mut env = ImageEnv {
        image: &image,
        code: &code,
        thunks: Vec::new(),
    };
    let mut flow = Flow::new(image.bitness, caller_saved(&image.info));
    let mut raw: Vec<(usize, RawSite)> = Vec::new();
    let mut scratch = Vec::new();
    let mut referenced: Vec<u64> = Vec::new();
    for (fi, f) in graph.funcs.iter().enumerate() {
        flow.reset();
        let mut m = Matcher::default();
        code.for_each_in(&image, f.va, f.end, |ins| {
            m.feed(ins, &mut flow, &mut env, &tables, image.bitness);
        });
        m.finish(&mut scratch, &mut referenced);
        raw.extend(scratch.drain(..).map(|s| (fi, s)));
    }

    let reach = from.as_ref().map(|roots| graph.reach(roots));
    let mut functions: Vec<Function> = Vec::new();
    let mut index_of: Vec<(usize, usize)> = Vec::new();
    let mut sites = Vec::with_capacity(raw.len());
    for (fi, s) in raw {
        let slot = match index_of.iter().find(|(g, _)| *g == fi) {
            Some(&(_, i)) => i,
            None => {
                let f = &graph.funcs[fi];
                let (reachable, path) = match &reach {
                    None => (None, Vec::new()),
                    Some(parent) => match parent[fi] {
                        None => (Some(false), Vec::new()),
                        Some(_) => (Some(true), path_to(parent, fi, &graph)),
                    },
                };
                functions.push(Function {
                    va: f.va,
                    name: f.name.clone(),
                    sites: 0,
                    reachable,
                    path,
                });
                index_of.push((fi, functions.len() - 1));
                functions.len() - 1
            }
        };
        functions[slot].sites += 1;
        let va = s
            .instructions
            .first()
            .copied()
            .unwrap_or(graph.funcs[fi].va);
        sites.push(Site {
            va,
            signature: s.signature,
            complete: s.complete,
            seen: s.seen,
            instructions: s.instructions,
            function: slot,
        });
    }
    sites.sort_by_key(|s| (s.va, s.signature));
    referenced.sort_unstable();
    referenced.dedup();
    let data = data_hits(&image, &code, &referenced, &tables);
    let code_bytes = image
        .regions
        .iter()
        .filter(|r| r.exec)
        .map(|r| r.bytes.len() as u64)
        .sum();
    Ok(Report {
        image: image.info,
        sites,
        functions,
        data,
        stats: Stats {
            code_bytes,
            swept: code.swept,
            agreed: code.agreed,
            functions: graph.funcs.len(),
        },
        from: from
            .unwrap_or_default()
            .iter()
            .map(|&i| graph.funcs[i].va)
            .collect(),
    })
}

fn resolve(graph: &Graph, origin: &Origin) -> Result<Vec<usize>, ScanError> {
    match origin {
        Origin::Name(n) => {
            let hits: Vec<usize> = graph
                .funcs
                .iter()
                .enumerate()
                .filter(|(_, f)| f.name.as_deref() == Some(n.as_str()))
                .map(|(i, _)| i)
                .collect();
            // 32-bit Windows decorates C names: `_name`, `_name@8`, `@name@8`.
            let hits = if hits.is_empty() {
                graph
                    .funcs
                    .iter()
                    .enumerate()
                    .filter(|(_, f)| f.name.as_deref().is_some_and(|m| undecorated(m) == n))
                    .map(|(i, _)| i)
                    .collect()
            } else {
                hits
            };
            if hits.is_empty() {
                let named = graph.funcs.iter().filter(|f| f.name.is_some()).count();
                return Err(ScanError::NoSuchFunction(alloc::format!(
                    "--from {n}: no function of that name in the image ({named} functions have symbols; give an address like 0x401000)"
                )));
            }
            Ok(hits)
        }
        Origin::Va(va) => graph
            .containing(*va)
            .map(|i| alloc::vec![i])
            .ok_or_else(|| {
                ScanError::NoSuchFunction(alloc::format!(
                    "--from {va:#x}: no code of the image at that address"
                ))
            }),
    }
}

/// A 32-bit Windows C name without its `_` / `@` prefix and `@N` suffix.
fn undecorated(name: &str) -> &str {
    let s = name.strip_prefix(['_', '@']).unwrap_or(name);
    match s.rsplit_once('@') {
        Some((base, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => base,
        _ => s,
    }
}

fn path_to(parent: &[Option<u32>], mut f: usize, graph: &Graph) -> Vec<(u64, Option<String>)> {
    let step = |f: usize| (graph.funcs[f].va, graph.funcs[f].name.clone());
    let mut path = alloc::vec![step(f)];
    while let Some(p) = parent[f] {
        if p as usize == f {
            break;
        }
        f = p as usize;
        path.push(step(f));
        if path.len() > graph.funcs.len() {
            break;
        }
    }
    path.reverse();
    path
}

/// Calls `f(offset, key)` for every offset of `hay` where one of the
/// little-endian 32-bit `keys` starts (one pass, a hashed filter: data is
/// mostly zeros and small numbers, which a byte-by-byte search would
/// stop at).
fn each_word(hay: &[u8], keys: &[u32], mut f: impl FnMut(usize, u32)) {
    let hash = |w: u32| (w.wrapping_mul(0x9e37_79b1) >> 20) as usize;
    let mut filter = [0u64; 64];
    for &k in keys {
        filter[hash(k) / 64] |= 1 << (hash(k) % 64);
    }
    for (i, win) in hay.windows(4).enumerate() {
        let w = u32::from_le_bytes([win[0], win[1], win[2], win[3]]);
        let h = hash(w);
        if filter[h / 64] >> (h % 64) & 1 == 1 && keys.contains(&w) {
            f(i, w);
        }
    }
}

/// Where the psdes tables lie in the image's bytes.
fn find_tables(image: &Image<'_>) -> Tables {
    let mut t = Tables::default();
    let firsts = [PSDES[0], PSDES[4]];
    for r in &image.regions {
        each_word(r.bytes, &firsts, |i, w| {
            let which = usize::from(w == PSDES[4]);
            let words = &PSDES[which * 4..which * 4 + 4];
            let whole = words
                .iter()
                .enumerate()
                .all(|(j, c)| r.bytes.get(i + 4 * j..i + 4 * j + 4) == Some(&c.to_le_bytes()[..]));
            if whole {
                t.psdes.push((r.va + i as u64, which));
            }
        });
    }
    t
}

/// Distinctive constants seen in the bytes but not as an operand of an
/// agreed instruction.
fn data_hits(image: &Image<'_>, code: &Code, referenced: &[u64], tables: &Tables) -> Vec<DataHit> {
    let mut pats: Vec<(u64, u8, Signature)> = alloc::vec![
        (u64::from(TEMPER_B), 4, Signature::Mt19937Temper),
        (u64::from(TEMPER_C), 4, Signature::Mt19937Temper),
        (u64::from(MATRIX_A), 4, Signature::Mt19937Twist),
        (u64::from(KNUTH), 4, Signature::Mt19937SeedKnuth),
        (u64::from(WWLIB_MUL), 4, Signature::WwlibLcg),
    ];
    pats.extend(
        PSDES
            .iter()
            .map(|&c| (u64::from(c), 4, Signature::WestwoodPsdes)),
    );
    pats.extend(SPLITMIX.iter().map(|&c| (c, 8, Signature::Splitmix64)));
    pats.extend(
        UNIT_SCALES[..2]
            .iter()
            .map(|&(c, _)| (c, 8, Signature::SotsUnitScale)),
    );
    let keys: Vec<u32> = pats.iter().map(|&(c, _, _)| c as u32).collect();
    let mut out = Vec::new();
    for r in &image.regions {
        each_word(r.bytes, &keys, |i, w| {
            for &(c, width, sig) in pats.iter().filter(|p| p.0 as u32 == w) {
                if width == 8 && r.bytes.get(i..i + 8) != Some(&c.to_le_bytes()[..]) {
                    continue;
                }
                let va = r.va + i as u64;
                if out.len() >= MAX_DATA_HITS
                    || (r.exec && is_operand(va, c, width, |a| code.decode_at(image, a)))
                {
                    continue;
                }
                let in_read_table = sig == Signature::WestwoodPsdes
                    && tables.psdes.iter().any(|&(t, _)| {
                        va >= t && va < t + 16 && referenced.binary_search(&t).is_ok()
                    });
                let referenced = in_read_table || referenced.binary_search(&va).is_ok();
                out.push(DataHit {
                    va,
                    constant: c,
                    width,
                    signature: sig,
                    section: r.name.clone(),
                    referenced,
                    in_code: r.exec,
                    sweep_only: r.exec
                        && is_operand(va, c, width, |a| code.decode_swept_at(image, a)),
                });
            }
        });
    }
    out.sort_by_key(|d| d.va);
    out
}

/// Whether the bytes at `va` are the immediate `c` of an instruction that
/// `decode` gives (the agreed ones, or the sweep's own).
fn is_operand(
    va: u64,
    c: u64,
    w: u8,
    decode: impl Fn(u64) -> Option<iced_x86::Instruction>,
) -> bool {
    for back in 1..=14u64 {
        let Some(start) = va.checked_sub(back) else {
            break;
        };
        if let Some(ins) = decode(start) {
            if ins.next_ip() >= va + u64::from(w) {
                return (0..ins.op_count()).any(|i| {
                    matches!(
                        ins.op_kind(i),
                        iced_x86::OpKind::Immediate32
                            | iced_x86::OpKind::Immediate32to64
                            | iced_x86::OpKind::Immediate64
                    ) && (ins.immediate(i) == c || (w == 4 && ins.immediate(i) as u32 as u64 == c))
                });
            }
        }
    }
    false
}
