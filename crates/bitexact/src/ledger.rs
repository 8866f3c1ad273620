//! The word ledger: calls made and words spent, per entry point and per turn.
//!
//! A per-turn RNG budget is only as good as its word costs: the Mars entry
//! points differ in how many words one call spends (SPEC 2.1), two of them
//! unboundedly, and `chance` can spend none. [`Ledger`] wraps a
//! [`sots::Rng`](crate::sots::Rng), forwards every entry point, and measures
//! what each call really spent (by the generator's word counter, not by a
//! table), so a model's stream alignment can be audited turn by turn.
//!
//! No allocation: [`Ledger::end_turn`] hands back the finished turn's
//! [`Turn`] and the caller keeps whatever history it wants.

use crate::sots::Rng;
use core::num::NonZeroU32;

/// The Mars entry points a ledger tells apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum EntryPoint {
    /// The raw 32-bit draw (1 word).
    U32,
    /// The unit draw (1 word).
    Unit,
    /// The unit draw narrowed to f32 (1 word).
    Float,
    /// The inclusive bounded integer (1 + rejections).
    IntInclusive,
    /// The probability test (0 or 1).
    Chance,
    /// `float_range` (1 word).
    FloatRange,
    /// `int_range_bell` (≥ 2 words).
    IntRangeBell,
    /// The truncated normal (2 words per attempt; not modelled, only counted).
    TruncatedNormal,
}

impl EntryPoint {
    /// Every entry point, in the order reports list them.
    pub const ALL: [EntryPoint; 8] = [
        EntryPoint::U32,
        EntryPoint::Unit,
        EntryPoint::Float,
        EntryPoint::IntInclusive,
        EntryPoint::Chance,
        EntryPoint::FloatRange,
        EntryPoint::IntRangeBell,
        EntryPoint::TruncatedNormal,
    ];

    /// The short name reports use (`u32`, `unit`, `float`, `int`, `chance`,
    /// `frange`, `bell`, `tnormal`), matching the ledger script's calls.
    pub const fn name(self) -> &'static str {
        match self {
            EntryPoint::U32 => "u32",
            EntryPoint::Unit => "unit",
            EntryPoint::Float => "float",
            EntryPoint::IntInclusive => "int",
            EntryPoint::Chance => "chance",
            EntryPoint::FloatRange => "frange",
            EntryPoint::IntRangeBell => "bell",
            EntryPoint::TruncatedNormal => "tnormal",
        }
    }
}

/// One call of a Mars entry point with its arguments: the vocabulary of the
/// ledger script (SPEC 6) and of `bitexact stream sots --tap`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Call {
    /// `next_u32()`
    U32,
    /// `next_unit()`
    Unit,
    /// `next_float()`
    Float,
    /// `next_int_inclusive(n)`
    IntInclusive(u32),
    /// `chance(p)`
    Chance(f32),
    /// `float_range(lo, hi)`
    FloatRange(f32, f32),
    /// `int_range_bell(lo, hi)`
    IntRangeBell(i32, i32),
    /// A truncated normal that took this many attempts (every call makes at
    /// least one; each spends 2 words).
    TruncatedNormal(NonZeroU32),
}

impl Call {
    /// The entry point this call goes through.
    pub const fn entry_point(self) -> EntryPoint {
        match self {
            Call::U32 => EntryPoint::U32,
            Call::Unit => EntryPoint::Unit,
            Call::Float => EntryPoint::Float,
            Call::IntInclusive(_) => EntryPoint::IntInclusive,
            Call::Chance(_) => EntryPoint::Chance,
            Call::FloatRange(..) => EntryPoint::FloatRange,
            Call::IntRangeBell(..) => EntryPoint::IntRangeBell,
            Call::TruncatedNormal(_) => EntryPoint::TruncatedNormal,
        }
    }

    /// The words every such call spends, when that does not depend on the
    /// words drawn: 1 for `u32`, `unit`, `float`, `frange` and `chance` with
    /// `0 < p < 1` (or NaN), 0 for `chance` with `p <= 0` or `p >= 1`,
    /// `2·k` for a truncated normal of `k` attempts, and for the bounded
    /// integers only when no word can be rejected (`n` is `2^k − 1`: the
    /// mask is `n` itself). `None` when rejections make the cost vary. A run
    /// of fixed-cost calls can be skipped with [`Rng::discard`].
    pub fn fixed_words(self) -> Option<u64> {
        let exact = |n: u32| crate::sots::inclusive_mask(n) == n;
        match self {
            Call::U32 | Call::Unit | Call::Float | Call::FloatRange(..) => Some(1),
            Call::Chance(p) => Some(if p <= 0.0 || p >= 1.0 { 0 } else { 1 }),
            Call::IntInclusive(n) => exact(n).then_some(1),
            Call::IntRangeBell(lo, hi) => {
                let h = hi.wrapping_sub(lo);
                let a = h / 2;
                let b = h.wrapping_sub(a);
                (exact(a as u32) && exact(b as u32)).then_some(2)
            }
            Call::TruncatedNormal(k) => Some(2 * u64::from(k.get())),
        }
    }
}

/// What a [`Call`] returned.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Drawn {
    /// `next_u32`, `next_int_inclusive`
    U32(u32),
    /// `int_range_bell`
    I32(i32),
    /// `next_float`, `float_range`
    F32(f32),
    /// `next_unit`
    F64(f64),
    /// `chance`
    Bool(bool),
    /// The truncated normal: its words are spent, its value is not modelled.
    Unmodelled,
}

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
    tallies: [Tally; 8],
}

impl Turn {
    /// The tally of one entry point.
    pub fn get(&self, entry: EntryPoint) -> Tally {
        self.tallies[entry as usize]
    }

    /// All entry points with their tallies, in [`EntryPoint::ALL`] order.
    pub fn entries(&self) -> impl Iterator<Item = (EntryPoint, Tally)> + '_ {
        EntryPoint::ALL.iter().map(move |&e| (e, self.get(e)))
    }

    /// The sum over every entry point.
    pub fn total(&self) -> Tally {
        let mut t = Tally::default();
        for x in &self.tallies {
            t.add(*x);
        }
        t
    }

    fn record(&mut self, entry: EntryPoint, words: u64) {
        self.tallies[entry as usize].add(Tally { calls: 1, words });
    }
}

/// A [`Rng`] that records every call's word cost, per turn.
#[derive(Clone, Debug)]
pub struct Ledger {
    rng: Rng,
    turn: Turn,
    all: Turn,
}

impl Ledger {
    /// Start recording on `rng`, in turn 0.
    pub fn new(rng: Rng) -> Self {
        Self {
            rng,
            turn: Turn::default(),
            all: Turn::default(),
        }
    }

    /// The generator (for `left`, `position`, …).
    pub fn rng(&self) -> &Rng {
        &self.rng
    }

    /// Stop recording and give the generator back.
    pub fn into_inner(self) -> Rng {
        self.rng
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

    fn record<T>(&mut self, entry: EntryPoint, call: impl FnOnce(&mut Rng) -> T) -> T {
        let before = self.rng.position();
        let value = call(&mut self.rng);
        let words = self.rng.position() - before;
        self.turn.record(entry, words);
        self.all.record(entry, words);
        value
    }

    /// [`Rng::next_u32`], recorded.
    pub fn next_u32(&mut self) -> u32 {
        self.record(EntryPoint::U32, Rng::next_u32)
    }

    /// [`Rng::next_unit`], recorded.
    pub fn next_unit(&mut self) -> f64 {
        self.record(EntryPoint::Unit, Rng::next_unit)
    }

    /// [`Rng::next_float`], recorded.
    pub fn next_float(&mut self) -> f32 {
        self.record(EntryPoint::Float, Rng::next_float)
    }

    /// [`Rng::next_int_inclusive`], recorded.
    pub fn next_int_inclusive(&mut self, n: u32) -> u32 {
        self.record(EntryPoint::IntInclusive, |r| r.next_int_inclusive(n))
    }

    /// [`Rng::chance`], recorded (a call that spends no word still counts as a call).
    pub fn chance(&mut self, p: f32) -> bool {
        self.record(EntryPoint::Chance, |r| r.chance(p))
    }

    /// [`Rng::float_range`], recorded.
    pub fn float_range(&mut self, lo: f32, hi: f32) -> f32 {
        self.record(EntryPoint::FloatRange, |r| r.float_range(lo, hi))
    }

    /// [`Rng::int_range_bell`], recorded.
    pub fn int_range_bell(&mut self, lo: i32, hi: i32) -> i32 {
        self.record(EntryPoint::IntRangeBell, |r| r.int_range_bell(lo, hi))
    }

    /// One truncated-normal call that took `attempts` attempts: its value is
    /// not modelled, but its cost is — 2 words per attempt are spent, so the
    /// stream stays aligned.
    pub fn truncated_normal(&mut self, attempts: NonZeroU32) {
        self.record(EntryPoint::TruncatedNormal, |r| {
            r.discard(2 * u64::from(attempts.get()))
        })
    }

    /// Make one call, recorded; returns its value and the words it spent.
    pub fn apply(&mut self, call: Call) -> (Drawn, u64) {
        let before = self.rng.position();
        let drawn = match call {
            Call::U32 => Drawn::U32(self.next_u32()),
            Call::Unit => Drawn::F64(self.next_unit()),
            Call::Float => Drawn::F32(self.next_float()),
            Call::IntInclusive(n) => Drawn::U32(self.next_int_inclusive(n)),
            Call::Chance(p) => Drawn::Bool(self.chance(p)),
            Call::FloatRange(lo, hi) => Drawn::F32(self.float_range(lo, hi)),
            Call::IntRangeBell(lo, hi) => Drawn::I32(self.int_range_bell(lo, hi)),
            Call::TruncatedNormal(k) => {
                self.truncated_normal(k);
                Drawn::Unmodelled
            }
        };
        (drawn, self.rng.position() - before)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_are_numbered_and_reset() {
        let mut l = Ledger::new(Rng::new(1));
        l.next_u32();
        let t0 = l.end_turn();
        assert_eq!(t0.number, 0);
        assert_eq!(t0.total(), Tally { calls: 1, words: 1 });
        l.truncated_normal(NonZeroU32::new(3).unwrap());
        let t1 = l.end_turn();
        assert_eq!(t1.number, 1);
        assert_eq!(
            t1.get(EntryPoint::TruncatedNormal),
            Tally { calls: 1, words: 6 }
        );
        assert_eq!(l.totals().total(), Tally { calls: 2, words: 7 });
        assert_eq!(l.rng().position(), 7);
    }
}
