//! What `phobos` declares (SPEC 12.1): Yuri's Revenge with Phobos, the
//! `RNG Calls:` ring of `SYNC#.TXT` and its JSON state dumps.

use crate::sync::format::{Bounds, Fields, Info, Opt, Param};
use crate::sync::help;

/// `phobos`: the ring placed in the seed's scenario stream, or two
/// players' rings aligned.
pub const PHOBOS: Info = Info {
    name: "phobos",
    aliases: &[],
    about: "Phobos SYNC#.TXT (Yuri's Revenge): the RNG Calls ring placed in the seed's scenario \
        stream, or two players' rings aligned",
    help: &[
        "With {seed}: every position of the first call up to {max-draws} (default 10^7 draws, \
        about 0.2 s) is tried; the one placement where every call makes the draws its cursors say \
        (Single 1, Ranged what the ranged rule makes on the replayed words) is 'consistent' \
        (placements differing only in where the oldest call starts count as one); several are \
        'ambiguous' (a log of Single calls never pins its position); none is a divergence at the \
        call the best placement fails. A ring holding the end of an earlier game (frames and \
        cursors restart) is checked from the new game, placed at the seed's first draws. With \
        two logs and no seed: the rings are aligned on frame and cursors and the first differing \
        call is named, with the k <= {max-shift} (default 16) extra calls on one side that \
        realign the rest. A file holding several logs is read whole; {log} picks one (default \
        the last).",
        help::EXIT,
    ],
    logs: help::LOGS,
    takes: &[
        Param::new(Opt::Seed, help::SEED),
        Param::new(
            Opt::Log,
            "Which log of a file holding several (1-based; default the last)",
        ),
        Param::new(
            Opt::MaxDraws,
            "Positions of the first call tried with {seed}, in draws (default 10^7, about 0.2 s; \
            at most 10^9)",
        ),
        Param::new(
            Opt::MaxShift,
            "Extra calls on one side tried to realign two logs (default 16, at most 4096)",
        ),
        Param::new(Opt::Names, help::NAMES),
        Param::new(
            Opt::Image,
            "Name callers by the function map of this image (gamemd.exe), as `scan` finds it",
        ),
        // `ring::RANGED_FN`, as a front end shows it.
        Param::with_default(
            Opt::RangedFn,
            "RandomRanged's address range, whose inner Single lines belong to the Ranged line \
            after them",
            "0x65C7E0..0x65C88D",
        ),
    ],
    bounds: Bounds {
        max_draws: 10_000_000,
        ceiling: 1_000_000_000,
        // For a real 4096-entry ring.
        ceiling_time: "about 30 s",
        max_shift: 16,
    },
    fields: Fields {
        caller: true,
        source: false,
    },
};
