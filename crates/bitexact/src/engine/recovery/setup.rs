//! A seed search as the engines set it up ([`Recovery`]): a [`Searcher`]
//! over ranges of seeds, or, where the values pin the state down, a
//! [`Walk`] that needs no search.

use super::error::QueryError;
use super::hit::Hit;
use crate::num::{NumError, NumKind};
use alloc::boxed::Box;
use alloc::vec::Vec;
use core::ops::Range;

/// Every hit of one range of seeds, single-threaded: the work a scheduler
/// ([`crate::search`] under `std`) hands out in chunks. Hits need not be
/// sorted; each is confirmed by replaying the generator.
pub trait Searcher: Send + Sync + core::fmt::Debug {
    /// Every hit whose seed lies in `seeds`.
    fn search(&self, seeds: Range<u64>) -> Vec<Hit>;
}

/// No seed search needed: the values (624 consecutive raw MT19937 outputs)
/// give the state, which is walked back `bound` words to its seeding.
pub trait Walk: Send + Sync + core::fmt::Debug {
    /// Every hit whose seed lies in `seeds`, in seed order. `stop` is
    /// polled every few milliseconds of work; when it returns true the walk
    /// ends with the hits found so far ([`WalkStopped`]).
    fn run(&self, seeds: Range<u64>, stop: &dyn Fn() -> bool) -> Result<Vec<Hit>, WalkStopped>;
    /// Words walked back at most.
    fn bound(&self) -> u64;
    /// The most the bound can be raised to.
    fn limit(&self) -> u64;
    /// Values given.
    fn values(&self) -> usize;
}

/// A [`Walk`] stopped before its bound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalkStopped {
    /// Every hit (seed in the range) at an offset below `walked`, in seed
    /// order.
    pub hits: Vec<Hit>,
    /// Offsets walked: `0..walked`.
    pub walked: u64,
}

/// A recovery set up: a search over seeds or a walk.
#[derive(Debug)]
pub enum Recovery {
    /// Search the seeds, range by range.
    Search(Box<dyn Searcher>),
    /// Walk back from the state the values give; no search.
    Walk(Box<dyn Walk>),
}

impl Recovery {
    /// A [`Recovery::Search`] of `s`.
    pub fn search(s: impl Searcher + 'static) -> Recovery {
        Recovery::Search(Box::new(s))
    }
}

/// Refuses, before any search, the first value a tap never returns (SPEC 8:
/// "no seed produces these values" is then known without searching, and
/// said as bad input naming the value): `values[i]` was read from
/// `vals[i]`, and the tap returns exactly `lo..=hi` (wrapping through the
/// ends of `i32` when `lo > hi`).
/// A value no `i64` holds is outside.
pub fn returned<T: Copy>(vals: &[&str], values: &[T], lo: i64, hi: i64) -> Result<(), QueryError>
where
    i64: TryFrom<T>,
{
    let inside = |v: T| match i64::try_from(v) {
        Ok(v) if lo <= hi => (lo..=hi).contains(&v),
        Ok(v) => v >= lo || v <= hi,
        Err(_) => false,
    };
    match values.iter().position(|&v| !inside(v)) {
        Some(index) => Err(QueryError::Value {
            index,
            error: NumError::new(
                vals.get(index).map_or("", |s| s.trim()),
                NumKind::NotReturned { lo, hi },
            ),
        }),
        None => Ok(()),
    }
}

/// Every value of `vals` read by `parse` (whitespace around each ignored),
/// or the first that is not one, with its index.
pub fn values<T>(
    vals: &[&str],
    parse: impl Fn(&str) -> Result<T, NumError>,
) -> Result<Vec<T>, QueryError> {
    vals.iter()
        .enumerate()
        .map(|(index, v)| parse(v.trim()).map_err(|error| QueryError::Value { index, error }))
        .collect()
}

/// The checks every search's constructor makes: some values, and an offset
/// bound within the engine's `limit`.
pub(crate) fn check_setup(values: usize, max_offset: u64, limit: u64) -> Result<(), QueryError> {
    if values == 0 {
        return Err(QueryError::NoValues);
    }
    if max_offset > limit {
        return Err(QueryError::OffsetTooLarge { max_offset, limit });
    }
    Ok(())
}
