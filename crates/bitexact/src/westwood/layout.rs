//! The generator's object bytes, as the games save them (little-endian):
//!
//! | layout | bytes | contents |
//! | --- | --- | --- |
//! | [`Layout::Ts`] (Tiberian Sun) | 1008 | `index1: i32`, `index2: i32`, `table: [i32; 250]` |
//! | [`Layout::Ra2`] (Red Alert 2 / Yuri's Revenge) | 1012 (`0x3F4`) | `disabled: u8`, 3 padding bytes, then as TS |
//!
//! **Decoding** rejects, with a [`DecodeError`], a wrong length, a cursor
//! outside `0..250`, and (RA2) a flag byte other than 0 or 1 (a C++ `bool`
//! the game never writes otherwise). The padding bytes are not inspected.
//!
//! **Irregular cursors are reported, not rejected.** The original only ever
//! has `index2 == (index1 + 103) % 250`; any other in-range pair means the
//! bytes were edited or corrupted. The game itself would load and run such
//! bytes, so decoding succeeds and returns a [`Decoded`] whose
//! [`irregular`](Decoded::irregular) field names the pair; a caller that wants
//! only states the game could have written calls [`Decoded::strict`], which
//! turns that note into [`DecodeError::IrregularCursors`]. Identification
//! refuses such a state (it has no seed).
//!
//! **Encoding** writes exactly those bytes (padding zero). The TS layout has
//! no flag, so encoding a disabled generator as TS is an [`EncodeError`]
//! rather than a silent loss.

use super::random2::{Cursor, CursorOutOfRange, IrregularCursors, Random2, Table, TABLE_LEN};

/// Bytes of the Tiberian Sun layout.
pub const TS_LEN: usize = 8 + 4 * TABLE_LEN;
/// Bytes of the Red Alert 2 / Yuri's Revenge layout (`0x3F4`).
pub const RA2_LEN: usize = 4 + TS_LEN;

/// Which game's object layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Layout {
    /// Tiberian Sun: cursors then table, 1008 bytes.
    Ts,
    /// Red Alert 2 and Yuri's Revenge: flag, padding, cursors, table, 1012 bytes.
    Ra2,
}

impl Layout {
    /// Both layouts.
    pub const ALL: [Layout; 2] = [Layout::Ts, Layout::Ra2];

    /// Bytes of an object in this layout.
    pub const fn byte_len(self) -> usize {
        match self {
            Layout::Ts => TS_LEN,
            Layout::Ra2 => RA2_LEN,
        }
    }

    /// The layout whose length is `len`, if any (the two lengths differ).
    pub const fn from_len(len: usize) -> Option<Layout> {
        match len {
            TS_LEN => Some(Layout::Ts),
            RA2_LEN => Some(Layout::Ra2),
            _ => None,
        }
    }

    /// Decode bytes in this layout (see the module docs).
    pub fn decode(self, bytes: &[u8]) -> Result<Decoded, DecodeError> {
        match self {
            Layout::Ts => decode_ts(bytes),
            Layout::Ra2 => decode_ra2(bytes),
        }
    }

    /// Encode a generator in this layout.
    pub fn encode(self, rng: &Random2) -> Result<Encoded, EncodeError> {
        let mut bytes = [0u8; RA2_LEN];
        match self {
            Layout::Ts => bytes[..TS_LEN].copy_from_slice(&encode_ts(rng)?),
            Layout::Ra2 => bytes = encode_ra2(rng),
        }
        Ok(Encoded {
            bytes,
            len: self.byte_len(),
        })
    }
}

impl core::fmt::Display for Layout {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Layout::Ts => "ts",
            Layout::Ra2 => "ra2",
        })
    }
}

/// Encoded bytes of either layout (no allocation): derefs to the
/// [`Layout::byte_len`] bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Encoded {
    bytes: [u8; RA2_LEN],
    len: usize,
}

impl core::ops::Deref for Encoded {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

impl AsRef<[u8]> for Encoded {
    fn as_ref(&self) -> &[u8] {
        self
    }
}

impl core::fmt::Debug for Encoded {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Encoded")
            .field("len", &self.len)
            .finish_non_exhaustive()
    }
}

/// A decoded state, and whether its cursors are a pair the game writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded {
    /// The generator (position 0).
    pub rng: Random2,
    /// `Some` when the cursors are in range but not 103 apart: the bytes
    /// were edited or corrupted (the game never writes such a pair).
    pub irregular: Option<IrregularCursors>,
}

impl Decoded {
    /// The generator, or [`DecodeError::IrregularCursors`] if its cursor pair
    /// is one the game never writes.
    pub fn strict(self) -> Result<Random2, DecodeError> {
        match self.irregular {
            None => Ok(self.rng),
            Some(c) => Err(DecodeError::IrregularCursors(c)),
        }
    }
}

/// Why bytes were not a generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DecodeError {
    /// Not the layout's length.
    WrongLength {
        /// The layout expected.
        layout: Layout,
        /// The length given.
        len: usize,
    },
    /// A cursor outside `0..250`.
    CursorOutOfRange(CursorOutOfRange),
    /// RA2's flag byte is neither 0 nor 1.
    BadFlag {
        /// The byte read.
        byte: u8,
    },
    /// The cursors are not 103 apart (only from [`Decoded::strict`]).
    IrregularCursors(IrregularCursors),
}

impl core::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            DecodeError::WrongLength { layout, len } => {
                write!(
                    f,
                    "westwood state is {len} bytes; the {layout} layout is {} bytes",
                    layout.byte_len()
                )?;
                match Layout::from_len(*len) {
                    Some(other) if other != *layout => {
                        write!(f, " ({len} is the {other} layout's length)")
                    }
                    _ => Ok(()),
                }
            }
            DecodeError::CursorOutOfRange(e) => write!(f, "westwood state: {e}"),
            DecodeError::BadFlag { byte } => write!(
                f,
                "westwood state: disabled flag byte is {byte:#04x}; expected 0 or 1"
            ),
            DecodeError::IrregularCursors(c) => write!(f, "westwood state: {c}"),
        }
    }
}

impl core::error::Error for DecodeError {}

/// Why a generator could not be encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EncodeError {
    /// The Tiberian Sun layout has no `disabled` flag to store.
    DisabledInTs,
}

impl core::fmt::Display for EncodeError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            EncodeError::DisabledInTs => f.write_str(
                "the generator is disabled, and the Tiberian Sun layout has no disabled flag",
            ),
        }
    }
}

impl core::error::Error for EncodeError {}

fn read_i32(bytes: &[u8], at: usize) -> i32 {
    i32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

/// Cursors and table from the 1008 TS bytes (length already checked).
fn decode_body(body: &[u8]) -> Result<Decoded, DecodeError> {
    let cursor = |at: usize, which: Cursor| {
        let value = read_i32(body, at);
        usize::try_from(value)
            .ok()
            .filter(|&c| c < TABLE_LEN)
            .ok_or(DecodeError::CursorOutOfRange(CursorOutOfRange {
                cursor: which,
                value: value.into(),
            }))
    };
    let index1 = cursor(0, Cursor::Index1)?;
    let index2 = cursor(4, Cursor::Index2)?;
    let mut table: Table = [0; TABLE_LEN];
    for (word, chunk) in table.iter_mut().zip(body[8..].chunks_exact(4)) {
        *word = i32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
    }
    let rng = Random2::from_parts(table, index1, index2).map_err(DecodeError::CursorOutOfRange)?;
    Ok(Decoded {
        irregular: rng.irregular(),
        rng,
    })
}

/// Decode the 1008-byte Tiberian Sun layout (flag clear).
pub fn decode_ts(bytes: &[u8]) -> Result<Decoded, DecodeError> {
    if bytes.len() != TS_LEN {
        return Err(DecodeError::WrongLength {
            layout: Layout::Ts,
            len: bytes.len(),
        });
    }
    decode_body(bytes)
}

/// Decode the 1012-byte Red Alert 2 / Yuri's Revenge layout.
pub fn decode_ra2(bytes: &[u8]) -> Result<Decoded, DecodeError> {
    if bytes.len() != RA2_LEN {
        return Err(DecodeError::WrongLength {
            layout: Layout::Ra2,
            len: bytes.len(),
        });
    }
    let disabled = match bytes[0] {
        0 => false,
        1 => true,
        byte => return Err(DecodeError::BadFlag { byte }),
    };
    let mut decoded = decode_body(&bytes[4..])?;
    decoded.rng.set_disabled(disabled);
    Ok(decoded)
}

fn encode_body(rng: &Random2, out: &mut [u8]) {
    out[0..4].copy_from_slice(&(rng.index1() as i32).to_le_bytes());
    out[4..8].copy_from_slice(&(rng.index2() as i32).to_le_bytes());
    for (chunk, word) in out[8..].chunks_exact_mut(4).zip(rng.table()) {
        chunk.copy_from_slice(&word.to_le_bytes());
    }
}

/// The 1008 Tiberian Sun bytes; fails only for a disabled generator.
pub fn encode_ts(rng: &Random2) -> Result<[u8; TS_LEN], EncodeError> {
    if rng.disabled() {
        return Err(EncodeError::DisabledInTs);
    }
    let mut out = [0u8; TS_LEN];
    encode_body(rng, &mut out);
    Ok(out)
}

/// The 1012 Red Alert 2 / Yuri's Revenge bytes (padding zero).
pub fn encode_ra2(rng: &Random2) -> [u8; RA2_LEN] {
    let mut out = [0u8; RA2_LEN];
    out[0] = u8::from(rng.disabled());
    encode_body(rng, &mut out[4..]);
    out
}
