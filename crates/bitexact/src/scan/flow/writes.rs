//! What instructions write, as the loops of `loops.rs` collect it: a
//! record below the flow itself, so that the flow's users hold it without
//! the loop code.

use alloc::vec::Vec;

use super::value::Slot;

/// What a loop body writes (from `Flow::writes_of`), for its head
/// (`Flow::enter_loop`).
#[derive(Debug, Default, Clone)]
pub(crate) struct LoopWrites {
    pub(super) regs: u16,
    pub(super) vregs: u32,
    pub(super) slots: Vec<Slot>,
}

/// What one instruction writes (`Flow::writes_of`): its general
/// registers, a bit each, and the slot of the memory it writes, if named.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Writes {
    pub(super) regs: u16,
    pub(super) vregs: u32,
    pub(super) slot: Option<Slot>,
}

impl LoopWrites {
    /// Adds what one instruction writes.
    pub fn add(&mut self, w: Writes) {
        self.regs |= w.regs;
        self.vregs |= w.vregs;
        self.slots.extend(w.slot);
    }

    /// Adds what `other` writes.
    pub fn merge(&mut self, other: &LoopWrites) {
        self.regs |= other.regs;
        self.vregs |= other.vregs;
        self.slots.extend_from_slice(&other.slots);
    }

    /// The general registers the loop writes, a bit each.
    pub fn regs(&self) -> u16 {
        self.regs
    }

    /// Sorts the slots and drops repeats (after merging).
    pub fn settle(&mut self) {
        self.slots.sort_unstable();
        self.slots.dedup();
    }
}
