//! `--html FILE`: the library's page (`bitexact::report::html`, SPEC 14)
//! written where asked.

use crate::{input_name, Failure};
use std::path::Path;

/// Write `page` to `path`; a path that cannot be written is a one-line
/// usage error (exit 2). `-` is refused: stdout keeps the usual report.
pub fn write(path: &Path, page: &str) -> Result<(), Failure> {
    if crate::is_std(path) {
        return Err(Failure::usage(
            "--html needs a file name: stdout keeps the usual report",
        ));
    }
    std::fs::write(path, page).map_err(|e| {
        Failure::usage(format!(
            "cannot write the HTML page '{}': {e}",
            path.display()
        ))
    })
}

/// The input files' names as a page shows them (`stdin` for `-`; bytes
/// that are not UTF-8 as U+FFFD).
pub fn names<'a>(paths: impl IntoIterator<Item = &'a Path>) -> Vec<String> {
    paths.into_iter().map(input_name).collect()
}
