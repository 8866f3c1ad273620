//! The walk back of the MT19937 family's identifications (sots' Knuth
//! seeding, Random4Class's 1998 `sgenrand`): untwist a saved block one twist
//! at a time, asking after each untwist whether the block is a seeding one,
//! and polling a stop request as it goes. The seed tests and what counts as
//! an answer are the callers'.

use super::{restore_head, untwist_tail, Block};
use crate::engine::{Bound, NotReachable, Reason, Unit};

/// How [`walk_back`] ended.
pub(crate) enum Walk<T> {
    /// `seeding` answered after some untwist.
    Found(T),
    /// `stop` asked to end the walk after this many untwists.
    Stopped(u64),
    /// Every untwist was made and `seeding` never answered.
    Exhausted,
}

/// Untwist `block` up to `untwists` times. After the k-th untwist (k = 1,
/// 2, …) `seeding(&older, k)` is asked, `older` being the block k twists
/// before `block` with words 1..623 and word 0's top bit exact and word 0's
/// low 31 bits zero (an untwist recovers no more: [`untwist_tail`]); its
/// first `Some` ends the walk. Otherwise, when k is a multiple of 1024 and
/// below `untwists`, `stop()` is polled and `true` ends the walk; then word
/// 0's low 31 bits are restored ([`restore_head`], right when `older` itself
/// came from a twist) and the walk goes one twist further. Costs one untwist
/// (and one call of `seeding`) per twist walked.
pub(crate) fn walk_back<T>(
    block: &Block,
    untwists: u64,
    stop: &dyn Fn() -> bool,
    mut seeding: impl FnMut(&Block, u64) -> Option<T>,
) -> Walk<T> {
    let mut older = *block;
    for k in 1..=untwists {
        untwist_tail(&mut older);
        if let Some(found) = seeding(&older, k) {
            return Walk::Found(found);
        }
        if k.is_multiple_of(1024) && k < untwists && stop() {
            return Walk::Stopped(k);
        }
        restore_head(&mut older);
    }
    Walk::Exhausted
}

/// The [`Reason::Stopped`] of a walk stopped after `walked` of `max_twists`
/// twists, its sentence saying that no seed reaches `what` (e.g. "this
/// block") that near.
pub(crate) fn stopped(walked: u64, max_twists: u64, what: &str) -> NotReachable {
    NotReachable::new(
        Reason::Stopped(Bound {
            max: walked,
            unit: Unit::Twists,
        }),
        format_args!(
            "stopped after walking back {walked} of {max_twists} twists: no seed reaches {what} \
             that near"
        ),
    )
}
