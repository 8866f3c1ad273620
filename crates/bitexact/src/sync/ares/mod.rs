//! Ares' sync log (Yuri's Revenge; SPEC 12.2): `src/Misc/Checksum.cpp`
//! writes `"My Random Number: %08X\n"` (a raw draw made while the log is
//! written) and `"My Frame: %08X\n"`. The value is found in the seed's
//! scenario stream by the value search Vinifera's values share
//! ([`crate::sync::values`]).
//!
//! | file | what it holds |
//! | --- | --- |
//! | [`info`] | the format's facts: names, bounds, options, help |
//! | `mod.rs` | the log's lines ([`LABELS`]) and its check |

pub mod info;

use crate::sync::error::{read_both, SyncError};
use crate::sync::format::Info;
use crate::sync::options::Options;
use crate::sync::report::Report;
use crate::sync::values::{self, Label, Labels};
use crate::sync::writer::Writer;
use std::io::BufRead;

/// Ares' lines: the value and the frame.
pub const LABELS: Labels = Labels {
    format: &info::ARES,
    values: &[Label {
        prefix: "My Random Number:",
        label: "My Random Number",
        hex: true,
    }],
    seed: None,
    frame: Some(Label {
        prefix: "My Frame:",
        label: "My Frame",
        hex: true,
    }),
    wanted: "'My Random Number:'",
};

/// `ares`: Ares' `My Random Number:`.
#[derive(Clone, Copy, Debug)]
pub struct Ares;

impl Writer for Ares {
    const INFO: &'static Info = &info::ARES;

    /// Each log's value found in the seed's stream (the log holds no
    /// seed: one must be given); with two logs, how many draws B is ahead
    /// of A.
    fn check(
        a: &mut dyn BufRead,
        b: Option<&mut dyn BufRead>,
        options: &Options,
    ) -> Result<Report, SyncError> {
        if options.seed_u32()?.is_none() {
            return Err(SyncError::whole(
                None,
                "ares: the log holds no seed: give the match seed",
            ));
        }
        let (la, lb) = read_both(a, b, |r| values::read(&LABELS, r))?;
        values::check(Self::INFO, la, lb, options)
    }
}
