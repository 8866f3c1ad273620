//! The man pages (`bitexact manpage`): one page per command and
//! subcommand, rendered from the command tree.

use crate::cli;
use crate::fail::{Failure, Outcome};
use std::io;

/// The command as the man pages show it: no `help` subcommand (it has no
/// page).
pub(crate) fn man_command() -> clap::Command {
    use clap::CommandFactory;
    let mut cmd = cli::Cli::command().disable_help_subcommand(true);
    cmd.build();
    cmd
}

/// One page, its footer naming the program and version (`bitexact 0.1.0`).
pub(crate) fn man_page(cmd: clap::Command) -> clap_mangen::Man {
    clap_mangen::Man::new(cmd).source(concat!("bitexact ", env!("CARGO_PKG_VERSION")))
}

/// `manpage --dir`: one page per command and subcommand (`bitexact.1`,
/// `bitexact-stream.1`, `bitexact-stream-sots.1`, …), as the top page's
/// SUBCOMMANDS section names them.
pub(crate) fn manpages(dir: &std::path::Path) -> Outcome {
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
