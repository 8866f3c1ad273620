//! A loaded image in its machine: the one object the binary (and a user of
//! the library) works with — open, stub the imports, resolve, call.

use crate::call::{self, Call, Outcome};
use crate::error::EmuError;
use crate::image::Image;
use crate::machine::Machine;

/// A PE32 image loaded into its own [`Machine`].
pub struct Program {
    /// The parsed image.
    pub image: Image,
    machine: Machine,
}

impl Program {
    /// Parses and loads `bytes` (at its preferred base, or relocated to
    /// `base`). Errors as [`Image::parse`] and [`Image::load`].
    pub fn open(bytes: &[u8], base: Option<u32>) -> Result<Program, EmuError> {
        let image = Image::parse(bytes, base)?;
        let mut machine = Machine::new()?;
        image.load(&mut machine)?;
        Ok(Program { image, machine })
    }

    /// Gives the import `name` the return value `value`: `name` is
    /// `DLL!function` (the DLL's case ignored) or the function alone, which
    /// must then name one import. Errors: [`EmuError::BadCall`] naming what
    /// the image does import.
    pub fn stub(&mut self, name: &str, value: u32) -> Result<(), EmuError> {
        let matches = |import: &str| match (name.split_once('!'), import.split_once('!')) {
            (Some((d, f)), Some((id, i_f))) => d.eq_ignore_ascii_case(id) && f == i_f,
            (None, Some((_, i_f))) => name == i_f,
            _ => false,
        };
        let hits: Vec<usize> = self
            .image
            .imports
            .iter()
            .enumerate()
            .filter(|(_, i)| matches(&i.name))
            .map(|(k, _)| k)
            .collect();
        if hits.is_empty() {
            let some: Vec<&str> = self
                .image
                .imports
                .iter()
                .take(8)
                .map(|i| i.name.as_str())
                .collect();
            return Err(EmuError::BadCall(if some.is_empty() {
                format!("no import '{name}' to stub: the image imports nothing")
            } else {
                format!(
                    "no import '{name}' to stub (the image imports {}{})",
                    some.join(", "),
                    if self.image.imports.len() > 8 {
                        ", …"
                    } else {
                        ""
                    }
                )
            }));
        }
        let dlls: Vec<&str> = hits
            .iter()
            .filter_map(|&k| self.image.imports[k].name.split_once('!').map(|x| x.0))
            .collect();
        if !name.contains('!') && dlls.windows(2).any(|w| !w[0].eq_ignore_ascii_case(w[1])) {
            return Err(EmuError::BadCall(format!(
                "'{name}' is imported from more than one DLL ({}): name it as DLL!{name}",
                dlls.join(", ")
            )));
        }
        for k in hits {
            self.machine.set_stub_value(k, value);
        }
        Ok(())
    }

    /// The function `name` names (see [`Image::resolve`]).
    pub fn resolve(&self, name: &str) -> Result<u32, EmuError> {
        self.image.resolve(name)
    }

    /// Makes one call (see [`call::call`]).
    pub fn call(&mut self, c: &Call) -> Result<Outcome, EmuError> {
        call::call(&mut self.machine, c)
    }

    /// The machine, for reading memory after a call.
    pub fn machine(&self) -> &Machine {
        &self.machine
    }
}
