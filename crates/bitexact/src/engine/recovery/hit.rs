//! A hit of a seed search ([`Hit`]) and how the engines' filters look past
//! rejected words ([`SCAN`], [`may_start_with`]).

/// One seed whose stream produces the values, and where they start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Hit {
    /// The seed.
    pub seed: u64,
    /// Words (draws) drawn before the first value.
    pub offset: u64,
}

/// Words a filter looks past a rejected word before it gives up and lets
/// the candidate through to the exact check (a run of 32 rejections has
/// probability below 2^-32 for every tap here).
pub const SCAN: usize = 32;

/// Whether a call starting at word `j` can produce `want`, judging by the
/// words `j..=last` (`value(i)` is `None` for a word the tap rejects): the
/// first accepted word decides; if all are rejected, it might (the exact
/// check will tell).
#[inline(always)]
pub(crate) fn may_start_with<V: PartialEq>(
    j: usize,
    last: usize,
    want: &V,
    value: impl Fn(usize) -> Option<V>,
) -> bool {
    let mut i = j;
    while i <= last {
        if let Some(v) = value(i) {
            return v == *want;
        }
        i += 1;
    }
    true
}
