//! A call's text split into its name and arguments ([`Split`]).

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

    /// How many arguments were given (more than are kept, perhaps).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether none was.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The arguments (at most [`MAX_ARGS`] + 1 kept: more is an arity error
    /// whatever the tap).
    pub fn args(&self) -> &[&'a str] {
        &self.args[..self.len.min(self.args.len())]
    }
}
