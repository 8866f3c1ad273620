//! The x87 state moved between an [`FpuState`] and Unicorn's registers:
//! what the machine, the code hook and the stub hook read before handing
//! the state to the host or a model, and write back after.

use unicorn_engine::{RegisterX86, Unicorn};

use crate::error::EmuError;
use crate::fpu::{FpuState, F80};

/// ST(0) … ST(7) as Unicorn numbers them (stack order).
const ST: [RegisterX86; 8] = [
    RegisterX86::ST0,
    RegisterX86::ST1,
    RegisterX86::ST2,
    RegisterX86::ST3,
    RegisterX86::ST4,
    RegisterX86::ST5,
    RegisterX86::ST6,
    RegisterX86::ST7,
];

/// The emulator's x87 state: control, status and tag words, and ST(0) …
/// ST(7) in stack order. Errors: Unicorn's, as [`EmuError::Engine`].
pub(crate) fn read_fpu<D>(uc: &Unicorn<'_, D>) -> Result<FpuState, EmuError> {
    let mut st = [F80::default(); 8];
    for (r, reg) in st.iter_mut().zip(ST) {
        let b = uc.reg_read_long(reg)?;
        let mut x = [0u8; 10];
        x.copy_from_slice(&b[..10]);
        *r = F80::from_bytes(&x);
    }
    Ok(FpuState {
        cw: uc.reg_read(RegisterX86::FPCW)? as u16,
        sw: uc.reg_read(RegisterX86::FPSW)? as u16,
        tag: uc.reg_read(RegisterX86::FPTAG)? as u16,
        st,
    })
}

/// Makes `s` the emulator's x87 state: the status word first (it sets
/// TOP, which the ST numbering follows), the control word last, through
/// the API, which updates the emulator's rounding state too. Errors:
/// Unicorn's, as [`EmuError::Engine`].
pub(crate) fn write_fpu<D>(uc: &mut Unicorn<'_, D>, s: &FpuState) -> Result<(), EmuError> {
    uc.reg_write(RegisterX86::FPSW, u64::from(s.sw))?;
    uc.reg_write(RegisterX86::FPTAG, u64::from(s.tag))?;
    for (r, reg) in s.st.iter().zip(ST) {
        uc.reg_write_long(reg, &r.to_bytes())?;
    }
    uc.reg_write(RegisterX86::FPCW, u64::from(s.cw))?;
    Ok(())
}
