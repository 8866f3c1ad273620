//! The trace toolkit: the schema's number and string rules, field-by-field
//! comparison with ULPs, streaming matching, and MoveFleet replay.

use bitexact::sots::movefleet::Model;
use bitexact::sots::{Precision, Vec3};
use bitexact::trace::{self, movefleet as mf, Comparison, Record, Value};
use proptest::prelude::*;

fn rec(fields: &[(&str, Value)]) -> Record {
    Record {
        fields: fields
            .iter()
            .map(|(k, v)| ((*k).to_string(), v.clone()))
            .collect(),
    }
}

fn v3(x: f32, y: f32, z: f32) -> Value {
    Value::List(vec![Value::F32(x), Value::F32(y), Value::F32(z)])
}

#[test]
fn numbers_parse_straight_to_f32() {
    // An f32's print, however long, is that f32 (here 2^-24 + 2^-47
    // exactly); Rust's own correctly rounded f32 parser gives it.
    let text = "5.960465188081798260100185871124267578125e-8";
    let direct = text.parse::<f32>().unwrap();
    assert_eq!(f64::from(direct), text.parse::<f64>().unwrap());
    assert_eq!(trace::number_from_text(text), Some(Value::F32(direct)));
    // A long decimal that is no f32 is an f64's value: read as such.
    let text = "5.9604648328104515558710098266601563e-8";
    assert_eq!(
        trace::number_from_text(text),
        Some(Value::F64(text.parse().unwrap()))
    );
    assert_eq!(trace::number_from_text("0.1"), Some(Value::F32(0.1)));
    assert_eq!(trace::number_from_text("12"), Some(Value::Int(12)));
    assert_eq!(trace::number_from_text("-0"), Some(Value::F32(-0.0)));
    assert!(
        matches!(trace::number_from_text("-0.0"), Some(Value::F32(x)) if x.to_bits() == 0x8000_0000)
    );
    assert_eq!(trace::number_from_text("1e3"), Some(Value::F32(1000.0)));
    // Beyond f32's range: malformed, not an infinity.
    assert_eq!(trace::number_from_text("1e39"), None);
    assert_eq!(
        trace::number_from_text("300000000000000000000000000000000000000"),
        Some(Value::F32(3e38))
    );
    assert_eq!(trace::string_value("0x3f800000"), Value::F32(1.0));
    assert_eq!(trace::string_value("0x3ff0000000000000"), Value::F64(1.0));
    assert_eq!(
        trace::string_value("0x3f80000"),
        Value::Text("0x3f80000".into())
    );
    assert_eq!(trace::string_value("hello"), Value::Text("hello".into()));
}

#[test]
fn double_rounding_is_avoided_in_parsing() {
    // A decimal just above the f32 midpoint 1 + 2^-24, closer to it than
    // half an f64 ulp: via f64 it lands on the midpoint and rounds to even
    // (1.0); straight to f32 it rounds up to 1 + 2^-23. It has more digits
    // than any f32 print, so it is read as the f64 it denotes, and narrowed
    // nowhere; were it read as an f32, it would be the correctly rounded one.
    let text = "1.00000005960464477539062500000001";
    assert_eq!(
        trace::number_from_text(text),
        Some(Value::F64(text.parse().unwrap()))
    );
    assert_eq!(text.parse::<f32>().unwrap(), 1.0 + f32::EPSILON);
    assert_eq!(
        text.parse::<f64>().unwrap() as f32,
        1.0,
        "the f64 route would be wrong"
    );
}

#[test]
fn compare_reports_bits_and_ulps() {
    let a = rec(&[
        ("call_id", Value::Int(1)),
        ("pos", v3(1.0, 2.0, 3.0)),
        ("note", Value::Text("x".into())),
    ]);
    let mut b = a.clone();
    assert!(trace::compare_records(&a, &b).is_empty());
    b.fields[1].1 = v3(1.0, f32::from_bits(2.0f32.to_bits() + 1), 3.0);
    let d = trace::compare_records(&a, &b);
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].field, "pos[1]");
    assert_eq!(d[0].ulp, Some(1));
    // -0.0 and 0.0 are different bits, 0 ULPs apart.
    let d = trace::compare_records(
        &rec(&[("x", Value::F32(0.0))]),
        &rec(&[("x", Value::F32(-0.0))]),
    );
    assert_eq!((d.len(), d[0].ulp), (1, Some(0)));
    // Integers compare with floats numerically; fields on one side only.
    assert!(trace::compare_records(
        &rec(&[("m", Value::Int(2))]),
        &rec(&[("m", Value::F32(2.0))])
    )
    .is_empty());
    let d = trace::compare_records(&rec(&[("a", Value::Int(1))]), &rec(&[("b", Value::Int(1))]));
    assert_eq!(d.len(), 2);
    assert!(d[0].b.is_none() && d[1].a.is_none());
}

#[test]
fn empty_containers_and_dotted_names_are_not_confused() {
    let with_empty = rec(&[("x", Value::F32(1.0)), ("p", Value::List(vec![]))]);
    let without = rec(&[("x", Value::F32(1.0))]);
    assert_eq!(trace::compare_records(&with_empty, &without).len(), 1);
    let dotted = rec(&[("a.b", Value::F32(1.5))]);
    let nested = rec(&[("a", Value::Map(vec![("b".into(), Value::F32(1.5))]))]);
    let d = trace::compare_records(&dotted, &nested);
    assert_eq!(d.len(), 2, "{d:?}");
    assert_eq!(d[0].field, "[\"a.b\"]");
    assert_eq!(d[1].field, "a.b");
}

#[test]
fn comparison_matches_by_key_and_counts_missing() {
    let mut c = Comparison::new();
    for i in 0..100u64 {
        c.push_a(i.to_string(), i + 1, rec(&[("v", Value::Int(i as i128))]))
            .unwrap();
        // B lacks 50, has an extra 1000, and 70 differs.
        if i != 50 {
            let v = if i == 70 { 71 } else { i as i128 };
            c.push_b(i.to_string(), i + 1, rec(&[("v", Value::Int(v))]))
                .unwrap();
        }
        assert!(c.pending() <= 2, "aligned traces use constant memory");
    }
    c.push_b("1000".into(), 101, rec(&[])).unwrap();
    assert!(
        c.push_b("1000".into(), 102, rec(&[])).is_err(),
        "duplicate key"
    );
    let s = c.finish();
    assert_eq!(
        (s.records_a, s.records_b, s.compared, s.diverged),
        (100, 100, 99, 1)
    );
    assert_eq!((s.missing_in_a, s.missing_in_b), (1, 1));
    assert_eq!(s.first_divergence.unwrap().key, "70");
    assert_eq!(s.first_missing_in_b, vec![("50".to_string(), 51)]);
    assert_eq!(s.first_missing_in_a, vec![("1000".to_string(), 101)]);
}

#[test]
fn movefleet_records() {
    let good = rec(&[
        ("call_id", Value::Int(7)),
        ("pos", v3(0.0, 0.0, 0.0)),
        ("dest", v3(3.0, 4.0, 0.0)),
        ("move", Value::Int(2)),
        ("pos_after", v3(1.2, 1.6, 0.0)),
    ]);
    let leg = mf::parse_leg(&good).unwrap();
    for m in Model::ALL {
        let got = mf::replay(&leg, m, Precision::Pc53);
        assert!(mf::diffs(&leg, got).is_empty(), "{m:?}");
    }
    // The early out: no dest, pos_after must equal pos.
    let early = rec(&[("pos", v3(1.0, 2.0, 3.0)), ("pos_after", v3(1.0, 2.0, 3.0))]);
    let leg = mf::parse_leg(&early).unwrap();
    assert!(leg.step.is_none());
    assert_eq!(
        mf::replay(&leg, Model::Faithful, Precision::Pc24),
        Vec3::new(1.0, 2.0, 3.0)
    );
    let moved = rec(&[("pos", v3(1.0, 2.0, 3.0)), ("pos_after", v3(1.0, 2.0, 3.5))]);
    let leg = mf::parse_leg(&moved).unwrap();
    assert_eq!(
        mf::diffs(&leg, mf::replay(&leg, Model::Faithful, Precision::Pc53)).len(),
        1
    );
    // Malformed records.
    assert_eq!(
        mf::parse_leg(&rec(&[("pos_after", v3(0.0, 0.0, 0.0))])),
        Err(mf::RecordError::Missing("pos"))
    );
    let no_move = rec(&[
        ("pos", v3(0.0, 0.0, 0.0)),
        ("dest", v3(1.0, 0.0, 0.0)),
        ("pos_after", v3(0.0, 0.0, 0.0)),
    ]);
    assert_eq!(
        mf::parse_leg(&no_move),
        Err(mf::RecordError::Missing("move"))
    );
    let short = rec(&[
        ("pos", Value::List(vec![Value::F32(1.0)])),
        ("pos_after", v3(0.0, 0.0, 0.0)),
    ]);
    assert_eq!(mf::parse_leg(&short), Err(mf::RecordError::NotAVec3("pos")));
}

proptest! {
    #[test]
    fn number_and_string_parsers_never_panic(s in "\\PC{0,40}") {
        let _ = trace::number_from_text(&s);
        let _ = trace::string_value(&s);
    }

    #[test]
    fn comparing_random_records_never_panics(a in proptest::collection::vec((0u8..4, any::<u32>()), 0..8),
                                             b in proptest::collection::vec((0u8..4, any::<u32>()), 0..8)) {
        let make = |fs: &Vec<(u8, u32)>| Record { fields: fs.iter().map(|&(k, bits)| {
            let v = match bits % 4 { 0 => Value::F32(f32::from_bits(bits)), 1 => Value::Int(bits.into()),
                                     2 => Value::F64(f64::from_bits(u64::from(bits) << 32)), _ => Value::Null };
            (format!("f{k}"), v)
        }).collect() };
        let (ra, rb) = (make(&a), make(&b));
        let _ = trace::compare_records(&ra, &rb);
        // A record equals itself, field names repeated or not, NaNs included (bits).
        prop_assert!(trace::compare_records(&ra, &ra).is_empty());
    }
}

/// Review finding: different doubles written as decimals compared equal
/// after narrowing to f32, and an integer compared with a float through f32.
/// An f32 printed short or with 9 digits still reads as that f32.
#[test]
fn doubles_and_integers_are_not_narrowed_into_false_agreement() {
    use bitexact::trace::{compare_records, number_from_text, Record, Value};
    let rec = |text: &str| Record {
        fields: vec![("x".into(), number_from_text(text).unwrap())],
    };
    let differ = |a: &str, b: &str| !compare_records(&rec(a), &rec(b)).is_empty();
    assert!(differ("0.1", "0.10000000000000002"));
    assert!(differ("16777217", "16777216.0"));
    assert!(differ("1e-46", "0.0"));
    assert!(!differ("0.1", "0.100000001")); // one f32, two prints of it
    assert!(!differ("16777216", "16777216.0"));
    assert!(!differ("0.100000001490116119384765625", "0.1")); // the f32 exactly
    assert_eq!(number_from_text("0.1"), Some(Value::F32(0.1)));
    assert_eq!(
        number_from_text("0.10000000000000002"),
        Some(Value::F64(0.100_000_000_000_000_02))
    );
}

#[test]
fn kept_pairs_are_each_compared_pair_once_with_its_differences() {
    // For a page (SPEC 14): with keep_compared, each push that completes a
    // pair hands it back once, its differences those compare_records finds;
    // a push that waits hands back nothing; the summary is unchanged.
    let a1 = rec(&[("x", Value::F32(1.0))]);
    let b1 = rec(&[("x", Value::F32(f32::from_bits(1.0f32.to_bits() + 2)))]);
    let a2 = rec(&[("x", Value::Int(3))]);
    let mut kept = Comparison::new();
    kept.keep_compared();
    let mut plain = Comparison::new();
    for c in [&mut kept, &mut plain] {
        c.push_a("1".into(), 1, a1.clone()).unwrap();
        c.push_a("2".into(), 2, a2.clone()).unwrap();
    }
    assert_eq!(kept.take_compared(), None);
    for c in [&mut kept, &mut plain] {
        c.push_b("1".into(), 1, b1.clone()).unwrap();
    }
    let pair = kept.take_compared().expect("pair 1 compared");
    assert_eq!((pair.key.as_str(), pair.line_a, pair.line_b), ("1", 1, 1));
    assert_eq!(pair.diffs, trace::compare_records(&a1, &b1));
    assert_eq!(pair.diffs[0].ulp, Some(2));
    assert_eq!(kept.take_compared(), None);
    for c in [&mut kept, &mut plain] {
        c.push_b("2".into(), 2, a2.clone()).unwrap();
    }
    assert!(kept.take_compared().expect("pair 2").diffs.is_empty());
    assert_eq!(kept.finish(), plain.finish());
}
