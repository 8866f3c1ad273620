//! Every way a load or a call can fail, as one typed error. The messages
//! are full sentences a user can act on; none names a command-line flag
//! (the binary adds those).

use std::fmt;

/// Why an image could not be loaded or a call did not return a result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EmuError {
    /// The file is not a 32-bit PE image (what it is instead).
    NotPe32(String),
    /// The image is a PE32 but damaged or of a shape we do not load.
    Malformed(String),
    /// No symbol, export or address names the function.
    NoSuchFunction(String),
    /// An address, `sub_` or `rva:` name that is not a place a function
    /// can start (the sentence says why, and where it could).
    BadStart(String),
    /// The function called an import that has no stub.
    UnresolvedImport {
        /// `DLL!function` (or `DLL!#ordinal`).
        import: String,
        /// The caller's return address, where the call came from.
        caller: u32,
        /// Why a loaded DLL did not resolve it, if one was involved.
        why: Option<String>,
    },
    /// An instruction the emulator cannot run exactly and this host cannot
    /// run natively.
    HostCannotRun {
        /// Its mnemonic.
        mnemonic: &'static str,
        /// Its address.
        address: u32,
    },
    /// The instruction budget ran out before the function returned.
    DidNotReturn {
        /// The budget.
        instructions: u64,
        /// Where execution was when it stopped.
        pc: u32,
    },
    /// A read, write or fetch of unmapped or protected memory.
    MemoryFault {
        /// `read`, `write` or `fetch`.
        access: &'static str,
        /// The address touched.
        address: u32,
        /// The instruction that touched it.
        pc: u32,
    },
    /// A write outside every buffer laid out for the call, next to one of
    /// them (SPEC 13.1: buffers are guarded).
    BufferOverrun {
        /// The buffer's name.
        buffer: String,
        /// Its size in bytes.
        size: usize,
        /// The first byte written, from the buffer's start (negative:
        /// before it).
        offset: i64,
        /// How many bytes the instruction wrote.
        width: usize,
        /// The instruction that wrote.
        pc: u32,
    },
    /// An instruction the emulator does not decode.
    InvalidInstruction {
        /// Its address.
        pc: u32,
    },
    /// An interrupt or trap (`int3`, `int 0x2e`, a divide error, …).
    Interrupt {
        /// The vector.
        vector: u32,
        /// Where.
        pc: u32,
    },
    /// A call's arguments, stubs or output buffers that cannot be laid
    /// out (with the reason).
    BadCall(String),
    /// Unicorn itself refused (with its error).
    Engine(String),
}

impl fmt::Display for EmuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EmuError::NotPe32(what) => write!(f, "not a 32-bit PE image: {what}"),
            EmuError::Malformed(why) => write!(f, "damaged PE32 image: {why}"),
            EmuError::NoSuchFunction(name) => write!(
                f,
                "no function '{name}': not a symbol or export of the image, nor a hex address inside its code"
            ),
            EmuError::UnresolvedImport { import, caller, why } => write!(
                f,
                "the function called the import {import} (returning to {caller:#010x}), which has no stub{}: give it a return value",
                why.as_ref().map(|w| format!(" ({w})")).unwrap_or_default()
            ),
            EmuError::HostCannotRun { mnemonic, address } => write!(
                f,
                "{mnemonic} at {address:#010x}: the emulator does not compute it exactly and this host has no x87 unit to run it on"
            ),
            EmuError::DidNotReturn { instructions, pc } => write!(
                f,
                "did not return within {instructions} instructions (stopped at {pc:#010x})"
            ),
            EmuError::MemoryFault { access, address, pc } => write!(
                f,
                "memory fault: {access} of unmapped or protected address {address:#010x} by the instruction at {pc:#010x}"
            ),
            EmuError::BufferOverrun {
                buffer,
                size,
                offset,
                width,
                pc,
            } => write!(
                f,
                "buffer overrun: the instruction at {pc:#010x} wrote {width} byte{} at offset {offset} of {buffer} ({size} bytes){}",
                if *width == 1 { "" } else { "s" },
                if *offset < 0 { ", before its start" } else { ", past its end" }
            ),
            EmuError::InvalidInstruction { pc } => {
                write!(f, "invalid instruction at {pc:#010x}")
            }
            EmuError::Interrupt { vector, pc } => {
                write!(f, "interrupt {vector} at {pc:#010x} (a trap, int3 or divide error)")
            }
            EmuError::BadCall(why) | EmuError::BadStart(why) => f.write_str(why),
            EmuError::Engine(why) => write!(f, "the emulator refused: {why}"),
        }
    }
}

impl std::error::Error for EmuError {}

impl From<unicorn_engine::uc_error> for EmuError {
    fn from(e: unicorn_engine::uc_error) -> Self {
        EmuError::Engine(format!("{e:?}"))
    }
}
