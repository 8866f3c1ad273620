//! The engine subcommands of `stream`, `ledger`, `recover` and `state`,
//! generated from the library's engine list (`bitexact::engine::Id`): one
//! subcommand per family, each taking exactly the options its generators
//! have. The options are one list (`flags.rs`, in the manner of ripgrep's
//! flag list): each says which verbs and families take it and how it
//! reads; a new engine needs no line here.

use super::family::{bound_flag, class_notes, Family, Verb};
use super::flags::FLAGS;
use bitexact::engine::tap::Syntax;
use bitexact::engine::TapSpec;
use bitexact::engines::Id;

use clap::{ArgMatches, Command};
use std::path::PathBuf;

/// The subcommand of `family` for `verb`.
fn family_command(verb: Verb, f: &Family) -> Command {
    let info = f.default_id().info();
    let about = match verb {
        Verb::Stream | Verb::Ledger => info.family_about.to_string(),
        Verb::Recover => info.recover.map_or(info.family_about.to_string(), |r| {
            let note = if r.note.is_empty() {
                String::new()
            } else {
                format!("; {}", r.note)
            };
            format!(
                "Taps {}{}{note}{}",
                info.recover_taps(),
                class_taps(f),
                class_notes(f, |r| r.note)
            )
        }),
        Verb::Save => info.state.map_or("", |s| s.summary).to_string(),
        Verb::Identify => {
            let how = info.state.and_then(|s| s.identify).map(|i| i.how);
            how.unwrap_or("").to_string()
        }
        Verb::Diff => "Words drawn from state A to state B (B minus A)".to_string(),
        Verb::Show => "Print a state file's fields (no search)".to_string(),
        Verb::Convert => {
            "Rewrite a state file in another layout (same stream, same position)".to_string()
        }
    };
    let games = info.games.iter().map(|g| g.alias);
    let mut cmd = Command::new(f.name)
        .visible_aliases(games)
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

/// The recoverable taps only other classes of `f` (the family as `recover`
/// sees it: its classes with a seed search) have, as the recover help adds
/// them: ` (and float for class random4)`; empty for none.
fn class_taps(f: &Family) -> String {
    f.taps()
        .into_iter()
        .filter_map(|(t, class)| Some((t, class?)))
        .filter(|(t, _)| t.recoverable && !t.ledger_only)
        .map(|(t, class)| format!(" (and {} for class {class})", t.form(Syntax::Tap)))
        .collect()
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
            let unit = info.unit.name().to_uppercase();
            let mut s = format!(
                "Taps (--tap; default: {}):\n{}",
                info.default_tap(),
                tap_lines(f, |_| true)
            );
            if f.has_classes() {
                s += &classes();
            }
            s + &format!(
                "\n\nOutput: one value per line, integers in decimal, floats in shortest round-trip form; or\n  \
                 --hex   integers as 0x + 8 (32-bit) or 16 (64-bit) hex digits; floats as their IEEE bits\n  \
                 --json  {{\"i\":CALL,\"value\":V,\"bits\":\"0x…\" (floats only),\"words\":{unit} SPENT}}; \
                 i counts calls from the start of the stream, skipped ones included"
            )
        }
        Verb::Ledger => {
            let mut s = String::from(
                "SCRIPT has one call per line (the engine's taps, arguments as words):\n  \
                 turn                 start a new turn\n  ",
            );
            let lines: Vec<String> = f
                .taps()
                .into_iter()
                .map(|(t, class)| match class {
                    Some(c) => format!("{} (class {c})", t.help_line()),
                    None => t.help_line().to_string(),
                })
                .collect();
            s += &lines.join("\n  ");
            s += "\n`#` starts a comment. Calls before the first `turn` are reported as turn 0.";
            if f.has_classes() {
                s += &classes();
            }
            s
        }
        Verb::Recover => format!(
            "Taps (--tap; the values are consecutive calls of it):\n{}\n\n{}",
            tap_lines(f, |t| t.recoverable),
            super::RECOVER_HELP
        ),
        Verb::Identify => {
            let flags: Vec<String> = f
                .units(verb)
                .into_iter()
                .map(|u| format!("--{}", bound_flag(u)))
                .collect();
            if flags.is_empty() {
                return format!(
                    "{}'s states cannot be identified: the command says so (exit 2).",
                    f.default_id().info().title
                );
            }
            let range = if f.states().any(|(_, s)| s.searches_seeds()) {
                " (or none in the seed range does)"
            } else {
                ""
            };
            format!(
                "Exit 1 when no seed reaches the state within {}{range}; 130 when interrupted by Ctrl-C.",
                flags.join(" / ")
            )
        }
        Verb::Diff if f.walks(verb).is_empty() => format!(
            "{}'s states cannot be compared: the command says so (exit 2).",
            f.default_id().info().title
        ),
        Verb::Diff => "Prints words_between, negative when B comes before A. Exit 1 if neither state reaches the other within the bound.".to_string(),
        _ => String::new(),
    }
}

/// The family's taps `keep` keeps (never a ledger-only call), one a line as
/// `--tap` writes them, each with its help from the engine's table (`int:N
/// next_int_inclusive(N): 0..=N …`), another class's marked `(class C)`.
fn tap_lines(f: &Family, keep: fn(&TapSpec) -> bool) -> String {
    let lines: Vec<String> = f
        .taps()
        .into_iter()
        .filter(|(t, _)| !t.ledger_only && keep(t))
        .map(|(t, class)| {
            let form = t.form(Syntax::Tap).to_string();
            let mut line = format!("  {form:<w$} {}", t.help, w = TapSpec::HELP_COLUMN);
            if let Some(c) = class {
                line += &format!(" (class {c})");
            }
            line
        })
        .collect();
    lines.join("\n")
}

/// The command line with a game's short name (`ra2`, `zh`: the library's
/// [`bitexact::engine::Game`]s) after an engine verb replaced by its
/// family, and, for a state verb given neither `--layout` nor `--class`,
/// the game's layout added (`state save ra2` writes Red Alert 2's layout).
/// Other words (`sync ts`, a file named `ra2`) are left alone.
pub fn expand_games(args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    const VERBS: [(&str, bool); 8] = [
        ("stream", false),
        ("ledger", false),
        ("recover", false),
        ("save", true),
        ("identify", true),
        ("diff", true),
        ("show", true),
        ("convert", true),
    ];
    let mut out = args.clone();
    let Some(at) = (1..args.len()).find(|&i| {
        let prev = args[i - 1].to_str().unwrap_or("");
        let state_verb = i >= 2 && args[i - 2] == "state";
        VERBS
            .iter()
            .any(|&(v, state)| v == prev && state == state_verb)
            && args[i]
                .to_str()
                .and_then(bitexact::engines::Id::by_game)
                .is_some()
    }) else {
        return out;
    };
    let Some((id, game)) = args[at].to_str().and_then(bitexact::engines::Id::by_game) else {
        return out;
    };
    out[at] = id.info().name.into();
    let given = |flag: &str| {
        args.iter().any(|a| {
            a.to_str()
                .is_some_and(|a| a == flag || a.starts_with(&format!("{flag}=")))
        })
    };
    if let Some(layout) = game.layout {
        if args[at - 2] == "state" && !given("--layout") && !given("--class") {
            out.push("--layout".into());
            out.push(layout.into());
        }
    }
    out
}

/// The command line with an engine word of the form `FAMILY:CLASS` after an
/// engine verb (`state identify westwood:random4`, as `state find --engine`
/// writes it) as `FAMILY --class CLASS`, where the family's subcommand for
/// that verb takes `--class` (clap then checks the class). Other words are
/// left alone.
pub fn expand_classes(args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    const VERBS: [(&str, Verb); 8] = [
        ("stream", Verb::Stream),
        ("ledger", Verb::Ledger),
        ("recover", Verb::Recover),
        ("save", Verb::Save),
        ("identify", Verb::Identify),
        ("diff", Verb::Diff),
        ("show", Verb::Show),
        ("convert", Verb::Convert),
    ];
    let split = |i: usize| -> Option<(&'static str, String)> {
        let prev = args[i - 1].to_str()?;
        let &(_, verb) = VERBS.iter().find(|(v, _)| *v == prev)?;
        if verb.is_state() != (i >= 2 && args[i - 2] == "state") {
            return None;
        }
        let (family, class) = args[i].to_str()?.split_once(':')?;
        let family = *Id::families().iter().find(|f| **f == family)?;
        let takes = Family::of(family, verb).is_some_and(|f| f.has_classes());
        (takes && !class.is_empty()).then(|| (family, class.to_string()))
    };
    let Some((at, (family, class))) = (1..args.len()).find_map(|i| split(i).map(|s| (i, s))) else {
        return args;
    };
    let mut out = args[..at].to_vec();
    out.push(family.into());
    out.push("--class".into());
    out.push(class.into());
    out.extend_from_slice(&args[at + 1..]);
    out
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

    /// An optional path argument.
    pub fn path_opt(&self, name: &str) -> Option<PathBuf> {
        self.m.try_get_one::<PathBuf>(name).ok().flatten().cloned()
    }

    /// What this command asks, as one canonical line: the verb, the
    /// generator, and every option's value (defaults included, in name
    /// order), leaving out `skip` (those that change how a search runs, not
    /// its answer). Two runs with equal lines ask the same question.
    pub fn query(&self, skip: &[&str]) -> String {
        let id = self.id();
        let mut line = format!("{:?} {}", self.verb, id.info().name).to_lowercase();
        if let Some(class) = id.info().class {
            line.push_str(&format!(" --class {class}"));
        }
        let mut ids: Vec<&str> = self.m.ids().map(|i| i.as_str()).collect();
        ids.sort_unstable();
        for name in ids {
            // How a run reports (quiet, progress lines, a count for the hits)
            // is not what it searched.
            if skip.contains(&name) || matches!(name, "class" | "quiet" | "progress" | "count") {
                continue;
            }
            let Some(raw) = self.m.get_raw(name) else {
                continue;
            };
            let values: Vec<String> = raw.map(|v| v.to_string_lossy().into_owned()).collect();
            line.push_str(&format!(" --{name} {}", values.join(",")));
        }
        line
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
