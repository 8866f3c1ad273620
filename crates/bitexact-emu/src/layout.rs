//! The machine's address map (SPEC 13): where its own areas lie — the
//! heap for a call's buffers, the import stubs, the stack, the TEB and the
//! GDT, the sentinel return address — all above [`RESERVED`], below which
//! images load. Addresses only; the machine maps and fills them.

/// Where the buffers a caller lays out go ([`HEAP_SIZE`] bytes).
pub const HEAP: u32 = 0x7000_0000;
/// The heap's size (16 MiB).
pub(crate) const HEAP_SIZE: u32 = 16 << 20;
/// Import stubs, [`STUB_SIZE`] bytes each.
pub const STUBS: u32 = 0x7f00_0000;
/// The bytes each stub's slot takes.
pub(crate) const STUB_SIZE: u32 = 16;
/// The stubs' area's size: room for `STUBS_SIZE / STUB_SIZE` stubs.
pub(crate) const STUBS_SIZE: u32 = 0x10_0000;
/// The stack (2 MiB, growing down from [`STACK_TOP`]).
pub const STACK_BOTTOM: u32 = 0x7fd0_0000;
/// The initial stack pointer of a call (before its arguments).
pub const STACK_TOP: u32 = 0x7fef_ff00;
/// The end of the stack's mapping (the TEB's stack base).
pub(crate) const STACK_END: u32 = 0x7ff0_0000;
/// The thread environment block `fs` points at; the PEB follows it.
pub const TEB: u32 = 0x7ffd_e000;
/// The global descriptor table.
pub(crate) const GDT: u32 = 0x7ffe_0000;
/// The return address every call is given: reaching it ends the call.
pub const SENTINEL: u32 = 0x7fff_0000;
/// The lowest address the machine's own areas use: an image must end below.
pub const RESERVED: u32 = HEAP;

/// The page size: every mapping starts and ends on one.
pub(crate) const PAGE: u32 = 0x1000;
