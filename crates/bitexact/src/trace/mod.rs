//! Traces: records of recorded calls, compared field by field to the last
//! bit (needs the `alloc` feature).
//!
//! A trace is a sequence of records; a record is named fields. This module is
//! format-agnostic: the CLI reads JSON Lines into [`Record`]s (schema below),
//! a binding could build them from its own dictionaries. What it offers:
//!
//! - [`compare_records`]: every field of two records, floats by bits with the
//!   ULP distance, nested lists and maps field by field (`pos[0]`, `a.b`);
//! - [`Comparison`]: matching records by key (streaming: memory grows only
//!   with records waiting for their partner) and the summary a report needs —
//!   records, compared, diverged, missing on either side, per-field
//!   divergence counts and worst ULP, the first divergence in full;
//! - [`movefleet`]: replaying recorded MoveFleet legs under a model.
//!
//! # The JSONL schema (as `bitexact trace` reads it)
//!
//! One JSON object per line. A field's value is
//! - a JSON number with a fraction or exponent → an f32, **parsed straight
//!   from the decimal text, correctly rounded** (never through f64); one
//!   beyond f32's range is an error, not an infinity. A decimal no f32
//!   printer writes (more than 9 significant digits and not exactly an f32,
//!   or nonzero but underflowing to zero) is an f64 instead, compared
//!   exactly (f32 against f64 as f64s): different doubles never agree;
//! - a JSON integer → an integer (equal to a float field only when it is
//!   exactly that float; `-0` is the f32 −0.0);
//! - a string `"0x"` + 8 hex digits → the f32 with those bits; `"0x"` + 16
//!   hex digits → the f64 with those bits; any other string → text;
//! - `true`/`false`, `null`, an array or an object (compared element-wise).

mod compare;
pub mod movefleet;

pub use compare::{
    compare_records, Compared, Comparison, Divergence, DuplicateKey, FieldDiff, FieldStats, Summary,
};

use alloc::string::String;
use alloc::vec::Vec;

/// A field's value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// An integer.
    Int(i128),
    /// An f32 (from a decimal number or `"0x"` + 8 hex digits).
    F32(f32),
    /// An f64 (from `"0x"` + 16 hex digits).
    F64(f64),
    /// Any other string.
    Text(String),
    /// `true` / `false`.
    Bool(bool),
    /// `null`.
    Null,
    /// An array.
    List(Vec<Value>),
    /// An object, fields in their order.
    Map(Vec<(String, Value)>),
}

impl Value {
    /// The value as an f32, for a float field: F32 itself, an integer
    /// rounded to the nearest f32. `None` for anything else (an f64 is not
    /// silently narrowed).
    pub fn as_f32(&self) -> Option<f32> {
        match *self {
            Value::F32(x) => Some(x),
            Value::Int(i) => Some(i as f32),
            _ => None,
        }
    }

    /// A short type name for messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Int(_) => "integer",
            Value::F32(_) => "f32",
            Value::F64(_) => "f64",
            Value::Text(_) => "string",
            Value::Bool(_) => "bool",
            Value::Null => "null",
            Value::List(_) => "array",
            Value::Map(_) => "object",
        }
    }

    /// The text a key is matched by: integers in decimal, strings as they are.
    pub fn key_text(&self) -> Option<String> {
        use alloc::string::ToString;
        match self {
            Value::Int(i) => Some(i.to_string()),
            Value::Text(s) => Some(s.clone()),
            Value::F32(x) => Some(alloc::format!("{:#010x}", x.to_bits())),
            Value::F64(x) => Some(alloc::format!("{:#018x}", x.to_bits())),
            Value::Bool(b) => Some(b.to_string()),
            _ => None,
        }
    }
}

impl core::fmt::Display for Value {
    /// Floats as shortest round-trip decimal and their bits, `0.1 (0x3dcccccd)`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Value::Int(i) => write!(f, "{i}"),
            Value::F32(x) => write!(f, "{x:?} ({:#010x})", x.to_bits()),
            Value::F64(x) => write!(f, "{x:?} ({:#018x})", x.to_bits()),
            Value::Text(s) => write!(f, "{s:?}"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Null => f.write_str("null"),
            Value::List(items) => {
                f.write_str("[")?;
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{v}")?;
                }
                f.write_str("]")
            }
            Value::Map(fields) => {
                f.write_str("{")?;
                for (i, (k, v)) in fields.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{k}: {v}")?;
                }
                f.write_str("}")
            }
        }
    }
}

/// One record: its fields in order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Record {
    /// The fields, in the order they were read.
    pub fields: Vec<(String, Value)>,
}

impl Record {
    /// The value of a field, if present.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.fields.iter().find(|(k, _)| k == name).map(|(_, v)| v)
    }
}

/// Parse the text of a JSON number the schema's way: an integer literal is
/// an [`Value::Int`] (`-0` is the f32 −0.0); anything with a fraction or an
/// exponent is an f32 rounded once from the decimal text — unless it has
/// more than 9 significant digits and is not exactly an f32 (no f32 printer
/// writes that: 9 digits always suffice), or is nonzero but underflows to
/// an f32 zero: then it is an f64's value, read as [`Value::F64`] and
/// compared exactly rather than narrowed (two different doubles must not
/// compare equal as f32s). `None` for a number beyond
/// f32's range when read as an f32, or beyond f64's when read as an f64 —
/// it would round to infinity, and a trace with such a number is malformed.
pub fn number_from_text(text: &str) -> Option<Value> {
    if text == "-0" {
        return Some(Value::F32(-0.0));
    }
    let float = || {
        let f = text.parse::<f32>().ok().filter(|x| x.is_finite())?;
        let d = text.parse::<f64>().ok().filter(|x| x.is_finite())?;
        // Not an f32's print: more digits than one needs and not exactly
        // it, or a nonzero value that underflows to zero.
        let long = significant_digits(text) > 9 && f64::from(f) != d;
        let underflow = f == 0.0 && d != 0.0;
        Some(if long || underflow {
            Value::F64(d)
        } else {
            Value::F32(f)
        })
    };
    if text.bytes().any(|b| matches!(b, b'.' | b'e' | b'E')) {
        return float();
    }
    text.parse::<i128>().ok().map(Value::Int).or_else(float)
}

/// Digits of a decimal's significand, leading and trailing zeros not
/// counted (`300000` has one, `0.0012300` three).
fn significant_digits(text: &str) -> usize {
    let mantissa = text.split(['e', 'E']).next().unwrap_or("");
    let digits: alloc::string::String = mantissa.chars().filter(char::is_ascii_digit).collect();
    digits.trim_start_matches('0').trim_end_matches('0').len()
}

/// Read a string the schema's way: `"0x"` + 8 hex digits is an f32's bits,
/// + 16 an f64's; anything else is text.
pub fn string_value(s: &str) -> Value {
    if let Some(hex) = s.strip_prefix("0x") {
        if hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            match hex.len() {
                8 => {
                    if let Ok(bits) = u32::from_str_radix(hex, 16) {
                        return Value::F32(f32::from_bits(bits));
                    }
                }
                16 => {
                    if let Ok(bits) = u64::from_str_radix(hex, 16) {
                        return Value::F64(f64::from_bits(bits));
                    }
                }
                _ => {}
            }
        }
    }
    Value::Text(s.into())
}
