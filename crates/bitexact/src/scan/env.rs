//! What the data flow asks of the image ([`ImageEnv`]: read-only
//! constants, initial values, PC thunks) and the image's ABI (its
//! caller-saved registers): the analysis's view of the image, below it.

use alloc::vec::Vec;

use super::flow::{Env, Flow};
use super::image::Image;
use super::report::{Arch, Format, ImageInfo};
use super::tables;

/// The ABI's caller-saved registers, a bit per register (RAX = bit 0).
pub(crate) fn caller_saved(info: &ImageInfo) -> u16 {
    const RAX: u16 = 1;
    const RCX: u16 = 1 << 1;
    const RDX: u16 = 1 << 2;
    const RSI: u16 = 1 << 6;
    const RDI: u16 = 1 << 7;
    const R8_11: u16 = 0xf << 8;
    match (info.format, info.arch) {
        (_, Arch::X86) => RAX | RCX | RDX,
        (Format::Pe32 | Format::Pe32Plus, Arch::X86_64) => RAX | RCX | RDX | R8_11,
        _ => RAX | RCX | RDX | RSI | RDI | R8_11,
    }
}

/// The flow's view of the image.
pub(crate) struct ImageEnv<'i, 'a> {
    pub image: &'i Image<'a>,
    thunks: Vec<(u64, Option<usize>)>,
}

impl<'i, 'a> ImageEnv<'i, 'a> {
    /// A view of `image`, no PC thunk known yet.
    pub fn new(image: &'i Image<'a>) -> Self {
        ImageEnv {
            image,
            thunks: Vec::new(),
        }
    }

    /// A fresh data flow for the image's code, under its ABI.
    pub fn flow(&self) -> Flow {
        Flow::new(self.image.bitness, caller_saved(&self.image.info))
    }
}

impl Env for ImageEnv<'_, '_> {
    fn read_const(&self, va: u64, size: usize) -> Option<u64> {
        let (r, _) = self.image.region_of(va)?;
        if r.writable {
            return None;
        }
        self.read_initial(va, size)
    }

    fn read_initial(&self, va: u64, size: usize) -> Option<u64> {
        self.image.read_le(va, size)
    }

    fn pc_thunk(&mut self, va: u64) -> Option<usize> {
        if let Some(&(_, r)) = self.thunks.iter().find(|(t, _)| *t == va) {
            return r;
        }
        let r = tables::pc_thunk(self.image, va);
        if self.thunks.len() < 64 {
            self.thunks.push((va, r));
        }
        r
    }
}
