//! The seed-range parser and the messages. (The scheduler's promises are
//! tested in the library, `bitexact::search`.)

use super::*;

#[test]
fn seed_ranges() {
    assert_eq!(parse_seed_range("0..10", 1 << 32), Ok(0..10));
    assert_eq!(parse_seed_range("0x10..=0x1f", 1 << 32), Ok(16..32));
    assert_eq!(parse_seed_range("0..=4294967295", 1 << 32), Ok(0..1 << 32));
    assert!(parse_seed_range("5..5", 1 << 32)
        .unwrap_err()
        .contains("empty"));
    assert!(parse_seed_range("0..4294967297", 1 << 32)
        .unwrap_err()
        .contains("past"));
    assert!(parse_seed_range("7", 1 << 32).is_err());
    assert!(parse_seed_range("a..b", 1 << 32).is_err());
    assert!(parse_seed_range("1..=18446744073709551615", u64::MAX)
        .unwrap_err()
        .contains("cannot be searched"));
    assert_eq!(
        parse_seed_range("18446744073709551610..18446744073709551615", u64::MAX),
        Ok(u64::MAX - 5..u64::MAX)
    );
}

#[test]
fn resume_ranges() {
    let seeds = Seeds::new(Some("0..=99"), None, 1 << 32).unwrap();
    let m = seeds.interrupted(10, 5, Some("0..=99"), 1 << 32);
    assert!(m.ends_with("resume with --seed-range 5..=99"), "{m}");
    let seeds = Seeds::new(None, None, 1 << 32).unwrap();
    let m = seeds.interrupted(10, 5, None, 1 << 32);
    assert!(m.ends_with("resume with --seed-range 5..4294967296"), "{m}");
    assert!(m.starts_with("interrupted after 10 seeds"), "{m}");
    let seeds = Seeds::new(Some("0..=99"), Some("2/4"), 1 << 32).unwrap();
    assert_eq!(seeds.part, 25..50);
    let m = seeds.interrupted(3, 28, Some("0..=99"), 1 << 32);
    assert_eq!(
        m,
        "shard 2/4 (seeds 25..50): interrupted after 3 seeds: every seed below 28 was searched; run shard 2/4 again"
    );
}

#[test]
fn shards_name_their_flag() {
    for (shard, want) in [
        ("0/4", "--shard 0/4: K must be 1 to N"),
        ("x", "--shard 'x': expected K/N"),
        ("3/4", ""),
        ("1/200", "--shard 1/200: 200 shards of a range of 100 seeds"),
    ] {
        match Seeds::new(Some("0..100"), Some(shard), 1 << 32) {
            Ok(_) => assert_eq!(want, "", "{shard}"),
            Err(crate::Failure::Usage(m)) => {
                assert!(m.starts_with(want) && !want.is_empty(), "{shard}: {m}")
            }
            Err(e) => panic!("{e:?}"),
        }
    }
}

#[test]
fn rates() {
    assert_eq!(rate(38_000_000, 1.0), "38 million seeds/s");
    assert_eq!(rate(2_500, 1.0), "2.5 thousand seeds/s");
    assert_eq!(rate(1_141_000_000, 1.0), "1.14 billion seeds/s");
    assert_eq!(rate(7, 1.0), "7 seeds/s");
}
