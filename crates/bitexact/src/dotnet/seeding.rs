//! `System.Random`'s seeding, forward and undone.
//!
//! Forward (`new Random(seed)`): `SeedArray[55] = 161803398 − |seed|`, the
//! other 54 entries filled in the order `21·i mod 55` by a subtractive
//! chain starting at 1, then four rounds of `SeedArray[i] −=
//! SeedArray[1 + (i + 30) mod 55]` (folded into `0..int.MaxValue` when
//! negative) for `i` in `1..=55`.
//!
//! Undone ([`seed_of_array`]): each subtraction is undone in reverse order;
//! a folded difference has two preimages, told apart by the range the
//! overwritten value must lie in (a round's output in `-1..=int.MaxValue`,
//! the chain's in `0..int.MaxValue`, `SeedArray[55]`'s in `161803398 −
//! int.MaxValue..=161803398`). Where both lie in range both are followed.
//! The seed read from `SeedArray[55]` is then seeded forward and compared
//! whole, so a seed is never named for an array seeding does not give.

use super::{MBIG, MSEED};

/// `|seed|` as .NET takes it: `Math.Abs`, with `int.MinValue` as
/// `int.MaxValue`.
pub fn magnitude(seed: i32) -> i32 {
    if seed == i32::MIN {
        MBIG
    } else {
        seed.abs()
    }
}

/// `SeedArray` after `new Random(seed)` (bit-exact, C#'s unchecked wrapping
/// arithmetic).
pub fn seeded_array(seed: i32) -> [i32; 56] {
    let mut a = chain(magnitude(seed));
    for _ in 1..5 {
        for i in 1..56 {
            a[i] = fold(a[i].wrapping_sub(a[partner(i)]));
        }
    }
    a
}

/// The array before the four rounds: `SeedArray[55]` and the chain.
fn chain(s: i32) -> [i32; 56] {
    let mut a = [0i32; 56];
    let mut mj = MSEED - s;
    a[55] = mj;
    let mut mk = 1i32;
    for i in 1..55 {
        let ii = (21 * i) % 55;
        a[ii] = mk;
        mk = fold(mj.wrapping_sub(mk));
        mj = a[ii];
    }
    a
}

/// The index round step `i` subtracts: `1 + (i + 30) mod 55`.
#[inline]
fn partner(i: usize) -> usize {
    1 + (i + 30) % 55
}

/// A negative difference plus `int.MaxValue` (wrapping, as C#).
#[inline]
pub(super) fn fold(t: i32) -> i32 {
    if t < 0 {
        t.wrapping_add(MBIG)
    } else {
        t
    }
}

/// The values `x` with `fold(x − b) == y` (`word`: with `InternalSample`'s
/// extra step, a difference of exactly `int.MaxValue` lowered by one),
/// among `lo..=hi`: at most three, usually one.
pub(super) fn preimages(y: i32, b: i32, word: bool, lo: i32, hi: i32) -> Preimages {
    let mut out = Preimages { xs: [0; 3], len: 0 };
    let mut ts = [Some(y), Some(y.wrapping_sub(MBIG)), None];
    if word && y == MBIG - 1 {
        ts[2] = Some(MBIG);
    }
    for t in ts.into_iter().flatten() {
        let x = b.wrapping_add(t);
        let mut fwd = x.wrapping_sub(b);
        if word && fwd == MBIG {
            fwd -= 1;
        }
        if fold(fwd) == y && (lo..=hi).contains(&x) && !out.xs[..out.len].contains(&x) {
            out.xs[out.len] = x;
            out.len += 1;
        }
    }
    out
}

/// [`preimages`]' answer.
#[derive(Clone, Copy, Debug)]
pub(super) struct Preimages {
    xs: [i32; 3],
    len: usize,
}

impl Preimages {
    /// The values, in order.
    pub(super) fn as_slice(&self) -> &[i32] {
        &self.xs[..self.len]
    }
}

/// What undoing a seeding found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeedOf {
    /// Seeding with this magnitude (and its negation) gives the array.
    Seed(i32),
    /// No seed gives it.
    No,
    /// More ambiguous steps than the undo follows ([`MAX_BRANCHES`]): only a
    /// forged array has them; no answer either way.
    Unsure,
}

/// The most alternative preimages [`seed_of_array`] follows.
pub const MAX_BRANCHES: usize = 64;

/// The seed magnitude whose `new Random(±s)` leaves `SeedArray` equal to
/// `a` (index 0 included), found by undoing the seeding (no search), and
/// checked by seeding it forward. `int.MaxValue` stands for both
/// `int.MaxValue` and `int.MinValue`.
pub fn seed_of_array(a: &[i32; 56]) -> SeedOf {
    // The undo steps, last first: round 4's i = 55 down to round 1's i = 1.
    const STEPS: usize = 4 * 55;
    let mut stack = [(0usize, [0i32; 56]); MAX_BRANCHES];
    stack[0] = (0, *a);
    let (mut depth, mut branches) = (1usize, 0usize);
    while depth > 0 {
        depth -= 1;
        let (mut k, mut w) = stack[depth];
        let alive = loop {
            if k == STEPS {
                break true;
            }
            let (round, i) = (4 - k / 55, 55 - k % 55);
            let (lo, hi) = match (round, i) {
                (1, 55) => (MSEED - MBIG, MSEED),
                (1, _) => (0, MBIG - 1),
                _ => (-1, MBIG),
            };
            let pre = preimages(w[i], w[partner(i)], false, lo, hi);
            let Some((&first, rest)) = pre.as_slice().split_first() else {
                break false;
            };
            for &alt in rest {
                if depth + 1 >= MAX_BRANCHES || branches >= MAX_BRANCHES {
                    return SeedOf::Unsure;
                }
                let mut other = w;
                other[i] = alt;
                stack[depth] = (k + 1, other);
                depth += 1;
                branches += 1;
            }
            w[i] = first;
            k += 1;
        };
        if alive && w[21] == 1 {
            let s = MSEED.wrapping_sub(w[55]);
            if (0..=MBIG).contains(&s) && seeded_array(s) == *a {
                return SeedOf::Seed(s);
            }
        }
    }
    SeedOf::No
}
