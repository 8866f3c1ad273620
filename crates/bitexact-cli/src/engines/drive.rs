//! What `stream` and `ledger` need of a generator driven through its taps,
//! once for every engine but sots (whose ledger is the library's own): a
//! tap parser, the call, and a count of the raw words (draws) spent.

use crate::cli::StreamCommon;
use crate::out::{write_value, Value};
use crate::{Failure, Outcome};
use std::io::Write;

/// A generator with taps.
pub trait Drive {
    /// One of its taps, with arguments.
    type Tap: Copy;
    /// The taps' names, in the order a ledger reports them.
    const ENTRY_POINTS: &'static [&'static str];
    /// The `--tap` vocabulary for messages (`raw, ranged:MIN,MAX, double`).
    const TAPS: &'static str;
    /// The same calls as a ledger script writes them (`raw, ranged MIN MAX, double`).
    const CALLS: &'static str;
    /// Parse a `--tap` argument (`name` or `name:ARGS`).
    fn parse_tap(s: &str) -> Result<Self::Tap, String>;
    /// The tap's entry point (one of [`ENTRY_POINTS`](Self::ENTRY_POINTS)).
    fn entry(tap: Self::Tap) -> &'static str;
    /// One call.
    fn call(&mut self, tap: Self::Tap) -> Value;
    /// Raw words (draws) spent so far.
    fn position(&self) -> u64;
    /// Every call of `tap` spends exactly this many draws (so a skip can
    /// move by draws); `None` when rejections make it vary.
    fn fixed_draws(tap: Self::Tap) -> Option<u64>;
    /// Spend `draws` raw draws, fast.
    fn discard(&mut self, draws: u64);
}

/// `--skip` then `--count` calls of the tap, printed.
pub fn stream<D: Drive>(
    mut g: D,
    tap: &str,
    common: &StreamCommon,
    out: &mut impl Write,
) -> Outcome {
    let tap = D::parse_tap(tap).map_err(Failure::Usage)?;
    let skip = common.skip;
    super::skip_calls(
        &mut g,
        skip,
        D::fixed_draws(tap),
        |g, draws| g.discard(draws),
        |g| {
            g.call(tap);
        },
    )?;
    for k in 0..common.count {
        let before = g.position();
        let value = g.call(tap);
        write_value(out, common.format, skip + k, value, g.position() - before)?;
    }
    Ok(())
}

/// A ledger script line as a tap: `ranged 1 6` is the tap `ranged:1,6`.
pub fn tap_of_line<D: Drive>(name: &str, args: &[&str]) -> Result<D::Tap, String> {
    let text = if args.is_empty() {
        name.to_string()
    } else {
        format!("{name}:{}", args.join(","))
    };
    D::parse_tap(&text).map_err(|e| {
        if e.starts_with("unknown tap") {
            format!("unknown call '{name}' (expected turn, {})", D::CALLS)
        } else {
            e
        }
    })
}

/// Counts the raw draws a WWLib-style generator makes, for the generators
/// that keep no counter of their own.
#[derive(Clone, Debug)]
pub struct Counting<G> {
    pub g: G,
    pub draws: u64,
}

impl<G> Counting<G> {
    pub fn new(g: G) -> Self {
        Self { g, draws: 0 }
    }
}

impl<G: bitexact::westwood::Raw> bitexact::westwood::Raw for Counting<G> {
    const SIGNIFICANT_BITS: u32 = G::SIGNIFICANT_BITS;
    fn raw(&mut self) -> i32 {
        self.draws += 1;
        self.g.raw()
    }
}
