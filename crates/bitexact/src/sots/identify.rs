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

use crate::mt19937::{init_seed_of, restore_head, twist, untwist_tail, Block, Mt19937, N};

/// The default bound on twists walked back (or forward): 100 000 twists,
/// 62.4 million words — millions of turns of the strategic sim. A release
/// build walks all of it in about 0.1 s.
pub const DEFAULT_MAX_TWISTS: u64 = 100_000;

/// Where a saved state sits in its seed's stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Identification {
    /// The seed (`RSeed`) the stream was started with.
    pub seed: u32,
    /// Twists after the one seeding runs (0 for a block straight from seeding).
    pub twists: u64,
    /// The state's `left`.
    pub left: u32,
    /// Words drawn since seeding: `twists · 624 + (624 − left)`.
    pub words_drawn: u64,
}

/// No seed leads to the state within the bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotReachable {
    /// Twists walked back before giving up.
    pub max_twists: u64,
    /// The block is seed `.0`'s after `.1` twists, but with `left == 624`:
    /// a generator that twists eagerly writes that; the lazy one (the
    /// game's, this crate's) leaves the block before with `left == 0` — the
    /// same position, `.2` words drawn, but not this state.
    pub eager: Option<(u32, u64, u64)>,
}

impl core::fmt::Display for NotReachable {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if let Some((seed, twists, words)) = self.eager {
            return write!(
                f,
                "not a state the lazily twisting generator saves: left is 624 in seed {seed}'s block \
                 after {twists} twists; that is position {words} as an eagerly twisting one writes it \
                 (the game leaves the block before with left 0)"
            );
        }
        write!(
            f,
            "no seed reaches this block within {} twists after seeding (the first {} words); \
             it was edited, is not an MT19937 stream seeded by init_genrand, or lies further on",
            self.max_twists,
            self.max_twists.saturating_add(1).saturating_mul(N as u64)
        )
    }
}

impl core::error::Error for NotReachable {}

/// Find the seed of a state and the words drawn since seeding, walking back
/// at most `max_twists` further twists (see [`DEFAULT_MAX_TWISTS`]). Each
/// candidate is replayed whole before it is returned (see the module docs):
/// the walk costs one untwist per twist, the replay one twist per twist of
/// the answer.
///
/// Handles `left == 0` (the block is used up; the words include all of it).
/// A block after further twists with `left == 624` is refused, saying so
/// ([`NotReachable::eager`]): no run of lazy draws leaves it.
pub fn identify(mt: &Mt19937, max_twists: u64) -> Result<Identification, NotReachable> {
    let left = mt.left();
    let mut block: Block = *mt.state();
    let mut twists = 0u64;
    loop {
        untwist_tail(&mut block);
        if let Some(seed) = init_seed_of(&block).filter(|&s| replays_to(s, twists, mt.state())) {
            // A later block with nothing read: a lazy generator is still in
            // the block before (left 0) at that position — not this state.
            if left == N as u32 && twists > 0 {
                return Err(NotReachable {
                    max_twists,
                    eager: Some((seed, twists, twists * N as u64)),
                });
            }
            return Ok(Identification {
                seed,
                twists,
                left,
                words_drawn: twists * N as u64 + u64::from(N as u32 - left),
            });
        }
        if twists == max_twists {
            return Err(NotReachable {
                max_twists,
                eager: None,
            });
        }
        restore_head(&mut block);
        twists += 1;
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

/// Why [`words_between`] found no forward distance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiffError {
    /// B is the same stream but *earlier* than A, by this many words.
    BeforeA {
        /// Words from B to A.
        words: u64,
    },
    /// Neither state reaches the other within the bound.
    NotReachable {
        /// Twists tried in each direction.
        max_twists: u64,
    },
}

impl core::fmt::Display for DiffError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            DiffError::BeforeA { words } => {
                write!(f, "B is not after A: B comes {words} words before A")
            }
            DiffError::NotReachable { max_twists } => write!(
                f,
                "the states are not the same stream within {max_twists} twists of each other"
            ),
        }
    }
}

impl core::error::Error for DiffError {}

/// Twists that take block `from` to block `to`, if within `max_twists`.
fn twists_until(from: &Block, to: &Block, max_twists: u64) -> Option<u64> {
    let mut block = *from;
    for t in 0..=max_twists {
        if block == *to {
            return Some(t);
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
    if let Some(t) = twists_until(a.state(), b.state(), max_twists) {
        let pos_b = t * N as u64 + ib;
        return if pos_b >= ia {
            Ok(pos_b - ia)
        } else {
            Err(DiffError::BeforeA { words: ia - pos_b })
        };
    }
    if let Some(t) = twists_until(b.state(), a.state(), max_twists) {
        // t >= 1 here (t == 0 would have matched above).
        let words = t * N as u64 + ia - ib;
        return if words == 0 {
            Ok(0)
        } else {
            Err(DiffError::BeforeA { words })
        };
    }
    Err(DiffError::NotReachable { max_twists })
}
