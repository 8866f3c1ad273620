//! The save's `RNG` item (SPEC 2.4): 624 little-endian u32 words (the block)
//! then one little-endian i32 (`left`) = 2500 bytes (0x9c4); inside a save the
//! item carries 3 more padding bytes (2503).

use crate::mt19937::{Block, LeftOutOfRange, Mt19937, N};

/// Bytes in the item as `save_state` writes it.
pub const ITEM_LEN: usize = N * 4 + 4;
/// Bytes in the item as stored in a save, with its 3 padding bytes.
pub const ITEM_LEN_PADDED: usize = ITEM_LEN + 3;

/// Why an `RNG` item was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItemError {
    /// The item is not 2500 or 2503 bytes long.
    WrongLength {
        /// The length given.
        len: usize,
    },
    /// `left` is outside `0..=624`.
    LeftOutOfRange {
        /// The value read (an i32 in the item).
        left: i64,
    },
}

impl core::fmt::Display for ItemError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ItemError::WrongLength { len } => write!(
                f,
                "RNG item is {len} bytes; expected {ITEM_LEN} (or {ITEM_LEN_PADDED} with padding)"
            ),
            ItemError::LeftOutOfRange { left } => {
                write!(f, "RNG item has left = {left}; expected 0..=624")
            }
        }
    }
}

impl core::error::Error for ItemError {}

impl From<LeftOutOfRange> for ItemError {
    fn from(e: LeftOutOfRange) -> Self {
        ItemError::LeftOutOfRange { left: e.left }
    }
}

/// Parse an `RNG` item: exactly 2500 or 2503 bytes, `left` in `0..=624`.
/// The padding bytes are not inspected.
pub fn decode_item(bytes: &[u8]) -> Result<Mt19937, ItemError> {
    if bytes.len() != ITEM_LEN && bytes.len() != ITEM_LEN_PADDED {
        return Err(ItemError::WrongLength { len: bytes.len() });
    }
    let mut mt: Block = [0; N];
    for (word, chunk) in mt.iter_mut().zip(bytes.chunks_exact(4)) {
        *word = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
    }
    let at = N * 4;
    let left = i32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    let left = u32::try_from(left).map_err(|_| ItemError::LeftOutOfRange { left: left.into() })?;
    Ok(Mt19937::from_state(mt, left)?)
}

/// Write the 2500-byte `RNG` item of a state.
pub fn encode_item(mt: &Mt19937) -> [u8; ITEM_LEN] {
    let mut out = [0u8; ITEM_LEN];
    for (chunk, word) in out.chunks_exact_mut(4).zip(mt.state()) {
        chunk.copy_from_slice(&word.to_le_bytes());
    }
    out[N * 4..].copy_from_slice(&(mt.left() as i32).to_le_bytes());
    out
}
