//! Phobos' desync evidence (Yuri's Revenge; SPEC 12.1): the `RNG Calls:`
//! ring of `SYNC#.TXT` and the JSON dumps of the scenario stream's state.
//!
//! | file | what it holds |
//! | --- | --- |
//! | [`info`] | the format's facts: names, bounds, options, help |
//! | [`ring`] | the ring read streaming ([`Log`] of [`Entry`]s), its calls, its games |
//! | `place.rs` | a ring placed in its seed's scenario stream |
//! | `align.rs` | two players' rings aligned call by call |
//! | `anchor.rs` | where two rings overlap: the anchor of the alignment |
//! | [`json`] | PR #1253's JSON state dumps, identified or compared |
//!
//! Tiberian Sun's ring (`sync::ts`) is read into the same [`Log`] shape and
//! placed and aligned here too.

pub(crate) mod align;
mod anchor;
pub mod info;
pub mod json;
pub(crate) mod place;
pub mod ring;

pub use ring::{parse_entry, read, Entry, Log, RANGED_FN, RING};

use crate::sync::error::{read_both, SyncError, Which};
use crate::sync::format::Info;
use crate::sync::options::Options;
use crate::sync::report::Report;
use crate::sync::writer::Writer;
use std::io::BufRead;

/// `phobos`: the ring (or a JSON dump) against a seed or a second log.
#[derive(Clone, Copy, Debug)]
pub struct Phobos;

impl Writer for Phobos {
    const INFO: &'static Info = &info::PHOBOS;

    /// With a seed, place the log in the scenario stream (`place.rs`); with
    /// two logs and no seed, align them (`align.rs`); with both, place each
    /// and then align them. A JSON dump is identified or compared
    /// ([`json`]).
    fn check(
        a: &mut dyn BufRead,
        b: Option<&mut dyn BufRead>,
        options: &Options,
    ) -> Result<Report, SyncError> {
        let seed = options.seed_u32()?;
        let max_shift = options.max_shift(Self::INFO)?;
        let max_draws = options.max_draws(Self::INFO)?;
        // PR #1253's JSON dumps: the stream's whole state.
        if json::is_json(a).map_err(|e| e.of(Which::A))? {
            let (ja, jb) = read_both(a, b, json::read)?;
            return json::check(&ja, jb.as_ref(), seed, max_draws);
        }
        let (log_a, log_b) = read_both(a, b, |r| read(r, options.log))?;
        let place = |log: &Log, seed| place::check(log, seed, max_draws, options);
        let align = |b: &Log| Ok(align::check(&log_a, b, max_shift, options));
        match (seed, log_b) {
            (Some(seed), None) => place(&log_a, seed),
            (None, Some(log_b)) => align(&log_b),
            (Some(seed), Some(log_b)) => place::both(
                place(&log_a, seed)?,
                || place(&log_b, seed),
                "log",
                || align(&log_b),
            ),
            (None, None) => Err(SyncError::whole(
                None,
                "a Phobos log is checked against a seed ({seed}) or against a second log: give one",
            )),
        }
    }
}
