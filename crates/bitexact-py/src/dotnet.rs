//! `bitexact.dotnet`: .NET's seeded `System.Random`.

use crate::class::py_class;
use crate::{int_arg, I32};
use bitexact::dotnet::engine::{Dotnet, MAX_WORDS};
use bitexact::dotnet::{self, Random};
use pyo3::prelude::*;

/// .NET's `new Random(seed)` (Framework, Mono, .NET Core's seeded
/// `Net5CompatSeedImpl`): Knuth's subtractive generator as Microsoft wrote
/// it. Seeds s and -s give one stream.
///
/// Bit-exact: every call (integer steps; each float step one IEEE double
/// operation, as the .NET JITs). next_u32, next, next_max, next_double and
/// next_byte spend one draw; next_range one, or two when max - min exceeds
/// 2147483647.
#[pyclass(name = "Random", module = "bitexact.dotnet", eq)]
#[derive(Clone, PartialEq)]
pub struct DotnetRandom(Random);

py_class! {
    DotnetRandom(Dotnet) "bitexact.dotnet.Random", |g| format!("cursors={:?}", g.cursors());
    fill fill;
    discard draws;
    states max_draws;
    {
        #[new]
        fn new(seed: &Bound<'_, PyAny>) -> PyResult<Self> {
            Ok(Self(Random::new(int_arg(seed, "seed", I32)?)))
        }

        /// `Next()`: one draw, 0..=2147483646. 1 draw.
        fn next_u32(&mut self) -> u32 {
            self.0.next() as u32
        }

        /// `Next()`, as the int .NET returns. 1 draw.
        fn next(&mut self) -> i32 {
            self.0.next()
        }

        /// `Next(max)`: `(int)(Sample() * max)`. bitexact.Error for a
        /// negative max (where .NET throws), no draw spent. 1 draw.
        fn next_max(&mut self, max: &Bound<'_, PyAny>) -> PyResult<i32> {
            let max = int_arg(max, "max", I32)?;
            self.0
                .next_max(max)
                .ok_or_else(|| crate::error(format!("Next(max) with a negative max ({max}): .NET throws")))
        }

        /// `Next(min, max)`: in min..max (min when equal). bitexact.Error
        /// when min > max (where .NET throws), no draw spent.
        fn next_range(&mut self, min: &Bound<'_, PyAny>, max: &Bound<'_, PyAny>) -> PyResult<i32> {
            let min = int_arg(min, "min", I32)?;
            let max = int_arg(max, "max", I32)?;
            self.0.next_range(min, max).ok_or_else(|| {
                crate::error(format!("Next(min, max) with min {min} above max {max}: .NET throws"))
            })
        }

        /// `NextDouble()`: the draw times 1 / 2147483647. 1 draw.
        fn next_double(&mut self) -> f64 {
            self.0.next_double()
        }

        /// `NextBytes` of a one-byte buffer: the draw % 256. 1 draw.
        fn next_byte(&mut self) -> u8 {
            let mut b = [0u8];
            self.0.next_bytes(&mut b);
            b[0]
        }

        /// The cursors (inext, inextp).
        #[getter]
        fn cursors(&self) -> (i32, i32) {
            self.0.cursors()
        }
    }
}

pub(crate) fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<DotnetRandom>()?;
    m.add("DEFAULT_MAX_DRAWS", dotnet::DEFAULT_MAX_WORDS)?;
    m.add("MAX_DRAWS", MAX_WORDS)?;
    Ok(())
}
