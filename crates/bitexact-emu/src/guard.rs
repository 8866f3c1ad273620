//! Guarded buffers (SPEC 13.1): each buffer a call lays out sits between
//! red zones a write hook watches, so a write past its end (or before its
//! start) stops the run naming the buffer, the offset and the instruction
//! instead of overwriting a neighbour.

use crate::error::EmuError;

/// A buffer laid out in the heap for a call.
#[derive(Clone, Debug)]
pub(crate) struct Live {
    pub(crate) at: u32,
    pub(crate) len: u32,
    pub(crate) name: String,
}

/// The guard between buffers (and before the first): a write there stops
/// the run ([`EmuError::BufferOverrun`]).
pub(crate) const RED_ZONE: u32 = 64;

/// The overrun a write of `width` bytes at `address` makes, if it is not
/// inside one buffer of `live` (sorted by address): named after the buffer
/// before it, or the first buffer when it is before them all.
pub(crate) fn overrun(live: &[Live], address: u32, width: usize, pc: u32) -> Option<EmuError> {
    let k = live.partition_point(|b| b.at <= address);
    if k > 0 {
        let b = &live[k - 1];
        if u64::from(address) + width as u64 <= u64::from(b.at) + u64::from(b.len) {
            return None;
        }
    }
    let b = live.get(k.saturating_sub(1))?;
    Some(EmuError::BufferOverrun {
        buffer: b.name.clone(),
        size: b.len as usize,
        offset: i64::from(address) - i64::from(b.at),
        width,
        pc,
    })
}
