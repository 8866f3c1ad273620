//! What the engines' [`Engine::snapshot`](super::Engine::snapshot) formats
//! share: an optional draw counter after the state's bytes, and its bound.
//!
//! A snapshot is the library's own bytes for a whole generator (a copy in
//! another process: Python's pickle), not a game's state file. Where a state
//! file leaves out a draw counter the generator keeps (sots' `position`,
//! Random2Class's, OpenRA's `TotalCount`), the snapshot writes it after the
//! state as 8 bytes little-endian; a snapshot without it (written before
//! counters were kept) still restores, counting from where its state shows.

use super::{StateError, StateKind};

/// The largest draw counter a snapshot may hold: 2^62, which no generator
/// reaches (at a draw a nanosecond, 146 years), so a counter above it is a
/// forgery, and one below it cannot wrap past 2^64 in use.
pub const MAX_POSITION: u64 = 1 << 62;

/// `bytes` split into what comes before its 8-byte draw counter and the
/// counter, when `bytes` is `base` bytes and the counter; else (a snapshot
/// from before counters were kept) the bytes whole and no counter. A
/// counter over [`MAX_POSITION`] is refused.
pub fn split_position(bytes: &[u8], base: usize) -> Result<(&[u8], Option<u64>), StateError> {
    if bytes.len() != base + 8 {
        return Ok((bytes, None));
    }
    let (head, tail) = bytes.split_at(base);
    let mut w = [0u8; 8];
    w.copy_from_slice(tail);
    Ok((head, Some(position(u64::from_le_bytes(w))?)))
}

/// A snapshot's draw counter, refused over [`MAX_POSITION`].
pub fn position(p: u64) -> Result<u64, StateError> {
    if p > MAX_POSITION {
        return Err(StateError::new(
            StateKind::Field,
            format_args!(
                "a snapshot whose draw counter {p} is past 2^62, which no generator reaches"
            ),
        ));
    }
    Ok(p)
}

/// A snapshot of `len` bytes where the generator `title`'s are `expected`.
pub fn wrong_length(title: &str, len: usize, expected: usize) -> StateError {
    StateError::new(
        StateKind::Length { len },
        format_args!("a {title} snapshot is {expected} bytes, not {len}"),
    )
}

/// A snapshot whose draw counter its state cannot show (a counter short of
/// the words the state's block has already given).
pub fn counter_not_shown(title: &str) -> StateError {
    StateError::new(
        StateKind::Field,
        format_args!("a {title} snapshot whose draw counter its state cannot show"),
    )
}
