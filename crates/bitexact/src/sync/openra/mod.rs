//! OpenRA's desync evidence (SPEC 11, 12.4, 12.5): the sync report
//! `OpenRA.Game/Network/SyncReport.cs` writes, checked against the match
//! seed's `SharedRandom` stream or against a second player's report; the
//! seed read from the game's replay.
//!
//! When a game desyncs, OpenRA writes a sync report: for each of the last
//! net frames, a header `Sync for net frame F ----…` and the line
//! `SharedRandom: L (#T)` — the generator's `Last` and `TotalCount`. For a
//! client whose stream is the seed's, `L` is draw number `T` (1-based) of
//! `MersenneTwister(seed)`'s `Next()` values (and `T = 0` means no draw yet,
//! `L = 0`). [`check_frames`] says, per frame, whether that holds; when it
//! does not, it looks for `L` within a window of draws on both sides of
//! `T`: found at draw `p`, the client's generator is `p − T` draws ahead of
//! its count (behind when negative) — a draw made or skipped outside the
//! counter, or a counter that was reset; not found, the stream itself
//! differs (another seed, or a generator re-seeded mid-game).
//!
//! | file | what it holds |
//! | --- | --- |
//! | [`info`] | the format's facts: names, bounds, options, help |
//! | [`syncreport`] | the report read whole: frames, traits, effects, orders |
//! | [`walk`] | every frame's `SharedRandom` against the seed, in one pass |
//! | `place.rs` | those verdicts as the one report |
//! | `compare.rs` | two players' reports compared frame by frame |
//! | [`orarep`] | the seed a replay's lobby sets |

mod compare;
pub mod info;
pub mod orarep;
mod place;
pub mod syncreport;
pub mod walk;

pub use info::{DEFAULT_WINDOW, MAX_WINDOW};
pub use syncreport::{FrameReport, SyncReport, Synced};
pub use walk::{check_frames, read, Frame, TooFar, Verdict};

use crate::sync::error::{SyncError, Which};
use crate::sync::format::Info;
use crate::sync::options::Options;
use crate::sync::report::Report;
use crate::sync::writer::Writer;
use std::io::BufRead;

/// `openra`: OpenRA's sync report.
#[derive(Clone, Copy, Debug)]
pub struct Openra;

impl Writer for Openra {
    const INFO: &'static Info = &info::OPENRA;

    /// Two reports compared; one against the seed, or "no evidence" for a
    /// report that says OpenRA kept none.
    fn check(
        a: &mut dyn BufRead,
        b: Option<&mut dyn BufRead>,
        options: &Options,
    ) -> Result<Report, SyncError> {
        let ra = syncreport::read(a).map_err(|e| e.of(Which::A))?;
        if let Some(b) = b {
            let rb = syncreport::read(b).map_err(|e| e.of(Which::B))?;
            return compare::compare(&ra, &rb);
        }
        if let (Some((line, frame)), true) = (ra.no_report, ra.frames.is_empty()) {
            let mut r = Report::new(Self::INFO);
            r.summary = std::format!(
                "no evidence: the report says 'Recorded frames do not contain the frame {frame}. No sync report available!' (line {line}): OpenRA kept no sync data for the frame that desynced"
            );
            return Ok(r);
        }
        place::check(&ra, options)
    }

    /// The `RandomSeed` of the replay's last `SyncInfo` before `StartGame`
    /// ([`orarep::seed`]).
    fn replay_seed(replay: &[u8]) -> Option<Result<i32, SyncError>> {
        Some(orarep::seed(replay))
    }
}
