//! Recovery by name (SPEC 9): a generator from the list, a tap as text and
//! the observed values as text, set up through the engine contract — the
//! one place the CLI, the C ABI and the Python package set a recovery up.

use super::{QueryError, Recovery};
use crate::engine::tap::Split;
use crate::engine::{Engine, Options};
use crate::engines::Id;

/// The recovery of `values` (the CLI's notation) observed through `tap`
/// (`ranged:1,6`; the generator's raw word when `None`) on generator `id`
/// with `options` (a precision for sots' float taps), starting at an offset
/// in `0..=max_offset` (`None`: 0, or the walk's default with 624 raw sots
/// outputs).
pub fn query(
    id: Id,
    options: &Options,
    tap: Option<&str>,
    values: &[&str],
    max_offset: Option<u64>,
) -> Result<Recovery, QueryError> {
    crate::with_engine!(id, E => {
        let split = Split::tap(tap.unwrap_or(E::INFO.default_tap()));
        let tap = E::tap(split.name, split.args(), false)?;
        E::recover(tap, values, max_offset, options)
    })
}
