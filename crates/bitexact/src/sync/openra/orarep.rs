//! The match seed of an OpenRA replay (`.orarep`, SPEC 12.5): a sync report
//! does not hold it, the replay does — `GlobalSettings: RandomSeed` in the
//! lobby's `SyncInfo` order, the last one before `StartGame`.
//!
//! A replay is a run of records `int32 client, int32 length, packet` (no
//! header; little-endian), each packet `int32 frame` and its orders, ended
//! by a trailer whose client is −1 (`-1, 1, n, YAML, n + 4, -2`). An order
//! is `0xFF` and its name as a .NET string (a 7-bit length and UTF-8):
//! `SyncInfo` carries the lobby's session as YAML text in its target
//! string. The seed is read from that text (`RandomSeed: N` in its
//! `GlobalSettings:` block), so the order's other fields need no parsing.

use crate::sync::error::SyncError;
use std::string::String;

/// The seed a replay's lobby sets: the `RandomSeed` of the last `SyncInfo`
/// order before the first `StartGame`. Errors: a record running past the
/// end, no `SyncInfo` with a seed before `StartGame`.
pub fn seed(bytes: &[u8]) -> Result<i32, SyncError> {
    const SYNC_INFO: &[u8] = b"\xff\x08SyncInfo";
    const START_GAME: &[u8] = b"\xff\x09StartGame";
    let bad = |why: String| SyncError::whole(None, std::format!("not an OpenRA replay: {why}"));
    let int = |at: usize| -> Option<i32> {
        Some(i32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
    };
    let mut at = 0usize;
    let mut seed = None;
    let mut records = 0u64;
    while at < bytes.len() {
        let (Some(client), Some(len)) = (int(at), int(at + 4)) else {
            return Err(bad(std::format!("a record header is cut at byte {at}")));
        };
        if client == -1 {
            break;
        }
        let len = usize::try_from(len)
            .map_err(|_| bad(std::format!("a negative packet length at byte {at}")))?;
        let packet = bytes
            .get(at + 8..at + 8 + len)
            .ok_or_else(|| bad(std::format!("the packet at byte {at} runs past the end")))?;
        records += 1;
        let orders = packet.get(4..).unwrap_or(&[]);
        let mut i = 0;
        while i < orders.len() {
            if orders[i..].starts_with(START_GAME) {
                return seed.ok_or_else(|| {
                    bad(
                        "no SyncInfo order with 'GlobalSettings: RandomSeed' before StartGame"
                            .into(),
                    )
                });
            }
            if orders[i..].starts_with(SYNC_INFO) {
                let rest = &orders[i + SYNC_INFO.len()..];
                // The session YAML up to the next order (UTF-8 never holds
                // 0xFF).
                let end = rest.iter().position(|&c| c == 0xff).unwrap_or(rest.len());
                let text = String::from_utf8_lossy(&rest[..end]);
                if let Some(s) = random_seed(&text) {
                    seed = Some(s);
                }
                i += SYNC_INFO.len();
                continue;
            }
            i += 1;
        }
        at += 8 + len;
    }
    Err(bad(std::format!(
        "{records} records and no StartGame order (a replay of a game that started has one)"
    )))
}

/// `RandomSeed: N` inside the `GlobalSettings:` block of a session's YAML.
fn random_seed(yaml: &str) -> Option<i32> {
    let mut in_global = false;
    for line in yaml.lines() {
        let indented = line.starts_with('\t') || line.starts_with(' ');
        if !indented {
            in_global = line.trim() == "GlobalSettings:";
            continue;
        }
        if in_global {
            if let Some(v) = line.trim().strip_prefix("RandomSeed:") {
                return v.trim().parse().ok();
            }
        }
    }
    None
}
