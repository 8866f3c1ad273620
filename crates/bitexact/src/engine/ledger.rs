//! The word ledger: calls made and raw words spent, per entry point and per
//! turn, for any engine (SPEC 2.1's cost column; SPEC 6's `ledger`).
//!
//! A per-turn RNG budget is only as good as its word costs: entry points
//! differ in how many words one call spends (sots' bounded integers and
//! bell curve unboundedly, `chance` none at its edges; a WWLib ranged draw
//! none for equal bounds). [`Ledger`] wraps a generator, forwards every
//! call, and measures what each call really spent (by the engine's own word
//! count, not by a table), so a model's stream alignment can be audited
//! turn by turn. No allocation: [`Ledger::end_turn`] hands back the
//! finished turn and the caller keeps whatever history it wants.
//!
//! Ledger scripts, run by name for any generator of the list, are
//! [`crate::ledger`]'s.

use super::{Engine, TapSpec, Value};

/// The most entry points an engine has (a [`Turn`]'s tally slots).
pub const MAX_ENTRY_POINTS: usize = 8;

/// Calls made and words spent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Tally {
    /// Calls made.
    pub calls: u64,
    /// Words those calls spent.
    pub words: u64,
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.calls += other.calls;
        self.words += other.words;
    }
}

/// One turn's (or a whole run's) tallies, per entry point.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Turn {
    /// The turn's number: 0 before the first [`Ledger::end_turn`], then 1, 2, …
    pub number: u64,
    tallies: [Tally; MAX_ENTRY_POINTS],
}

impl Turn {
    /// The tally of entry point `entry` (an index into the engine's
    /// [`Info::taps`](crate::engine::Info::taps), or an engine's own
    /// entry-point enum such as [`crate::sots::EntryPoint`]).
    pub fn get(&self, entry: impl Into<usize>) -> Tally {
        self.tallies.get(entry.into()).copied().unwrap_or_default()
    }

    /// The entry points of `taps` (the engine's
    /// [`Info::taps`](crate::engine::Info::taps)), each row's
    /// [`TapSpec::entry`], with their tallies, in order.
    pub fn entries<'a>(
        &'a self,
        taps: &'a [TapSpec],
    ) -> impl Iterator<Item = (&'static str, Tally)> + 'a {
        taps.iter().enumerate().map(|(i, t)| (t.entry, self.get(i)))
    }

    /// The sum over every entry point.
    pub fn total(&self) -> Tally {
        let mut t = Tally::default();
        for x in &self.tallies {
            t.add(*x);
        }
        t
    }

    fn record(&mut self, entry: usize, words: u64) {
        if let Some(t) = self.tallies.get_mut(entry) {
            t.add(Tally { calls: 1, words });
        }
    }
}

/// A generator of engine `E` that records every call's word cost, per turn.
pub struct Ledger<E: Engine> {
    gen: E::Gen,
    turn: Turn,
    all: Turn,
    drawn: u64,
}

impl<E: Engine> Clone for Ledger<E> {
    fn clone(&self) -> Self {
        Ledger {
            gen: self.gen.clone(),
            turn: self.turn,
            all: self.all,
            drawn: self.drawn,
        }
    }
}

impl<E: Engine> core::fmt::Debug for Ledger<E> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Ledger")
            .field("gen", &self.gen)
            .field("turn", &self.turn)
            .field("drawn", &self.drawn)
            .finish_non_exhaustive()
    }
}

impl<E: Engine> Ledger<E> {
    /// Start recording on `gen`, in turn 0.
    pub fn new(gen: E::Gen) -> Self {
        Self {
            gen,
            turn: Turn::default(),
            all: Turn::default(),
            drawn: 0,
        }
    }

    /// The generator.
    pub fn gen(&self) -> &E::Gen {
        &self.gen
    }

    /// Stop recording and give the generator back.
    pub fn into_inner(self) -> E::Gen {
        self.gen
    }

    /// Raw words spent through the ledger.
    pub fn words_drawn(&self) -> u64 {
        self.drawn
    }

    /// The turn being recorded.
    pub fn current_turn(&self) -> &Turn {
        &self.turn
    }

    /// Everything recorded so far, all turns together (its `number` is the
    /// current turn's).
    pub fn totals(&self) -> Turn {
        Turn {
            number: self.turn.number,
            ..self.all
        }
    }

    /// Close the current turn, returning it, and start the next.
    pub fn end_turn(&mut self) -> Turn {
        let next = Turn {
            number: self.turn.number + 1,
            ..Turn::default()
        };
        core::mem::replace(&mut self.turn, next)
    }

    /// Make one call, recorded; returns its value and the words it spent.
    pub fn apply(&mut self, tap: E::Tap) -> (Value, u64) {
        let (value, words) = E::call(&mut self.gen, tap);
        let entry = E::entry_point(tap);
        self.turn.record(entry, words);
        self.all.record(entry, words);
        self.drawn += words;
        (value, words)
    }
}
