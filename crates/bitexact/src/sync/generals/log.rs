//! Generals / Zero Hour `DEBUG_RANDOM_LOGIC` lines (SPEC 12.3).
//!
//! From `GeneralsMD/Code/GameEngine/Source/Common/RandomValue.cpp` (debug
//! builds; forks write the same text, some without the `\n`):
//!
//! ```text
//! "InitRandom %08lx\n"                                         all three streams seeded
//! "InitRandom Logic %08lx\n"                                   the logic stream seeded
//! "%d: GetGameLogicRandomValue = %d (%d - %d), %s line %d\n"   frame, value, lo, hi, file, line
//! "%d: GetGameLogicRandomValueReal = %f, %s line %d\n"         frame, value, file, line
//! ```
//!
//! and the same with `Client` / `Audio`. The text is matched anywhere in a
//! line (a debug logger may prefix it). Calls that draw nothing return
//! before the log line, so every logged line is exactly one draw of its
//! stream. An int line is checked exactly (`value == (draw mod (hi − lo +
//! 1)) + lo`); a real line does not carry its bounds, so only its draw is
//! counted. `InitRandom Client` / `InitRandom Audio` lines are read as
//! seeding those streams (inferred, not seen in source).

use super::stream::{marker, Stream};
use crate::sync::error::{SyncError, Which};
use crate::sync::lines::Lines;
use std::collections::VecDeque;
use std::io::BufRead;
use std::string::String;
use std::vec::Vec;

/// Lines read past a divergence to test realignments.
pub const LOOKAHEAD: usize = 256;

/// What a line says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `InitRandom`: the stream seeded with this value.
    Init(u32),
    /// `GetGame…RandomValue = value (lo - hi)`.
    Int {
        /// The value returned.
        value: i32,
        /// `lo`.
        lo: i32,
        /// `hi`.
        hi: i32,
    },
    /// `GetGame…RandomValueReal = %f`: the value as printed, in millionths
    /// (`%f`'s six decimals; `None` for an infinity or NaN). Not checked
    /// against a replay (the line has no bounds), compared between logs.
    Real(Option<i64>),
    /// `GetGame…RandomValueUnchanged = value (lo - hi)` (PR #2075): a peek
    /// at the next draw, from a copy of the state. It does not advance the
    /// stream; its value is checked exactly against the next draw.
    Peek {
        /// The value returned.
        value: i32,
        /// `lo`.
        lo: i32,
        /// `hi`.
        hi: i32,
    },
    /// `GetGame…RandomValueRealUnchanged = %f`: a peek at the next draw as
    /// a real (millionths as [`Kind::Real`]); it does not advance, and is
    /// not checked (no bounds).
    PeekReal(Option<i64>),
}

impl Kind {
    /// Whether the line advances its stream by one draw (a peek does not,
    /// nor does a seeding).
    pub fn draws(self) -> bool {
        matches!(self, Kind::Int { .. } | Kind::Real(_))
    }
}

/// One line of the chosen stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// The 1-based file line.
    pub line: u64,
    /// What it says.
    pub kind: Kind,
    /// The frame (0 for `InitRandom`).
    pub frame: i64,
    /// The source file (`%s`), empty for `InitRandom`.
    pub file: String,
    /// The source line (`line %d`).
    pub source_line: u64,
}

impl Item {
    pub(super) fn describe(&self, stream: Stream) -> String {
        let name = marker(stream);
        match self.kind {
            Kind::Init(s) => std::format!("InitRandom {s:08x}"),
            Kind::Int { value, lo, hi } => std::format!("{name} = {value} ({lo} - {hi})"),
            Kind::Real(v) => std::format!("{name}Real = {}", real_text(v)),
            Kind::Peek { value, lo, hi } => {
                std::format!("{name}Unchanged = {value} ({lo} - {hi})")
            }
            Kind::PeekReal(v) => std::format!("{name}RealUnchanged = {}", real_text(v)),
        }
    }

    /// Same call on both sides: kind, values, frame, file and line.
    pub(super) fn same(&self, o: &Item) -> bool {
        (self.kind, self.frame, &self.file, self.source_line)
            == (o.kind, o.frame, &o.file, o.source_line)
    }

    /// Same call site: kind, bounds, frame, file and line, not the value
    /// (after an extra draw on one side the values stay apart, by design).
    pub(super) fn same_site(&self, o: &Item) -> bool {
        let bounds = |k: Kind| match k {
            Kind::Init(s) => (0, i64::from(s), 0),
            Kind::Int { lo, hi, .. } => (1, i64::from(lo), i64::from(hi)),
            Kind::Real(_) => (2, 0, 0),
            Kind::Peek { lo, hi, .. } => (3, i64::from(lo), i64::from(hi)),
            Kind::PeekReal(_) => (4, 0, 0),
        };
        (bounds(self.kind), self.frame, &self.file, self.source_line)
            == (bounds(o.kind), o.frame, &o.file, o.source_line)
    }
}

/// A real value in millionths as `%f` prints it.
fn real_text(v: Option<i64>) -> String {
    match v {
        Some(v) => {
            let sign = if v < 0 { "-" } else { "" };
            let a = v.unsigned_abs();
            std::format!("{sign}{}.{:06}", a / 1_000_000, a % 1_000_000)
        }
        None => "(not finite)".into(),
    }
}

fn bad(n: u64, text: &str, what: &str) -> SyncError {
    SyncError::at(
        n,
        text,
        std::format!("not a Generals random-value line ({what})"),
    )
}

/// The digits (and minus signs) at the end of `s`: ASCII, so the cut is
/// always a character boundary whatever precedes them.
fn trailing_number(s: &str) -> &str {
    let keep = s
        .bytes()
        .rev()
        .take_while(|c| c.is_ascii_digit() || *c == b'-')
        .count();
    &s[s.len() - keep..]
}

/// Where each record of a line starts (a record's frame digits, or its
/// `InitRandom`), for a line that may hold several run together (a fork
/// that writes no `\n`). Later records must follow white space, or their
/// digits would run into the previous record's source line: such a line is
/// an error, never guessed at.
fn record_starts(text: &str, starts: &mut Vec<usize>) -> Result<(), &'static str> {
    starts.clear();
    let b = text.as_bytes();
    let mut at = 0;
    while at < b.len() {
        let rest = &text[at..];
        let next_init = rest.find("InitRandom ").map(|i| (at + i, true));
        let call = rest.match_indices("GetGame").find(|(i, _)| {
            let m = &rest[i + "GetGame".len()..];
            ["LogicRandomValue", "ClientRandomValue", "AudioRandomValue"]
                .iter()
                .any(|k| m.starts_with(k))
        });
        let next = match (next_init, call.map(|(i, _)| (at + i, false))) {
            (Some(x), Some(y)) => Some(if x.0 < y.0 { x } else { y }),
            (x, y) => x.or(y),
        };
        let Some((pos, init)) = next else { break };
        // A call record starts at its frame digits: back over ": " and them.
        let start = if init {
            pos
        } else {
            let head = text[..pos].trim_end();
            let head = head.strip_suffix(':').unwrap_or(head);
            head.len() - trailing_number(head).len()
        };
        let glued = text[..start].trim_end().ends_with(" line");
        if !starts.is_empty() && (glued || (start > 0 && !b[start - 1].is_ascii_whitespace())) {
            return Err("records run together with no space or line end between them: their frame and source-line digits cannot be told apart");
        }
        starts.push(start);
        at = pos + 1;
    }
    Ok(())
}

/// Parse one line for `stream` into `out` (a line may hold several records
/// run together; records of the other streams are skipped).
pub fn parse_line(
    stream: Stream,
    n: u64,
    text: &str,
    out: &mut Vec<Item>,
) -> Result<(), SyncError> {
    let mut starts = Vec::new();
    record_starts(text, &mut starts).map_err(|w| bad(n, text, w))?;
    if starts.len() <= 1 {
        if let Some(item) = parse_record(stream, n, text, text)? {
            out.push(item);
        }
        return Ok(());
    }
    for (k, &s) in starts.iter().enumerate() {
        let end = starts.get(k + 1).copied().unwrap_or(text.len());
        // The first record keeps any logger prefix before it.
        let from = if k == 0 { 0 } else { s };
        if let Some(item) = parse_record(stream, n, text[from..end].trim_end(), text)? {
            out.push(item);
        }
    }
    Ok(())
}

/// Parse one record (`line` is the whole line, for errors).
fn parse_record(stream: Stream, n: u64, text: &str, line: &str) -> Result<Option<Item>, SyncError> {
    let bad = |_: u64, _: &str, what: &str| bad(n, line, what);
    if let Some(at) = text.find("InitRandom ") {
        let rest = &text[at + "InitRandom ".len()..];
        let (which, hex) = match rest.split_once(' ') {
            Some((w @ ("Logic" | "Client" | "Audio"), h)) => (Some(w), h),
            _ => (None, rest),
        };
        let applies = match which {
            None => true,
            Some(w) => w.eq_ignore_ascii_case(stream.name()),
        };
        let hex = hex.trim();
        let seed = u64::from_str_radix(hex, 16)
            .ok()
            .and_then(|s| u32::try_from(s).ok())
            .ok_or_else(|| bad(n, text, "the InitRandom seed is not a 32-bit hex number"))?;
        return Ok(applies.then(|| Item {
            line: n,
            kind: Kind::Init(seed),
            frame: 0,
            file: String::new(),
            source_line: 0,
        }));
    }
    let m = marker(stream);
    let Some(at) = text.find(m) else {
        return Ok(None);
    };
    let head = text[..at].trim_end();
    let head = head
        .strip_suffix(':')
        .ok_or_else(|| bad(n, text, "no 'FRAME: ' before the call"))?;
    let digits = trailing_number(head);
    let frame: i64 = digits
        .parse()
        .map_err(|_| bad(n, text, "the frame is not a number"))?;
    let rest = &text[at + m.len()..];
    // `…Value = `, `…ValueReal = `, and the peeks of PR #2075,
    // `…ValueUnchanged = ` and `…ValueRealUnchanged = `.
    let (real, peek, r) = if let Some(r) = rest.strip_prefix("RealUnchanged = ") {
        (true, true, r)
    } else if let Some(r) = rest.strip_prefix("Unchanged = ") {
        (false, true, r)
    } else if let Some(r) = rest.strip_prefix("Real = ") {
        (true, false, r)
    } else if let Some(r) = rest.strip_prefix(" = ") {
        (false, false, r)
    } else {
        return Err(bad(
            n,
            text,
            "expected ' = ', 'Real = ', 'Unchanged = ' or 'RealUnchanged = ' after the name",
        ));
    };
    let (kind, rest) = if real {
        let (value, r) = r
            .split_once(", ")
            .ok_or_else(|| bad(n, text, "no ', ' after the value"))?;
        let v = value.trim();
        if !is_printed_float(v) {
            return Err(bad(n, text, "the value is not a number as %f prints one"));
        }
        let v = millionths(v);
        (
            if peek {
                Kind::PeekReal(v)
            } else {
                Kind::Real(v)
            },
            r,
        )
    } else {
        let (value, r) = r
            .split_once(" (")
            .ok_or_else(|| bad(n, text, "no ' (' after the value"))?;
        let (range, r) = r
            .split_once("), ")
            .ok_or_else(|| bad(n, text, "no '), ' after the range"))?;
        let (lo, hi) = range
            .split_once(" - ")
            .ok_or_else(|| bad(n, text, "the range is not 'lo - hi'"))?;
        let num = |s: &str, what: &str| s.trim().parse::<i32>().map_err(|_| bad(n, text, what));
        let (value, lo, hi) = (
            num(value, "the value is not a 32-bit integer")?,
            num(lo, "lo is not a 32-bit integer")?,
            num(hi, "hi is not a 32-bit integer")?,
        );
        let kind = if peek {
            Kind::Peek { value, lo, hi }
        } else {
            Kind::Int { value, lo, hi }
        };
        (kind, r)
    };
    let (file, line) = rest
        .rsplit_once(" line ")
        .ok_or_else(|| bad(n, text, "no ' line N' at the end"))?;
    let source_line = line
        .trim()
        .parse()
        .map_err(|_| bad(n, text, "the source line is not a number"))?;
    Ok(Some(Item {
        line: n,
        kind,
        frame,
        file: file.into(),
        source_line,
    }))
}

/// Whether `s` is a float as C's `%f` prints one: digits with a point, or
/// MSVC's and glibc's forms of infinities and NaNs (`inf`, `-nan(ind)`,
/// `1.#INF00`, `-1.#IND00`, `1.#QNAN0`).
fn is_printed_float(s: &str) -> bool {
    let t = s.strip_prefix('-').unwrap_or(s);
    let special = [
        "inf", "nan", "nan(ind)", "1.#INF00", "1.#IND00", "1.#QNAN0", "1.#SNAN0",
    ];
    special.iter().any(|k| t.eq_ignore_ascii_case(k))
        || (!t.is_empty()
            && t.bytes().all(|c| c.is_ascii_digit() || c == b'.')
            && t.bytes().filter(|&c| c == b'.').count() <= 1
            && t.bytes().any(|c| c.is_ascii_digit()))
}

/// A finite `%f` value in millionths (rounded; `None` for the special forms
/// or a magnitude beyond 9·10^12).
fn millionths(s: &str) -> Option<i64> {
    let v: f64 = s.parse().ok()?;
    (v.is_finite() && v.abs() < 9e12).then(|| (v * 1e6).round() as i64)
}

/// A streaming reader of one stream's items, keeping the last few lines'
/// text for context.
pub(super) struct Reader<'r> {
    pending: VecDeque<Item>,
    scratch: Vec<Item>,
    pub(super) lines: Lines<'r>,
    pub(super) stream: Stream,
    pub(super) recent: VecDeque<String>,
    pub(super) which: Which,
}

impl<'r> Reader<'r> {
    pub(super) fn new(reader: &'r mut dyn BufRead, stream: Stream, which: Which) -> Self {
        Self {
            pending: VecDeque::new(),
            scratch: Vec::new(),
            lines: Lines::new(reader),
            stream,
            recent: VecDeque::new(),
            which,
        }
    }

    pub(super) fn next(&mut self) -> Result<Option<Item>, SyncError> {
        loop {
            if let Some(item) = self.pending.pop_front() {
                return Ok(Some(item));
            }
            let Some((n, text)) = self.lines.next_line().map_err(|e| e.of(self.which))? else {
                return Ok(None);
            };
            self.scratch.clear();
            parse_line(self.stream, n, text, &mut self.scratch).map_err(|e| e.of(self.which))?;
            if !self.scratch.is_empty() {
                let mut s = if self.recent.len() == 4 {
                    self.recent.pop_front().unwrap_or_default()
                } else {
                    String::new()
                };
                s.clear();
                s.push_str(text.trim_end());
                self.recent.push_back(s);
                self.pending.extend(self.scratch.drain(..));
            }
        }
    }

    /// Up to [`LOOKAHEAD`] further draw lines, stopping before an `InitRandom`.
    pub(super) fn ahead(&mut self) -> Result<Vec<Item>, SyncError> {
        let mut v = Vec::new();
        while v.len() < LOOKAHEAD {
            match self.next()? {
                Some(i) if matches!(i.kind, Kind::Init(_)) => break,
                Some(i) => v.push(i),
                None => break,
            }
        }
        Ok(v)
    }
}
