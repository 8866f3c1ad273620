//! One call of a function in the [`Machine`] (SPEC 13): arguments laid out
//! by the calling convention, the control word set, the run, and what came
//! back — EAX, EDX, ST(0) as the 80-bit value, the buffers after the call.

use unicorn_engine::RegisterX86;

use crate::error::EmuError;
use crate::fpu::F80;
use crate::machine::{Machine, SENTINEL, STACK_TOP};

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
    /// Each buffer argument after the call, in argument order.
    pub buffers: Vec<Vec<Scalar>>,
    /// Each [`OutBuf`] after the call.
    pub out: Vec<Vec<Scalar>>,
    /// The bytes of arguments the callee popped (0 for cdecl).
    pub popped: u32,
    /// The bytes of arguments on the stack.
    pub stack_bytes: u32,
}

/// Makes `call` in `m` (whose image is loaded).
///
/// Errors: the run's (see [`Machine::run`]), and [`EmuError::BadCall`] for
/// a thiscall without a 32-bit first argument, or buffers that do not fit.
pub fn call(m: &mut Machine, c: &Call) -> Result<Outcome, EmuError> {
    m.heap_reset();
    // Buffers first: their addresses are the arguments.
    let mut words: Vec<(Scalar, Option<usize>)> = Vec::new();
    let mut buffers = Vec::new();
    for a in &c.args {
        match a {
            Arg::Value(v) => words.push((*v, None)),
            Arg::Buf { elem, values } => {
                let bytes: Vec<u8> = values.iter().flat_map(|v| v.bytes()).collect();
                let at = m.heap_alloc(&bytes)?;
                buffers.push((at, *elem, values.len()));
                words.push((Scalar::U32(at), Some(buffers.len() - 1)));
            }
        }
    }
    let is_int = |v: &Scalar| matches!(v, Scalar::I32(_) | Scalar::U32(_) | Scalar::U8(_));
    let mut regs: Vec<(RegisterX86, u32)> = Vec::new();
    let mut stack: Vec<Scalar> = Vec::new();
    match c.conv {
        Conv::Cdecl | Conv::Stdcall => stack = words.iter().map(|w| w.0).collect(),
        Conv::Thiscall => {
            let mut it = words.iter();
            match it.next() {
                Some((v, _)) if is_int(v) => regs.push((RegisterX86::ECX, word(*v))),
                _ => {
                    return Err(EmuError::BadCall(
                        "a thiscall needs a first argument that is a pointer or a 32-bit integer (this)"
                            .into(),
                    ))
                }
            }
            stack = it.map(|w| w.0).collect();
        }
        Conv::Fastcall => {
            let mut free = [RegisterX86::ECX, RegisterX86::EDX].into_iter();
            for (v, _) in &words {
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
    for (at, elem, n) in buffers {
        after.push(read_elems(m, at, elem, n)?);
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
        buffers: after,
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
