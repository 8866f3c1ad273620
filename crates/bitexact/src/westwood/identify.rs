//! Identification of a saved state: which seed, and how many draws since
//! seeding (needs the `alloc` feature).
//!
//! Unlike MT19937's initializer, the seeding here (`psdes(seed, 0..250)`) has
//! no inverse to run, so the seed is **searched**; the walk back is what
//! makes the search cheap.
//!
//! 1. **Walk back** ([`Candidates::new`]). The lagged-XOR step is invertible,
//!    and seeding leaves `index1 == 0`, so a state with `index1 == c` sits
//!    `c + 250·k` draws after its seeding for some `k`. Walking back visits
//!    every such point with `c + 250·k ≤ max_draws` and records the table's
//!    first two words there (16 bytes per point, not the 1000-byte table:
//!    40 000 points for the default bound of 10^7 draws, 640 KB).
//! 2. **Probe** ([`Candidates::probe`]). A seed is a candidate when its own
//!    first table word, [`first_word`]`(seed)` (three hash rounds), is one of
//!    the recorded first words: a blocked Bloom filter sized to the points
//!    (one 32-bit block a point or so: 256 KiB at the default bound, in L2)
//!    rejects almost every seed with one load — about one in 700 passes —
//!    a bucketed lookup in the sorted points settles the rest,
//!    `psdes(seed, 1)` must then match the recorded second word, and a
//!    final exact check replays the seed's stream forward to the saved
//!    state.
//!
//! The library has no threads: a caller splits the 2^32 seeds into ranges and
//! searches them in parallel ([`Candidates`] is `Sync`, and
//! [`Candidates::search`] over one range is the single-threaded loop, hashing
//! seeds in blocks: the hash and the filter's test in vectors (an AVX-512F
//! or AVX2 kernel, else a loop the compiler vectorises). Measured on a
//! 2-core AMD EPYC (Zen 3, AVX2), one thread, a state 5 000 draws in, 2^28
//! seeds: 0.45 s at the default bound with AVX2 (1.5 s portable), against
//! 0.17 s for the hash alone (`--max-draws 0`): the lookup costs more than
//! the hash there, bounded by the cost of one load a seed from L2
//! (`bench/matrix.sh`, `bench/westwood.sh`, `bench/RESULTS.md`). No
//! filter can bring it to the hash's cost: one lookup a seed, even from a
//! table in L1, costs about 0.3 ns on a Zen 4 against 0.44 ns for the hash
//! (`bench/gather_floor.sh`).
//!
//! **Identified means replayed** (SPEC 8): a hit is reported only after
//! `Random2::new(seed)` advanced by the found number of draws equals the
//! saved state whole — all 250 words, both cursors and the `disabled` flag.
//! No draw sets the flag, so a state with it set is never identified; a
//! caller that wants to know which stream such a state came from searches a
//! copy with the flag cleared (the CLI does, and says so).

use alloc::vec;
use alloc::vec::Vec;
use core::ops::Range;

use super::filters::{Filter, FEW, SEARCH_BLOCK};
use super::random2::{unstep_table, IrregularCursors, Random2, Table, TABLE_LEN};
use super::random3::{first_word, psdes};
use crate::engine::{Bound, Identification, NotReachable, Reason, Unit};
use crate::simd::Isa;

/// One past the largest seed: searches take `Range<u64>` so the whole space
/// is `0..SEED_SPACE`.
pub const SEED_SPACE: u64 = 1 << 32;

/// A recorded seeding point: the table's first two words there, and which
/// saved state it leads to in how many draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Point {
    word0: u32,
    word1: i32,
    draws: u64,
    state: u32,
}

/// The seeding points of a saved state (or of several, searched in one
/// pass: [`new_many`](Self::new_many)) within a bound, indexed for fast
/// probing by seed.
#[derive(Clone)]
pub struct Candidates {
    saved: Vec<Random2>,
    max_draws: u64,
    /// Sorted by `word0`.
    points: Vec<Point>,
    /// The points' `word0`, in the same order: the compact array a filter
    /// false positive is settled in (4 bytes a point, so it stays in cache
    /// beside the filter).
    keys: Vec<u32>,
    /// `buckets[h]..buckets[h + 1]`: the points whose `word0 >> bucket_shift`
    /// is `h` (about two points a bucket).
    buckets: Vec<u32>,
    bucket_shift: u32,
    /// The filter a seed's first word passes before the lookup.
    filter: Filter,
    /// The points' distinct `word0`s when there are at most [`FEW`] (the
    /// first repeated to fill): the vector kernels compare each seed's first
    /// word with these instead of loading a filter block.
    few: Option<([u32; FEW], usize)>,
}

impl core::fmt::Debug for Candidates {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Candidates")
            .field("saved", &self.saved)
            .field("max_draws", &self.max_draws)
            .field("points", &self.points.len())
            .field("filter", &self.filter)
            .finish_non_exhaustive()
    }
}

/// Undo the 250 steps that took the table from `index1 == 0` back to
/// `index1 == 0` (step `k` wrote `table[k] ^= table[(k + 103) % 250]`).
fn unstep_block(table: &mut Table) {
    for k in (147..TABLE_LEN).rev() {
        table[k] ^= table[k - 147];
    }
    for k in (0..147).rev() {
        table[k] ^= table[k + 103];
    }
}

/// Walk `saved` back to every possible seeding point at most `max_draws`
/// draws before it, pushing each (tagged `state`) to `points`, polling
/// `stop` every 4096 points: `Ok(Err(draws walked))` when it returns true.
fn walk_back(
    saved: &Random2,
    max_draws: u64,
    state: u32,
    points: &mut Vec<Point>,
    stop: &dyn Fn() -> bool,
) -> Result<Result<(), u64>, IrregularCursors> {
    if let Some(c) = saved.irregular() {
        return Err(c);
    }
    let mut table = *saved.table();
    let (mut i1, mut i2) = (saved.index1(), saved.index2());
    let mut draws = i1 as u64;
    if draws > max_draws {
        return Ok(Ok(()));
    }
    while i1 != 0 {
        unstep_table(&mut table, &mut i1, &mut i2);
    }
    let mut walked = 0u64;
    loop {
        points.push(Point {
            word0: table[0] as u32,
            word1: table[1],
            draws,
            state,
        });
        if max_draws - draws < TABLE_LEN as u64 {
            return Ok(Ok(()));
        }
        unstep_block(&mut table);
        draws += TABLE_LEN as u64;
        walked += 1;
        if walked.is_multiple_of(4096) && stop() {
            return Ok(Err(draws));
        }
    }
}

impl Candidates {
    /// Walk `saved` back to every possible seeding point at most `max_draws`
    /// draws before it (see the module docs). Cost: one XOR per draw walked
    /// (linear in `max_draws`: choose a bound, e.g. [`DEFAULT_MAX_DRAWS`](super::DEFAULT_MAX_DRAWS));
    /// memory: 16 bytes per 250 draws, the filter (4 bytes a point or so,
    /// at most 512 KiB), 4 bytes a point of keys and a bucket index of at
    /// most 256 KiB.
    ///
    /// Fails for irregular cursors: no seeding point leads to them.
    pub fn new(saved: &Random2, max_draws: u64) -> Result<Self, IrregularCursors> {
        Candidates::new_until(saved, max_draws, &|| false)
            .map(|c| c.unwrap_or_else(|_| unreachable!("never stopped")))
    }

    /// The seeding points of every state of `saved` at once (SPEC 16's one
    /// pass over the seeds for several states): a hit of
    /// [`Search::next_point`] names its state ([`point`](Self::point)).
    /// Fails for the first state with irregular cursors, with its index.
    /// The filter grows with the points up to 2^17 blocks (about three
    /// states at the default bound), then passes more seeds on to the exact
    /// lookup; the hits are the same.
    pub fn new_many(saved: &[Random2], max_draws: u64) -> Result<Self, (usize, IrregularCursors)> {
        let mut points = Vec::new();
        for (i, s) in saved.iter().enumerate() {
            match walk_back(s, max_draws, i as u32, &mut points, &|| false) {
                Err(c) => return Err((i, c)),
                Ok(Err(_)) => unreachable!("never stopped"),
                Ok(Ok(())) => {}
            }
        }
        Ok(Candidates::index(saved.to_vec(), max_draws, points))
    }

    /// [`new`](Self::new), polling `stop` every 2^20 draws walked:
    /// `Ok(Err(draws walked))` when it returns true (the walk was not
    /// finished).
    pub fn new_until(
        saved: &Random2,
        max_draws: u64,
        stop: &dyn Fn() -> bool,
    ) -> Result<Result<Self, u64>, IrregularCursors> {
        let mut points = Vec::new();
        Ok(walk_back(saved, max_draws, 0, &mut points, stop)?
            .map(|()| Candidates::index(alloc::vec![saved.clone()], max_draws, points)))
    }

    /// The candidates of `points` (of the states `saved`), indexed.
    fn index(saved: Vec<Random2>, max_draws: u64, mut points: Vec<Point>) -> Self {
        points.sort_unstable_by_key(|p| (p.word0, p.draws, p.state));
        let filter = Filter::new(points.iter().map(|p| p.word0), points.len());
        // About two points a bucket, at most 2^16 buckets.
        let bucket_bits = (points.len() / 2).max(1).ilog2().clamp(4, 16);
        let bucket_shift = 32 - bucket_bits;
        let mut buckets = vec![0u32; (1 << bucket_bits) + 1];
        for p in &points {
            buckets[(p.word0 >> bucket_shift) as usize + 1] += 1;
        }
        for h in 0..1 << bucket_bits {
            buckets[h + 1] += buckets[h];
        }
        let keys: Vec<u32> = points.iter().map(|p| p.word0).collect();
        let mut distinct = keys.clone();
        distinct.dedup();
        let few = (!distinct.is_empty() && distinct.len() <= FEW).then(|| {
            (
                core::array::from_fn(|i| distinct[i.min(distinct.len() - 1)]),
                distinct.len(),
            )
        });
        Self {
            saved,
            max_draws,
            points,
            keys,
            buckets,
            bucket_shift,
            filter,
            few,
        }
    }

    /// Possible seeding points recorded (`0` when `index1 > max_draws`).
    pub fn len(&self) -> usize {
        self.points.len()
    }

    /// Whether no seeding point lies within the bound.
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    /// The distinct first words the vector kernels compare directly, when
    /// there are at most [`FEW`] (for the tests).
    #[cfg(test)]
    pub(crate) fn few_keys(&self) -> Option<&[u32]> {
        self.few.as_ref().map(|(keys, len)| &keys[..*len])
    }

    /// The bound on draws since seeding.
    pub fn max_draws(&self) -> u64 {
        self.max_draws
    }

    /// The saved state the candidates were built from (the first, for
    /// [`new_many`](Self::new_many)).
    pub fn saved(&self) -> &Random2 {
        &self.saved[0]
    }

    /// Recorded point `i` (a [`Search::next_point`] hit): the index of its
    /// state in those given, and the draws from seeding to it.
    pub fn point(&self, i: usize) -> (usize, u64) {
        let p = &self.points[i];
        (p.state as usize, p.draws)
    }

    /// Whether `seed` produced the saved state within the bound, and at how
    /// many draws. Per seed: one [`first_word`] and one load from the
    /// filter; the bucketed lookup for about one in 700 at the default
    /// bound; the second word for about one in 10^5 over a full 2^32
    /// search; and for a true hit only, replaying the seed's stream up to
    /// the saved state (one XOR per draw).
    #[inline]
    pub fn probe(&self, seed: u32) -> Option<Identification> {
        let w0 = first_word(seed) as u32;
        if !self.filter.pass(w0) {
            return None;
        }
        let mut hits = Vec::new();
        self.confirm(seed, w0, &mut hits);
        hits.first().map(|&i| Identification {
            seed: seed.into(),
            words_drawn: self.points[i].draws,
        })
    }

    /// Push the index of every point `seed` (whose first word is `w0`)
    /// replays to, in the points' order (fewest draws first).
    #[cold]
    #[inline(never)]
    fn confirm(&self, seed: u32, w0: u32, hits: &mut Vec<usize>) {
        let h = (w0 >> self.bucket_shift) as usize;
        let (lo, hi) = (self.buckets[h] as usize, self.buckets[h + 1] as usize);
        let mut word1 = None;
        for (i, _) in self.keys[lo..hi]
            .iter()
            .enumerate()
            .filter(|&(_, &k)| k == w0)
        {
            let p = &self.points[lo + i];
            if *word1.get_or_insert_with(|| psdes(seed, 1)) != p.word1 {
                continue;
            }
            // Exact: seed the stream, walk it forward and compare the whole
            // state (table, cursors, flag).
            if replays_to(seed, p.draws, &self.saved[p.state as usize]) {
                hits.push(lo + i);
            }
        }
    }

    /// [`probe`](Self::probe) every seed of `seeds` (clamped to
    /// `0..2^32`) in increasing order, yielding each hit. Seeds are hashed
    /// and probed in blocks of 256: by an explicit AVX-512 or AVX2 kernel
    /// when the CPU has one (`westwood::psdes_avx`: the hash and the
    /// filter's test, a gather a vector, in vectors), else by a loop the
    /// compiler vectorises. All give the same hits.
    pub fn search(&self, seeds: Range<u64>) -> Search<'_> {
        self.search_on(Isa::best(), seeds)
    }

    /// [`search`](Self::search) on kernel `isa` (the portable one when this
    /// CPU cannot run it).
    pub(crate) fn search_on(&self, isa: Isa, seeds: Range<u64>) -> Search<'_> {
        let end = seeds.end.min(SEED_SPACE);
        Search {
            candidates: self,
            isa: if isa.available() { isa } else { Isa::Portable },
            next: seeds.start.min(end),
            end,
            bits: [0; SEARCH_BLOCK / 64],
            block_start: 0,
            pending: Vec::new(),
            pending_seed: 0,
        }
    }

    /// Bit `k` set when seed `first + k` (wrapping) passes the filter, for
    /// `SEARCH_BLOCK` seeds: the block's first words hashed and tested in
    /// vectors by an AVX-512 or AVX2 kernel when the CPU has one (each
    /// lane's block gathered), else by a loop the compiler vectorises and
    /// scalar loads. At most [`FEW`] distinct first words are compared in
    /// the vectors instead, with no lookup.
    pub(crate) fn probe_block(&self, isa: Isa, first: u32) -> [u64; SEARCH_BLOCK / 64] {
        self.probe_block_with(isa, &self.filter, first)
    }

    /// [`probe_block`](Self::probe_block) through `filter` (the tests pass
    /// a small dense one, so that a wrong hash, index or gather shows).
    fn probe_block_with(&self, isa: Isa, filter: &Filter, first: u32) -> [u64; SEARCH_BLOCK / 64] {
        match isa {
            #[cfg(all(feature = "std", target_arch = "x86_64"))]
            Isa::Avx512 | Isa::Avx2 if isa.available() => {
                use super::psdes_avx::{avx2, avx512};
                // SAFETY: `isa.available()` confirmed the kernels' ISA,
                // their only requirement.
                #[allow(unsafe_code)]
                unsafe {
                    match (self.few, isa) {
                        (Some((keys, len)), Isa::Avx512) => avx512::probe_few(first, keys, len),
                        (Some((keys, len)), _) => avx2::probe_few(first, keys, len),
                        (None, Isa::Avx512) => avx512::probe_filter(first, filter),
                        (None, _) => avx2::probe_filter(first, filter),
                    }
                }
            }
            _ => {
                let mut words = [0u32; SEARCH_BLOCK];
                block_words_portable(first, &mut words);
                filter.pass_block(&words)
            }
        }
    }
}

#[cfg(all(test, feature = "std", target_arch = "x86_64"))]
impl Candidates {
    /// [`probe_block`](Self::probe_block) by the kernels' generic body on
    /// sixteen soft lanes (`simd::Soft16`), for the tests.
    pub(crate) fn probe_block_soft16(&self, first: u32) -> [u64; SEARCH_BLOCK / 64] {
        use super::psdes_avx::soft16;
        match self.few {
            Some((keys, len)) => soft16::probe_few(first, keys, len),
            None => soft16::probe_filter(first, &self.filter),
        }
    }

    /// A filter of the points' first words with `2^block_bits` blocks
    /// (small: dense, most seeds pass), for the tests.
    pub(crate) fn dense_filter(&self, block_bits: u32) -> Filter {
        Filter::with_block_bits(self.keys.iter().copied(), block_bits)
    }

    /// The bits of the seeds of the block at `first` that pass `filter`,
    /// by kernel `isa` (`None`: the generic body on sixteen soft lanes),
    /// for the tests; only for candidates with more than [`FEW`] first
    /// words (the kernels compare fewer directly).
    pub(crate) fn filter_bits(
        &self,
        isa: Option<Isa>,
        filter: &Filter,
        first: u32,
    ) -> [u64; SEARCH_BLOCK / 64] {
        use super::psdes_avx::soft16;
        assert!(self.few.is_none(), "the kernels compare few words directly");
        match isa {
            None => soft16::probe_filter(first, filter),
            Some(isa) => self.probe_block_with(isa, filter, first),
        }
    }
}

/// Whether `Random2::new(seed)` after `draws` raw draws is `saved`, whole:
/// the 250 words, both cursors and the `disabled` flag (one XOR per draw).
pub fn replays_to(seed: u32, draws: u64, saved: &Random2) -> bool {
    let mut rng = Random2::new(seed);
    rng.discard(draws);
    rng == *saved
}

/// The first words of a block, `words[k]` seed `first + k`'s (compiled
/// with AVX2 when the CPU has it: the compiler vectorises the hash).
#[inline(always)]
fn block_words_lanes(first: u32, words: &mut [u32; SEARCH_BLOCK]) {
    for (k, w) in words.iter_mut().enumerate() {
        *w = first_word(first.wrapping_add(k as u32)) as u32;
    }
}

crate::simd::dispatch! {
    /// `block_words_lanes`, compiled with AVX2 when the CPU has it.
    fn block_words_portable(first: u32, words: &mut [u32; SEARCH_BLOCK]) = block_words_lanes;
}

/// The hits of [`Candidates::search`] over a seed range, in increasing seed
/// order.
#[derive(Clone, Debug)]
pub struct Search<'a> {
    candidates: &'a Candidates,
    isa: Isa,
    /// First seed not yet probed.
    next: u64,
    end: u64,
    /// Seeds of the current block still to confirm: bit `k` is seed
    /// `block_start + k`.
    bits: [u64; SEARCH_BLOCK / 64],
    block_start: u64,
    /// Points the last confirmed seed replays to, not yet yielded (the
    /// last first).
    pending: Vec<usize>,
    pending_seed: u32,
}

impl Iterator for Search<'_> {
    type Item = Identification;

    fn next(&mut self) -> Option<Identification> {
        self.next_point().map(|(seed, i)| Identification {
            seed: seed.into(),
            words_drawn: self.candidates.points[i].draws,
        })
    }
}

impl Search<'_> {
    /// The next hit as a seed and the index of the point it replays to
    /// ([`Candidates::point`] says which state, after how many draws): in
    /// increasing seed order, and for a seed that reaches several points,
    /// in the points' order.
    pub fn next_point(&mut self) -> Option<(u32, usize)> {
        loop {
            if let Some(i) = self.pending.pop() {
                return Some((self.pending_seed, i));
            }
            for i in 0..self.bits.len() {
                while self.bits[i] != 0 {
                    let k = i * 64 + self.bits[i].trailing_zeros() as usize;
                    self.bits[i] &= self.bits[i] - 1;
                    let seed = (self.block_start + k as u64) as u32;
                    let w0 = first_word(seed) as u32;
                    self.candidates.confirm(seed, w0, &mut self.pending);
                    if !self.pending.is_empty() {
                        self.pending.reverse();
                        self.pending_seed = seed;
                        return Some((seed, self.pending.pop().expect("not empty")));
                    }
                }
            }
            if self.next >= self.end {
                return None;
            }
            // A fixed-length block aligned to its length (the kernels' fast
            // path); seeds before `next` or past `end` are probed and dropped.
            let start = self.next & !(SEARCH_BLOCK as u64 - 1);
            let mut bits = self.candidates.probe_block(self.isa, start as u32);
            let skip = (self.next - start) as usize;
            let len = (self.end - start).min(SEARCH_BLOCK as u64) as usize;
            for (i, b) in bits.iter_mut().enumerate() {
                let below = skip.saturating_sub(i * 64).min(64);
                let keep = len.saturating_sub(i * 64).min(64);
                *b &= low_bits(keep) & !low_bits(below);
            }
            self.bits = bits;
            self.block_start = start;
            self.next = start + len as u64;
        }
    }
}

/// The `n` low bits of a word (`n ≤ 64`).
fn low_bits(n: usize) -> u64 {
    u64::MAX.checked_shr(64 - n as u32).unwrap_or(0)
}

/// `saved`'s cursors are irregular: no seeding leads there.
pub fn irregular(c: IrregularCursors) -> NotReachable {
    NotReachable::new(
        Reason::IrregularCursors {
            index1: c.index1,
            index2: c.index2,
        },
        format_args!("{c}; no seeding leads to this state"),
    )
}

/// No seed of `first..end` reaches the state within `max_draws` draws.
pub fn not_in_range(first: u64, end: u64, max_draws: u64) -> NotReachable {
    NotReachable::not_in_range(
        first,
        end,
        Bound {
            max: max_draws,
            unit: Unit::Draws,
        },
    )
}

/// Single-threaded identification: the first seed of `seeds` (in increasing
/// order) that reaches `saved` within `max_draws` draws of seeding.
pub fn identify(
    saved: &Random2,
    seeds: Range<u64>,
    max_draws: u64,
) -> Result<Identification, NotReachable> {
    let candidates = Candidates::new(saved, max_draws).map_err(irregular)?;
    let (first, end) = (seeds.start, seeds.end.min(SEED_SPACE));
    let found = candidates.search(seeds).next();
    found.ok_or_else(|| not_in_range(first, end, max_draws))
}
