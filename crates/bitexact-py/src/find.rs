//! `bitexact.state_find`: every generator state in a save, a memory image
//! or a Windows minidump (SPEC 16), as the JSON document `bitexact state
//! find --json` prints (written by the library, `bitexact::find::render`);
//! the Python wrapper turns it into a dict.

use std::sync::atomic::{AtomicBool, Ordering};

use pyo3::prelude::*;

use bitexact::find::{self, render};

use crate::args::{bytes_named, path_arg, readable_file};
use crate::{error, opt_flag, str_arg, work};

/// The largest file read: 4 GiB, as the CLI.
const MAX_FILE: u64 = 1 << 32;

/// _state_find_json(data, engines=None, all=False, threads=None) -> str.
#[pyfunction]
#[pyo3(signature = (data, engines = None, all = None, threads = None))]
fn _state_find_json(
    py: Python<'_>,
    data: &Bound<'_, PyAny>,
    engines: Option<&Bound<'_, PyAny>>,
    all: Option<&Bound<'_, PyAny>>,
    threads: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let all = opt_flag(all, "all", false)?;
    let mut ids = Vec::new();
    if let Some(engines) = engines {
        let names: Vec<String> = if let Ok(one) = str_arg(engines, "engines") {
            vec![one]
        } else {
            engines
                .try_iter()
                .map_err(|_| error("engines must be a name or a list of names"))?
                .map(|n| str_arg(&n?, "engines"))
                .collect::<PyResult<_>>()?
        };
        for n in names {
            ids.extend(render::engines_named(&n).map_err(|e| error(format!("engines: {n}: {e}")))?);
        }
        ids.sort();
        ids.dedup();
    }
    let plan = work::plan(threads, Some(1))?;
    let owned;
    let backed;
    let bytes: &[u8] = match path_arg(data, "data")? {
        Some(path) => {
            readable_file(&path, false)?;
            let shown = path.display().to_string();
            if std::fs::metadata(&path).is_ok_and(|m| m.len() > MAX_FILE) {
                return Err(error(format!(
                    "'{shown}' is over {MAX_FILE} bytes, too long for this kind of file"
                )));
            }
            owned = py
                .detach(|| std::fs::read(&path))
                .map_err(|e| error(format!("cannot read '{shown}': {e}")))?;
            &owned
        }
        None => {
            backed = bytes_named(data, "data").map_err(|_| {
                error("data must be bytes, bytearray, memoryview or a path (str or os.PathLike)")
            })?;
            &backed
        }
    };
    let memory = find::regions(bytes);
    let stop = AtomicBool::new(false);
    let report = work::interruptible(
        py,
        || stop.store(true, Ordering::Relaxed),
        || memory.find(&ids, &plan, &|| stop.load(Ordering::Relaxed)),
    )?;
    Ok(render::report_json(&report, all).to_text())
}

pub(crate) fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_state_find_json, m)?)
}
