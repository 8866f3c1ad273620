//! The one list of formats ([`Format`]): each writer's folder and the
//! formats it holds, the one place a format is registered. [`Format`] is
//! made from it and [`check`] dispatches through it (the folders are
//! `sync`'s modules, one `pub mod` each in `sync/mod.rs`); the front ends
//! take a format by name from it ([`Format::from_name`]) and render their
//! subcommands, flags and messages from its [`Info`].

use super::error::SyncError;
use super::format::Info;
use super::options::Options;
use super::report::Report;
use super::writer::Writer;
use std::io::BufRead;
use std::string::String;
use std::vec::Vec;

/// The list: `folder { Variant, … }` per writer, each `Variant` the type
/// in `folder` that implements [`Writer`] and the [`Format`] of that name,
/// in the order the front ends list them. `formats!(m)` calls `m! { … }`
/// with the list.
macro_rules! formats {
    ($m:ident) => {
        $m! {
            phobos {
                /// Phobos' `RNG Calls:` section of `SYNC#.TXT` (Yuri's Revenge; SPEC 12.1).
                Phobos,
            }
            ts {
                /// Tiberian Sun's sync dump: the RNG ring of ts-patches and Vinifera
                /// (`--- BEGIN RANDOM ---`), its `FPU State:` line, and Vinifera's
                /// values (SPEC 12.2, 12.5). Also named `vinifera`.
                Ts,
            }
            ares {
                /// Ares' `My Random Number:` (Yuri's Revenge; SPEC 12.2).
                Ares,
            }
            generals {
                /// Generals' `DEBUG_RANDOM_LOGIC` lines (SPEC 12.3).
                Generals,
                /// Generals' `crcDebug` `RandomSeed:` lines (SPEC 12.3).
                GeneralsCrc,
            }
            openra {
                /// OpenRA's sync report (SPEC 11, 12.4).
                Openra,
            }
        }
    };
}

/// [`Format`] and its dispatch: the one `match` over the list.
macro_rules! define_formats {
    ($($folder:ident { $($(#[$doc:meta])* $format:ident,)+ })*) => {
        /// The log formats [`check`] reads: one per registered [`Writer`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Format {
            $($($(#[$doc])* $format,)+)*
        }

        impl Format {
            /// Every format, in the order the front ends list them.
            pub const ALL: &'static [Format] = &[$($(Format::$format,)+)*];

            /// Its facts: names, bounds, the options it reads, its help.
            pub const fn info(self) -> &'static Info {
                match self {
                    $($(Format::$format => <super::$folder::$format as Writer>::INFO,)+)*
                }
            }

            /// [`Writer::check`] of the format.
            fn dispatch(
                self,
                a: &mut dyn BufRead,
                b: Option<&mut dyn BufRead>,
                options: &Options,
            ) -> Result<Report, SyncError> {
                match self {
                    $($(Format::$format => <super::$folder::$format as Writer>::check(a, b, options),)+)*
                }
            }

            /// The match seed a game's replay file holds, for a format that
            /// takes one ([`Writer::replay_seed`]); `None` for the others.
            pub fn replay_seed(self, replay: &[u8]) -> Option<Result<i32, SyncError>> {
                match self {
                    $($(Format::$format => <super::$folder::$format as Writer>::replay_seed(replay),)+)*
                }
            }
        }
    };
}

formats!(define_formats);

impl Format {
    /// The name the front ends use: `phobos`, `ts`, `ares`, `generals`,
    /// `generals-crc`, `openra`.
    pub const fn name(self) -> &'static str {
        self.info().name
    }

    /// Other names the front ends accept for it (`vinifera` for `ts`, the
    /// name it had before the ring was read).
    pub const fn aliases(self) -> &'static [&'static str] {
        self.info().aliases
    }

    /// The format of that name (or alias).
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|f| f.info().is_named(name))
    }

    /// Every format's name, its aliases in brackets, for a message:
    /// `phobos, ts (vinifera), ares, generals, generals-crc or openra`.
    pub fn list() -> String {
        let names: Vec<String> = Self::ALL
            .iter()
            .map(|f| match f.aliases() {
                [] => f.name().into(),
                a => std::format!("{} ({})", f.name(), a.join(", ")),
            })
            .collect();
        match names.split_last() {
            Some((last, rest)) => std::format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        }
    }
}

/// Check `a` (and `b`, a second player's log of the same moment, when
/// given) in `format` (SPEC 12): the format's [`Writer::check`]. Each log is
/// read once, streaming; memory is bounded by the format's window (a Phobos
/// ring, the realignment look-ahead), not by the log's size.
///
/// Errors ([`SyncError`]): an unreadable or malformed log (with its line),
/// a missing seed where the format needs one, an option out of range.
pub fn check(
    format: Format,
    a: &mut dyn BufRead,
    b: Option<&mut dyn BufRead>,
    options: &Options,
) -> Result<Report, SyncError> {
    // A unified diff of two logs is never checked as one (SPEC 12.6).
    super::posted::refuse_diff(a, super::error::Which::A)?;
    let b = match b {
        Some(b) => {
            super::posted::refuse_diff(b, super::error::Which::B)?;
            Some(b)
        }
        None => None,
    };
    format.dispatch(a, b, options)
}

#[cfg(test)]
mod tests {
    use super::super::format::Opt;
    use super::*;

    #[test]
    fn names_are_unique_and_found() {
        for f in Format::ALL {
            for n in core::iter::once(f.name()).chain(f.aliases().iter().copied()) {
                assert_eq!(Format::from_name(n), Some(*f), "{n}");
                let owners = Format::ALL.iter().filter(|g| g.info().is_named(n));
                assert_eq!(owners.count(), 1, "{n} names two formats");
            }
        }
        assert_eq!(Format::from_name("nope"), None);
        assert_eq!(
            Format::list(),
            "phobos, ts (vinifera), ares, generals, generals-crc or openra"
        );
    }

    #[test]
    fn what_a_format_declares_is_what_it_does() {
        for f in Format::ALL {
            let info = f.info();
            // A replay's seed exactly where the format takes a replay.
            assert_eq!(
                f.replay_seed(&[]).is_some(),
                info.param(Opt::Replay).is_some(),
                "{}",
                info.name
            );
            // A realignment bound only where the option is offered.
            assert_eq!(
                info.bounds.max_shift > 0,
                info.param(Opt::MaxShift).is_some(),
                "{}",
                info.name
            );
            assert!(
                info.bounds.max_draws <= info.bounds.ceiling,
                "{}",
                info.name
            );
        }
        // The defaults the front ends show are the library's.
        let shown = |f: Format, o: Opt| f.info().param(o).and_then(|p| p.default);
        let (lo, hi) = super::super::phobos::RANGED_FN;
        let ranged = std::format!("{lo:#X}..{hi:#X}");
        assert_eq!(shown(Format::Phobos, Opt::RangedFn), Some(ranged.as_str()));
        let window = std::format!("{}", super::super::openra::DEFAULT_WINDOW);
        assert_eq!(shown(Format::Openra, Opt::Window), Some(window.as_str()));
        let stream = super::super::generals::Stream::default().name();
        assert_eq!(shown(Format::Generals, Opt::Stream), Some(stream));
    }
}
