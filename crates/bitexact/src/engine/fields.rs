//! Named values a front end prints as `key: value` lines or one JSON object
//! (an identification, `state show`, a ledger's closing lines).

use alloc::vec::Vec;

/// One printed value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    /// A count or a seed, in decimal.
    U64(u64),
    /// A signed count (a distance that may point back), in decimal.
    I64(i64),
    /// `true` / `false`.
    Bool(bool),
    /// A name (`ts`, `Random2Class`).
    Str(&'static str),
    /// A 32-bit word, printed `0x` + 8 hex digits.
    Hex32(u32),
    /// A 64-bit word, printed `0x` + 16 hex digits.
    Hex64(u64),
}

/// Fields in print order.
pub type Fields = Vec<(&'static str, Field)>;

impl From<u64> for Field {
    fn from(v: u64) -> Field {
        Field::U64(v)
    }
}

impl From<u32> for Field {
    fn from(v: u32) -> Field {
        Field::U64(v.into())
    }
}

impl From<usize> for Field {
    fn from(v: usize) -> Field {
        Field::U64(v as u64)
    }
}

impl From<bool> for Field {
    fn from(v: bool) -> Field {
        Field::Bool(v)
    }
}

impl From<&'static str> for Field {
    fn from(v: &'static str) -> Field {
        Field::Str(v)
    }
}

impl core::fmt::Display for Field {
    /// As a `key: value` line writes it (strings unquoted).
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Field::U64(v) => write!(f, "{v}"),
            Field::I64(v) => write!(f, "{v}"),
            Field::Bool(v) => write!(f, "{v}"),
            Field::Str(s) => f.write_str(s),
            Field::Hex32(w) => write!(f, "{w:#010x}"),
            Field::Hex64(w) => write!(f, "{w:#018x}"),
        }
    }
}
