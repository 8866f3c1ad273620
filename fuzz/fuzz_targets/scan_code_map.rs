//! `bitexact::scan::code_map` on arbitrary bytes (what `bitexact-emu`
//! names functions and refuses a start inside an instruction by): never
//! panics; a boundary answer is consistent: an address inside an
//! instruction lies strictly between its start and end, each of which is a
//! start, and the functions equal `scan::functions`'.
#![no_main]

use bitexact::scan::{code_map, functions, Boundary};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(map) = code_map(data) else {
        return;
    };
    assert_eq!(Ok(map.functions.clone()), functions(data).map_err(|_| ()));
    let mut probe = 0x40_0000u64;
    for (k, &b) in data.iter().take(64).enumerate() {
        probe = probe.wrapping_add(u64::from(b) << (k % 5));
        if let Boundary::Inside { start, end } = map.boundary(probe) {
            assert!(start < probe && probe < end && end - start <= 15);
            assert_eq!(map.boundary(start), Boundary::Start);
        }
    }
    for &(va, _) in map.functions.iter().take(64) {
        let _ = map.boundary(va);
    }
});
