//! One call of an engine's vocabulary ([`TapSpec`], a row of its table)
//! and how rows are written: a call's form ([`Form`], in tap or ledger
//! [`Syntax`]), a list of rows ([`List`]), a ledger's help ([`Help`]).

use core::fmt;

/// One call of a generator's vocabulary: a row of its table
/// ([`Info::taps`](crate::engine::Info::taps)), the one place the call is named.
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
    /// ([`Engine::recover`](crate::engine::Engine::recover) takes it).
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
