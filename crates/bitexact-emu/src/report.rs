//! What a call reports, as JSON: the `--json` object of one call and the
//! trace record (SPEC 5's shape, which `bitexact trace compare` reads) of
//! one batch line.
//!
//! Floats are written so they read back to the same bits: an f32 as its
//! shortest decimal (the trace reader parses it correctly rounded), an f64
//! in a trace record as `"0x"` + 16 hex digits, any non-finite f32 as
//! `"0x"` + 8 hex digits; ST(0) always also as its 20-digit 80-bit hex.

use crate::call::{Conv, Outcome, Scalar};
use crate::fpu::F80;

/// A JSON value, written in field order with floats as exact text.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    /// An integer.
    Int(i128),
    /// A number already written as JSON text.
    Num(String),
    /// A string.
    Str(String),
    /// `true` / `false`.
    Bool(bool),
    /// An array.
    List(Vec<Json>),
    /// An object.
    Obj(Vec<(String, Json)>),
}

impl Json {
    fn write(&self, out: &mut String) {
        match self {
            Json::Int(i) => out.push_str(&i.to_string()),
            Json::Num(n) => out.push_str(n),
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Json::Str(s) => out.push_str(&bitexact::json::string(s)),
            Json::List(v) => {
                out.push('[');
                for (i, x) in v.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    x.write(out);
                }
                out.push(']');
            }
            Json::Obj(v) => {
                out.push('{');
                for (i, (k, x)) in v.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    out.push_str(&bitexact::json::string(k));
                    out.push_str(": ");
                    x.write(out);
                }
                out.push('}');
            }
        }
    }
}

impl std::fmt::Display for Json {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut s = String::new();
        self.write(&mut s);
        f.write_str(&s)
    }
}

/// An f32: its shortest decimal when finite, else its bits as `"0x…"`.
pub fn f32_json(x: f32) -> Json {
    if x.is_finite() {
        Json::Num(format!("{x:?}"))
    } else {
        Json::Str(format!("0x{:08x}", x.to_bits()))
    }
}

/// An f64 as a plain number (finite) or its bits ([`f64_bits`]).
pub fn f64_number(x: f64) -> Json {
    if x.is_finite() {
        Json::Num(format!("{x:?}"))
    } else {
        f64_bits(x)
    }
}

/// An f64 as its bits, `"0x"` + 16 hex digits (the trace schema's f64).
pub fn f64_bits(x: f64) -> Json {
    Json::Str(format!("0x{:016x}", x.to_bits()))
}

/// One scalar as a trace value.
pub fn scalar_json(v: Scalar) -> Json {
    match v {
        Scalar::I32(x) => Json::Int(i128::from(x)),
        Scalar::U32(x) => Json::Int(i128::from(x)),
        Scalar::U8(x) => Json::Int(i128::from(x)),
        Scalar::F32(x) => f32_json(x),
        Scalar::F64(x) => f64_bits(x),
    }
}

fn list(v: &[Scalar]) -> Json {
    Json::List(v.iter().map(|&x| scalar_json(x)).collect())
}

/// ST(0) as `{"hex80", "f64", "f32"}`, the readings a caller's `fstp m64`
/// / `fstp m32` would store under control word `cw`.
pub fn st0_json(v: F80, cw: u16) -> Json {
    let f64v = v.to_f64_under(cw);
    let f32v = v.to_f32_under(cw);
    Json::Obj(vec![
        ("hex80".into(), Json::Str(v.hex())),
        ("f64".into(), f64_number(f64v)),
        ("f32".into(), f32_json(f32v)),
        (
            "f64_hex".into(),
            Json::Str(format!("0x{:016x}", f64v.to_bits())),
        ),
        (
            "f32_hex".into(),
            Json::Str(format!("0x{:08x}", f32v.to_bits())),
        ),
    ])
}

/// Which result a call returns (`--ret`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ret {
    /// EAX, unsigned.
    Eax,
    /// EDX:EAX, unsigned 64-bit.
    EdxEax,
    /// ST(0) as its 80-bit hex.
    St0,
    /// ST(0) as a caller's `fstp m32` stores it.
    F32,
    /// ST(0) as a caller's `fstp m64` stores it.
    F64,
    /// A general register after the return, unsigned.
    Reg(crate::call::Reg),
}

/// The x87 indefinite a caller's store reads from an empty stack (invalid
/// operation masked): what `--ret f32|f64|st0` gives when nothing was
/// returned in ST(0).
pub const INDEFINITE: F80 = F80 {
    mantissa: 0xc000_0000_0000_0000,
    sign_exponent: 0xffff,
};

/// The returned value as a trace value.
pub fn ret_json(o: &Outcome, ret: Ret, cw: u16) -> Json {
    let st0 = o.st0.unwrap_or(INDEFINITE);
    match ret {
        Ret::Eax => Json::Int(i128::from(o.eax)),
        Ret::EdxEax => Json::Int((i128::from(o.edx) << 32) | i128::from(o.eax)),
        Ret::St0 => Json::Str(st0.hex()),
        Ret::F32 => f32_json(st0.to_f32_under(cw)),
        Ret::F64 => f64_bits(st0.to_f64_under(cw)),
        Ret::Reg(r) => Json::Int(i128::from(o.regs[r as usize])),
    }
}

/// The returned value as the text output prints it: as [`ret_json`], but
/// an f64 as a number (its bits are in `--json`).
pub fn ret_text(o: &Outcome, ret: Ret, cw: u16) -> String {
    match ret {
        Ret::F64 => f64_number(o.st0.unwrap_or(INDEFINITE).to_f64_under(cw)).to_string(),
        _ => ret_json(o, ret, cw).to_string(),
    }
}

/// The notes a call's result carries: status-word reads, an empty stack
/// read as a float result, a convention the stack pointer contradicts.
pub fn notes(o: &Outcome, conv: Conv, ret: Ret) -> Vec<String> {
    let mut n = Vec::new();
    if let Some(at) = o.status_read {
        n.push(format!(
            "the FPU status word was read at {at:#010x}: its condition codes and TOP are modelled, its exception flags (IE DE ZE OE UE PE) are not"
        ));
    }
    if !o.crt_models.is_empty() {
        n.push(format!(
            "built-in x87 models of the CRT ran ({}): each runs its helper's x87 instruction sequence on this host's x87; the real CRT takes an SSE2 path on SSE2 hardware under the default control word, and handles edge cases the models do not",
            o.crt_models.join(", ")
        ));
    }
    if o.st0.is_none() && matches!(ret, Ret::St0 | Ret::F32 | Ret::F64) {
        n.push(
            "ST(0) was empty on return: the result is the indefinite a caller's fstp stores from an empty stack"
                .into(),
        );
    }
    if o.depth > 1 {
        n.push(format!(
            "{} x87 registers hold values on return (a function returns at most ST(0))",
            o.depth
        ));
    }
    let callee_pops = !matches!(conv, Conv::Cdecl);
    if callee_pops && o.popped != o.stack_bytes {
        n.push(format!(
            "the function popped {} bytes of the {} its stack arguments take: the convention or the arguments do not match it",
            o.popped as i32, o.stack_bytes
        ));
    } else if !callee_pops && o.popped != 0 {
        n.push(format!(
            "the function popped {} bytes of arguments: it is stdcall-like, not cdecl",
            o.popped as i32
        ));
    }
    n
}

/// The `--json` object of one call. `buffers` names each buffer argument,
/// `outs` each output buffer.
#[allow(clippy::too_many_arguments)]
pub fn call_json(
    function: &str,
    address: u32,
    conv: Conv,
    ret: Ret,
    cw: u16,
    o: &Outcome,
    outs: &[String],
    vendor: &str,
) -> Json {
    let mut f = vec![
        ("function".to_string(), Json::Str(function.into())),
        ("address".into(), Json::Int(i128::from(address))),
        ("conv".into(), Json::Str(conv_name(conv).into())),
        ("cw".into(), Json::Int(i128::from(cw))),
        ("ret".into(), ret_json(o, ret, cw)),
        ("eax".into(), Json::Int(i128::from(o.eax))),
        ("edx".into(), Json::Int(i128::from(o.edx))),
    ];
    if let Some(v) = o.st0 {
        f.push(("st0".into(), st0_json(v, cw)));
    }
    f.push(("fpu_depth".into(), Json::Int(o.depth as i128)));
    f.push(("instructions".into(), Json::Int(i128::from(o.instructions))));
    f.push((
        "buffers".into(),
        Json::List(o.buffers.iter().map(|b| list(b)).collect()),
    ));
    if !outs.is_empty() {
        f.push((
            "out".into(),
            Json::Obj(
                outs.iter()
                    .zip(&o.out)
                    .map(|(n, v)| (n.clone(), list(v)))
                    .collect(),
            ),
        ));
    }
    if !o.host_ops.is_empty() {
        f.push((
            "host_x87".into(),
            Json::Obj(vec![
                ("vendor".into(), Json::Str(vendor.into())),
                (
                    "ops".into(),
                    Json::List(o.host_ops.iter().map(|s| Json::Str((*s).into())).collect()),
                ),
            ]),
        ));
    }
    let notes = notes(o, conv, ret);
    if !notes.is_empty() {
        f.push((
            "notes".into(),
            Json::List(notes.into_iter().map(Json::Str).collect()),
        ));
    }
    Json::Obj(f)
}

/// One batch trace record: `call_id`, each argument under its name (a
/// buffer as its list, except those named in `omit`: carried buffers,
/// whose input is the record before's `NAME_after`), each register
/// buffer (`reg_buffers` names them) as `REG_after`, the result under `ret_name`, each buffer after the
/// call as `NAME_after`, each output buffer under its name.
#[allow(clippy::too_many_arguments)]
pub fn record(
    call_id: u64,
    names: &[String],
    args: &[crate::call::Arg],
    reg_buffers: &[String],
    omit: &[String],
    ret_name: &str,
    ret: Ret,
    cw: u16,
    o: &Outcome,
    outs: &[String],
) -> Json {
    use crate::call::Arg;
    let mut f = vec![("call_id".to_string(), Json::Int(i128::from(call_id)))];
    let mut bufs = o.buffers.iter();
    let mut after = Vec::new();
    for (name, a) in names.iter().zip(args) {
        match a {
            Arg::Value(v) => f.push((name.clone(), scalar_json(*v))),
            Arg::Buf { values, .. } => {
                if !omit.contains(name) {
                    f.push((name.clone(), list(values)));
                }
                if let Some(b) = bufs.next() {
                    after.push((format!("{name}_after"), list(b)));
                }
            }
        }
    }
    for (name, b) in reg_buffers.iter().zip(bufs) {
        after.push((format!("{name}_after"), list(b)));
    }
    f.push((ret_name.to_string(), ret_json(o, ret, cw)));
    f.extend(after);
    for (n, v) in outs.iter().zip(&o.out) {
        f.push((n.clone(), list(v)));
    }
    Json::Obj(f)
}

/// A key an object holds twice, if one does (a record whose argument
/// names, result name and buffers' `_after` fields collide).
pub fn duplicate_key(j: &Json) -> Option<String> {
    let Json::Obj(fields) = j else {
        return None;
    };
    let mut seen = std::collections::HashSet::new();
    fields
        .iter()
        .find(|(k, _)| !seen.insert(k.as_str()))
        .map(|(k, _)| k.clone())
}

/// The convention's name.
pub fn conv_name(c: Conv) -> &'static str {
    match c {
        Conv::Cdecl => "cdecl",
        Conv::Stdcall => "stdcall",
        Conv::Thiscall => "thiscall",
        Conv::Fastcall => "fastcall",
    }
}
