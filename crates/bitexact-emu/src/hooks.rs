//! The hooks the machine installs on its Unicorn instance, and the state
//! they share ([`Hooks`], the instance's data): the code hook every
//! instruction passes (the budget, the instructions handed to the host
//! x87, the status-word reads noted), and the hooks that stop a run on a
//! memory fault, an interrupt, an invalid instruction or a write outside
//! the call's buffers. The stubs' own hook is the `stub_hook` module's.

use unicorn_engine::{MemType, Unicorn};

use crate::error::EmuError;
use crate::fpu_regs::{read_fpu, write_fpu};
use crate::guard::{overrun, Live};
use crate::host::{self, Inexact};
use crate::stub::Stub;
use crate::watch::{is_prefix, Watch, Watched};

/// What one run reports besides the registers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RunStats {
    /// Instructions executed (the hooked ones included).
    pub instructions: u64,
    /// The mnemonics run on the host x87, each once, in first-run order.
    pub host_ops: Vec<&'static str>,
    /// The address of the first instruction that read the status word
    /// (its exception flags are not modelled), if any did.
    pub status_read: Option<u32>,
    /// The CRT helpers whose x87 models ran, each once, in first-run order.
    pub crt_models: Vec<&'static str>,
}

/// The hooks' state: what the machine set up for a run, and what the run
/// counts and finds.
#[derive(Default)]
pub(crate) struct Hooks {
    /// The buffers of the current call, by address.
    pub(crate) live: Vec<Live>,
    /// The most instructions this run may execute.
    pub(crate) budget: u64,
    /// Why the run stopped, when a hook stopped it.
    pub(crate) stop: Option<EmuError>,
    /// The instructions the code hook acts on.
    pub(crate) watch: Watch,
    /// The import stubs, by slot.
    pub(crate) stubs: Vec<Stub>,
    /// What this run has counted and found so far.
    pub(crate) stats: RunStats,
}

impl Hooks {
    /// Keeps `e` as why the run stopped, unless a reason is kept already
    /// (the first one is what the run reports).
    pub(crate) fn stop_for(&mut self, e: EmuError) {
        if self.stop.is_none() {
            self.stop = Some(e);
        }
    }
}

/// Stops the run for `e`: keeps it as the reason (unless one is kept
/// already) and asks the emulator to stop.
pub(crate) fn stop(uc: &mut Unicorn<'_, Hooks>, e: EmuError) {
    uc.get_data_mut().stop_for(e);
    let _ = uc.emu_stop();
}

/// The address of the instruction being run.
fn current_pc(uc: &Unicorn<'_, Hooks>) -> u32 {
    uc.pc_read().unwrap_or(0) as u32
}

/// A read, write or fetch of unmapped or protected memory: the run stops
/// with [`EmuError::MemoryFault`] (returning `false` makes the emulator
/// stop).
pub(crate) fn memory_fault(
    uc: &mut Unicorn<'_, Hooks>,
    kind: MemType,
    address: u64,
    _size: usize,
    _value: i64,
) -> bool {
    let pc = current_pc(uc);
    let access = match kind {
        MemType::WRITE_UNMAPPED | MemType::WRITE_PROT | MemType::WRITE => "write",
        MemType::FETCH_UNMAPPED | MemType::FETCH_PROT | MemType::FETCH => "fetch",
        _ => "read",
    };
    uc.get_data_mut().stop_for(EmuError::MemoryFault {
        access,
        address: address as u32,
        pc,
    });
    false
}

/// An interrupt or trap: the run stops with [`EmuError::Interrupt`].
pub(crate) fn interrupt(uc: &mut Unicorn<'_, Hooks>, vector: u32) {
    let pc = current_pc(uc);
    stop(uc, EmuError::Interrupt { vector, pc });
}

/// An instruction the emulator does not decode: the run stops with
/// [`EmuError::InvalidInstruction`] (returning `false` makes the emulator
/// stop).
pub(crate) fn invalid_instruction(uc: &mut Unicorn<'_, Hooks>) -> bool {
    let pc = current_pc(uc);
    uc.get_data_mut()
        .stop_for(EmuError::InvalidInstruction { pc });
    false
}

/// A write of `width` bytes at `address` in the heap: outside every buffer
/// of the call it stops the run with [`EmuError::BufferOverrun`]. The
/// write itself goes ahead (returns `true`).
pub(crate) fn heap_write(
    uc: &mut Unicorn<'_, Hooks>,
    _kind: MemType,
    address: u64,
    width: usize,
    _value: i64,
) -> bool {
    let pc = current_pc(uc);
    if let Some(e) = overrun(&uc.get_data().live, address as u32, width, pc) {
        stop(uc, e);
    }
    true
}

/// Every instruction: counted against the budget (past it the run stops
/// with [`EmuError::DidNotReturn`]); a status-word read noted; an
/// instruction Unicorn does not compute exactly run on the host x87 from
/// the emulator's state, the state after it written back and the run
/// resumed after it ([`EmuError::HostCannotRun`] where the host has no
/// x87 unit).
pub(crate) fn code_hook(uc: &mut Unicorn<'_, Hooks>, address: u64, size: u32) {
    let va = address as u32;
    let h = uc.get_data_mut();
    h.stats.instructions += 1;
    if h.stats.instructions > h.budget {
        h.stop = Some(EmuError::DidNotReturn {
            instructions: h.budget,
            pc: va,
        });
        let _ = uc.emu_stop();
        return;
    }
    match h.watch.get(va) {
        None => {}
        Some(Watched::StatusRead) => {
            h.stats.status_read.get_or_insert(va);
        }
        Some(Watched::Host(op)) => {
            // The instruction's bytes: prefixes, then D9 and the opcode.
            let mut b = [0u8; 16];
            let n = (size as usize).min(16);
            if n < 2 || uc.mem_read(address, &mut b[..n]).is_err() {
                return;
            }
            let body = &b[..n];
            let prefixes = body.iter().take_while(|&&x| is_prefix(x)).count();
            if body.len() - prefixes != 2
                || body[prefixes] != 0xd9
                || Inexact::from_second_byte(body[prefixes + 1]) != Some(op)
            {
                return; // not that instruction here (or the code changed)
            }
            let after = read_fpu(uc).ok().and_then(|s| host::run(op, &s));
            let h = uc.get_data_mut();
            match after {
                None => {
                    h.stop = Some(EmuError::HostCannotRun {
                        mnemonic: op.mnemonic(),
                        address: va,
                    });
                    let _ = uc.emu_stop();
                }
                Some(s) => {
                    if !h.stats.host_ops.contains(&op.mnemonic()) {
                        h.stats.host_ops.push(op.mnemonic());
                    }
                    if write_fpu(uc, &s).is_err() || uc.set_pc(address + u64::from(size)).is_err() {
                        let h = uc.get_data_mut();
                        h.stop = Some(EmuError::Engine(format!(
                            "could not resume after {} at {va:#010x}",
                            op.mnemonic()
                        )));
                        let _ = uc.emu_stop();
                    }
                }
            }
        }
    }
}
