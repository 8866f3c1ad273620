//! Two players' OpenRA sync reports compared (SPEC 12.5): what every
//! desync thread does by hand.
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

use super::info::OPENRA;
use super::syncreport::{no_evidence_after, FrameReport, SyncReport, Synced};
use crate::json::Json;
use crate::sync::error::{SyncError, Which};
use crate::sync::report::{Divergence, Report};
use std::collections::HashMap;
use std::string::{String, ToString};
use std::vec::Vec;

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

/// Two players' reports compared (module docs).
pub(super) fn compare(a: &SyncReport, b: &SyncReport) -> Result<Report, SyncError> {
    for (r, which) in [(a, Which::A), (b, Which::B)] {
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
    let mut report = Report::new(&OPENRA);
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
