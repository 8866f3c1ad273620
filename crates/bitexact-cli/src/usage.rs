//! A usage error as one line (SPEC 6): clap's message with its hints folded
//! in, pointing at the help of the command it was about.

use crate::cli;

/// `bitexact` and the subcommands `args` name, in order (options and their
/// values skipped until the first word that is no subcommand).
pub(crate) fn help_path(args: &[String]) -> String {
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
