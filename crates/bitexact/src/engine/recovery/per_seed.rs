//! The seed search every engine gets from its own taps ([`PerSeed`]): each
//! seed of the range seeded, stepped one raw word per offset, and the tap
//! called on a copy of it once per observed value — the engine's own
//! generator and call, so every hit is already a replay (SPEC 8) and the
//! search is bit-exact wherever the tap is.
//!
//! It is what [`Engine::recover`](crate::engine::Engine::recover) does for
//! an engine that declares a seed search ([`Info::recover`]) and writes no
//! faster one; engines whose arithmetic allows it keep their own vector
//! kernels (sots, westwood, generals, …), which the tests hold to the same
//! hits as this one.
//!
//! Cost: per seed, the seeding, `max_offset + 1` raw words and, at each
//! offset, a copy of the generator and one call (a second only when the
//! first matches): a few nanoseconds a seed and offset for the small
//! generators, 2^32 seeds in tens of seconds on two cores.

use super::error::QueryError;
use super::hit::Hit;
use super::setup::{check_setup, Searcher};
use crate::engine::tap::{TapSpec, Taps};
use crate::engine::{Engine, Info, Options, SeedKind, Value};
use crate::num::{self, NumError, NumKind};
use alloc::vec::Vec;
use core::marker::PhantomData;
use core::ops::Range;

/// The largest `max_offset` [`PerSeed`] takes (every seed is stepped that
/// far).
pub const MAX_OFFSET: u64 = 4096;

/// The search for values of one tap of engine `E`, seed by seed.
pub struct PerSeed<E: Engine> {
    tap: E::Tap,
    values: Vec<Value>,
    max_offset: u64,
    options: Options,
    engine: PhantomData<fn() -> E>,
}

impl<E: Engine> core::fmt::Debug for PerSeed<E> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PerSeed")
            .field("engine", &E::INFO.name)
            .field("tap", &self.tap)
            .field("values", &self.values)
            .field("max_offset", &self.max_offset)
            .finish()
    }
}

impl<E: Engine> PerSeed<E> {
    /// The search for `vals` (the CLI's notation, each read as the value
    /// the tap returns: an integer of its kind, a float by its bits, `true`
    /// or `false`) observed through `tap` from a raw word offset in
    /// `0..=max_offset` (`None`: 0), the generator seeded with `options`.
    ///
    /// Errors: a tap whose row is not [`TapSpec::recoverable`]
    /// ([`QueryError::NotThisTap`]) or whose values are not modelled, no
    /// values, a value that is not one ([`QueryError::Value`]), an offset
    /// bound past [`MAX_OFFSET`].
    pub fn new(
        tap: E::Tap,
        vals: &[&str],
        max_offset: Option<u64>,
        options: &Options,
    ) -> Result<PerSeed<E>, QueryError> {
        let spec: &'static TapSpec = &<E::Tap as Taps>::TABLE[tap.row()];
        if !spec.recoverable {
            return Err(QueryError::NotThisTap {
                tap: spec.name,
                why: "its values carry too little of each word",
                taps: E::INFO.taps,
            });
        }
        let max_offset = max_offset.unwrap_or(0);
        check_setup(vals.len(), max_offset, MAX_OFFSET)?;
        // What the tap returns, learnt from one call: every call of a tap
        // returns the same kind of value.
        let (kind, _) = E::call(&mut E::seeded(0, options), tap);
        let values = vals
            .iter()
            .enumerate()
            .map(|(index, v)| {
                value_like(kind, v.trim()).map_err(|error| QueryError::Value { index, error })
            })
            .collect::<Result<Vec<Value>, QueryError>>()?;
        if values.contains(&Value::Unmodelled) {
            return Err(QueryError::NotThisTap {
                tap: spec.name,
                why: "its values are not modelled",
                taps: E::INFO.taps,
            });
        }
        Ok(PerSeed {
            tap,
            values,
            max_offset,
            options: *options,
            engine: PhantomData,
        })
    }

    /// Whether the calls from `gen` give the values.
    fn matches(&self, mut gen: E::Gen) -> bool {
        self.values
            .iter()
            .all(|want| same(E::call(&mut gen, self.tap).0, *want))
    }
}

impl<E: Engine> Searcher for PerSeed<E> {
    /// Every hit whose seed lies in `seeds` (clamped to the engine's seeds),
    /// in seed order, offsets ascending.
    fn search(&self, seeds: Range<u64>) -> Vec<Hit> {
        let end = match E::INFO.seed {
            SeedKind::U32 | SeedKind::I32 => seeds.end.min(1 << 32),
            SeedKind::U64 => seeds.end,
        };
        let mut hits = Vec::new();
        for seed in seeds.start..end {
            let mut gen = E::seeded(seed, &self.options);
            for offset in 0..=self.max_offset {
                if self.matches(gen.clone()) {
                    hits.push(Hit { seed, offset });
                }
                E::word(&mut gen);
            }
        }
        hits
    }
}

/// `text` read as a value of `kind`'s variant.
fn value_like(kind: Value, text: &str) -> Result<Value, NumError> {
    Ok(match kind {
        Value::U32(_) => Value::U32(num::parse_u32(text)?),
        Value::I32(_) => Value::I32(num::parse_i32(text)?),
        Value::U64(_) => Value::U64(num::parse_u64(text)?),
        Value::F32(_) => Value::F32(num::parse_f32(text)?),
        Value::F64(_) => Value::F64(num::parse_f64(text)?),
        Value::Bool(_) => match text {
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            _ => {
                return Err(NumError::new(
                    text,
                    NumKind::NotANumber {
                        expected: "true or false",
                    },
                ))
            }
        },
        Value::Unmodelled => Value::Unmodelled,
    })
}

/// Equal values, floats by their bits (a NaN matches its own bits).
fn same(a: Value, b: Value) -> bool {
    match (a, b) {
        (Value::F32(x), Value::F32(y)) => x.to_bits() == y.to_bits(),
        (Value::F64(x), Value::F64(y)) => x.to_bits() == y.to_bits(),
        _ => a == b,
    }
}

/// The default [`Engine::recover`]: a [`PerSeed`] search when the engine
/// declares one ([`Info::recover`]), else [`QueryError::NotRecoverable`].
pub(crate) fn default_recovery<E: Engine>(
    tap: E::Tap,
    vals: &[&str],
    max_offset: Option<u64>,
    options: &Options,
) -> Result<super::Recovery, QueryError> {
    let info: &Info = &E::INFO;
    match info.recover {
        Some(_) => Ok(super::Recovery::search(PerSeed::<E>::new(
            tap, vals, max_offset, options,
        )?)),
        None => Err(QueryError::NotRecoverable { engine: info.title }),
    }
}
