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

/// A seeding of the MT19937 family, for [`outputs_walk`]: how its block's
/// last two words relate (the cheap test, asked at every word walked), the
/// seed its whole block gives (words 1..623 exact, word 0's top bit only),
/// and whether that seed's stream, `offset` words in, gives `values`.
#[cfg(feature = "alloc")]
pub(crate) struct Seeding {
    /// Whether `last` can follow `before_last` as words 623 and 622.
    pub tail: fn(before_last: u32, last: u32) -> bool,
    /// The seed of a seeding block, judged on words 1..623 and word 0's top
    /// bit.
    pub seed_of: fn(&Block) -> Option<u32>,
    /// Whether the seed's raw outputs from word `offset` on are `values`.
    pub replays: fn(seed: u32, offset: u64, values: &[u32]) -> bool,
    /// `(s, t)`: seed `t` is seeded as `s` (Random4Class seeds 0 as 4375),
    /// so every hit of `s` is one of `t` too.
    pub twin: Option<(u32, u32)>,
}

/// Every seed and offset in `0..=max_offset` whose raw (tempered) outputs
/// from that offset on are `values`, given 624 or more of them: no seed
/// search. Untempering gives 624 consecutive state words; stepping them
/// back one word at a time (each older word from the two twist steps that
/// mixed it in) finds, for each offset, whether the 624 words before would
/// be `seeding`'s block — its two-word test at every step, the whole block
/// and a replay of every value (SPEC 8) when that passes. Fewer than 624
/// values: no hits. Costs a few operations a word walked; polls `stop`
/// every 2^20 words: when it returns true, the hits found so far and the
/// offsets walked ([`crate::engine::recovery::WalkStopped`]).
#[cfg(feature = "alloc")]
pub(crate) fn outputs_walk(
    values: &[u32],
    max_offset: u64,
    seeding: &Seeding,
    stop: &dyn Fn() -> bool,
) -> Result<alloc::vec::Vec<crate::engine::recovery::Hit>, crate::engine::recovery::WalkStopped> {
    use super::{unmix, untemper, N};
    let mut hits = alloc::vec::Vec::new();
    if values.len() < N {
        return Ok(hits);
    }
    // ring[(start + k) % N] is the word at position s + k.
    let mut ring = [0u32; N];
    for (w, &v) in ring.iter_mut().zip(values) {
        *w = untemper(v);
    }
    let mut start = 0usize;
    let at = |ring: &[u32; N], start: usize, k: usize| ring[(start + k) % N];
    // The word `back` + 1 positions before s: its top bit from the step
    // that wrote x[s+623-back] (x[s+396-back] and the word after it), its
    // low bits from the step before.
    let before = |ring: &[u32; N], start: usize, back: usize| {
        let top = unmix(at(ring, start, 623 - back) ^ at(ring, start, 396 - back)) & 0x8000_0000;
        let low = unmix(at(ring, start, 622 - back) ^ at(ring, start, 395 - back)) & 0x7fff_ffff;
        top | low
    };
    let mut s = 0u64;
    loop {
        let last = before(&ring, start, 0); // would be the seeding block's word 623
        if (seeding.tail)(before(&ring, start, 1), last) {
            let mut block = [0u32; N];
            for (k, b) in block.iter_mut().enumerate() {
                *b = at(&ring, start, k);
            }
            untwist_tail(&mut block);
            if let Some(seed) = (seeding.seed_of)(&block) {
                if (seeding.replays)(seed, s, values) {
                    let twin = seeding.twin.filter(|&(a, _)| a == seed).map(|(_, t)| t);
                    for seed in core::iter::once(seed).chain(twin) {
                        hits.push(crate::engine::recovery::Hit {
                            seed: seed.into(),
                            offset: s,
                        });
                    }
                }
            }
        }
        if s == max_offset {
            break;
        }
        if s & 0xf_ffff == 0xf_ffff && stop() {
            return Err(crate::engine::recovery::WalkStopped {
                hits,
                walked: s + 1,
            });
        }
        // Slide back one word.
        start = (start + N - 1) % N;
        ring[start] = last;
        s += 1;
    }
    Ok(hits)
}

/// The largest offset bound of an outputs walk (about 10 s).
pub const MAX_OUTPUTS_OFFSET: u64 = 1_000_000_000;

/// 624 or more raw outputs of a generator of the MT19937 family, set up as
/// a [`crate::engine::recovery::Walk`] over `0..=bound` offsets ([`outputs_walk`]).
#[cfg(feature = "alloc")]
#[derive(Clone)]
pub(crate) struct Outputs {
    words: alloc::vec::Vec<u32>,
    bound: u64,
    seeding: &'static Seeding,
}

#[cfg(feature = "alloc")]
impl Outputs {
    /// The walk of `words` back to `seeding`, at offsets up to `max_offset`
    /// (default `default`, at most [`MAX_OUTPUTS_OFFSET`]).
    pub(crate) fn recovery(
        words: alloc::vec::Vec<u32>,
        max_offset: Option<u64>,
        default: u64,
        seeding: &'static Seeding,
    ) -> Result<crate::engine::recovery::Recovery, crate::engine::recovery::QueryError> {
        let bound = max_offset.unwrap_or(default);
        if bound > MAX_OUTPUTS_OFFSET {
            return Err(crate::engine::recovery::QueryError::OutputsOffsetTooLarge {
                max_offset: bound,
                limit: MAX_OUTPUTS_OFFSET,
            });
        }
        Ok(crate::engine::recovery::Recovery::Walk(
            alloc::boxed::Box::new(Outputs {
                words,
                bound,
                seeding,
            }),
        ))
    }
}

#[cfg(feature = "alloc")]
impl core::fmt::Debug for Outputs {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Outputs")
            .field("words", &self.words.len())
            .field("bound", &self.bound)
            .finish_non_exhaustive()
    }
}

#[cfg(feature = "alloc")]
impl crate::engine::recovery::Walk for Outputs {
    fn run(
        &self,
        seeds: core::ops::Range<u64>,
        stop: &dyn Fn() -> bool,
    ) -> Result<alloc::vec::Vec<crate::engine::recovery::Hit>, crate::engine::recovery::WalkStopped>
    {
        let in_range = |mut hits: alloc::vec::Vec<crate::engine::recovery::Hit>| {
            hits.retain(|h| seeds.contains(&h.seed));
            hits.sort_unstable();
            hits
        };
        match outputs_walk(&self.words, self.bound, self.seeding, stop) {
            Ok(hits) => Ok(in_range(hits)),
            Err(stopped) => Err(crate::engine::recovery::WalkStopped {
                hits: in_range(stopped.hits),
                walked: stopped.walked,
            }),
        }
    }
    fn bound(&self) -> u64 {
        self.bound
    }
    fn limit(&self) -> u64 {
        MAX_OUTPUTS_OFFSET
    }
    fn values(&self) -> usize {
        self.words.len()
    }
}
