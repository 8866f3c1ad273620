//! The one list of engine options ([`FLAGS`], in the manner of ripgrep's
//! flag list): each says which verbs and families take it and builds its
//! clap argument for that family.

use super::family::{bound_flag, human, Family, Verb};
use crate::num;
use bitexact::engine::{Opt, SeedKind, Unit};
use bitexact::engines::Id;
use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{Arg, ArgAction};
use std::path::PathBuf;

/// A seed as the family writes it: 32- or 64-bit, or an OpenRA-style `int`
/// (negative, or its 32-bit pattern), returned as the bits the library
/// takes.
fn seed_parser(kind: SeedKind) -> fn(&str) -> Result<u64, String> {
    match kind {
        SeedKind::U32 => |s| num::parse_u32(s).map(u64::from).map_err(|e| e.to_string()),
        SeedKind::U64 => |s| num::parse_u64(s).map_err(|e| e.to_string()),
        SeedKind::I32 => |s| num::parse_int_seed(s).map(|v| u64::from(v as u32)),
    }
}

fn seed_help(kind: SeedKind) -> &'static str {
    match kind {
        SeedKind::U32 => "Seed (32-bit)",
        SeedKind::U64 => "Seed (64-bit)",
        SeedKind::I32 => {
            "Seed: an int32, as the game writes it (-2147483648..=2147483647) or as its bits \
             (..=4294967295)"
        }
    }
}

/// One option: which verbs and families take it, and the clap argument.
pub(super) struct Flag {
    pub(super) takes: fn(Verb, &Family) -> bool,
    pub(super) arg: fn(Verb, &Family) -> Arg,
}

fn count(name: &'static str) -> Arg {
    Arg::new(name).long(name).value_parser(num::parse_count)
}

fn json() -> Arg {
    Arg::new("json")
        .long("json")
        .action(ArgAction::SetTrue)
        .help("Print one JSON object")
}

fn file(name: &'static str, help: String) -> Arg {
    Arg::new(name)
        .required(true)
        .value_parser(clap::value_parser!(PathBuf))
        .help(help)
}

fn layout_values(f: &Family) -> PossibleValuesParser {
    PossibleValuesParser::new(
        f.layouts()
            .into_iter()
            .map(|l| PossibleValue::new(l.name).help(l.about)),
    )
}

fn output() -> Arg {
    Arg::new("output")
        .short('o')
        .long("output")
        .required(true)
        .value_parser(clap::value_parser!(PathBuf))
        .help("Output file (- for stdout)")
}

/// The one list of engine options, in help order.
pub(super) const FLAGS: &[Flag] = &[
    // Inputs
    Flag {
        takes: |v, _| v == Verb::Identify || v == Verb::Show || v == Verb::Convert,
        arg: |v, f| {
            let what = match v {
                Verb::Convert | Verb::Show => "(- for stdin)".to_string(),
                _ => {
                    let lens: Vec<String> = f
                        .states()
                        .flat_map(|(_, s)| s.lengths.iter().map(|l| l.to_string()))
                        .collect();
                    format!("({} bytes; - for stdin)", lens.join(", "))
                }
            };
            file("file", format!("The state file {what}"))
        },
    },
    Flag {
        takes: |v, _| v == Verb::Diff,
        arg: |_, _| file("file_a", "The earlier state file".into()),
    },
    Flag {
        takes: |v, _| v == Verb::Diff,
        arg: |_, _| file("file_b", "The later state file".into()),
    },
    Flag {
        takes: |v, _| v == Verb::Ledger,
        arg: |_, _| file("script", "The script of calls (`-` for stdin)".into()),
    },
    Flag {
        takes: |v, _| matches!(v, Verb::Stream | Verb::Ledger | Verb::Save),
        arg: |_, f| {
            Arg::new("seed")
                .long("seed")
                .required(true)
                .allow_hyphen_values(f.seed_kind() == SeedKind::I32)
                .value_parser(seed_parser(f.seed_kind()))
                .help(seed_help(f.seed_kind()))
        },
    },
    // What is drawn
    Flag {
        takes: |v, _| v == Verb::Stream,
        arg: |_, _| {
            Arg::new("tap")
                .long("tap")
                .allow_hyphen_values(true)
                .help("What to draw (see Taps below); default: the engine's raw word")
        },
    },
    Flag {
        takes: |v, _| v == Verb::Recover,
        arg: |_, _| {
            Arg::new("tap")
                .long("tap")
                .allow_hyphen_values(true)
                .help("The tap the values came from (default: the engine's raw word)")
        },
    },
    Flag {
        takes: |v, _| v == Verb::Recover,
        arg: |_, _| {
            Arg::new("values")
                .long("values")
                .required(true)
                .allow_hyphen_values(true)
                .help("The observed values, consecutive calls of the tap, comma-separated")
        },
    },
    Flag {
        takes: |v, _| v == Verb::Recover,
        arg: |_, f| {
            let outputs = f.default_id().info().recover.map_or("", |r| r.offset_note);
            let others = super::family::class_notes(f, |r| r.offset_note);
            count("max-offset").help(format!(
                "The values start after at most this many words (default 0: at seeding{outputs}{others})"
            ))
        },
    },
    Flag {
        takes: |v, _| v == Verb::Stream,
        arg: |_, _| count("count").default_value("10").help("Calls to print"),
    },
    Flag {
        takes: |v, _| matches!(v, Verb::Identify | Verb::Show),
        arg: |_, _| {
            count("offset").help(
                "Read the state at this byte of a larger file (a whole save, a memory dump: \
                 `state find` prints the offsets); the layout's length is read from there",
            )
        },
    },
    Flag {
        takes: |v, _| v == Verb::Stream,
        arg: |_, f| {
            let l = f.default_id().info().limits;
            // Calls of the tap, not raw words (`state save --skip-words`):
            // the name says which; `--skip`, the first spelling, still works.
            count("skip-calls")
                .alias("skip")
                .default_value("0")
                .help(format!(
                    "Calls of the tap to make, unprinted, first (at most {} words; a tap that can \
                     reject words is skipped call by call, at most {} calls)",
                    human(l.skip_words),
                    human(l.skip_calls)
                ))
        },
    },
    Flag {
        takes: |v, _| v == Verb::Save,
        arg: |_, f| {
            let info = f.default_id().info();
            let l = info.limits;
            // Generators whose raw calls are draws also take --skip-draws,
            // the word their output uses.
            let arg = count("skip-words").default_value("0");
            let (arg, what) = if info.unit == bitexact::engine::Unit::Draws {
                (arg.visible_alias("skip-draws"), "Raw draws to make")
            } else {
                (arg, "Raw words to draw")
            };
            arg.help(format!(
                "{what} before saving (at most {})",
                human(l.skip_words)
            ))
        },
    },
    // Output: one value per line in decimal unless --hex or --json, as
    // every other command's --json; `--format dec|hex|json` (SPEC 6's
    // first spelling) still works, hidden.
    Flag {
        takes: |v, _| v == Verb::Stream,
        arg: |_, _| {
            Arg::new("hex").long("hex").action(ArgAction::SetTrue).help(
                "Integers as 0x + 8 (32-bit) or 16 (64-bit) hex digits, floats as their IEEE bits",
            )
        },
    },
    Flag {
        takes: |v, _| v == Verb::Stream,
        arg: |_, _| {
            Arg::new("json")
                .long("json")
                .action(ArgAction::SetTrue)
                .conflicts_with("hex")
                .help(
                    "One JSON object per call: {\"i\":…,\"value\":…,\"bits\":\"0x…\",\"words\":…}",
                )
        },
    },
    Flag {
        takes: |v, _| v == Verb::Stream,
        arg: |_, _| {
            Arg::new("format")
                .long("format")
                .hide(true)
                .conflicts_with_all(["hex", "json"])
                .value_parser(clap::value_parser!(crate::out::Format))
                .help("Output format (--hex, --json)")
        },
    },
    // Where state goes
    Flag {
        takes: |v, _| v == Verb::Convert,
        arg: |_, f| {
            Arg::new("to")
                .long("to")
                .required(true)
                .value_parser(layout_values(f))
                .help("The layout to write")
        },
    },
    Flag {
        takes: |v, f| v.is_state() && !f.layouts().is_empty(),
        arg: |v, f| {
            let help = match v {
                Verb::Save => "Byte layout (required where the class has layouts)",
                Verb::Convert => "The input's layout (default: the one the file's length names)",
                _ => "Byte layout (default: the one the file's length names)",
            };
            Arg::new("layout")
                .long("layout")
                .value_parser(layout_values(f))
                .help(help)
        },
    },
    Flag {
        takes: |v, _| v == Verb::Save || v == Verb::Convert,
        arg: |_, _| output(),
    },
    Flag {
        takes: |v, f| v == Verb::Convert && f.states().any(|(_, s)| !s.lossy.is_empty()),
        arg: |_, f| {
            let lossy = f.states().map(|(_, s)| s.lossy).find(|l| !l.is_empty());
            Arg::new("drop-flag")
                .long("drop-flag")
                .action(ArgAction::SetTrue)
                .help(format!(
                    "Write what the layout can hold instead of refusing: {}",
                    lossy.unwrap_or("")
                ))
        },
    },
    // Work bounds
    Flag {
        takes: |v, f| (v == Verb::Identify || v == Verb::Diff) && f.units(v).contains(&Unit::Draws),
        arg: |v, f| bound_arg(v, f, Unit::Draws),
    },
    Flag {
        takes: |v, f| {
            (v == Verb::Identify || v == Verb::Diff) && f.units(v).contains(&Unit::Twists)
        },
        arg: |v, f| bound_arg(v, f, Unit::Twists),
    },
    Flag {
        takes: |v, f| v == Verb::Identify && f.has_option(Opt::Substream),
        arg: |_, _| {
            count("master").help("The master seed, to name the substream id of the file's seed")
        },
    },
    // Searches
    Flag {
        takes: |v, f| {
            v == Verb::Recover
                || (v == Verb::Identify && f.states().any(|(_, s)| s.searches_seeds()))
        },
        arg: |v, f| {
            let required =
                v == Verb::Recover && f.infos().any(|i| i.recover.is_some_and(|r| r.needs_range));
            let help = if required {
                "Seeds to search, A..B (B exclusive) or A..=B: plausible config values or timestamps"
            } else {
                "Seeds to search, A..B (B exclusive) or A..=B (default: all 2^32)"
            };
            Arg::new("seed-range")
                .long("seed-range")
                .required(required)
                .help(help)
        },
    },
    Flag {
        takes: |v, f| {
            v == Verb::Recover
                || (v == Verb::Identify && f.states().any(|(_, s)| s.searches_seeds()))
        },
        arg: |_, _| {
            Arg::new("shard").long("shard").value_name("K/N").help(
                "Search only part K of N of the range (contiguous, 1-based); \
                 `bitexact merge` puts the N --json answers together",
            )
        },
    },
    Flag {
        takes: |v, f| {
            v == Verb::Recover
                || (v == Verb::Identify && f.states().any(|(_, s)| s.searches_seeds()))
        },
        arg: |_, _| {
            Arg::new("threads")
                .long("threads")
                .value_parser(num::parse_u64_usize)
                .help("Worker threads (default: every core)")
        },
    },
    Flag {
        takes: |v, _| v == Verb::Recover,
        arg: |_, _| {
            Arg::new("max-hits")
                .long("max-hits")
                .default_value(&*Box::leak(
                    bitexact::search::DEFAULT_MAX_HITS
                        .to_string()
                        .into_boxed_str(),
                ))
                .value_parser(num::parse_u64_usize)
                .help("Print at most this many hits, then stop and say where (at least 1)")
        },
    },
    Flag {
        takes: |v, _| v == Verb::Recover,
        arg: |_, _| {
            // Counts the matches (stream's --count N is how many to
            // print): the name says which; `--count` still works, hidden.
            Arg::new("count")
                .long("count-matches")
                .alias("count")
                .action(ArgAction::SetTrue)
                .conflicts_with("shard")
                .help(
                    "Count the matching seeds instead of printing them: the whole range is \
                     searched (no --max-hits) and one line says how many",
                )
        },
    },
    // Generator options
    Flag {
        takes: |v, f| {
            matches!(v, Verb::Stream | Verb::Ledger | Verb::Recover) && f.has_option(Opt::Precision)
        },
        arg: |_, _| {
            Arg::new("precision")
                .long("precision")
                .default_value("pc53")
                .value_parser(clap::value_parser!(super::PrecisionArg))
                .help("x87 precision model for float taps")
        },
    },
    Flag {
        takes: |v, f| matches!(v, Verb::Stream | Verb::Ledger) && f.has_option(Opt::Substream),
        arg: |_, _| {
            Arg::new("substream")
                .long("substream")
                .value_parser(|s: &str| num::parse_u32(s).map_err(|e| e.to_string()))
                .help("Substream id: draw from derive_substream(seed, ID)")
        },
    },
    Flag {
        takes: |_, f| f.has_classes(),
        arg: |_, f| {
            let default = f.default_id().info().class.unwrap_or("");
            Arg::new("class")
                .long("class")
                .default_value(default)
                .value_parser(PossibleValuesParser::new(
                    f.in_list_order().into_iter().map(|id| {
                        let i = id.info();
                        PossibleValue::new(i.class.unwrap_or(""))
                            .help(format!("{}: {}", i.title, i.about))
                    }),
                ))
                .help(format!("The {} class", f.name))
        },
    },
    Flag {
        takes: |v, _| {
            matches!(
                v,
                Verb::Ledger | Verb::Recover | Verb::Identify | Verb::Diff | Verb::Show
            )
        },
        arg: |_, _| json(),
    },
    Flag {
        takes: |v, _| v == Verb::Ledger,
        arg: |_, _| {
            Arg::new("html")
                .long("html")
                .value_parser(clap::value_parser!(PathBuf))
                .help("Also write one self-contained HTML page of the report to this file (no network; the JSON inside; stdout and exit code unchanged)")
        },
    },
];

/// `--max-draws` / `--max-twists` for the classes of `f` whose walk counts
/// `unit`, with their default (and, when other classes count otherwise,
/// saying which classes it is for).
fn bound_arg(v: Verb, f: &Family, unit: Unit) -> Arg {
    let walks: Vec<(Id, bitexact::engine::Walk)> = f
        .walks(v)
        .into_iter()
        .filter(|(_, w)| w.unit == unit)
        .collect();
    let (_, walk) = walks[0];
    let what = if v == Verb::Diff {
        format!("{unit} tried in each direction")
    } else {
        format!("Give up after walking back this many {unit}")
    };
    let mut help = format!("{what} (at most {})", human(walk.max));
    if f.units(v).len() > 1 {
        let titles: Vec<&str> = walks.iter().map(|(id, _)| id.info().title).collect();
        help = format!("{}: {help}", titles.join(", "));
    }
    count(bound_flag(unit))
        .default_value(walk.default.to_string())
        .help(help)
}
