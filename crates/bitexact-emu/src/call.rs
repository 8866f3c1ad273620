//! One call of a function in the [`Machine`] (SPEC 13): arguments laid out
//! by the calling convention, the control word set, the run, and what came
//! back — EAX, EDX, ST(0) as the 80-bit value, the buffers after the call.

use unicorn_engine::RegisterX86;

use crate::error::EmuError;
use crate::fpu::F80;
use crate::layout::{SENTINEL, STACK_TOP};
use crate::machine::Machine;

/// The calling convention.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conv {
    /// Arguments on the stack right to left; the caller pops them.
    Cdecl,
    /// As cdecl; the callee pops them.
    Stdcall,
    /// The first argument (`this`) in ECX, the rest as stdcall.
    Thiscall,
    /// The first two 32-bit integer or pointer arguments in ECX and EDX,
    /// the rest as stdcall.
    Fastcall,
}

/// A scalar value: an argument, or one element of a buffer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scalar {
    /// A signed 32-bit integer.
    I32(i32),
    /// An unsigned 32-bit integer.
    U32(u32),
    /// An f32.
    F32(f32),
    /// An f64.
    F64(f64),
    /// A byte (buffers only).
    U8(u8),
}

/// The element type of a buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elem {
    /// `i32`
    I32,
    /// `u32`
    U32,
    /// `f32`
    F32,
    /// `f64`
    F64,
    /// `u8`
    U8,
}

impl Elem {
    /// Its size in bytes.
    pub fn size(self) -> usize {
        match self {
            Elem::F64 => 8,
            Elem::U8 => 1,
            _ => 4,
        }
    }

    /// Its name in the argument syntax.
    pub fn name(self) -> &'static str {
        match self {
            Elem::I32 => "i32",
            Elem::U32 => "u32",
            Elem::F32 => "f32",
            Elem::F64 => "f64",
            Elem::U8 => "u8",
        }
    }

    /// Reads one element from its little-endian bytes.
    pub fn read(self, b: &[u8]) -> Scalar {
        let w = |n: usize| {
            let mut x = [0u8; 8];
            x[..n].copy_from_slice(&b[..n]);
            u64::from_le_bytes(x)
        };
        match self {
            Elem::I32 => Scalar::I32(w(4) as u32 as i32),
            Elem::U32 => Scalar::U32(w(4) as u32),
            Elem::F32 => Scalar::F32(f32::from_bits(w(4) as u32)),
            Elem::F64 => Scalar::F64(f64::from_bits(w(8))),
            Elem::U8 => Scalar::U8(b[0]),
        }
    }
}

impl Scalar {
    /// Its little-endian bytes (4 for the 32-bit kinds, 8 for f64, 1 for
    /// u8).
    pub fn bytes(self) -> Vec<u8> {
        match self {
            Scalar::I32(v) => v.to_le_bytes().to_vec(),
            Scalar::U32(v) => v.to_le_bytes().to_vec(),
            Scalar::F32(v) => v.to_bits().to_le_bytes().to_vec(),
            Scalar::F64(v) => v.to_bits().to_le_bytes().to_vec(),
            Scalar::U8(v) => vec![v],
        }
    }
}

/// One argument.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// A value passed directly (f64 takes two stack slots).
    Value(Scalar),
    /// A buffer the caller lays out in the heap, passed by pointer.
    Buf {
        /// Its element type.
        elem: Elem,
        /// Its elements.
        values: Vec<Scalar>,
    },
}

/// A general register a value or buffer can be given in (SPEC 13.1:
/// private conventions of whole-program-optimised code). ESP is the
/// stack's and cannot be given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reg {
    /// `eax`
    Eax,
    /// `ebx`
    Ebx,
    /// `ecx`
    Ecx,
    /// `edx`
    Edx,
    /// `esi`
    Esi,
    /// `edi`
    Edi,
    /// `ebp`
    Ebp,
    /// `esp` (read back only)
    Esp,
}

impl Reg {
    /// Every register, in the order [`Outcome::regs`] holds them.
    pub const ALL: [Reg; 8] = [
        Reg::Eax,
        Reg::Ebx,
        Reg::Ecx,
        Reg::Edx,
        Reg::Esi,
        Reg::Edi,
        Reg::Ebp,
        Reg::Esp,
    ];

    /// Its name, lower case.
    pub fn name(self) -> &'static str {
        match self {
            Reg::Eax => "eax",
            Reg::Ebx => "ebx",
            Reg::Ecx => "ecx",
            Reg::Edx => "edx",
            Reg::Esi => "esi",
            Reg::Edi => "edi",
            Reg::Ebp => "ebp",
            Reg::Esp => "esp",
        }
    }

    /// The register named `n` (any case).
    pub fn parse(n: &str) -> Option<Reg> {
        Reg::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(n.trim()))
    }

    pub(crate) fn unicorn(self) -> RegisterX86 {
        match self {
            Reg::Eax => RegisterX86::EAX,
            Reg::Ebx => RegisterX86::EBX,
            Reg::Ecx => RegisterX86::ECX,
            Reg::Edx => RegisterX86::EDX,
            Reg::Esi => RegisterX86::ESI,
            Reg::Edi => RegisterX86::EDI,
            Reg::Ebp => RegisterX86::EBP,
            Reg::Esp => RegisterX86::ESP,
        }
    }
}

/// Memory read back after the call (a global the function writes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutBuf {
    /// Its address.
    pub address: u32,
    /// Its element type.
    pub elem: Elem,
    /// How many elements.
    pub count: usize,
}

/// A call to make.
#[derive(Clone, Debug)]
pub struct Call {
    /// The function's address.
    pub address: u32,
    /// The calling convention.
    pub conv: Conv,
    /// The arguments, left to right.
    pub args: Vec<Arg>,
    /// The x87 control word the call runs under.
    pub cw: u16,
    /// The instruction budget.
    pub max_instructions: u64,
    /// Memory to read back after the call.
    pub out: Vec<OutBuf>,
    /// Registers set before the call (after the convention's own), each to
    /// a value or a buffer's address; their buffers follow the arguments'
    /// in [`Outcome::buffers`].
    pub regs: Vec<(Reg, Arg)>,
    /// The buffers' names, for errors (an overrun names its buffer): one
    /// per buffer argument, then one per register buffer; missing names
    /// are "argument K" and the register's name.
    pub names: Vec<String>,
}

impl Default for Call {
    /// No function yet (address 0), cdecl, no arguments, control word
    /// 0x027F, a budget of 10^7 instructions.
    fn default() -> Call {
        Call {
            address: 0,
            conv: Conv::Cdecl,
            args: Vec::new(),
            cw: 0x027f,
            max_instructions: 10_000_000,
            out: Vec::new(),
            regs: Vec::new(),
            names: Vec::new(),
        }
    }
}

/// What a call gave back.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// EAX after the return.
    pub eax: u32,
    /// EDX after the return.
    pub edx: u32,
    /// ST(0), when the x87 stack is not empty.
    pub st0: Option<F80>,
    /// How many x87 registers hold values after the return.
    pub depth: usize,
    /// The control word after the return.
    pub cw: u16,
    /// Instructions executed.
    pub instructions: u64,
    /// The instructions run on the host x87.
    pub host_ops: Vec<&'static str>,
    /// Where the status word was first read, if it was.
    pub status_read: Option<u32>,
    /// The CRT helpers whose built-in x87 models ran.
    pub crt_models: Vec<&'static str>,
    /// Each buffer after the call: the arguments' in order, then the
    /// registers'.
    pub buffers: Vec<Vec<Scalar>>,
    /// The general registers after the return, in [`Reg::ALL`]'s order.
    pub regs: [u32; 8],
    /// Each [`OutBuf`] after the call.
    pub out: Vec<Vec<Scalar>>,
    /// The bytes of arguments the callee popped (0 for cdecl).
    pub popped: u32,
    /// The bytes of arguments on the stack.
    pub stack_bytes: u32,
}

/// Makes `call` in `m` (whose image is loaded), its buffers laid out
/// afresh from their values.
///
/// Errors: the run's (see [`Machine::run`]), [`EmuError::BufferOverrun`]
/// for a write outside a buffer, and [`EmuError::BadCall`] for a thiscall
/// without a 32-bit first argument, or buffers that do not fit.
pub fn call(m: &mut Machine, c: &Call) -> Result<Outcome, EmuError> {
    make(m, c, false)
}

/// Makes `call` again with the buffers as the previous call on `m` left
/// them (SPEC 13.1: state carried between calls — a generator's state
/// across draws); the buffers' values in `c` are not written. The first
/// call on a machine, or one whose buffers differ in number or size from
/// the previous call's, lays them out afresh as [`call`] does.
pub fn call_carried(m: &mut Machine, c: &Call) -> Result<Outcome, EmuError> {
    make(m, c, true)
}

/// The buffers of `c`: its arguments', then its registers', as (element
/// type, values, name).
fn buffers_of(c: &Call) -> Vec<(Elem, &[Scalar], String)> {
    let mut out = Vec::new();
    let mut named = c.names.iter();
    for (k, a) in c.args.iter().enumerate() {
        if let Arg::Buf { elem, values } = a {
            let name = named.next().cloned().unwrap_or(format!("argument {k}"));
            out.push((*elem, values.as_slice(), name));
        }
    }
    for (r, a) in &c.regs {
        if let Arg::Buf { elem, values } = a {
            let name = named.next().cloned().unwrap_or(r.name().to_string());
            out.push((*elem, values.as_slice(), name));
        }
    }
    out
}

fn make(m: &mut Machine, c: &Call, carry: bool) -> Result<Outcome, EmuError> {
    let bufs = buffers_of(c);
    let sizes: Vec<usize> = bufs.iter().map(|(e, v, _)| e.size() * v.len()).collect();
    let reuse = carry && m.buffer_sizes() == sizes;
    let addrs: Vec<u32> = if reuse {
        m.buffer_addresses()
    } else {
        m.heap_reset();
        let mut addrs = Vec::new();
        for (_, values, name) in &bufs {
            let bytes: Vec<u8> = values.iter().flat_map(|v| v.bytes()).collect();
            addrs.push(m.heap_alloc(&bytes, name)?);
        }
        addrs
    };
    let mut next_buf = addrs.iter().copied();
    let mut words: Vec<Scalar> = Vec::new();
    for a in &c.args {
        match a {
            Arg::Value(v) => words.push(*v),
            Arg::Buf { .. } => words.push(Scalar::U32(next_buf.next().unwrap_or(0))),
        }
    }
    let is_int = |v: &Scalar| matches!(v, Scalar::I32(_) | Scalar::U32(_) | Scalar::U8(_));
    let mut regs: Vec<(RegisterX86, u32)> = Vec::new();
    let mut stack: Vec<Scalar> = Vec::new();
    match c.conv {
        Conv::Cdecl | Conv::Stdcall => stack = words.clone(),
        Conv::Thiscall => {
            let mut it = words.iter();
            match it.next() {
                Some(v) if is_int(v) => regs.push((RegisterX86::ECX, word(*v))),
                _ => {
                    return Err(EmuError::BadCall(
                        "a thiscall needs a first argument that is a pointer or a 32-bit integer (this)"
                            .into(),
                    ))
                }
            }
            stack = it.copied().collect();
        }
        Conv::Fastcall => {
            let mut free = [RegisterX86::ECX, RegisterX86::EDX].into_iter();
            for v in &words {
                if is_int(v) {
                    if let Some(r) = free.next() {
                        regs.push((r, word(*v)));
                        continue;
                    }
                }
                stack.push(*v);
            }
        }
    }
    for (r, a) in &c.regs {
        let v = match a {
            Arg::Value(v) => word(*v),
            Arg::Buf { .. } => next_buf.next().unwrap_or(0),
        };
        regs.push((r.unicorn(), v));
    }
    let bytes: Vec<u8> = stack
        .iter()
        .flat_map(|v| match v {
            Scalar::U8(b) => u32::from(*b).to_le_bytes().to_vec(),
            other => other.bytes(),
        })
        .collect();
    let stack_bytes = bytes.len() as u32;
    let esp = STACK_TOP - stack_bytes - 4;
    let mut frame = SENTINEL.to_le_bytes().to_vec();
    frame.extend_from_slice(&bytes);
    m.write(esp, &frame)?;
    // Callee-saved registers start at values a caller could hold.
    for r in [
        RegisterX86::EAX,
        RegisterX86::EBX,
        RegisterX86::ECX,
        RegisterX86::EDX,
        RegisterX86::ESI,
        RegisterX86::EDI,
    ] {
        m.set_reg(r, 0)?;
    }
    m.set_reg(RegisterX86::EBP, STACK_TOP)?;
    m.set_reg(RegisterX86::ESP, esp)?;
    m.set_reg(RegisterX86::EFLAGS, 0x202)?;
    for (r, v) in regs {
        m.set_reg(r, v)?;
    }
    m.reset_fpu(c.cw)?;
    let stats = m.run(c.address, c.max_instructions)?;
    let fpu = m.fpu()?;
    let st0 = fpu.is_full(0).then_some(fpu.st[0]);
    let esp_after = m.reg(RegisterX86::ESP);
    let popped = esp_after.wrapping_sub(esp + 4);
    let mut after = Vec::new();
    for (&at, (elem, values, _)) in addrs.iter().zip(&bufs) {
        after.push(read_elems(m, at, *elem, values.len())?);
    }
    let mut out = Vec::new();
    for o in &c.out {
        out.push(read_elems(m, o.address, o.elem, o.count).map_err(|_| {
            EmuError::BadCall(format!(
                "the output buffer at {:#010x} ({} × {}) is not mapped memory",
                o.address,
                o.count,
                o.elem.name()
            ))
        })?);
    }
    Ok(Outcome {
        eax: m.reg(RegisterX86::EAX),
        edx: m.reg(RegisterX86::EDX),
        st0,
        depth: fpu.depth(),
        cw: fpu.cw,
        instructions: stats.instructions,
        host_ops: stats.host_ops,
        status_read: stats.status_read,
        crt_models: stats.crt_models,
        buffers: after,
        regs: Reg::ALL.map(|r| m.reg(r.unicorn())),
        out,
        popped,
        stack_bytes,
    })
}

fn word(v: Scalar) -> u32 {
    match v {
        Scalar::I32(x) => x as u32,
        Scalar::U32(x) => x,
        Scalar::U8(x) => u32::from(x),
        Scalar::F32(x) => x.to_bits(),
        Scalar::F64(x) => x.to_bits() as u32,
    }
}

fn read_elems(m: &Machine, at: u32, elem: Elem, n: usize) -> Result<Vec<Scalar>, EmuError> {
    let b = m.read(at, elem.size() * n)?;
    Ok(b.chunks(elem.size()).map(|c| elem.read(c)).collect())
}
