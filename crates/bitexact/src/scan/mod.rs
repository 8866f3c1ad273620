//! Finding generator sites in PE / ELF x86 images (SPEC 10; seed 000,
//! "draws the call graph cannot see").
//!
//! A *site* is a place where a known generator's arithmetic sits as
//! instructions: the MT19937 tempering sequence in data-flow order, the
//! twist, the Knuth and 1998 seedings, Westwood's pseudo-DES, the WWLib and
//! MSVC LCGs, splitmix64, and Mars' unit-scale double read by the FPU. The
//! image is decoded twice — a linear sweep of the executable sections and a
//! recursive descent from the entry point, the function symbols, the
//! image's relocated code pointers, code addresses instructions take, every
//! direct call target, the jump tables it can bound and (PE32+) the
//! functions of the exception table — and only
//! operands of instructions both decodings agree on count: a constant in
//! data, inside a longer immediate or straddling two instructions is never a
//! site (it is listed in [`Report::data`] instead).
//!
//! Each site says how much of its sequence was seen ([`Site::complete`],
//! [`Site::seen`]), so a real inlined draw is told from a stray constant.
//! A signature is matched by the value its instructions compute, in each
//! compiler's spelling (SPEC 10.1: MSVC's masks before their shift, its
//! twist mix `((a ^ b) & 0x7fffffff) ^ a`, bounds held in registers or
//! counted down; the forms are listed in `temper.rs` and `signature/`), and
//! a seeding alone confirms no generator ([`Report::mt19937`]), nor does an
//! incomplete match of a constant other algorithms share
//! ([`Report::finding`]).
//! Functions come from symbols where the image has them, else from call
//! targets and the code pointers nothing falls or jumps into; an image
//! without symbols (a stripped executable) is descended again, in rounds,
//! from the function starts it still shows (`stripped.rs`: prologues after
//! padding, calls from unreached code, unrelocated pointers in data);
//! [`Options::from`] marks which functions holding sites are reachable from
//! one function by direct calls.
//!
//! ```no_run
//! let bytes = std::fs::read("game.exe").unwrap();
//! let report = bitexact::scan::scan(&bytes, &bitexact::scan::Options::default()).unwrap();
//! for site in &report.sites {
//!     println!("{:#x} {} complete={}", site.va, site.signature.name(), site.complete);
//! }
//! ```
//!
//! Known limits, said plainly: a jump table is read only as far as the
//! bound check before its jump allows, and not at all without one (a
//! computed goto) unless, in an image without relocations, its words are
//! the labels themselves; code reached only through a function pointer the
//! image neither relocates nor takes as an address (nor, without
//! relocations, holds in data) is not reached. Such code's
//! sites are not reported, but their constants are, as [`DataHit`]s with
//! [`DataHit::sweep_only`]. Calls to imports that never return (`exit`,
//! `abort`, `ExitProcess`, through the PLT or the IAT, and local functions
//! that end in one) end their path; bytes after a call to any other
//! function that never returns are decoded as code. The data flow follows fall-through
//! within a function, so a tempering sequence split across branches is
//! reported as partial chains; vector registers take part as the value of
//! their 32-bit lanes, so a vectorised tempering loop is one site.
//!
//! # Layers
//!
//! Each module imports only from the layers below its own (and from
//! `crate::json`, nothing else of the crate: never `find`, `report`,
//! `sync` or `params`); no two files import each other. Lowest first:
//!
//! 1. `report` (the public types: [`Signature`], [`Site`], [`Report`],
//!    [`ScanError`], …) and `constants` (the signatures' numbers).
//! 2. `finding` (what a report amounts to, worded once: [`Mt19937`],
//!    [`Finding`]), `raw` (a site before its function is known), `bits` (a
//!    bit per code byte), `image` (`image/layout.rs`, the model, below the
//!    readers `image/mod.rs`, `elf.rs` and `pe.rs` that fill it in).
//! 3. `flow`, the data flow (`flow/value.rs` and `writes.rs`, then
//!    `flow/mod.rs`'s `Flow`, then the files that extend it: `memory`,
//!    `vector`, `loops`, `step`).
//! 4. `tables` (jump tables, PC thunks: image, flow) and `prologue` (how
//!    a function opens: image, bits).
//! 5. The decoding: `descent` (bits, image, prologue, tables), `decode`
//!    (bits, descent, image), `stripped` (decode, image, prologue) and
//!    `graph` (decode, image, stripped).
//! 6. The matching: `env` (the flow's view of the image), `temper`
//!    (constants, flow, raw, report), `signature` (`signature/bounds.rs`
//!    and `signature/mod.rs`'s `Matcher`, then `finish.rs` extending it;
//!    temper, tables, flow, raw) and `data` (constants in data: decode,
//!    image, signature).
//! 7. `analyse` (every function walked: decode, env, flow, graph, image,
//!    raw, signature) and `json` (the report as JSON: report, finding,
//!    `crate::json`).
//! 8. This file: [`scan`], [`functions`], [`code_map`], assembling the
//!    [`Report`] from the layers below.

mod analyse;
mod bits;
mod constants;
mod data;
mod decode;
mod descent;
mod env;
mod finding;
mod flow;
mod graph;
mod image;
mod json;
mod prologue;
mod raw;
mod report;
mod signature;
mod stripped;
mod tables;
mod temper;

use alloc::string::String;
use alloc::vec::Vec;

pub use constants::{
    BY_ARRAY, K1998, KNUTH, MATRIX_A, MSVC_ADD, MSVC_MUL, PSDES, RES53, SPLITMIX, TEMPER_B,
    TEMPER_C, TEMPER_MSVC, UNIT_SCALES, WWLIB_ADD, WWLIB_MUL,
};

pub use finding::{Finding, Mt19937};
pub use report::{
    Arch, DataHit, Format, Function, ImageInfo, Options, Origin, Report, ScanError, Signature,
    Site, Stats, MAX_DATA_HITS,
};

use data::{data_hits, find_tables};
use decode::Code;
use graph::Graph;
use image::Image;

/// The sites of the code only the linear sweep decodes, and the runs of it
/// holding them (as functions without symbols).
fn sweep_only_sites(
    image: &Image<'_>,
    code: &Code,
    tables: &signature::Tables,
) -> (Vec<Site>, Vec<Function>) {
    let runs = code.sweep_only_runs(image);
    let raw = analyse::sweep_runs(image, code, tables, &runs);
    raw::place(raw, true, |k| Function {
        va: runs[k].0,
        name: None,
        sites: 0,
        reachable: None,
        path: Vec::new(),
    })
}

/// Every function the analysis finds in an image (symbols, exports, entry
/// points and direct call targets), as `(start address, symbol)` sorted by
/// address: the function map that names callers (`sync`'s `--image`).
///
/// Errors as [`scan`]'s. Never panics on any input.
pub fn functions(bytes: &[u8]) -> Result<Vec<(u64, Option<String>)>, ScanError> {
    let image = Image::parse(bytes)?;
    let (code, starts) = stripped::decode(&image, Code::decode(&image, &[]));
    let graph = Graph::build(&image, &code, &starts);
    Ok(graph.funcs.iter().map(|f| (f.va, f.name.clone())).collect())
}

/// The largest image read from a path: 1 GiB (the CLI's and Python's
/// limit).
pub const MAX_IMAGE: usize = 1 << 30;

/// The image at `path`, read whole: refused (with a one-line reason, the
/// path named) when it cannot be read, is a directory, or is over
/// [`MAX_IMAGE`] bytes — read no further than that.
pub fn read_image(path: &std::path::Path) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let shown = path.display();
    let file = std::fs::File::open(path).map_err(|e| std::format!("cannot read '{shown}': {e}"))?;
    let meta = file.metadata().ok();
    if meta.as_ref().is_some_and(|m| m.is_dir()) {
        return Err(std::format!("cannot read '{shown}': it is a directory"));
    }
    let too_long =
        || std::format!("'{shown}' is over {MAX_IMAGE} bytes, too long for this kind of file");
    if meta.is_some_and(|m| m.is_file() && m.len() > MAX_IMAGE as u64) {
        return Err(too_long());
    }
    let mut bytes = Vec::new();
    file.take(MAX_IMAGE as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| std::format!("cannot read '{shown}': {e}"))?;
    if bytes.len() > MAX_IMAGE {
        return Err(too_long());
    }
    Ok(bytes)
}

/// Where an address falls in an image's decoded code ([`CodeMap::boundary`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Boundary {
    /// An instruction both decodings agree on starts here.
    Start,
    /// Inside the agreed instruction `[start, end)`: not a place code can
    /// start.
    Inside {
        /// Where that instruction starts.
        start: u64,
        /// Where the next one starts.
        end: u64,
    },
    /// Inside no agreed instruction (padding, data, code the descent does
    /// not reach): nothing is known against starting here.
    Unknown,
}

/// An image's function map ([`functions`]) and its agreed instruction
/// boundaries, from one decoding.
#[derive(Clone, Debug)]
pub struct CodeMap {
    /// As [`functions`] returns them.
    pub functions: Vec<(u64, Option<String>)>,
    /// Every agreed instruction's start and length, by address.
    starts: Vec<(u64, u8)>,
}

impl CodeMap {
    /// Whether `va` starts an agreed instruction, lies inside one, or
    /// neither.
    pub fn boundary(&self, va: u64) -> Boundary {
        let k = self.starts.partition_point(|&(s, _)| s <= va);
        match k.checked_sub(1).map(|i| self.starts[i]) {
            Some((s, _)) if s == va => Boundary::Start,
            Some((s, len)) if va < s + u64::from(len) => Boundary::Inside {
                start: s,
                end: s + u64::from(len),
            },
            _ => Boundary::Unknown,
        }
    }
}

/// The function map and the instruction boundaries of an image: what a
/// tool that runs its code needs to name functions and refuse a start
/// inside an instruction (SPEC 13.1).
///
/// Errors as [`scan`]'s. Never panics on any input.
pub fn code_map(bytes: &[u8]) -> Result<CodeMap, ScanError> {
    let image = Image::parse(bytes)?;
    let (code, starts) = stripped::decode(&image, Code::decode(&image, &[]));
    let graph = Graph::build(&image, &code, &starts);
    let mut out = Vec::new();
    for (ri, _) in &code.maps {
        let r = &image.regions[*ri];
        code.for_each_in(&image, r.va, r.va + r.bytes.len() as u64, |ins| {
            out.push((ins.ip(), ins.len() as u8));
        });
    }
    out.sort_unstable();
    Ok(CodeMap {
        functions: graph.funcs.iter().map(|f| (f.va, f.name.clone())).collect(),
        starts: out,
    })
}

/// Scans an image held in memory.
///
/// Errors: [`ScanError::Unsupported`] for anything but a PE / ELF x86 or
/// x86-64 image (or a relocatable object), [`ScanError::Malformed`] for a
/// truncated or damaged one, [`ScanError::NoSuchFunction`] when
/// [`Options::from`] names nothing. Never panics on any input.
pub fn scan(bytes: &[u8], options: &Options) -> Result<Report, ScanError> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(16));
    scan_on(bytes, options, threads)
}

/// [`scan`] with the functions analysed on `threads` threads (at least
/// one): the same report for any number.
pub(crate) fn scan_on(
    bytes: &[u8],
    options: &Options,
    threads: usize,
) -> Result<Report, ScanError> {
    let image = Image::parse(bytes)?;
    // A stripped image gets more descents, from the function starts it
    // still shows.
    let (code, starts) = stripped::decode(&image, Code::decode(&image, &[]));
    let graph = Graph::build(&image, &code, &starts);

    let from = match &options.from {
        None => None,
        Some(origin) => Some(resolve(&graph, origin)?),
    };

    let tables = find_tables(&image);
    let (raw, mut referenced) = analyse::functions(&image, &code, &graph, &tables, threads);

    let reach = from.as_ref().map(|roots| graph.reach(roots));
    let (sites, functions) = raw::place(raw, false, |fi| {
        let f = &graph.funcs[fi];
        let (reachable, path) = match &reach {
            None => (None, Vec::new()),
            Some(parent) => match parent[fi] {
                None => (Some(false), Vec::new()),
                Some(_) => (Some(true), path_to(parent, fi, &graph)),
            },
        };
        Function {
            va: f.va,
            name: f.name.clone(),
            sites: 0,
            reachable,
            path,
        }
    });
    let (sweep_sites, sweep_runs) = if options.sweep {
        sweep_only_sites(&image, &code, &tables)
    } else {
        (Vec::new(), Vec::new())
    };
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
        sweep_sites,
        sweep_runs,
    })
}

fn resolve(graph: &Graph, origin: &Origin) -> Result<Vec<usize>, ScanError> {
    match origin {
        Origin::Name(n) => {
            let hits: Vec<usize> = graph
                .funcs
                .iter()
                .enumerate()
                .filter(|(_, f)| f.name.as_deref() == Some(n.as_str()) || f.aliases.contains(n))
                .map(|(i, _)| i)
                .collect();
            // 32-bit Windows decorates C names: `_name`, `_name@8`, `@name@8`.
            let hits = if hits.is_empty() {
                graph
                    .funcs
                    .iter()
                    .enumerate()
                    .filter(|(_, f)| f.name.iter().chain(&f.aliases).any(|m| undecorated(m) == n))
                    .map(|(i, _)| i)
                    .collect()
            } else {
                hits
            };
            if hits.is_empty() {
                let named = graph.funcs.iter().filter(|f| f.name.is_some()).count();
                return Err(ScanError::NoSuchFunction(alloc::format!(
                    "{n}: no function of that name in the image ({named} functions have symbols; give an address like 0x401000)"
                )));
            }
            Ok(hits)
        }
        Origin::Va(va) => graph
            .containing(*va)
            .map(|i| alloc::vec![i])
            .ok_or_else(|| {
                ScanError::NoSuchFunction(alloc::format!(
                    "{va:#x}: no code of the image at that address"
                ))
            }),
    }
}

/// A name without its ELF symbol version (`f@@VERS_2`, `f@VERS_1`), or a
/// 32-bit Windows C name without its `_` / `@` prefix and `@N` suffix.
fn undecorated(name: &str) -> &str {
    if let Some((base, version)) = name.split_once('@') {
        if !base.is_empty() && !version.is_empty() && !version.bytes().all(|b| b.is_ascii_digit()) {
            return base.trim_end_matches('@');
        }
    }
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
