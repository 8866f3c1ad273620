//! Bulk draws: [`Random2::fill`].
//!
//! **Contract.** `g.fill(out)` writes exactly what `for v in out { *v =
//! g.raw() }` writes and leaves `g` exactly as that loop leaves it: the same
//! table, cursors and flag, and [`position`](Random2::position) advanced by
//! `out.len()`. With the `disabled` flag set it writes zeros and changes
//! nothing but the position, as [`raw`](Random2::raw) does.
//!
//! **Why blocks are safe.** Step s (counting from the fill's start) does
//! `table[i1 + s] ^= table[i2 + s]` (indices mod 250). Within a run of n
//! consecutive steps in which neither cursor wraps, the steps write
//! `[i1, i1 + n)` and read `[i2, i2 + n)`; when those two ranges do not
//! overlap, no step reads a word another step of the run writes, so the
//! whole run is one element-wise `dst ^= src` over two disjoint slices —
//! which LLVM vectorises — and equals the sequential steps.
//!
//! For the original's cursors (`index2 = index1 + 103 mod 250`) there are
//! two cases. While `index2` is ahead (`index1 < 147`) a run reads
//! `[i1 + 103, i1 + 103 + n)`: disjoint from what it writes while n ≤ 103,
//! and `index2` wraps after `147 − i1` steps anyway. Once `index2` has
//! wrapped it is 250 − 103 = 147 behind: a run reads `[i1 − 147, …)`,
//! disjoint for n ≤ 147, but `index1` wraps within 250 − i1 ≤ 103 steps.
//! So a fill cuts the output at every cursor wrap and at the cursors'
//! distance, and no run is longer than 103 steps; from a seeded state the
//! runs repeat 103, 44, 103 steps in every 250. Irregular cursors (any pair
//! [`from_parts`](Random2::from_parts) accepts) follow the same rule with
//! their own distance; coinciding cursors take single steps (each zeroes
//! its word).
//!
//! On x86 with `std` the loop also runs in an AVX2 copy when the CPU has
//! AVX2 (see `crate::simd`).

use super::random2::{Random2, Table, TABLE_LEN};
use crate::simd::dispatch;

/// One run: `dst[k] ^= src[k]; out[k] = dst[k]` (equal lengths).
#[inline(always)]
fn xor_run(dst: &mut [i32], src: &[i32], out: &mut [i32]) {
    for ((d, &s), o) in dst.iter_mut().zip(src).zip(out.iter_mut()) {
        *d ^= s;
        *o = *d;
    }
}

/// The lagged-XOR steps of a whole fill, run by run, from cursors
/// `(i1, i2)`; returns the cursors afterwards.
#[inline(always)]
fn fill_kernel(
    table: &mut Table,
    mut i1: usize,
    mut i2: usize,
    mut out: &mut [i32],
) -> (usize, usize) {
    while !out.is_empty() {
        let apart = i1.abs_diff(i2);
        let n = if apart == 0 {
            // Coinciding cursors (irregular state): one step, which zeroes the word.
            1
        } else {
            out.len().min(TABLE_LEN - i1).min(TABLE_LEN - i2).min(apart)
        };
        let (run_out, rest) = core::mem::take(&mut out).split_at_mut(n);
        if apart == 0 {
            table[i1] = 0;
            run_out[0] = 0;
        } else if i1 < i2 {
            let (lo, hi) = table.split_at_mut(i2);
            xor_run(&mut lo[i1..i1 + n], &hi[..n], run_out);
        } else {
            let (lo, hi) = table.split_at_mut(i1);
            xor_run(&mut hi[..n], &lo[i2..i2 + n], run_out);
        }
        i1 += n;
        i2 += n;
        if i1 == TABLE_LEN {
            i1 = 0;
        }
        if i2 == TABLE_LEN {
            i2 = 0;
        }
        out = rest;
    }
    (i1, i2)
}

dispatch! {
    /// [`fill_kernel`], in its AVX2 copy when the CPU has AVX2.
    fn fill_runs(table: &mut Table, i1: usize, i2: usize, out: &mut [i32]) -> (usize, usize)
    = fill_kernel;
}

impl Random2 {
    /// Fill `out` with raw draws: bit for bit what as many
    /// [`raw`](Self::raw) calls return, leaving the table, the cursors and
    /// [`position`](Self::position) where those calls leave them. With the
    /// `disabled` flag set, zeros (and only the position moves).
    ///
    /// Runs of up to 103 steps at a time as vectorised slice XORs (see the
    /// module docs of `westwood::fill` for why that is exact).
    ///
    /// ```
    /// use bitexact::westwood::Random2;
    ///
    /// let mut a = Random2::new(1);
    /// let mut b = a.clone();
    /// let mut words = [0i32; 1000];
    /// a.fill(&mut words);
    /// assert_eq!(words[0], 2_025_287_381); // SPEC 4's seed-1 vector, raw
    /// assert!(words.iter().all(|&w| w == b.raw()));
    /// assert_eq!((a.position(), &a), (b.position(), &b));
    /// ```
    pub fn fill(&mut self, out: &mut [i32]) {
        self.advance_position(out.len() as u64);
        if self.disabled() {
            out.fill(0);
            return;
        }
        let (i1, i2) = (self.index1(), self.index2());
        let (i1, i2) = fill_runs(self.table_mut(), i1, i2, out);
        self.set_cursors(i1, i2);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The portable kernel (the dispatcher's fallback) against single steps,
    /// from regular and irregular cursors.
    #[test]
    fn portable_kernel_matches_single_steps() {
        for (i1, i2) in [(0, 103), (147, 0), (200, 53), (5, 5), (10, 11), (249, 0)] {
            let start = Random2::from_parts(super::super::seed_table(9), i1, i2).unwrap();
            let mut table = *start.table();
            let mut out = [0i32; 777];
            let (e1, e2) = fill_kernel(&mut table, i1, i2, &mut out);
            let mut g = start.clone();
            for (k, &v) in out.iter().enumerate() {
                assert_eq!(v, g.raw(), "cursors ({i1}, {i2}), draw {k}");
            }
            assert_eq!((&table, e1, e2), (g.table(), g.index1(), g.index2()));
        }
    }
}
