//! What Generals' two formats declare (SPEC 12.3): `generals`, the
//! `DEBUG_RANDOM_LOGIC` lines, and `generals-crc`, the `crcDebug` files.

use super::stream::Stream;
use crate::sync::format::{Bounds, Fields, Info, Opt, Param};
use crate::sync::help;

/// `generals`: every logged draw replayed from its `InitRandom` line.
pub const GENERALS: Info = Info {
    name: "generals",
    aliases: &[],
    about: "Generals / Zero Hour DEBUG_RANDOM_LOGIC lines: every GetGame…RandomValue replayed \
        from InitRandom or {seed}",
    help: &[
        "Every logged line is one draw of its stream (calls that draw nothing return before \
        logging). Int lines are checked exactly: value == draw mod (hi - lo + 1) + lo; real \
        lines are counted, not checked (they do not carry their bounds). InitRandom lines \
        re-seed and restart the count; {seed} seeds the lines before the first. On the first \
        mismatch, shifts |k| <= {max-shift} (default 64) draws are tried on the next 256 lines: \
        k > 0, the game made k draws the log does not show; k < 0, the log shows |k| lines the \
        replay does not make; 0, only that line differs. Two logs and no seed: compared line by \
        line, with the same shifts.",
        help::EXIT,
    ],
    logs: help::LOGS,
    takes: &[
        Param::new(Opt::Seed, help::SEED),
        Param::with_default(
            Opt::Stream,
            "The stream whose lines are checked",
            Stream::Logic.name(),
        ),
        Param::new(
            Opt::MaxShift,
            "Draws (or lines) tried to realign after the first mismatch (default 64, at most 4096)",
        ),
    ],
    // Every line is replayed: no bound on draws.
    bounds: Bounds {
        max_draws: u64::MAX,
        ceiling: u64::MAX,
        ceiling_time: "",
        max_shift: 64,
    },
    fields: Fields {
        caller: false,
        source: true,
    },
};

/// `generals-crc`: each `RandomSeed:` CRC placed in the logic stream.
pub const GENERALS_CRC: Info = Info {
    name: "generals-crc",
    aliases: &[],
    about: "Generals crcDebug file: each 'RandomSeed:' CRC placed in the seed's logic stream, \
        draws per frame",
    help: &[
        "Each 'FRAME:INDEX RandomSeed: CRC' line is placed at the smallest draw count, not below \
        the previous line's, whose logic state has that CRC (GetGameLogicRandomSeedCRC).",
        help::VALUES,
        help::EXIT,
    ],
    logs: help::LOGS,
    takes: &[
        Param::new(Opt::Seed, help::SEED),
        Param::new(Opt::MaxDraws, help::VALUES_MAX_DRAWS),
    ],
    bounds: Bounds {
        max_draws: 10_000_000,
        ceiling: 10_000_000_000,
        ceiling_time: "about 80 s",
        max_shift: 0,
    },
    fields: Fields {
        caller: false,
        source: false,
    },
};
