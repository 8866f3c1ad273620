//! What the kernels' tests share: a small generator of test inputs and the
//! vector ISAs this CPU can run.

use super::Isa;
use std::println;
use std::vec::Vec;

/// A small xorshift for test inputs.
pub(crate) struct Gen(pub(crate) u64);

impl Gen {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The vector kernels this CPU runs, saying which `what` kernels it skips.
pub(crate) fn vector_isas(what: &str) -> Vec<Isa> {
    let mut v = Vec::new();
    for isa in [Isa::Avx2, Isa::Avx512] {
        if isa.available() {
            v.push(isa);
        } else {
            println!("skipping the {isa:?} {what} kernel: this CPU lacks it");
        }
    }
    v
}
