//! The `bitexact` command line (SPEC 6), as a library so its parsers can be
//! fuzzed and tested directly; `main.rs` only calls [`main`].
//!
//! Thin on purpose: it parses arguments, reads and writes files and prints;
//! every computation is a library call.

pub mod cli;
pub mod find;
pub mod html;
pub mod jsonl;
pub mod ledger;
pub mod merge;
pub mod num;
pub mod out;
pub mod recover;
pub mod report;
pub mod scan;
pub mod search;
pub mod selftest;
pub mod sots_math;
pub mod state;
pub mod stream;
pub mod sync;
pub mod trace;

use clap::Parser;
use std::io::{self, Write};
use std::process::ExitCode;

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

/// How a command failed, and so which exit code it earns.
#[derive(Debug)]
pub enum Failure {
    /// Bad input or usage: exit 2.
    Usage(String),
    /// Checked and found different, or not found: exit 1.
    Different(String),
    /// Stopped by Ctrl-C (SIGINT) after printing what was found and where
    /// to resume: exit 130 (SPEC 6), so a script can tell it from "not
    /// found".
    Interrupted(String),
    /// The output pipe closed (e.g. `| head`): stop quietly.
    Closed,
}

impl Failure {
    pub fn usage(msg: impl Into<String>) -> Self {
        Failure::Usage(msg.into())
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        if e.kind() == io::ErrorKind::BrokenPipe {
            Failure::Closed
        } else {
            Failure::Usage(format!("cannot write output: {e}"))
        }
    }
}

pub type Outcome = Result<(), Failure>;

/// `--quiet`: no summary lines on stderr (errors and verdicts still print).
static QUIET: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether summaries are silenced.
pub fn quiet() -> bool {
    QUIET.load(std::sync::atomic::Ordering::Relaxed)
}

/// One line for stderr, printed once the command's stdout is flushed (so a
/// terminal shows the results first, then what was said about them, in the
/// order a pipe of both sees); a closed stderr is ignored (never a panic, as
/// `eprintln!` would).
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::hold(format!($($arg)*))
    };
}

/// The lines [`say!`] holds until stdout is flushed.
static HELD: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

/// Hold one stderr line (see [`say!`]).
pub fn hold(line: String) {
    HELD.lock().unwrap_or_else(|e| e.into_inner()).push(line);
}

/// Write the held stderr lines, in the order they were said.
fn release() {
    let lines = std::mem::take(&mut *HELD.lock().unwrap_or_else(|e| e.into_inner()));
    let mut err = io::stderr().lock();
    for line in lines {
        let _ = writeln!(err, "{line}");
    }
}

/// A summary line on stderr (`searched N seeds in …`, `wrote FILE …`):
/// what a command did, beside its output on stdout. `--quiet` silences it.
#[macro_export]
macro_rules! summary {
    ($($arg:tt)*) => {
        if !$crate::quiet() {
            $crate::say!($($arg)*);
        }
    };
}

/// A summary line said at once, not held (see [`say!`]): what is worth
/// knowing before work that takes a while starts (a search's chance
/// estimate). The lines held so far go first; flush stdout before.
/// `--quiet` silences it.
pub fn summary_now(line: &str) {
    if quiet() {
        return;
    }
    release();
    let _ = writeln!(io::stderr().lock(), "{line}");
}

/// Whether `stdin` (`-`) was read already: it can be read only once.
static STDIN_TAKEN: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// `-` names stdin (inputs) or stdout (outputs).
pub fn is_std(path: &std::path::Path) -> bool {
    path.as_os_str() == "-"
}

/// Open an input: a file, or stdin for `-` (once per command).
pub fn open_input(path: &std::path::Path) -> Result<Box<dyn io::Read>, Failure> {
    if is_std(path) {
        if STDIN_TAKEN.swap(true, std::sync::atomic::Ordering::SeqCst) {
            return Err(Failure::usage(
                "'-' (stdin) is given twice: stdin can be read only once",
            ));
        }
        return Ok(Box::new(io::stdin()));
    }
    std::fs::File::open(path)
        .map(|f| Box::new(f) as Box<dyn io::Read>)
        .map_err(|e| Failure::usage(format!("cannot read '{}': {e}", path.display())))
}

/// How an input is named in messages: its path, or `stdin`.
pub fn input_name(path: &std::path::Path) -> String {
    if is_std(path) {
        "stdin".into()
    } else {
        path.display().to_string()
    }
}

/// Read a file (or stdin, `-`) of at most `limit` bytes (a longer one is
/// refused without reading it all: `/dev/zero` is not read for ever),
/// naming it in errors.
pub fn read_limited(path: &std::path::Path, limit: usize) -> Result<Vec<u8>, Failure> {
    use std::io::Read;
    let cannot = |e: io::Error| Failure::usage(format!("cannot read '{}': {e}", path.display()));
    let file = open_input(path)?;
    let mut bytes = Vec::new();
    file.take(limit as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() > limit {
        return Err(Failure::usage(format!(
            "'{}' is over {limit} bytes, too long for this kind of file",
            path.display()
        )));
    }
    Ok(bytes)
}

/// The command as the man pages show it: no `help` subcommand (it has no
/// page).
fn man_command() -> clap::Command {
    use clap::CommandFactory;
    let mut cmd = cli::Cli::command().disable_help_subcommand(true);
    cmd.build();
    cmd
}

/// One page, its footer naming the program and version (`bitexact 0.1.0`).
fn man_page(cmd: clap::Command) -> clap_mangen::Man {
    clap_mangen::Man::new(cmd).source(concat!("bitexact ", env!("CARGO_PKG_VERSION")))
}

/// `manpage --dir`: one page per command and subcommand (`bitexact.1`,
/// `bitexact-stream.1`, `bitexact-stream-sots.1`, …), as the top page's
/// SUBCOMMANDS section names them.
fn manpages(dir: &std::path::Path) -> Outcome {
    let cannot = |e: io::Error| Failure::usage(format!("cannot write to '{}': {e}", dir.display()));
    std::fs::create_dir_all(dir).map_err(cannot)?;
    fn write(cmd: clap::Command, dir: &std::path::Path, pages: &mut usize) -> io::Result<()> {
        for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
            write(sub.clone(), dir, pages)?;
        }
        man_page(cmd).generate_to(dir)?;
        *pages += 1;
        Ok(())
    }
    let mut pages = 0;
    write(man_command(), dir, &mut pages).map_err(cannot)?;
    crate::summary!("wrote {pages} man pages to {}", dir.display());
    Ok(())
}

/// `bitexact` and the subcommands `args` name, in order (options and their
/// values skipped until the first word that is no subcommand).
fn help_path(args: &[String]) -> String {
    use clap::CommandFactory;
    let mut cmd = cli::Cli::command();
    let mut path = vec!["bitexact".to_string()];
    for a in args.iter().skip(1).filter(|a| !a.starts_with('-')) {
        let Some(sub) = cmd.find_subcommand(a).cloned() else {
            break;
        };
        path.push(sub.get_name().to_string());
        cmd = sub;
    }
    path.join(" ")
}

/// For `--values 3 5 1` (clap: "unexpected argument '5'"): the values are
/// one comma-separated argument, so say the line that works.
fn values_hint(args: &[String]) -> Option<String> {
    let at = args.iter().position(|a| a == "--values")?;
    let values: Vec<&str> = args[at + 1..]
        .iter()
        .map(String::as_str)
        .take_while(|a| !a.starts_with("--"))
        .collect();
    (values.len() > 1).then(|| {
        format!(
            "the values are one comma-separated argument: --values {}",
            values.join(",")
        )
    })
}

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
                crate::say!("error: a subcommand is required (see 'bitexact --help')");
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
    QUIET.store(cli.quiet, std::sync::atomic::Ordering::Relaxed);
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
