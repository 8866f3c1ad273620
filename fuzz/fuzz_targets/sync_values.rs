//! Vinifera and Ares CRC logs (SPEC 12.2): any bytes never panic; values
//! written from a seed's stream are found at the draw they were made.
#![no_main]

use bitexact::sync::{Format, Options};
use bitexact::westwood::Random2;
use bitexact_fuzz::{sync_any, sync_run, Bytes};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    let mode = b.u8();
    let seed = b.u32();
    let format = if mode & 2 == 0 { Format::Ts } else { Format::Ares };
    if mode & 1 == 0 {
        let options = Options {
            seed: (mode & 4 == 0).then_some(i64::from(seed)),
            max_draws: Some(u64::from(b.u16())),
            ..Options::default()
        };
        sync_any(format, &mut b, mode, &options);
        return;
    }
    let k = u64::from(b.u16());
    let mut g = Random2::new(seed);
    g.discard(k);
    let v = g.raw();
    let text = match format {
        Format::Ts => format!("Scenario random: {v}\r\nRandom seed: {}\r\n", seed as i32),
        _ => format!("My Random Number: {:08X}\r\nMy Frame: 00000010\r\n", v as u32),
    };
    let options = Options {
        seed: Some(i64::from(seed)),
        max_draws: Some(70_000),
        ..Options::default()
    };
    let r = sync_run(format, text.as_bytes(), None, &options).expect("a well-formed log");
    assert!(r.first_divergence.is_none(), "{}", r.text());
    if r.consistent {
        assert!(r.position.unwrap() <= k, "{}", r.text());
    }
});
