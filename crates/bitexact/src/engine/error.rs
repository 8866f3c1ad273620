//! The contract's shared results and errors: one [`Identification`], one
//! [`NotReachable`], one [`DiffError`], one [`StateError`] for every
//! generator. Messages name no front end's flags: a front end adds its own
//! (`--max-twists raises the bound`).

use crate::text::Text;
use core::fmt;

/// What a bound or a distance counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    /// Raw 32-bit words (sots).
    Words,
    /// Raw draws (every other generator).
    Draws,
    /// Whole twists of a 624-word block (MT19937).
    Twists,
}

impl Unit {
    /// `words`, `draws`, `twists`.
    pub const fn name(self) -> &'static str {
        match self {
            Unit::Words => "words",
            Unit::Draws => "draws",
            Unit::Twists => "twists",
        }
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A work bound: `max` of `unit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bound {
    /// How many.
    pub max: u64,
    /// Of what.
    pub unit: Unit,
}

impl fmt::Display for Bound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.max, self.unit)
    }
}

/// Where a saved state sits in its seed's stream: said only after a replay
/// (SPEC 8) — seeding `seed` and drawing `words_drawn` raw words gives the
/// whole state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Identification {
    /// The seed (a 32-bit seed in the low bits).
    pub seed: u64,
    /// Raw words (draws) since seeding.
    pub words_drawn: u64,
}

/// Why no seed leads to a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// No seeding state within the bound walked back.
    Beyond(Bound),
    /// MT19937: the block is `seed`'s after `twists` further twists, but
    /// with `left == 624` — an eagerly twisting generator's form of position
    /// `words_drawn`; the lazy one (the game's) leaves the block before with
    /// `left == 0`.
    Eager {
        /// The seed.
        seed: u64,
        /// Twists after seeding.
        twists: u64,
        /// The position an eager generator would be at.
        words_drawn: u64,
    },
    /// The cursors are not as far apart as seeding leaves them
    /// (Random2Class: 103; System.Random: `inextp` 21 after `inext`, mod
    /// 55); no seeding leads there.
    IrregularCursors {
        /// The first cursor.
        index1: usize,
        /// The second.
        index2: usize,
    },
    /// Random2Class: with this `index1`, no seeding point lies within the
    /// bound.
    NoSeedingPoint {
        /// The cursor.
        index1: usize,
        /// The bound.
        bound: Bound,
    },
    /// A search over `first..end` found no seed within the bound.
    NotInRange {
        /// The first seed searched.
        first: u64,
        /// One past the last.
        end: u64,
        /// The bound on words since seeding.
        bound: Bound,
    },
    /// The stream was found — seed `seed` after `words_drawn` — but the
    /// state's disabled flag is set, which no draw sets (Random2Class).
    FlagSet {
        /// The seed of the stream with the flag clear.
        seed: u64,
        /// Its position.
        words_drawn: u64,
    },
    /// The stream was found — seed `seed` after `words_drawn` — but the
    /// state file's seed field says `field` (laige).
    SeedField {
        /// The seed the walk reached.
        seed: u64,
        /// Its position.
        words_drawn: u64,
        /// What the file says.
        field: u64,
    },
    /// The walk was stopped by its caller after this much of its bound:
    /// nothing was found that near.
    Stopped(Bound),
    /// The seed is not one substream of the master seed given: its id would
    /// be `id`, beyond 32 bits (laige; nested substreams add their ids).
    NotASubstream {
        /// The id it would need.
        id: u64,
    },
    /// MT19937: the block's 19937 state bits are all zero
    /// ([`crate::mt19937::is_zero_state`]): it twists to itself, and no seed
    /// reaches it.
    ZeroState,
    /// The generator has no state files.
    NoStates,
    /// The generator has state files, but they cannot be identified
    /// ([`StateInfo::identify`](super::StateInfo::identify) is `None`).
    NotIdentifiable,
    /// The walk met more steps with two possible predecessors than it
    /// follows ([`crate::engine::reversible::MAX_BRANCHES`]): no answer
    /// either way (only an edited state has so many).
    Ambiguous {
        /// The ambiguous steps met.
        branches: u64,
    },
}

/// No seed leads to the state within the bound (or at all): never a wrong
/// seed (SPEC 8). `text` is the engine's explanation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NotReachable {
    /// Why, with the figures.
    pub reason: Reason,
    /// The engine's sentence for it.
    pub text: Text,
}

impl NotReachable {
    /// `reason`, explained by `text`.
    pub fn new(reason: Reason, text: fmt::Arguments<'_>) -> NotReachable {
        NotReachable {
            reason,
            text: Text::new(text),
        }
    }

    /// A generator with no state files (`engine` names it).
    pub fn no_states(engine: &str) -> NotReachable {
        NotReachable::new(
            Reason::NoStates,
            format_args!("{engine} has no state files"),
        )
    }

    /// `ENGINE's states cannot be identified`: a generator whose
    /// [`StateInfo::identify`](super::StateInfo::identify) is `None`.
    pub fn not_identifiable(engine: &str) -> NotReachable {
        NotReachable::new(
            Reason::NotIdentifiable,
            format_args!("{engine}'s states cannot be identified"),
        )
    }

    /// No seed of `first..end` reaches the state within `bound` of seeding
    /// (a search that came back empty).
    pub fn not_in_range(first: u64, end: u64, bound: Bound) -> NotReachable {
        NotReachable::new(
            Reason::NotInRange { first, end, bound },
            format_args!("no seed in {first}..{end} reaches this state within {bound} of seeding"),
        )
    }

    /// MT19937's zero state ([`Reason::ZeroState`]).
    pub fn zero_state() -> NotReachable {
        NotReachable::new(
            Reason::ZeroState,
            format_args!(
                "the block's 19937 state bits are all zero: it twists to itself for ever, and no \
                 seed reaches it"
            ),
        )
    }

    /// Whether this is "not sure" rather than "no" (SPEC 8): the walk met
    /// more ambiguous steps than it follows, or was stopped by its caller.
    /// Every other reason is a definite no — no seed reaches exactly these
    /// bytes within the bound (a stream found with a flag or field no draw
    /// explains included).
    pub fn unsure(&self) -> bool {
        matches!(self.reason, Reason::Ambiguous { .. } | Reason::Stopped(_))
    }

    /// The bound walked, when the reason has one.
    pub fn bound(&self) -> Option<Bound> {
        match self.reason {
            Reason::Beyond(b) | Reason::NoSeedingPoint { bound: b, .. } => Some(b),
            Reason::NotInRange { bound, .. } => Some(bound),
            _ => None,
        }
    }
}

impl fmt::Display for NotReachable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.text.fmt(f)
    }
}

impl core::error::Error for NotReachable {}

/// Why [`Engine::words_between`](super::Engine::words_between) found no
/// forward distance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DiffError {
    /// B is the same stream but *earlier* than A, by `words`.
    BeforeA {
        /// From B to A.
        words: u64,
        /// Words or draws.
        unit: Unit,
    },
    /// Neither state reaches the other within the bound.
    NotReachable {
        /// Tried in each direction.
        bound: Bound,
    },
    /// The states' words are `words` apart, but a field no draw changes
    /// differs: `field` is `a` in A and `b` in B.
    FieldDiffers {
        /// The field (`the disabled flag`, `the seed fields`).
        field: &'static str,
        /// The generator's name (`Prng`).
        of: &'static str,
        /// A's value.
        a: u64,
        /// B's.
        b: u64,
        /// The distance of the words.
        words: u64,
        /// Words or draws.
        unit: Unit,
    },
    /// The generator has no state files.
    NoStates {
        /// Its name.
        engine: &'static str,
    },
    /// The generator has state files, but the words between two cannot be
    /// counted ([`StateInfo::diff`](super::StateInfo::diff) is `None`).
    NotComparable {
        /// Its name.
        engine: &'static str,
    },
}

impl fmt::Display for DiffError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiffError::BeforeA { words, unit } => {
                write!(f, "B is not after A: B comes {words} {unit} before A")
            }
            DiffError::NotReachable { bound } => write!(
                f,
                "the states are not the same stream within {bound} of each other"
            ),
            DiffError::FieldDiffers {
                field: "the disabled flag",
                a,
                b,
                words,
                unit,
                ..
            } => {
                let flag = |v: &u64| if *v != 0 { "set" } else { "clear" };
                write!(
                    f,
                    "B is not reachable from A by draws: the disabled flag is {} in A and {} in B, \
                     and no draw changes it (the tables and cursors are {words} {unit} apart)",
                    flag(a),
                    flag(b)
                )
            }
            DiffError::FieldDiffers {
                field,
                of,
                a,
                b,
                words,
                unit,
            } => write!(
                f,
                "B is not A's {of}: {field} differ (A {a}, B {b}), though the state words are \
                 {words} {unit} apart"
            ),
            DiffError::NoStates { engine } => write!(f, "{engine} has no state files"),
            DiffError::NotComparable { engine } => {
                write!(f, "{engine}'s states cannot be compared")
            }
        }
    }
}

impl core::error::Error for DiffError {}

/// What kind of state file error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StateKind {
    /// The bytes have a length no state of the generator has (or not the
    /// layout's).
    Length {
        /// The length given.
        len: usize,
    },
    /// A field is out of range (`left`, a cursor, `mti`, a flag byte), or
    /// the state is one no generator has (laige's all-zero state).
    Field,
    /// The state cannot be written in the layout asked for (a disabled
    /// Random2Class in the TS layout).
    NotRepresentable,
    /// No layout of that name.
    UnknownLayout,
    /// The generator has no state files.
    NoStates,
}

/// Bytes that are not a state of the generator, or a state that cannot be
/// written as asked. `text` is the engine's explanation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StateError {
    /// What went wrong.
    pub kind: StateKind,
    /// The engine's sentence for it.
    pub text: Text,
}

impl StateError {
    /// A generator with no state files (`engine` names it).
    pub fn no_states(engine: &str) -> StateError {
        StateError::new(
            StateKind::NoStates,
            format_args!("{engine} has no state files"),
        )
    }

    /// `kind`, explained by the engine's own error `e`.
    pub fn new(kind: StateKind, e: impl fmt::Display) -> StateError {
        StateError {
            kind,
            text: Text::new(format_args!("{e}")),
        }
    }
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.text.fmt(f)
    }
}

impl core::error::Error for StateError {}

/// A seed outside the generator's seeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeedError {
    /// The seed given.
    pub seed: u64,
    /// The engine's name.
    pub engine: &'static str,
}

impl fmt::Display for SeedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "seed {} does not fit in 32 bits: {} seeds are 0..=4294967295",
            self.seed, self.engine
        )
    }
}

impl core::error::Error for SeedError {}
