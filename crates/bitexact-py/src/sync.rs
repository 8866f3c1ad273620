//! `bitexact.sync`: a game's desync log checked against a seed or a second
//! log (SPEC 12), as the JSON document `bitexact sync FORMAT --json` prints;
//! the Python wrapper turns it into a dict. Paths are read streaming.

use std::io::BufRead;
use std::path::PathBuf;

use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;

use bitexact::sync::{self, check, Format, Options, Stream};

use crate::error;

/// A log: its bytes, or a path read streaming.
#[derive(FromPyObject)]
enum Source {
    Bytes(PyBackedBytes),
    Path(PathBuf),
}

impl Source {
    /// A reader of the log: its bytes, or a path as the library opens one
    /// (a file, or a Generals frame folder).
    fn open(&self) -> PyResult<Box<dyn BufRead + Send + '_>> {
        Ok(match self {
            Source::Bytes(b) => Box::new(&b[..]),
            Source::Path(p) => {
                sync::open(p).map_err(|e| error(format!("'{}' {e}", p.display())))?
            }
        })
    }
}

/// _sync_json(format, log, log2=None, seed=None, log_index=None,
/// max_draws=None, max_shift=None, stream="logic", window=None) -> str.
#[pyfunction]
#[pyo3(signature = (format, log, log2 = None, seed = None, log_index = None, max_draws = None, max_shift = None, stream = "logic", window = None))]
#[allow(clippy::too_many_arguments)]
fn _sync_json(
    py: Python<'_>,
    format: &str,
    log: Source,
    log2: Option<Source>,
    seed: Option<i64>,
    log_index: Option<usize>,
    max_draws: Option<u64>,
    max_shift: Option<u64>,
    stream: &str,
    window: Option<u64>,
) -> PyResult<String> {
    let format = Format::from_name(format).ok_or_else(|| {
        error(format!(
            "unknown sync format '{format}': {}",
            Format::list()
        ))
    })?;
    let stream = Stream::from_name(stream)
        .ok_or_else(|| error(format!("unknown stream '{stream}': logic, client or audio")))?;
    let options = Options {
        seed,
        log: log_index,
        max_draws,
        max_shift,
        stream,
        window,
        ..Options::default()
    };
    // Paths go through the library's `check_paths` (two Generals frame
    // folders are compared file by file); bytes are read as given.
    let paths = match (&log, &log2) {
        (Source::Path(a), None) => Some((a, None)),
        (Source::Path(a), Some(Source::Path(b))) => Some((a, Some(b))),
        _ => None,
    };
    let result = match paths {
        Some((a, b)) => {
            py.detach(|| sync::check_paths(format, a, b.map(|b| b.as_path()), &options))
        }
        None => {
            let mut a = log.open()?;
            let mut b = match &log2 {
                Some(s) => Some(s.open()?),
                None => None,
            };
            py.detach(|| {
                check(
                    format,
                    &mut a,
                    b.as_mut().map(|b| b as &mut dyn BufRead),
                    &options,
                )
            })
        }
    };
    result.map(|r| r.to_json()).map_err(|e| {
        let (which, source) = match e.which {
            Some(bitexact::sync::Which::A) => ("first", Some(&log)),
            Some(bitexact::sync::Which::B) => ("second", log2.as_ref()),
            None => return error(e),
        };
        match source {
            Some(Source::Path(p)) => error(format!("{which} log '{}': {e}", p.display())),
            _ => error(format!("{which} log: {e}")),
        }
    })
}

pub(crate) fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_sync_json, m)?)
}
