//! The code hook on the stubs' area (SPEC 13, 13.1): a call into an
//! import's stub does what its [`crate::stub::Stub`] says — sets EAX or
//! EDX:EAX, pushes ST(0), runs a CRT helper's x87 model on the host — and
//! then its `ret N` runs; a stub without a value stops the run naming the
//! import and the caller.

use unicorn_engine::{RegisterX86, Unicorn};

use crate::error::EmuError;
use crate::fpu::F80;
use crate::fpu_regs::{read_fpu, write_fpu};
use crate::hooks::{stop, Hooks};
use crate::layout::{STUBS, STUB_SIZE};
use crate::stub::StubValue;

/// The code hook on the stubs' page: the stub at `address` runs.
pub(crate) fn stub_hook(uc: &mut Unicorn<'_, Hooks>, address: u64, _size: u32) {
    let i = ((address as u32 - STUBS) / STUB_SIZE) as usize;
    let esp = uc.reg_read(RegisterX86::ESP).unwrap_or(0);
    let mut ret = [0u8; 4];
    let caller = match uc.mem_read(esp, &mut ret) {
        Ok(()) => u32::from_le_bytes(ret),
        Err(_) => 0,
    };
    let stub = uc.get_data().stubs.get(i).cloned();
    let Some(stub) = stub else {
        return stop(
            uc,
            EmuError::MemoryFault {
                access: "fetch",
                address: address as u32,
                pc: address as u32,
            },
        );
    };
    match stub.value {
        Some(StubValue::Eax(v)) => {
            let _ = uc.reg_write(RegisterX86::EAX, u64::from(v));
        }
        Some(StubValue::EdxEax(v)) => {
            let _ = uc.reg_write(RegisterX86::EAX, v & 0xffff_ffff);
            let _ = uc.reg_write(RegisterX86::EDX, v >> 32);
        }
        Some(StubValue::St0(v)) => match read_fpu(uc) {
            Ok(mut s) if !s.is_full(7) => {
                let top = (s.top() + 7) & 7;
                s.sw = (s.sw & !0x3800) | (top << 11);
                s.st.rotate_right(1);
                s.st[0] = v;
                s.tag = (s.tag & !(3 << (2 * top))) | (tag_of(v) << (2 * top));
                if write_fpu(uc, &s).is_err() {
                    stop(uc, EmuError::Engine("could not push a stub's ST(0)".into()));
                }
            }
            _ => stop(
                uc,
                EmuError::BadCall(format!(
                    "the stub of {} (called from {caller:#010x}) cannot push ST(0): the x87 stack is full",
                    stub.import
                )),
            ),
        },
        Some(StubValue::Crt(model)) => {
            let run = read_fpu(uc)
                .map_err(|e| e.to_string())
                .and_then(|s| model.run(&s));
            match run {
                Ok(Some((after, int))) => {
                    let h = uc.get_data_mut();
                    if !h.stats.crt_models.contains(&model.helper()) {
                        h.stats.crt_models.push(model.helper());
                    }
                    let mut ok = write_fpu(uc, &after).is_ok();
                    if let Some(v) = int {
                        ok &= uc.reg_write(RegisterX86::EAX, v & 0xffff_ffff).is_ok();
                        ok &= uc.reg_write(RegisterX86::EDX, v >> 32).is_ok();
                    }
                    if !ok {
                        stop(uc, EmuError::Engine(format!("could not resume after {}", stub.import)));
                    }
                }
                Ok(None) => stop(
                    uc,
                    EmuError::HostCannotRun {
                        mnemonic: model.helper(),
                        address: caller,
                    },
                ),
                Err(why) => stop(
                    uc,
                    EmuError::BadCall(format!("{} called from {caller:#010x}: {why}", stub.import)),
                ),
            }
        }
        None => stop(
            uc,
            EmuError::UnresolvedImport {
                import: stub.import,
                caller,
                why: stub.unresolved,
            },
        ),
    }
}

/// The x87 tag of a value: 00 valid, 01 zero, 10 special.
fn tag_of(v: F80) -> u16 {
    let e = v.sign_exponent & 0x7fff;
    if e == 0 && v.mantissa == 0 {
        1
    } else if e == 0x7fff || e == 0 || v.mantissa >> 63 == 0 {
        2
    } else {
        0
    }
}
