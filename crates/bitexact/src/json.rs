//! A small JSON writer (needs `alloc`): the reports the library renders once
//! for every front end (`scan`'s report, `sync`'s report), so the CLI, the C
//! ABI and the Python package print the same document without the library
//! depending on a JSON crate.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

/// A JSON value, built by a report and written with [`Json::write`].
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    /// `null`.
    Null,
    /// `true` / `false`.
    Bool(bool),
    /// An integer (any i64 or u64 fits).
    Int(i128),
    /// A finite float, written in Rust's shortest round-trip form (a
    /// non-finite one is written `null`).
    Float(f64),
    /// A string.
    Str(String),
    /// An array.
    Array(Vec<Json>),
    /// An object, its keys in insertion order.
    Object(Vec<(&'static str, Json)>),
}

impl Json {
    /// An empty object.
    pub const fn object() -> Self {
        Self::Object(Vec::new())
    }

    /// Add `key: value` to an object (a no-op on anything else).
    pub fn set(&mut self, key: &'static str, value: impl Into<Json>) {
        if let Self::Object(fields) = self {
            fields.push((key, value.into()));
        }
    }

    /// The value as one line of JSON.
    pub fn write(&self, out: &mut String) {
        match self {
            Self::Null => out.push_str("null"),
            Self::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Self::Int(i) => {
                let _ = write!(out, "{i}");
            }
            Self::Float(f) if f.is_finite() => {
                let _ = write!(out, "{f:?}");
            }
            Self::Float(_) => out.push_str("null"),
            Self::Str(s) => string_into(s, out),
            Self::Array(items) => {
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    v.write(out);
                }
                out.push(']');
            }
            Self::Object(fields) => {
                out.push('{');
                for (i, (k, v)) in fields.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    string_into(k, out);
                    out.push(':');
                    v.write(out);
                }
                out.push('}');
            }
        }
    }

    /// The value as a string of one-line JSON.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        self.write(&mut s);
        s
    }
}

/// `s` as a JSON string literal.
pub fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    string_into(s, &mut out);
    out
}

fn string_into(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

macro_rules! from_int {
    ($($t:ty),*) => {$(
        impl From<$t> for Json {
            fn from(v: $t) -> Self {
                Self::Int(v as i128)
            }
        }
    )*};
}
from_int!(i32, i64, u32, u64, usize);

impl From<bool> for Json {
    fn from(v: bool) -> Self {
        Self::Bool(v)
    }
}

impl From<f64> for Json {
    fn from(v: f64) -> Self {
        Self::Float(v)
    }
}

impl From<&str> for Json {
    fn from(v: &str) -> Self {
        Self::Str(v.into())
    }
}

impl From<String> for Json {
    fn from(v: String) -> Self {
        Self::Str(v)
    }
}

/// A printed field as JSON: numbers and booleans as themselves, names and
/// hex words (`0x…`) as strings.
impl From<crate::engine::Field> for Json {
    fn from(f: crate::engine::Field) -> Self {
        use crate::engine::Field;
        match f {
            Field::U64(v) => v.into(),
            Field::I64(v) => v.into(),
            Field::Bool(v) => v.into(),
            Field::Str(s) => s.into(),
            Field::Hex32(_) | Field::Hex64(_) => alloc::string::ToString::to_string(&f).into(),
        }
    }
}

impl<T: Into<Json>> From<Option<T>> for Json {
    fn from(v: Option<T>) -> Self {
        v.map_or(Self::Null, Into::into)
    }
}

impl<T: Into<Json>> From<Vec<T>> for Json {
    fn from(v: Vec<T>) -> Self {
        Self::Array(v.into_iter().map(Into::into).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_what_serde_json_would_read_back() {
        let mut o = Json::object();
        o.set("a", 1u32);
        o.set("b", "x\"\\\n\u{1}");
        o.set(
            "c",
            alloc::vec![Json::Null, Json::Bool(true), Json::Float(0.5)],
        );
        o.set("d", Option::<u32>::None);
        assert_eq!(
            o.to_text(),
            r#"{"a":1,"b":"x\"\\\n\u0001","c":[null,true,0.5],"d":null}"#
        );
    }
}
