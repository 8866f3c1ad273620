//! A call that cannot be made ([`TapError`]): typed, with the engine's
//! table for the message; front ends add their flag names.

use super::spec::{Form, List, Rows, Syntax, TapSpec};
use crate::num::NumError;
use crate::text::Text;
use core::fmt;

/// A tap (or ledger call) that cannot be made.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TapError {
    /// The engine has no tap (or call) of that name; `expected` lists them.
    Unknown {
        /// The text given.
        tap: Text,
        /// The engine (or class) name.
        engine: &'static str,
        /// Its taps and calls (the message lists the taps, or for a ledger
        /// line the calls).
        expected: &'static [TapSpec],
        /// How they are written.
        syntax: Syntax,
    },
    /// The call takes arguments and none were given.
    NeedsArguments {
        /// Its form.
        form: Form,
    },
    /// The call takes no argument.
    NoArgument {
        /// The call's name.
        name: &'static str,
    },
    /// The wrong number of arguments (its form says how many it takes).
    Arity {
        /// Its form.
        form: Form,
    },
    /// An argument is not a number of the kind the call takes.
    Number(NumError),
    /// The arguments cannot be drawn with (an empty or endless range, a
    /// count below its minimum); the engine's sentence.
    Invalid(Text),
    /// A call a ledger counts but no tap draws (sots' truncated normal).
    LedgerOnly {
        /// The call's name.
        name: &'static str,
    },
    /// The call belongs to another class of the family.
    OtherClass {
        /// The call's name.
        name: &'static str,
        /// What it is (`Random4Class's Get_Float`).
        what: &'static str,
        /// The class that has it (`random4`).
        class: &'static str,
    },
}

impl TapError {
    /// The arguments' own problem, in the engine's words.
    pub fn invalid(args: fmt::Arguments<'_>) -> TapError {
        TapError::Invalid(Text::new(args))
    }

    /// Whether the message names the tap itself (so a front end need not
    /// say which `--tap` it was about).
    pub const fn names_the_tap(&self) -> bool {
        matches!(
            self,
            TapError::Unknown { .. }
                | TapError::NeedsArguments { .. }
                | TapError::NoArgument { .. }
                | TapError::OtherClass { .. }
        )
    }
}

impl From<NumError> for TapError {
    fn from(e: NumError) -> TapError {
        TapError::Number(e)
    }
}

impl fmt::Display for TapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TapError::Unknown {
                tap,
                engine,
                expected,
                syntax: Syntax::Tap,
            } => write!(
                f,
                "unknown tap '{tap}' for {engine} (expected one of {})",
                List::new(expected, Rows::Taps)
            ),
            TapError::Unknown {
                tap,
                expected,
                syntax: Syntax::Ledger,
                ..
            } => write!(
                f,
                "unknown call '{tap}' (expected turn, {})",
                List::new(expected, Rows::Calls)
            ),
            TapError::NeedsArguments { form } => {
                let name = form.spec.name;
                match form.syntax {
                    Syntax::Tap => write!(f, "tap {name} needs its arguments: {form}"),
                    Syntax::Ledger => write!(f, "{name} needs its arguments: {form}"),
                }
            }
            TapError::NoArgument { name } => write!(f, "{name} takes no argument"),
            TapError::Arity { form } => {
                let takes = form.spec.args.len();
                write!(
                    f,
                    "{} takes {takes} argument{}: {form}",
                    form.spec.name,
                    if takes == 1 { "" } else { "s" }
                )
            }
            TapError::Number(e) => e.fmt(f),
            TapError::Invalid(t) => t.fmt(f),
            TapError::LedgerOnly { name } => write!(
                f,
                "{name} is not modelled; it is a ledger call only (the truncated normal's cost)"
            ),
            TapError::OtherClass { name, what, class } => {
                write!(f, "tap {name} is {what} (class {class})")
            }
        }
    }
}

impl core::error::Error for TapError {}
