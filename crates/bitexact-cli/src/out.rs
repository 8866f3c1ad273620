//! Printing values in the three stream formats of SPEC 6.

use std::io::{self, Write};

pub use bitexact::engine::Value;

/// How `stream` prints: `--hex`, `--json` (or `--format`), else decimal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// One value per line: integers in decimal, floats in shortest round-trip form.
    Dec,
    /// Integers as 0x + 8 (32-bit) or 16 (64-bit) hex digits, floats as their bits.
    Hex,
    /// One object per line: {"i":…,"value":…,"bits":"0x…","words":…}.
    Json,
}

/// A float in Rust's shortest round-trip form (`0.5`, `1.0`, `1e-7`).
pub fn float_dec(x: impl std::fmt::Debug) -> String {
    format!("{x:?}")
}

/// The value in decimal (floats in shortest round-trip form).
pub fn dec(v: Value) -> String {
    match v {
        Value::U32(v) => v.to_string(),
        Value::I32(v) => v.to_string(),
        Value::U64(v) => v.to_string(),
        Value::F32(v) => float_dec(v),
        Value::F64(v) => float_dec(v),
        Value::Bool(v) => v.to_string(),
        Value::Unmodelled => "-".to_string(),
    }
}

/// The IEEE bits of a float, as `0x…`; `None` for other values.
pub fn bits(v: Value) -> Option<String> {
    match v {
        Value::F32(v) => Some(format!("{:#010x}", v.to_bits())),
        Value::F64(v) => Some(format!("{:#018x}", v.to_bits())),
        _ => None,
    }
}

fn hex(v: Value) -> String {
    match v {
        Value::U32(v) => format!("{v:#010x}"),
        Value::I32(v) => format!("{:#010x}", v as u32),
        Value::U64(v) => format!("{v:#018x}"),
        Value::Bool(v) => v.to_string(),
        Value::Unmodelled => "-".to_string(),
        Value::F32(_) | Value::F64(_) => bits(v).unwrap_or_default(),
    }
}

/// The value as a JSON number (or `true`/`false`; `null` for a NaN or infinity).
fn json(v: Value) -> String {
    let finite = match v {
        Value::F32(v) => v.is_finite(),
        Value::F64(v) => v.is_finite(),
        _ => true,
    };
    if finite {
        dec(v)
    } else {
        "null".to_string()
    }
}

/// Write call number `i` (which spent `words` words) in `format`.
pub fn write_value(
    out: &mut impl Write,
    format: Format,
    i: u64,
    value: Value,
    words: u64,
) -> io::Result<()> {
    match format {
        Format::Dec => writeln!(out, "{}", dec(value)),
        Format::Hex => writeln!(out, "{}", hex(value)),
        Format::Json => match bits(value) {
            Some(bits) => writeln!(
                out,
                r#"{{"i":{i},"value":{},"bits":"{bits}","words":{words}}}"#,
                json(value)
            ),
            None => writeln!(
                out,
                r#"{{"i":{i},"value":{},"words":{words}}}"#,
                json(value)
            ),
        },
    }
}
