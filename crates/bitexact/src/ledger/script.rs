//! Ledger scripts (SPEC 6): one call per line as the engine's taps are
//! written with words for arguments (`ranged 1 6` for `ranged:1,6`), `turn`
//! between turns, `#` comments, a leading byte-order mark skipped. Parsed
//! and run for any engine of the list.

use crate::engine::ledger::{Ledger, Turn};
use crate::engine::{Engine, Field, Fields, Options, SeedError, TapError, MAX_WORK};
use crate::engines::Id;
use alloc::vec::Vec;
use core::fmt;

/// A script line: a new turn, or a call.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Line<T> {
    /// `turn`
    Turn,
    /// A call of the engine's.
    Call(T),
}

/// What is wrong with a script line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LineError {
    /// `turn` with an argument.
    TurnArgument,
    /// Not a call of the engine's, or bad arguments.
    Call(TapError),
    /// The script's calls would spend more than [`MAX_WORK`] words.
    TooMuchWork,
}

/// A bad script: the 1-based line and what is wrong with it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScriptError {
    /// The line number, from 1 (0: not a line's fault).
    pub line: usize,
    /// What is wrong.
    pub error: LineError,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::TurnArgument => f.write_str("turn takes no argument"),
            LineError::Call(e) => e.fmt(f),
            LineError::TooMuchWork => f.write_str("the script spends too many words"),
        }
    }
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "script line {}: {}", self.line, self.error)
    }
}

impl core::error::Error for ScriptError {}

/// A whole script for engine `E`: its lines in order (blank and comment
/// lines dropped), or the first bad line. The calls' nominal words (their
/// fixed cost, else 1) are bounded by [`MAX_WORK`].
pub fn parse_script<E: Engine>(text: &str) -> Result<Vec<Line<E::Tap>>, ScriptError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = Vec::new();
    let mut work = 0u64;
    for (i, line) in text.lines().enumerate() {
        let bad = |error| ScriptError { line: i + 1, error };
        let code = line.split('#').next().unwrap_or("");
        let mut words = code.split_whitespace();
        let Some(name) = words.next() else {
            continue;
        };
        let args: Vec<&str> = words.collect();
        let parsed = match name {
            "turn" if args.is_empty() => Line::Turn,
            "turn" => return Err(bad(LineError::TurnArgument)),
            _ => {
                let tap = E::tap(name, &args, true).map_err(|e| bad(LineError::Call(e)))?;
                work = work.saturating_add(E::fixed_words(tap).unwrap_or(1).max(1));
                if work > MAX_WORK {
                    return Err(bad(LineError::TooMuchWork));
                }
                Line::Call(tap)
            }
        };
        lines.push(parsed);
    }
    Ok(lines)
}

/// What a ledger run tallied: the turns that hold calls (turn 0, the calls
/// before the first `turn` line, only when it has some), the total, and the
/// closing fields (the engine's own, such as sots' `left`, then
/// `words_drawn`).
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The engine's table ([`Info::taps`](crate::engine::Info::taps)): row
    /// `i`'s [`TapSpec::entry`](crate::engine::TapSpec::entry) names tally
    /// `i`.
    pub taps: &'static [crate::engine::TapSpec],
    /// The turns.
    pub turns: Vec<Turn>,
    /// All turns together.
    pub total: Turn,
    /// The closing fields.
    pub fields: Fields,
}

/// Run `lines` on `gen` through a [`Ledger`].
pub fn run<E: Engine>(gen: E::Gen, lines: &[Line<E::Tap>]) -> Report {
    let mut ledger = Ledger::<E>::new(gen);
    let mut turns = Vec::new();
    for line in lines {
        match *line {
            Line::Turn => turns.push(ledger.end_turn()),
            Line::Call(tap) => drop(ledger.apply(tap)),
        }
    }
    let total = ledger.totals();
    turns.push(*ledger.current_turn());
    turns.retain(|t| t.number > 0 || t.total().calls > 0);
    let mut fields = E::ledger_fields(ledger.gen());
    fields.push(("words_drawn", Field::U64(ledger.words_drawn())));
    Report {
        taps: E::INFO.taps,
        turns,
        total,
        fields,
    }
}

/// Why a script could not be run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RunError {
    /// The seed is outside the generator's seeds.
    Seed(SeedError),
    /// A bad line.
    Script(ScriptError),
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunError::Seed(e) => e.fmt(f),
            RunError::Script(e) => e.fmt(f),
        }
    }
}

impl core::error::Error for RunError {}

/// Parse `text` as a script for generator `id` and run it on `id` seeded
/// with `seed` and `options`.
pub fn run_script(id: Id, seed: u64, options: &Options, text: &str) -> Result<Report, RunError> {
    let seed = id.check_seed(seed).map_err(RunError::Seed)?;
    crate::with_engine!(id, E => {
        let lines = parse_script::<E>(text).map_err(RunError::Script)?;
        Ok(run::<E>(E::seeded(seed, options), &lines))
    })
}
