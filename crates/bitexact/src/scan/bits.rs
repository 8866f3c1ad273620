//! A bit per byte of an executable region: where instructions start, as
//! the linear sweep, the descent and their agreement each mark them. The
//! lowest piece of the decoding, which `descent`, `decode` and
//! `prologue` share.

use alloc::vec;
use alloc::vec::Vec;

/// A bit per byte of one executable region.
#[derive(Debug, Clone)]
pub(crate) struct Bits(Vec<u64>);

impl Bits {
    pub fn new(len: usize) -> Self {
        Bits(vec![0; len.div_ceil(64)])
    }
    #[inline]
    pub fn get(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }
    #[inline]
    pub fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    #[inline]
    pub fn clear(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }
    /// Whether bit `i` was clear, setting it.
    #[inline]
    pub fn test_and_set(&mut self, i: usize) -> bool {
        let was = self.get(i);
        self.set(i);
        !was
    }
    pub fn and(&mut self, other: &Bits) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a &= *b;
        }
    }
    pub fn count(&self) -> u64 {
        self.0.iter().map(|w| u64::from(w.count_ones())).sum()
    }
    /// The first set bit at or after `i`, below `end`.
    pub fn next_set(&self, i: usize, end: usize) -> Option<usize> {
        let mut word = i / 64;
        if word >= self.0.len() {
            return None;
        }
        let mut w = self.0[word] & (u64::MAX << (i % 64));
        loop {
            if w != 0 {
                let bit = word * 64 + w.trailing_zeros() as usize;
                return (bit < end).then_some(bit);
            }
            word += 1;
            if word >= self.0.len() || word * 64 >= end {
                return None;
            }
            w = self.0[word];
        }
    }
}
