//! A site as a matcher finds it, before it is tied to its function: what
//! the tempering chains (`temper.rs`) and the other signatures
//! (`signature/`) both produce, and the analysis (`analyse.rs`) collects.

use alloc::string::String;
use alloc::vec::Vec;

use super::report::{Function, Signature, Site};

/// A site before it is tied to its function.
#[derive(Debug, Clone)]
pub(crate) struct RawSite {
    pub signature: Signature,
    pub complete: bool,
    pub seen: Vec<String>,
    pub instructions: Vec<u64>,
}

/// The raw sites, each with the index of the body holding it (in body
/// order), as [`Site`]s by address, and the bodies holding them as
/// [`Function`]s in the order first met: `holder` makes a body's
/// function (its count of sites is worked out here), `sweep_only` marks
/// every site. A site with no instruction is at its holder's start.
pub(crate) fn place(
    raw: Vec<(usize, RawSite)>,
    sweep_only: bool,
    mut holder: impl FnMut(usize) -> Function,
) -> (Vec<Site>, Vec<Function>) {
    let mut held: Vec<Function> = Vec::new();
    let mut index_of: Vec<(usize, usize)> = Vec::new();
    let mut sites = Vec::with_capacity(raw.len());
    for (k, s) in raw {
        let slot = match index_of.iter().find(|(b, _)| *b == k) {
            Some(&(_, i)) => i,
            None => {
                held.push(holder(k));
                index_of.push((k, held.len() - 1));
                held.len() - 1
            }
        };
        held[slot].sites += 1;
        sites.push(Site {
            va: s.instructions.first().copied().unwrap_or(held[slot].va),
            signature: s.signature,
            complete: s.complete,
            seen: s.seen,
            instructions: s.instructions,
            function: slot,
            sweep_only,
        });
    }
    sites.sort_by_key(|s| (s.va, s.signature));
    (sites, held)
}
