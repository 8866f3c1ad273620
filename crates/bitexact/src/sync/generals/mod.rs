//! C&C Generals / Zero Hour's desync evidence (SPEC 12.3), two formats:
//!
//! | format | file | what it holds |
//! | --- | --- | --- |
//! | both | [`info`] | the formats' facts: names, bounds, options, help |
//! | `generals` | [`log`] | the `DEBUG_RANDOM_LOGIC` lines, read streaming |
//! | | [`stream`] | which of the three streams is checked |
//! | | `replay.rs` | one log replayed from its `InitRandom` lines or the seed |
//! | | `compare.rs` | two logs compared line by line |
//! | `generals-crc` | [`crc`] | the `crcDebug` files' `RandomSeed:` CRCs placed in the logic stream |
//! | | [`frames`] | a `-SaveDebugCRCPerFrame` folder read as one log, two compared file by file |

mod compare;
pub mod crc;
pub mod frames;
pub mod info;
pub mod log;
mod replay;
pub mod stream;

pub use log::{parse_line, Item, Kind, LOOKAHEAD};
pub use stream::Stream;

use crate::sync::error::{SyncError, Which};
use crate::sync::format::Info;
use crate::sync::options::Options;
use crate::sync::report::Report;
use crate::sync::writer::Writer;
use log::Reader;
use std::io::BufRead;

/// `generals`: the `DEBUG_RANDOM_LOGIC` lines.
#[derive(Clone, Copy, Debug)]
pub struct Generals;

impl Writer for Generals {
    const INFO: &'static Info = &info::GENERALS;

    /// One log replayed from its seed (its `InitRandom` lines, or
    /// `options.seed` before the first); two compared line by line, each
    /// also replayed when a seed is given.
    fn check(
        a: &mut dyn BufRead,
        b: Option<&mut dyn BufRead>,
        options: &Options,
    ) -> Result<Report, SyncError> {
        let seed = options.seed_u32()?;
        let max_shift = options.max_shift(Self::INFO)?;
        let stream = options.stream;
        let a = Reader::new(a, stream, Which::A);
        match b {
            None => replay::replay(a, seed, max_shift, "the log"),
            Some(b) => compare::compare(a, Reader::new(b, stream, Which::B), max_shift, seed),
        }
    }
}

/// `generals-crc`: the `crcDebug` files' `RandomSeed:` lines.
#[derive(Clone, Copy, Debug)]
pub struct GeneralsCrc;

impl Writer for GeneralsCrc {
    const INFO: &'static Info = &info::GENERALS_CRC;

    /// Each CRC placed in the seed's logic stream; two machines' files
    /// compared line for line, then by their draws per frame.
    fn check(
        a: &mut dyn BufRead,
        b: Option<&mut dyn BufRead>,
        options: &Options,
    ) -> Result<Report, SyncError> {
        crc::check(a, b, options)
    }
}
