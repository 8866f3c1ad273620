//! The parameters a front end names in its messages, and the library's
//! errors said with those names: one table per front end
//! ([`ParamNames`]: the CLI's `--values`, Python's `values`), one wording
//! here. The library's own messages name no flag; a front end turns a
//! typed error into its one line through its table.

use crate::engine::tap::{List, Rows};
use crate::engine::TapError;
use crate::recover::QueryError;
use crate::search::PlanError;
use crate::stream::StreamError;
use alloc::format;
use alloc::string::{String, ToString};

/// How a front end writes each parameter an error can point at.
#[derive(Clone, Copy, Debug)]
pub struct ParamNames {
    /// The tap (`--tap`, `tap`).
    pub tap: &'static str,
    /// The observed values (`--values`, `values`).
    pub values: &'static str,
    /// The offset bound (`--max-offset`, `max_offset`).
    pub max_offset: &'static str,
    /// The calls skipped (`--skip-calls`, `skip`).
    pub skip: &'static str,
    /// The worker threads (`--threads`, `threads`).
    pub threads: &'static str,
    /// The hit budget (`--max-hits`, `max_hits`).
    pub max_hits: &'static str,
    /// The setting that picks a generator class, given the class
    /// (`--class random4`, `class_='random4'`).
    pub class: fn(&str) -> String,
}

impl ParamNames {
    /// A tap error, naming the tap given (`tap`) when the library's message
    /// does not, and the class setting for another class's call.
    pub fn tap_error(&self, tap: &str, e: &TapError) -> String {
        match self.other_class(e) {
            Some(m) => m,
            None if e.names_the_tap() => e.to_string(),
            None => format!("{} '{tap}': {e}", self.tap),
        }
    }

    /// A call of another class, naming the setting that picks it; `None`
    /// for any other error.
    pub fn other_class(&self, e: &TapError) -> Option<String> {
        match e {
            TapError::OtherClass { name, what, class } => {
                Some(format!("tap {name} is {what}: use {}", (self.class)(class)))
            }
            _ => None,
        }
    }

    /// A stream that cannot be opened or skipped (`tap` as given).
    pub fn stream_error(&self, tap: &str, e: &StreamError) -> String {
        match e {
            StreamError::Tap(e) => self.tap_error(tap, e),
            StreamError::Seed(e) => e.to_string(),
            StreamError::State(e) => e.to_string(),
            StreamError::SkipWords { words, limit } => {
                format!(
                    "{} (in words) {words} is over the limit of {limit}",
                    self.skip
                )
            }
            StreamError::SkipCalls { calls, limit } => format!(
                "{} (calls of a tap that can reject words) {calls} is over the limit of {limit}",
                self.skip
            ),
        }
    }

    /// A seed search that cannot be set up (`tap` as given).
    pub fn query_error(&self, tap: &str, e: &QueryError) -> String {
        match e {
            QueryError::Value { error, .. } => format!("{}: {error}", self.values),
            QueryError::OffsetTooLarge { max_offset, limit } => format!(
                "{} {max_offset} is beyond this search's limit of {limit}",
                self.max_offset
            ),
            QueryError::OutputsOffsetTooLarge { max_offset, limit } => format!(
                "{} {max_offset} is over the limit of {limit} for 624 outputs",
                self.max_offset
            ),
            QueryError::NotThisTap { tap, why, taps } => format!(
                "{} {tap} cannot be recovered from: {why} (use {})",
                self.tap,
                List::new(taps, Rows::RecoverableOr)
            ),
            QueryError::Tap(e) => self.tap_error(tap, e),
            other => other.to_string(),
        }
    }

    /// A search plan the scheduler refuses.
    pub fn plan_error(&self, e: &PlanError) -> String {
        match e {
            PlanError::Threads { threads } => self.threads_error(threads),
            PlanError::MaxHits => format!("{} 0: expected at least 1", self.max_hits),
        }
    }

    /// A thread count outside `1..=MAX_THREADS`, as given (a front end
    /// whose integers can be negative or past `usize` says those so too).
    pub fn threads_error(&self, given: &dyn core::fmt::Display) -> String {
        format!(
            "{} {given}: expected 1..={}",
            self.threads,
            crate::search::MAX_THREADS
        )
    }
}
