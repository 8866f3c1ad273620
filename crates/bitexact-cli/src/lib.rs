//! The `bitexact` command line (SPEC 6), as a library so its parsers can be
//! fuzzed and tested directly; `main.rs` only calls [`main`].
//!
//! Thin on purpose: it parses arguments, reads and writes files and prints;
//! every computation is a library call.

pub mod cli;
mod fail;
pub mod find;
pub mod html;
mod input;
pub mod jsonl;
pub mod ledger;
mod man;
pub mod merge;
mod names;
pub mod num;
pub mod out;
pub mod recover;
pub mod report;
#[macro_use]
mod say;
pub mod scan;
pub mod search;
pub mod selftest;
pub mod sots_math;
pub mod state;
pub mod stream;
pub mod sync;
pub mod trace;
mod usage;

pub use fail::{Failure, Outcome};
pub use input::{input_name, is_std, open_input, read_limited};
pub use names::NAMES;
pub use say::{hold, quiet, summary_now};

use clap::Parser;
use man::{man_command, man_page, manpages};
use say::release;
use std::io::{self, Write};
use std::process::ExitCode;
use usage::{help_path, missing_subcommand, values_hint};

/// Parse the arguments, run the command, print, and return the exit code.
pub fn main() -> ExitCode {
    let args =
        cli::engines::expand_games(cli::engines::expand_classes(std::env::args_os().collect()));
    let cli = match cli::Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind::*;
            if matches!(e.kind(), DisplayHelp | DisplayVersion) {
                let _ = e.print();
                return ExitCode::SUCCESS;
            }
            if e.kind() == DisplayHelpOnMissingArgumentOrSubcommand {
                let args: Vec<String> = std::env::args().collect();
                crate::say!("error: {}", missing_subcommand(&args));
                release();
                return ExitCode::from(2);
            }
            // One line naming the problem (clap's message, its hints folded in),
            // pointing at the help of the (sub)command it was about; exit 2.
            let rendered = e.render().to_string();
            let line: Vec<&str> = rendered
                .lines()
                .map(str::trim)
                .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
                .filter(|l| !l.is_empty())
                .collect();
            let command: Vec<&str> = rendered
                .lines()
                .find_map(|l| l.trim().strip_prefix("Usage:"))
                .map(|u| {
                    u.split_whitespace()
                        .take_while(|w| !w.starts_with(['[', '<', '-']))
                        .collect()
                })
                .unwrap_or_default();
            let command = if command.is_empty() {
                // A value error carries no usage line: the subcommands
                // named on the command line (issue 34: it said 'bitexact').
                help_path(&std::env::args().collect::<Vec<_>>())
            } else {
                command.join(" ")
            };
            let hint = if e.kind() == UnknownArgument {
                values_hint(&std::env::args().collect::<Vec<_>>())
            } else {
                None
            };
            match hint {
                Some(hint) => crate::say!("{}: {hint}", line.join(" ")),
                None => crate::say!("{} (see '{command} --help')", line.join(" ")),
            }
            release();
            return ExitCode::from(2);
        }
    };
    say::QUIET.store(cli.quiet, std::sync::atomic::Ordering::Relaxed);
    search::PROGRESS_LINES.store(cli.progress, std::sync::atomic::Ordering::Relaxed);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let result = match cli.command {
        cli::Command::Stream(args) => stream::run(&args, &mut out),
        cli::Command::State(cli::StateCommand::Save(args)) => state::save(&args),
        cli::Command::State(cli::StateCommand::Identify(args)) => state::identify(&args, &mut out),
        cli::Command::State(cli::StateCommand::Diff(args)) => state::diff(&args, &mut out),
        cli::Command::State(cli::StateCommand::Show(args)) => state::show(&args, &mut out),
        cli::Command::State(cli::StateCommand::Convert(args)) => state::convert(&args),
        cli::Command::State(cli::StateCommand::Find(args)) => find::run(&args, &mut out),
        cli::Command::Ledger(args) => ledger::run(&args, &mut out),
        cli::Command::Recover(args) => recover::run(&args, &mut out),
        cli::Command::Trace(cli::TraceCommand::Compare(args)) => trace::compare(&args, &mut out),
        cli::Command::Trace(cli::TraceCommand::Replay(args)) => trace::replay(&args, &mut out),
        cli::Command::Sots(cli::SotsCommand::Normalize(args)) => {
            sots_math::normalize(&args, &mut out)
        }
        cli::Command::Sots(cli::SotsCommand::Leg(args)) => sots_math::leg(&args, &mut out),
        cli::Command::Sync(cmd) => sync::run(&cmd, &mut out),
        cli::Command::Merge(args) => merge::run(&args, &mut out),
        cli::Command::Scan(args) => scan::run(&args, &mut out),
        cli::Command::Selftest => selftest::run(&mut out),
        cli::Command::Completions { shell } => {
            use clap::CommandFactory;
            // Rendered first: the generator panics on a closed pipe.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut cli::Cli::command(), "bitexact", &mut script);
            out.write_all(&script).map_err(Failure::from)
        }
        cli::Command::Manpage { dir: None } => man_page(man_command())
            .render(&mut out)
            .map_err(Failure::from),
        cli::Command::Manpage { dir: Some(dir) } => manpages(&dir),
    };
    let flushed = out.flush().map_err(Failure::from);
    drop(out);
    let code = match result.and(flushed) {
        Ok(()) | Err(Failure::Closed) => ExitCode::SUCCESS,
        Err(Failure::Usage(msg)) => {
            crate::say!("error: {msg}");
            ExitCode::from(2)
        }
        Err(Failure::Different(msg)) => {
            crate::say!("{msg}");
            ExitCode::from(1)
        }
        Err(Failure::Interrupted(msg)) => {
            crate::say!("{msg}");
            ExitCode::from(130)
        }
    };
    release();
    code
}
