//! Adversarial tests, written by a reviewer whose only job was to make the
//! searches give a wrong answer (the identify filter and its one pass over
//! several states, `state find`'s merged search, OpenRA's one-pass search,
//! Generals' lane search, the untwist and sots identify at its bounds):
//! each checks a promise against an independent reference (the generator's
//! own step, a plain scalar loop, a replay), never the code's own output.

#[cfg(feature = "std")]
mod find_together;
mod others;
mod westwood_identify;
