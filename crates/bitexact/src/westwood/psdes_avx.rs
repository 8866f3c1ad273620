//! The AVX2 and AVX-512F kernels of the Westwood seed searches (x86_64 with
//! `std`): the pseudo-DES hash on a vector of seeds, the recover filter
//! (two hashes per seed and offset, and the tap's values followed in the
//! vector) and the identify probes (one hash per seed, tested against the
//! identify filter — its block gathered — or compared with at most [`FEW`]
//! first words). One body over [`Lanes`]:
//! [`avx2`] runs it on 8 seeds per vector, [`avx512`] on 16.
//!
//! The hash is `westwood::psdes` lane by lane: 32-bit wrapping products,
//! arithmetic shifts, the not-a-rotate. Three rewrites keep it exact and
//! cheaper:
//!
//! - round 0 depends only on the index, so it is one scalar per call
//!   (`seed ^ mix(index, 0)`);
//! - `tl·tl + !(th·th)` is `(tl − th)·(tl + th) − 1` (`!x = −x − 1` and the
//!   difference of squares are identities of integers, so they hold mod
//!   2^32): two products per round instead of three;
//! - in round 1, `th` is the high half of `seed ^ k` for a constant `k`, so
//!   for seeds sharing their top 16 bits — every vector of a run of
//!   consecutive seeds but one in 2^16 / N — it is one number: [`Round1`]
//!   makes `th`, `th·th + 1` and the round's constants once a run, and the
//!   round costs one vector product for the squares and one by a broadcast;
//! - in identify, whose blocks are aligned to [`PROBE_BLOCK`], [`Sweep`]
//!   takes a block's seeds in the order that makes round 1's `tl` count up
//!   and keeps `tl·tl` and `tl·th` as running sums: round 1 without a
//!   product, four products a seed in all.
//!
//! Measured against the plain C loop a user writes (`bench/westwood.sh`,
//! `bench/peers/psdes_plain.c`): see the README's speed section.
//!
//! Safety: the entry points are `#[target_feature]` functions reached only
//! through `westwood::recover` and `westwood::identify`, which check
//! `Isa::available()` first; the kernels read no memory.

use alloc::vec::Vec;
use core::ops::Range;

use super::random3::mix as mix_scalar;
use super::{MIX1, MIX2};
use crate::simd::{record, Lanes};
use crate::westwood::filters::{xor_lanes, Filter, RawFilter, FEW, MAX_SEARCH_OFFSET, WALKED};

/// The last draw that is `psdes(seed, i) ^ psdes(seed, i + 103)`: later ones
/// read table words earlier draws changed.
const LAST_DIRECT: u32 = MAX_SEARCH_OFFSET as u32;
/// Seeds per [`probe_filter`] and [`probe_few`].
pub(crate) const PROBE_BLOCK: usize = 256;

/// Round `r`'s mixing value of `hold`, lane by lane.
#[inline(always)]
fn mix<L: Lanes>(t: L::Token, hold: L, r: usize) -> L {
    mix_keyed(t, hold.xor(L::splat(t, MIX1[r])), r)
}

/// [`mix`] from `t0 = hold ^ MIX1[r]`, for a caller that folded the
/// constant into an earlier XOR.
#[inline(always)]
fn mix_keyed<L: Lanes>(t: L::Token, t0: L, r: usize) -> L {
    let tl = t0.and(L::splat(t, 0xffff));
    let th = t0.sar::<16>();
    // tl·tl + !(th·th) = (tl − th)(tl + th) − 1, wrapping.
    let u = tl.sub(th).mul(tl.add(th)).sub(L::splat(t, 1));
    // (u >> 16) | (u << 16) with an arithmetic >>: not a rotate.
    let u = u.sar::<16>().or(u.shl::<16>());
    u.xor(L::splat(t, MIX2[r])).add(tl.mul(th))
}

/// `psdes(seed_l, index)` for the seeds of `seeds`.
#[inline(always)]
fn psdes<L: Lanes>(t: L::Token, seeds: L, index: u32) -> L {
    let mut lo = L::splat(t, index);
    let mut hi = seeds.xor(L::splat(t, mix_scalar(index as i32, 0) as u32));
    for r in 1..4 {
        let hold = hi;
        hi = lo.xor(mix(t, hold, r));
        lo = hold;
    }
    hi
}

/// Round 1 of `psdes(·, index)` and the rest of the hash, for seeds that
/// share their top 16 bits (`high`): all but one vector in 2^16 / N of a
/// run of consecutive seeds. Round 1 splits `seed ^ k`
/// (`k = mix(index, 0) ^ MIX1[1]`) into `tl`, its low half, and `th`, its
/// high half as a signed number — one number for all such seeds, so
/// `th·th + 1` is a scalar, `tl·tl + !(th·th)` is `tl·tl − (th·th + 1)` (one
/// vector product for the square difference) and `tl·th` a product by a
/// broadcast, all made once per run of seeds. Exact: the same wrapping
/// integers as [`psdes`].
#[derive(Clone, Copy)]
struct Round1<L> {
    index: L,
    c0: L,
    k: L,
    th: L,
    sq: L,
}

impl<L: Lanes> Round1<L> {
    #[inline(always)]
    fn new(t: L::Token, high: u32, index: u32) -> Self {
        let c0 = mix_scalar(index as i32, 0) as u32;
        let k = c0 ^ MIX1[1];
        let th = ((high << 16 ^ k) as i32) >> 16;
        Round1 {
            index: L::splat(t, index),
            c0: L::splat(t, c0),
            k: L::splat(t, k),
            th: L::splat(t, th as u32),
            sq: L::splat(t, th.wrapping_mul(th).wrapping_add(1) as u32),
        }
    }

    /// `psdes(seed, index)` for `seeds`, each with top 16 bits `high`.
    #[inline(always)]
    fn hash(&self, t: L::Token, seeds: L) -> L {
        let hold = seeds.xor(self.c0);
        let tl = seeds.xor(self.k).and(L::splat(t, 0xffff));
        let u = tl.mul(tl).sub(self.sq);
        let u = u.sar::<16>().or(u.shl::<16>());
        let hi1 = u.xor(L::splat(t, MIX2[1])).add(tl.mul(self.th));
        rounds_2_3(t, hold, self.index.xor(hi1))
    }
}

/// Rounds 2 and 3 of the hash from round 1's halves: the result.
#[inline(always)]
fn rounds_2_3<L: Lanes>(t: L::Token, mut lo: L, mut hi: L) -> L {
    for r in 2..4 {
        let h = hi;
        hi = lo.xor(mix(t, h, r));
        lo = h;
    }
    hi
}

/// Whether the `N` seeds `first + 0..N` (wrapping) all have top 16 bits
/// `high`.
#[inline(always)]
fn within<L: Lanes>(first: u32, high: u32) -> bool {
    first >> 16 == high && first.wrapping_add(L::N as u32 - 1) >> 16 == high
}

/// The recover filter over `seeds` (within `0..2^32`) at draws `0..=k`
/// (`k ≤ 146`): `(seed, j)` when draw `j = psdes(seed, j) ^ psdes(seed, j + 103)`
/// passes `filter` (a candidate or a rejected draw), appended to `out` (in
/// no particular order: the caller sorts). The seeds go by runs sharing
/// their top 16 bits, each run draw by draw; within a run, blocks aligned
/// to [`PROBE_BLOCK`] go by [`recover_block`], the seeds around them vector
/// by vector with each draw's [`Round1`], made once a run.
#[inline(always)]
fn recover_scan<L: Lanes>(
    t: L::Token,
    filter: RawFilter,
    k: u32,
    seeds: Range<u64>,
    out: &mut Vec<(u32, u32)>,
) {
    let block = PROBE_BLOCK as u64;
    let mut base = seeds.start;
    while base < seeds.end {
        // One run of seeds with the same top 16 bits (the vectors that
        // reach past it take the general hash).
        let high = (base >> 16) as u32;
        let run_end = seeds.end.min((u64::from(high) + 1) << 16);
        for j in 0..=k {
            let (r0, r1) = (
                Round1::<L>::new(t, high, j),
                Round1::<L>::new(t, high, j + 103),
            );
            let mut b = base;
            while b < run_end {
                if b.is_multiple_of(block) && b + block <= run_end {
                    recover_block::<L>(t, &filter, b as u32, j, out);
                    b += block;
                    continue;
                }
                // Up to the next block boundary (the seeds of a vector
                // past it are dropped).
                let stop = run_end.min((b / block + 1) * block);
                let first = b as u32;
                let s = L::iota(t).add(L::splat(t, first));
                let raw = if within::<L>(first, high) {
                    r0.hash(t, s).xor(r1.hash(t, s))
                } else {
                    psdes(t, s, j).xor(psdes(t, s, j + 103))
                };
                let m = filter_draw(t, &filter, raw, s, j);
                if m != 0 {
                    record::<L>(out, b, m, j, stop);
                }
                b = stop.min(b + L::N as u64);
            }
        }
        base = run_end;
    }
}

/// The lanes of `seeds` (whose draw `j` is `raw`) that may give the
/// filter's values from draw `j` on: most are decided by draw `j` alone
/// (neither rejected nor the first value's pick), the rest by [`walk`].
#[inline(always)]
fn filter_draw<L: Lanes>(t: L::Token, filter: &RawFilter, raw: L, seeds: L, j: u32) -> u64 {
    let pick = raw.and(L::splat(t, filter.mask as u32));
    let rejected: u64 = if filter.reject {
        L::bits(pick.gt(L::splat(t, filter.span as u32))).into()
    } else {
        0
    };
    let matched: u64 = L::bits(pick.eq(L::splat(t, filter.wants[0] as u32))).into();
    if matched | rejected == 0 {
        0
    } else {
        walk(t, filter, seeds, j, matched, rejected)
    }
}

/// [`recover_scan`] on the `PROBE_BLOCK` seeds from `first` (aligned to
/// `PROBE_BLOCK`) at draw `j`, both hashes by [`Sweep`]: `psdes(·, j)` in
/// its sweep's order into a buffer, then `psdes(·, j + 103)` in its own,
/// its lanes arranged so that each vector holds the seeds of one buffered
/// vector in the same lanes (the orders differ by `y = x ^ x'`: the
/// group `v·N ^ y_group`, the second sweep's lanes started at `i ^ y_lane`).
/// Four products a hash.
#[inline(always)]
fn recover_block<L: Lanes>(
    t: L::Token,
    filter: &RawFilter,
    first: u32,
    j: u32,
    out: &mut Vec<(u32, u32)>,
) {
    let n = L::N;
    let vectors = PROBE_BLOCK / n;
    let mut s0 = Sweep::<L>::new(t, first, j, 0);
    // The most vectors a block has (8 lanes a vector).
    let mut buf = [L::splat(t, 0); PROBE_BLOCK / 8];
    for v in buf.iter_mut().take(vectors) {
        *v = s0.next_unindexed(t);
    }
    let x1 = sweep_x(j + 103);
    let y = s0.x ^ x1;
    let (y_group, y_lane) = (y & !(n - 1), y & (n - 1));
    let mut s1 = Sweep::<L>::new(t, first, j + 103, y_lane as u32);
    let indices = L::splat(t, j ^ (j + 103));
    let (x_group, x_lane) = (x1 & !(n - 1), s0.x & (n - 1));
    for v in 0..vectors {
        let h0 = buf[((v * n) ^ y_group) / n];
        let raw = h0.xor(s1.next_unindexed(t)).xor(indices);
        // Lane `i` is seed `first + (v·N ^ x'_group) + (i ^ x_lane)`.
        let g = (v * n) ^ x_group;
        let lanes = L::iota(t).xor(L::splat(t, x_lane as u32));
        let seeds = lanes.add(L::splat(t, first + g as u32));
        let m = filter_draw(t, filter, raw, seeds, j);
        if m != 0 {
            record::<L>(
                out,
                u64::from(first) + g as u64,
                xor_lanes(m, x_lane),
                j,
                u64::MAX,
            );
        }
    }
}

/// The lanes of `seeds` whose draws from draw `j` on may give the filter's
/// values, given what draw `j` did (lanes `matched` took the first value,
/// lanes `rejected` drew again): each lane expects one value at a time,
/// a rejected draw leaves it expecting the same one, an accepted pick
/// that is not the value ends it. Lanes that took all `count` values, or
/// are still undecided at draw [`LAST_DIRECT`], pass (the exact check
/// decides them). Inlined into the kernel, whose target feature its vector
/// code needs; reached for a small share of vectors.
#[inline(always)]
fn walk<L: Lanes>(
    t: L::Token,
    filter: &RawFilter,
    seeds: L,
    j: u32,
    matched: u64,
    rejected: u64,
) -> u64 {
    let count = filter.count;
    // expecting[n]: the lanes whose next accepted pick must be value n;
    // expecting[count]: the lanes that took them all.
    let mut expecting = [0u64; WALKED + 1];
    expecting[0] = rejected;
    expecting[1] = matched & !rejected;
    let mask = L::splat(t, filter.mask as u32);
    let span = L::splat(t, filter.span as u32);
    let wants = filter.wants.map(|w| L::splat(t, w as u32));
    let mut i = j + 1;
    loop {
        let open = expecting[..count].iter().fold(0, |a, &b| a | b);
        if open == 0 || i > LAST_DIRECT {
            return expecting[count] | open;
        }
        let pick = psdes(t, seeds, i).xor(psdes(t, seeds, i + 103)).and(mask);
        let accepted: u64 = if filter.reject {
            let rejected: u64 = L::bits(pick.gt(span)).into();
            !rejected
        } else {
            !0
        };
        // Highest first, so a lane moves at most one value a draw.
        for n in (0..count).rev() {
            let here = expecting[n] & accepted;
            if here != 0 {
                let took: u64 = L::bits(pick.eq(wants[n])).into();
                expecting[n + 1] |= here & took;
                expecting[n] &= !here;
            }
        }
        i += 1;
    }
}

/// A test of a vector of first words: its lanes' bits (lane `l` at bit
/// `l`). A trait with `#[inline(always)]` methods, not a closure: a closure
/// would not inherit the kernel's target feature, and its intrinsics would
/// become calls.
/// A test of a vector of first words: its lanes' bits (lane `l` at bit
/// `l`). A trait with `#[inline(always)]` methods, not a closure: a closure
/// would not inherit the kernel's target feature, and its intrinsics would
/// become calls.
trait LaneTest<L: Lanes> {
    /// The lanes of `w` that pass.
    fn bits(&self, t: L::Token, w: L) -> u64;
}

/// The test through a [`Filter`]: each word's three-bit
/// [`mask`](crate::westwood::identify::mask) made in the vector and its
/// block gathered, one load a lane. (Tried on a Zen 3 and kept out: the
/// blocks loaded by scalar loads instead of the gather, one a vector or a
/// block's 256 at a time — no faster, or slower; there the loads' own cost
/// from L2 bounds the lookup, about as much as the hash.)
struct ByFilter<'a, L> {
    blocks: &'a [u32],
    shift: L,
    low5: L,
    one: L,
}

impl<'a, L: Lanes> ByFilter<'a, L> {
    #[inline(always)]
    fn new(t: L::Token, filter: &'a Filter) -> Self {
        let (blocks, shift) = filter.parts();
        // The gathers' bound, checked here rather than trusted from afar.
        assert_eq!(blocks.len(), 1 << (32 - shift));
        ByFilter {
            blocks,
            shift: L::splat(t, shift),
            low5: L::splat(t, 31),
            one: L::splat(t, 1),
        }
    }
}

impl<L: Lanes> LaneTest<L> for ByFilter<'_, L> {
    #[inline(always)]
    fn bits(&self, _: L::Token, w: L) -> u64 {
        let (one, low5) = (self.one, self.low5);
        let m = one
            .shl_by(w.and(low5))
            .or(one.shl_by(w.shr::<5>().and(low5)))
            .or(one.shl_by(w.shr::<10>().and(low5)));
        // SAFETY: each lane's index is `w >> shift < 2^(32 − shift)`, which
        // is `blocks.len()` (asserted in `new`); `blocks` is borrowed for
        // the call and u32-aligned; the indices are below 2^17 (the
        // filter's most blocks), so the signed index × 4 cannot overflow.
        #[allow(unsafe_code)]
        let b = unsafe { L::gather(self.blocks.as_ptr(), w.shr_by(self.shift)) };
        L::bits(b.and(m).eq(m)).into()
    }
}

/// The test against at most [`FEW`] distinct first words: `K` compares, no
/// load.
struct ByKeys<L, const K: usize>([L; K]);

impl<L: Lanes, const K: usize> LaneTest<L> for ByKeys<L, K> {
    #[inline(always)]
    fn bits(&self, _: L::Token, w: L) -> u64 {
        let mut hit = w.eq(self.0[0]);
        for key in &self.0[1..] {
            hit = hit | w.eq(*key);
        }
        L::bits(hit).into()
    }
}

/// The identify probe through `filter` for the seeds `first .. first +
/// PROBE_BLOCK` (wrapping): bit `k` set when `first_word(first + k)` passes
/// it ([`ByFilter`]).
#[inline(always)]
fn probe_filter<L: Lanes>(t: L::Token, first: u32, filter: &Filter) -> [u64; PROBE_BLOCK / 64] {
    probe(t, first, &ByFilter::<L>::new(t, filter))
}

/// The probe for a state with at most [`FEW`] distinct first words:
/// bit `k` is set when `first_word(first + k)` is one of `keys` — one hash
/// and `K` compares a seed, no load.
#[inline(always)]
fn probe_few<L: Lanes, const K: usize>(
    t: L::Token,
    first: u32,
    keys: [u32; K],
) -> [u64; PROBE_BLOCK / 64] {
    probe(t, first, &ByKeys(keys.map(|k| L::splat(t, k))))
}

/// Bit `k` set when `test` passes `first_word(first + k)`, for the seeds
/// `first .. first + PROBE_BLOCK` (wrapping). A block aligned to `PROBE_BLOCK`
/// (every block of a search but the first: `identify::Search` aligns them)
/// goes by [`Sweep`], round 1 without products; others by [`first_words`].
#[inline(always)]
fn probe<L: Lanes>(t: L::Token, first: u32, test: &impl LaneTest<L>) -> [u64; PROBE_BLOCK / 64] {
    let per_word = 64 / L::N;
    let mut out = [0u64; PROBE_BLOCK / 64];
    if !first.is_multiple_of(PROBE_BLOCK as u32) {
        let high = first >> 16;
        let r = Round1::<L>::new(t, high, 0);
        for v in 0..PROBE_BLOCK / L::N {
            let w0 = first_words(t, &r, first.wrapping_add((v * L::N) as u32), high);
            let m = test.bits(t, w0);
            out[v / per_word] |= m << (L::N * (v % per_word));
        }
        return out;
    }
    let mut sweep = Sweep::<L>::new(t, first, 0, 0);
    let (x_group, x_lane) = (sweep.x & !(L::N - 1), sweep.x & (L::N - 1));
    for v in 0..PROBE_BLOCK / L::N {
        let m = test.bits(t, sweep.next(t));
        if m != 0 {
            // The vector's lanes are the seeds `first + (c ^ x)` for
            // `c = v·N + lane`: the group at `v·N ^ x_group`, each lane's
            // bit moved to `lane ^ x_lane`.
            let g = (v * L::N) ^ x_group;
            out[g / 64] |= xor_lanes(m, x_lane) << (g % 64);
        }
    }
    out
}

/// `psdes(·, index)` of a block of `PROBE_BLOCK` seeds aligned to
/// `PROBE_BLOCK`, taken in the order that makes round 1's `tl` count up:
/// with `k = mix(index, 0) ^ MIX1[1]` and `x` the low 8 bits of `k`,
/// vector `v`'s lane `i` is seed `first + (c ^ x)`, `c = v·N + lanes[i]`
/// (`lanes` a permutation of `0..N`, made by [`Sweep::new`]), whose `tl`
/// is `T0 + c` (`T0` the block's low 16 bits XOR `k`'s bits 8..16). Each
/// lane's `tl` goes up by `N` a vector, so `tl·tl − (th·th + 1)` and
/// `tl·th` go up by sums kept from vector to vector —
/// `(tl + N)² = tl² + 2N·tl + N²`, `(tl + N)·th = tl·th + N·th` — and round
/// 1 needs no product. The constants XORed between rounds are folded into
/// one XOR each, and the index's into the caller's (see
/// [`next_unindexed`](Self::next_unindexed)). Exact: the same wrapping
/// integers as [`psdes`] (the identities hold mod 2^32).
struct Sweep<L> {
    /// `x` above: the lanes' seed offsets are `c ^ x`.
    x: usize,
    index: L,
    /// `c` of the lanes; `c ^ hold_key` is round 1's input (`seed ^
    /// mix(index, 0)`) XOR `MIX1[3]`.
    c: L,
    hold_key: L,
    /// `index ^ MIX1[2]`.
    key2: L,
    /// `tl·tl − (th·th + 1)`, `2N·tl + N²` and `tl·th` of the lanes.
    sq: L,
    step: L,
    pr: L,
    step_step: L,
    th_step: L,
    n: L,
}

/// [`Sweep`]'s `x` for `index`: the low 8 bits of `mix(index, 0) ^ MIX1[1]`.
#[inline(always)]
fn sweep_x(index: u32) -> usize {
    ((mix_scalar(index as i32, 0) as u32 ^ MIX1[1]) & 0xff) as usize
}

impl<L: Lanes> Sweep<L> {
    /// The sweep of the block at `first` with lane `i` at `c = i ^ lane_key`
    /// in the first vector (`lane_key < N`).
    #[inline(always)]
    fn new(t: L::Token, first: u32, index: u32, lane_key: u32) -> Self {
        debug_assert!(first.is_multiple_of(PROBE_BLOCK as u32));
        debug_assert!((lane_key as usize) < L::N);
        let c0 = mix_scalar(index as i32, 0) as u32;
        let k = c0 ^ MIX1[1];
        let x = sweep_x(index);
        let t0 = (first ^ k) & 0xff00;
        let th = ((first ^ k) as i32) >> 16;
        let c = L::iota(t).xor(L::splat(t, lane_key));
        let tl = c.add(L::splat(t, t0));
        let n = L::N as u32;
        Sweep {
            x,
            index: L::splat(t, index),
            c,
            hold_key: L::splat(t, first ^ x as u32 ^ c0 ^ MIX1[3]),
            key2: L::splat(t, index ^ MIX1[2]),
            sq: tl
                .mul(tl)
                .sub(L::splat(t, th.wrapping_mul(th).wrapping_add(1) as u32)),
            step: tl.mul(L::splat(t, 2 * n)).add(L::splat(t, n * n)),
            pr: tl.mul(L::splat(t, th as u32)),
            step_step: L::splat(t, 2 * n * n),
            th_step: L::splat(t, n.wrapping_mul(th as u32)),
            n: L::splat(t, n),
        }
    }

    /// The next vector's hashes XOR `index` (lane `i` of call `v`: seed
    /// `first + ((v·N + lanes[i]) ^ x)`): the caller XORs the index, once
    /// for two sweeps' XOR.
    #[inline(always)]
    fn next_unindexed(&mut self, t: L::Token) -> L {
        // Round 1's `lo`, XOR MIX1[3] (so round 2's `hi` comes out as
        // round 3's `t0`).
        let hold = self.c.xor(self.hold_key);
        let u = self.sq.sar::<16>().or(self.sq.shl::<16>());
        // Round 1's `hi` XOR `index`.
        let hi1 = u.xor(L::splat(t, MIX2[1])).add(self.pr);
        self.sq = self.sq.add(self.step);
        self.step = self.step.add(self.step_step);
        self.pr = self.pr.add(self.th_step);
        self.c = self.c.add(self.n);
        let t3 = hold.xor(mix_keyed(t, hi1.xor(self.key2), 2));
        hi1.xor(mix_keyed(t, t3, 3))
    }

    /// The next vector's hashes.
    #[inline(always)]
    fn next(&mut self, t: L::Token) -> L {
        self.next_unindexed(t).xor(self.index)
    }
}

/// `first_word` of the seeds `first + 0..N` (wrapping), by `r` (made for
/// top 16 bits `high`, index 0) when they all have those top bits.
#[inline(always)]
fn first_words<L: Lanes>(t: L::Token, r: &Round1<L>, first: u32, high: u32) -> L {
    let s = L::iota(t).add(L::splat(t, first));
    if within::<L>(first, high) {
        r.hash(t, s)
    } else {
        psdes(t, s, 0)
    }
}

/// Whether the vector hash of `seeds` at `index` is `expected`, lane for
/// lane (for the tests).
#[cfg(test)]
#[inline(always)]
fn hash_is<L: Lanes>(t: L::Token, seeds: &[u32], index: u32, expected: &[u32]) -> bool {
    let got = psdes(t, L::from_slice(t, seeds), index);
    let want = L::from_slice(t, expected);
    L::bits(got.eq(want)).into() == (1u64 << L::N) - 1
}

/// The kernels on AVX2 (8 seeds per vector).
pub(crate) mod avx2 {
    use super::{Filter, Range, RawFilter, Vec, FEW, PROBE_BLOCK};
    use crate::simd::{Avx2, U32x8};

    /// [`super::recover_scan`] on AVX2.
    #[target_feature(enable = "avx2")]
    pub(crate) fn recover_scan(
        filter: RawFilter,
        k: u32,
        seeds: Range<u64>,
        out: &mut Vec<(u32, u32)>,
    ) {
        super::recover_scan::<U32x8>(Avx2::here(), filter, k, seeds, out);
    }

    /// [`super::probe_few`] on AVX2.
    #[target_feature(enable = "avx2")]
    pub(crate) fn probe_few(first: u32, keys: [u32; FEW], len: usize) -> [u64; PROBE_BLOCK / 64] {
        let t = Avx2::here();
        match len {
            1 => super::probe_few::<U32x8, 1>(t, first, [keys[0]]),
            2 => super::probe_few::<U32x8, 2>(t, first, [keys[0], keys[1]]),
            _ => super::probe_few::<U32x8, FEW>(t, first, keys),
        }
    }

    /// [`super::probe_filter`] on avx2.
    #[target_feature(enable = "avx2")]
    pub(crate) fn probe_filter(first: u32, filter: &Filter) -> [u64; PROBE_BLOCK / 64] {
        super::probe_filter::<U32x8>(Avx2::here(), first, filter)
    }

    /// Whether the AVX2 hash of `seeds` at `index` is `expected` (for the
    /// tests).
    #[cfg(test)]
    #[target_feature(enable = "avx2")]
    pub(crate) fn hash_is(
        seeds: [u32; TEST_LANES],
        index: u32,
        expected: [i32; TEST_LANES],
    ) -> bool {
        super::hash_is::<U32x8>(Avx2::here(), &seeds, index, &expected.map(|w| w as u32))
    }

    /// Seeds per vector (for the tests).
    #[cfg(test)]
    pub(crate) const TEST_LANES: usize = <U32x8 as crate::simd::Lanes>::N;
}

/// The kernels' generic bodies on [`Soft16`](crate::simd::Soft16), sixteen
/// lanes in plain Rust (for the tests: the AVX-512 bodies' 16-lane
/// arithmetic on any CPU).
#[cfg(test)]
pub(crate) mod soft16 {
    use super::{Filter, Range, RawFilter, Vec, FEW, PROBE_BLOCK};
    use crate::simd::{Soft, Soft16};

    /// [`super::recover_scan`] on 16 soft lanes.
    pub(crate) fn recover_scan(
        filter: RawFilter,
        k: u32,
        seeds: Range<u64>,
        out: &mut Vec<(u32, u32)>,
    ) {
        super::recover_scan::<Soft16>(Soft::here(), filter, k, seeds, out);
    }

    /// [`super::probe_few`] on 16 soft lanes.
    pub(crate) fn probe_few(first: u32, keys: [u32; FEW], len: usize) -> [u64; PROBE_BLOCK / 64] {
        let k = &keys[..len];
        match len {
            1 => super::probe_few::<Soft16, 1>(Soft::here(), first, [k[0]]),
            2 => super::probe_few::<Soft16, 2>(Soft::here(), first, [k[0], k[1]]),
            _ => super::probe_few::<Soft16, FEW>(Soft::here(), first, keys),
        }
    }

    /// [`super::probe_filter`] on soft16.
    pub(crate) fn probe_filter(first: u32, filter: &Filter) -> [u64; PROBE_BLOCK / 64] {
        super::probe_filter::<Soft16>(Soft::here(), first, filter)
    }
}

/// The kernels on AVX-512F (16 seeds per vector).
pub(crate) mod avx512 {
    use super::{Filter, Range, RawFilter, Vec, FEW, PROBE_BLOCK};
    use crate::simd::{Avx512, U32x16};

    /// [`super::recover_scan`] on AVX-512F.
    #[target_feature(enable = "avx512f")]
    pub(crate) fn recover_scan(
        filter: RawFilter,
        k: u32,
        seeds: Range<u64>,
        out: &mut Vec<(u32, u32)>,
    ) {
        super::recover_scan::<U32x16>(Avx512::here(), filter, k, seeds, out);
    }

    /// [`super::probe_few`] on AVX-512F.
    #[target_feature(enable = "avx512f")]
    pub(crate) fn probe_few(first: u32, keys: [u32; FEW], len: usize) -> [u64; PROBE_BLOCK / 64] {
        let t = Avx512::here();
        match len {
            1 => super::probe_few::<U32x16, 1>(t, first, [keys[0]]),
            2 => super::probe_few::<U32x16, 2>(t, first, [keys[0], keys[1]]),
            _ => super::probe_few::<U32x16, FEW>(t, first, keys),
        }
    }

    /// [`super::probe_filter`] on avx512.
    #[target_feature(enable = "avx512f")]
    pub(crate) fn probe_filter(first: u32, filter: &Filter) -> [u64; PROBE_BLOCK / 64] {
        super::probe_filter::<U32x16>(Avx512::here(), first, filter)
    }

    /// Whether the AVX-512F hash of `seeds` at `index` is `expected` (for
    /// the tests).
    #[cfg(test)]
    #[target_feature(enable = "avx512f")]
    pub(crate) fn hash_is(
        seeds: [u32; TEST_LANES],
        index: u32,
        expected: [i32; TEST_LANES],
    ) -> bool {
        super::hash_is::<U32x16>(Avx512::here(), &seeds, index, &expected.map(|w| w as u32))
    }

    /// Seeds per vector (for the tests).
    #[cfg(test)]
    pub(crate) const TEST_LANES: usize = <U32x16 as crate::simd::Lanes>::N;
}
