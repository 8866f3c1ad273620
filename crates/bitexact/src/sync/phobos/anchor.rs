//! Where two players' rings overlap (SPEC 12.1): the longest run of calls
//! alike with their cursors, the anchor `align.rs` walks the rings from.

use super::ring::Entry;
use std::collections::HashMap;
use std::vec::Vec;

/// The fewest calls in a row, alike with their cursors, that anchor two
/// rings.
pub(super) const MIN_ANCHOR: usize = 2;

/// How many calls from the start of `a` and `b` are alike, cursors and all.
pub(super) fn run(a: &[Entry], b: &[Entry]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x.same(y)).count()
}

/// The start of the longest run of calls of `ea` and `eb` alike with their
/// cursors, as `(i, j, ties)` (`ties`: how many runs of that length there
/// are), and that length; `None` when no call of A is one of B.
pub(super) fn longest_run(ea: &[Entry], eb: &[Entry]) -> (Option<(usize, usize, usize)>, usize) {
    let mut by_key: HashMap<(i64, u8, u8), Vec<usize>> = HashMap::new();
    for (j, e) in eb.iter().enumerate() {
        by_key
            .entry((e.frame, e.index1, e.index2))
            .or_default()
            .push(j);
    }
    // The anchor is the longest run of calls alike with their cursors
    // (each run counted once, from its start): two rings of one stream
    // share hundreds, unrelated ones a few by chance (zero-draw calls in a
    // row repeat their cursors). Ties: several equal runs, not sure.
    let mut anchor: Option<(usize, usize, usize)> = None;
    let mut best_run = 0usize;
    for (i, e) in ea.iter().enumerate() {
        let Some(js) = by_key.get(&(e.frame, e.index1, e.index2)) else {
            continue;
        };
        for &j in js.iter().filter(|&&j| e.same(&eb[j])) {
            if i > 0 && j > 0 && ea[i - 1].same(&eb[j - 1]) {
                continue;
            }
            let r = run(&ea[i..], &eb[j..]);
            if r > best_run {
                best_run = r;
                anchor = Some((i, j, 1));
            } else if r == best_run {
                if let Some(a) = anchor.as_mut() {
                    a.2 += 1;
                }
            }
        }
    }
    (anchor, best_run)
}
