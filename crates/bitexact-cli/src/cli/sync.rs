//! The `sync` subcommands, built from the library's list of formats
//! (`bitexact::sync::Format`): one subcommand per format, its about and
//! after-help its [`Info`]'s, taking exactly the options its
//! [`Info::takes`] lists. The options are one list ([`FLAGS`], in the
//! manner of `flags.rs`): each says which library option it sets and how
//! it reads; a new format needs no line here.

use crate::num;
use bitexact::sync::{Format, Info, Input, Opt, Stream};
use clap::builder::PossibleValuesParser;
use clap::{Arg, ArgAction, ArgMatches, Command};
use std::path::PathBuf;

/// One option: the library option a format must declare to take it
/// (`None`: every format takes it), its long name, its argument's id (as
/// clap's derive named it, so completions and man pages read as before),
/// and its clap argument.
struct Flag {
    opt: Option<Opt>,
    long: &'static str,
    id: &'static str,
    arg: fn(Arg) -> Arg,
}

fn path(arg: Arg, value_name: &'static str) -> Arg {
    arg.value_name(value_name)
        .value_parser(clap::value_parser!(PathBuf))
}

/// The one list of `sync` options, in help order.
const FLAGS: &[Flag] = &[
    Flag {
        opt: Some(Opt::Seed),
        long: "seed",
        id: "seed",
        arg: |a| {
            a.value_name("SEED")
                .value_parser(num::parse_int_seed)
                .allow_hyphen_values(true)
        },
    },
    Flag {
        opt: Some(Opt::Replay),
        long: "replay",
        id: "replay",
        arg: |a| path(a, "FILE"),
    },
    Flag {
        opt: Some(Opt::Window),
        long: "window",
        id: "window",
        arg: |a| a.value_name("WINDOW").value_parser(num::parse_u64),
    },
    Flag {
        opt: None,
        long: "json",
        id: "json",
        arg: |a| a.action(ArgAction::SetTrue).help("Print one JSON object"),
    },
    Flag {
        opt: None,
        long: "html",
        id: "html",
        arg: |a| {
            path(a, "FILE").help(
                "Also write one self-contained HTML page of the report to FILE (no network; \
                 the JSON inside; stdout and exit code unchanged)",
            )
        },
    },
    Flag {
        opt: Some(Opt::Log),
        long: "log",
        id: "log_index",
        arg: |a| a.value_name("K").value_parser(num::parse_u64_usize),
    },
    Flag {
        opt: Some(Opt::MaxDraws),
        long: "max-draws",
        id: "max_draws",
        arg: |a| a.value_name("MAX_DRAWS").value_parser(num::parse_u64),
    },
    Flag {
        opt: Some(Opt::Stream),
        long: "stream",
        id: "stream",
        arg: |a| {
            a.value_name("STREAM")
                .value_parser(PossibleValuesParser::new(Stream::ALL.map(Stream::name)))
        },
    },
    Flag {
        opt: Some(Opt::MaxShift),
        long: "max-shift",
        id: "max_shift",
        arg: |a| a.value_name("MAX_SHIFT").value_parser(num::parse_u64),
    },
    Flag {
        opt: Some(Opt::Names),
        long: "names",
        id: "names",
        arg: |a| path(a, "FILE"),
    },
    Flag {
        opt: Some(Opt::Image),
        long: "image",
        id: "image",
        arg: |a| path(a, "EXE"),
    },
    Flag {
        opt: Some(Opt::RangedFn),
        long: "ranged-fn",
        id: "ranged_fn",
        arg: |a| {
            a.value_name("START..END")
                .value_parser(num::parse_range_u32)
        },
    },
];

/// A library text (help or a message) with each `{key}` as the CLI spells
/// it (`--max-draws`).
pub fn render(text: &str) -> String {
    let flag = |o: Opt| {
        FLAGS
            .iter()
            .find(|f| f.opt == Some(o))
            .map_or(o.key(), |f| f.long)
    };
    let options = bitexact::sync::render(text, |o| format!("--{}", flag(o)));
    // The flags every format takes (`{json}`) are the CLI's own.
    FLAGS
        .iter()
        .filter(|f| f.opt.is_none())
        .fold(options, |t, f| {
            t.replace(&format!("{{{}}}", f.long), &format!("--{}", f.long))
        })
}

/// The subcommand of `info`: its logs, then the options it takes, in
/// [`FLAGS`]' order.
fn format_command(info: &'static Info) -> Command {
    let log = |input: Input| {
        Arg::new(input.name)
            .value_name(input.name.to_uppercase())
            .value_parser(clap::value_parser!(PathBuf))
            .help(input.help)
    };
    let mut cmd = Command::new(info.name)
        .aliases(info.aliases)
        .about(render(info.about))
        .after_help(render(&info.help.join("\n\n")))
        .allow_negative_numbers(true)
        .arg(log(info.logs[0]).required(true))
        .arg(log(info.logs[1]));
    let replay = FLAGS.iter().find(|f| f.opt == Some(Opt::Replay));
    for flag in FLAGS {
        let arg = Arg::new(flag.id).long(flag.long);
        let arg = match flag.opt.map(|o| info.param(o)) {
            None => (flag.arg)(arg),
            Some(None) => continue,
            Some(Some(p)) => {
                let mut arg = (flag.arg)(arg).help(render(p.help));
                if let Some(d) = p.default {
                    arg = arg.default_value(d);
                }
                if let Some(v) = p.value {
                    arg = arg.value_name(v);
                }
                arg
            }
        };
        // A seed read from the replay is not also given.
        let arg = match replay {
            Some(r) if flag.opt == Some(Opt::Seed) && info.param(Opt::Replay).is_some() => {
                arg.conflicts_with(r.id)
            }
            _ => arg,
        };
        cmd = cmd.arg(arg);
    }
    cmd
}

/// A `sync` subcommand as parsed: the format and its options.
#[derive(Clone, Debug)]
pub struct SyncArgs {
    /// The format named.
    pub format: Format,
    /// The options given.
    pub m: ArgMatches,
}

impl SyncArgs {
    /// The argument `id` of type `T`, when given (or defaulted) and taken
    /// by the format.
    pub fn get<T: Clone + Send + Sync + 'static>(&self, id: &str) -> Option<T> {
        self.m.try_get_one::<T>(id).ok().flatten().cloned()
    }

    /// The value of the flag that sets `opt`, when the format takes it and
    /// it was given (or has a default).
    pub fn opt<T: Clone + Send + Sync + 'static>(&self, opt: Opt) -> Option<T> {
        let flag = FLAGS.iter().find(|f| f.opt == Some(opt))?;
        self.get(flag.id)
    }

    /// The first log (`second`: the second player's, when given).
    pub fn log(&self, second: bool) -> Option<PathBuf> {
        self.get(self.format.info().logs[usize::from(second)].name)
    }

    /// The switch every format takes with long name `long` (`json`).
    pub fn flag(&self, long: &str) -> bool {
        self.get::<bool>(self.id(long)).unwrap_or(false)
    }

    /// The path every format takes with long name `long` (`html`).
    pub fn path(&self, long: &str) -> Option<PathBuf> {
        self.get(self.id(long))
    }

    fn id(&self, long: &str) -> &'static str {
        FLAGS
            .iter()
            .find(|f| f.opt.is_none() && f.long == long)
            .map_or("", |f| f.id)
    }
}

impl clap::FromArgMatches for SyncArgs {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let (name, sub) = m
            .subcommand()
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::MissingSubcommand))?;
        let format = Format::from_name(name)
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::InvalidSubcommand))?;
        Ok(SyncArgs {
            format,
            m: sub.clone(),
        })
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}

impl clap::Subcommand for SyncArgs {
    fn augment_subcommands(cmd: Command) -> Command {
        cmd.subcommands(Format::ALL.iter().map(|f| format_command(f.info())))
    }

    fn augment_subcommands_for_update(cmd: Command) -> Command {
        Self::augment_subcommands(cmd)
    }

    fn has_subcommand(name: &str) -> bool {
        Format::from_name(name).is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every text a format declares names only parameters the CLI spells,
    /// and every option it takes has its flag.
    #[test]
    fn every_format_renders_whole() {
        for f in Format::ALL {
            let info = f.info();
            let texts = [info.about]
                .into_iter()
                .chain(info.help.iter().copied())
                .chain(info.takes.iter().map(|p| p.help));
            for t in texts {
                let r = render(t);
                assert!(!r.contains('{') && !r.contains('}'), "{}: {r}", info.name);
            }
            for p in info.takes {
                assert!(
                    FLAGS.iter().any(|fl| fl.opt == Some(p.opt)),
                    "{}: no flag for {:?}",
                    info.name,
                    p.opt
                );
            }
        }
    }
}
