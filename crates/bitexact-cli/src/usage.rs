//! A usage error as one line (SPEC 6): clap's message with its hints folded
//! in, pointing at the help of the command it was about.

use crate::cli;

/// `bitexact` and the subcommands `args` name, in order (options and their
/// values skipped until the first word that is no subcommand).
pub(crate) fn help_path(args: &[String]) -> String {
    command_of(args).0
}

/// [`help_path`] and the command it names.
fn command_of(args: &[String]) -> (String, clap::Command) {
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
    (path.join(" "), cmd)
}

/// The message for a command given without its subcommand (`bitexact
/// sync`): the subcommands it takes, by name, and where its help is.
pub(crate) fn missing_subcommand(args: &[String]) -> String {
    let (path, cmd) = command_of(args);
    let names: Vec<&str> = cmd
        .get_subcommands()
        .filter(|s| !s.is_hide_set() && s.get_name() != "help")
        .map(|s| s.get_name())
        .collect();
    let listed = match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((last, _)) => last.to_string(),
        None => String::new(),
    };
    format!("'{path}' needs one of {listed} (see '{path} --help')")
}

/// For `--values 3 5 1` (clap: "unexpected argument '5'"): the values are
/// one comma-separated argument, so say the line that works.
pub(crate) fn values_hint(args: &[String]) -> Option<String> {
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
