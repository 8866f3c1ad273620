//! `stream`, one argument set per engine family: the shared options are
//! flattened in, the engine's own are listed beside them, and nothing else
//! is accepted. (`state` and `recover` are in their own files.)

use super::PrecisionArg;
use crate::num;
use crate::out::Format;
use clap::{Args, Subcommand};

/// The options every stream takes.
#[derive(Args, Debug)]
pub struct StreamCommon {
    /// What to draw (see Taps below); default: the engine's raw word
    #[arg(long)]
    pub tap: Option<String>,
    /// Calls to print
    #[arg(long, default_value = "10", value_parser = num::parse_u64)]
    pub count: u64,
    /// Calls of the tap to make, unprinted, first (at most 10^10 words, about
    /// 5 s; Generals, which cannot jump, 2.5·10^9; a tap that can reject words
    /// is skipped call by call, at most 10^8 calls)
    #[arg(long, default_value = "0", value_parser = num::parse_u64)]
    pub skip: u64,
    /// Output format
    #[arg(long, value_enum, default_value = "dec")]
    pub format: Format,
}

/// A stream's `after_help`: its taps, then the formats (`hex` worded per
/// engine) with the unit its `words` field counts.
macro_rules! stream_help {
    ($taps:literal, $hex:literal, $unit:literal) => {
        concat!(
            $taps,
            "\n\nFormats:\n  ",
            "dec   one value per line; integers in decimal, floats in shortest round-trip form\n  ",
            "hex   ",
            $hex,
            "\n  ",
            "json  {\"i\":CALL,\"value\":V,\"bits\":\"0x…\" (floats only),\"words\":",
            $unit,
            " SPENT}; i counts calls from the start of the stream, skipped ones included"
        )
    };
}

#[derive(Subcommand, Debug)]
pub enum StreamCommand {
    /// Sword of the Stars "Mars": MT19937 and its draw mappings
    #[command(after_help = SOTS_STREAM_HELP)]
    Sots(SotsStream),
    /// The laige engine: xorshift128+ with splitmix64 seeding and substreams
    #[command(after_help = LAIGE_STREAM_HELP)]
    Laige(LaigeStream),
    /// Westwood's WWLib classes (--class): Random2Class, the TS / RA2 / YR randomizer, by default
    #[command(after_help = WESTWOOD_STREAM_HELP)]
    Westwood(WestwoodStream),
    /// OpenRA's MersenneTwister (SharedRandom): Next, Next(low, high), NextFloat
    #[command(after_help = OPENRA_STREAM_HELP)]
    Openra(OpenraStream),
    /// C&C Generals / Zero Hour GameLogicRandom: the six-word add-with-carry generator
    #[command(after_help = GENERALS_STREAM_HELP)]
    Generals(GeneralsStream),
}

const OPENRA_STREAM_HELP: &str = stream_help!(
    "Taps: next (default; Next(), 0..=2147483646), range:LO,HI (Next(LO, HI): LO + Next() % (HI - LO); \
     no draw when HI - LO <= 1), float (NextFloat(): f32(Next()) / 2^31)",
    "integers as 0x + 8 hex digits; floats as their IEEE bits",
    "DRAWS"
);

const GENERALS_STREAM_HELP: &str = stream_help!(
    "Taps: raw (default), value:LO,HI (inclusive; no draw when HI - LO + 1 wraps to 0), \
     real:LO,HI (no draw when HI - LO <= 0)",
    "integers as 0x + 8 hex digits; floats as their IEEE bits",
    "DRAWS"
);

#[derive(Args, Debug)]
#[command(allow_negative_numbers = true)]
pub struct OpenraStream {
    /// Seed: an int32, as OpenRA writes it (-2147483648..=2147483647) or as its bits (..=4294967295)
    #[arg(long, value_parser = crate::engines::openra::parse_seed, allow_hyphen_values = true)]
    pub seed: i32,
    #[command(flatten)]
    pub common: StreamCommon,
}

#[derive(Args, Debug)]
#[command(allow_negative_numbers = true)]
pub struct GeneralsStream {
    /// Seed (32-bit)
    #[arg(long, value_parser = num::parse_u32)]
    pub seed: u32,
    #[command(flatten)]
    pub common: StreamCommon,
}

const SOTS_STREAM_HELP: &str = stream_help!(
    "Taps: u32 (default), unit, float, int:N (0..=N), chance:P, frange:LO,HI, bell:LO,HI",
    "integers as 0x + 8 hex digits; floats as their IEEE bits",
    "WORDS"
);

const LAIGE_STREAM_HELP: &str = stream_help!(
    "Taps: u64 (default), range:MIN,MAX (half-open [MIN, MAX)), float01",
    "integers as 0x + 16 (u64) or 8 (u32) hex digits; floats as their IEEE bits",
    "DRAWS"
);

const WESTWOOD_STREAM_HELP: &str = stream_help!(
    "Taps: raw (default; signed, as the games read it), ranged:MIN,MAX (inclusive), double, \
     float (Random4Class's Get_Float)\n\n\
     Classes: random2 (default: Random2Class, the TS/RA2/YR randomizer), random \
     (RandomClass, 15 bits), random3 (Random3Class), random4 (Random4Class)",
    "integers as 0x + 8 hex digits; floats as their IEEE bits",
    "DRAWS"
);

#[derive(Args, Debug)]
#[command(allow_negative_numbers = true)]
pub struct SotsStream {
    /// Seed (32-bit)
    #[arg(long, value_parser = num::parse_u32)]
    pub seed: u32,
    #[command(flatten)]
    pub common: StreamCommon,
    /// x87 precision model for float taps
    #[arg(long, value_enum, default_value = "pc53")]
    pub precision: PrecisionArg,
}

#[derive(Args, Debug)]
#[command(allow_negative_numbers = true)]
pub struct LaigeStream {
    /// Seed (64-bit)
    #[arg(long, value_parser = num::parse_u64)]
    pub seed: u64,
    #[command(flatten)]
    pub common: StreamCommon,
    /// Substream id: draw from derive_substream(seed, ID)
    #[arg(long, value_parser = num::parse_u32)]
    pub substream: Option<u32>,
}

#[derive(Args, Debug)]
#[command(allow_negative_numbers = true)]
pub struct WestwoodStream {
    /// Seed (32-bit)
    #[arg(long, value_parser = num::parse_u32)]
    pub seed: u32,
    #[command(flatten)]
    pub common: StreamCommon,
    /// The WWLib class
    #[arg(long, value_enum, default_value = "random2")]
    pub class: WwClass,
}

impl From<WwClass> for bitexact::stream::Class {
    fn from(c: WwClass) -> Self {
        match c {
            WwClass::Random => Self::Random,
            WwClass::Random2 => Self::Random2,
            WwClass::Random3 => Self::Random3,
            WwClass::Random4 => Self::Random4,
        }
    }
}

/// `--class`: a WWLib generator class (SPEC 4, 11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum WwClass {
    /// RandomClass: the 15-bit LCG (TD/RA1; default seed 0)
    Random,
    /// Random2Class: the TS/RA2/YR randomizer (250-word lagged XOR seeded by Random3Class)
    Random2,
    /// Random3Class: the pseudo-DES hash of (seed, index), used directly
    Random3,
    /// Random4Class: MT19937 with the 1998 seeding (0 becomes 4375)
    Random4,
}
