//! Finding generator states in a whole file (SPEC 16, `state find`): a full
//! save, a memory dump (raw, or a Windows minidump: [`minidump`]), a save's
//! raw section. Every byte offset is tried, for every engine and layout that
//! has a structure filter ([`Engine::find_filter`]: sots' `left`, the
//! Random2Class cursors 103 apart, `System.Random`'s cursors 21 apart and
//! its values' range, …); each window that passes is loaded and identified
//! (SPEC 8: replayed whole before it is named). Windows that pass the
//! filter but are not identified are counted, and kept as candidates.
//!
//! Engines whose every byte string is a state (laige's and Generals' 24
//! bytes) have no filter and are not looked for: their identification is a
//! walk of up to 10^8 draws, which no file's every offset can afford.
//! Engines that identify by searching seeds (Random2Class) search for all
//! of a region's candidates in one pass over the seeds
//! ([`Engine::identify_together`]), each state named by the lowest seed
//! whose replay reaches it.

pub mod minidump;
pub mod render;

use crate::engine::{Engine, Fields, Id, Identification, Identified, Options};
use crate::recover::Recovery;
use crate::search::{self, Plan};
use alloc::string::String;
use alloc::string::ToString;
use alloc::vec::Vec;

/// Where the bytes searched came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region<'a> {
    /// The bytes.
    pub bytes: &'a [u8],
    /// Their offset in the file.
    pub file_offset: u64,
    /// The virtual address of their first byte in the dumped process
    /// (minidumps), if known.
    pub address: Option<u64>,
}

/// One state found.
#[derive(Clone, Debug, PartialEq)]
pub struct Hit {
    /// Its offset in the file.
    pub offset: u64,
    /// Its address in the dumped process (minidumps).
    pub address: Option<u64>,
    /// The generator.
    pub id: Id,
    /// The layout it was read in (`ts`, `ra2`), if the generator has several.
    pub layout: Option<&'static str>,
    /// What identified it: the engine's fields (`seed`, …, `words_drawn`),
    /// or `None` for a candidate that passed the structure filter only.
    pub fields: Option<Fields>,
    /// Why a candidate was not identified (the engine's sentence).
    pub why: String,
    /// The same bytes read in the generator's other layouts (offset,
    /// layout): a Red Alert 2 object's last 1008 bytes are also a Tiberian
    /// Sun object. Windows of one generator that end at the same byte are
    /// one candidate, read in the longest layout that passes the filter.
    pub also: Vec<(u64, Option<&'static str>)>,
}

/// What [`find`] found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// Identified states, by offset.
    pub identified: Vec<Hit>,
    /// Windows that passed a structure filter and were not identified.
    pub candidates: Vec<Hit>,
    /// Bytes looked through.
    pub bytes: u64,
    /// The engines looked for.
    pub engines: Vec<Id>,
    /// Stopped by `stop` before the end (the report covers what was done).
    pub stopped: bool,
}

/// The memory a file holds: a Windows minidump's ranges (each with its
/// address in the dumped process), or the whole file as one region.
pub fn regions(bytes: &[u8]) -> Result<Vec<Region<'_>>, minidump::MinidumpError> {
    if minidump::is_minidump(bytes) {
        minidump::regions(bytes)
    } else {
        Ok(alloc::vec![Region {
            bytes,
            file_offset: 0,
            address: None,
        }])
    }
}

/// The engines `state find` looks for: those with a structure filter.
pub fn findable() -> Vec<Id> {
    Id::ALL
        .iter()
        .copied()
        .filter(|id| crate::with_engine!(*id, E => E::FINDABLE))
        .collect()
}

/// Every state of `engines` (all [`findable`] ones when empty) in
/// `regions`, each identified at its engine's default bound; seed searches
/// run by `plan`. `stop` is polled between candidates and inside walks.
pub fn find(
    regions: &[Region<'_>],
    engines: &[Id],
    plan: &Plan,
    stop: &(dyn Fn() -> bool + Sync),
) -> Report {
    let engines = if engines.is_empty() {
        findable()
    } else {
        engines.to_vec()
    };
    let mut report = Report {
        engines: engines.clone(),
        bytes: regions.iter().map(|r| r.bytes.len() as u64).sum(),
        ..Report::default()
    };
    for region in regions {
        for &id in &engines {
            crate::with_engine!(id, E => find_engine::<E>(id, region, plan, stop, &mut report));
            if report.stopped {
                return report;
            }
        }
    }
    report.identified.sort_by_key(|h| (h.offset, h.id));
    report.candidates.sort_by_key(|h| (h.offset, h.id));
    report
}

fn find_engine<E: Engine>(
    id: Id,
    region: &Region<'_>,
    plan: &Plan,
    stop: &(dyn Fn() -> bool + Sync),
    report: &mut Report,
) {
    let Some(state) = E::INFO.state else {
        return;
    };
    let layouts: Vec<(Option<&'static str>, usize)> = if state.layouts.is_empty() {
        alloc::vec![(None, state.lengths[0])]
    } else {
        state
            .layouts
            .iter()
            .zip(state.lengths)
            .map(|(l, &len)| (Some(l.name), len))
            .collect()
    };
    // Every window that passes, grouped by the byte it ends at (one object
    // read in several layouts), the longest first.
    let mut passing: Vec<(usize, usize, Option<&'static str>)> = Vec::new();
    for (layout, len) in layouts {
        if region.bytes.len() < len {
            continue;
        }
        for at in 0..=region.bytes.len() - len {
            if E::find_filter(&region.bytes[at..at + len], layout) {
                passing.push((at + len, at, layout));
            }
        }
    }
    passing.sort_by_key(|&(end, at, _)| (end, at));
    // A generator whose states cannot be identified lists its windows as
    // candidates, each saying so (`Engine::identify`'s default).
    let bound = state.identify.map_or(0, |i| i.walk.default);
    // Each window walked; those whose identification is a seed search are
    // searched afterwards, together.
    let mut searching = Searching::<E>::default();
    let mut k = 0;
    while k < passing.len() {
        let end = passing[k].0;
        let group: Vec<_> = passing[k..]
            .iter()
            .take_while(|p| p.0 == end)
            .copied()
            .collect();
        k += group.len();
        if stop() {
            // The windows walked so far are still settled (their searches
            // end at once, each saying it was stopped), so none is lost.
            report.stopped = true;
            break;
        }
        let (_, at, layout) = group[0];
        let address = |at: usize| region.address.map(|a| a + at as u64);
        let mut hit = Hit {
            offset: region.file_offset + at as u64,
            address: address(at),
            id,
            layout,
            fields: None,
            why: String::new(),
            also: group[1..]
                .iter()
                .map(|&(_, a, l)| (region.file_offset + a as u64, l))
                .collect(),
        };
        match walk::<E>(&region.bytes[at..end], layout, bound, stop) {
            Ok(Walk::Fields(fields)) => {
                hit.fields = Some(fields);
                report.identified.push(hit);
            }
            Ok(Walk::Search(gen, recovery)) => {
                searching.hits.push(hit);
                searching.gens.push(gen);
                searching.recoveries.push(recovery);
            }
            Err(why) => {
                hit.why = why;
                report.candidates.push(hit);
            }
        }
    }
    searching.settle(bound, plan, stop, report);
}

/// What walking a window found.
enum Walk<E: Engine> {
    /// Identified (or why not, as a string from [`walk`]).
    Fields(Fields),
    /// A seed search to run.
    Search(E::Gen, Recovery),
}

/// Load `window` in `layout` and walk it back: the fields, a seed search to
/// run, or why not.
fn walk<E: Engine>(
    window: &[u8],
    layout: Option<&str>,
    bound: u64,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Walk<E>, String> {
    let (gen, _) = E::load(window, layout).map_err(|e| e.to_string())?;
    match E::identify(&gen, bound, stop).map_err(|e| e.to_string())? {
        Identified::Found(id) => Ok(Walk::Fields(
            E::identified(&gen, id, &Options::default()).map_err(|e| e.to_string())?,
        )),
        Identified::Search(recovery) => Ok(Walk::Search(gen, recovery)),
    }
}

/// The windows whose identification is a seed search, in the same order.
struct Searching<E: Engine> {
    hits: Vec<Hit>,
    gens: Vec<E::Gen>,
    recoveries: Vec<Recovery>,
}

impl<E: Engine> Default for Searching<E> {
    fn default() -> Self {
        Searching {
            hits: Vec::new(),
            gens: Vec::new(),
            recoveries: Vec::new(),
        }
    }
}

/// [`search::Hooks`] that stop when `stop` says so.
struct Stop<'a>(&'a (dyn Fn() -> bool + Sync));

impl search::Hooks for Stop<'_> {
    fn cancelled(&mut self) -> bool {
        (self.0)()
    }
}

/// [`search::Hooks`] for a merged search: cancelled when `stop` says so,
/// or once every state has a hit (hits arrive final and in seed order, so
/// each state's first is its lowest seed).
struct UntilAllFound<'a> {
    stop: &'a (dyn Fn() -> bool + Sync),
    points: &'a [(usize, u64)],
    seen: Vec<bool>,
    left: usize,
}

impl search::Hooks for UntilAllFound<'_> {
    fn cancelled(&mut self) -> bool {
        self.left == 0 || (self.stop)()
    }

    fn found(&mut self, hits: &[crate::recover::Hit]) {
        for h in hits {
            let state = self.points[h.offset as usize].0;
            if !core::mem::replace(&mut self.seen[state], true) {
                self.left -= 1;
            }
        }
    }
}

impl<E: Engine> Searching<E> {
    /// Run the searches — one pass over the seeds for all of them when the
    /// engine can merge them ([`Engine::identify_together`], SPEC 16), else
    /// one each — and file every window as identified (the lowest seed
    /// whose replay reaches it) or a candidate.
    fn settle(
        self,
        bound: u64,
        plan: &Plan,
        stop: &(dyn Fn() -> bool + Sync),
        report: &mut Report,
    ) {
        let seeds = 0..E::INFO.seed.space();
        let together = if self.gens.len() > 1 {
            E::identify_together(&self.gens, bound)
        } else {
            None
        };
        let found: Vec<Result<Identification, String>> = match together {
            Some(t) => search_together(&t, self.gens.len(), seeds, plan, stop),
            None => self
                .recoveries
                .iter()
                .map(|recovery| search_one(recovery, seeds.clone(), plan, stop))
                .collect(),
        };
        for ((mut hit, gen), id) in self.hits.into_iter().zip(&self.gens).zip(found) {
            let fields = id.and_then(|id| {
                E::identified(gen, id, &Options::default()).map_err(|e| e.to_string())
            });
            match fields {
                Ok(fields) => {
                    hit.fields = Some(fields);
                    report.identified.push(hit);
                }
                Err(why) => {
                    hit.why = why;
                    report.candidates.push(hit);
                }
            }
        }
        if stop() {
            report.stopped = true;
        }
    }
}

/// The merged search for `n` states: each state's lowest seed, or why
/// none. No hit budget; it ends early once every state has one.
fn search_together(
    t: &crate::engine::Together,
    n: usize,
    seeds: core::ops::Range<u64>,
    plan: &Plan,
    stop: &(dyn Fn() -> bool + Sync),
) -> Vec<Result<Identification, String>> {
    let all = Plan::new(Some(plan.threads()), usize::MAX).expect("valid plan");
    let mut hooks = UntilAllFound {
        stop,
        points: &t.points,
        seen: alloc::vec![false; n],
        left: n,
    };
    let found = match search::run(t.searcher.as_ref(), seeds, &all, &mut hooks) {
        Err(e) => return alloc::vec![Err(e.to_string()); n],
        Ok(found) => found,
    };
    let complete = found.complete();
    let mut hits = found.hits;
    hits.sort_unstable_by_key(|h| (h.seed, h.offset));
    let mut first: Vec<Option<Identification>> = alloc::vec![None; n];
    for h in hits {
        let (state, draws) = t.points[h.offset as usize];
        first[state].get_or_insert(Identification {
            seed: h.seed,
            words_drawn: draws,
        });
    }
    first
        .into_iter()
        .map(|id| id.ok_or_else(|| not_found(complete)))
        .collect()
}

/// One state's search: its lowest seed, or why none.
fn search_one(
    recovery: &Recovery,
    seeds: core::ops::Range<u64>,
    plan: &Plan,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Identification, String> {
    let one = Plan::new(Some(plan.threads()), 1).map_err(|e| e.to_string())?;
    let found =
        search::run_recovery(recovery, seeds, &one, &mut Stop(stop)).map_err(|e| e.to_string())?;
    match found.hits.first() {
        Some(h) => Ok(Identification {
            seed: h.seed,
            words_drawn: h.offset,
        }),
        None => Err(not_found(found.complete())),
    }
}

/// Why a seed search named no seed: it searched them all, or was stopped.
fn not_found(complete: bool) -> String {
    if complete {
        "no seed reaches it within the bound".into()
    } else {
        "the seed search was stopped".into()
    }
}
