//! Known-answer vectors of every engine, as checks anyone can run
//! (`bitexact selftest` prints one line per check). Each engine's checks
//! live in its own module (`sots::selftest`, …) and are registered through
//! the engine contract ([`Engine::CHECKS`](crate::engine::Engine::CHECKS));
//! the shared modules' (MT19937, the x87 unit) are here.
//!
//! Most expected values come from outside this crate's code: the seeds'
//! published vectors, arithmetic done by hand (noted at each vector), and, on
//! x86_64, the machine's own x87 unit running the original instruction
//! sequences. Two kinds are regression pins recorded from this implementation
//! once it had been checked independently: laige's first 32 golden outputs
//! (covered by seed 001's FNV hash of 4096) and westwood's committed vectors
//! (checked against an independent transcription in the tests).

mod mt19937;
#[cfg(target_arch = "x86_64")]
mod x87;

/// A failed check: what was expected and what came out (integers, or the
/// bits of floats).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// Which value of the check differed.
    pub what: &'static str,
    /// The expected value (or bits).
    pub expected: u64,
    /// The value (or bits) produced.
    pub got: u64,
}

impl core::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "{}: expected {} ({:#x}), got {} ({:#x})",
            self.what, self.expected, self.expected, self.got, self.got
        )
    }
}

/// One named check.
#[derive(Clone, Copy, Debug)]
pub struct Check {
    /// The engine (or shared module) it belongs to.
    pub engine: &'static str,
    /// What it checks.
    pub name: &'static str,
    pub(crate) run: fn() -> Result<(), Mismatch>,
}

impl Check {
    /// Run the check.
    pub fn run(&self) -> Result<(), Mismatch> {
        (self.run)()
    }
}

pub(crate) fn expect(what: &'static str, expected: u64, got: u64) -> Result<(), Mismatch> {
    if expected == got {
        Ok(())
    } else {
        Err(Mismatch {
            what,
            expected,
            got,
        })
    }
}

/// A result that must hold an identification: its value, or the mismatch
/// "identified: expected 1, got 0".
pub(crate) fn identified<T, E>(r: Result<T, E>) -> Result<T, Mismatch> {
    r.map_err(|_| Mismatch {
        what: "identified",
        expected: 1,
        got: 0,
    })
}

/// Every check, in order: MT19937's, each engine's in the list's order,
/// then the x87 unit's (only on x86_64).
pub fn checks() -> impl Iterator<Item = &'static Check> {
    #[cfg(target_arch = "x86_64")]
    let hw: &'static [Check] = x87::CHECKS;
    #[cfg(not(target_arch = "x86_64"))]
    let hw: &'static [Check] = &[];
    mt19937::CHECKS
        .iter()
        .chain(
            crate::engine::Id::ALL
                .iter()
                .flat_map(|id| id.checks().iter()),
        )
        .chain(hw.iter())
}
