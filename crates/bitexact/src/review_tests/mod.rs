//! Adversarial review tests (branch `review`): each checks a promise of the
//! session's new code against an independent reference (the generator's
//! own step, a plain scalar loop, a replay), never the code's own output.

#[cfg(feature = "std")]
mod find_together;
mod others;
mod westwood_identify;
