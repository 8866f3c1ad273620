//! Run a function from a game's own 32-bit PE image under an x86 emulator
//! (Unicorn 2), with the x87 control word the game ran with, and report its
//! results as bitexact trace records (SPEC 13).
//!
//! - [`Program`] loads an image ([`image`]) into a [`Machine`] ([`machine`]):
//!   protected mode with flat segments, a TEB at `fs:0`, a stack, import
//!   stubs, a sentinel return address, an instruction budget;
//! - [`call`] lays out arguments by convention and reads back EAX, EDX,
//!   ST(0) as the 80-bit value ([`fpu`]) and the buffers;
//! - the x87 instructions Unicorn does not compute exactly run on the host's
//!   own x87 unit ([`host`]);
//! - [`spec`] parses the text forms the binary takes, [`report`] writes the
//!   JSON results and trace records.
//!
//! GPL-2.0-or-later, because Unicorn is GPL-2.0; nothing else in bitexact
//! depends on this crate.

pub mod call;
pub mod crt;
mod crt_imports;
pub mod dll;
pub mod error;
pub mod fpu;
mod fpu_regs;
mod guard;
mod hooks;
pub mod host;
pub mod image;
mod layout;
pub mod machine;
pub mod program;
pub mod report;
pub mod spec;
mod stub;
mod stub_hook;
mod watch;

pub use call::{Arg, Call, Conv, Elem, OutBuf, Outcome, Reg, Scalar};
pub use error::EmuError;
pub use fpu::{FpuState, F80};
pub use machine::{Machine, StubValue};
pub use program::Program;
