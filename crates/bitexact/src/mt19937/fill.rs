//! Bulk generation: [`Mt19937::fill`] and the mapped fills `sots` builds on.
//!
//! **Contract.** `g.fill(out)` writes exactly what `for w in out { *w =
//! g.next_u32() }` writes and leaves `g` in exactly the state that loop
//! leaves: the same block, the same `left` (including the lazy `left == 0`
//! when the fill ends on a block's last word: the next twist waits for the
//! next draw), the same [`position`](Mt19937::position). An empty fill
//! changes nothing, not even a pending twist.
//!
//! **How.** The generator keeps its block's tempered words (see
//! [`Mt19937`]), so the unread rest of the current block is a copy (mapped,
//! for the float fills). Each further block the fill consumes whole is
//! twisted (three modulo-free loops) and tempered straight into the output;
//! the last block the fill touches is twisted and tempered into the cache,
//! exactly as the single draw would, and read from there, so the cache is
//! valid again when the fill returns. All the loops are straight slice code
//! that LLVM vectorises; on x86 with `std` they also run in an AVX2 copy when
//! the CPU has AVX2 (see `crate::simd`).

use super::{temper, temper_block, twist_kernel, Block, Mt19937, N};
use crate::simd::dispatch;

/// The identity map of [`Mt19937::fill`]. A named `#[inline(always)]`
/// function rather than a closure, so that it is inlined into the kernel
/// whichever codegen unit the kernel lands in.
#[inline(always)]
fn raw_word(y: u32) -> u32 {
    y
}

/// Temper `src` into `dst` (equal lengths), mapping each tempered word.
#[inline(always)]
fn temper_map_kernel<T, F: Fn(u32) -> T>(src: &[u32], dst: &mut [T], map: F) {
    debug_assert_eq!(src.len(), dst.len());
    for (d, &w) in dst.iter_mut().zip(src) {
        *d = map(temper(w));
    }
}

/// Map already-tempered words `src` into `dst` (equal lengths).
#[inline(always)]
fn map_kernel<T, F: Fn(u32) -> T>(src: &[u32], dst: &mut [T], map: F) {
    debug_assert_eq!(src.len(), dst.len());
    for (d, &w) in dst.iter_mut().zip(src) {
        *d = map(w);
    }
}

/// Twist and re-temper the block and its cache.
#[inline(always)]
fn twist_temper_kernel(mt: &mut Block, tempered: &mut Block) {
    twist_kernel(mt);
    temper_block(mt, tempered);
}

dispatch! {
    /// [`temper_map_kernel`], in its AVX2 copy when the CPU has AVX2.
    fn temper_map<T, F>(src: &[u32], dst: &mut [T], map: F)
    where [F: Fn(u32) -> T]
    = temper_map_kernel;
}

dispatch! {
    /// [`map_kernel`], in its AVX2 copy when the CPU has AVX2.
    fn map_words<T, F>(src: &[u32], dst: &mut [T], map: F)
    where [F: Fn(u32) -> T]
    = map_kernel;
}

dispatch! {
    /// The twist, in its AVX2 copy when the CPU has AVX2.
    fn twist_block(mt: &mut Block) = twist_kernel;
}

dispatch! {
    /// The twist and the cache's tempering, in their AVX2 copy when the CPU
    /// has AVX2.
    fn twist_temper(mt: &mut Block, tempered: &mut Block) = twist_temper_kernel;
}

impl Mt19937 {
    /// Fill `out` with the next `out.len()` tempered words: bit for bit what
    /// as many [`next_u32`](Self::next_u32) calls return, and the state
    /// (block, `left`, [`position`](Self::position)) those calls leave. A
    /// fill that ends on a block's last word leaves `left == 0`, as the
    /// single draw does; the twist waits for the next draw or fill.
    ///
    /// Runs a block at a time: twist whole blocks and temper whole slices in
    /// vectorised loops (several times faster per word than `next_u32`;
    /// `cargo run --release --example throughput` measures it).
    ///
    /// ```
    /// use bitexact::mt19937::Mt19937;
    ///
    /// let mut a = Mt19937::new(5489);
    /// let mut b = a.clone();
    /// let mut words = [0u32; 1000];
    /// a.fill(&mut words);
    /// assert_eq!(words[0], 3_499_211_612);
    /// assert!(words.iter().all(|&w| w == b.next_u32()));
    /// assert_eq!((a.left(), a.position()), (b.left(), b.position()));
    /// ```
    pub fn fill(&mut self, out: &mut [u32]) {
        self.fill_mapped(out, raw_word);
    }

    /// [`fill`](Self::fill) with each tempered word passed through `map`:
    /// `out[i] = map(next_u32())`, in order, with the same state afterwards.
    #[inline]
    pub(crate) fn fill_mapped<T, F: Fn(u32) -> T + Copy>(&mut self, mut out: &mut [T], map: F) {
        // The unread rest of the current block: already tempered.
        let n = (N - self.idx).min(out.len());
        let (head, rest) = core::mem::take(&mut out).split_at_mut(n);
        map_words(&self.tempered[self.idx..self.idx + n], head, map);
        self.idx += n;
        out = rest;
        // Blocks consumed whole, with more to come: temper straight into the
        // output (the cache goes stale until the last block below).
        while out.len() > N {
            twist_block(&mut self.mt);
            self.twists += 1;
            let (head, rest) = core::mem::take(&mut out).split_at_mut(N);
            temper_map(&self.mt, head, map);
            self.idx = N;
            out = rest;
        }
        // The last block the fill touches: twist where the single draw would,
        // refresh the cache and read from it.
        if !out.is_empty() {
            twist_temper(&mut self.mt, &mut self.tempered);
            self.twists += 1;
            map_words(&self.tempered[..out.len()], out, map);
            self.idx = out.len();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mt19937::{init_genrand, twist};

    /// The portable kernels (which the dispatching wrappers fall back to)
    /// against the plain twist and temper, whichever copy the wrappers run.
    #[test]
    fn portable_kernels_match_plain_code() {
        let mut a = init_genrand(0x5eed);
        let mut b = a;
        for _ in 0..3 {
            twist_kernel(&mut a);
            twist_block(&mut b);
            assert_eq!(a, b);
        }
        let mut c = init_genrand(0x5eed);
        for _ in 0..3 {
            twist(&mut c);
        }
        assert_eq!(a, c);

        let mut portable = [0u32; N];
        let mut dispatched = [0u32; N];
        temper_map_kernel(&a, &mut portable, raw_word);
        temper_map(&a, &mut dispatched, raw_word);
        assert_eq!(portable, dispatched);
        for (out, &w) in portable.iter().zip(&a) {
            assert_eq!(*out, temper(w));
        }
        let mut mapped = [0u32; N];
        map_kernel(&portable, &mut mapped, raw_word);
        assert_eq!(mapped, portable);
        map_words(&portable, &mut mapped, raw_word);
        assert_eq!(mapped, portable);

        let (mut b1, mut t1) = (a, [0u32; N]);
        let (mut b2, mut t2) = (a, [0u32; N]);
        twist_temper_kernel(&mut b1, &mut t1);
        twist_temper(&mut b2, &mut t2);
        twist(&mut a);
        assert_eq!((b1, t1), (a, a.map(temper)));
        assert_eq!((b2, t2), (b1, t1));
    }
}
