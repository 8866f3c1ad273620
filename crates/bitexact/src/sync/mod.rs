//! Desync evidence in the formats the games write (SPEC 12; needs `std`).
//!
//! A desync hunter holds what the game or its extension wrote when the
//! desync hit — Phobos' `SYNC#.TXT` call list, a Vinifera or Ares CRC log, a
//! Generals debug log or `crcDebug` file, OpenRA's sync report — plus the
//! match seed and often a second player's log. [`check`] reads such a log as
//! written (streaming, CRLF and a BOM tolerated), replays the generator from
//! the seed or aligns it with the second log, and returns one [`Report`]:
//! consistent, or the first divergence (entry or line, frame, caller or
//! source file and line, what the log says, what the replay or the other log
//! says, context), whether `k` extra or missing calls realign the rest
//! (`shift`), where the log sits in the seed's stream (`position`), and how
//! many placements fit when more than one does (`ambiguous`: never
//! "consistent").
//!
//! One folder per writer, each holding its formats' facts (`info.rs`: an
//! [`Info`]), their readers, placements and comparisons, and an `impl`
//! [`Writer`] per format:
//!
//! | folder | format | what it reads |
//! | --- | --- | --- |
//! | [`phobos`] | `phobos` | Phobos' `RNG Calls:` ring and its JSON state dumps (SPEC 12.1) |
//! | [`ts`] | `ts` (`vinifera`) | Tiberian Sun's RNG ring (ts-patches, Vinifera), its FPU word, Vinifera's values (SPEC 12.2, 12.5) |
//! | [`ares`] | `ares` | Ares' `My Random Number:` (SPEC 12.2) |
//! | [`generals`] | `generals`, `generals-crc` | Generals' `DEBUG_RANDOM_LOGIC` lines, `crcDebug` files and frame folders (SPEC 12.3, 12.5) |
//! | [`openra`] | `openra` | OpenRA's sync report and its replay's seed (SPEC 11, 12.4, 12.5) |
//!
//! Shared by them, at this level: the contract ([`Writer`], [`Info`] in
//! `format.rs`), the one list ([`Format`], `list.rs`: registering a format
//! is one line there, and its folder one `pub mod` line here), the options
//! ([`Options`]), the errors ([`SyncError`]), the line reader ([`Lines`]),
//! caller names ([`Names`]), the search for logged values Vinifera and Ares
//! share ([`values`]), paths ([`open`], [`check_paths`]), the help several
//! formats share ([`help`]), and the one report ([`Report`]), rendered once
//! as text ([`Report::text`]) and as JSON ([`Report::to_json`]) for the CLI,
//! the C ABI and Python. Every front end dispatches through the list.

#[macro_use]
mod list;
mod error;
mod format;
pub mod help;
mod lines;
pub mod names;
mod options;
mod paths;
pub mod posted;
mod report;
pub mod values;
mod writer;

// The writers' folders, one each: the list (`list.rs`) names the formats
// each holds, and its dispatch names the folder, so one not declared here
// does not compile.
pub mod ares;
pub mod generals;
pub mod openra;
pub mod phobos;
pub mod ts;

pub use error::{SyncError, Which};
pub use format::{render, Bounds, Fields, Info, Input, Opt, Param};
pub use generals::Stream;
pub use lines::{Lines, MAX_LINE};
pub use list::{check, Format};
pub use names::Names;
pub use options::{Options, Stop, MAX_SHIFT};
pub use paths::{check_paths, open};
pub use report::{Divergence, Report};
pub use writer::Writer;
