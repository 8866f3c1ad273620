//! A call's arguments checked against its row of the engine's table
//! ([`Args`]).

use super::error::TapError;
use super::spec::{Syntax, TapSpec};
use super::split::Split;
use crate::num::NumError;
use crate::text::Text;
use core::fmt;

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
    /// [`one`](Self::one), [`two`](Self::two) or [`arg`](Self::arg) once
    /// the row is known.
    pub fn row(
        &self,
        engine: &'static str,
        taps: &'static [TapSpec],
    ) -> Result<&'static TapSpec, TapError> {
        self.row_index(engine, taps).map(|i| &taps[i])
    }

    /// The index in `taps` of [`row`](Self::row).
    pub fn row_index(
        &self,
        engine: &'static str,
        taps: &'static [TapSpec],
    ) -> Result<usize, TapError> {
        let ledger = self.syntax == Syntax::Ledger;
        let mut named = taps
            .iter()
            .enumerate()
            .filter(|(_, t)| t.name == self.split.name && (ledger || !t.ledger_only));
        let mut widest: Option<&'static TapSpec> = None;
        for (i, t) in named.by_ref() {
            if t.args.len() == self.split.len() {
                return Ok(i);
            }
            if widest.is_none_or(|w| t.args.len() > w.args.len()) {
                widest = Some(t);
            }
        }
        let Some(t) = widest else {
            return Err(self.unknown(engine, taps));
        };
        let form = t.form(self.syntax);
        Err(match (self.split.len(), t.args.len()) {
            (0, _) => TapError::NeedsArguments { form },
            (_, 0) => TapError::NoArgument { name: t.name },
            _ => TapError::Arity { form },
        })
    }

    /// The arguments' texts, as given.
    pub fn texts(&self) -> &[&'a str] {
        self.split.args()
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
            Syntax::Tap if !self.split.is_empty() => {
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
