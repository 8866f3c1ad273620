//! `stream` for every engine: the library's [`Stream`] (its taps, its
//! dispatch) with `--skip`, `--count` and `--format`.

use super::{MAX_CALL_SKIP, MAX_GENERALS_DRAWS, MAX_WORK};
use crate::cli::StreamCommon;
use crate::out::write_value;
use crate::{Failure, Outcome};
use bitexact::stream::{Engine, Options, Stream};
use std::io::Write;

/// The stream `engine` seeded with `seed` through `common.tap`.
pub fn open(
    engine: Engine,
    seed: u64,
    common: &StreamCommon,
    options: &Options,
) -> Result<Stream, Failure> {
    Stream::new(engine, seed, common.tap.as_deref(), options).map_err(|e| Failure::usage(e.0))
}

/// `--skip` then `--count` calls of the tap, printed.
pub fn stream(mut s: Stream, common: &StreamCommon, out: &mut impl Write) -> Outcome {
    let max_words = match s.engine() {
        Engine::Generals => MAX_GENERALS_DRAWS,
        _ => MAX_WORK,
    };
    s.skip(common.skip, max_words, MAX_CALL_SKIP)
        .map_err(|e| Failure::usage(e.0))?;
    for k in 0..common.count {
        let (value, words) = s.next();
        write_value(out, common.format, common.skip + k, value, words)?;
    }
    Ok(())
}
