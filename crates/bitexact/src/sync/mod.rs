//! Desync evidence in the formats the games write (SPEC 12; needs `std`).
//!
//! A desync hunter holds what the game or its extension wrote when the
//! desync hit — Phobos' `SYNC#.TXT` call list, a Vinifera or Ares CRC log, a
//! Generals debug log or `crcDebug` file, OpenRA's sync report — plus the
//! match seed and often a second player's log. [`check`] reads such a log as
//! written (streaming, CRLF and a BOM tolerated), replays the generator from
//! the seed or aligns it with the second log, and returns one [`Report`]:
//! consistent, or the first divergence (entry or line, frame, caller or
//! source file and line, what the log says, what the replay or the other log
//! says, context), whether `k` extra or missing calls realign the rest
//! (`shift`), where the log sits in the seed's stream (`position`), and how
//! many placements fit when more than one does (`ambiguous`: never
//! "consistent").
//!
//! One parser per format, each in its own file: [`phobos`], [`values`]
//! (Vinifera and Ares), [`generals`], [`generals_crc`], [`openra`]. The
//! report renders once here, as text ([`Report::text`]) and as JSON
//! ([`Report::to_json`]), for the CLI, the C ABI and Python.

pub mod frames;
pub mod generals;
mod generals_compare;
pub mod generals_crc;
mod generals_replay;
mod lines;
pub mod names;
pub mod openra;
pub mod openra_diff;
pub mod orarep;
pub mod phobos;
mod phobos_align;
pub mod phobos_json;
mod phobos_place;
mod report;
pub mod ts;
pub mod values;

use std::io::BufRead;
use std::string::String;
use std::vec::Vec;

pub use frames::{check_paths, open};
pub use lines::{Lines, MAX_LINE};
pub use names::Names;
pub use report::{Divergence, Report};

/// The log formats [`check`] reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Phobos' `RNG Calls:` section of `SYNC#.TXT` (Yuri's Revenge; SPEC 12.1).
    Phobos,
    /// Tiberian Sun's sync dump: the RNG ring of ts-patches and Vinifera
    /// (`--- BEGIN RANDOM ---`), its `FPU State:` line, and Vinifera's
    /// values (SPEC 12.2, 12.5). Also named `vinifera`.
    Ts,
    /// Ares' `My Random Number:` (Yuri's Revenge; SPEC 12.2).
    Ares,
    /// Generals' `DEBUG_RANDOM_LOGIC` lines (SPEC 12.3).
    Generals,
    /// Generals' `crcDebug` `RandomSeed:` lines (SPEC 12.3).
    GeneralsCrc,
    /// OpenRA's sync report (SPEC 11, 12.4).
    Openra,
}

impl Format {
    /// Every format, in the order the CLI lists them.
    pub const ALL: [Format; 6] = [
        Format::Phobos,
        Format::Ts,
        Format::Ares,
        Format::Generals,
        Format::GeneralsCrc,
        Format::Openra,
    ];

    /// The name the front ends use: `phobos`, `ts`, `ares`, `generals`,
    /// `generals-crc`, `openra`.
    pub const fn name(self) -> &'static str {
        match self {
            Format::Phobos => "phobos",
            Format::Ts => "ts",
            Format::Ares => "ares",
            Format::Generals => "generals",
            Format::GeneralsCrc => "generals-crc",
            Format::Openra => "openra",
        }
    }

    /// Other names the front ends accept for it (`vinifera` for `ts`, the
    /// name it had before the ring was read).
    pub const fn aliases(self) -> &'static [&'static str] {
        match self {
            Format::Ts => &["vinifera"],
            _ => &[],
        }
    }

    /// The format of that name (or alias).
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|f| f.name() == name || f.aliases().contains(&name))
    }

    /// Every format's name, its aliases in brackets, for a message:
    /// `phobos, ts (vinifera), ares, generals, generals-crc or openra`.
    pub fn list() -> String {
        let names: Vec<String> = Self::ALL
            .iter()
            .map(|f| match f.aliases() {
                [] => f.name().into(),
                a => std::format!("{} ({})", f.name(), a.join(", ")),
            })
            .collect();
        match names.split_last() {
            Some((last, rest)) => std::format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        }
    }

    /// The default bound on draws replayed (SPEC 12).
    pub const fn default_max_draws(self) -> u64 {
        match self {
            Format::Phobos => 10_000_000,
            Format::Ts | Format::Ares => 100_000_000,
            Format::Generals => u64::MAX,
            Format::GeneralsCrc => 10_000_000,
            Format::Openra => 1_000_000_000,
        }
    }

    /// The largest draw bound accepted, with its measured time on a 2-core
    /// AMD EPYC (Zen 3, release build; measured at a tenth of the ceiling
    /// and scaled, the work being linear in the bound): refused above it
    /// rather than left to run for minutes. Phobos' time is for a real
    /// 4096-entry ring; Vinifera's grows with the values logged.
    pub const fn max_draws_ceiling(self) -> (u64, &'static str) {
        match self {
            Format::Phobos => (1_000_000_000, "about 30 s"),
            Format::Ts | Format::Ares => {
                (10_000_000_000, "about 35 s for one value, 70 s for five")
            }
            Format::GeneralsCrc => (10_000_000_000, "about 80 s"),
            Format::Generals => (u64::MAX, ""),
            Format::Openra => (1_000_000_000, "about 3 s"),
        }
    }

    /// The default bound on the realignment search, in calls (Phobos) or
    /// draws (Generals).
    pub const fn default_max_shift(self) -> u64 {
        match self {
            Format::Phobos | Format::Ts => 16,
            Format::Generals => 64,
            _ => 0,
        }
    }
}

/// The largest `max_shift` accepted.
pub const MAX_SHIFT: u64 = 4096;

/// Which Generals stream a `DEBUG_RANDOM_*` log is checked for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Stream {
    /// `GetGameLogicRandomValue*` (the synchronised one).
    #[default]
    Logic,
    /// `GetGameClientRandomValue*`.
    Client,
    /// `GetGameAudioRandomValue*`.
    Audio,
}

impl Stream {
    /// `logic`, `client` or `audio`.
    pub const fn name(self) -> &'static str {
        match self {
            Stream::Logic => "logic",
            Stream::Client => "client",
            Stream::Audio => "audio",
        }
    }

    /// The stream of that name.
    pub fn from_name(name: &str) -> Option<Self> {
        [Stream::Logic, Stream::Client, Stream::Audio]
            .into_iter()
            .find(|s| s.name() == name)
    }
}

/// What a check may use besides the logs. `None` takes the format's default.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The match seed. Read as 32 bits: `i32::MIN..=u32::MAX` (a signed seed,
    /// as the logs print it, is its two's-complement bits; OpenRA's is an
    /// `int`, so `i32::MIN..=i32::MAX` there).
    pub seed: Option<i64>,
    /// Phobos: which log of a file holding several (1-based; default the last).
    pub log: Option<usize>,
    /// The bound on draws replayed (see [`Format::default_max_draws`]).
    pub max_draws: Option<u64>,
    /// The bound on the realignment search (see [`Format::default_max_shift`]).
    pub max_shift: Option<u64>,
    /// Generals: the stream checked.
    pub stream: Stream,
    /// Phobos: the address range `[start, end)` of `RandomRanged`, whose inner
    /// `Single` lines belong to the `Ranged` line after them (default
    /// [`phobos::RANGED_FN`]).
    pub ranged_fn: Option<(u32, u32)>,
    /// OpenRA: the window on each side of `#T` (default
    /// [`openra::DEFAULT_WINDOW`]).
    pub window: Option<u64>,
    /// Names for callers (Phobos).
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

/// What the placements poll: every 65 536 steps, whether `options` asks
/// them to stop.
pub(crate) fn stop_at(options: &Options, step: u64) -> Result<(), SyncError> {
    match &options.stop {
        Some(s) if step & 0xffff == 0 && s.requested() => Err(SyncError::whole(None, STOPPED)),
        _ => Ok(()),
    }
}

/// The message of a check stopped on request.
const STOPPED: &str = "stopped on request before the check ended";

impl Options {
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

    /// The draw bound (the format's default when not given). Errors: above
    /// [`Format::max_draws_ceiling`].
    pub(crate) fn max_draws(&self, format: Format) -> Result<u64, SyncError> {
        let max = self.max_draws.unwrap_or(format.default_max_draws());
        let (ceiling, time) = format.max_draws_ceiling();
        if max > ceiling {
            return Err(SyncError::whole(
                None,
                std::format!("a bound of {max} draws is above the {ceiling} accepted for {} ({time} at the ceiling)", format.name()),
            ));
        }
        Ok(max)
    }

    pub(crate) fn max_shift(&self, format: Format) -> Result<u64, SyncError> {
        let k = self.max_shift.unwrap_or(format.default_max_shift());
        if k > MAX_SHIFT {
            return Err(SyncError::whole(
                None,
                std::format!("a shift bound of {k} is above the {MAX_SHIFT} accepted"),
            ));
        }
        Ok(k)
    }
}

/// Which of the two logs an error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Which {
    /// The first (or only) log.
    A,
    /// The second log.
    B,
}

/// Why a log cannot be checked: unreadable, malformed, or a bound or option
/// that does not fit. Never a divergence (that is a [`Report`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyncError {
    /// The log it is about (`None`: the options).
    pub which: Option<Which>,
    /// The 1-based line (0: the log as a whole).
    pub line: u64,
    /// The line's text (cut to 120 characters), when about a line.
    pub text: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl SyncError {
    /// Whether the check was stopped on request ([`Options::stop`]), not
    /// refused.
    pub fn is_stopped(&self) -> bool {
        self.which.is_none() && self.line == 0 && self.message == STOPPED
    }

    pub(crate) fn whole(which: Option<Which>, message: impl Into<String>) -> Self {
        Self {
            which,
            line: 0,
            text: None,
            message: message.into(),
        }
    }

    pub(crate) fn at(line: u64, text: &str, message: impl Into<String>) -> Self {
        let mut t: String = text.chars().take(120).collect();
        if t.len() < text.len() {
            t.push('…');
        }
        Self {
            which: None,
            line,
            text: Some(t),
            message: message.into(),
        }
    }

    pub(crate) fn of(mut self, which: Which) -> Self {
        self.which.get_or_insert(which);
        self
    }
}

impl core::fmt::Display for SyncError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: {}", self.line, self.message)?;
            if let Some(t) = &self.text {
                write!(f, ": '{t}'")?;
            }
            Ok(())
        } else {
            f.write_str(&self.message)
        }
    }
}

impl std::error::Error for SyncError {}

/// Read log `a` and, when given, log `b` with the same reader, each error
/// saying which log it is about.
pub(crate) fn read_both<T>(
    a: &mut dyn BufRead,
    b: Option<&mut dyn BufRead>,
    mut read: impl FnMut(&mut dyn BufRead) -> Result<T, SyncError>,
) -> Result<(T, Option<T>), SyncError> {
    let la = read(a).map_err(|e| e.of(Which::A))?;
    let lb = match b {
        Some(b) => Some(read(b).map_err(|e| e.of(Which::B))?),
        None => None,
    };
    Ok((la, lb))
}

/// Check `a` (and `b`, a second player's log of the same moment, when
/// given) in `format` (SPEC 12). Each log is read once, streaming; memory is
/// bounded by the format's window (a Phobos ring, the realignment
/// look-ahead), not by the log's size.
///
/// Errors ([`SyncError`]): an unreadable or malformed log (with its line),
/// a missing seed where the format needs one, an option out of range.
pub fn check(
    format: Format,
    a: &mut dyn BufRead,
    b: Option<&mut dyn BufRead>,
    options: &Options,
) -> Result<Report, SyncError> {
    match format {
        Format::Phobos => phobos::check(a, b, options),
        Format::Ts => ts::check(a, b, options),
        Format::Ares => values::check(format, a, b, options),
        Format::Generals => generals::check(a, b, options),
        Format::GeneralsCrc => generals_crc::check(a, b, options),
        Format::Openra => openra::check(a, b, options),
    }
}
