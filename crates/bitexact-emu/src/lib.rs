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
//!
//! # Layers
//!
//! Bottom to top: a module uses only the modules listed before it, so no
//! two files import each other (`tests/layers.rs` holds every file to
//! this order):
//!
//! - `error`: every way a load or a call fails ([`EmuError`]);
//! - `fpu`: 80-bit values and the x87 state ([`F80`], [`FpuState`]);
//! - `layout`: the machine's address map (heap, stubs, stack, TEB, sentinel);
//! - `crt_imports`: which imports are a C runtime's x87 functions, by name;
//! - `guard`: the guarded buffers and the overrun a write makes;
//! - `fpu_regs`: the x87 state to and from Unicorn's registers;
//! - `host`: x87 instructions and CRT helper sequences run on the host's x87;
//! - `stub`: the import stubs, as data;
//! - `crt`: the CRT helpers' x87 models;
//! - `watch`: where the x87 instructions the code hook acts on are;
//! - `hooks`: the hooks' shared state, the code hook, the fault hooks;
//! - `stub_hook`: what a call into a stub does;
//! - `machine`: the emulated machine ([`Machine`]);
//! - `call`: one call, laid out by convention, and what came back;
//! - `image`: a PE32 parsed, loaded and its functions named;
//! - `dll`: DLLs placed and imports resolved to their exports;
//! - `report`: a call's JSON object and trace record;
//! - `spec`: the text forms of arguments, stubs, buffers, control words;
//! - `program`: an image and its DLLs in their machine ([`Program`]).
//!
//! The binary (`main.rs`) uses the library only through its public items;
//! its own modules, bottom first:
//!
//! - `args`: the command line;
//! - `fail`: the binary's one-sentence error;
//! - `setup`: what `call` and `batch` do before the first call;
//! - `batch`: the `batch` subcommand;
//! - `main`: the dispatch and the `call` subcommand.

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
