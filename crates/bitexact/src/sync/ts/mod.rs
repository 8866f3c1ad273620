//! Tiberian Sun's sync dump (SPEC 12.2, 12.5): the RNG ring that
//! CnCNet/ts-patches (`src/log_more_oos.c`) and Vinifera
//! (`src/new/syncrecorder/syncrecorder.cpp`) print, the dump's `FPU State:`
//! line, and Vinifera's value lines.
//!
//! The ring is a section `--- BEGIN RANDOM ---` of lines (C format strings)
//!
//! ```text
//! "RNG: %s UNRANGED CALLER: %08x  FRAME: %-10d MIX1: %3d MIX2: %3d"
//! "RNG: %s RANGED   CALLER: %08x  FRAME: %-10d MIX1: %3d MIX2: %3d MIN: %d  MAX: %d"
//! ```
//!
//! ended by an empty line, **newest first**; `%s` is `CRITICAL` (the
//! scenario's synchronised `Random2Class`) or `NONCRIT ` (another
//! instance: kept apart, counted, not checked). MIX1 / MIX2 are the
//! generator's cursors **before** the call (the hooks sit at the functions'
//! entry), so a call's draws are the next newer CRITICAL entry's MIX1 minus
//! its own, mod 250, and the newest call's draws are not known. The ring
//! holds 4096 calls: ts-patches prints at most 4095, Vinifera 4096; a ring
//! not yet full prints every call since the process started. MIN and MAX are
//! printed as passed (reversed bounds stay reversed); MIN == MAX draws
//! nothing. Under ts-patches' `NoRNG=yes` nothing draws from frame 10 on:
//! every entry then shows the same cursors, which places nowhere and is
//! said so.
//!
//! The calls are read into the shape of Phobos' ring
//! ([`phobos::Log`](crate::sync::phobos::Log), oldest first, each with the
//! cursors after it: the next call's before), so the placement in a seed's
//! stream and the alignment of two players' rings are Phobos'.
//!
//! `FPU State: %x` is the CRT's `_controlfp(0, 0)` word: two players whose
//! precision (`_PC_24` 0x20000, `_PC_53` 0x10000, `_PC_64` 0) or rounding
//! (`_RC_*`, 0x300) differ compute floats differently, a cause of desync the
//! ring cannot show: named as such. A file with no ring is Vinifera's CRC
//! log of values (SPEC 12.2), searched as Ares' are
//! ([`sync::values`](crate::sync::values)).
//!
//! | file | what it holds |
//! | --- | --- |
//! | [`info`] | the format's facts: names, bounds, options, help |
//! | [`dump`] | the dump read streaming: the ring, the FPU word, the values |
//! | `ring.rs` | the ring as Phobos' shape; NoRNG recognised |
//! | `check.rs` | placed or aligned, FPU words compared, values beside the ring |
//! | [`values`] | Vinifera's value lines |

mod check;
pub mod dump;
pub mod info;
mod ring;
pub mod values;

pub use dump::{describe_fpu, parse_entry, read, Dump, TsEntry, RING};

use crate::sync::error::SyncError;
use crate::sync::format::Info;
use crate::sync::options::Options;
use crate::sync::report::Report;
use crate::sync::writer::Writer;
use std::io::BufRead;

/// `ts` (also `vinifera`): Tiberian Sun's sync dump.
#[derive(Clone, Copy, Debug)]
pub struct Ts;

impl Writer for Ts {
    const INFO: &'static Info = &info::TS;

    /// The ring against a seed (the one given, or Vinifera's own `Random
    /// seed:`) or a second dump, the FPU words compared, Vinifera's values
    /// checked beside the ring; a dump with no ring, by its values.
    fn check(
        a: &mut dyn BufRead,
        b: Option<&mut dyn BufRead>,
        options: &Options,
    ) -> Result<Report, SyncError> {
        check::check(a, b, options)
    }
}
