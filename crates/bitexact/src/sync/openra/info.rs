//! What `openra` declares (SPEC 11, 12.4, 12.5): OpenRA's sync report,
//! against the seed (given, or read from the replay) or a second player's.

use crate::sync::format::{Bounds, Fields, Info, Input, Opt, Param};

/// The default window, in draws on each side of `#T`.
pub const DEFAULT_WINDOW: u64 = 10_000;

/// The widest window accepted.
pub const MAX_WINDOW: u64 = 10_000_000;

/// `openra`: each frame's `SharedRandom: L (#T)` against the seed's
/// stream, or two players' reports compared.
pub const OPENRA: Info = Info {
    name: "openra",
    aliases: &[],
    about: "OpenRA's sync report: each frame's `SharedRandom: L (#T)` against the seed's stream, \
        or two players' reports compared",
    help: &[
        "One report and {seed} (or {replay} FILE.orarep, whose last SyncInfo before StartGame \
        holds the seed): for each 'Sync for net frame F' with its 'SharedRandom: L (#T)' line, \
        checks that draw #T (1-based; T = 0: no draw yet) of MersenneTwister(SEED)'s Next() \
        values is L. When it is not, looks for L within {window} draws on both sides: found at \
        #P, the client's SharedRandom is P - T draws ahead of its count (behind when negative); \
        not found, the stream itself differs (another seed, or a re-seeded generator).",
        "Two reports (what every desync thread compares by hand): per net frame both hold, the \
        SharedRandom counts first (T differs: one side made |dT| more draws; the same T with \
        another L is not one seed), then the synced traits keyed by actor ID and trait class, \
        naming the first whose hash differs and its first differing member, then the effects. \
        Header lines (Player, Game ID) are not compared. A report that says 'No sync report \
        available!' is no evidence (exit 1), not bad input.",
        "Exit codes: 0 consistent (or the reports agree), 1 a frame not consistent, a \
        difference, or no evidence, 2 bad input (a malformed report names its line).",
    ],
    logs: [
        Input {
            name: "report",
            help: "The sync report (syncreport.log; `-` for stdin)",
        },
        Input {
            name: "report2",
            help: "A second player's report of the same desync: the two are compared",
        },
    ],
    takes: &[
        Param::new(
            Opt::Seed,
            "The game's SharedRandom seed: an int32 as OpenRA writes it, or its bits",
        ),
        Param::new(
            Opt::Replay,
            "Read the seed from the game's replay: the RandomSeed of the last SyncInfo before \
            StartGame",
        )
        .named("FILE.orarep"),
        // `DEFAULT_WINDOW`, as a front end shows it.
        Param::with_default(
            Opt::Window,
            "Draws searched on each side of #T for a mismatching value (at most 10^7)",
            "10000",
        ),
    ],
    bounds: Bounds {
        max_draws: 1_000_000_000,
        ceiling: 1_000_000_000,
        ceiling_time: "about 3 s",
        max_shift: 0,
    },
    fields: Fields {
        caller: false,
        source: false,
    },
};
