//! Help that several formats' [`Info`](super::format::Info) share:
//! the logs, the seed, callers' names, the value search and the exit codes
//! (parameters as `{key}`, rendered by each front end).

use super::format::Input;

/// The logs most formats read: the log as written, and a second player's.
pub const LOGS: [Input; 2] = [
    Input {
        name: "log",
        help: "The log, as the game wrote it (`-` for stdin)",
    },
    Input {
        name: "log2",
        help: "A second player's log of the same moment",
    },
];

/// The match seed as the logs print it.
pub const SEED: &str =
    "The match seed: decimal or 0x hex, an int32 as the logs print it or its 32-bit pattern";

/// Callers named by a disassembler's export.
pub const NAMES: &str =
    "Name callers: lines 'ADDRESS NAME' or 'ADDRESS,NAME' (hex) exported from a disassembler";

/// The bound of a search for logged values (Ares, Generals' CRCs).
pub const VALUES_MAX_DRAWS: &str =
    "Draws searched (default 10^8 for vinifera and ares, 10^7 for generals-crc; at most 10^10)";

/// How logged values are searched (Ares, Generals' CRCs).
pub const VALUES: &str = "Each logged value is searched in the seed's stream over the whole \
    bound ({max-draws}, default 10^8 draws for Vinifera and Ares, about 0.35 s; 10^7 for \
    generals-crc, about 0.08 s; at most 10^10, about 35 s (one value; 70 s for five) and 80 s), \
    so a value that occurs twice is said so. A 32-bit value is found within N draws of an \
    unrelated stream with chance about N / 2^32: the report gives it. Two logs: how many draws B \
    is ahead of A (Vinifera, Ares), or the first frame whose draw counts differ (generals-crc).";

/// What a check's verdicts mean to a caller, for every format but OpenRA.
pub const EXIT: &str = "Exit codes: 0 consistent (or the two logs agree), 1 a divergence, or a \
    log that cannot be placed (\"ambiguous\"), 2 bad input (a malformed line is named by its \
    number). {json} prints one object: consistent, summary, first_divergence, shift, position, \
    ambiguous, checked, details and the format's own fields.";
