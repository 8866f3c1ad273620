//! The names file for callers (SPEC 12.1 `--names`) and the line reader
//! under every sync parser: never panic; a name found holds the address.
#![no_main]

use bitexact::sync::{Lines, Names};
use bitexact_fuzz::Bytes;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    let probe = b.u32();
    let rest = b.rest();
    let mut r = rest;
    let mut lines = Lines::new(&mut r);
    let mut last = 0;
    while let Ok(Some((n, _))) = lines.next_line() {
        assert_eq!(n, last + 1);
        last = n;
    }
    let mut r = rest;
    if let Ok(names) = Names::read(&mut r) {
        assert!(!names.is_empty());
        let _ = names.name_of(probe);
    }
});
