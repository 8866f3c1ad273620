//! The tap vocabulary (SPEC 6, 9): `--tap ranged:1,6` and the ledger line
//! `ranged 1 6` name the same call. Each engine writes its calls once, as a
//! table of [`TapSpec`]s ([`Info::taps`](super::Info::taps)); everything a
//! front end prints about them is rendered from it (`--tap`'s list, a
//! ledger's calls and their help lines, the taps a seed search takes, the
//! list an unknown tap's error gives). This module splits the text, finds
//! the table's row and checks the arguments' count once for every engine
//! ([`Args::row`]); each engine's [`Engine::tap`](super::Engine::tap) says
//! what the arguments mean.
//! Errors are [`TapError`]s with fields; front ends add their flag names.

use crate::num::{self, NumError};
use crate::text::Text;
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

/// One call of a generator's vocabulary: a row of its table
/// ([`Info::taps`](super::Info::taps)), the one place the call is named.
/// The row's index is the entry point a ledger tallies the call under.
///
/// ```
/// use bitexact::engine::tap::{Syntax, TapSpec};
///
/// const RANGED: TapSpec = TapSpec::new("ranged", &["MIN", "MAX"], "the ranged pick").recoverable();
/// assert_eq!(RANGED.form(Syntax::Tap).to_string(), "ranged:MIN,MAX");
/// assert_eq!(RANGED.form(Syntax::Ledger).to_string(), "ranged MIN MAX");
/// assert_eq!(RANGED.help_line().to_string(), "ranged MIN MAX       the ranged pick");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TapSpec {
    /// Its name, as `--tap` and a ledger line begin (`ranged`). Several
    /// rows may share a name when their argument counts differ (.NET's
    /// `next`, `next:MAX`, `next:MIN,MAX`).
    pub name: &'static str,
    /// Its arguments' names, in order (`["MIN", "MAX"]`); empty for none.
    pub args: &'static [&'static str],
    /// What the call is and what it spends, for a ledger's help (one line).
    pub help: &'static str,
    /// The entry point's name in a ledger's report: the call's name unless
    /// several rows share it (`next-max`).
    pub entry: &'static str,
    /// Values drawn through it can be searched for
    /// ([`Engine::recover`](super::Engine::recover) takes it).
    pub recoverable: bool,
    /// A ledger call only, not a tap (sots' `tnormal-attempts K`: a call
    /// whose cost is counted but whose value is not modelled).
    pub ledger_only: bool,
}

impl TapSpec {
    /// The column a ledger help line's text starts after
    /// ([`help_line`](Self::help_line)).
    pub const HELP_COLUMN: usize = 20;

    /// The tap `name` taking `args`, described by `help`: its own entry
    /// point, not recoverable, a tap and a ledger call.
    pub const fn new(
        name: &'static str,
        args: &'static [&'static str],
        help: &'static str,
    ) -> TapSpec {
        TapSpec {
            name,
            args,
            help,
            entry: name,
            recoverable: false,
            ledger_only: false,
        }
    }

    /// The same, its values recoverable.
    pub const fn recoverable(self) -> TapSpec {
        TapSpec {
            recoverable: true,
            ..self
        }
    }

    /// The same, tallied under the entry point `entry`.
    pub const fn entry(self, entry: &'static str) -> TapSpec {
        TapSpec { entry, ..self }
    }

    /// The same, a ledger call only.
    pub const fn ledger_only(self) -> TapSpec {
        TapSpec {
            ledger_only: true,
            ..self
        }
    }

    /// How `syntax` writes it: `ranged:MIN,MAX` or `ranged MIN MAX`.
    pub const fn form(&'static self, syntax: Syntax) -> Form {
        Form { spec: self, syntax }
    }

    /// Its line in a ledger's help: the ledger form, padded to
    /// [`HELP_COLUMN`](Self::HELP_COLUMN), a space, then
    /// [`help`](Self::help).
    pub const fn help_line(&'static self) -> HelpLine {
        HelpLine(self)
    }

    /// The form's length in characters.
    fn form_len(&self) -> usize {
        self.args
            .iter()
            .fold(self.name.chars().count(), |n, a| n + 1 + a.chars().count())
    }
}

/// [`TapSpec::help_line`].
#[derive(Clone, Copy, Debug)]
pub struct HelpLine(&'static TapSpec);

impl fmt::Display for HelpLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.form(Syntax::Ledger).fmt(f)?;
        for _ in self.0.form_len()..TapSpec::HELP_COLUMN {
            f.write_str(" ")?;
        }
        write!(f, " {}", self.0.help)
    }
}

/// Which rows of a table a [`List`] writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rows {
    /// The taps (`--tap`'s list: no ledger-only call).
    Taps,
    /// The ledger's calls (every row).
    Calls,
    /// The taps whose values can be recovered, the default (the table's
    /// first row) marked `(default)`.
    Recoverable,
    /// The same without the mark, the last joined by `or` (`u32, unit or
    /// float`: what an error suggests instead).
    RecoverableOr,
}

/// Rows of a table written out, comma-separated: `raw, value:LO,HI,
/// real:LO,HI` ([`List::new`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct List {
    taps: &'static [TapSpec],
    rows: Rows,
}

impl List {
    /// The `rows` of `taps`.
    pub const fn new(taps: &'static [TapSpec], rows: Rows) -> List {
        List { taps, rows }
    }

    /// Whether the row is listed.
    fn listed(&self, t: &TapSpec) -> bool {
        match self.rows {
            Rows::Taps => !t.ledger_only,
            Rows::Calls => true,
            Rows::Recoverable | Rows::RecoverableOr => t.recoverable && !t.ledger_only,
        }
    }
}

impl fmt::Display for List {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let syntax = match self.rows {
            Rows::Calls => Syntax::Ledger,
            _ => Syntax::Tap,
        };
        let count = self.taps.iter().filter(|t| self.listed(t)).count();
        let listed = self.taps.iter().enumerate().filter(|(_, t)| self.listed(t));
        for (n, (i, t)) in listed.enumerate() {
            if n > 0 {
                let or = self.rows == Rows::RecoverableOr && n + 1 == count;
                f.write_str(if or { " or " } else { ", " })?;
            }
            t.form(syntax).fmt(f)?;
            if i == 0 && self.rows == Rows::Recoverable {
                f.write_str(" (default)")?;
            }
        }
        Ok(())
    }
}

/// The ledger help of a whole table: one [`TapSpec::help_line`] a row,
/// newline-separated.
#[derive(Clone, Copy, Debug)]
pub struct Help(pub &'static [TapSpec]);

impl fmt::Display for Help {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, t) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            t.help_line().fmt(f)?;
        }
        Ok(())
    }
}

/// The index in `taps` of the row whose entry point is `entry`; `taps.len()`
/// (tallied nowhere) when none is: a bug every engine's tests rule out.
pub fn row_of(taps: &[TapSpec], entry: &str) -> usize {
    taps.iter()
        .position(|t| t.entry == entry)
        .unwrap_or(taps.len())
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

/// A call's form (`ranged:MIN,MAX`) as `syntax` writes it
/// ([`TapSpec::form`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Form {
    /// The call.
    pub spec: &'static TapSpec,
    /// How it is written.
    pub syntax: Syntax,
}

impl fmt::Display for Form {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.spec.name)?;
        for (i, a) in self.spec.args.iter().enumerate() {
            let sep = match (self.syntax, i) {
                (Syntax::Ledger, _) => " ",
                (Syntax::Tap, 0) => ":",
                (Syntax::Tap, _) => ",",
            };
            write!(f, "{sep}{a}")?;
        }
        Ok(())
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

/// A call's arguments, checked against its row of the engine's table.
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

    /// The row of `taps` (the table of `engine`) this call is: the row of
    /// its name taking as many arguments as given. Errors: no row of that
    /// name ([`TapError::Unknown`]; a ledger-only row is not a tap), or
    /// none taking that many, measured against the row of the name taking
    /// the most ([`TapError::NeedsArguments`], [`TapError::NoArgument`],
    /// [`TapError::Arity`]). The arguments are read by
    /// [`one`](Self::one) and [`two`](Self::two) once the row is known.
    pub fn row(
        &self,
        engine: &'static str,
        taps: &'static [TapSpec],
    ) -> Result<&'static TapSpec, TapError> {
        let ledger = self.syntax == Syntax::Ledger;
        let mut named = taps
            .iter()
            .filter(|t| t.name == self.split.name && (ledger || !t.ledger_only));
        let mut widest: Option<&'static TapSpec> = None;
        for t in named.by_ref() {
            if t.args.len() == self.split.len {
                return Ok(t);
            }
            if widest.is_none_or(|w| t.args.len() > w.args.len()) {
                widest = Some(t);
            }
        }
        let Some(t) = widest else {
            return Err(self.unknown(engine, taps));
        };
        let form = t.form(self.syntax);
        Err(match (self.split.len, t.args.len()) {
            (0, _) => TapError::NeedsArguments { form },
            (_, 0) => TapError::NoArgument { name: t.name },
            _ => TapError::Arity { form },
        })
    }

    /// The one argument (`int:N`), read by `parse`; the call's row has
    /// been found by [`row`](Self::row), so it has one.
    pub fn one<T>(&self, parse: fn(&str) -> Result<T, NumError>) -> Result<T, TapError> {
        Ok(parse(self.split.args().first().copied().unwrap_or(""))?)
    }

    /// The two arguments (`ranged:MIN,MAX`), each read by `parse`; the
    /// call's row has been found by [`row`](Self::row), so it has two.
    pub fn two<T>(&self, parse: fn(&str) -> Result<T, NumError>) -> Result<(T, T), TapError> {
        let a = self.split.args();
        let arg = |i: usize| a.get(i).copied().unwrap_or("");
        Ok((parse(arg(0))?, parse(arg(1))?))
    }

    /// The call is not one of `taps` (the table of `engine`).
    pub fn unknown(&self, engine: &'static str, taps: &'static [TapSpec]) -> TapError {
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
            expected: taps,
            syntax: self.syntax,
        }
    }
}

/// The number parsers the taps use (re-exported for engine modules).
pub use num::{parse_f32, parse_i32, parse_u32, parse_u64};
