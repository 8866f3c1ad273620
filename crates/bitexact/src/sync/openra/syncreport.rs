//! OpenRA's sync report read whole (SPEC 11, 12.4, 12.5): its frames, their
//! `SharedRandom`, synced traits, effects and orders ([`SyncReport`]).
//! `OpenRA.Game/Network/SyncReport.cs` writes,
//! per kept frame, `Sync for net frame N -------------`, `SharedRandom: L
//! (#T)`, `Synced Traits:` with one line per trait `\t <ActorID>
//! <ActorType> <Owner> <TraitClass> (<hash>)` and its members `\t\t
//! <Member>: <value>`, `Synced Effects:` alike (`\t <Effect> (<hash>)`),
//! then `Orders Issued:` and `Sync Report System Info:` (`Out of sync
//! frame: N`, `Recorded frames: …`). A report may instead say `Recorded
//! frames do not contain the frame N. No sync report available!`: no
//! evidence, not a malformed file. Header lines (`Player:`, `Game ID:`,
//! `Player is host.`) differ between players and are not compared.

use crate::sync::error::SyncError;
use crate::sync::lines::Lines;
use crate::sync::report::Report;
use std::io::BufRead;
use std::string::String;
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
