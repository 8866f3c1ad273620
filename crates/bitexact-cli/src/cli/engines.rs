//! `stream`, `state save|identify|diff` and `recover`, one argument set per
//! engine family: the shared options are flattened in, the engine's own are
//! listed beside them, and nothing else is accepted.

use super::{Layout, PrecisionArg};
use crate::num;
use crate::out::Format;
use clap::{Args, Subcommand};
use std::path::PathBuf;

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
    /// 5 s; a tap that can reject words is skipped call by call, at most 10^8 calls)
    #[arg(long, default_value = "0", value_parser = num::parse_u64)]
    pub skip: u64,
    /// Output format
    #[arg(long, value_enum, default_value = "dec")]
    pub format: Format,
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

const OPENRA_STREAM_HELP: &str =
    "Taps: next (default; Next(), 0..=2147483646), range:LO,HI (Next(LO, HI): LO + Next() % (HI - LO); \
     no draw when HI - LO <= 1), float (NextFloat(): f32(Next()) / 2^31)\n\n\
     Formats:\n  \
     dec   one value per line; integers in decimal, floats in shortest round-trip form\n  \
     hex   integers as 0x + 8 hex digits; floats as their IEEE bits\n  \
     json  {\"i\":CALL,\"value\":V,\"bits\":\"0x…\" (floats only),\"words\":DRAWS SPENT}; \
     i counts calls from the start of the stream, skipped ones included";

const GENERALS_STREAM_HELP: &str =
    "Taps: raw (default), value:LO,HI (inclusive; no draw when HI - LO + 1 wraps to 0), \
     real:LO,HI (no draw when HI - LO <= 0)\n\n\
     Formats:\n  \
     dec   one value per line; integers in decimal, floats in shortest round-trip form\n  \
     hex   integers as 0x + 8 hex digits; floats as their IEEE bits\n  \
     json  {\"i\":CALL,\"value\":V,\"bits\":\"0x…\" (floats only),\"words\":DRAWS SPENT}; \
     i counts calls from the start of the stream, skipped ones included";

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

const SOTS_STREAM_HELP: &str =
    "Taps: u32 (default), unit, float, int:N (0..=N), chance:P, frange:LO,HI, bell:LO,HI\n\n\
     Formats:\n  \
     dec   one value per line; integers in decimal, floats in shortest round-trip form\n  \
     hex   integers as 0x + 8 hex digits; floats as their IEEE bits\n  \
     json  {\"i\":CALL,\"value\":V,\"bits\":\"0x…\" (floats only),\"words\":WORDS SPENT}; \
     i counts calls from the start of the stream, skipped ones included";

const LAIGE_STREAM_HELP: &str =
    "Taps: u64 (default), range:MIN,MAX (half-open [MIN, MAX)), float01\n\n\
     Formats:\n  \
     dec   one value per line; integers in decimal, floats in shortest round-trip form\n  \
     hex   integers as 0x + 16 (u64) or 8 (u32) hex digits; floats as their IEEE bits\n  \
     json  {\"i\":CALL,\"value\":V,\"bits\":\"0x…\" (floats only),\"words\":DRAWS SPENT}; \
     i counts calls from the start of the stream, skipped ones included";

const WESTWOOD_STREAM_HELP: &str =
    "Taps: raw (default; signed, as the games read it), ranged:MIN,MAX (inclusive), double, \
     float (Random4Class's Get_Float)\n\n\
     Classes: random2 (default: Random2Class, the TS/RA2/YR randomizer), random \
     (RandomClass, 15 bits), random3 (Random3Class), random4 (Random4Class)\n\n\
     Formats:\n  \
     dec   one value per line; integers in decimal, floats in shortest round-trip form\n  \
     hex   integers as 0x + 8 hex digits; floats as their IEEE bits\n  \
     json  {\"i\":CALL,\"value\":V,\"bits\":\"0x…\" (floats only),\"words\":DRAWS SPENT}; \
     i counts calls from the start of the stream, skipped ones included";

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

#[derive(Subcommand, Debug)]
pub enum StateCommand {
    /// Write the state a seed reaches after some words
    #[command(subcommand)]
    Save(SaveCommand),
    /// Find a state file's seed and the words drawn since seeding
    #[command(subcommand)]
    Identify(IdentifyCommand),
    /// Words drawn from state A to state B of the same stream (B minus A; exit 1 if B is
    /// not reachable from A within the bound)
    #[command(subcommand)]
    Diff(DiffCommand),
    /// Print a state file's fields (no search)
    #[command(subcommand)]
    Show(ShowCommand),
    /// Rewrite a Westwood object in the other game's layout
    #[command(subcommand)]
    Convert(ConvertCommand),
}

#[derive(Subcommand, Debug)]
pub enum ShowCommand {
    /// The RNG item: left, the next word's index, the first and last words
    Sots {
        /// The RNG item (2500 or 2503 bytes; - for stdin)
        file: PathBuf,
        /// Print one JSON object
        #[arg(long)]
        json: bool,
    },
    /// The 24-byte state: seed, part1, part2
    Laige {
        /// The state file (- for stdin)
        file: PathBuf,
        /// Print one JSON object
        #[arg(long)]
        json: bool,
    },
    /// Random2Class: layout, disabled flag, cursors and whether they are regular, first and
    /// last table words; --class random4: mti, first and last words
    Westwood {
        /// The object (- for stdin)
        file: PathBuf,
        /// Byte layout (default: the one the file's length names)
        #[arg(long, value_enum)]
        layout: Option<Layout>,
        /// The WWLib class
        #[arg(long, value_enum, default_value = "random2")]
        class: StateClass,
        /// Print one JSON object
        #[arg(long)]
        json: bool,
    },
    /// The six words s0..s5
    Generals {
        /// The 24-byte state file (- for stdin)
        file: PathBuf,
        /// Print one JSON object
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand, Debug)]
pub enum ConvertCommand {
    /// A Random2Class object from TS to RA2/YR layout or back (same stream, same position)
    #[command(
        after_help = "RA2 -> TS refuses an object whose disabled flag is set (TS cannot \
        store it) unless --drop-flag is given, which writes it enabled."
    )]
    Westwood {
        /// The object (- for stdin)
        file: PathBuf,
        /// The layout to write
        #[arg(long, value_enum)]
        to: Layout,
        /// The input's layout (default: the one the file's length names)
        #[arg(long, value_enum)]
        layout: Option<Layout>,
        /// Output file (- for stdout)
        #[arg(short = 'o', long = "output")]
        output: PathBuf,
        /// RA2 -> TS: write a disabled object as enabled instead of refusing
        #[arg(long)]
        drop_flag: bool,
    },
}

/// The options every `state save` takes.
#[derive(Args, Debug)]
#[command(allow_negative_numbers = true)]
pub struct SaveCommon {
    /// Words to draw before saving (sots: 32-bit words; laige, westwood: raw draws)
    #[arg(long, default_value = "0", value_parser = num::parse_u64)]
    pub skip_words: u64,
    /// Output file (- for stdout)
    #[arg(short = 'o', long = "output")]
    pub output: PathBuf,
}

#[derive(Subcommand, Debug)]
pub enum SaveCommand {
    /// The save's RNG item: 624 words and left, 2500 bytes
    Sots {
        /// Seed (32-bit)
        #[arg(long, value_parser = num::parse_u32)]
        seed: u32,
        #[command(flatten)]
        common: SaveCommon,
    },
    /// 24 bytes: seed, part1, part2 as little-endian u64
    Laige {
        /// Seed (64-bit)
        #[arg(long, value_parser = num::parse_u64)]
        seed: u64,
        #[command(flatten)]
        common: SaveCommon,
    },
    /// Random2Class: the randomizer object, TS 1008 bytes or RA2/YR 1012 bytes, by --layout;
    /// --class random4: Random4Class, 624 words and mti, 2500 bytes
    Westwood {
        /// Seed (32-bit)
        #[arg(long, value_parser = num::parse_u32)]
        seed: u32,
        #[command(flatten)]
        common: SaveCommon,
        /// Byte layout (Random2Class; required for it)
        #[arg(long, value_enum)]
        layout: Option<Layout>,
        /// The WWLib class
        #[arg(long, value_enum, default_value = "random2")]
        class: StateClass,
    },
    /// C&C Generals: six little-endian words, 24 bytes
    Generals {
        /// Seed (32-bit)
        #[arg(long, value_parser = num::parse_u32)]
        seed: u32,
        #[command(flatten)]
        common: SaveCommon,
    },
}

/// `--class` of westwood state files: the classes whose states are files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum StateClass {
    /// Random2Class: the TS / RA2 / YR randomizer object
    Random2,
    /// Random4Class: 624 words and mti (2500 bytes)
    Random4,
}

#[derive(Subcommand, Debug)]
pub enum IdentifyCommand {
    /// Walk the 624 words back to Knuth's initializer, no search: prints seed, twists
    /// (further twists after seeding), left, words_drawn
    #[command(after_help = "Exit 1 when no seed reaches the block within --max-twists.")]
    Sots {
        /// The RNG item (2500 or 2503 bytes)
        file: PathBuf,
        /// Give up after walking back this many twists
        #[arg(long, default_value_t = bitexact::sots::DEFAULT_MAX_TWISTS, value_parser = num::parse_u64)]
        max_twists: u64,
        /// Print one JSON object
        #[arg(long)]
        json: bool,
    },
    /// Walk the state back to its seeding state, no search: prints seed, words_drawn (and
    /// substream, given --master)
    #[command(
        after_help = "Exit 1 when no seeding state lies within --max-draws, or when the file's \
        seed field disagrees with the state's."
    )]
    Laige {
        /// The 24-byte state file
        file: PathBuf,
        /// Give up after walking back this many draws
        #[arg(long, default_value_t = bitexact::laige::DEFAULT_MAX_DRAWS, value_parser = num::parse_u64)]
        max_draws: u64,
        /// The master seed, to name the substream id of the file's seed
        #[arg(long, value_parser = num::parse_u64)]
        master: Option<u64>,
        /// Print one JSON object
        #[arg(long)]
        json: bool,
    },
    /// Walk the table back to every possible seeding point, then search the seeds on
    /// every core: prints seed, words_drawn
    #[command(
        after_help = "Exit 1 when no seed in the range reaches the state within --max-draws."
    )]
    Westwood {
        /// The object (TS 1008 or RA2/YR 1012 bytes)
        file: PathBuf,
        /// Byte layout (default: the one the file's length names)
        #[arg(long, value_enum)]
        layout: Option<Layout>,
        /// Give up on seeding points more than this many draws back
        #[arg(long, default_value_t = bitexact::westwood::DEFAULT_MAX_DRAWS, value_parser = num::parse_u64)]
        max_draws: u64,
        /// Seeds to search, A..B (B exclusive) or A..=B (default: all 2^32)
        #[arg(long)]
        seed_range: Option<String>,
        /// Worker threads (default: every core)
        #[arg(long, value_parser = num::parse_u64_usize)]
        threads: Option<usize>,
        /// Print one JSON object
        #[arg(long)]
        json: bool,
        /// The WWLib class (random4: no search, the 1998 seeding is walked back and inverted)
        #[arg(long, value_enum, default_value = "random2")]
        class: StateClass,
        /// Random4Class: give up after walking back this many twists
        #[arg(long, value_parser = num::parse_u64)]
        max_twists: Option<u64>,
    },
    /// Walk the step back (it is invertible) to the form seeding leaves, no search:
    /// prints seed, words_drawn
    #[command(after_help = "Exit 1 when no seeding state lies within --max-draws.")]
    Generals {
        /// The 24-byte state file
        file: PathBuf,
        /// Give up after walking back this many draws
        #[arg(long, default_value_t = bitexact::generals::DEFAULT_MAX_DRAWS, value_parser = num::parse_u64)]
        max_draws: u64,
        /// Print one JSON object
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand, Debug)]
pub enum DiffCommand {
    /// Twist A forward (and B, to tell "before" from "unrelated")
    Sots {
        /// The earlier RNG item
        file_a: PathBuf,
        /// The later RNG item
        file_b: PathBuf,
        /// Twists tried in each direction
        #[arg(long, default_value_t = bitexact::sots::DEFAULT_MAX_TWISTS, value_parser = num::parse_u64)]
        max_twists: u64,
        /// Print one JSON object
        #[arg(long)]
        json: bool,
    },
    /// Step A forward and back
    Laige {
        /// The earlier state file
        file_a: PathBuf,
        /// The later state file
        file_b: PathBuf,
        /// Draws tried in each direction
        #[arg(long, default_value_t = bitexact::laige::DEFAULT_MAX_DRAWS, value_parser = num::parse_u64)]
        max_draws: u64,
        /// Print one JSON object
        #[arg(long)]
        json: bool,
    },
    /// Step A's table forward and back (either layout; the layouts may differ)
    Westwood {
        /// The earlier object
        file_a: PathBuf,
        /// The later object
        file_b: PathBuf,
        /// Byte layout of both files (default: the one each file's length names)
        #[arg(long, value_enum)]
        layout: Option<Layout>,
        /// Draws tried in each direction
        #[arg(long, default_value_t = bitexact::westwood::DEFAULT_MAX_DRAWS, value_parser = num::parse_u64)]
        max_draws: u64,
        /// Print one JSON object
        #[arg(long)]
        json: bool,
        /// The WWLib class
        #[arg(long, value_enum, default_value = "random2")]
        class: StateClass,
        /// Random4Class: twists tried in each direction
        #[arg(long, value_parser = num::parse_u64)]
        max_twists: Option<u64>,
    },
    /// Step A forward and back
    Generals {
        /// The earlier state file
        file_a: PathBuf,
        /// The later state file
        file_b: PathBuf,
        /// Draws tried in each direction
        #[arg(long, default_value_t = bitexact::generals::DEFAULT_MAX_DRAWS, value_parser = num::parse_u64)]
        max_draws: u64,
        /// Print one JSON object
        #[arg(long)]
        json: bool,
    },
}

/// The options every recovery takes.
#[derive(Args, Debug)]
#[command(allow_negative_numbers = true)]
pub struct RecoverCommon {
    /// The tap the values came from (default: the engine's raw word)
    #[arg(long)]
    pub tap: Option<String>,
    /// The observed values, consecutive calls of the tap, comma-separated
    #[arg(long, allow_hyphen_values = true)]
    pub values: String,
    /// The values start after at most this many words (default 0: at seeding;
    /// with 624 or more u32 values, 62400000: the 100 000 twists `state identify` walks)
    #[arg(long, value_parser = num::parse_u64)]
    pub max_offset: Option<u64>,
    /// Worker threads (default: every core)
    #[arg(long, value_parser = num::parse_u64_usize)]
    pub threads: Option<usize>,
    /// Print at most this many hits, then stop and say where (at least 1)
    #[arg(long, default_value = "1000", value_parser = num::parse_u64_usize)]
    pub max_hits: usize,
    /// Print one JSON object
    #[arg(long)]
    pub json: bool,
}

const RECOVER_HELP: &str =
    "Prints `seed S offset K` per hit (K: words drawn before the first value; \
    for a tap that rejected words, the offset of the word the value came from). Exit 0 when at \
    least one seed is found, 1 when none (or when interrupted: the message says where to resume), \
    2 on bad input.";

#[derive(Subcommand, Debug)]
pub enum RecoverCommand {
    /// Taps u32 (default), unit, float, int:N, frange:LO,HI; 624 or more u32 values need no search
    #[command(after_help = RECOVER_HELP)]
    Sots {
        #[command(flatten)]
        common: RecoverCommon,
        /// Seeds to search, A..B (B exclusive) or A..=B (default: all 2^32)
        #[arg(long)]
        seed_range: Option<String>,
        /// x87 precision of float taps
        #[arg(long, value_enum, default_value = "pc53")]
        precision: PrecisionArg,
    },
    /// Taps u64 (default), range:MIN,MAX, float01; seeds are 64-bit, so --seed-range is required
    #[command(after_help = RECOVER_HELP)]
    Laige {
        #[command(flatten)]
        common: RecoverCommon,
        /// Seeds to search, A..B (B exclusive) or A..=B: plausible config values or timestamps
        #[arg(long)]
        seed_range: String,
    },
    /// Taps raw (default), ranged:MIN,MAX, double (and float for --class random4)
    #[command(after_help = RECOVER_HELP)]
    Westwood {
        #[command(flatten)]
        common: RecoverCommon,
        /// Seeds to search, A..B (B exclusive) or A..=B (default: all 2^32)
        #[arg(long)]
        seed_range: Option<String>,
        /// The WWLib class
        #[arg(long, value_enum, default_value = "random2")]
        class: WwClass,
    },
    /// Tap next (default; Next() values); seeds are searched and printed as 32-bit patterns
    /// (OpenRA's negative int seed S is S + 4294967296)
    #[command(after_help = RECOVER_HELP)]
    Openra {
        #[command(flatten)]
        common: RecoverCommon,
        /// Seeds to search, as 32-bit patterns, A..B (B exclusive) or A..=B (default: all 2^32)
        #[arg(long)]
        seed_range: Option<String>,
    },
    /// Taps raw (default), value:LO,HI, real:LO,HI
    #[command(after_help = RECOVER_HELP)]
    Generals {
        #[command(flatten)]
        common: RecoverCommon,
        /// Seeds to search, A..B (B exclusive) or A..=B (default: all 2^32)
        #[arg(long)]
        seed_range: Option<String>,
    },
}
