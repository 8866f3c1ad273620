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
    use bitexact::sots::{Identification, Precision};
    let id = Identification {
        seed: 5489,
        twists: 2,
        left: 454,
        words_drawn: 1418,
    };
    let text = serde_json::to_string(&id).unwrap();
    assert_eq!(
        text,
        r#"{"seed":5489,"twists":2,"left":454,"words_drawn":1418}"#
    );
    assert_eq!(serde_json::from_str::<Identification>(&text).unwrap(), id);
    assert_eq!(
        serde_json::to_string(&Precision::Pc24).unwrap(),
        r#""pc24""#
    );
}
