//! `recover`, one argument set per engine.

use super::{PrecisionArg, WwClass};
use crate::num;
use clap::{Args, Subcommand};

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
    "Prints `seed S offset K` per hit, in seed order (K: words drawn before the first call; a \
    tap that rejects words can give several true offsets for one seed, all printed). At most \
    --max-hits are printed; when it stops there, stderr says where to resume (also under \
    --quiet). Exit 0 when at least one seed is found, 1 when none in the whole range (or when \
    interrupted: the message says where to resume), 2 on bad input.";

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
