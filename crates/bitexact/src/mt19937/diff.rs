//! Words between two MT19937 states of one stream (no seed needed): the
//! twists from one block to the other, then the read positions.

use super::{twist, Block, Mt19937, N};
use crate::engine::{Bound, DiffError, Unit};

/// Twists that take block `from` to block `to`, if within `max_twists`: the
/// first count `t` with `t · 624 + index >= min_words`, else the first count
/// at all. Only a block that twists to itself comes round again (the
/// all-zero block, see [`super::is_zero_state`]), so one twist past a match
/// settles it.
fn twists_until(
    from: &Block,
    to: &Block,
    max_twists: u64,
    index: u64,
    min_words: u64,
) -> Option<u64> {
    let mut block = *from;
    for t in 0..=max_twists {
        if block == *to {
            if t * N as u64 + index >= min_words {
                return Some(t);
            }
            twist(&mut block);
            let again = block == *to && t < max_twists;
            return Some(if again { t + 1 } else { t });
        }
        twist(&mut block);
    }
    None
}

/// Words drawn from state A to state B of the same stream (B minus A),
/// twisting forward at most `max_twists` times. Needs no seed: any two states
/// of one MT19937 stream work. A state with `left == 0` and the next block
/// with `left == 624` are the same position (0 words apart).
pub fn words_between(a: &Mt19937, b: &Mt19937, max_twists: u64) -> Result<u64, DiffError> {
    // Absolute position of a state: twists from A's block · 624 + index.
    let (ia, ib) = (a.index() as u64, b.index() as u64);
    if let Some(t) = twists_until(a.state(), b.state(), max_twists, ib, ia) {
        let pos_b = t * N as u64 + ib;
        return if pos_b >= ia {
            Ok(pos_b - ia)
        } else {
            Err(DiffError::BeforeA {
                words: ia - pos_b,
                unit: Unit::Words,
            })
        };
    }
    if let Some(t) = twists_until(b.state(), a.state(), max_twists, 0, 0) {
        // t >= 1 here (t == 0 would have matched above).
        let words = t * N as u64 + ia - ib;
        return if words == 0 {
            Ok(0)
        } else {
            Err(DiffError::BeforeA {
                words,
                unit: Unit::Words,
            })
        };
    }
    Err(DiffError::NotReachable {
        bound: Bound {
            max: max_twists,
            unit: Unit::Twists,
        },
    })
}
