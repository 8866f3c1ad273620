//! Two players' OpenRA sync reports compared (SPEC 12.5): what every
//! desync thread does by hand. `OpenRA.Game/Network/SyncReport.cs` writes,
//! per kept frame, `Sync for net frame N -------------`, `SharedRandom: L
//! (#T)`, `Synced Traits:` with one line per trait `\t <ActorID>
//! <ActorType> <Owner> <TraitClass> (<hash>)` and its members `\t\t
//! <Member>: <value>`, `Synced Effects:` alike (`\t <Effect> (<hash>)`),
//! then `Orders Issued:` and `Sync Report System Info:` (`Out of sync
//! frame: N`, `Recorded frames: …`). A report may instead say `Recorded
//! frames do not contain the frame N. No sync report available!`: no
//! evidence, not a malformed file. Header lines (`Player:`, `Game ID:`,
//! `Player is host.`) differ between players and are not compared.
//!
//! The comparison, per net frame both reports hold, in order: the
//! `SharedRandom` counts first — `T` differs: one side made |ΔT| more draws;
//! the same `T` with another `L` cannot happen for one seed — then the
//! traits keyed by (ActorID, TraitClass), in A's order: the first whose
//! hash differs (or that one side lacks: OpenRA leaves out a trait whose
//! hash is 0), with its first differing member; then the effects in order.

use super::{Divergence, Format, Lines, Report, SyncError};
use crate::json::Json;
use std::collections::HashMap;
use std::io::BufRead;
use std::string::{String, ToString};
use std::vec::Vec;

/// The most traits (and effects) read per frame.
pub const MAX_ENTRIES: usize = 1 << 20;

/// One synced trait or effect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Synced {
    /// The 1-based line of its header.
    pub line: u64,
    /// The actor's ID (`None` for an effect).
    pub actor: Option<u64>,
    /// `<ActorType> <Owner> <TraitClass>` of a trait, or the effect's name,
    /// as written.
    pub name: String,
    /// The trait's class (the last word of `name`).
    pub class: String,
    /// The hash in brackets.
    pub hash: i64,
    /// Its members, `name: value`, in order.
    pub members: Vec<(String, String)>,
}

/// One frame of a report.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FrameReport {
    /// The net frame.
    pub net_frame: u64,
    /// The header's line.
    pub line: u64,
    /// `SharedRandom: L (#T)`, with its line.
    pub shared: Option<(i32, u64, u64)>,
    /// The synced traits, in order.
    pub traits: Vec<Synced>,
    /// The synced effects, in order.
    pub effects: Vec<Synced>,
}

/// What a sync report holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SyncReport {
    /// Its frames, in the order written.
    pub frames: Vec<FrameReport>,
    /// `Out of sync frame: N`.
    pub out_of_sync: Option<u64>,
    /// `Recorded frames do not contain the frame N. No sync report
    /// available!`: its line and N.
    pub no_report: Option<(u64, u64)>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    None,
    Traits,
    Effects,
}

/// `… (<hash>)` at the end of a line: the text before and the hash.
fn hashed(t: &str) -> Option<(&str, i64)> {
    let body = t.strip_suffix(')')?;
    let (head, hash) = body.rsplit_once(" (")?;
    Some((head.trim(), hash.trim().parse().ok()?))
}

/// Read a report whole (its frames are few: a ring of seven). Errors: a
/// `SharedRandom` line that does not parse, too many entries.
pub fn read(reader: &mut dyn BufRead) -> Result<SyncReport, SyncError> {
    let mut lines = Lines::new(reader);
    let mut out = SyncReport::default();
    let mut section = Section::None;
    while let Some((n, raw)) = lines.next_line()? {
        let t = raw.trim();
        if let Some(rest) = t.strip_prefix("Sync for net frame ") {
            let number = rest.split_whitespace().next().unwrap_or("");
            let net_frame = number.parse::<u64>().map_err(|_| {
                SyncError::at(n, raw, std::format!("'{number}' is not a net frame number"))
            })?;
            out.frames.push(FrameReport {
                net_frame,
                line: n,
                ..FrameReport::default()
            });
            section = Section::None;
            continue;
        }
        if let Some(rest) = t.strip_prefix("SharedRandom:") {
            let bad = || SyncError::at(n, raw, "expected 'SharedRandom: LAST (#TOTALCOUNT)'");
            let (last, count) = rest.trim().split_once('(').ok_or_else(bad)?;
            let last = last.trim().parse::<i32>().map_err(|_| bad())?;
            let count = count
                .trim()
                .strip_prefix('#')
                .and_then(|c| c.strip_suffix(')'))
                .and_then(|c| c.trim().parse::<u64>().ok())
                .ok_or_else(bad)?;
            let Some(f) = out.frames.last_mut() else {
                return Err(SyncError::at(n, raw, "a SharedRandom line outside a frame (no 'Sync for net frame' header before it)"));
            };
            f.shared = Some((last, count, n));
            // The traits follow (an excerpt may lack their header line).
            section = Section::Traits;
            continue;
        }
        match t {
            "Synced Traits:" => section = Section::Traits,
            "Synced Effects:" => section = Section::Effects,
            "Orders Issued:" | "Sync Report System Info:" => section = Section::None,
            _ => {}
        }
        if let Some(rest) = t.strip_prefix("Out of sync frame:") {
            out.out_of_sync = rest.trim().parse().ok();
            continue;
        }
        if let Some(rest) = t.strip_prefix("Recorded frames do not contain the frame ") {
            let number = rest.split('.').next().unwrap_or("").trim();
            out.no_report = Some((n, number.parse().unwrap_or(0)));
            continue;
        }
        let Some(f) = out.frames.last_mut() else {
            continue;
        };
        if section == Section::None || t.is_empty() || t.ends_with(':') && !t.contains(' ') {
            continue;
        }
        let list = if section == Section::Traits {
            &mut f.traits
        } else {
            &mut f.effects
        };
        // A header: `ID Type Owner… Class (hash)` or `Effect (hash)`; a
        // member: `Name: value`.
        let header = hashed(t).filter(|(head, _)| {
            let first = head.split_whitespace().next().unwrap_or("");
            match section {
                Section::Traits => {
                    first.bytes().all(|c| c.is_ascii_digit())
                        && head.split_whitespace().count() >= 3
                }
                _ => !head.contains(": "),
            }
        });
        if let Some((head, hash)) = header {
            if list.len() == MAX_ENTRIES {
                return Err(SyncError::at(
                    n,
                    raw,
                    std::format!("more than {MAX_ENTRIES} synced entries in one frame"),
                ));
            }
            let (actor, name) = match section {
                Section::Traits => {
                    let (id, rest) = head.split_once(char::is_whitespace).unwrap_or((head, ""));
                    (id.parse().ok(), rest.trim().into())
                }
                _ => (None, String::from(head)),
            };
            let class = head.rsplit(' ').next().unwrap_or("").into();
            list.push(Synced {
                line: n,
                actor,
                name,
                class,
                hash,
                members: Vec::new(),
            });
        } else if let (Some((k, v)), Some(last)) = (t.split_once(':'), list.last_mut()) {
            if last.members.len() < 4096 {
                last.members.push((k.trim().into(), v.trim().into()));
            }
        }
    }
    Ok(out)
}

/// The first member of `a` and `b` whose value differs (by position among
/// members of the same name), as `name: a vs b`.
fn first_member(a: &Synced, b: &Synced) -> Option<String> {
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for (k, v) in &a.members {
        let nth = seen.entry(k.as_str()).or_insert(0);
        let other = b.members.iter().filter(|(m, _)| m == k).nth(*nth);
        *nth += 1;
        match other {
            Some((_, w)) if w == v => {}
            Some((_, w)) => return Some(std::format!("{k}: {v} vs {w}")),
            None => return Some(std::format!("{k}: {v} vs (no such member)")),
        }
    }
    b.members
        .iter()
        .find(|(k, _)| !a.members.iter().any(|(m, _)| m == k))
        .map(|(k, w)| std::format!("{k}: (no such member) vs {w}"))
}

fn describe(s: &Synced) -> String {
    match s.actor {
        Some(id) => std::format!("actor {id} {} ({})", s.name, s.hash),
        None => std::format!("effect {} ({})", s.name, s.hash),
    }
}

/// The first trait (then effect) difference of one frame, as (A's entry or
/// B's, a sentence, what A says, what B says).
fn first_synced(fa: &FrameReport, fb: &FrameReport) -> Option<(u64, String, String, String)> {
    let key = |s: &Synced| (s.actor, s.class.clone());
    let mut in_b: HashMap<(Option<u64>, String), &Synced> = HashMap::new();
    for s in &fb.traits {
        in_b.entry(key(s)).or_insert(s);
    }
    for s in &fa.traits {
        match in_b.get(&key(s)) {
            Some(o) if o.hash == s.hash => {}
            Some(o) => {
                let member =
                    first_member(s, o).unwrap_or_else(|| "no member differs as written".into());
                return Some((
                    s.line,
                    std::format!("{} vs {}: {member}", describe(s), o.hash),
                    std::format!("A: {}", describe(s)),
                    std::format!("B: {}", describe(o)),
                ));
            }
            None => {
                return Some((
                    s.line,
                    std::format!(
                        "{} is in A's report only (OpenRA leaves out a trait whose hash is 0)",
                        describe(s)
                    ),
                    std::format!("A: {}", describe(s)),
                    "B: no such trait".into(),
                ))
            }
        }
    }
    let in_a: Vec<_> = fa.traits.iter().map(key).collect();
    if let Some(o) = fb.traits.iter().find(|o| !in_a.contains(&key(o))) {
        return Some((
            o.line,
            std::format!(
                "{} is in B's report only (OpenRA leaves out a trait whose hash is 0)",
                describe(o)
            ),
            "A: no such trait".into(),
            std::format!("B: {}", describe(o)),
        ));
    }
    let n = fa.effects.len().max(fb.effects.len());
    for k in 0..n {
        match (fa.effects.get(k), fb.effects.get(k)) {
            (Some(x), Some(y)) if x.name == y.name && x.hash == y.hash => {}
            (x, y) => {
                let d = |s: Option<&Synced>| s.map_or("no such effect".into(), describe);
                let member = match (x, y) {
                    (Some(x), Some(y)) => {
                        first_member(x, y).map_or(String::new(), |m| std::format!(": {m}"))
                    }
                    _ => String::new(),
                };
                return Some((
                    x.or(y).map_or(0, |s| s.line),
                    std::format!("the effects part at #{k}: {} vs {}{member}", d(x), d(y)),
                    std::format!("A: {}", d(x)),
                    std::format!("B: {}", d(y)),
                ));
            }
        }
    }
    None
}

/// Two players' reports compared (module docs).
pub(super) fn compare(a: &SyncReport, b: &SyncReport) -> Result<Report, SyncError> {
    for (r, which) in [(a, super::Which::A), (b, super::Which::B)] {
        if r.frames.is_empty() && r.no_report.is_none() {
            return Err(SyncError::whole(
                Some(which),
                "holds no 'Sync for net frame' header: not a sync report (an excerpt without its frame header cannot be compared)",
            ));
        }
    }
    Ok(compare_reports(a, b))
}

fn compare_reports(a: &SyncReport, b: &SyncReport) -> Report {
    let mut report = Report::new(Format::Openra);
    for (side, r) in [("A", a), ("B", b)] {
        if let Some((line, frame)) = r.no_report {
            if r.frames.is_empty() {
                report.summary = std::format!(
                    "no evidence: {side}'s report says 'Recorded frames do not contain the frame {frame}. No sync report available!' (line {line}): OpenRA kept no sync data for the frame that desynced"
                );
                return report;
            }
        }
    }
    let common: Vec<(&FrameReport, &FrameReport)> = a
        .frames
        .iter()
        .filter_map(|fa| {
            b.frames
                .iter()
                .rev()
                .find(|fb| fb.net_frame == fa.net_frame)
                .map(|fb| (fa, fb))
        })
        .collect();
    if common.is_empty() {
        let list = |r: &SyncReport| -> String {
            let v: Vec<String> = r.frames.iter().map(|f| f.net_frame.to_string()).collect();
            v.join(", ")
        };
        report.summary = std::format!(
            "not aligned: the reports hold no net frame in common (A: {}; B: {})",
            list(a),
            list(b)
        );
        return report;
    }
    report.checked = common.len() as u64;
    for (fa, fb) in &common {
        let f = fa.net_frame;
        let mut parts: Vec<String> = Vec::new();
        let mut divergence = None;
        if let (Some((la, ta, line_a)), Some((lb, tb, line_b))) = (fa.shared, fb.shared) {
            if ta != tb {
                let d = tb as i64 - ta as i64;
                let (side, k) = if d > 0 { ("B", d) } else { ("A", -d) };
                parts.push(std::format!(
                    "{side}'s SharedRandom made {k} more draw{} than the other's (#{ta} vs #{tb})",
                    if k == 1 { "" } else { "s" }
                ));
                report.shift = Some(d);
                report.extra.push(("delta_draws", Json::from(d)));
                divergence = Some(Divergence {
                    line: Some(line_a),
                    frame: Some(f as i64),
                    logged: std::format!("A: SharedRandom: {la} (#{ta})"),
                    expected: std::format!("B: SharedRandom: {lb} (#{tb}) (line {line_b})"),
                    ..Divergence::default()
                });
            } else if la != lb {
                parts.push(std::format!(
                    "the same count #{ta} with different values ({la} vs {lb}): not one seed's stream (another seed, or a re-seeded generator)"
                ));
                divergence = Some(Divergence {
                    line: Some(line_a),
                    frame: Some(f as i64),
                    logged: std::format!("A: SharedRandom: {la} (#{ta})"),
                    expected: std::format!("B: SharedRandom: {lb} (#{tb}) (line {line_b})"),
                    ..Divergence::default()
                });
            }
        }
        if let Some((line, what, la, lb)) = first_synced(fa, fb) {
            parts.push(std::format!("the first differing synced entry is {what}"));
            report.extra.push(("synced", Json::from(what.as_str())));
            divergence = Some(Divergence {
                line: Some(line),
                frame: Some(f as i64),
                logged: la,
                expected: lb,
                ..Divergence::default()
            });
        }
        if !parts.is_empty() {
            report.summary = std::format!("divergence at net frame {f}: {}", parts.join("; "));
            report.first_divergence = divergence;
            report.extra.push(("net_frame", Json::from(f)));
            return report;
        }
    }
    report.consistent = true;
    let frames: Vec<String> = common
        .iter()
        .map(|(f, _)| f.net_frame.to_string())
        .collect();
    let traits: usize = common.iter().map(|(f, _)| f.traits.len()).sum();
    let effects: usize = common.iter().map(|(f, _)| f.effects.len()).sum();
    report.summary = std::format!(
        "consistent: the reports agree at net frame{} {} (SharedRandom, {traits} synced trait{} and {effects} effect{}, hash and members)",
        if common.len() == 1 { "" } else { "s" },
        frames.join(", "),
        if traits == 1 { "" } else { "s" },
        if effects == 1 { "" } else { "s" }
    );
    if traits == 0 {
        report.details.push(
            "neither report lists a synced trait at these frames: only SharedRandom was compared"
                .into(),
        );
    }
    report
}
