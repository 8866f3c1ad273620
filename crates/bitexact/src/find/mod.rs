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
mod region;
pub mod render;

pub use region::Region;

use crate::engine::{Engine, Fields, Identification, Identified, Options};
use crate::engines::Id;
use crate::recover::Recovery;
use crate::search::{self, Plan};
use alloc::string::String;
use alloc::string::ToString;
use alloc::vec::Vec;

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
    /// The same bytes read in the generator's other layouts: a Red Alert 2
    /// object's last 1008 bytes are also a Tiberian Sun object. Windows of
    /// one generator that end at the same byte are one state: the first
    /// reading identified, longest first, else the longest, a candidate.
    pub also: Vec<Reading>,
}

/// Another reading of a hit's bytes ([`Hit::also`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    /// Its offset in the file.
    pub offset: u64,
    /// Its layout.
    pub layout: Option<&'static str>,
    /// Why it was not identified, when it was tried (a longer reading
    /// tried first: a Red Alert 2 object's disabled flag); `None` when it
    /// was not tried (a longer one was identified) or is the same state.
    pub why: Option<String>,
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
    /// Why the file, which starts like a minidump, was read as raw bytes
    /// ([`Memory::raw_because`]; set by [`Memory::find`]).
    pub read_as_raw: Option<String>,
}

/// The memory a file holds ([`regions`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Memory<'a> {
    /// The regions to look through.
    pub regions: Vec<Region<'a>>,
    /// Why a file that starts like a Windows minidump (`MDMP`) was read as
    /// raw bytes instead: it is not one this reader can read (damaged, cut
    /// short, or a raw file that happens to start so).
    pub raw_because: Option<minidump::MinidumpError>,
}

impl Memory<'_> {
    /// [`find`] over these regions, the report saying when the file was
    /// read as raw bytes ([`Report::read_as_raw`]).
    pub fn find(&self, engines: &[Id], plan: &Plan, stop: &(dyn Fn() -> bool + Sync)) -> Report {
        let mut report = find(&self.regions, engines, plan, stop);
        report.read_as_raw = self.raw_because.as_ref().map(ToString::to_string);
        report
    }
}

/// The memory a file holds: a Windows minidump's ranges (each with its
/// address in the dumped process), or the whole file as one region — also
/// when it starts like a minidump but cannot be read as one (then saying
/// why: [`Memory::raw_because`]; a state in it is still found, at its file
/// offset). Ranges that follow each other both in the process and in the
/// file (a full-memory dump stores its ranges back to back) are joined into
/// one region, so that a state straddling the two is found; ranges
/// adjacent in the process but stored apart stay apart (a state across
/// them is not found).
pub fn regions(bytes: &[u8]) -> Memory<'_> {
    let raw = |why| Memory {
        regions: alloc::vec![Region {
            bytes,
            file_offset: 0,
            address: None,
        }],
        raw_because: why,
    };
    if !minidump::is_minidump(bytes) {
        return raw(None);
    }
    let mut ranges = match minidump::regions(bytes) {
        Ok(r) => r,
        Err(e) => return raw(Some(e)),
    };
    ranges.sort_by_key(|r| (r.address, r.file_offset));
    let mut joined: Vec<Region<'_>> = Vec::with_capacity(ranges.len());
    for r in ranges {
        if let Some(last) = joined.last_mut() {
            let len = last.bytes.len() as u64;
            let follows = last
                .address
                .zip(r.address)
                .is_some_and(|(a, b)| a.checked_add(len) == Some(b))
                && last.file_offset.checked_add(len) == Some(r.file_offset);
            if follows {
                let start = last.file_offset as usize;
                last.bytes = &bytes[start..start + last.bytes.len() + r.bytes.len()];
                continue;
            }
        }
        joined.push(r);
    }
    Memory {
        regions: joined,
        raw_because: None,
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
    let groups: Vec<&[(usize, usize, Option<&'static str>)]> =
        passing.chunk_by(|a, b| a.0 == b.0).collect();
    // A generator whose states cannot be identified lists its windows as
    // candidates, each saying so (`Engine::identify`'s default).
    let bound = state.identify.map_or(0, |i| i.walk.default);
    // Each group's readings walked, longest first, until one is identified
    // (a Tiberian Sun object after a stray 1 reads as a disabled Red Alert 2
    // one, which no seed reaches); those whose identification is a seed
    // search are searched afterwards, together.
    let mut searching = Searching::<E>::default();
    let mut walked: Vec<Vec<Tried>> = Vec::with_capacity(groups.len());
    for group in &groups {
        if stop() {
            // The windows walked so far are still settled (their searches
            // end at once, each saying it was stopped), so none is lost.
            report.stopped = true;
            break;
        }
        let mut readings = Vec::with_capacity(group.len());
        let first_search = searching.gens.len();
        for &(end, at, layout) in group.iter() {
            let reading = match walk::<E>(&region.bytes[at..end], layout, bound, stop) {
                Ok(Walk::Fields(fields)) => Tried::Done(Ok(fields)),
                // The same generator as a longer reading (a Red Alert 2
                // object with its flag clear is also a Tiberian Sun one):
                // its search would say the same.
                Ok(Walk::Search(gen, _)) if searching.gens[first_search..].contains(&gen) => {
                    Tried::Same
                }
                Ok(Walk::Search(gen, recovery)) => {
                    searching.gens.push(gen);
                    searching.recoveries.push(recovery);
                    Tried::Searched(searching.gens.len() - 1)
                }
                Err(why) => Tried::Done(Err(why)),
            };
            let identified = matches!(reading, Tried::Done(Ok(_)));
            readings.push(reading);
            if identified {
                break;
            }
        }
        walked.push(readings);
    }
    let mut searched: Vec<Option<Result<Fields, String>>> = searching
        .settle(bound, plan, stop, report)
        .into_iter()
        .map(Some)
        .collect();
    // Each group once: its first reading identified (longest first), else
    // its longest as a candidate; the other readings in `also`.
    for (group, readings) in groups.iter().zip(walked) {
        // `None`: not tried, or the same state as a longer reading.
        let mut results: Vec<Option<Result<Fields, String>>> = readings
            .into_iter()
            .map(|r| match r {
                Tried::Done(r) => Some(r),
                Tried::Same => None,
                Tried::Searched(i) => searched[i].take(),
            })
            .collect();
        results.resize_with(group.len(), || None);
        let pick = results
            .iter()
            .position(|r| matches!(r, Some(Ok(_))))
            .unwrap_or(0);
        let (_, at, layout) = group[pick];
        let result = results[pick]
            .take()
            .unwrap_or_else(|| Err("not tried".into()));
        let mut hit = Hit {
            offset: region.file_offset + at as u64,
            address: region.address.map(|a| a + at as u64),
            id,
            layout,
            fields: None,
            why: String::new(),
            also: group
                .iter()
                .zip(results)
                .enumerate()
                .filter(|&(i, _)| i != pick)
                .map(|(_, (&(_, a, l), r))| Reading {
                    offset: region.file_offset + a as u64,
                    layout: l,
                    why: r.and_then(Result::err),
                })
                .collect(),
        };
        match result {
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
}

/// One reading of a window: settled by its walk, the same state as a
/// longer reading, or waiting on seed search `i` of [`Searching`].
enum Tried {
    Done(Result<Fields, String>),
    Same,
    Searched(usize),
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
    gens: Vec<E::Gen>,
    recoveries: Vec<Recovery>,
}

impl<E: Engine> Default for Searching<E> {
    fn default() -> Self {
        Searching {
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
    /// one each — and give each window's fields (the lowest seed whose
    /// replay reaches it) or why not, in order; `report.stopped` when
    /// `stop` asked.
    fn settle(
        self,
        bound: u64,
        plan: &Plan,
        stop: &(dyn Fn() -> bool + Sync),
        report: &mut Report,
    ) -> Vec<Result<Fields, String>> {
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
        if stop() {
            report.stopped = true;
        }
        self.gens
            .iter()
            .zip(found)
            .map(|(gen, id)| {
                id.and_then(|id| {
                    E::identified(gen, id, &Options::default()).map_err(|e| e.to_string())
                })
            })
            .collect()
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
