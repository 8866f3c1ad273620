//! The ranged draw's rules and edges (SPEC 4), one test each. Scripted
//! generators feed chosen raw values so each rule is seen directly; the real
//! generators show the draw counts and the untouched state.

use bitexact::westwood::{
    check_range, pick_random_number, ranged::range_mask, Pick, Random2, Random3, RandomLcg,
    RangeError, Raw,
};

/// A generator that replays chosen raw values and counts the draws.
struct Script<const BITS: u32> {
    values: Vec<i32>,
    drawn: usize,
}

impl<const BITS: u32> Script<BITS> {
    fn new(values: &[i32]) -> Self {
        Self {
            values: values.to_vec(),
            drawn: 0,
        }
    }
}

impl<const BITS: u32> Raw for Script<BITS> {
    const SIGNIFICANT_BITS: u32 = BITS;
    fn raw(&mut self) -> i32 {
        let v = self.values[self.drawn];
        self.drawn += 1;
        v
    }
}

type Script32 = Script<32>;
type Script15 = Script<15>;

#[test]
fn equal_bounds_return_min_and_spend_nothing() {
    for v in [0, 1, -1, 42, i32::MIN, i32::MAX] {
        let mut rng = Random2::new(9);
        rng.discard(17);
        let before = rng.clone();
        assert_eq!(rng.ranged(v, v), Ok(v));
        assert_eq!(rng, before);
        assert_eq!(rng.position(), 17);
        let mut g3 = Random3::new(9);
        assert_eq!(g3.ranged(v, v), Ok(v));
        assert_eq!(g3.index(), 0);
        let mut lcg = RandomLcg::new(9);
        assert_eq!(lcg.ranged(v, v), Ok(v));
        assert_eq!(lcg, RandomLcg::new(9));
        let mut script = Script32::new(&[]);
        assert_eq!(pick_random_number(&mut script, v, v), Ok(v));
        assert_eq!(script.drawn, 0);
        assert!(!Pick::<Random2>::new(v, v).unwrap().spends_draws());
    }
}

#[test]
fn reversed_bounds_are_swapped() {
    for (a, b) in [(0, 9), (-100, 100), (5, 6), (i32::MIN, -2), (1, i32::MAX)] {
        let mut x = Random2::new(1234);
        let mut y = x.clone();
        for _ in 0..500 {
            assert_eq!(x.ranged(a, b), y.ranged(b, a));
        }
        assert_eq!(x, y);
        assert_eq!(x.position(), y.position());
    }
    // Scripted: the swap happens before the span is taken.
    let mut s = Script32::new(&[3]);
    assert_eq!(pick_random_number(&mut s, 10, 0), Ok(3));
    assert_eq!(Pick::<Random2>::new(10, 0).unwrap().min(), 0);
}

#[test]
fn both_ends_are_reached() {
    let mut rng = Random2::new(77);
    let mut seen = [false; 7];
    for _ in 0..1_000 {
        let v = rng.ranged(-3, 3).unwrap();
        assert!((-3..=3).contains(&v));
        seen[(v + 3) as usize] = true;
    }
    assert!(seen.iter().all(|&s| s), "{seen:?}");
    let mut seen = [false; 2];
    for _ in 0..100 {
        seen[rng.ranged(0, 1).unwrap() as usize] = true;
    }
    assert_eq!(seen, [true, true]);
    // A raw value whose masked bits equal the span gives max; 0 gives min.
    let mut s = Script32::new(&[0x7fff_fff5u32 as i32, 0, i32::MIN]);
    assert_eq!(pick_random_number(&mut s, 100, 105), Ok(105)); // & 7 = 5
    assert_eq!(pick_random_number(&mut s, 100, 105), Ok(100));
    assert_eq!(pick_random_number(&mut s, 100, 105), Ok(100)); // bit 31 masked off
    assert_eq!(s.drawn, 3);
}

#[test]
fn the_mask_covers_up_to_the_highest_set_bit() {
    for (span, mask) in [
        (1, 1),
        (2, 3),
        (3, 3),
        (4, 7),
        (5, 7),
        (100, 127),
        (128, 255),
        (0x4000_0000, 0x7fff_ffff),
        (0x7fff_fffe, 0x7fff_ffff),
        (i32::MAX, i32::MAX),
    ] {
        assert_eq!(range_mask(span, 32), mask, "{span:#x}");
    }
    // Bit 31 set (a span that wrapped negative): the shift count 32 is masked
    // to 0 by x86, so the mask is 0.
    assert_eq!(range_mask(-1, 32), 0);
    assert_eq!(range_mask(i32::MIN, 32), 0);
    // 15 significant bits: only bits 14..0 are scanned, bit 0 is the floor.
    assert_eq!(range_mask(0x7fff, 15), 0x7fff);
    assert_eq!(range_mask(0x8000, 15), 1);
    assert_eq!(range_mask(0x1_0000, 15), 1);
    assert_eq!(range_mask(0x1_2345, 15), 0x3fff);
}

/// Masked picks above the span are rejected and redrawn; each rejection
/// spends a raw draw. The comparison is signed: that is what makes the
/// `span == i32::MAX` edge skip the loop (an unsigned compare would run it).
#[test]
fn picks_above_the_span_are_rejected() {
    // span 5, mask 7: 7 and 6 are rejected, then 13 & 7 = 5 is accepted.
    let mut s = Script32::new(&[7, 6, 13, 5]);
    assert_eq!(pick_random_number(&mut s, 0, 5), Ok(5));
    assert_eq!(s.drawn, 3); // 13 & 7 = 5 accepted on the third draw
    let mut s = Script32::new(&[-1, -2, 0x7fff_fffe]);
    // span 2^31 - 2 (double's range): only 0x7fffffff is rejected.
    assert_eq!(pick_random_number(&mut s, 1, i32::MAX), Ok(i32::MAX));
    assert_eq!(s.drawn, 2);
    // The real generator's draw count is 1 + rejections.
    let mut rng = Random2::new(5);
    let mut reference = rng.clone();
    let v = rng.ranged(0, 4).unwrap();
    let mut spent = 0;
    let w = loop {
        spent += 1;
        let p = reference.raw() & 7;
        if p <= 4 {
            break p;
        }
    };
    assert_eq!((v, rng.position()), (w, spent));
}

#[test]
fn span_of_i32_max_wraps_with_no_draw() {
    for (min, max, want) in [
        (0, i32::MAX, i32::MIN),
        (i32::MAX, 0, i32::MIN),
        (i32::MIN, -1, 0),
        (-1, i32::MAX - 1, i32::MAX),
        (-1000, i32::MAX - 1000, 2_147_482_648), // -1000 + i32::MIN wraps
    ] {
        let mut rng = Random2::new(3);
        let before = rng.clone();
        assert_eq!(rng.ranged(min, max), Ok(want), "{min} {max}");
        assert_eq!((rng.position(), &rng), (0, &before));
        let mut g3 = Random3::new(3);
        assert_eq!(g3.ranged(min, max), Ok(want));
        assert_eq!(g3.index(), 0);
        let mut lcg = RandomLcg::new(3);
        assert_eq!(lcg.ranged(min, max), Ok(want));
        assert_eq!(lcg, RandomLcg::new(3));
        let p = Pick::<Random2>::new(min, max).unwrap();
        assert!(!p.spends_draws());
        assert_eq!(p.span(), i32::MAX);
    }
}

#[test]
fn span_beyond_i32_max_is_an_error_not_a_hang() {
    for (min, max) in [
        (-1, i32::MAX),
        (i32::MIN, i32::MAX),
        (i32::MAX, i32::MIN),
        (i32::MIN, 0),
        (-2, i32::MAX - 1),
        (-1_500_000_000, 1_500_000_000),
    ] {
        let err = RangeError { min, max };
        assert_eq!(check_range(min, max), Err(err));
        let mut rng = Random2::new(11);
        let before = rng.clone();
        assert_eq!(rng.ranged(min, max), Err(err));
        assert_eq!((rng.position(), &rng), (0, &before));
        let mut g3 = Random3::new(11);
        assert_eq!(g3.ranged(min, max), Err(err));
        assert_eq!(g3.index(), 0);
        let mut lcg = RandomLcg::new(11);
        assert_eq!(lcg.ranged(min, max), Err(err));
        assert_eq!(lcg, RandomLcg::new(11));
        let mut disabled = Random2::new(11);
        disabled.set_disabled(true);
        assert_eq!(disabled.ranged(min, max), Err(err));
        assert_eq!(Pick::<RandomLcg>::new(min, max), Err(err));
        let text = err.to_string();
        assert!(
            text.contains(&min.to_string()) && text.contains("for ever"),
            "{text}"
        );
    }
    assert_eq!(
        RangeError { min: -1, max: i32::MAX }.to_string(),
        "ranged(-1, 2147483647): the span 2147483648 exceeds 2147483647, where the original loops for ever"
    );
    for (min, max) in [(0, i32::MAX), (i32::MIN, -1), (-1, i32::MAX - 1), (5, 5)] {
        assert_eq!(check_range(min, max), Ok(()));
    }
}

#[test]
fn random_lcg_ranged_uses_15_significant_bits() {
    // Up to 0x7fff: ordinary rejection sampling, both ends reached.
    let mut lcg = RandomLcg::new(2024);
    let (mut lo, mut hi) = (false, false);
    for _ in 0..20_000 {
        let v = lcg.ranged(10, 13).unwrap();
        assert!((10..=13).contains(&v));
        lo |= v == 10;
        hi |= v == 13;
    }
    assert!(lo && hi);
    // Above 0x7fff the mask comes from bits 14..0 of the span and the loop
    // ends after one raw draw: span 0x8000 has mask 1.
    let mut lcg = RandomLcg::new(5);
    let mut reference = lcg;
    for _ in 0..1_000 {
        let v = lcg.ranged(1000, 1000 + 0x8000).unwrap();
        assert_eq!(v, 1000 + (reference.raw() & 1));
    }
    assert_eq!(lcg, reference);
    // Span 0x12345: bits 14..0 are 0x2345, mask 0x3fff, one draw each.
    let mut s = Script15::new(&[0x7fff, 0x4000]);
    assert_eq!(pick_random_number(&mut s, 0, 0x1_2345), Ok(0x3fff));
    assert_eq!(pick_random_number(&mut s, 0, 0x1_2345), Ok(0));
    assert_eq!(s.drawn, 2);
    // Within 15 bits the rejection is as usual: span 0x5000, mask 0x7fff.
    let mut s = Script15::new(&[0x7fff, 0x5001, 0x5000]);
    assert_eq!(pick_random_number(&mut s, 0, 0x5000), Ok(0x5000));
    assert_eq!(s.drawn, 3);
    // double: mask 0x7fff, so (1 + raw) / 2^31, one draw.
    let mut lcg = RandomLcg::new(0);
    assert_eq!(lcg.double(), 13.0 / 2_147_483_648.0); // first raw is 12
}

#[test]
fn the_disabled_flag_makes_raw_zero_and_ranged_min() {
    let mut rng = Random2::new(31337);
    rng.discard(300);
    rng.set_disabled(true);
    let before = rng.clone();
    for _ in 0..10 {
        assert_eq!(rng.raw(), 0);
    }
    assert_eq!(rng, before); // table, cursors and flag untouched
    assert_eq!(rng.position(), 310); // the calls are still counted
    assert_eq!(rng.ranged(5, 10), Ok(5));
    assert_eq!(rng.ranged(10, 5), Ok(5));
    assert_eq!(rng.ranged(-3, 3), Ok(-3));
    assert_eq!(rng.ranged(i32::MIN, -2), Ok(i32::MIN));
    // The same two edges as an enabled stream.
    assert_eq!(rng.ranged(0, i32::MAX), Ok(i32::MIN));
    assert!(rng.ranged(-1, i32::MAX).is_err());
    assert_eq!(rng.double(), 1.0 / 2_147_483_648.0);
    rng.discard(1_000);
    assert_eq!(rng, before);
    // Clearing the flag resumes the stream where it stood.
    rng.set_disabled(false);
    let mut fresh = Random2::new(31337);
    fresh.discard(300);
    assert_eq!(rng.raw(), fresh.raw());
}

#[test]
fn double_is_strictly_inside_the_unit_interval() {
    let mut s = Script32::new(&[0, -1, 0x7fff_fffe, i32::MAX, 1]);
    let mut d = || bitexact::westwood::ranged::double(&mut s);
    assert_eq!(d(), 1.0 / 2_147_483_648.0); // 0 → pick 0 → 1
    assert_eq!(d(), 2_147_483_647.0 / 2_147_483_648.0); // -1 & mask = 0x7fffffff is rejected; 0x7ffffffe → max
    assert_eq!(d(), 2.0 / 2_147_483_648.0); // i32::MAX rejected, then 1
    let mut rng = Random2::new(8);
    for _ in 0..100_000 {
        let v = rng.double();
        assert!(v > 0.0 && v < 1.0);
    }
}
