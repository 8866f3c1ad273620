//! The engine subcommands of `stream`, `ledger`, `recover` and `state`,
//! generated from the library's engine list (`bitexact::engine::Id`): one
//! subcommand per family, each taking exactly the options its generators
//! have. The options are one list ([`FLAGS`], in the manner of ripgrep's
//! flag list): each says which verbs and families take it and how it
//! reads; a new engine needs no line here.

use crate::num;
use bitexact::engine::{Id, Info, Opt, SeedKind, StateInfo, Unit};
use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{Arg, ArgAction, ArgMatches, Command};
use std::path::PathBuf;

/// What a command does with an engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verb {
    /// `stream`
    Stream,
    /// `ledger`
    Ledger,
    /// `recover`
    Recover,
    /// `state save`
    Save,
    /// `state identify`
    Identify,
    /// `state diff`
    Diff,
    /// `state show`
    Show,
    /// `state convert`
    Convert,
}

impl Verb {
    /// The verbs about state files.
    const fn is_state(self) -> bool {
        matches!(
            self,
            Verb::Save | Verb::Identify | Verb::Diff | Verb::Show | Verb::Convert
        )
    }

    /// The words of the command (`state identify`), for messages.
    pub const fn command(self) -> &'static str {
        match self {
            Verb::Stream => "stream",
            Verb::Ledger => "ledger",
            Verb::Recover => "recover",
            Verb::Save => "state save",
            Verb::Identify => "state identify",
            Verb::Diff => "state diff",
            Verb::Show => "state show",
            Verb::Convert => "state convert",
        }
    }
}

/// A family of generators as one verb sees it: the classes the verb can
/// use (state verbs: those with state files; `recover`: those with a seed
/// search), default first.
#[derive(Clone, Debug)]
pub struct Family {
    /// Its name.
    pub name: &'static str,
    /// Its generators the verb can use, the default first.
    pub ids: Vec<Id>,
}

impl Family {
    /// `name` for `verb`: `None` when none of its generators fits the verb.
    pub fn of(name: &'static str, verb: Verb) -> Option<Family> {
        let mut ids: Vec<Id> = Id::family(name)
            .iter()
            .filter(|id| {
                let i = id.info();
                match verb {
                    Verb::Stream | Verb::Ledger => true,
                    Verb::Recover => i.recover.is_some(),
                    Verb::Convert => i.state.is_some_and(|s| s.layouts.len() > 1),
                    _ => i.state.is_some(),
                }
            })
            .collect();
        // The family's default first when the verb can use it.
        if let Some(i) = ids.iter().position(|id| id.info().default_class) {
            let d = ids.remove(i);
            ids.insert(0, d);
        }
        (!ids.is_empty()).then_some(Family { name, ids })
    }

    /// The default generator.
    pub fn default_id(&self) -> Id {
        self.ids[0]
    }

    /// The generators in list order (for `--class`'s values).
    fn in_list_order(&self) -> Vec<Id> {
        let mut ids = self.ids.clone();
        ids.sort();
        ids
    }

    fn infos(&self) -> impl Iterator<Item = &'static Info> + '_ {
        self.ids.iter().map(|id| id.info())
    }

    fn states(&self) -> impl Iterator<Item = (Id, StateInfo)> + '_ {
        self.ids
            .iter()
            .filter_map(|id| id.info().state.map(|s| (*id, s)))
    }

    fn has_option(&self, o: Opt) -> bool {
        self.infos().any(|i| i.options.contains(&o))
    }

    fn has_classes(&self) -> bool {
        self.infos().any(|i| i.class.is_some()) && self.ids.len() > 1
    }

    fn units(&self, verb: Verb) -> Vec<Unit> {
        let mut units = Vec::new();
        for (_, s) in self.states() {
            let u = if verb == Verb::Diff {
                s.diff.unit
            } else {
                s.identify.unit
            };
            if !units.contains(&u) {
                units.push(u);
            }
        }
        units
    }

    fn layouts(&self) -> Vec<bitexact::engine::LayoutInfo> {
        let mut all = Vec::new();
        for (_, s) in self.states() {
            for l in s.layouts {
                if !all.contains(l) {
                    all.push(*l);
                }
            }
        }
        all
    }

    fn seed_kind(&self) -> SeedKind {
        self.default_id().info().seed
    }
}

/// A bound for people: `10^10`, `2.5·10^9`, `16000000` as `1.6·10^7`.
pub fn human(n: u64) -> String {
    if n < 100_000 {
        return n.to_string();
    }
    let mut k = 0;
    let mut m = n;
    while m.is_multiple_of(10) {
        m /= 10;
        k += 1;
    }
    let digits = m.to_string();
    let e = k + digits.len() as u32 - 1;
    let mantissa = if digits.len() == 1 {
        digits
    } else {
        format!("{}.{}", &digits[..1], &digits[1..])
    };
    if mantissa == "1" {
        format!("10^{e}")
    } else {
        format!("{mantissa}·10^{e}")
    }
}

/// The option that bounds a walk of `unit`: `max-twists`, `max-draws`.
pub fn bound_flag(unit: Unit) -> &'static str {
    match unit {
        Unit::Twists => "max-twists",
        Unit::Draws => "max-draws",
        Unit::Words => "max-words",
    }
}

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
struct Flag {
    takes: fn(Verb, &Family) -> bool,
    arg: fn(Verb, &Family) -> Arg,
}

fn count(name: &'static str) -> Arg {
    Arg::new(name)
        .long(name)
        .value_parser(|s: &str| num::parse_u64(s).map_err(|e| e.to_string()))
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
const FLAGS: &[Flag] = &[
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
            count("max-offset").help(format!(
                "The values start after at most this many words (default 0: at seeding{outputs})"
            ))
        },
    },
    Flag {
        takes: |v, _| v == Verb::Stream,
        arg: |_, _| count("count").default_value("10").help("Calls to print"),
    },
    Flag {
        takes: |v, _| v == Verb::Stream,
        arg: |_, f| {
            let l = f.default_id().info().limits;
            count("skip").default_value("0").help(format!(
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
            let l = f.default_id().info().limits;
            count("skip-words").default_value("0").help(format!(
                "Raw words to draw before saving (at most {})",
                human(l.skip_words)
            ))
        },
    },
    Flag {
        takes: |v, _| v == Verb::Stream,
        arg: |_, _| {
            Arg::new("format")
                .long("format")
                .default_value("dec")
                .value_parser(clap::value_parser!(crate::out::Format))
                .help("Output format")
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
            v == Verb::Recover || (v == Verb::Identify && f.states().any(|(_, s)| s.searches_seeds))
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
            v == Verb::Recover || (v == Verb::Identify && f.states().any(|(_, s)| s.searches_seeds))
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
                .default_value("1000")
                .value_parser(num::parse_u64_usize)
                .help("Print at most this many hits, then stop and say where (at least 1)")
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
];

/// `--max-draws` / `--max-twists` for the classes of `f` whose walk counts
/// `unit`, with their default (and, when other classes count otherwise,
/// saying which classes it is for).
fn bound_arg(v: Verb, f: &Family, unit: Unit) -> Arg {
    let walks: Vec<(Id, bitexact::engine::Walk)> = f
        .states()
        .map(|(id, s)| (id, if v == Verb::Diff { s.diff } else { s.identify }))
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

/// The subcommand of `family` for `verb`.
fn family_command(verb: Verb, f: &Family) -> Command {
    let info = f.default_id().info();
    let about = match verb {
        Verb::Stream | Verb::Ledger => info.family_about.to_string(),
        Verb::Recover => info.recover.map_or(info.family_about.to_string(), |r| {
            format!("Taps {}", r.taps)
        }),
        Verb::Save => info.state.map_or("", |s| s.summary).to_string(),
        Verb::Identify => info.state.map_or("", |s| s.identify_how).to_string(),
        Verb::Diff => "Words drawn from state A to state B (B minus A)".to_string(),
        Verb::Show => "Print a state file's fields (no search)".to_string(),
        Verb::Convert => {
            "Rewrite a state file in another layout (same stream, same position)".to_string()
        }
    };
    let mut cmd = Command::new(f.name)
        .about(about)
        .allow_negative_numbers(true)
        .after_help(after_help(verb, f));
    for flag in FLAGS {
        if (flag.takes)(verb, f) {
            let arg = (flag.arg)(verb, f);
            // Value names as clap's derive writes them: `--seed <SEED>`.
            let name = arg.get_id().as_str().to_uppercase().replace('-', "_");
            cmd = cmd.arg(arg.value_name(name));
        }
    }
    cmd
}

/// `Taps: …`, `Classes: …`, formats, script forms, exit codes.
fn after_help(verb: Verb, f: &Family) -> String {
    let info = f.default_id().info();
    let classes = || {
        let list: Vec<String> = f
            .infos()
            .map(|i| format!("{} ({})", i.class.unwrap_or(""), i.title))
            .collect();
        format!(
            "\n\nClasses: {} (the first is the default)",
            list.join(", ")
        )
    };
    match verb {
        Verb::Stream => {
            let mut taps = Vec::new();
            for i in f.infos() {
                for t in i.taps.split(", ") {
                    if !taps.contains(&t) {
                        taps.push(t);
                    }
                }
            }
            let unit = info.unit.name().to_uppercase();
            let mut s = format!("Taps: {} (default: {})", taps.join(", "), info.default_tap);
            if f.has_classes() {
                s += &classes();
            }
            s + &format!(
                "\n\nFormats:\n  \
                 dec   one value per line; integers in decimal, floats in shortest round-trip form\n  \
                 hex   integers as 0x + 8 (32-bit) or 16 (64-bit) hex digits; floats as their IEEE bits\n  \
                 json  {{\"i\":CALL,\"value\":V,\"bits\":\"0x…\" (floats only),\"words\":{unit} SPENT}}; \
                 i counts calls from the start of the stream, skipped ones included"
            )
        }
        Verb::Ledger => {
            let mut s = String::from(
                "SCRIPT has one call per line (the engine's taps, arguments as words):\n  \
                 turn                 start a new turn\n  ",
            );
            s += &info.calls_help.replace('\n', "\n  ");
            s += "\n`#` starts a comment. Calls before the first `turn` are reported as turn 0.";
            if f.has_classes() {
                s += &classes();
            }
            s
        }
        Verb::Recover => super::RECOVER_HELP.to_string(),
        Verb::Identify => {
            let flags: Vec<String> = f
                .units(verb)
                .into_iter()
                .map(|u| format!("--{}", bound_flag(u)))
                .collect();
            let range = if f.states().any(|(_, s)| s.searches_seeds) {
                " (or none in the seed range does)"
            } else {
                ""
            };
            format!(
                "Exit 1 when no seed reaches the state within {}{range}.",
                flags.join(" / ")
            )
        }
        Verb::Diff => "Exit 1 if B is not reachable from A within the bound.".to_string(),
        _ => String::new(),
    }
}

/// Every family's subcommand for `verb`.
fn family_commands(verb: Verb) -> Vec<Command> {
    Id::families()
        .iter()
        .filter_map(|name| Family::of(name, verb))
        .map(|f| family_command(verb, &f))
        .collect()
}

/// An engine subcommand as parsed: the verb, the family, and its options.
#[derive(Clone, Debug)]
pub struct EngineArgs {
    /// What is done.
    pub verb: Verb,
    /// To which family.
    pub family: Family,
    /// The options given.
    pub m: ArgMatches,
}

impl EngineArgs {
    /// The generator named (the family and `--class`).
    pub fn id(&self) -> Id {
        match self.m.try_get_one::<String>("class").ok().flatten() {
            Some(c) => self
                .family
                .ids
                .iter()
                .copied()
                .find(|id| id.info().class == Some(c.as_str()))
                .unwrap_or(self.family.default_id()),
            None => self.family.default_id(),
        }
    }

    /// A string option.
    pub fn str(&self, name: &str) -> Option<&str> {
        self.m
            .try_get_one::<String>(name)
            .ok()
            .flatten()
            .map(String::as_str)
    }

    /// A number option.
    pub fn u64(&self, name: &str) -> Option<u64> {
        self.m.try_get_one::<u64>(name).ok().flatten().copied()
    }

    /// A count option.
    pub fn usize(&self, name: &str) -> Option<usize> {
        self.m.try_get_one::<usize>(name).ok().flatten().copied()
    }

    /// A switch.
    pub fn flag(&self, name: &str) -> bool {
        self.m
            .try_get_one::<bool>(name)
            .ok()
            .flatten()
            .copied()
            .unwrap_or(false)
    }

    /// A path argument.
    pub fn path(&self, name: &str) -> PathBuf {
        self.m
            .try_get_one::<PathBuf>(name)
            .ok()
            .flatten()
            .cloned()
            .unwrap_or_default()
    }

    /// Whether the option was given on the command line (not its default).
    pub fn given(&self, name: &str) -> bool {
        self.m.try_contains_id(name).is_ok_and(|c| {
            c && self.m.value_source(name) == Some(clap::parser::ValueSource::CommandLine)
        })
    }

    /// The generator options given.
    pub fn options(&self) -> bitexact::engine::Options {
        bitexact::engine::Options {
            precision: self
                .m
                .try_get_one::<super::PrecisionArg>("precision")
                .ok()
                .flatten()
                .map_or(bitexact::x87::Precision::Pc53, |p| (*p).into()),
            substream: self
                .m
                .try_get_one::<u32>("substream")
                .ok()
                .flatten()
                .copied(),
            master: self.u64("master"),
        }
    }
}

/// `EngineArgs` for one verb, as a clap subcommand set built from the
/// engine list.
macro_rules! verb_command {
    ($(#[$doc:meta])* $name:ident, $verb:expr) => {
        $(#[$doc])*
        #[derive(Clone, Debug)]
        pub struct $name(pub EngineArgs);

        impl clap::FromArgMatches for $name {
            fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
                let (name, sub) = m
                    .subcommand()
                    .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::MissingSubcommand))?;
                let family = Id::families()
                    .iter()
                    .find_map(|f| (*f == name).then(|| Family::of(f, $verb)).flatten())
                    .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::InvalidSubcommand))?;
                Ok($name(EngineArgs {
                    verb: $verb,
                    family,
                    m: sub.clone(),
                }))
            }
            fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
                *self = Self::from_arg_matches(m)?;
                Ok(())
            }
        }

        impl clap::Subcommand for $name {
            fn augment_subcommands(cmd: Command) -> Command {
                cmd.subcommands(family_commands($verb))
            }
            fn augment_subcommands_for_update(cmd: Command) -> Command {
                Self::augment_subcommands(cmd)
            }
            fn has_subcommand(name: &str) -> bool {
                Id::families()
                    .iter()
                    .any(|f| *f == name && Family::of(f, $verb).is_some())
            }
        }
    };
}

verb_command!(
    /// `stream ENGINE`.
    StreamArgs,
    Verb::Stream
);
verb_command!(
    /// `ledger ENGINE`.
    LedgerArgs,
    Verb::Ledger
);
verb_command!(
    /// `recover ENGINE`.
    RecoverArgs,
    Verb::Recover
);
verb_command!(
    /// `state save ENGINE`.
    SaveArgs,
    Verb::Save
);
verb_command!(
    /// `state identify ENGINE`.
    IdentifyArgs,
    Verb::Identify
);
verb_command!(
    /// `state diff ENGINE`.
    DiffArgs,
    Verb::Diff
);
verb_command!(
    /// `state show ENGINE`.
    ShowArgs,
    Verb::Show
);
verb_command!(
    /// `state convert ENGINE`.
    ConvertArgs,
    Verb::Convert
);
