//! Observed values as the CLI writes them, and a recovery's hits.

use bitexact::engine::Value;
use bitexact::recover::{Hit, Recovery};

/// `v` as `recover --values` reads it: integers in decimal, floats by
/// their bits.
pub fn text(v: Value) -> String {
    match v {
        Value::U32(x) => x.to_string(),
        Value::I32(x) => x.to_string(),
        Value::U64(x) => x.to_string(),
        Value::F32(x) => format!("{:#010x}", x.to_bits()),
        Value::F64(x) => format!("{:#018x}", x.to_bits()),
        Value::Bool(x) => x.to_string(),
        Value::Unmodelled => "-".into(),
    }
}

/// Every hit of `r` among `seeds`, sorted.
pub fn hits(r: &Recovery, seeds: std::ops::Range<u64>) -> Vec<Hit> {
    let mut h = match r {
        Recovery::Search(s) => s.search(seeds),
        Recovery::Walk(w) => w.run(seeds, &|| false).unwrap(),
    };
    h.sort();
    h
}
