//! Shared checks for the fuzz targets: the SPEC 8 replays, written from the
//! public API only (seed the found seed, advance the found number of words,
//! compare the *whole* state), and bit-exact equality for values that hold
//! floats (NaN included).

use bitexact::engine::Identification;
use bitexact::laige;
use bitexact::mt19937::Mt19937;
use bitexact::sots::{self, Call};
use bitexact::trace::{Record, Value};
use bitexact::westwood::Random2;

/// Fuzz bytes read as numbers; past the end every read is 0.
pub struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Self { data }
    }

    pub fn u8(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    pub fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.u8(), self.u8()])
    }

    pub fn u32(&mut self) -> u32 {
        u32::from(self.u16()) | u32::from(self.u16()) << 16
    }

    pub fn u64(&mut self) -> u64 {
        u64::from(self.u32()) | u64::from(self.u32()) << 32
    }

    /// The bytes not read yet.
    pub fn rest(&self) -> &'a [u8] {
        self.data
    }
}

/// SPEC 8 for sots: `Rng::new(seed)` advanced by `words_drawn` words has the
/// same 624 words and the same `left` as `state`; the words drawn agree with
/// `left` (a whole number of twists before the block). `Err` names what
/// differs.
pub fn sots_replay(state: &Mt19937, id: &Identification) -> Result<(), String> {
    let read = u64::from(624 - state.left());
    if id.words_drawn < read || (id.words_drawn - read) % 624 != 0 {
        return Err(format!(
            "words_drawn {} is not twists * 624 + (624 - left {})",
            id.words_drawn,
            state.left()
        ));
    }
    let Ok(seed) = u32::try_from(id.seed) else {
        return Err(format!("seed {} is not 32-bit", id.seed));
    };
    // Word by word (not `discard`, which identification itself may use).
    let mut rng = sots::Rng::new(seed);
    for _ in 0..id.words_drawn {
        rng.next_u32();
    }
    if rng.left() != state.left() {
        return Err(format!(
            "seed {} + {} words has left {}, the state has {}",
            id.seed,
            id.words_drawn,
            rng.left(),
            state.left()
        ));
    }
    let differ: Vec<usize> = (0..624)
        .filter(|&i| rng.state()[i] != state.state()[i])
        .collect();
    if !differ.is_empty() {
        return Err(format!(
            "seed {} + {} words differs from the state in words {:?}",
            id.seed, id.words_drawn, differ
        ));
    }
    Ok(())
}

/// SPEC 8 for laige: `Prng::new(seed)` stepped `words_drawn` times has both
/// state words.
pub fn laige_replay(part1: u64, part2: u64, id: &Identification) -> Result<(), String> {
    let mut p = laige::Prng::new(id.seed);
    for _ in 0..id.words_drawn {
        p.next_u64();
    }
    if (p.state_part1(), p.state_part2()) != (part1, part2) {
        return Err(format!(
            "seed {:#x} + {} draws is ({:#x}, {:#x}), the state is ({part1:#x}, {part2:#x})",
            id.seed,
            id.words_drawn,
            p.state_part1(),
            p.state_part2()
        ));
    }
    Ok(())
}

/// SPEC 8 for westwood: `Random2::new(seed)` advanced by `draws` raw draws has
/// all 250 words, both cursors and the `disabled` flag of `saved`, and the
/// identification's cursors are the saved ones. (No draw sets the flag, so a
/// state saved with it set must never be identified.)
pub fn westwood_replay(saved: &Random2, id: &Identification) -> Result<(), String> {
    if id.words_drawn % 250 != saved.index1() as u64 {
        return Err(format!(
            "draws {} but index1 {}",
            id.words_drawn,
            saved.index1()
        ));
    }
    let Ok(seed) = u32::try_from(id.seed) else {
        return Err(format!("seed {} is not 32-bit", id.seed));
    };
    // Draw by draw (not `discard`, which identification itself may use).
    let mut r = Random2::new(seed);
    for _ in 0..id.words_drawn {
        r.raw();
    }
    if r.disabled() != saved.disabled() {
        return Err(format!(
            "seed {} + {} draws has the disabled flag {}, the state {}",
            id.seed,
            id.words_drawn,
            r.disabled(),
            saved.disabled()
        ));
    }
    if (r.index1(), r.index2()) != (saved.index1(), saved.index2()) {
        return Err(format!(
            "seed {} + {} draws has cursors ({}, {}), the state ({}, {})",
            id.seed,
            id.words_drawn,
            r.index1(),
            r.index2(),
            saved.index1(),
            saved.index2()
        ));
    }
    let differ: Vec<usize> = (0..250)
        .filter(|&i| r.table()[i] != saved.table()[i])
        .collect();
    if !differ.is_empty() {
        return Err(format!(
            "seed {} + {} draws differs from the state in table words {:?}",
            id.seed, id.words_drawn, differ
        ));
    }
    Ok(())
}

fn f32_same(a: f32, b: f32) -> bool {
    a.to_bits() == b.to_bits()
}

/// Equal calls, floats by their bits (so a NaN argument equals itself).
pub fn call_same(a: &Call, b: &Call) -> bool {
    match (a, b) {
        (Call::Chance(x), Call::Chance(y)) => f32_same(*x, *y),
        (Call::FloatRange(a0, a1), Call::FloatRange(b0, b1)) => {
            f32_same(*a0, *b0) && f32_same(*a1, *b1)
        }
        _ => a == b,
    }
}

/// A call as a ledger-script line, floats as `0x` + their 8 hex bits (exact,
/// NaN payloads included).
pub fn call_line(c: &Call) -> String {
    match c {
        Call::U32 => "u32".into(),
        Call::Unit => "unit".into(),
        Call::Float => "float".into(),
        Call::IntInclusive(n) => format!("int {n}"),
        Call::Chance(p) => format!("chance {:#010x}", p.to_bits()),
        Call::FloatRange(lo, hi) => format!("frange {:#010x} {:#010x}", lo.to_bits(), hi.to_bits()),
        Call::IntRangeBell(lo, hi) => format!("bell {lo} {hi}"),
        Call::TruncatedNormal(k) => format!("tnormal-attempts {k}"),
    }
}

/// Equal values, floats by their bits.
pub fn value_same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::F32(x), Value::F32(y)) => f32_same(*x, *y),
        (Value::F64(x), Value::F64(y)) => x.to_bits() == y.to_bits(),
        (Value::List(x), Value::List(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| value_same(a, b))
        }
        (Value::Map(x), Value::Map(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y)
                    .all(|((ka, va), (kb, vb))| ka == kb && value_same(va, vb))
        }
        _ => a == b,
    }
}

/// Equal records, field by field, floats by their bits.
pub fn record_same(a: &Record, b: &Record) -> bool {
    a.fields.len() == b.fields.len()
        && a.fields
            .iter()
            .zip(&b.fields)
            .all(|((ka, va), (kb, vb))| ka == kb && value_same(va, vb))
}

/// A value as JSON the trace schema reads back to the same value: floats as
/// their `0x` bit strings, integers as integer literals, text as strings.
pub fn value_json(v: &Value) -> serde_json::Value {
    use serde_json::Value as J;
    match v {
        Value::Int(i) => {
            // An i128 literal; arbitrary_precision keeps all its digits.
            J::Number(serde_json::from_str::<serde_json::Number>(&i.to_string()).unwrap())
        }
        Value::F32(x) => J::String(format!("{:#010x}", x.to_bits())),
        Value::F64(x) => J::String(format!("{:#018x}", x.to_bits())),
        Value::Text(s) => J::String(s.clone()),
        Value::Bool(b) => J::Bool(*b),
        Value::Null => J::Null,
        Value::List(items) => J::Array(items.iter().map(value_json).collect()),
        Value::Map(fields) => J::Object(
            fields
                .iter()
                .map(|(k, v)| (k.clone(), value_json(v)))
                .collect(),
        ),
    }
}

/// A record as one JSON line (see [`value_json`]).
pub fn record_json(r: &Record) -> String {
    let map: serde_json::Map<String, serde_json::Value> = r
        .fields
        .iter()
        .map(|(k, v)| (k.clone(), value_json(v)))
        .collect();
    serde_json::Value::Object(map).to_string()
}

/// The promises every `sync` report keeps (SPEC 8, 12): its JSON is one
/// object with the contract's keys; "consistent" has no divergence and is
/// never ambiguous.
pub fn sync_report_ok(r: &bitexact::sync::Report) {
    let v: serde_json::Value = serde_json::from_str(&r.to_json()).expect("the report is JSON");
    for key in ["consistent", "first_divergence", "shift", "position", "ambiguous"] {
        assert!(v.get(key).is_some(), "no {key} in {v}");
    }
    assert_eq!(v["consistent"], r.consistent);
    if r.consistent {
        assert!(r.first_divergence.is_none(), "consistent with a divergence: {}", r.text());
        assert!(r.ambiguous.is_none(), "consistent and ambiguous: {}", r.text());
    }
    let _ = r.text();
}

/// The any-bytes half of a sync target: the bytes `b` has left, checked as
/// one log, or as two cut at a `u16` read first when `mode` has bit 3 (8)
/// set. The check must not panic and a report must keep its promises
/// ([`sync_run`]); what it finds is not asserted.
pub fn sync_any(
    format: bitexact::sync::Format,
    b: &mut Bytes<'_>,
    mode: u8,
    options: &bitexact::sync::Options,
) {
    let cut = (mode & 8 != 0).then_some(usize::from(b.u16()));
    let _ = sync_run(format, b.rest(), cut, options);
}

/// Run a check over two optional logs cut from `text` at `cut`.
pub fn sync_run(
    format: bitexact::sync::Format,
    text: &[u8],
    cut: Option<usize>,
    options: &bitexact::sync::Options,
) -> Result<bitexact::sync::Report, bitexact::sync::SyncError> {
    let (mut a, b) = match cut {
        Some(c) if c <= text.len() => (&text[..c], Some(&text[c..])),
        _ => (text, None),
    };
    let mut b = b;
    let r = bitexact::sync::check(
        format,
        &mut a,
        b.as_mut().map(|b| b as &mut dyn std::io::BufRead),
        options,
    );
    if let Ok(r) = &r {
        sync_report_ok(r);
    }
    r
}
