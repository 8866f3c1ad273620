//! `stream ENGINE`: the library's `Stream` (its taps, its dispatch) with
//! `--skip`, `--count` and `--format`.

use crate::cli::StreamArgs;
use crate::out::{write_value, Format};
use crate::{Failure, Outcome};
use bitexact::engine::TapError;
use bitexact::stream::{Stream, StreamError};
use std::io::Write;

/// A tap error as the command line says it: naming the `--tap` given when
/// the library's message does not name the tap itself.
pub fn tap_message(tap: &str, e: &TapError) -> String {
    if let Some(m) = other_class_message(e) {
        return m;
    }
    if e.names_the_tap() {
        e.to_string()
    } else {
        format!("--tap '{tap}': {e}")
    }
}

/// A call of another class, naming the flag that picks it.
pub fn other_class_message(e: &TapError) -> Option<String> {
    match e {
        TapError::OtherClass { name, what, class } => {
            Some(format!("tap {name} is {what}: use --class {class}"))
        }
        _ => None,
    }
}

/// A stream error, with the flag it came from.
pub fn stream_message(tap: &str, e: &StreamError) -> String {
    match e {
        StreamError::Tap(e) => tap_message(tap, e),
        StreamError::Seed(e) => e.to_string(),
        StreamError::SkipWords { words, limit } => {
            format!("--skip (in words) {words} is over the limit of {limit}")
        }
        StreamError::SkipCalls { calls, limit } => format!(
            "--skip (calls of a tap that can reject words) {calls} is over the limit of {limit}"
        ),
    }
}

pub fn run(StreamArgs(args): &StreamArgs, out: &mut impl Write) -> Outcome {
    let id = args.id();
    let tap = args.str("tap");
    let shown = tap.unwrap_or(id.info().default_tap());
    let bad = |e: StreamError| Failure::usage(stream_message(shown, &e));
    let mut s =
        Stream::new(id, args.u64("seed").unwrap_or(0), tap, &args.options()).map_err(bad)?;
    if let Some(note) = s.caveat() {
        crate::summary!("note: {note}");
    }
    let skip = args.u64("skip").unwrap_or(0);
    s.skip(skip).map_err(bad)?;
    let format = *args.m.get_one::<Format>("format").unwrap_or(&Format::Dec);
    for k in 0..args.u64("count").unwrap_or(10) {
        let (value, words) = s.next();
        write_value(out, format, skip + k, value, words)?;
    }
    Ok(())
}
