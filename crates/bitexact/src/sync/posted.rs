//! Evidence as people post it (SPEC 12.6), recognized before a format
//! reads a log: today, a **unified diff** of two logs (`diff -u`, `git
//! diff`, a GitHub ```` ```diff ```` block, LF or CRLF) is refused as one
//! log. Read as one log, a diff kept its context lines and dropped every
//! `-`/`+` line, so a diff compared with itself was "consistent" and against
//! a real report a trait on a `+` line was "in A's report only": a
//! confident wrong answer (SPEC 8). Until both sides are rebuilt from it,
//! the check refuses it and says what to give instead.

use super::error::{SyncError, Which};
use std::io::BufRead;
use std::string::String;

/// The lines of `head` (the start of a log) that make it a unified diff:
/// a `--- ` line followed at once by a `+++ ` line, then a hunk header
/// `@@ -A[,B] +C[,D] @@`. `None` for anything else: no log a game writes
/// has that sequence (a report's own `---` rulers are not followed by
/// `+++`).
/// The line number (1-based) and text of its `--- ` line.
pub fn unified_diff(head: &[u8]) -> Option<(u64, String)> {
    let text = String::from_utf8_lossy(head);
    let lines: std::vec::Vec<&str> = text.lines().map(|l| l.trim_end_matches('\r')).collect();
    let at = lines.windows(2).enumerate().position(|(i, pair)| {
        pair[0].starts_with("--- ")
            && pair[1].starts_with("+++ ")
            && lines[i + 2..].iter().any(|l| is_hunk_header(l))
    })?;
    Some((at as u64 + 1, lines[at].into()))
}

/// `@@ -A[,B] +C[,D] @@` (text may follow).
fn is_hunk_header(line: &str) -> bool {
    let Some(rest) = line.strip_prefix("@@ -") else {
        return false;
    };
    let Some((ranges, _)) = rest.split_once(" @@") else {
        return false;
    };
    let Some((old, new)) = ranges.split_once(" +") else {
        return false;
    };
    let range = |r: &str| {
        let mut parts = r.splitn(2, ',');
        parts.all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
    };
    range(old) && range(new)
}

/// The error for a log that is a diff ([`unified_diff`] of what `log` has
/// buffered), or `Ok` for one that is not: nothing is consumed.
pub(crate) fn refuse_diff(log: &mut dyn BufRead, which: Which) -> Result<(), SyncError> {
    let head = log
        .fill_buf()
        .map_err(|e| SyncError::whole(Some(which), std::format!("cannot be read: {e}")))?;
    match unified_diff(head) {
        Some((line, _)) => Err(SyncError::whole(
            Some(which),
            std::format!(
                "is a unified diff of two logs (its ---, +++ and @@ lines, from line {line}), \
                 not a log the game wrote: its - and + lines are the two players' logs, which a \
                 check of one log would drop; give the two logs as files"
            ),
        )),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diffs_are_recognized_and_logs_are_not() {
        let git = b"diff --git a/sync.log b/sync.log\nindex 1..2 100644\n--- a/sync.log\n+++ b/sync.log\n@@ -3,7 +3,7 @@ Sync for net frame 17\n   a\n-  b\n+  c\n";
        assert_eq!(unified_diff(git), Some((3, "--- a/sync.log".into())));
        let crlf = b"--- A.txt\r\n+++ B.txt\r\n@@ -1 +1 @@\r\n-x\r\n+y\r\n";
        assert_eq!(unified_diff(crlf).map(|d| d.0), Some(1));
        let fenced = b"```diff\n--- a\n+++ b\n@@ -10,2 +10,3 @@\n a\n+b\n```\n";
        assert_eq!(unified_diff(fenced).map(|d| d.0), Some(2));
        // A report's rulers and lines that only look alike.
        let report = b"Sync for net frame 1 -------------\n--- \n@@ x @@\n+++ \n";
        assert_eq!(unified_diff(report), None);
        assert_eq!(unified_diff(b"--- a\n+++ b\nno hunk\n"), None);
        assert_eq!(unified_diff(b"--- a\n+++ b\n@@ -x +1 @@\n"), None);
        assert!(is_hunk_header("@@ -1,5 +1,6 @@"));
        assert!(!is_hunk_header("@@ -1,5 +1, @@"));
    }
}
