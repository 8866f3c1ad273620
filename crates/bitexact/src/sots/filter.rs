//! The per-lane test of a seed search's vector kernels ([`Filter`]): what
//! a first-block word must satisfy for its seed to be confirmed, shared by
//! the kernels (`recover_avx.rs`) and their dispatch (`recover_simd.rs`).

use super::observe::{Observed, Tap};

/// The largest `max_offset` the vector kernels take: word `j + 397` is then
/// still an initializer word (`j + 397 ≤ 623`).
pub(crate) const MAX_OFFSET: usize = 226;

/// What a first-block word `B[j]` must satisfy for its seed to be
/// confirmed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Filter {
    /// `B[j]` (untempered) equals this: the tap's value names one word.
    Raw(u32),
    /// `temper(B[j])` lies in `lo..=hi`.
    Tempered {
        /// The first word giving the value.
        lo: u32,
        /// The last.
        hi: u32,
    },
    /// `B[j]` (untempered) equals one of these (OpenRA's `Next()`: a value
    /// comes from up to three words; unused places repeat the first).
    AnyRaw([u32; 3]),
    /// No word gives the value, so no seed can.
    Never,
}

impl Filter {
    /// The filter for `tap`'s value `v`, or `None` for a tap the vector
    /// kernels do not handle.
    pub(crate) fn new(tap: Tap, v: Observed) -> Option<Filter> {
        let key = |y: u32| tap.of_word(y).unwrap_or(0);
        let (lo, hi) = match tap {
            Tap::U32 => match u32::try_from(v) {
                Ok(w) => (w, w),
                Err(_) => return Some(Filter::Never),
            },
            // Monotone non-decreasing in the word (module docs); the keys
            // are the bits of non-negative floats, ordered as the values.
            Tap::Unit | Tap::Float(_) => {
                let lo = first_word_at_least(key, v);
                match lo {
                    Some(lo) if key(lo) == v => {
                        let hi = first_word_at_least(key, v + 1).map_or(u32::MAX, |w| w - 1);
                        (lo, hi)
                    }
                    _ => return Some(Filter::Never),
                }
            }
            Tap::IntInclusive(_) | Tap::FloatRange(..) => return None,
        };
        Some(if lo == hi {
            Filter::Raw(crate::mt19937::untemper(lo))
        } else {
            Filter::Tempered { lo, hi }
        })
    }

    /// Whether first-block word `b` passes (the scalar form of the kernels'
    /// test).
    #[cfg(test)]
    pub(crate) fn passes(self, b: u32) -> bool {
        match self {
            Filter::Raw(w) => b == w,
            Filter::AnyRaw(ws) => ws.contains(&b),
            Filter::Tempered { lo, hi } => (lo..=hi).contains(&crate::mt19937::temper(b)),
            Filter::Never => false,
        }
    }
}

/// The first word whose key is at least `v` (`key` monotone
/// non-decreasing), or `None` when every key is below `v`.
fn first_word_at_least(key: impl Fn(u32) -> u64, v: u64) -> Option<u32> {
    if key(u32::MAX) < v {
        return None;
    }
    // Invariant: key(lo - 1) < v (or lo == 0), key(hi) >= v.
    let (mut lo, mut hi) = (0u32, u32::MAX);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if key(mid) >= v {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    Some(lo)
}
