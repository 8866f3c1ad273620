//! `state save|identify|diff|show|convert`, one argument set per engine.

use super::Layout;
use crate::num;
use clap::{Args, Subcommand};
use std::path::PathBuf;

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
    /// Words to draw before saving (sots: 32-bit words; the others: raw draws); at most
    /// 10^10 (about 5 s), Generals 2.5·10^9
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
