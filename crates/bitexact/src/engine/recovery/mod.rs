//! The seed search as an engine sets it up (SPEC 8): a [`Recovery`] — a
//! [`Searcher`] over ranges of seeds, or a [`Walk`] where the values pin
//! the state down — its [`Hit`]s, and why one cannot be set up
//! ([`QueryError`]). Engines build these in their own modules
//! ([`Engine::recover`](super::Engine::recover)); the scheduler
//! (`crate::search`) runs them; [`crate::recover`] sets one up by name.

mod error;
mod hit;
pub mod per_seed;
mod setup;

pub use error::QueryError;
pub(crate) use hit::may_start_with;
pub use hit::{Hit, SCAN};
pub use per_seed::PerSeed;
pub(crate) use setup::check_setup;
pub use setup::{returned, values, Recovery, Searcher, Walk, WalkStopped};
