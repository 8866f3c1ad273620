//! Recovery by name (SPEC 9): an engine, a tap as text and the observed
//! values as text, turned into the right engine's search — the one place the
//! CLI, the C ABI and the Python package set a recovery up. Messages are
//! the CLI's one-line errors.
//!
//! A [`Query`] searches one range of seeds single-threaded
//! ([`Query::search`]); callers split the seed space over threads. With 624
//! or more raw sots outputs there is no search at all
//! ([`Query::direct_hits`]).

use super::Hit;
use crate::generals::recover as generals;
use crate::laige::recover as laige;
use crate::openra::recover as openra;
use crate::sots::recover as sots;
use crate::stream::num::{self, parse_tap_pair};
use crate::stream::{taps, Class, Engine, GeneralsTap, OpenraTap, Options, WwTap};
use crate::westwood::recover as westwood;
use crate::westwood::recover_classes as wwlib;
use crate::westwood::{Random3, Random4, RandomLcg};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

/// The default offset bound with 624 raw sots outputs: as far back as
/// `identify` walks by default (100 000 twists, 62.4 million words).
pub const DEFAULT_OUTPUTS_OFFSET: u64 = crate::sots::DEFAULT_MAX_TWISTS * crate::mt19937::N as u64;

/// The largest offset bound with 624 raw sots outputs (about 10 s).
pub const MAX_OUTPUTS_OFFSET: u64 = 1_000_000_000;

/// A recovery that cannot be set up: the CLI's one-line message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryError(pub String);

impl core::fmt::Display for QueryError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.0)
    }
}

impl core::error::Error for QueryError {}

impl From<super::RecoverError> for QueryError {
    fn from(e: super::RecoverError) -> Self {
        QueryError(format!("{e}"))
    }
}

impl From<String> for QueryError {
    fn from(e: String) -> Self {
        QueryError(e)
    }
}

#[derive(Clone, Debug)]
enum Kind {
    Sots(sots::Search),
    /// 624+ raw outputs and the offset bound: no search.
    SotsOutputs(Vec<u32>, u64),
    Laige(laige::Search),
    Westwood(westwood::Search),
    Random(wwlib::Search<RandomLcg>),
    Random3(wwlib::Search<Random3>),
    Random4(wwlib::Search<Random4>),
    Openra(openra::Search),
    Generals(generals::Search),
}

/// A recovery set up from names: which seeds produce the values.
#[derive(Clone, Debug)]
pub struct Query {
    engine: Engine,
    kind: Kind,
}

/// An f64 given as a decimal or as `0x` + 16 hex digits.
pub fn parse_f64(s: &str) -> Result<f64, String> {
    if let Some(hex) = s.strip_prefix("0x") {
        if hex.len() == 16 {
            return u64::from_str_radix(hex, 16)
                .map(f64::from_bits)
                .map_err(|_| format!("'{s}' is not valid hex"));
        }
        return Err(format!("'{s}': a double in hex is 0x + 16 hex digits"));
    }
    s.parse::<f64>()
        .map_err(|_| format!("'{s}' is not a number"))
}

/// A `double()` value as the integer `k` of `k / 2^31` it is: printed
/// values are rounded (seed 002 prints 15 digits), so the nearest `k / 2^31`
/// within 2^-33 is taken.
pub fn parse_double_value(v: &str) -> Result<i32, String> {
    let d = parse_f64(v)?;
    let k = libm_round(d * 2_147_483_648.0);
    if (1.0..2_147_483_648.0).contains(&k)
        && (d - k / 2_147_483_648.0).abs() < 1.0 / 8_589_934_592.0
    {
        Ok(k as i32)
    } else {
        Err(format!(
            "{v} is not a value double() returns (k / 2^31 for k in 1..2^31)"
        ))
    }
}

/// Round half away from zero (`f64::round` is not in `core`).
fn libm_round(x: f64) -> f64 {
    let t = x as i64 as f64; // truncation: |x| < 2^63 here
    let r = x - t;
    if r >= 0.5 {
        t + 1.0
    } else if r <= -0.5 {
        t - 1.0
    } else {
        t
    }
}

/// Parse every value with `parse`, naming `--values` in errors.
fn values<T>(
    values: &[&str],
    parse: impl Fn(&str) -> Result<T, String>,
) -> Result<Vec<T>, QueryError> {
    values
        .iter()
        .map(|v| parse(v.trim()).map_err(|e| QueryError(format!("--values: {e}"))))
        .collect()
}

impl Query {
    /// Set up a recovery of `engine` (with `options`: precision, class) for
    /// `values` observed through `tap` (the engine's raw word when `None`),
    /// starting at an offset in `0..=max_offset` (default 0; with 624+ raw
    /// sots outputs, [`DEFAULT_OUTPUTS_OFFSET`]).
    pub fn new(
        engine: Engine,
        options: &Options,
        tap: Option<&str>,
        vals: &[&str],
        max_offset: Option<u64>,
    ) -> Result<Query, QueryError> {
        let tap = tap.unwrap_or(engine.default_tap());
        let k = max_offset.unwrap_or(0);
        let unknown = |taps: &str| {
            QueryError(format!(
                "unknown tap '{tap}' for recover (expected one of {taps})"
            ))
        };
        let (name, arg) = match tap.split_once(':') {
            Some((n, a)) => (n, Some(a)),
            None => (tap, None),
        };
        let no_arg = |t: &str| match arg {
            None => Ok(()),
            Some(_) => Err(QueryError(format!("--tap {t} takes no argument"))),
        };
        let kind = match engine {
            Engine::Sots => {
                use sots::Tap;
                let p = options.precision;
                let tap = match (name, arg) {
                    ("u32", _) => no_arg("u32").map(|_| Tap::U32)?,
                    ("unit", _) => no_arg("unit").map(|_| Tap::Unit)?,
                    ("float", _) => no_arg("float").map(|_| Tap::Float(p))?,
                    ("int", Some(a)) => Tap::IntInclusive(
                        num::parse_u32(a).map_err(|e| QueryError(format!("--tap int: {e}")))?,
                    ),
                    ("frange", Some(a)) => {
                        let (lo, hi) = parse_tap_pair(tap, a, "frange:LO,HI", num::parse_f32)?;
                        Tap::FloatRange(lo, hi, p)
                    }
                    ("chance" | "bell", _) => {
                        return Err(QueryError(format!(
                            "--tap {name} cannot be recovered from: its values carry too little of each word (use u32, unit, float, int:N or frange:LO,HI)"
                        )))
                    }
                    _ => return Err(unknown("u32, unit, float, int:N, frange:LO,HI")),
                };
                let v: Vec<u64> = match tap {
                    Tap::U32 | Tap::IntInclusive(_) => {
                        values(vals, |v| num::parse_u32(v).map(u64::from))?
                    }
                    Tap::Unit => values(vals, |v| parse_f64(v).map(f64::to_bits))?,
                    Tap::Float(_) | Tap::FloatRange(..) => {
                        values(vals, |v| num::parse_f32(v).map(|f| f.to_bits().into()))?
                    }
                };
                if tap == Tap::U32 && v.len() >= crate::mt19937::N {
                    let bound = max_offset.unwrap_or(DEFAULT_OUTPUTS_OFFSET);
                    if bound > MAX_OUTPUTS_OFFSET {
                        return Err(QueryError(format!(
                            "--max-offset {bound} is over the limit of {MAX_OUTPUTS_OFFSET} for 624 outputs"
                        )));
                    }
                    Kind::SotsOutputs(v.iter().map(|&x| x as u32).collect(), bound)
                } else {
                    Kind::Sots(sots::Search::new(tap, v, k)?)
                }
            }
            Engine::Laige => {
                use laige::Tap;
                let tap = match (name, arg) {
                    ("u64", _) => no_arg("u64").map(|_| Tap::U64)?,
                    ("float01", _) => no_arg("float01").map(|_| Tap::Float01)?,
                    ("range", Some(a)) => {
                        let (lo, hi) = parse_tap_pair(tap, a, "range:LO,HI", num::parse_u32)?;
                        Tap::range(lo, hi)?
                    }
                    _ => return Err(unknown("u64, range:MIN,MAX, float01")),
                };
                let v: Vec<u64> = match tap {
                    Tap::Float01 => {
                        values(vals, |v| num::parse_f32(v).map(|f| f.to_bits().into()))?
                    }
                    _ => values(vals, num::parse_u64)?,
                };
                Kind::Laige(laige::Search::new(tap, v, k)?)
            }
            Engine::Westwood if options.class == Class::Random2 => {
                use westwood::Tap;
                let tap = match (name, arg) {
                    ("raw", _) => no_arg("raw").map(|_| Tap::Raw)?,
                    ("double", _) => no_arg("double").map(|_| Tap::double())?,
                    ("ranged", Some(a)) => {
                        let (lo, hi) = parse_tap_pair(tap, a, "ranged:LO,HI", num::parse_i32)?;
                        Tap::ranged(lo, hi)?
                    }
                    _ => return Err(unknown("raw, ranged:MIN,MAX, double")),
                };
                let v = if name == "double" {
                    values(vals, parse_double_value)?
                } else {
                    values(vals, num::parse_i32)?
                };
                Kind::Westwood(westwood::Search::new(tap, v, k)?)
            }
            Engine::Westwood => {
                let t = taps::ww_tap(tap, options.class == Class::Random4)?;
                let v: Vec<u32> = match t {
                    WwTap::Raw | WwTap::Ranged(..) => {
                        values(vals, |v| num::parse_i32(v).map(|x| x as u32))?
                    }
                    WwTap::Double => values(vals, |v| parse_double_value(v).map(|x| x as u32))?,
                    WwTap::Float => values(vals, |v| num::parse_f32(v).map(f32::to_bits))?,
                };
                fn lib<G: wwlib::Class>(t: WwTap) -> Result<wwlib::Tap<G>, QueryError> {
                    Ok(match t {
                        WwTap::Raw => wwlib::Tap::Raw,
                        WwTap::Ranged(lo, hi) => wwlib::Tap::ranged(lo, hi)?,
                        WwTap::Double => wwlib::Tap::double(),
                        WwTap::Float => wwlib::Tap::float()?,
                    })
                }
                match options.class {
                    Class::Random => Kind::Random(wwlib::Search::new(lib(t)?, v, k)?),
                    Class::Random3 => Kind::Random3(wwlib::Search::new(lib(t)?, v, k)?),
                    Class::Random4 => Kind::Random4(wwlib::Search::new(lib(t)?, v, k)?),
                    Class::Random2 => unreachable!("handled above"),
                }
            }
            Engine::Openra => {
                if taps::openra_tap(tap)? != OpenraTap::Next {
                    return Err(QueryError(
                        "--tap: only next can be recovered from (Next(low, high) and NextFloat keep too little of each word)".into(),
                    ));
                }
                Kind::Openra(openra::Search::new(values(vals, num::parse_i32)?, k)?)
            }
            Engine::Generals => {
                let (t, v) = match taps::generals_tap(tap)? {
                    GeneralsTap::Raw => (generals::Tap::Raw, values(vals, num::parse_u32)?),
                    GeneralsTap::Value(lo, hi) => (
                        generals::Tap::value(lo, hi)?,
                        values(vals, |v| num::parse_i32(v).map(|x| x as u32))?,
                    ),
                    GeneralsTap::Real(lo, hi) => (
                        generals::Tap::real(lo, hi)?,
                        values(vals, |v| num::parse_f32(v).map(f32::to_bits))?,
                    ),
                };
                Kind::Generals(generals::Search::new(t, v, k)?)
            }
        };
        Ok(Query { engine, kind })
    }

    /// The engine searched.
    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// One past the largest seed ([`Engine::seed_space`]).
    pub fn seed_space(&self) -> u64 {
        self.engine.seed_space()
    }

    /// With 624+ raw sots outputs: the hits within `seeds`, found with no
    /// search, and the offset bound walked; `None` for every other query.
    pub fn direct_hits(&self, seeds: Range<u64>) -> Option<(Vec<Hit>, u64)> {
        match &self.kind {
            Kind::SotsOutputs(words, bound) => {
                let mut hits: Vec<Hit> = sots::from_outputs(words, *bound)
                    .into_iter()
                    .filter(|h| seeds.contains(&h.seed))
                    .collect();
                hits.sort_unstable();
                Some((hits, *bound))
            }
            _ => None,
        }
    }

    /// Seeds per chunk for a scheduler: about a millisecond of this search's
    /// work on one core.
    pub fn seeds_per_chunk(&self, max_offset: u64) -> u64 {
        let per = |ns: u64| ((1u64 << 20) / ns.max(1) / (max_offset + 1)).max(64);
        match &self.kind {
            Kind::Sots(_) | Kind::Openra(_) => 1 << 17,
            Kind::SotsOutputs(..) => 1 << 32,
            Kind::Laige(_) | Kind::Westwood(_) => per(1),
            Kind::Random(_) => per(2),
            Kind::Random3(_) | Kind::Random4(_) => per(4),
            Kind::Generals(_) => per(3),
        }
    }

    /// Every hit among `seeds`, in seed order (single-threaded; for 624+
    /// outputs, [`direct_hits`](Self::direct_hits)).
    pub fn search(&self, seeds: Range<u64>) -> Vec<Hit> {
        match &self.kind {
            Kind::Sots(s) => s.search(seeds),
            Kind::SotsOutputs(..) => self.direct_hits(seeds).map(|(h, _)| h).unwrap_or_default(),
            Kind::Laige(s) => s.search(seeds),
            Kind::Westwood(s) => s.search(seeds),
            Kind::Random(s) => s.search(seeds),
            Kind::Random3(s) => s.search(seeds),
            Kind::Random4(s) => s.search(seeds),
            Kind::Openra(s) => s.search(seeds),
            Kind::Generals(s) => s.search(seeds),
        }
    }
}
