//! The optional features: `rand_core` and `serde`.

#[cfg(feature = "rand_core")]
#[test]
fn rand_core_sees_the_raw_words() {
    use rand_core::Rng as _;
    // Through the trait (not the inherent methods), for each generator.
    let mut ours = bitexact::sots::Rng::new(5489);
    assert_eq!(rand_core::Rng::next_u32(&mut ours), 3_499_211_612);
    assert_eq!(
        rand_core::Rng::next_u64(&mut ours),
        (u64::from(3_890_346_734u32) << 32) | 581_869_302
    );
    let mut laige = bitexact::laige::Prng::new(bitexact::laige::GOLDEN_SEED);
    assert_eq!(
        rand_core::Rng::next_u64(&mut laige),
        bitexact::laige::GOLDEN_FIRST_32[0]
    );
    assert_eq!(
        rand_core::Rng::next_u32(&mut laige),
        (bitexact::laige::GOLDEN_FIRST_32[1] >> 32) as u32
    );
    let mut mt = bitexact::mt19937::Mt19937::new(5489);
    let lo = u64::from(mt.next_u32());
    let hi = u64::from(mt.next_u32());
    let mut again = bitexact::mt19937::Mt19937::new(5489);
    assert_eq!(rand_core::Rng::next_u64(&mut again), (hi << 32) | lo);
    assert_eq!(lo, 3_499_211_612);
    let mut bytes = [0u8; 6];
    let mut g = bitexact::mt19937::Mt19937::new(5489);
    g.fill_bytes(&mut bytes);
    assert_eq!(bytes[..4], 3_499_211_612u32.to_le_bytes());
}

#[cfg(feature = "serde")]
#[test]
fn serde_round_trips_reports() {
    use bitexact::engine::Identification;
    use bitexact::sots::Precision;
    let id = Identification {
        seed: 5489,
        words_drawn: 1418,
    };
    let text = serde_json::to_string(&id).unwrap();
    assert_eq!(text, r#"{"seed":5489,"words_drawn":1418}"#);
    assert_eq!(serde_json::from_str::<Identification>(&text).unwrap(), id);
    assert_eq!(
        serde_json::to_string(&Precision::Pc24).unwrap(),
        r#""pc24""#
    );
}

#[cfg(feature = "serde")]
#[test]
fn serde_round_trips_generators() {
    let mut rng = bitexact::sots::Rng::with_precision(9, bitexact::x87::Precision::Pc24);
    rng.discard(700);
    let text = serde_json::to_string(&rng).unwrap();
    assert!(
        text.ends_with(r#""left":548},"precision":"pc24"}"#),
        "{}",
        &text[text.len() - 60..]
    );
    let mut back: bitexact::sots::Rng = serde_json::from_str(&text).unwrap();
    assert_eq!(back, rng);
    assert_eq!(back.next_float(), rng.next_float());
    // left outside 0..=624 and a short block are rejected.
    let bad = text.replace(r#""left":548"#, r#""left":625"#);
    assert!(serde_json::from_str::<bitexact::sots::Rng>(&bad)
        .unwrap_err()
        .to_string()
        .contains("625"));
    let short = r#"{"mt":{"mt":[1,2,3],"left":0},"precision":"pc53"}"#;
    assert!(serde_json::from_str::<bitexact::sots::Rng>(short).is_err());

    let p = bitexact::laige::Prng::new(5);
    let text = serde_json::to_string(&p).unwrap();
    assert_eq!(
        serde_json::from_str::<bitexact::laige::Prng>(&text).unwrap(),
        p
    );
}

#[cfg(feature = "serde")]
#[test]
fn serde_rejects_the_zero_laige_state() {
    let zero = r#"{"seed":1,"part1":0,"part2":0}"#;
    assert!(serde_json::from_str::<bitexact::laige::Prng>(zero).is_err());
}

#[cfg(feature = "serde")]
#[test]
fn serde_round_trips_westwood() {
    let mut rng = bitexact::westwood::Random2::new(77);
    rng.discard(300);
    rng.set_disabled(true);
    let text = serde_json::to_string(&rng).unwrap();
    assert!(
        text.ends_with(r#""index1":50,"index2":153,"disabled":true}"#),
        "{}",
        &text[text.len() - 60..]
    );
    let back: bitexact::westwood::Random2 = serde_json::from_str(&text).unwrap();
    assert_eq!(back, rng);
    let bad = text.replace(r#""index1":50"#, r#""index1":250"#);
    assert!(serde_json::from_str::<bitexact::westwood::Random2>(&bad).is_err());
}

#[cfg(feature = "rand_core")]
#[test]
fn rand_core_sees_westwood_raw_draws() {
    let mut rng = bitexact::westwood::Random2::new(1);
    assert_eq!(rand_core::Rng::next_u32(&mut rng), 2_025_287_381);
}

/// Every generator of the engine list implements rand_core's `Rng` and
/// `SeedableRng`: `next_u32` is the raw word's bits (OpenRA: the tempered
/// word `Next()` reads; RandomClass: the LCG's state after the step), and
/// `seed_from_u64` / `from_seed` seed as the game does. Checked against the
/// generators' own methods and, for the MT19937 family, `rand_mt`.
#[cfg(feature = "rand_core")]
#[test]
fn rand_core_for_every_generator() {
    use rand_core::{Rng, SeedableRng};
    fn words<R: Rng + SeedableRng>(seed: u64, n: usize) -> Vec<u32> {
        let mut r = R::seed_from_u64(seed);
        (0..n).map(|_| r.next_u32()).collect()
    }
    let seed = 0x1234_5678u32;
    // MT19937 (sots, and the word under OpenRA's Next): rand_mt's.
    let mut reference = rand_mt::Mt::new(seed);
    let want: Vec<u32> = (0..1000).map(|_| reference.next_u32()).collect();
    assert_eq!(words::<bitexact::sots::Rng>(seed.into(), 1000), want);
    assert_eq!(words::<bitexact::mt19937::Mt19937>(seed.into(), 1000), want);
    assert_eq!(
        words::<bitexact::openra::MersenneTwister>(seed.into(), 1000),
        want
    );
    let mut m = bitexact::openra::MersenneTwister::seed_from_u64(seed.into());
    m.next_u32();
    assert_eq!(
        (m.total_count(), m.last()),
        (1, (want[0] % 0x7fff_ffff) as i32)
    );
    // The WWLib classes and Generals: their own raw draws.
    let mut r2 = bitexact::westwood::Random2::new(seed);
    let own: Vec<u32> = (0..1000).map(|_| r2.raw() as u32).collect();
    assert_eq!(words::<bitexact::westwood::Random2>(seed.into(), 1000), own);
    let mut r3 = bitexact::westwood::Random3::new(seed);
    let own: Vec<u32> = (0..1000).map(|_| r3.raw() as u32).collect();
    assert_eq!(words::<bitexact::westwood::Random3>(seed.into(), 1000), own);
    let mut r4 = bitexact::westwood::Random4::new(seed);
    let own: Vec<u32> = (0..1000).map(|_| r4.raw() as u32).collect();
    assert_eq!(words::<bitexact::westwood::Random4>(seed.into(), 1000), own);
    let mut g = bitexact::generals::GameRandom::new(seed);
    let own: Vec<u32> = (0..1000).map(|_| g.next_u32()).collect();
    assert_eq!(
        words::<bitexact::generals::GameRandom>(seed.into(), 1000),
        own
    );
    // RandomClass: 15-bit draws, so rand_core gets the LCG's 32-bit state
    // after each step (seed · 0x41C64E6D + 0x3039): worked by hand.
    let mut lcg = bitexact::westwood::RandomLcg::seed_from_u64(1);
    assert_eq!(lcg.next_u32(), 0x41c6_4e6d_u32.wrapping_add(0x3039));
    let mut lcg = bitexact::westwood::RandomLcg::new(seed);
    let mut via = bitexact::westwood::RandomLcg::seed_from_u64(seed.into());
    for _ in 0..1000 {
        let w = via.next_u32();
        assert_eq!(lcg.raw(), ((w >> 10) & 0x7fff) as i32);
    }
    // laige: 64-bit seeds and words; from_seed is little-endian.
    let p = bitexact::laige::Prng::from_seed(bitexact::laige::GOLDEN_SEED.to_le_bytes());
    assert_eq!(p, bitexact::laige::Prng::new(bitexact::laige::GOLDEN_SEED));
    let mut p = bitexact::laige::Prng::seed_from_u64(bitexact::laige::GOLDEN_SEED);
    assert_eq!(p.next_u64(), bitexact::laige::GOLDEN_FIRST_32[0]);
    // A 32-bit generator's from_seed is the little-endian seed too.
    let r = bitexact::westwood::Random2::from_seed(seed.to_le_bytes());
    assert_eq!(r, bitexact::westwood::Random2::new(seed));
}
