//! What `ts` declares (SPEC 12.2, 12.5): Tiberian Sun's sync dump, the RNG
//! ring of ts-patches and Vinifera, and Vinifera's values.

use crate::sync::format::{Bounds, Fields, Info, Opt, Param};
use crate::sync::help;

/// `ts` (also `vinifera`, the name it had before the ring was read).
pub const TS: Info = Info {
    name: "ts",
    aliases: &["vinifera"],
    about: "Tiberian Sun sync dump (ts-patches, Vinifera): the RNG ring placed in the seed's \
        scenario stream or two players' rings aligned, their FPU words compared; a file of values \
        only ('Scenario random', 'Random Number') as before",
    help: &[
        "Reads the '--- BEGIN RANDOM ---' ring of ts-patches (log_more_oos.c) and Vinifera \
        (SyncRecorder): newest first, MIX1/MIX2 the cursors before each call. CRITICAL calls are \
        the scenario stream; NONCRIT ones are kept apart. With {seed} (or Vinifera's own 'Random \
        seed:' line) the calls are placed in the seed's scenario stream as Phobos' are (every \
        position up to {max-draws}, default 10^7); with two dumps they are aligned call by call \
        and the first call one side made alone is named, with the k <= {max-shift} (default 16) \
        extra calls that realign the rest. The newest call's draws are not known (its cursors \
        are read before it) and it is not checked. Two players whose 'FPU State:' words differ \
        (precision _PC_24/_PC_53/_PC_64, rounding) compute floats differently: named as the \
        cause even where the rings agree. ts-patches' NoRNG (no draw from frame 10 on) is \
        recognised and not placed. A file with no ring is read for Vinifera's values: each \
        'Scenario random' / 'Random Number' placed in the seed's stream ({max-draws} default \
        10^8).",
        help::EXIT,
    ],
    logs: help::LOGS,
    takes: &[
        Param::new(Opt::Seed, help::SEED),
        Param::new(
            Opt::MaxDraws,
            "Positions of the first call tried with a seed, in draws (default 10^7 for a ring, \
            10^8 for values; at most 10^10)",
        ),
        Param::new(
            Opt::MaxShift,
            "Extra calls on one side tried to realign two rings (default 16, at most 4096)",
        ),
        Param::new(Opt::Names, help::NAMES),
        Param::new(
            Opt::Image,
            "Name callers by the function map of this image (game.exe), as `scan` finds it",
        ),
    ],
    // A file of values: a ring is placed within Phobos' bounds.
    bounds: Bounds {
        max_draws: 100_000_000,
        ceiling: 10_000_000_000,
        // Vinifera's time grows with the values logged.
        ceiling_time: "about 35 s for one value, 70 s for five",
        max_shift: 16,
    },
    fields: Fields {
        caller: true,
        source: false,
    },
};
