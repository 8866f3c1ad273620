//! A known-answer check ([`Check`]): what every engine registers in
//! [`Engine::CHECKS`](super::Engine::CHECKS) and `bitexact selftest` runs
//! ([`crate::selftest`]), and the helpers its checks are written with.

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
