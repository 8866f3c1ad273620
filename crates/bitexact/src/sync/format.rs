//! What a desync-log format declares about itself ([`Info`], SPEC 12): its
//! names, its bounds, the options it reads and the help a front end shows
//! for it. Each format's [`Info`] is a constant in its writer's folder
//! (`phobos/info.rs`, …); the front ends render their subcommands, flags,
//! help and messages from it and never name a format themselves.
//!
//! Texts name a parameter as `{key}`: an [`Opt::key`], or `{json}` (the
//! report as JSON). A front end renders each as it spells it (the CLI:
//! `{max-draws}` is `--max-draws`), so no text here names a flag.

/// A format's facts: everything a front end shows or checks about it
/// before its check runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Info {
    /// The name the front ends use (`phobos`, `generals-crc`).
    pub name: &'static str,
    /// Other names the front ends accept for it (`vinifera` for `ts`).
    pub aliases: &'static [&'static str],
    /// One line: what the log is and what is checked (the CLI's `about`).
    pub about: &'static str,
    /// The paragraphs of help after the options (the CLI's `after_help`),
    /// each one paragraph, parameters as `{key}`.
    pub help: &'static [&'static str],
    /// The two logs: the first, and a second player's of the same moment.
    pub logs: [Input; 2],
    /// The options the format reads, each with its help for this format;
    /// a front end offers these and no others.
    pub takes: &'static [Param],
    /// The bounds on its work.
    pub bounds: Bounds,
    /// What a divergence of this format carries beyond line, frame and
    /// text (the JSON's fields, the page's rows).
    pub fields: Fields,
}

impl Info {
    /// The option `opt` as this format declares it, when it takes it.
    pub fn param(&self, opt: Opt) -> Option<&'static Param> {
        self.takes.iter().find(|p| p.opt == opt)
    }

    /// Whether `name` is this format's name or one of its aliases.
    pub fn is_named(&self, name: &str) -> bool {
        self.name == name || self.aliases.contains(&name)
    }
}

/// One of the logs a check reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Input {
    /// What it is called (`log`, `report`; the CLI's value name).
    pub name: &'static str,
    /// One line of help.
    pub help: &'static str,
}

/// An option a format takes, with its help for that format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param {
    /// The option.
    pub opt: Opt,
    /// One line of help (parameters as `{key}`).
    pub help: &'static str,
    /// The value taken when none is given, as a front end shows it
    /// (`logic`); `None` when the help says it or there is none.
    pub default: Option<&'static str>,
    /// What a front end calls the value (`FILE.orarep`); `None`: the
    /// option's own name for it.
    pub value: Option<&'static str>,
}

impl Param {
    /// `opt` with `help` and no default shown.
    pub const fn new(opt: Opt, help: &'static str) -> Param {
        Param {
            opt,
            help,
            default: None,
            value: None,
        }
    }

    /// `opt` with `help` and the default a front end shows.
    pub const fn with_default(opt: Opt, help: &'static str, default: &'static str) -> Param {
        Param {
            opt,
            help,
            default: Some(default),
            value: None,
        }
    }

    /// This, its value called `name` by a front end.
    pub const fn named(self, name: &'static str) -> Param {
        Param {
            value: Some(name),
            ..self
        }
    }
}

/// The options a check may read (the fields of `Options`, and where a
/// front end gets them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Opt {
    /// The match seed (`Options::seed`).
    Seed,
    /// The seed read from the game's replay file (`Format::replay_seed`).
    Replay,
    /// The window searched around a logged count (`Options::window`).
    Window,
    /// Which log of a file holding several (`Options::log`).
    Log,
    /// The bound on draws replayed (`Options::max_draws`).
    MaxDraws,
    /// The stream checked (`Options::stream`).
    Stream,
    /// The bound on the realignment search (`Options::max_shift`).
    MaxShift,
    /// Names for callers from a names file (`Options::names`).
    Names,
    /// Names for callers from the functions of the game's executable
    /// (`Options::names`, from `scan`'s function map).
    Image,
    /// The address range of the ranged draw (`Options::ranged_fn`).
    RangedFn,
}

impl Opt {
    /// Every option, in the order the CLI lists them.
    pub const ALL: [Opt; 10] = [
        Opt::Seed,
        Opt::Replay,
        Opt::Window,
        Opt::Log,
        Opt::MaxDraws,
        Opt::Stream,
        Opt::MaxShift,
        Opt::Names,
        Opt::Image,
        Opt::RangedFn,
    ];

    /// Its key in texts (`{max-draws}`).
    pub const fn key(self) -> &'static str {
        match self {
            Opt::Seed => "seed",
            Opt::Replay => "replay",
            Opt::Window => "window",
            Opt::Log => "log",
            Opt::MaxDraws => "max-draws",
            Opt::Stream => "stream",
            Opt::MaxShift => "max-shift",
            Opt::Names => "names",
            Opt::Image => "image",
            Opt::RangedFn => "ranged-fn",
        }
    }
}

/// A format's bounds on its work (SPEC 12).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The default bound on draws replayed.
    pub max_draws: u64,
    /// The largest draw bound accepted: refused above it rather than left
    /// to run for minutes.
    pub ceiling: u64,
    /// The time a check takes at the ceiling, for the refusal's message,
    /// measured on a 2-core AMD EPYC (Zen 3, release build; at a tenth of
    /// the ceiling and scaled, the work being linear in the bound).
    pub ceiling_time: &'static str,
    /// The default bound on the realignment search, in calls or draws (0:
    /// the format does not realign).
    pub max_shift: u64,
}

/// What a format's divergences carry beyond line, frame and text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fields {
    /// The caller's address and name (the ring formats).
    pub caller: bool,
    /// The source file and line (Generals).
    pub source: bool,
}

/// `text` (a help text or an error's message) with each `{key}` as a front
/// end spells its option (the CLI: `{seed}` is `--seed`; Python: `seed=`).
pub fn render(text: &str, spell: impl Fn(Opt) -> std::string::String) -> std::string::String {
    Opt::ALL
        .iter()
        .fold(std::string::String::from(text), |t, &o| {
            t.replace(&std::format!("{{{}}}", o.key()), &spell(o))
        })
}
