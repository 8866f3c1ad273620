//! What a check may use besides the logs ([`Options`]), and a front end's
//! request to stop a long one ([`Stop`]). The bounds are read against the
//! format's own ([`Info::bounds`]).

use super::error::SyncError;
use super::format::Info;
use super::generals::stream::Stream;
use super::names::Names;

/// The largest `max_shift` accepted.
pub const MAX_SHIFT: u64 = 4096;

/// What a check may use besides the logs. `None` takes the format's
/// default; a format reads only the options its [`Info::takes`] lists.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The match seed. Read as 32 bits: `i32::MIN..=u32::MAX` (a signed seed,
    /// as the logs print it, is its two's-complement bits; OpenRA's is an
    /// `int`, so `i32::MIN..=i32::MAX` there).
    pub seed: Option<i64>,
    /// Phobos: which log of a file holding several (1-based; default the last).
    pub log: Option<usize>,
    /// The bound on draws replayed (default the format's
    /// [`Bounds::max_draws`](super::format::Bounds::max_draws)).
    pub max_draws: Option<u64>,
    /// The bound on the realignment search (default the format's
    /// [`Bounds::max_shift`](super::format::Bounds::max_shift)).
    pub max_shift: Option<u64>,
    /// Generals: the stream checked.
    pub stream: Stream,
    /// Phobos: the address range `[start, end)` of `RandomRanged`, whose inner
    /// `Single` lines belong to the `Ranged` line after them (default
    /// `phobos::RANGED_FN`).
    pub ranged_fn: Option<(u32, u32)>,
    /// OpenRA: the window on each side of `#T` (default
    /// `openra::DEFAULT_WINDOW`).
    pub window: Option<u64>,
    /// Names for callers (Phobos, Tiberian Sun).
    pub names: Option<Names>,
    /// A front end's request to stop (Ctrl-C), polled by the long
    /// placements about every 65 536 draws: the check then ends with
    /// [`SyncError::is_stopped`].
    pub stop: Option<Stop>,
}

/// A request to stop a long check, shared between the front end that makes
/// it (a signal handler, Python's Ctrl-C poll) and the check that polls it.
#[derive(Clone, Debug, Default)]
pub struct Stop(alloc::sync::Arc<core::sync::atomic::AtomicBool>);

impl Stop {
    /// A request not yet made.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Make the request.
    pub fn request(&self) {
        self.0.store(true, core::sync::atomic::Ordering::Relaxed);
    }

    /// Whether it was made.
    pub fn requested(&self) -> bool {
        self.0.load(core::sync::atomic::Ordering::Relaxed)
    }
}

impl Options {
    /// What the placements poll: every 65 536 steps, whether the options
    /// ask them to stop (`Err`: [`SyncError::is_stopped`]).
    pub(crate) fn stop_at(&self, step: u64) -> Result<(), SyncError> {
        match &self.stop {
            Some(s) if step & 0xffff == 0 && s.requested() => Err(SyncError::stopped()),
            _ => Ok(()),
        }
    }

    /// The seed as 32 bits, when given (`Err` when out of range).
    pub(crate) fn seed_u32(&self) -> Result<Option<u32>, SyncError> {
        match self.seed {
            None => Ok(None),
            Some(s) if (i64::from(i32::MIN)..=i64::from(u32::MAX)).contains(&s) => {
                Ok(Some(s as u32))
            }
            Some(s) => Err(SyncError::whole(
                None,
                std::format!("seed {s} does not fit in 32 bits (signed or unsigned)"),
            )),
        }
    }

    /// The draw bound (`format`'s default when not given). Errors: above
    /// its ceiling.
    pub(crate) fn max_draws(&self, format: &Info) -> Result<u64, SyncError> {
        let b = &format.bounds;
        let max = self.max_draws.unwrap_or(b.max_draws);
        if max > b.ceiling {
            return Err(SyncError::whole(
                None,
                std::format!(
                    "a bound of {max} draws is above the {} accepted for {} ({} at the ceiling)",
                    b.ceiling,
                    format.name,
                    b.ceiling_time
                ),
            ));
        }
        Ok(max)
    }

    /// The realignment bound (`format`'s default when not given). Errors:
    /// above [`MAX_SHIFT`].
    pub(crate) fn max_shift(&self, format: &Info) -> Result<u64, SyncError> {
        let k = self.max_shift.unwrap_or(format.bounds.max_shift);
        if k > MAX_SHIFT {
            return Err(SyncError::whole(
                None,
                std::format!("a shift bound of {k} is above the {MAX_SHIFT} accepted"),
            ));
        }
        Ok(k)
    }
}
