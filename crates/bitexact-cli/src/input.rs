//! The files a command reads: a path, or stdin for `-` (once per command),
//! read whole up to a limit, named in messages.

use crate::fail::Failure;
use std::io;

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
