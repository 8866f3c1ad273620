//! `bitexact.sync`: a game's desync log checked against a seed or a second
//! log (SPEC 12), as the JSON document `bitexact sync FORMAT --json` prints;
//! the Python wrapper turns it into a dict. Paths are read streaming.

use std::io::BufRead;
use std::path::PathBuf;

use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;

use bitexact::sync::{self, check, Format, Options, Stop, Stream};

use crate::args::{bytes_named, opt_str, path_arg, readable_file};
use crate::work;
use crate::{error, int_arg, opt_u64, str_arg};

/// A log: its bytes, or a path read streaming.
enum Source {
    Bytes(PyBackedBytes),
    Path(PathBuf),
}

impl Source {
    /// A path (`str` or `os.PathLike`: a regular file, or a Generals
    /// frame folder) or a bytes-like; anything else is `bitexact.Error`.
    fn of(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Source> {
        if let Some(path) = path_arg(obj, what)? {
            readable_file(&path, true)?;
            return Ok(Source::Path(path));
        }
        bytes_named(obj, what).map(Source::Bytes).map_err(|_| {
            error(format!(
                "{what} must be bytes, bytearray, memoryview or a path (str or os.PathLike)"
            ))
        })
    }

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
/// max_draws=None, max_shift=None, stream="logic", window=None, html=False)
/// -> (str, str | None): the JSON, and with `html` the page (SPEC 14).
#[pyfunction]
#[pyo3(signature = (format, log, log2 = None, seed = None, log_index = None, max_draws = None, max_shift = None, stream = None, window = None, html = None))]
#[allow(clippy::too_many_arguments)]
fn _sync_json(
    py: Python<'_>,
    format: &Bound<'_, PyAny>,
    log: &Bound<'_, PyAny>,
    log2: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    log_index: Option<&Bound<'_, PyAny>>,
    max_draws: Option<&Bound<'_, PyAny>>,
    max_shift: Option<&Bound<'_, PyAny>>,
    stream: Option<&Bound<'_, PyAny>>,
    window: Option<&Bound<'_, PyAny>>,
    html: Option<&Bound<'_, PyAny>>,
) -> PyResult<(String, Option<String>)> {
    let html = crate::opt_flag(html, "html", false)?;
    let format = str_arg(format, "format")?;
    let format = Format::from_name(&format).ok_or_else(|| {
        error(format!(
            "unknown sync format '{format}': {}",
            Format::list()
        ))
    })?;
    let stream = opt_str(stream, "stream")?.unwrap_or_else(|| "logic".into());
    let stream = Stream::from_name(&stream)
        .ok_or_else(|| error(format!("unknown stream '{stream}': logic, client or audio")))?;
    let log = Source::of(log, "log")?;
    let log2 = log2.map(|l| Source::of(l, "log2")).transpose()?;
    let stop = Stop::new();
    let options = Options {
        seed: seed
            .map(|s| int_arg::<i64>(s, "seed", "does not fit in 32 bits (signed or unsigned)"))
            .transpose()?,
        log: log_index
            .map(|l| int_arg::<usize>(l, "log_index", "is not a log number (1 or more)"))
            .transpose()?,
        max_draws: opt_u64(max_draws, "max_draws")?,
        max_shift: opt_u64(max_shift, "max_shift")?,
        stream,
        window: opt_u64(window, "window")?,
        stop: Some(stop.clone()),
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
        Some((a, b)) => work::interruptible(
            py,
            || stop.request(),
            || sync::check_paths(format, a, b.map(|b| b.as_path()), &options),
        )?,
        None => {
            let mut a = log.open()?;
            let mut b = match &log2 {
                Some(s) => Some(s.open()?),
                None => None,
            };
            work::interruptible(
                py,
                || stop.request(),
                || {
                    check(
                        format,
                        &mut a,
                        b.as_mut().map(|b| b as &mut dyn BufRead),
                        &options,
                    )
                },
            )?
        }
    };
    // The page's title names the files given as paths.
    let names: Vec<String> = [Some(&log), log2.as_ref()]
        .into_iter()
        .flatten()
        .filter_map(|s| match s {
            Source::Path(p) => Some(p.display().to_string()),
            _ => None,
        })
        .collect();
    result
        .map(|r| {
            let page = html.then(|| {
                let command = format!("sync {}", format.name());
                let files: Vec<&str> = names.iter().map(String::as_str).collect();
                let source = bitexact::report::html::Source {
                    command: &command,
                    files: &files,
                };
                bitexact::report::html::sync(&r, &source)
            });
            (r.to_json(), page)
        })
        .map_err(|e| {
            let message = spelled(&e.to_string());
            let (which, source) = match e.which {
                Some(bitexact::sync::Which::A) => ("first", Some(&log)),
                Some(bitexact::sync::Which::B) => ("second", log2.as_ref()),
                None => return error(message),
            };
            match source {
                Some(Source::Path(p)) => error(format!("{which} log '{}': {message}", p.display())),
                _ => error(format!("{which} log: {message}")),
            }
        })
}

/// A library message with each `{key}` as `bitexact.sync` spells its
/// argument (`seed=`), or, for an option only the CLI has, the CLI's flag.
fn spelled(text: &str) -> String {
    use bitexact::sync::Opt;
    bitexact::sync::render(text, |o| match o {
        Opt::Seed | Opt::MaxDraws | Opt::MaxShift | Opt::Stream | Opt::Window => {
            format!("{}=", o.key().replace('-', "_"))
        }
        Opt::Log => "log_index=".into(),
        _ => format!("the CLI's --{}", o.key()),
    })
}

pub(crate) fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_sync_json, m)?)
}
