//! What `ares` declares (SPEC 12.2): Yuri's Revenge with Ares, its sync
//! log's `My Random Number:`.

use crate::sync::format::{Bounds, Fields, Info, Opt, Param};
use crate::sync::help;

/// `ares`: where the logged value sits in the seed's scenario stream.
pub const ARES: Info = Info {
    name: "ares",
    aliases: &[],
    about: "Ares sync log (Yuri's Revenge): where 'My Random Number' sits in the seed's scenario \
        stream",
    help: &[help::VALUES, help::EXIT],
    logs: help::LOGS,
    takes: &[
        Param::new(Opt::Seed, help::SEED),
        Param::new(Opt::MaxDraws, help::VALUES_MAX_DRAWS),
    ],
    bounds: Bounds {
        max_draws: 100_000_000,
        ceiling: 10_000_000_000,
        ceiling_time: "about 35 s for one value, 70 s for five",
        max_shift: 0,
    },
    fields: Fields {
        caller: false,
        source: false,
    },
};
