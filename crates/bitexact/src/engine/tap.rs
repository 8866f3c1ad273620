//! The tap vocabulary (SPEC 6, 9): `--tap ranged:1,6` and the ledger line
//! `ranged 1 6` name the same call. This module splits the text and checks
//! arguments once for every engine; each engine's [`Engine::tap`](super::Engine::tap)
//! names its taps and what their arguments mean.
//! Errors are [`TapError`]s with fields; front ends add their flag names.

use super::error::Text;
use crate::num::{self, NumError};
use core::fmt;

/// The most arguments a tap takes.
pub const MAX_ARGS: usize = 4;

/// A tap's text split into its name and arguments: `ranged:1,6` →
/// `ranged`, `["1", "6"]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split<'a> {
    /// The tap's name.
    pub name: &'a str,
    args: [&'a str; MAX_ARGS + 1],
    len: usize,
}

impl<'a> Split<'a> {
    /// `NAME` or `NAME:ARG[,ARG…]` (an empty argument list after `:` is
    /// one empty argument, which no number parses).
    pub fn tap(text: &'a str) -> Split<'a> {
        match text.split_once(':') {
            None => Split::of(text, core::iter::empty()),
            Some((name, args)) => Split::of(name, args.split(',')),
        }
    }

    /// A ledger line's words: the name, then its arguments.
    pub fn words(name: &'a str, args: &[&'a str]) -> Split<'a> {
        Split::of(name, args.iter().copied())
    }

    fn of(name: &'a str, args: impl Iterator<Item = &'a str>) -> Split<'a> {
        let mut s = Split {
            name,
            args: [""; MAX_ARGS + 1],
            len: 0,
        };
        for a in args {
            if s.len < s.args.len() {
                s.args[s.len] = a;
            }
            s.len += 1;
        }
        s
    }

    /// The arguments (at most [`MAX_ARGS`] + 1 kept: more is an arity error
    /// whatever the tap).
    pub fn args(&self) -> &[&'a str] {
        &self.args[..self.len.min(self.args.len())]
    }
}

/// How a call is written where an error points at it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Syntax {
    /// `--tap ranged:MIN,MAX`
    Tap,
    /// The ledger line `ranged MIN MAX`
    Ledger,
}

impl Syntax {
    /// `ledger` as a [`Syntax`].
    pub const fn of(ledger: bool) -> Syntax {
        if ledger {
            Syntax::Ledger
        } else {
            Syntax::Tap
        }
    }
}

/// A call's form (`ranged:MIN,MAX`) as `syntax` writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Form {
    /// The tap form.
    pub tap: &'static str,
    /// How it is written.
    pub syntax: Syntax,
}

impl fmt::Display for Form {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.syntax {
            Syntax::Tap => f.write_str(self.tap),
            Syntax::Ledger => {
                for c in self.tap.chars() {
                    fmt::Write::write_char(f, if c == ':' || c == ',' { ' ' } else { c })?;
                }
                Ok(())
            }
        }
    }
}

/// A tap (or ledger call) that cannot be made.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TapError {
    /// The engine has no tap (or call) of that name; `expected` lists them.
    Unknown {
        /// The text given.
        tap: Text,
        /// The engine (or class) name.
        engine: &'static str,
        /// Its taps or calls.
        expected: &'static str,
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
    /// The wrong number of arguments.
    Arity {
        /// The call's name.
        name: &'static str,
        /// How many it takes.
        takes: usize,
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
                "unknown tap '{tap}' for {engine} (expected one of {expected})"
            ),
            TapError::Unknown {
                tap,
                expected,
                syntax: Syntax::Ledger,
                ..
            } => write!(f, "unknown call '{tap}' (expected turn, {expected})"),
            TapError::NeedsArguments { form } => {
                let name = form.tap.split(':').next().unwrap_or(form.tap);
                match form.syntax {
                    Syntax::Tap => write!(f, "tap {name} needs its arguments: {form}"),
                    Syntax::Ledger => write!(f, "{name} needs its arguments: {form}"),
                }
            }
            TapError::NoArgument { name } => write!(f, "{name} takes no argument"),
            TapError::Arity { name, takes, form } => write!(
                f,
                "{name} takes {takes} argument{}: {form}",
                if *takes == 1 { "" } else { "s" }
            ),
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

/// A call's arguments, checked against its form.
#[derive(Clone, Copy, Debug)]
pub struct Args<'a> {
    split: Split<'a>,
    syntax: Syntax,
}

impl<'a> Args<'a> {
    /// `name`'s `args`, written in `syntax`.
    pub fn new(name: &'a str, args: &[&'a str], ledger: bool) -> Args<'a> {
        Args {
            split: Split::words(name, args),
            syntax: Syntax::of(ledger),
        }
    }

    /// How the call was written.
    pub const fn syntax(&self) -> Syntax {
        self.syntax
    }

    fn form(&self, tap: &'static str) -> Form {
        Form {
            tap,
            syntax: self.syntax,
        }
    }

    fn count(&self, name: &'static str, takes: usize, form: &'static str) -> Result<(), TapError> {
        match self.split.len {
            n if n == takes => Ok(()),
            0 if takes > 0 => Err(TapError::NeedsArguments {
                form: self.form(form),
            }),
            _ if takes == 0 => Err(TapError::NoArgument { name }),
            _ => Err(TapError::Arity {
                name,
                takes,
                form: self.form(form),
            }),
        }
    }

    /// No argument: the call `name`.
    pub fn none(&self, name: &'static str) -> Result<(), TapError> {
        self.count(name, 0, name)
    }

    /// One argument (`int:N`), read by `parse`.
    pub fn one<T>(
        &self,
        name: &'static str,
        form: &'static str,
        parse: fn(&str) -> Result<T, NumError>,
    ) -> Result<T, TapError> {
        self.count(name, 1, form)?;
        Ok(parse(self.split.args()[0])?)
    }

    /// Two arguments (`ranged:MIN,MAX`), each read by `parse`.
    pub fn two<T>(
        &self,
        name: &'static str,
        form: &'static str,
        parse: fn(&str) -> Result<T, NumError>,
    ) -> Result<(T, T), TapError> {
        self.count(name, 2, form)?;
        let a = self.split.args();
        Ok((parse(a[0])?, parse(a[1])?))
    }

    /// The call is not one the engine has.
    pub fn unknown(
        &self,
        engine: &'static str,
        taps: &'static str,
        calls: &'static str,
    ) -> TapError {
        let expected = match self.syntax {
            Syntax::Tap => taps,
            Syntax::Ledger => calls,
        };
        let tap = match self.syntax {
            Syntax::Tap if self.split.len > 0 => {
                let mut t = Text::new(format_args!("{}:", self.split.name));
                for (i, a) in self.split.args().iter().enumerate() {
                    let _ = fmt::Write::write_fmt(
                        &mut t,
                        format_args!("{}{a}", if i > 0 { "," } else { "" }),
                    );
                }
                t
            }
            _ => Text::new(format_args!("{}", self.split.name)),
        };
        TapError::Unknown {
            tap,
            engine,
            expected,
            syntax: self.syntax,
        }
    }
}

/// The number parsers the taps use (re-exported for engine modules).
pub use num::{parse_f32, parse_i32, parse_u32, parse_u64};
