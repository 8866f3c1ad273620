//! `bitexact.scan`: the library's scan report as the JSON document the CLI
//! prints (SPEC 10); the Python wrapper turns it into a dict. A path is
//! read by the library with the CLI's limit (1 GiB); bytes-likes are the
//! image itself; anything else is `bitexact.Error`.

use pyo3::prelude::*;

use bitexact::scan::{read_image, scan, Options, Origin};

use crate::args::{bytes_named, opt_str, path_arg, readable_file};
use crate::{error, opt_flag};

/// _scan_json(image: bytes | str, from_: str | None, sweep: bool, html: bool)
/// -> (str, str | None): the report as JSON (a `str` is a path), and with
/// `html` the page (SPEC 14).
#[pyfunction]
#[pyo3(signature = (image, from_ = None, sweep = None, html = None))]
fn _scan_json(
    py: Python<'_>,
    image: &Bound<'_, PyAny>,
    from_: Option<&Bound<'_, PyAny>>,
    sweep: Option<&Bound<'_, PyAny>>,
    html: Option<&Bound<'_, PyAny>>,
) -> PyResult<(String, Option<String>)> {
    let html = opt_flag(html, "html", false)?;
    let from_ = opt_str(from_, "from_")?;
    let sweep = opt_flag(sweep, "sweep", false)?;
    let options = Options {
        from: from_.as_deref().map(Origin::parse),
        sweep,
    };
    if let Some(path) = path_arg(image, "image")? {
        readable_file(&path, false)?;
        let name = path.display().to_string();
        return py
            .detach(|| {
                let bytes = read_image(&path)?;
                scan(&bytes, &options)
                    .map(|r| both(&r, html, Some(&name)))
                    .map_err(|e| e.to_string())
            })
            .map_err(error);
    }
    let bytes = bytes_named(image, "image").map_err(|_| {
        error("image must be bytes, bytearray, memoryview or a path (str or os.PathLike)")
    })?;
    py.detach(|| scan(&bytes, &options).map(|r| both(&r, html, None)))
        .map_err(error)
}

/// The JSON, and the page when asked (its title naming the file, if any).
fn both(r: &bitexact::scan::Report, html: bool, name: Option<&str>) -> (String, Option<String>) {
    let page = html.then(|| {
        let files: Vec<&str> = name.into_iter().collect();
        let source = bitexact::report::html::Source {
            command: "scan",
            files: &files,
        };
        bitexact::report::html::scan(r, &source)
    });
    (r.to_json(), page)
}

pub(crate) fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_scan_json, m)?)
}
