//! Draws between two saved states of one stream (no seed needed, no
//! allocation).

use super::random2::{Random2, TABLE_LEN};
use crate::engine::{Bound, DiffError, Unit};

/// Lagged-XOR steps from `from` to `to`, if at most `max_draws`. Compares
/// whole tables only when the cursors line up (once per 250 steps).
pub(super) fn steps_until(from: &Random2, to: &Random2, max_draws: u64) -> Option<u64> {
    let gap = |r: &Random2| (r.index2() + TABLE_LEN - r.index1()) % TABLE_LEN;
    if gap(from) != gap(to) {
        return None; // stepping never changes the gap
    }
    let mut walker = from.clone();
    let align = ((to.index1() + TABLE_LEN - from.index1()) % TABLE_LEN) as u64;
    if align > max_draws {
        return None;
    }
    for _ in 0..align {
        walker.step();
    }
    let mut draws = align;
    loop {
        if walker.table() == to.table() {
            return Some(draws);
        }
        if max_draws - draws < TABLE_LEN as u64 {
            return None;
        }
        for _ in 0..TABLE_LEN {
            walker.step();
        }
        draws += TABLE_LEN as u64;
    }
}

/// Raw draws from state A to state B of the same stream (B minus A),
/// searching at most `max_draws` draws in each direction. Needs no seed, and
/// works for any cursor pair (two states are the same stream only if their
/// cursors are the same distance apart; the original's are 103).
///
/// Counts the lagged-XOR steps an enabled stream takes; the `disabled` flag
/// is ignored (a disabled stream does not move). The cost is one XOR per
/// draw walked plus a table comparison per 250.
pub fn draws_between(a: &Random2, b: &Random2, max_draws: u64) -> Result<u64, DiffError> {
    if let Some(d) = steps_until(a, b, max_draws) {
        return Ok(d);
    }
    if let Some(d) = steps_until(b, a, max_draws) {
        return Err(DiffError::BeforeA {
            words: d,
            unit: Unit::Draws,
        });
    }
    Err(DiffError::NotReachable {
        bound: Bound {
            max: max_draws,
            unit: Unit::Draws,
        },
    })
}
