//! A loaded image in its machine: the one object the binary (and a user of
//! the library) works with — open, stub the imports, resolve, call.

use crate::call::{self, Arg, Call, Outcome, Scalar};
use crate::crt::Crt;
use crate::dll::Dll;
use crate::error::EmuError;
use crate::image::Image;
use crate::machine::Machine;
use crate::stub::StubValue;

/// A PE32 image loaded into its own [`Machine`], with the DLLs given.
pub struct Program {
    /// The parsed image.
    pub image: Image,
    /// The DLLs loaded beside it.
    pub dlls: Vec<Dll>,
    /// The imports resolved to a loaded DLL's export: `(import, address)`.
    pub resolved: Vec<(String, u32)>,
    machine: Machine,
}

impl Program {
    /// Parses and loads `bytes` (at its preferred base, or relocated to
    /// `base`). Errors as [`Image::parse`] and [`Image::load`].
    pub fn open(bytes: &[u8], base: Option<u32>) -> Result<Program, EmuError> {
        Program::open_with(bytes, base, &[], false)
    }

    /// [`Program::open`] with DLLs (`(file name, bytes)`, SPEC 13.1): each
    /// placed ([`crate::dll::place`]) and loaded, the imports of the image
    /// and of every DLL resolved to their exports ([`crate::dll::resolve`];
    /// the rest keep their stubs), and, with `dll_main`, each DLL's entry
    /// point called as `DllMain(base, DLL_PROCESS_ATTACH, 0)` in the order
    /// given. Without it no DLL code runs until the function calls it.
    ///
    /// Errors: as [`Program::open`] and [`crate::dll::place`]; a `DllMain`
    /// that fails or returns FALSE, naming its DLL.
    pub fn open_with(
        bytes: &[u8],
        base: Option<u32>,
        dlls: &[(String, Vec<u8>)],
        dll_main: bool,
    ) -> Result<Program, EmuError> {
        let image = Image::parse(bytes, base)?;
        let dlls = crate::dll::place(&image, dlls)?;
        let mut machine = Machine::new()?;
        let images: Vec<&Image> = std::iter::once(&image)
            .chain(dlls.iter().map(|d| &d.image))
            .collect();
        // Every import resolved or stubbed; the stubs numbered in order.
        let mut stubs = Vec::new();
        let mut slots: Vec<Vec<Result<u32, usize>>> = Vec::new();
        let mut resolved = Vec::new();
        for im in &images {
            let mut mine = Vec::new();
            for (imp, mut stub) in im.imports.iter().zip(im.stubs()) {
                match crate::dll::resolve(&dlls, &imp.name)? {
                    Ok(a) => {
                        resolved.push((imp.name.clone(), a));
                        mine.push(Ok(a));
                    }
                    Err(why) => {
                        stub.unresolved = why;
                        mine.push(Err(stubs.len()));
                        stubs.push(stub);
                    }
                }
            }
            slots.push(mine);
        }
        let addrs = machine.set_stubs(stubs)?;
        for (im, mine) in images.iter().zip(&slots) {
            let s: Vec<u32> = mine
                .iter()
                .map(|r| match r {
                    Ok(a) => *a,
                    Err(k) => addrs[*k],
                })
                .collect();
            im.load(&mut machine, &s)?;
        }
        let mut p = Program {
            image,
            dlls,
            resolved,
            machine,
        };
        if dll_main {
            for k in 0..p.dlls.len() {
                let (name, entry, base) = (
                    p.dlls[k].name.clone(),
                    p.dlls[k].image.entry,
                    p.dlls[k].image.base,
                );
                if entry == 0 {
                    continue;
                }
                let o = p
                    .call(&Call {
                        address: entry,
                        conv: crate::call::Conv::Stdcall,
                        args: vec![
                            Arg::Value(Scalar::U32(base)),
                            Arg::Value(Scalar::U32(1)),
                            Arg::Value(Scalar::U32(0)),
                        ],
                        ..Call::default()
                    })
                    .map_err(|e| EmuError::BadCall(format!("DllMain of {name}: {e}")))?;
                if o.eax == 0 {
                    return Err(EmuError::BadCall(format!(
                        "DllMain of {name} returned FALSE"
                    )));
                }
            }
        }
        Ok(p)
    }

    /// Gives the import `name` what it returns (`value`) and the bytes of
    /// stack arguments it pops (`pops`, stdcall's `@N`): `name` is
    /// `DLL!function` (the DLL's case ignored) or the function alone, which
    /// must then name one import.
    ///
    /// Errors: [`EmuError::BadCall`] naming what the image does import, or
    /// refusing an integer for an import that returns in ST(0) (a C
    /// runtime's x87 helpers and double-returning functions, see
    /// [`crate::crt::uses_x87`]): such a stub would leave the x87 stack
    /// wrong, never run.
    pub fn stub(&mut self, name: &str, value: StubValue, pops: u16) -> Result<(), EmuError> {
        let matches = |import: &str| match (name.split_once('!'), import.split_once('!')) {
            (Some((d, f)), Some((id, i_f))) => d.eq_ignore_ascii_case(id) && f == i_f,
            (None, Some((_, i_f))) => name == i_f,
            _ => false,
        };
        let stubs = self.machine.stubs();
        let hits: Vec<usize> = stubs
            .iter()
            .enumerate()
            .filter(|(_, s)| matches(&s.import))
            .map(|(k, _)| k)
            .collect();
        if let (true, Some((import, at))) = (
            hits.is_empty(),
            self.resolved.iter().find(|(i, _)| matches(i)),
        ) {
            return Err(EmuError::BadCall(format!(
                "{import} resolves to a loaded DLL's export at {at:#010x}: it runs the DLL's code, not a stub"
            )));
        }
        if hits.is_empty() {
            let some: Vec<&str> = stubs.iter().take(8).map(|s| s.import.as_str()).collect();
            return Err(EmuError::BadCall(if some.is_empty() {
                format!("no import '{name}' to stub: the image imports nothing")
            } else {
                format!(
                    "no import '{name}' to stub (the image imports {}{})",
                    some.join(", "),
                    if stubs.len() > 8 { ", …" } else { "" }
                )
            }));
        }
        let dlls: Vec<&str> = hits
            .iter()
            .filter_map(|&k| stubs[k].import.split_once('!').map(|x| x.0))
            .collect();
        if !name.contains('!') && dlls.windows(2).any(|w| !w[0].eq_ignore_ascii_case(w[1])) {
            return Err(EmuError::BadCall(format!(
                "'{name}' is imported from more than one DLL ({}): name it as DLL!{name}",
                dlls.join(", ")
            )));
        }
        for &k in &hits {
            let import = &stubs[k].import;
            if matches!(value, StubValue::Eax(_) | StubValue::EdxEax(_))
                && crate::crt::uses_x87(import)
            {
                return Err(EmuError::BadCall(format!(
                    "{import} works on the x87 stack (its result is in ST(0), or its operand is): an integer stub would leave the stack wrong; give it an ST(0) value or its built-in x87 model"
                )));
            }
        }
        for k in hits {
            self.machine.set_stub_value(k, value, pops)?;
        }
        Ok(())
    }

    /// Gives every import that is a Microsoft C runtime's x87 helper
    /// (`_CIlog`, `_ftol2`, …, see [`crate::crt`]) and has no stub yet its
    /// built-in model; returns the helpers so given.
    pub fn crt_x87(&mut self) -> Result<Vec<String>, EmuError> {
        let mut given = Vec::new();
        // Every stub, the image's and the DLLs' (an import a DLL resolved
        // has none): indexed as the machine's table.
        for k in 0..self.machine.stubs().len() {
            let import = self.machine.stubs()[k].import.clone();
            let unset = self.machine.stubs()[k].value.is_none();
            if let (Some(model), true) = (Crt::for_import(&import), unset) {
                self.machine.set_stub_value(k, StubValue::Crt(model), 0)?;
                given.push(import);
            }
        }
        Ok(given)
    }

    /// The function `name` names (see [`Image::resolve`]).
    pub fn resolve(&self, name: &str) -> Result<u32, EmuError> {
        self.image.resolve(name)
    }

    /// Makes one call, its buffers laid out afresh (see [`call::call`]).
    pub fn call(&mut self, c: &Call) -> Result<Outcome, EmuError> {
        call::call(&mut self.machine, c)
    }

    /// Makes one call with the buffers as the previous call left them
    /// (see [`call::call_carried`]): a Rust caller drives a generator's
    /// draw function in a loop this way, one process for every draw.
    pub fn call_carried(&mut self, c: &Call) -> Result<Outcome, EmuError> {
        call::call_carried(&mut self.machine, c)
    }

    /// The machine, for reading memory after a call.
    pub fn machine(&self) -> &Machine {
        &self.machine
    }
}
