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
//! traits keyed by (ActorID, TraitClass, which of the actor's traits of that
//! class), in A's order: the first that one side lacks (OpenRA leaves out a
//! trait whose hash is 0), or whose name (actor type, owner), hash or
//! members differ — members even under equal hashes, since a hash is the
//! XOR of the members and changes can cancel; then the effects in order;
//! then the orders issued, line for line. A file whose last report says `No
//! sync report available!` has no evidence for its newest desync, whatever
//! its earlier report says.

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
    /// The `Orders Issued:` lines, trimmed, with their lines.
    pub orders: Vec<(u64, String)>,
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
    Orders,
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
            "Orders Issued:" => {
                section = Section::Orders;
                continue;
            }
            "Sync Report System Info:" => section = Section::None,
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
        if section == Section::Orders {
            if f.orders.len() < MAX_ENTRIES {
                f.orders.push((n, t.into()));
            }
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

/// How `a` and `b`, the same trait or effect by key, differ: the name (an
/// actor's type or owner), the hash, or — a hash is the XOR of the synced
/// members, so changes can cancel — a member under an equal hash.
fn differ(a: &Synced, b: &Synced, label: &str) -> Option<String> {
    if a.name != b.name {
        return Some(std::format!(
            "{label} vs {}: the same {} named differently (another actor type or owner)",
            describe(b),
            if a.actor.is_some() { "trait" } else { "effect" }
        ));
    }
    let member = first_member(a, b);
    if a.hash != b.hash {
        let m = member.unwrap_or_else(|| "no member differs as written".into());
        return Some(std::format!("{label} vs {}: {m}", b.hash));
    }
    member.map(|m| {
        std::format!(
            "{label}: the hashes agree, but a member differs (a hash is the XOR of the members, so changes can cancel): {m}"
        )
    })
}

/// A trait's key: (ActorID, TraitClass, how many of the same actor and
/// class come before it) — one actor can carry several traits of a class
/// (a player's production queues).
type Key<'a> = (Option<u64>, &'a str, usize);

fn keyed(list: &[Synced]) -> Vec<(Key<'_>, &Synced)> {
    let mut seen: HashMap<(Option<u64>, &str), usize> = HashMap::new();
    list.iter()
        .map(|s| {
            let nth = seen.entry((s.actor, s.class.as_str())).or_insert(0);
            *nth += 1;
            ((s.actor, s.class.as_str(), *nth - 1), s)
        })
        .collect()
}

/// `describe`, naming the instance when an actor has several of a class.
fn describe_nth(key: Key<'_>, s: &Synced) -> String {
    if key.2 == 0 {
        describe(s)
    } else {
        std::format!(
            "{} (its {} {} trait)",
            describe(s),
            ordinal(key.2 + 1),
            s.class
        )
    }
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    std::format!("{n}{suffix}")
}

/// The first trait (then effect, then order) difference of one frame, as
/// (A's entry's line or B's, a sentence, what A says, what B says).
fn first_synced(fa: &FrameReport, fb: &FrameReport) -> Option<(u64, String, String, String)> {
    let (ka, kb) = (keyed(&fa.traits), keyed(&fb.traits));
    let in_b: HashMap<Key<'_>, &Synced> = kb.iter().copied().collect();
    for &(key, s) in &ka {
        match in_b.get(&key) {
            Some(o) => {
                if let Some(what) = differ(s, o, &describe_nth(key, s)) {
                    return Some((
                        s.line,
                        what,
                        std::format!("A: {}", describe_nth(key, s)),
                        std::format!("B: {}", describe_nth(key, o)),
                    ));
                }
            }
            None => {
                return Some((
                    s.line,
                    std::format!(
                        "{} is in A's report only (OpenRA leaves out a trait whose hash is 0)",
                        describe_nth(key, s)
                    ),
                    std::format!("A: {}", describe_nth(key, s)),
                    "B: no such trait".into(),
                ))
            }
        }
    }
    let in_a: std::collections::HashSet<Key<'_>> = ka.iter().map(|&(k, _)| k).collect();
    if let Some(&(key, o)) = kb.iter().find(|(k, _)| !in_a.contains(k)) {
        return Some((
            o.line,
            std::format!(
                "{} is in B's report only (OpenRA leaves out a trait whose hash is 0)",
                describe_nth(key, o)
            ),
            "A: no such trait".into(),
            std::format!("B: {}", describe_nth(key, o)),
        ));
    }
    let n = fa.effects.len().max(fb.effects.len());
    for k in 0..n {
        let (x, y) = (fa.effects.get(k), fb.effects.get(k));
        let what = match (x, y) {
            (Some(x), Some(y)) => differ(x, y, &describe(x)),
            _ => Some(String::new()),
        };
        if let Some(what) = what {
            let d = |s: Option<&Synced>| s.map_or("no such effect".into(), describe);
            let what = if what.is_empty() {
                std::format!("the effects part at #{k}: {} vs {}", d(x), d(y))
            } else {
                std::format!("the effects part at #{k}: {what}")
            };
            return Some((
                x.or(y).map_or(0, |s| s.line),
                what,
                std::format!("A: {}", d(x)),
                std::format!("B: {}", d(y)),
            ));
        }
    }
    let n = fa.orders.len().max(fb.orders.len());
    for k in 0..n {
        let (x, y) = (fa.orders.get(k), fb.orders.get(k));
        if x.map(|o| &o.1) != y.map(|o| &o.1) {
            let d = |o: Option<&(u64, String)>| o.map_or("no such line".into(), |o| o.1.clone());
            return Some((
                x.or(y).map_or(0, |o| o.0),
                std::format!(
                    "the orders issued part at their line {}: '{}' vs '{}' (every client applies the same orders in a net frame)",
                    k + 1,
                    d(x),
                    d(y)
                ),
                std::format!("A: {}", d(x)),
                std::format!("B: {}", d(y)),
            ));
        }
    }
    None
}

/// A `No sync report available!` written after the file's last frame: the
/// file's newest desync has no evidence, whatever its earlier report says.
pub(super) fn trailing_no_report(r: &SyncReport) -> Option<(u64, u64)> {
    let (line, frame) = r.no_report?;
    (!r.frames.is_empty() && r.frames.iter().all(|f| f.line < line)).then_some((line, frame))
}

/// `report` for the file's earlier frames, made a "no evidence" answer when
/// the file (`whose`: "A's", "B's", "the") ends with a report that holds none.
pub(super) fn no_evidence_after(report: &mut Report, whose: &str, r: &SyncReport) {
    if let Some((line, frame)) = trailing_no_report(r) {
        let earlier = core::mem::take(&mut report.summary);
        report.details.insert(
            0,
            std::format!("the earlier report in the file (frames before line {line}): {earlier}"),
        );
        report.consistent = false;
        report.first_divergence = None;
        report.summary = std::format!(
            "no evidence: {whose} file ends with a report that says 'Recorded frames do not contain the frame {frame}. No sync report available!' (line {line}): OpenRA kept no sync data for that desync; the frames before it belong to an earlier one"
        );
    }
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
    let mut report = compare_reports(a, b);
    no_evidence_after(&mut report, "A's", a);
    no_evidence_after(&mut report, "B's", b);
    Ok(report)
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
    // A file holding two reports (two desyncs) may repeat a net frame: the
    // newest of each side is compared.
    let common: Vec<(&FrameReport, &FrameReport)> = a
        .frames
        .iter()
        .enumerate()
        .filter(|(k, fa)| {
            !a.frames[k + 1..]
                .iter()
                .any(|g| g.net_frame == fa.net_frame)
        })
        .map(|(_, fa)| fa)
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
            } else if la != lb {
                parts.push(std::format!(
                    "the same count #{ta} with different values ({la} vs {lb}): not one seed's stream (another seed, or a re-seeded generator)"
                ));
            }
            if ta != tb || la != lb {
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
        "consistent: the reports agree at net frame{} {} (SharedRandom, {traits} synced trait{} and {effects} effect{}, names, hashes and members, orders issued)",
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
