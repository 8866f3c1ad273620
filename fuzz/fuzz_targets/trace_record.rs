//! One trace record (the JSONL schema of `bitexact::trace`): `parse_record`
//! never panics; a parsed record compared with itself (and with a copy)
//! never diverges — floats are compared by their bits, so a NaN field
//! equals itself; the record printed back as JSON (floats as their `0x`
//! bits) parses to the same record, bit for bit; and one bit flipped in
//! one float field is exactly one difference, on that field, whose ULP is
//! given unless a NaN is involved.
#![no_main]

use bitexact::trace::{compare_records, Record, Value};
use bitexact_cli::jsonl::parse_record;
use bitexact_fuzz::{record_json, record_same};
use libfuzzer_sys::fuzz_target;

/// The first float leaf of a value, with its path as compare names it.
fn first_float(v: &mut Value) -> Option<&mut Value> {
    match v {
        Value::F32(_) | Value::F64(_) => Some(v),
        Value::List(items) => items.iter_mut().find_map(first_float),
        Value::Map(fields) => fields.iter_mut().find_map(|(_, v)| first_float(v)),
        _ => None,
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(record) = parse_record(text) else {
        return;
    };
    let diffs = compare_records(&record, &record);
    assert!(diffs.is_empty(), "a record differs from itself: {diffs:?}");
    let copy = record.clone();
    assert!(compare_records(&record, &copy).is_empty());

    let line = record_json(&record);
    let back = parse_record(&line).unwrap_or_else(|e| panic!("{line}: {e}"));
    assert!(
        record_same(&back, &record),
        "{line} reads back as {back:?}, not {record:?}"
    );
    assert!(compare_records(&record, &back).is_empty());

    // Flip one bit of the first float field found.
    let flip_bit = data.len() as u32;
    let mut edited: Record = record.clone();
    let Some(leaf) = edited.fields.iter_mut().find_map(|(_, v)| first_float(v)) else {
        return;
    };
    let (nan, before_after) = match leaf {
        Value::F32(x) => {
            let old = *x;
            *x = f32::from_bits(old.to_bits() ^ (1 << (flip_bit % 32)));
            (old.is_nan() || x.is_nan(), format!("{old:?} -> {x:?}"))
        }
        Value::F64(x) => {
            let old = *x;
            *x = f64::from_bits(old.to_bits() ^ (1 << (flip_bit % 64)));
            (old.is_nan() || x.is_nan(), format!("{old:?} -> {x:?}"))
        }
        _ => unreachable!(),
    };
    let diffs = compare_records(&record, &edited);
    assert_eq!(
        diffs.len(),
        1,
        "one bit flipped ({before_after}): {diffs:?}"
    );
    assert_eq!(
        diffs[0].ulp.is_none(),
        nan,
        "{before_after}: {:?}",
        diffs[0]
    );
    let reverse = compare_records(&edited, &record);
    assert_eq!(reverse.len(), 1);
    assert_eq!(reverse[0].field, diffs[0].field);
    assert_eq!(reverse[0].ulp, diffs[0].ulp);
});
