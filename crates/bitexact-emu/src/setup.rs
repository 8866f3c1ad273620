//! What `call` and `batch` share before the first call: the image and its
//! DLLs loaded, the stubs given, the function resolved, the output
//! buffers and registers parsed ([`Setup`]).

use bitexact_emu::report::{self, Ret};
use bitexact_emu::{spec, Arg, Conv, OutBuf, Outcome, Program, Reg};

use crate::args::{Common, ConvArg, CrtArg};
use crate::fail::Fail;

/// A loaded program ready for its calls.
pub(crate) struct Setup {
    /// The image, its DLLs, its stubs.
    pub(crate) program: Program,
    /// The function's address.
    pub(crate) address: u32,
    /// The calling convention.
    pub(crate) conv: Conv,
    /// Which result a call returns.
    pub(crate) ret: Ret,
    /// The `--out-buf` memory read back after each call.
    pub(crate) out: Vec<OutBuf>,
    /// Their names (`out0`, … unless given).
    pub(crate) out_names: Vec<String>,
    /// The `--reg` registers set before each call.
    pub(crate) regs: Vec<(Reg, Arg)>,
}

impl Setup {
    /// Adds to `notes` each note of the call `o` ([`report::notes`]) not
    /// there yet, in order: what a run of many calls prints once.
    pub(crate) fn note(&self, o: &Outcome, notes: &mut Vec<String>) {
        for n in report::notes(o, self.conv, self.ret) {
            if !notes.contains(&n) {
                notes.push(n);
            }
        }
    }
}

/// Loads what `c` names: reads the image and each `--dll` (a DLL by its
/// file name), opens them, gives the `--stub`s and, with `--crt x87`, the
/// CRT helpers' models, resolves the function and each `--out-buf`'s
/// address (`0x` hex, else a function or data symbol), and parses the
/// `--reg`s. Errors: a file that cannot be read, the library's errors,
/// a text form that does not parse, an unknown symbol, a register given
/// twice.
pub(crate) fn setup(c: &Common) -> Result<Setup, Fail> {
    let bytes = std::fs::read(&c.image)
        .map_err(|e| Fail(format!("cannot read '{}': {e}", c.image.display())))?;
    let mut dlls = Vec::new();
    for d in &c.dll {
        let b =
            std::fs::read(d).map_err(|e| Fail(format!("cannot read '{}': {e}", d.display())))?;
        let name = d
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        dlls.push((name, b));
    }
    let mut program = Program::open_with(&bytes, c.base, &dlls, c.dll_main)?;
    for s in &c.stub {
        let (name, value, pops) = spec::stub(s)?;
        program.stub(&name, value, pops)?;
    }
    if c.crt == Some(CrtArg::X87) {
        program.crt_x87()?;
    }
    let address = program.resolve(&c.function)?;
    let mut out = Vec::new();
    let mut out_names = Vec::new();
    for (i, s) in c.out_buf.iter().enumerate() {
        let (name, rest) = match s.split_once('=') {
            Some((n, r)) => (n.to_string(), r),
            None => (format!("out{i}"), s.as_str()),
        };
        let (at, elem, count) = spec::out_buf(rest)?;
        let address = if at.starts_with("0x") || at.starts_with("0X") {
            spec::integer(&at, 0, i64::from(u32::MAX))? as u32
        } else {
            program
                .image
                .functions
                .iter()
                .find(|(_, n)| *n == at)
                .map(|&(va, _)| va)
                .or_else(|| program.image.data_symbol(&at))
                .ok_or_else(|| Fail(format!("no symbol '{at}' for the output buffer '{s}'")))?
        };
        out.push(OutBuf {
            address,
            elem,
            count,
        });
        out_names.push(name);
    }
    let mut regs: Vec<(Reg, Arg)> = Vec::new();
    for r in &c.reg {
        let (reg, arg) = spec::reg(r)?;
        if regs.iter().any(|(x, _)| *x == reg) {
            return Err(Fail(format!("'{r}': {} is given twice", reg.name())));
        }
        regs.push((reg, arg));
    }
    Ok(Setup {
        program,
        address,
        regs,
        conv: match c.conv {
            ConvArg::Cdecl => Conv::Cdecl,
            ConvArg::Stdcall => Conv::Stdcall,
            ConvArg::Thiscall => Conv::Thiscall,
            ConvArg::Fastcall => Conv::Fastcall,
        },
        ret: c.ret,
        out,
        out_names,
    })
}
