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

/// [`preimages`] of a seeding round's fold (no `InternalSample` step), the
/// hot case: the value kept as it is, and the value folded, each when it
/// lies in `lo..=hi`. No verification is needed: `x − b` is `t` exactly, and
/// `fold(t)` is `y` by the choice of `t`.
#[inline]
fn round_preimages(y: i32, b: i32, lo: i32, hi: i32) -> (Option<i32>, Option<i32>) {
    let fits = |t: i32| {
        let x = b.wrapping_add(t);
        (lo..=hi).contains(&x).then_some(x)
    };
    let plain = if y >= 0 { fits(y) } else { None };
    let t = y.wrapping_sub(MBIG);
    let folded = if t < 0 { fits(t) } else { None };
    (plain, folded)
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
pub const MAX_BRANCHES: usize = 8;

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
            let (plain, folded) = round_preimages(w[i], w[partner(i)], lo, hi);
            let first = match (plain, folded) {
                (Some(x), None) | (None, Some(x)) => x,
                (None, None) => break false,
                (Some(x), Some(alt)) => {
                    if depth + 1 >= MAX_BRANCHES || branches >= MAX_BRANCHES {
                        return SeedOf::Unsure;
                    }
                    let mut other = w;
                    other[i] = alt;
                    stack[depth] = (k + 1, other);
                    depth += 1;
                    branches += 1;
                    x
                }
            };
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Values at and around the wrap points of the fold and of `i32`.
    const EDGES: [i32; 11] = [
        -2,
        -1,
        0,
        1,
        2,
        7,
        MBIG - 2,
        MBIG - 1,
        MBIG,
        i32::MIN,
        i32::MIN + 1,
    ];

    #[test]
    fn the_rounds_fast_path_is_the_general_form() {
        for &y in &EDGES {
            for &b in &EDGES {
                for (lo, hi) in [(-1, MBIG), (0, MBIG - 1), (MSEED - MBIG, MSEED)] {
                    let (plain, folded) = round_preimages(y, b, lo, hi);
                    let fast: alloc::vec::Vec<i32> = plain.into_iter().chain(folded).collect();
                    let general = preimages(y, b, false, lo, hi);
                    assert_eq!(fast, general.as_slice(), "y {y} b {b} lo {lo}");
                }
            }
        }
    }

    #[test]
    fn preimages_are_every_value_that_folds_back() {
        // Edge values against a brute force over x near the wrap points.
        for &y in &EDGES {
            for &b in &EDGES {
                for word in [false, true] {
                    let got = preimages(y, b, word, i32::MIN, i32::MAX);
                    for &x in got.as_slice() {
                        let mut t = x.wrapping_sub(b);
                        if word && t == MBIG {
                            t -= 1;
                        }
                        assert_eq!(fold(t), y, "x {x} b {b} y {y}");
                    }
                    // Every x whose difference is one of the candidate t's.
                    for t in [y, y.wrapping_sub(MBIG), MBIG] {
                        let x = b.wrapping_add(t);
                        let mut f = x.wrapping_sub(b);
                        if word && f == MBIG {
                            f -= 1;
                        }
                        if fold(f) == y {
                            assert!(got.as_slice().contains(&x), "x {x} b {b} y {y} word {word}");
                        }
                    }
                }
            }
        }
    }
}
