//! What a command says on stderr ([`say!`](crate::say), [`summary!`](crate::summary)):
//! held until its stdout is flushed, so a terminal shows the results first;
//! `--quiet` silences the summaries.

use std::io::{self, Write};

/// `--quiet`: no summary lines on stderr (errors and verdicts still print).
pub(crate) static QUIET: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

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
        $crate::say::hold(format!($($arg)*))
    };
}

/// The lines [`say!`] holds until stdout is flushed.
static HELD: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

/// Hold one stderr line (see [`say!`]).
pub fn hold(line: String) {
    HELD.lock().unwrap_or_else(|e| e.into_inner()).push(line);
}

/// Write the held stderr lines, in the order they were said.
pub(crate) fn release() {
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
        if !$crate::say::quiet() {
            $crate::say!($($arg)*);
        }
    };
}

/// A summary line said at once, not held (see [`say!`](crate::say)): what
/// is worth knowing before work that takes a while starts (a search's
/// chance estimate). The lines held so far go first; flush stdout before.
/// `--quiet` silences it.
pub fn summary_now(line: &str) {
    if quiet() {
        return;
    }
    release();
    let _ = writeln!(io::stderr().lock(), "{line}");
}
