//! `stream ENGINE`: the library's `Stream` (its taps, its dispatch) with
//! `--skip-calls`, `--count` and `--hex` / `--json` (or `--format`).

use crate::cli::StreamArgs;
use crate::out::{write_value, Format};
use crate::{Failure, Outcome};
use bitexact::stream::{Stream, StreamError};
use std::io::Write;

pub fn run(StreamArgs(args): &StreamArgs, out: &mut impl Write) -> Outcome {
    let id = args.id();
    let tap = args.str("tap");
    let shown = tap.unwrap_or(id.info().default_tap());
    let bad = |e: StreamError| Failure::usage(crate::NAMES.stream_error(shown, &e));
    let mut s =
        Stream::new(id, args.u64("seed").unwrap_or(0), tap, &args.options()).map_err(bad)?;
    if let Some(note) = s.caveat() {
        crate::summary!("note: {note}");
    }
    let skip = args.u64("skip-calls").unwrap_or(0);
    s.skip(skip).map_err(bad)?;
    let format = if args.flag("json") {
        Format::Json
    } else if args.flag("hex") {
        Format::Hex
    } else {
        args.m
            .try_get_one::<Format>("format")
            .ok()
            .flatten()
            .copied()
            .unwrap_or(Format::Dec)
    };
    for k in 0..args.u64("count").unwrap_or(10) {
        let (value, words) = s.next();
        write_value(out, format, skip + k, value, words)?;
    }
    Ok(())
}
