//! Phobos' `RNG Calls:` section of `SYNC#.TXT` (Yuri's Revenge; SPEC 12.1).
//!
//! Written by Phobos `src/Misc/SyncLogging.cpp`, opened for append, so one
//! file can hold several logs, each starting with `Phobos synchronization
//! log:`. The section's lines (C format strings):
//!
//! ```text
//! "#%05d: Single | Caller: %08x | Frame: %*d | Index1: %3d | Index2: %3d\n"
//! "#%05d: Ranged | Caller: %08x | Frame: %*d | Index1: %3d | Index2: %3d | Min: %d | Max: %d\n"
//! ```
//!
//! `#` is the position in the dump of a 4096-call ring (oldest first);
//! `Index1`/`Index2` are the scenario stream's `Random2Class` cursors after
//! the call, so the draws a call made are its `Index1` minus the previous
//! entry's, mod 250. Whether `RandomRanged` logs its inner draws as `Single`
//! lines (callers inside the ranged function) is not visible in source: both
//! forms are read, a run of such lines and the `Ranged` line after it being
//! one ranged call.
//!
//! Two oddities of the writer are handled, each said in the report:
//! - the ring is never cleared between games of one session, so frames can
//!   restart inside a dump: with a seed, only the last game's calls (after
//!   the last place the frame goes down) are checked;
//! - the ring's read position is not reset between dumps (`LastReadPosition`
//!   in `SyncLogEventBuffer`), so a later dump of a full ring can start
//!   mid-ring: when the frames go down exactly once and the cursors of the
//!   last entry lead into the first, the dump is rotated back.

use super::info::PHOBOS;
use crate::sync::error::SyncError;
use crate::sync::format::Info;
use crate::sync::lines::Lines;
use crate::sync::names::Names;
use crate::sync::report::Divergence;
use std::io::BufRead;
use std::string::String;
use std::vec::Vec;

/// `Random2Class::RandomRanged` in gamemd.exe 1.001: `0x65C7E0..0x65C88D`.
pub const RANGED_FN: (u32, u32) = (0x65C7E0, 0x65C88D);

/// The ring's size: the most entries one dump holds.
pub const RING: usize = 4096;

/// One line of the section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The dump's `#` number.
    pub number: u64,
    /// The file's 1-based line.
    pub line: u64,
    /// `Ranged` (else `Single`).
    pub ranged: bool,
    /// The return address (raw, or `0xA0000000`/`0xB0000000` + RVA for Ares /
    /// Phobos).
    pub caller: u32,
    /// `Unsorted::CurrentFrame` at the call.
    pub frame: i64,
    /// `Next1` after the call.
    pub index1: u8,
    /// `Next2` after the call.
    pub index2: u8,
    /// `Min` (0 for `Single`).
    pub min: i32,
    /// `Max` (0 for `Single`).
    pub max: i32,
    /// The line as written.
    pub text: String,
}

impl Entry {
    /// Kind, caller, frame and range: what two players' calls share even
    /// when an extra draw has moved one side's cursors.
    pub(super) fn same_call(&self, o: &Entry) -> bool {
        (self.ranged, self.caller, self.frame, self.min, self.max)
            == (o.ranged, o.caller, o.frame, o.min, o.max)
    }

    /// Everything but the number and line.
    pub(super) fn same(&self, o: &Entry) -> bool {
        self.same_call(o) && (self.index1, self.index2) == (o.index1, o.index2)
    }

    /// A divergence at this entry: its number, line, frame, caller (named
    /// by `names`), what each side says, and the lines around it.
    pub(super) fn divergence(
        &self,
        names: Option<&Names>,
        logged: String,
        expected: String,
        context: Vec<String>,
    ) -> Divergence {
        Divergence {
            entry: Some(self.number),
            line: Some(self.line),
            frame: Some(self.frame),
            caller: Some(self.caller),
            caller_name: names.and_then(|n| n.name_of(self.caller)),
            logged,
            expected,
            context,
            ..Divergence::default()
        }
    }

    /// Kind, caller, frame and cursors, as a divergence names the entry.
    pub(super) fn describe(&self) -> String {
        let kind = if self.ranged {
            std::format!("Ranged({}, {})", self.min, self.max)
        } else {
            "Single".into()
        };
        std::format!(
            "{kind} caller {:08x} frame {} cursors {}/{}",
            self.caller,
            self.frame,
            self.index1,
            self.index2
        )
    }
}

/// One log of a file: its entries (in call order, after any rotation
/// repair) and what was noticed reading it. Tiberian Sun's ring
/// (`sync::ts`) is read into the same shape.
#[derive(Clone, Debug)]
pub struct Log {
    /// The format it was read from (the report's).
    pub format: &'static Info,
    /// Whether each entry holds the cursors before its call (a Tiberian Sun
    /// ring read for alignment) rather than after it (Phobos).
    pub cursors_before: bool,
    /// Whether the ring had filled (its oldest calls overwritten): a ring
    /// that never filled holds every call since its process started.
    pub full: bool,
    /// Which log of the file (1-based).
    pub index: usize,
    /// How many logs the file holds.
    pub of: usize,
    /// The entries, oldest first.
    pub entries: Vec<Entry>,
    /// Notes for the report (rotation repaired, numbering gaps).
    pub notes: Vec<String>,
}

fn bad(n: u64, text: &str, what: &str) -> SyncError {
    SyncError::at(n, text, std::format!("not a Phobos RNG call line ({what})"))
}

fn field<'a>(part: Option<&'a str>, key: &str, n: u64, text: &str) -> Result<&'a str, SyncError> {
    part.and_then(|p| p.trim().strip_prefix(key))
        .and_then(|p| p.strip_prefix(':'))
        .map(str::trim)
        .ok_or_else(|| bad(n, text, &std::format!("expected '{key}: …'")))
}

fn int<T: core::str::FromStr>(s: &str, key: &str, n: u64, text: &str) -> Result<T, SyncError> {
    s.parse().map_err(|_| {
        bad(
            n,
            text,
            &std::format!("{key} '{s}' is not a number in range"),
        )
    })
}

/// Parse one `#NNNNN: …` line.
pub fn parse_entry(n: u64, text: &str) -> Result<Entry, SyncError> {
    let rest = text
        .trim()
        .strip_prefix('#')
        .ok_or_else(|| bad(n, text, "no '#'"))?;
    let (number, rest) = rest.split_once(':').ok_or_else(|| bad(n, text, "no ':'"))?;
    let number: u64 = int(number, "the entry number", n, text)?;
    let mut parts = rest.split('|');
    let ranged = match parts.next().map(str::trim) {
        Some("Single") => false,
        Some("Ranged") => true,
        _ => return Err(bad(n, text, "neither Single nor Ranged")),
    };
    let caller = field(parts.next(), "Caller", n, text)?;
    let caller = u32::from_str_radix(caller, 16).map_err(|_| {
        bad(
            n,
            text,
            &std::format!("Caller '{caller}' is not 8 hex digits"),
        )
    })?;
    let frame: i64 = int(field(parts.next(), "Frame", n, text)?, "Frame", n, text)?;
    if !(i64::from(i32::MIN)..=i64::from(u32::MAX)).contains(&frame) {
        return Err(bad(n, text, "Frame out of range"));
    }
    let index1: u8 = int(field(parts.next(), "Index1", n, text)?, "Index1", n, text)?;
    let index2: u8 = int(field(parts.next(), "Index2", n, text)?, "Index2", n, text)?;
    if index1 >= 250 || index2 >= 250 {
        return Err(bad(n, text, "a cursor outside 0..250"));
    }
    let (mut min, mut max) = (0, 0);
    if ranged {
        min = int(field(parts.next(), "Min", n, text)?, "Min", n, text)?;
        max = int(field(parts.next(), "Max", n, text)?, "Max", n, text)?;
    }
    if parts.next().is_some() {
        return Err(bad(n, text, "fields after the last one"));
    }
    Ok(Entry {
        number,
        line: n,
        ranged,
        caller,
        frame,
        index1,
        index2,
        min,
        max,
        text: text.into(),
    })
}

/// Read the `pick`-th log of a file (1-based; `None`: the last), streaming:
/// only the chosen log's entries are kept. Errors: a malformed line inside
/// an `RNG Calls:` section (with its number), a section of more than
/// [`RING`] entries, no section at all, `pick` beyond the logs.
pub fn read(reader: &mut dyn BufRead, pick: Option<usize>) -> Result<Log, SyncError> {
    if pick == Some(0) {
        return Err(SyncError::whole(None, "logs are numbered from 1"));
    }
    let mut lines = Lines::new(reader);
    let mut logs = 0usize;
    let mut sections = 0usize;
    let mut in_rng = false;
    let mut current: Vec<Entry> = Vec::new();
    let mut chosen: Option<Vec<Entry>> = None;
    let keep = |logs: usize, current: &mut Vec<Entry>, chosen: &mut Option<Vec<Entry>>| {
        if logs > 0 && (pick.is_none() || pick == Some(logs)) {
            *chosen = Some(core::mem::take(current));
        }
        current.clear();
    };
    while let Some((n, text)) = lines.next_line()? {
        let t = text.trim();
        if t == "Phobos synchronization log:" {
            keep(logs, &mut current, &mut chosen);
            logs += 1;
            in_rng = false;
        } else if t == "RNG Calls:" {
            if logs == 0 {
                logs = 1;
            }
            sections += 1;
            in_rng = true;
        } else if in_rng {
            if t.is_empty() {
                in_rng = false;
            } else {
                if current.len() == RING {
                    return Err(SyncError::at(
                        n,
                        text,
                        std::format!("more than {RING} entries in one RNG Calls section"),
                    ));
                }
                current.push(parse_entry(n, text)?);
            }
        }
    }
    keep(logs, &mut current, &mut chosen);
    if sections == 0 {
        return Err(SyncError::whole(
            None,
            "no 'RNG Calls:' section (not a Phobos sync log?)",
        ));
    }
    let entries = match (chosen, pick) {
        (Some(e), _) => e,
        (None, Some(k)) => {
            return Err(SyncError::whole(
                None,
                std::format!("the file holds {logs} logs, not {k}"),
            ))
        }
        (None, None) => Vec::new(),
    };
    let mut log = Log {
        format: &PHOBOS,
        cursors_before: false,
        full: entries.len() == RING,
        index: pick.unwrap_or(logs),
        of: logs,
        entries,
        notes: Vec::new(),
    };
    if log.entries.is_empty() {
        return Err(SyncError::whole(
            None,
            std::format!("log {} of the file has no RNG calls", log.index),
        ));
    }
    repair_rotation(&mut log);
    note_gaps(&mut log);
    Ok(log)
}

/// Rotate a dump that starts mid-ring back into call order (see the module
/// docs): a full ring of [`RING`] entries whose frames go down exactly
/// once, the last entry's frame not above the first's, and the last
/// entry's `Index1` at most 16 draws before the first's.
fn repair_rotation(log: &mut Log) {
    let e = &log.entries;
    let downs: Vec<usize> = (1..e.len())
        .filter(|&i| e[i].frame < e[i - 1].frame)
        .collect();
    // Only a full ring can start mid-ring: one that never filled is dumped
    // from #00000, its first call. A drop to a new game is not a rotation.
    if downs.len() != 1 || e.len() != RING || new_game_at(e, downs[0]) {
        return;
    }
    let (first, last) = (&e[0], &e[e.len() - 1]);
    let gap = (i32::from(first.index1) - i32::from(last.index1)).rem_euclid(250);
    // The first entry's own draws (0 for a call with equal bounds).
    if last.frame <= first.frame && (0..=16).contains(&gap) {
        let k = downs[0];
        log.entries.rotate_left(k);
        log.notes.push(std::format!(
            "the dump starts mid-ring (Phobos does not reset its read position between dumps): entries #{:05}.. are the newest and were moved after #{:05}",
            log.entries[log.entries.len() - k].number,
            log.entries[log.entries.len() - k - 1].number
        ));
    }
}

/// Whether lines are missing between two consecutive entries of a dump
/// (a rotated dump wraps from `#04095` to `#00000`).
fn is_gap(prev: &Entry, next: &Entry) -> bool {
    next.number != prev.number + 1 && !(next.number == 0 && prev.number == RING as u64 - 1)
}

fn note_gaps(log: &mut Log) {
    let gaps: Vec<(u64, u64)> = log
        .entries
        .windows(2)
        .filter(|w| is_gap(&w[0], &w[1]))
        .map(|w| (w[0].number, w[1].number))
        .collect();
    for (a, b) in gaps.iter().take(3) {
        log.notes.push(std::format!(
            "entry numbers jump from #{a:05} to #{b:05}: lines are missing there; the draws between them are not checked"
        ));
    }
}

/// One call: a `Single` or `Ranged` entry, or a run of inner `Single`
/// entries with the `Ranged` entry after them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Call {
    /// Its first and last entry (indices into the log's entries).
    pub first: usize,
    pub last: usize,
    /// The draws the log's cursors say it made (mod 250), `None` for the
    /// first call and for the first after a numbering gap.
    pub logged: Option<u32>,
}

/// Group entries into calls (`ranged_fn`: the inner `Single` callers).
pub(super) fn calls(entries: &[Entry], ranged_fn: (u32, u32)) -> Vec<Call> {
    let inner = |e: &Entry| !e.ranged && (ranged_fn.0..ranged_fn.1).contains(&e.caller);
    let mut out: Vec<Call> = Vec::new();
    let mut i = 0;
    while i < entries.len() {
        let mut j = i;
        while j < entries.len() && inner(&entries[j]) {
            j += 1;
        }
        let (first, last) = if j > i && j < entries.len() && entries[j].ranged {
            (i, j)
        } else {
            (i, i)
        };
        let gap = first > 0 && is_gap(&entries[first - 1], &entries[first]);
        let logged = match out.last() {
            Some(prev) if !gap => Some(
                (i32::from(entries[last].index1) - i32::from(entries[prev.last].index1))
                    .rem_euclid(250) as u32,
            ),
            _ => None,
        };
        out.push(Call {
            first,
            last,
            logged,
        });
        i = last + 1;
    }
    out
}

/// The most draws a new game's first logged call is taken to have made:
/// a freshly seeded scenario stream has cursors 0 and 103, so its first
/// call leaves `Index1` at that call's own draws.
const FRESH: u8 = 16;

/// Whether entry `i` starts a new game of the same session: the frame goes
/// down to a game's first frames (at most [`FRESH`]) **and** the cursors
/// restart (a Single's one draw leaves `Index1` at 1, a Ranged call's few
/// at most [`FRESH`]).
pub(super) fn new_game_at(entries: &[Entry], i: usize) -> bool {
    let e = &entries[i];
    let fresh = if e.ranged {
        e.index1 <= FRESH
    } else {
        e.index1 == 1
    };
    i > 0 && e.frame < entries[i - 1].frame && e.frame <= i64::from(FRESH) && fresh
}

/// The entry where the last game of the session starts (0: the whole dump),
/// and notes on frame drops that are not a new game (see [`new_game_at`]): a
/// frame drop with the cursors running on is an edited or corrupted dump and
/// hides nothing: every entry is checked.
pub(super) fn current_game(entries: &[Entry]) -> (usize, Vec<String>) {
    let mut notes = Vec::new();
    let mut start = 0;
    for i in 1..entries.len() {
        if new_game_at(entries, i) {
            start = i;
        } else if entries[i].frame < entries[i - 1].frame {
            notes.push(std::format!(
                "the frame goes down at entry #{:05} ({} after {}) without a new game's first frame and fresh cursors (Index1 {}): no entry is set aside",
                entries[i].number,
                entries[i].frame,
                entries[i - 1].frame,
                entries[i].index1
            ));
        }
    }
    (start, notes)
}

/// Three entries before `i` and `i` itself, as written.
pub(super) fn context(entries: &[Entry], i: usize) -> Vec<String> {
    entries[i.saturating_sub(3)..=i]
        .iter()
        .map(|e| e.text.trim_end().into())
        .collect()
}
