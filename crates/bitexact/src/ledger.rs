//! The word ledger by name (SPEC 6's `ledger`): a ledger script read and
//! run on any generator of the engine list ([`parse_script`],
//! [`run_script`]: one call per line, `turn` between turns, `#` comments) —
//! the tally the CLI's `ledger` prints, for every engine alike.
//!
//! The ledger itself, which wraps one generator and measures what each call
//! spends ([`Ledger`], [`Turn`], [`Tally`]), is engine machinery and lives
//! with the contract ([`crate::engine::ledger`]); it is re-exported here.

pub use crate::engine::ledger::{Ledger, Tally, Turn, MAX_ENTRY_POINTS};

#[cfg(feature = "alloc")]
mod script;
#[cfg(feature = "alloc")]
pub use script::{parse_script, run, run_script, Line, LineError, Report, RunError, ScriptError};
