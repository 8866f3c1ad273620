//! The vocabulary every front end shares (SPEC 6, 9, 11): engines by name,
//! taps by name with their arguments, and a [`Stream`] that draws through
//! one (needs `alloc`). The CLI's `stream` and `ledger`, the C ABI and the
//! Python package parse and dispatch here, so an engine added to the
//! library appears in all of them at once.
//!
//! ```
//! use bitexact::stream::{Engine, Options, Stream, Value};
//!
//! let mut s = Stream::new(Engine::Sots, 5489, Some("u32"), &Options::default()).unwrap();
//! assert_eq!(s.next(), (Value::U32(3_499_211_612), 1)); // the value and the words it spent
//! let mut w = Stream::new("westwood".parse().unwrap(), 1, Some("ranged:1,2147483647"), &Options::default()).unwrap();
//! assert_eq!(w.next().0, Value::I32(2_025_287_382)); // SPEC 4
//! assert!(Stream::new(Engine::Laige, 1, Some("range:5,5"), &Options::default()).is_err());
//! ```

mod draw;
pub mod num;
pub mod taps;

use crate::generals::GameRandom;
use crate::laige::Prng;
use crate::ledger::Call;
use crate::openra::MersenneTwister;
use crate::sots::Rng;
use crate::westwood::{Random2, Random3, Random4, RandomLcg};
use crate::x87::Precision;
use alloc::format;
use alloc::string::String;
pub use taps::{GeneralsTap, LaigeTap, OpenraTap, WwTap};

/// An engine family by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Engine {
    /// Sword of the Stars "Mars" (MT19937)
    Sots,
    /// The laige engine (xorshift128+)
    Laige,
    /// Westwood's WWLib classes ([`Options::class`])
    Westwood,
    /// OpenRA's `MersenneTwister`
    Openra,
    /// C&C Generals' `GameLogicRandom`
    Generals,
}

impl Engine {
    /// Every engine, in the order the docs list them.
    pub const ALL: [Engine; 5] = [
        Engine::Sots,
        Engine::Laige,
        Engine::Westwood,
        Engine::Openra,
        Engine::Generals,
    ];

    /// The engine's name (`sots`, `laige`, …).
    pub const fn name(self) -> &'static str {
        match self {
            Engine::Sots => "sots",
            Engine::Laige => "laige",
            Engine::Westwood => "westwood",
            Engine::Openra => "openra",
            Engine::Generals => "generals",
        }
    }

    /// The engine's default tap (its raw word).
    pub const fn default_tap(self) -> &'static str {
        match self {
            Engine::Sots => "u32",
            Engine::Laige => "u64",
            Engine::Westwood | Engine::Generals => "raw",
            Engine::Openra => "next",
        }
    }

    /// One past the largest seed: 2^64 − 1 (laige, whose seeds are 64-bit;
    /// the last seed is not searchable) or 2^32.
    pub const fn seed_space(self) -> u64 {
        match self {
            Engine::Laige => u64::MAX,
            _ => 1 << 32,
        }
    }
}

impl core::str::FromStr for Engine {
    type Err = StreamError;
    fn from_str(s: &str) -> Result<Self, StreamError> {
        Engine::ALL
            .into_iter()
            .find(|e| e.name() == s)
            .ok_or_else(|| {
                StreamError(format!(
                    "unknown engine '{s}' (expected sots, laige, westwood, openra or generals)"
                ))
            })
    }
}

/// A WWLib class (`westwood`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Class {
    /// `RandomClass`: the 15-bit LCG
    Random,
    /// `Random2Class`: the TS / RA2 / YR randomizer (the default)
    #[default]
    Random2,
    /// `Random3Class`: the pseudo-DES hash used directly
    Random3,
    /// `Random4Class`: MT19937 with the 1998 seeding
    Random4,
}

impl core::str::FromStr for Class {
    type Err = StreamError;
    fn from_str(s: &str) -> Result<Self, StreamError> {
        Ok(match s {
            "random" => Class::Random,
            "random2" => Class::Random2,
            "random3" => Class::Random3,
            "random4" => Class::Random4,
            _ => {
                return Err(StreamError(format!(
                    "unknown class '{s}' (expected random, random2, random3 or random4)"
                )))
            }
        })
    }
}

/// What else a stream needs beyond engine, seed and tap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// sots float taps' x87 precision model (default pc53).
    pub precision: Precision,
    /// laige: draw from `derive_substream(seed, id)`.
    pub substream: Option<u32>,
    /// westwood: the WWLib class (default Random2Class).
    pub class: Class,
}

/// A value one call produced.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// An unsigned 32-bit integer
    U32(u32),
    /// A signed 32-bit integer
    I32(i32),
    /// An unsigned 64-bit integer
    U64(u64),
    /// An f32
    F32(f32),
    /// An f64
    F64(f64),
    /// A boolean (`chance`)
    Bool(bool),
}

/// A bad engine, class, seed, tap or skip: the one-line message the CLI
/// prints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StreamError(pub String);

impl core::fmt::Display for StreamError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.0)
    }
}

impl core::error::Error for StreamError {}

/// A generator and its tap.
#[derive(Clone, Debug)]
enum Gen {
    Sots(Rng, Call),
    Laige(Prng, LaigeTap, u64),
    Random(RandomLcg, WwTap, u64),
    Random2(Random2, WwTap),
    Random3(Random3, WwTap, u64),
    Random4(Random4, WwTap),
    Openra(MersenneTwister, OpenraTap),
    Generals(GameRandom, GeneralsTap, u64),
}

/// A generator drawn through one tap: [`next`](Self::next) returns each
/// call's value and the raw words (draws) it spent. Bit-exact as the
/// generator's own methods are (it calls them).
#[derive(Clone, Debug)]
pub struct Stream {
    gen: Gen,
}

fn seed32(engine: Engine, seed: u64) -> Result<u32, StreamError> {
    u32::try_from(seed).map_err(|_| {
        StreamError(format!(
            "seed {seed} does not fit in 32 bits: {} seeds are 0..=4294967295",
            engine.name()
        ))
    })
}

impl Stream {
    /// `engine` seeded with `seed` (a 32-bit seed for every engine but laige;
    /// OpenRA's `int` seed as its bit pattern), drawn through `tap` (the
    /// engine's raw word when `None`).
    pub fn new(
        engine: Engine,
        seed: u64,
        tap: Option<&str>,
        options: &Options,
    ) -> Result<Stream, StreamError> {
        let tap = tap.unwrap_or(engine.default_tap());
        let e = |m: String| StreamError(m);
        let gen = match engine {
            Engine::Sots => Gen::Sots(
                Rng::with_precision(seed32(engine, seed)?, options.precision),
                taps::sots_tap(tap).map_err(e)?,
            ),
            Engine::Laige => Gen::Laige(
                Prng::derive_substream(seed, options.substream.unwrap_or(0)),
                taps::laige_tap(tap).map_err(e)?,
                0,
            ),
            Engine::Westwood => {
                let s = seed32(engine, seed)?;
                let t = taps::ww_tap(tap, options.class == Class::Random4).map_err(e)?;
                match options.class {
                    Class::Random => Gen::Random(RandomLcg::new(s), t, 0),
                    Class::Random2 => Gen::Random2(Random2::new(s), t),
                    Class::Random3 => Gen::Random3(Random3::new(s), t, 0),
                    Class::Random4 => Gen::Random4(Random4::new(s), t),
                }
            }
            Engine::Openra => Gen::Openra(
                MersenneTwister::new(seed32(engine, seed)? as i32),
                taps::openra_tap(tap).map_err(e)?,
            ),
            Engine::Generals => Gen::Generals(
                GameRandom::new(seed32(engine, seed)?),
                taps::generals_tap(tap).map_err(e)?,
                0,
            ),
        };
        Ok(Stream { gen })
    }

    /// The stream's engine.
    pub fn engine(&self) -> Engine {
        match &self.gen {
            Gen::Sots(..) => Engine::Sots,
            Gen::Laige(..) => Engine::Laige,
            Gen::Random(..) | Gen::Random2(..) | Gen::Random3(..) | Gen::Random4(..) => {
                Engine::Westwood
            }
            Gen::Openra(..) => Engine::Openra,
            Gen::Generals(..) => Engine::Generals,
        }
    }

    /// Draw through another tap from here on (a ledger script's next line):
    /// the generator and its position are kept. On error nothing changes.
    pub fn set_tap(&mut self, tap: &str) -> Result<(), StreamError> {
        let e = |m: String| StreamError(m);
        match &mut self.gen {
            Gen::Sots(_, c) => *c = taps::sots_tap(tap).map_err(e)?,
            Gen::Laige(_, t, _) => *t = taps::laige_tap(tap).map_err(e)?,
            Gen::Random(_, t, _) | Gen::Random2(_, t) | Gen::Random3(_, t, _) => {
                *t = taps::ww_tap(tap, false).map_err(e)?
            }
            Gen::Random4(_, t) => *t = taps::ww_tap(tap, true).map_err(e)?,
            Gen::Openra(_, t) => *t = taps::openra_tap(tap).map_err(e)?,
            Gen::Generals(_, t, _) => *t = taps::generals_tap(tap).map_err(e)?,
        }
        Ok(())
    }

    /// The entry points of this stream's engine, in the order a ledger
    /// reports them.
    pub fn entry_points(&self) -> &'static [&'static str] {
        match &self.gen {
            Gen::Sots(..) => &[
                "u32", "unit", "float", "int", "chance", "frange", "bell", "tnormal",
            ],
            Gen::Laige(..) => &["u64", "range", "float01"],
            Gen::Random(..) | Gen::Random2(..) | Gen::Random3(..) | Gen::Random4(..) => {
                &["raw", "ranged", "double", "float"]
            }
            Gen::Openra(..) => &["next", "range", "float"],
            Gen::Generals(..) => &["raw", "value", "real"],
        }
    }

    /// The engine's calls as a ledger script writes them, for messages
    /// (`raw, ranged MIN MAX, double`).
    pub fn call_forms(&self) -> &'static str {
        match &self.gen {
            Gen::Sots(..) => {
                "u32, unit, float, int N, chance P, frange LO HI, bell LO HI, tnormal-attempts K"
            }
            Gen::Laige(..) => "u64, range MIN MAX, float01",
            Gen::Random(..) | Gen::Random2(..) | Gen::Random3(..) => "raw, ranged MIN MAX, double",
            Gen::Random4(..) => "raw, ranged MIN MAX, double, float",
            Gen::Openra(..) => "next, range LO HI, float",
            Gen::Generals(..) => "raw, value LO HI, real LO HI",
        }
    }

    /// The tap's entry point (`u32`, `ranged`, `next`, …): what a ledger
    /// tallies it under.
    pub fn entry_point(&self) -> &'static str {
        match &self.gen {
            Gen::Sots(_, c) => c.entry_point().name(),
            Gen::Laige(_, t, _) => match t {
                LaigeTap::U64 => "u64",
                LaigeTap::Range(..) => "range",
                LaigeTap::Float01 => "float01",
            },
            Gen::Random(_, t, _)
            | Gen::Random2(_, t)
            | Gen::Random3(_, t, _)
            | Gen::Random4(_, t) => match t {
                WwTap::Raw => "raw",
                WwTap::Ranged(..) => "ranged",
                WwTap::Double => "double",
                WwTap::Float => "float",
            },
            Gen::Openra(_, t) => match t {
                OpenraTap::Next => "next",
                OpenraTap::Range(..) => "range",
                OpenraTap::Float => "float",
            },
            Gen::Generals(_, t, _) => match t {
                GeneralsTap::Raw => "raw",
                GeneralsTap::Value(..) => "value",
                GeneralsTap::Real(..) => "real",
            },
        }
    }

    /// Raw words (draws) spent since seeding.
    pub fn position(&self) -> u64 {
        match &self.gen {
            Gen::Sots(r, _) => r.position(),
            Gen::Random2(r, _) => r.position(),
            Gen::Random4(r, _) => r.position(),
            Gen::Openra(m, _) => m.total_count(),
            Gen::Laige(_, _, n) | Gen::Random(_, _, n) | Gen::Random3(_, _, n) => *n,
            Gen::Generals(_, _, n) => *n,
        }
    }
}
