//! The emulated 32-bit x86 machine (SPEC 13): Unicorn in protected mode
//! with flat segments, a minimal TEB at `fs:0`, a stack, a heap for the
//! buffers a caller lays out (guarded, see the `guard` module), import
//! stubs, and the sentinel return address a call ends on; memory,
//! registers, the x87 state and the stubs written and read through it; a
//! run from an address to the sentinel within an instruction budget.
//!
//! Where its areas lie is the `layout` module's (the public addresses are
//! re-exported here). What every instruction passes — the budget, the
//! instructions Unicorn does not compute exactly handed to the host x87
//! ([`crate::host::Inexact`]), the status-word reads noted, faults — is
//! the `hooks` module's; a call into a stub is the `stub_hook` module's.

use unicorn_engine::{Arch, HookType, Mode, Prot, RegisterX86, Unicorn};

use crate::error::EmuError;
use crate::fpu::{FpuState, F80};
use crate::fpu_regs::{read_fpu, write_fpu};
use crate::guard::{Live, RED_ZONE};
pub use crate::hooks::RunStats;
use crate::hooks::{self, Hooks};
use crate::layout::{GDT, HEAP_SIZE, PAGE, STACK_END, STUBS_SIZE, STUB_SIZE};
pub use crate::layout::{HEAP, RESERVED, SENTINEL, STACK_BOTTOM, STACK_TOP, STUBS, TEB};
pub use crate::stub::{Stub, StubValue};
use crate::stub_hook::stub_hook;

/// The machine.
pub struct Machine {
    uc: Unicorn<'static, Hooks>,
    heap_next: u32,
}

fn descriptor(base: u32, limit: u32, access: u8, flags: u8) -> u64 {
    u64::from(limit & 0xffff)
        | (u64::from(base & 0xff_ffff) << 16)
        | (u64::from(access) << 40)
        | (u64::from((limit >> 16) & 0xf) << 48)
        | (u64::from(flags & 0xf) << 52)
        | (u64::from(base >> 24) << 56)
}

impl Machine {
    /// A fresh machine with its own areas mapped and no image.
    pub fn new() -> Result<Machine, EmuError> {
        let mut uc = Unicorn::new_with_data(Arch::X86, Mode::MODE_32, Hooks::default())?;
        uc.mem_map(u64::from(HEAP), HEAP_SIZE as u64, Prot::READ | Prot::WRITE)?;
        uc.mem_map(u64::from(STUBS), STUBS_SIZE as u64, Prot::ALL)?;
        uc.mem_map(
            u64::from(STACK_BOTTOM),
            u64::from(STACK_END - STACK_BOTTOM),
            Prot::READ | Prot::WRITE,
        )?;
        uc.mem_map(
            u64::from(TEB),
            2 * u64::from(PAGE),
            Prot::READ | Prot::WRITE,
        )?;
        uc.mem_map(u64::from(GDT), u64::from(PAGE), Prot::READ | Prot::WRITE)?;
        uc.mem_map(u64::from(SENTINEL), u64::from(PAGE), Prot::ALL)?;
        uc.mem_write(u64::from(SENTINEL), &[0xcc; PAGE as usize])?;

        // The TEB: no SEH frame (-1), the stack's bounds, itself at 0x18,
        // the PEB at 0x30.
        let mut teb = vec![0u8; 0x40];
        teb[0..4].copy_from_slice(&u32::MAX.to_le_bytes());
        teb[4..8].copy_from_slice(&STACK_END.to_le_bytes());
        teb[8..12].copy_from_slice(&STACK_BOTTOM.to_le_bytes());
        teb[0x18..0x1c].copy_from_slice(&TEB.to_le_bytes());
        teb[0x30..0x34].copy_from_slice(&(TEB + PAGE).to_le_bytes());
        uc.mem_write(u64::from(TEB), &teb)?;

        // Flat code and data, and a data segment at the TEB for fs.
        let gdt = [
            0,
            descriptor(0, 0xf_ffff, 0x9a, 0xc),
            descriptor(0, 0xf_ffff, 0x92, 0xc),
            descriptor(TEB, 2 * PAGE - 1, 0x92, 0x4),
        ];
        let bytes: Vec<u8> = gdt.iter().flat_map(|d| d.to_le_bytes()).collect();
        uc.mem_write(u64::from(GDT), &bytes)?;
        // uc_x86_mmr: selector u16, (pad), base u64, limit u32, flags u32.
        let mut mmr = [0u8; 24];
        mmr[8..16].copy_from_slice(&u64::from(GDT).to_le_bytes());
        mmr[16..20].copy_from_slice(&((gdt.len() * 8 - 1) as u32).to_le_bytes());
        uc.reg_write_long(RegisterX86::GDTR, &mmr)?;
        uc.reg_write(RegisterX86::CS, 0x08)?;
        for seg in [
            RegisterX86::SS,
            RegisterX86::DS,
            RegisterX86::ES,
            RegisterX86::GS,
        ] {
            uc.reg_write(seg, 0x10)?;
        }
        uc.reg_write(RegisterX86::FS, 0x18)?;

        uc.add_code_hook(1, 0, hooks::code_hook)?;
        uc.add_mem_hook(HookType::MEM_INVALID, 1, 0, hooks::memory_fault)?;
        uc.add_intr_hook(hooks::interrupt)?;
        uc.add_insn_invalid_hook(hooks::invalid_instruction)?;
        uc.add_mem_hook(
            HookType::MEM_WRITE,
            u64::from(HEAP),
            u64::from(HEAP + HEAP_SIZE - 1),
            hooks::heap_write,
        )?;
        uc.add_code_hook(
            u64::from(STUBS),
            u64::from(STUBS + STUBS_SIZE - 1),
            stub_hook,
        )?;
        Ok(Machine {
            uc,
            heap_next: HEAP,
        })
    }

    /// Maps `size` bytes at `va` (both page-aligned by the caller) with
    /// `bytes` written at the start and the rest zero.
    pub fn map(
        &mut self,
        va: u32,
        size: u32,
        bytes: &[u8],
        write: bool,
        exec: bool,
    ) -> Result<(), EmuError> {
        let size = size.div_ceil(PAGE) * PAGE;
        let end = u64::from(va) + u64::from(size);
        if !va.is_multiple_of(PAGE) || end > u64::from(RESERVED) || bytes.len() > size as usize {
            return Err(EmuError::Malformed(format!(
                "a region at {va:#x} of {size:#x} bytes does not fit below {RESERVED:#x}"
            )));
        }
        let mut prot = Prot::READ;
        if write {
            prot |= Prot::WRITE;
        }
        if exec {
            prot |= Prot::EXEC;
        }
        self.uc.mem_map(u64::from(va), u64::from(size), prot)?;
        self.uc.mem_write(u64::from(va), bytes)?;
        if exec {
            self.uc.get_data_mut().watch.add_code(va, bytes);
        }
        Ok(())
    }

    /// Writes memory (any mapped address, protections aside).
    pub fn write(&mut self, va: u32, bytes: &[u8]) -> Result<(), EmuError> {
        self.uc.mem_write(u64::from(va), bytes).map_err(|_| {
            EmuError::BadCall(format!(
                "cannot write {} bytes at {va:#010x}: not mapped",
                bytes.len()
            ))
        })
    }

    /// Reads memory.
    pub fn read(&self, va: u32, len: usize) -> Result<Vec<u8>, EmuError> {
        self.uc.mem_read_as_vec(u64::from(va), len).map_err(|_| {
            EmuError::BadCall(format!("cannot read {len} bytes at {va:#010x}: not mapped"))
        })
    }

    /// Installs the import stubs (slot `i` at `STUBS + 16·i`) and returns
    /// each one's address.
    pub fn set_stubs(&mut self, stubs: Vec<Stub>) -> Result<Vec<u32>, EmuError> {
        if stubs.len() as u32 > STUBS_SIZE / STUB_SIZE {
            return Err(EmuError::Malformed(format!(
                "{} imports: more than the {} stubs the machine has",
                stubs.len(),
                STUBS_SIZE / STUB_SIZE
            )));
        }
        let addrs: Vec<u32> = (0..stubs.len() as u32)
            .map(|i| STUBS + i * STUB_SIZE)
            .collect();
        for &a in &addrs {
            self.uc.mem_write(u64::from(a), &[0xc3])?; // ret
        }
        self.uc.get_data_mut().stubs = stubs;
        Ok(addrs)
    }

    /// Gives stub `index` what it returns and the bytes of arguments it
    /// pops (its code becomes `ret N`).
    pub fn set_stub_value(
        &mut self,
        index: usize,
        value: StubValue,
        pops: u16,
    ) -> Result<(), EmuError> {
        if let Some(s) = self.uc.get_data_mut().stubs.get_mut(index) {
            s.value = Some(value);
            s.pops = pops;
            let at = u64::from(STUBS + index as u32 * STUB_SIZE);
            let [lo, hi] = pops.to_le_bytes();
            let code: &[u8] = if pops == 0 { &[0xc3] } else { &[0xc2, lo, hi] };
            self.uc.mem_write(at, code)?;
        }
        Ok(())
    }

    /// The stubs.
    pub fn stubs(&self) -> &[Stub] {
        &self.uc.get_data().stubs
    }

    /// Frees every heap buffer.
    pub fn heap_reset(&mut self) {
        self.heap_next = HEAP;
        self.uc.get_data_mut().live.clear();
    }

    /// Copies `bytes` into the heap (16-aligned, with a guarded red zone
    /// of at least 64 bytes on each side) as the buffer `name`, and
    /// returns the address.
    pub fn heap_alloc(&mut self, bytes: &[u8], name: &str) -> Result<u32, EmuError> {
        let at = self.heap_next + RED_ZONE;
        let len = (bytes.len() as u32).max(1).div_ceil(16) * 16;
        if u64::from(at) + u64::from(len) + u64::from(RED_ZONE) > u64::from(HEAP + HEAP_SIZE) {
            return Err(EmuError::BadCall(format!(
                "the buffers need more than the {} MiB heap",
                HEAP_SIZE >> 20
            )));
        }
        // The red zones hold a pattern, so a read past the end sees no
        // neighbour's data either.
        self.uc
            .mem_write(u64::from(at - RED_ZONE), &[0xfd; RED_ZONE as usize])?;
        self.uc.mem_write(u64::from(at), bytes)?;
        self.heap_next = at + len;
        self.uc.get_data_mut().live.push(Live {
            at,
            len: bytes.len() as u32,
            name: name.to_string(),
        });
        Ok(at)
    }

    /// The sizes in bytes of the buffers laid out, in order.
    pub fn buffer_sizes(&self) -> Vec<usize> {
        self.uc
            .get_data()
            .live
            .iter()
            .map(|b| b.len as usize)
            .collect()
    }

    /// The addresses of the buffers laid out, in order.
    pub fn buffer_addresses(&self) -> Vec<u32> {
        self.uc.get_data().live.iter().map(|b| b.at).collect()
    }

    /// A general register.
    pub fn reg(&self, r: RegisterX86) -> u32 {
        self.uc.reg_read(r).unwrap_or(0) as u32
    }

    /// Sets a general register.
    pub fn set_reg(&mut self, r: RegisterX86, v: u32) -> Result<(), EmuError> {
        Ok(self.uc.reg_write(r, u64::from(v))?)
    }

    /// The x87 state.
    pub fn fpu(&self) -> Result<FpuState, EmuError> {
        read_fpu(&self.uc)
    }

    /// Sets the x87 state (control word through the API, which updates the
    /// emulator's rounding state too; SPEC 13).
    pub fn set_fpu(&mut self, s: &FpuState) -> Result<(), EmuError> {
        write_fpu(&mut self.uc, s)
    }

    /// An empty x87 stack under control word `cw` (what a call starts
    /// with).
    pub fn reset_fpu(&mut self, cw: u16) -> Result<(), EmuError> {
        self.set_fpu(&FpuState {
            cw,
            sw: 0,
            tag: 0xffff,
            st: [F80::default(); 8],
        })
    }

    /// Runs from `start` until the sentinel return address is reached,
    /// within `budget` instructions.
    ///
    /// Errors: [`EmuError::DidNotReturn`], [`EmuError::MemoryFault`],
    /// [`EmuError::UnresolvedImport`], [`EmuError::HostCannotRun`],
    /// [`EmuError::InvalidInstruction`], [`EmuError::Interrupt`].
    pub fn run(&mut self, start: u32, budget: u64) -> Result<RunStats, EmuError> {
        {
            let h = self.uc.get_data_mut();
            h.stats = RunStats::default();
            h.budget = budget;
            h.stop = None;
        }
        let r = self
            .uc
            .emu_start(u64::from(start), u64::from(SENTINEL), 0, 0);
        let pc = self.uc.pc_read().unwrap_or(0) as u32;
        let h = self.uc.get_data_mut();
        if let Some(e) = h.stop.take() {
            return Err(e);
        }
        r?;
        if pc != SENTINEL {
            return Err(EmuError::Engine(format!(
                "stopped at {pc:#010x} without a reason"
            )));
        }
        Ok(std::mem::take(&mut h.stats))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_code(code: &[u8]) -> (Machine, Result<RunStats, EmuError>) {
        let mut m = Machine::new().unwrap();
        let mut c = code.to_vec();
        c.push(0xc3);
        m.map(0x40_0000, 0x1000, &c, false, true).unwrap();
        m.set_reg(RegisterX86::ESP, STACK_TOP - 4).unwrap();
        m.write(STACK_TOP - 4, &SENTINEL.to_le_bytes()).unwrap();
        m.reset_fpu(0x037f).unwrap();
        let r = m.run(0x40_0000, 1000);
        (m, r)
    }

    #[test]
    fn fs_points_at_the_teb() {
        // mov eax, fs:[0x18]
        let (m, r) = run_code(&[0x64, 0xa1, 0x18, 0, 0, 0]);
        r.unwrap();
        assert_eq!(m.reg(RegisterX86::EAX), TEB);
    }

    #[test]
    fn a_fault_names_its_address() {
        // mov eax, [0x12345678]
        let (_, r) = run_code(&[0xa1, 0x78, 0x56, 0x34, 0x12]);
        assert_eq!(
            r.unwrap_err(),
            EmuError::MemoryFault {
                access: "read",
                address: 0x1234_5678,
                pc: 0x40_0000
            }
        );
    }

    #[test]
    fn a_loop_runs_out_of_budget() {
        let (_, r) = run_code(&[0xeb, 0xfe]); // jmp $
        assert!(matches!(
            r.unwrap_err(),
            EmuError::DidNotReturn {
                instructions: 1000,
                pc: 0x40_0000
            }
        ));
    }

    #[test]
    fn the_precision_field_is_honoured() {
        // SPEC 13: 1/3 at 0x007F / 0x027F / 0x037F.
        for (cw, hex) in [
            (0x007f_u16, "3ffdaaaaab0000000000"),
            (0x027f, "3ffdaaaaaaaaaaaaa800"),
            (0x037f, "3ffdaaaaaaaaaaaaaaab"),
        ] {
            let mut m = Machine::new().unwrap();
            // fld1; fld1; fadd st0, st0 (2); fadd st0, st1 (3); fdivp st1, st0
            let code = [
                0xd9, 0xe8, 0xd9, 0xe8, 0xdc, 0xc0, 0xd8, 0xc1, 0xde, 0xf9, 0xc3,
            ];
            m.map(0x40_0000, 0x1000, &code, false, true).unwrap();
            m.set_reg(RegisterX86::ESP, STACK_TOP - 4).unwrap();
            m.write(STACK_TOP - 4, &SENTINEL.to_le_bytes()).unwrap();
            m.reset_fpu(cw).unwrap();
            m.run(0x40_0000, 100).unwrap();
            assert_eq!(m.fpu().unwrap().st[0].hex(), hex, "cw {cw:#06x}");
        }
    }
}
