//! `bitexact.Error` ([`Error`], a `ValueError`) and how Python names the
//! library's parameters in its messages ([`NAMES`]).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// How Python names the library's parameters: every library error a call
/// raises names its arguments through this one table.
pub(crate) const NAMES: bitexact::params::ParamNames = bitexact::params::ParamNames {
    tap: "tap",
    values: "values",
    max_offset: "max_offset",
    skip: "skip",
    threads: "threads",
    max_hits: "max_hits",
    class: |c| format!("class_='{c}'"),
};

pyo3::create_exception!(
    bitexact,
    Error,
    PyValueError,
    "Bad input to a bitexact call (a ValueError): the message is the CLI's one-line message."
);

/// A `bitexact.Error` carrying `msg` (the library's `Display` text).
pub(crate) fn error(msg: impl std::fmt::Display) -> PyErr {
    Error::new_err(msg.to_string())
}
