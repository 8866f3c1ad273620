//! Why a log cannot be checked ([`SyncError`], SPEC 12), and which of the
//! two logs it is about ([`Which`]).

use std::io::BufRead;
use std::string::String;

/// Which of the two logs an error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Which {
    /// The first (or only) log.
    A,
    /// The second log.
    B,
}

/// Why a log cannot be checked: unreadable, malformed, or a bound or option
/// that does not fit. Never a divergence (that is a `Report`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyncError {
    /// The log it is about (`None`: the options).
    pub which: Option<Which>,
    /// The 1-based line (0: the log as a whole).
    pub line: u64,
    /// The line's text (cut to 120 characters), when about a line.
    pub text: Option<String>,
    /// What is wrong.
    pub message: String,
}

/// The message of a check stopped on request.
const STOPPED: &str = "stopped on request before the check ended";

impl SyncError {
    /// Whether the check was stopped on request (`Options::stop`), not
    /// refused.
    pub fn is_stopped(&self) -> bool {
        self.which.is_none() && self.line == 0 && self.message == STOPPED
    }

    /// The error of a check stopped on request.
    pub(crate) fn stopped() -> Self {
        Self::whole(None, STOPPED)
    }

    pub(crate) fn whole(which: Option<Which>, message: impl Into<String>) -> Self {
        Self {
            which,
            line: 0,
            text: None,
            message: message.into(),
        }
    }

    pub(crate) fn at(line: u64, text: &str, message: impl Into<String>) -> Self {
        let mut t: String = text.chars().take(120).collect();
        if t.len() < text.len() {
            t.push('…');
        }
        Self {
            which: None,
            line,
            text: Some(t),
            message: message.into(),
        }
    }

    pub(crate) fn of(mut self, which: Which) -> Self {
        self.which.get_or_insert(which);
        self
    }
}

impl core::fmt::Display for SyncError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: {}", self.line, self.message)?;
            if let Some(t) = &self.text {
                write!(f, ": '{t}'")?;
            }
            Ok(())
        } else {
            f.write_str(&self.message)
        }
    }
}

impl std::error::Error for SyncError {}

/// Read log `a` and, when given, log `b` with the same reader, each error
/// saying which log it is about.
pub(crate) fn read_both<T>(
    a: &mut dyn BufRead,
    b: Option<&mut dyn BufRead>,
    mut read: impl FnMut(&mut dyn BufRead) -> Result<T, SyncError>,
) -> Result<(T, Option<T>), SyncError> {
    let la = read(a).map_err(|e| e.of(Which::A))?;
    let lb = match b {
        Some(b) => Some(read(b).map_err(|e| e.of(Which::B))?),
        None => None,
    };
    Ok((la, lb))
}
