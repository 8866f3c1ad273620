//! Identification of a saved state (SPEC 2.4): the seed and the words drawn
//! since seeding, from the 624 words alone, with no search over seeds.
//!
//! A block is "seed(S) followed by k further twists" when untwisting it k + 1
//! times gives Knuth's initializer block for S. Each untwist recovers the
//! previous block's words 1..623 and the top bit of word 0; that is enough to
//! test for the initializer (words 1..623 follow its recurrence, and the seed
//! is word 0, recovered by inverting the step from word 1). If the test fails
//! the previous block came from a twist, so word 0's low 31 bits are restored
//! from its words 623 and 396 before untwisting again. One untwist and one
//! check per twist: microseconds each.
//!
//! **Identified means replayed** (SPEC 8). Untwisting discards bits (word
//! 0's low 31 bits; the check reads words 1..623 only through the
//! recurrence), so an edited block can pass the test. A candidate counts
//! only when seeding it and twisting forward gives the saved 624 words
//! exactly (`left` is the saved state's own and fixes the position within
//! the block); otherwise the walk goes on, and an edited state ends
//! "not reachable", never a wrong seed.

use crate::engine::{Bound, Identification, NotReachable, Reason, Unit};
use crate::mt19937::walk::{stopped, walk_back, Walk};
use crate::mt19937::{init_seed_of, twist, Block, Mt19937, N};

/// The default bound on twists walked back (or forward): 100 000 twists,
/// 62.4 million words — millions of turns of the strategic sim. A release
/// build walks all of it in about 0.1 s.
pub const DEFAULT_MAX_TWISTS: u64 = 100_000;

/// `identify`'s sentence when nothing lies within the bound.
fn beyond(max_twists: u64) -> NotReachable {
    NotReachable::new(
        Reason::Beyond(Bound {
            max: max_twists,
            unit: Unit::Twists,
        }),
        format_args!(
            "no seed reaches this block within {max_twists} twists after seeding (the first {} \
             words); it was edited, is not an MT19937 stream seeded by init_genrand, or lies \
             further on",
            max_twists.saturating_add(1).saturating_mul(N as u64)
        ),
    )
}

/// Twists after the one seeding runs, for a state with `left` identified
/// `words_drawn` words after seeding: `(words_drawn − (624 − left)) / 624`.
pub const fn twists_of(words_drawn: u64, left: u32) -> u64 {
    (words_drawn - (N as u64 - left as u64)) / N as u64
}

/// Find the seed of a state and the words drawn since seeding, walking back
/// at most `max_twists` further twists (see [`DEFAULT_MAX_TWISTS`]). Each
/// candidate is replayed whole before it is returned (see the module docs):
/// the walk costs one untwist per twist, the replay one twist per twist of
/// the answer.
///
/// Handles `left == 0` (the block is used up; the words include all of it).
/// A block after further twists with `left == 624` is refused, saying so
/// ([`Reason::Eager`]): no run of lazy draws leaves it; so is the zero
/// state ([`Reason::ZeroState`], no walk). The twists after
/// seeding are [`twists_of`]`(words_drawn, left)`.
pub fn identify(mt: &Mt19937, max_twists: u64) -> Result<Identification, NotReachable> {
    identify_until(mt, max_twists, &|| false)
}

/// [`identify`], polling `stop` every 1024 twists walked: when it returns
/// true the walk ends with [`Reason::Stopped`] (nothing was found that
/// near; the bound was not reached).
pub fn identify_until(
    mt: &Mt19937,
    max_twists: u64,
    stop: &dyn Fn() -> bool,
) -> Result<Identification, NotReachable> {
    if crate::mt19937::is_zero_state(mt.state()) {
        return Err(NotReachable::zero_state());
    }
    let left = mt.left();
    // One untwist undoes seeding's own twist, each further one a later twist.
    let found = walk_back(
        mt.state(),
        max_twists.saturating_add(1),
        stop,
        |older, untwists| {
            let twists = untwists - 1;
            let seed = init_seed_of(older).filter(|&s| replays_to(s, twists, mt.state()))?;
            // A later block with nothing read: a lazy generator is still in
            // the block before (left 0) at that position — not this state.
            if left == N as u32 && twists > 0 {
                let words = twists * N as u64;
                return Some(Err(NotReachable::new(
                    Reason::Eager {
                        seed: seed.into(),
                        twists,
                        words_drawn: words,
                    },
                    format_args!(
                        "not a state the lazily twisting generator saves: left is 624 in seed \
                     {seed}'s block after {twists} twists; that is position {words} as an \
                     eagerly twisting one writes it (the game leaves the block before with \
                     left 0)"
                    ),
                )));
            }
            Some(Ok(Identification {
                seed: seed.into(),
                words_drawn: twists * N as u64 + u64::from(N as u32 - left),
            }))
        },
    );
    match found {
        Walk::Found(answer) => answer,
        Walk::Stopped(walked) => Err(stopped(walked, max_twists, "this block")),
        Walk::Exhausted => Err(beyond(max_twists)),
    }
}

/// Whether seeding `seed` (Knuth's initializer and its twist) and twisting
/// `twists` more times gives `block`, all 624 words.
pub fn replays_to(seed: u32, twists: u64, block: &Block) -> bool {
    let mut b = *Mt19937::new(seed).state();
    for _ in 0..twists {
        twist(&mut b);
    }
    b == *block
}
