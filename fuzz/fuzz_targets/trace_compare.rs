//! Whole traces through the streaming matcher (`bitexact::trace::Comparison`,
//! fed as `bitexact trace compare` feeds it: by `call_id` when the first
//! record has one, else by line order; or by a key the fuzz input names).
//! A trace compared with itself never diverges and has nothing missing; with
//! unique keys, compared with itself in reverse order, neither.
#![no_main]

use bitexact::trace::{Comparison, Record, Value};
use bitexact_cli::jsonl::parse_record;
use libfuzzer_sys::fuzz_target;
use std::collections::HashSet;

enum Pairing {
    Key(String),
    LineOrder,
}

fn key_of(pairing: &Pairing, ord: u64, r: &Record) -> Option<String> {
    match pairing {
        Pairing::LineOrder => Some(ord.to_string()),
        Pairing::Key(k) => r.get(k).and_then(Value::key_text),
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let mut records = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        match parse_record(line) {
            Ok(r) => records.push(r),
            Err(_) => return, // a malformed trace is refused before comparing
        }
    }
    let Some(first) = records.first() else {
        return;
    };
    let pairing = match mode % 3 {
        0 if first.get("call_id").is_some() => Pairing::Key("call_id".into()),
        0 | 1 => Pairing::LineOrder,
        _ => match first
            .fields
            .get(usize::from(mode / 3) % first.fields.len().max(1))
        {
            Some((k, _)) => Pairing::Key(k.clone()),
            None => Pairing::LineOrder,
        },
    };
    let mut keys = Vec::new();
    for (i, r) in records.iter().enumerate() {
        match key_of(&pairing, i as u64 + 1, r) {
            Some(k) => keys.push(k),
            None => return, // "no usable key field": refused
        }
    }

    // A against itself, interleaved as the CLI streams two files.
    let mut cmp = Comparison::new();
    for (i, (r, k)) in records.iter().zip(&keys).enumerate() {
        let line = i as u64 + 1;
        if cmp.push_a(k.clone(), line, r.clone()).is_err()
            || cmp.push_b(k.clone(), line, r.clone()).is_err()
        {
            return; // duplicate key: refused
        }
    }
    let s = cmp.finish();
    assert_eq!(s.records_a, records.len() as u64);
    assert_eq!(s.records_b, records.len() as u64);
    assert_eq!(s.compared, records.len() as u64);
    assert!(s.is_clean(), "a trace compared with itself: {s:?}");
    assert!(s.first_divergence.is_none());

    // B in reverse order: with unique keys, every record still finds itself.
    let unique: HashSet<&String> = keys.iter().collect();
    if unique.len() != keys.len() {
        return;
    }
    let mut cmp = Comparison::new();
    let n = records.len();
    for i in 0..n {
        let j = n - 1 - i;
        cmp.push_a(keys[i].clone(), i as u64 + 1, records[i].clone())
            .expect("unique keys");
        cmp.push_b(keys[j].clone(), j as u64 + 1, records[j].clone())
            .expect("unique keys");
    }
    let s = cmp.finish();
    assert_eq!(s.compared, n as u64);
    assert!(s.is_clean(), "a trace compared with itself reversed: {s:?}");
});
