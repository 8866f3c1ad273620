//! Why a seed search cannot be set up: typed, with the figures; messages
//! name no front end's flags (a front end adds `--max-offset`, `--values`).

use crate::engine::tap::{List, Rows, TapError, TapSpec};
use crate::num::NumError;
use core::fmt;

/// A recovery that cannot be set up.
#[derive(Clone, Debug, PartialEq)]
pub enum QueryError {
    /// No values to search for.
    NoValues,
    /// A value is not a number of the tap's kind.
    Value {
        /// Its index among the values (0-based).
        index: usize,
        /// Why.
        error: NumError,
    },
    /// The offset bound is beyond what this search supports.
    OffsetTooLarge {
        /// The bound asked for.
        max_offset: u64,
        /// The largest supported.
        limit: u64,
    },
    /// The offset bound of the 624-output walk (no search) is beyond its
    /// ceiling.
    OutputsOffsetTooLarge {
        /// The bound asked for.
        max_offset: u64,
        /// The largest supported.
        limit: u64,
    },
    /// This tap's values cannot be searched for; the recoverable rows of
    /// `taps` can.
    NotThisTap {
        /// The tap's name.
        tap: &'static str,
        /// Why not.
        why: &'static str,
        /// The engine's table ([`Info::taps`](crate::engine::Info::taps)):
        /// the message lists its [`TapSpec::recoverable`] rows.
        taps: &'static [TapSpec],
    },
    /// The tap's values say nothing about the seed with these arguments
    /// (equal bounds, `int:0`), or the arguments draw for ever.
    UnsupportedTap(&'static str),
    /// The tap's arguments are invalid for the search.
    BadTap(&'static str),
    /// The tap is not one of the engine's.
    Tap(TapError),
    /// The engine has no seed search.
    NotRecoverable {
        /// Its name.
        engine: &'static str,
    },
}

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QueryError::NoValues => f.write_str("no values to recover from"),
            QueryError::Value { error, .. } => error.fmt(f),
            QueryError::OffsetTooLarge { max_offset, limit } => write!(
                f,
                "the offset bound {max_offset} is beyond this search's limit of {limit}"
            ),
            QueryError::OutputsOffsetTooLarge { max_offset, limit } => write!(
                f,
                "the offset bound {max_offset} is over the limit of {limit} for 624 outputs"
            ),
            QueryError::NotThisTap { tap, why, taps } => write!(
                f,
                "tap {tap} cannot be recovered from: {why} (use {})",
                List::new(taps, Rows::RecoverableOr)
            ),
            QueryError::UnsupportedTap(why) | QueryError::BadTap(why) => f.write_str(why),
            QueryError::Tap(e) => e.fmt(f),
            QueryError::NotRecoverable { engine } => {
                write!(f, "{engine} values cannot be searched for")
            }
        }
    }
}

impl core::error::Error for QueryError {}

impl From<TapError> for QueryError {
    fn from(e: TapError) -> QueryError {
        QueryError::Tap(e)
    }
}
