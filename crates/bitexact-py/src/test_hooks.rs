//! Test-only hooks (cargo feature `test-hooks`, off in a plain install):
//! a search whose worker panics, run through the same code as
//! `bitexact.recover` from the scheduler on ([`crate::stream::run`]), so a
//! test can see that a worker's panic raises `bitexact.Error` and never
//! returns fewer hits. No real kernel panics on any input, so a test needs
//! one that does.

use crate::stream::run;
use bitexact::recover::{Hit, Recovery, Searcher};
use pyo3::prelude::*;
use std::ops::Range;

/// Every seed divisible by 7 is a hit; the chunk holding `panic_at` panics.
#[derive(Debug)]
struct Panicking {
    panic_at: u64,
}

impl Searcher for Panicking {
    fn search(&self, seeds: Range<u64>) -> Vec<Hit> {
        if seeds.contains(&self.panic_at) {
            panic!("injected panic at seed {}", self.panic_at);
        }
        seeds
            .filter(|s| s % 7 == 0)
            .map(|seed| Hit { seed, offset: 0 })
            .collect()
    }
}

/// `_test_panic(first, end, panic_at, threads=None, max_hits=None)`: the
/// search above over `first..end`, as `recover` runs it.
#[pyfunction]
#[pyo3(signature = (first, end, panic_at, threads = None, max_hits = None))]
fn _test_panic<'py>(
    py: Python<'py>,
    first: u64,
    end: u64,
    panic_at: u64,
    threads: Option<&Bound<'py, PyAny>>,
    max_hits: Option<u64>,
) -> PyResult<Bound<'py, PyAny>> {
    let plan = crate::work::plan(threads, max_hits)?;
    let recovery = Recovery::search(Panicking { panic_at });
    run(py, &recovery, first..end, &plan, None)
}

pub(crate) fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_test_panic, m)?)
}
