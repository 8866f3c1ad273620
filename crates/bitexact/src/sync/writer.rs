//! The contract of one desync-log format ([`Writer`]): its facts and its
//! check. Each writer's folder implements it once per format; the list
//! (`list.rs`) registers it, and every front end dispatches through the
//! list, never through a `match` of its own.

use super::error::SyncError;
use super::format::Info;
use super::options::Options;
use super::report::Report;
use std::io::BufRead;

/// One format's whole contract with the front ends (SPEC 12).
pub trait Writer {
    /// Its facts: names, bounds, the options it reads, its help.
    const INFO: &'static Info;

    /// Check `a` (and `b`, a second player's log of the same moment, when
    /// given) against `options`: one [`Report`], consistent or the first
    /// divergence. Each log is read once, streaming; memory is bounded by
    /// the format's window, not by the log's size. Reads only the options
    /// [`Info::takes`] lists.
    ///
    /// Errors ([`SyncError`]): an unreadable or malformed log (with its
    /// line), a missing seed where the format needs one, an option out of
    /// range, a check stopped on request ([`SyncError::is_stopped`]).
    fn check(
        a: &mut dyn BufRead,
        b: Option<&mut dyn BufRead>,
        options: &Options,
    ) -> Result<Report, SyncError>;

    /// The match seed a game's replay file holds, for a format that takes
    /// one ([`Opt::Replay`](super::format::Opt::Replay) in [`Info::takes`]);
    /// `None` (the default) for the others.
    fn replay_seed(replay: &[u8]) -> Option<Result<i32, SyncError>> {
        let _ = replay;
        None
    }
}
