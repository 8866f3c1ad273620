//! How the command line names the library's parameters in messages
//! ([`NAMES`]): one table, through which every library error a command
//! reports names its flags.

/// How the command line names the library's parameters: every library
/// error a command reports names its flags through this one table.
pub const NAMES: bitexact::params::ParamNames = bitexact::params::ParamNames {
    tap: "--tap",
    values: "--values",
    max_offset: "--max-offset",
    skip: "--skip-calls",
    threads: "--threads",
    max_hits: "--max-hits",
    class: |c| format!("--class {c}"),
};
