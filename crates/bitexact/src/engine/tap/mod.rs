//! The tap vocabulary (SPEC 6, 9): `--tap ranged:1,6` and the ledger line
//! `ranged 1 6` name the same call. Each engine writes its calls once, as a
//! table of [`TapSpec`]s ([`Info::taps`](crate::engine::Info::taps)); everything a
//! front end prints about them is rendered from it (`--tap`'s list, a
//! ledger's calls and their help lines, the taps a seed search takes, the
//! list an unknown tap's error gives). This module splits the text, finds
//! the table's row and checks the arguments' count once for every engine
//! ([`Args::row`]); each engine's [`Engine::tap`](crate::engine::Engine::tap) says
//! what the arguments mean.
//! Errors are [`TapError`]s with fields; front ends add their flag names.
//!
//! | file | what it holds |
//! | --- | --- |
//! | `split.rs` | a call's text split into its name and arguments ([`Split`]) |
//! | `spec.rs` | one row of an engine's table ([`TapSpec`]) and how rows are written ([`Form`], [`List`], [`Help`]) |
//! | `args.rs` | a call's arguments checked against its row ([`Args`]) |
//! | `error.rs` | why a call cannot be made ([`TapError`]) |
//! | `taps.rs` | an engine's tap enum from one list ([`taps!`](crate::taps), [`Taps`]) |

mod args;
mod error;
mod spec;
mod split;
mod taps;

pub use args::Args;
pub use error::TapError;
pub use spec::{row_of, Form, Help, HelpLine, List, Rows, Syntax, TapSpec};
pub use split::{Split, MAX_ARGS};
pub use taps::{FromArg, Taps};

/// The number parsers the taps use (re-exported for engine modules).
pub use crate::num::{parse_f32, parse_i32, parse_u32, parse_u64};
