//! How a command fails ([`Failure`]) and so which exit code it earns
//! (SPEC 6: 1 different or not found, 2 bad input, 130 interrupted).

use std::io;

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
