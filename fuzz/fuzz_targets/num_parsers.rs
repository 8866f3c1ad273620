//! The CLI's number parsers (SPEC 6: decimal or `0x` hex): `parse_u64`,
//! `parse_u32`, `parse_i32`, `parse_f32`, a tap's pair of numbers and
//! `parse_seed_range` never panic; a parsed number printed back (decimal,
//! and hex where the parser takes it) parses to the same value (an f32 to
//! the same bits, NaN to a NaN); the widths agree with each other; and a
//! parsed seed range is non-empty, within its limit, and prints back to
//! itself.
#![no_main]

use bitexact::engine::tap::Args;
use bitexact::engine::TapSpec;
use bitexact_cli::num::{parse_f32, parse_i32, parse_u32, parse_u64};
use bitexact_cli::search::parse_seed_range;
use libfuzzer_sys::fuzz_target;

fn f32_back(x: f32, text: &str) {
    for printed in [
        format!("{x}"),
        format!("{x:?}"),
        format!("{:#010x}", x.to_bits()),
    ] {
        let y =
            parse_f32(&printed).unwrap_or_else(|e| panic!("{text:?} -> {x:?} -> {printed:?}: {e}"));
        if x.is_nan() {
            assert!(y.is_nan(), "{printed:?}");
            if printed.starts_with("0x") {
                assert_eq!(y.to_bits(), x.to_bits(), "{printed:?}");
            }
        } else {
            assert_eq!(
                y.to_bits(),
                x.to_bits(),
                "{text:?} -> {x:?} -> {printed:?} -> {y:?}"
            );
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };

    let u64v = parse_u64(s);
    if let Ok(v) = u64v {
        assert_eq!(parse_u64(&v.to_string()), Ok(v));
        assert_eq!(parse_u64(&format!("{v:#x}")), Ok(v));
    }
    let u32v = parse_u32(s);
    match (&u64v, &u32v) {
        (Ok(a), Ok(b)) => assert_eq!(*a, u64::from(*b)),
        (Ok(a), Err(_)) => assert!(*a > u64::from(u32::MAX), "{s:?}: u64 {a} but no u32"),
        (Err(_), Ok(b)) => panic!("{s:?}: u32 {b} but no u64"),
        (Err(_), Err(_)) => {}
    }
    if let Ok(v) = u32v {
        assert_eq!(parse_u32(&v.to_string()), Ok(v));
        assert_eq!(parse_u32(&format!("{v:#x}")), Ok(v));
        // A u32 that fits i32 is that i32.
        if let Ok(i) = i32::try_from(v) {
            assert_eq!(parse_i32(s), Ok(i), "{s:?}");
        }
    }
    if let Ok(v) = parse_i32(s) {
        assert_eq!(parse_i32(&v.to_string()), Ok(v));
        let hex = if v < 0 {
            format!("-{:#x}", v.unsigned_abs())
        } else {
            format!("{v:#x}")
        };
        assert_eq!(parse_i32(&hex), Ok(v), "{hex}");
    }
    if let Ok(x) = parse_f32(s) {
        f32_back(x, s);
    }

    // A tap's two-number argument, as the library's tap grammar reads it:
    // its row (a one-row table taking two) found first, then the numbers.
    const T: &[TapSpec] = &[TapSpec::new("t", &["A", "B"], "a pair")];
    fn two<N>(
        a: &Args<'_>,
        parse: fn(&str) -> Result<N, bitexact::num::NumError>,
    ) -> Result<(N, N), bitexact::engine::TapError> {
        a.row("fuzz", T)?;
        a.two(parse)
    }
    let parts: Vec<&str> = s.split(',').collect();
    let pair = Args::new("t", &parts, false);
    let again = |a: String, b: String| -> Vec<String> { vec![a, b] };
    if let Ok((a, b)) = two(&pair, parse_i32) {
        let back = again(a.to_string(), b.to_string());
        let back: Vec<&str> = back.iter().map(String::as_str).collect();
        assert_eq!(
            two(&Args::new("t", &back, false), parse_i32),
            Ok((a, b))
        );
    }
    if let Ok((a, b)) = two(&pair, parse_u32) {
        let back = again(a.to_string(), b.to_string());
        let back: Vec<&str> = back.iter().map(String::as_str).collect();
        assert_eq!(
            two(&Args::new("t", &back, false), parse_u32),
            Ok((a, b))
        );
    }
    if let Ok((a, b)) = two(&pair, parse_f32) {
        f32_back(a, s);
        f32_back(b, s);
    }
    // The library's messages name no front end's flags.
    if let Err(e) = two(&pair, parse_u64) {
        let e = e.to_string();
        assert!(!e.contains("--"), "{e}");
    }

    for limit in [1u64 << 32, u64::MAX] {
        if let Ok(r) = parse_seed_range(s, limit) {
            assert!(r.start < r.end && r.end <= limit, "{s:?} -> {r:?}");
            let printed = format!("{}..{}", r.start, r.end);
            assert_eq!(
                parse_seed_range(&printed, limit),
                Ok(r.clone()),
                "{printed}"
            );
            let inclusive = format!("{}..={}", r.start, r.end - 1);
            assert_eq!(
                parse_seed_range(&inclusive, limit),
                Ok(r.clone()),
                "{inclusive}"
            );
            let hex = format!("{:#x}..{:#x}", r.start, r.end);
            assert_eq!(parse_seed_range(&hex, limit), Ok(r), "{hex}");
        }
    }
});
