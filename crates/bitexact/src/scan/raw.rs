//! A site as a matcher finds it, before it is tied to its function: what
//! the tempering chains (`temper.rs`) and the other signatures
//! (`signature/`) both produce, and the analysis (`analyse.rs`) collects.

use alloc::string::String;
use alloc::vec::Vec;

use super::report::Signature;

/// A site before it is tied to its function.
#[derive(Debug, Clone)]
pub(crate) struct RawSite {
    pub signature: Signature,
    pub complete: bool,
    pub seen: Vec<String>,
    pub instructions: Vec<u64>,
}
