//! What one call of a tap produced ([`Value`]).

/// A value one call produced.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// An unsigned 32-bit integer
    U32(u32),
    /// A signed 32-bit integer
    I32(i32),
    /// An unsigned 64-bit integer
    U64(u64),
    /// An f32
    F32(f32),
    /// An f64
    F64(f64),
    /// A boolean (`chance`)
    Bool(bool),
    /// A call whose value is not modelled, only its words (sots' truncated
    /// normal in a ledger).
    Unmodelled,
}
