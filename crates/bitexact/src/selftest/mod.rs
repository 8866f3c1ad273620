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

pub use crate::engine::check::{Check, Mismatch};

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
            crate::engines::Id::ALL
                .iter()
                .flat_map(|id| id.checks().iter()),
        )
        .chain(hw.iter())
}
