//! Logs given as paths (SPEC 12.5): a file, or a Generals frame folder
//! (`generals::frames`), opened by the library so that a new input shape is
//! a library change, not a front end's.

use super::error::SyncError;
use super::generals::frames;
use super::list::{check, Format};
use super::options::Options;
use super::report::Report;
use std::boxed::Box;
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;

/// A path opened as a log: a file, or a frame folder's files in frame
/// order (one log). Errors: unreadable, or a folder with no frame file.
pub fn open(path: &Path) -> Result<Box<dyn BufRead + Send>, SyncError> {
    if path.is_dir() {
        return Ok(Box::new(frames::open(path)?));
    }
    let f = File::open(path).map_err(|e| {
        SyncError::whole(None, std::format!("cannot read '{}': {e}", path.display()))
    })?;
    Ok(Box::new(BufReader::with_capacity(1 << 16, f)))
}

/// [`check`] of logs given as paths (files, or frame folders); two frame
/// folders are also compared frame by frame ([`frames::compare`]).
pub fn check_paths(
    format: Format,
    a: &Path,
    b: Option<&Path>,
    options: &Options,
) -> Result<Report, SyncError> {
    // The errors of opening name the path themselves.
    let mut ra = open(a)?;
    let mut rb = match b {
        Some(p) => Some(open(p)?),
        None => None,
    };
    let mut report = check(
        format,
        &mut ra,
        rb.as_mut().map(|r| r as &mut dyn BufRead),
        options,
    )?;
    frames::compare(&mut report, a, b)?;
    Ok(report)
}
