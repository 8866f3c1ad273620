//! What a generator takes beyond its seed ([`Options`]) and which of those
//! it has ([`Opt`], listed in [`Info::options`](super::Info::options)).

use crate::x87::Precision;

/// What else a generator needs beyond its seed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The x87 precision model of float draws (sots; default pc53).
    pub precision: Precision,
    /// Draw from `derive_substream(seed, id)` (laige).
    pub substream: Option<u32>,
    /// A master seed: an identification also names the substream id of the
    /// state's seed relative to it (generators with [`Opt::Substream`]).
    pub master: Option<u64>,
}

/// The options a generator takes beyond its seed ([`Info::options`](super::Info::options)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Opt {
    /// [`Options::precision`]
    Precision,
    /// [`Options::substream`]
    Substream,
}
