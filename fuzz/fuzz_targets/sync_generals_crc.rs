//! Generals crcDebug files (SPEC 12.3): any bytes never panic; RandomSeed
//! lines written from the logic stream are never a divergence (placed, or
//! "not sure" for a few lines).
#![no_main]

use bitexact::generals::GameRandom;
use bitexact::sync::generals::crc::seed_crc;
use bitexact::sync::{Format, Options};
use bitexact_fuzz::{sync_any, sync_run, Bytes};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    let mode = b.u8();
    let seed = b.u32();
    if mode & 1 == 0 {
        let options = Options {
            seed: (mode & 2 == 0).then_some(i64::from(seed)),
            max_draws: Some(u64::from(b.u16())),
            ..Options::default()
        };
        sync_any(Format::GeneralsCrc, &mut b, mode, &options);
        return;
    }
    let mut g = GameRandom::new(seed);
    let mut text = String::new();
    let mut drawn = 0u64;
    let n = usize::from(b.u8() % 40) + 1;
    for frame in 0..n {
        text += &format!("{frame}:0 noise {}\r\n", b.u8());
        text += &format!("{frame}:1 RandomSeed: {} \r\n", seed_crc(&g.state()) as i32);
        for _ in 0..b.u8() % 9 {
            g.next_u32();
            drawn += 1;
        }
    }
    let options = Options { seed: Some(i64::from(seed)), max_draws: Some(drawn + 1), ..Options::default() };
    let r = sync_run(Format::GeneralsCrc, text.as_bytes(), None, &options).expect("well formed");
    // Never a divergence; "not sure" for a few lines.
    assert!(r.first_divergence.is_none(), "{}", r.text());
});
