//! Generals' `-SaveDebugCRCPerFrame DIR` folders (SPEC 12.5): one CRC
//! debug file per frame, `DIR/DebugFrame_%06d.txt`, in the crcDebug line
//! format. A folder is read as one log, its files in frame order
//! ([`open`]); two machines' folders are compared file by file
//! ([`first_difference`], [`compare`]): the first frame whose files differ,
//! and the first line that differs in it, is the divergence.

use crate::sync::error::SyncError;
use crate::sync::report::{Divergence, Report};
use std::fs::File;
use std::io::{BufReader, Read};
use std::path::{Path, PathBuf};
use std::string::{String, ToString};
use std::vec::Vec;

/// The most frame files a folder may hold (a 1-hour game at 30 frames a
/// second is 108 000).
pub const MAX_FRAMES: usize = 1 << 20;

/// The frame files of a `-SaveDebugCRCPerFrame` folder, by frame. Errors:
/// an unreadable folder, one with no `DebugFrame_NNNNNN.txt` file, more
/// than [`MAX_FRAMES`].
pub fn frame_files(dir: &Path) -> Result<Vec<(u64, PathBuf)>, SyncError> {
    let cannot = |e: std::io::Error| {
        SyncError::whole(None, std::format!("cannot read '{}': {e}", dir.display()))
    };
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(cannot)? {
        let entry = entry.map_err(cannot)?;
        let name = entry.file_name();
        let Some(frame) = name
            .to_str()
            .and_then(|n| n.strip_prefix("DebugFrame_"))
            .and_then(|n| n.strip_suffix(".txt"))
            .filter(|d| !d.is_empty() && d.bytes().all(|c| c.is_ascii_digit()))
            .and_then(|d| d.parse::<u64>().ok())
        else {
            continue;
        };
        if out.len() == MAX_FRAMES {
            return Err(SyncError::whole(
                None,
                std::format!(
                    "'{}' holds more than {MAX_FRAMES} frame files",
                    dir.display()
                ),
            ));
        }
        out.push((frame, entry.path()));
    }
    if out.is_empty() {
        return Err(SyncError::whole(
            None,
            std::format!(
                "'{}' is a folder with no DebugFrame_NNNNNN.txt file (Generals' -SaveDebugCRCPerFrame writes those; any other log is a file)",
                dir.display()
            ),
        ));
    }
    out.sort_unstable();
    Ok(out)
}

/// A folder's frame files read one after the other, each ended by a line
/// end.
struct Chain {
    files: std::vec::IntoIter<(u64, PathBuf)>,
    current: Option<BufReader<File>>,
    /// The current file ended without a line end: one is owed.
    owe_newline: bool,
    last_byte: u8,
}

impl Read for Chain {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        loop {
            if self.owe_newline {
                self.owe_newline = false;
                self.last_byte = b'\n';
                buf[0] = b'\n';
                return Ok(1);
            }
            let Some(r) = self.current.as_mut() else {
                match self.files.next() {
                    Some((_, p)) => {
                        self.current = Some(BufReader::new(File::open(&p)?));
                        self.last_byte = b'\n';
                        continue;
                    }
                    None => return Ok(0),
                }
            };
            let n = r.read(buf)?;
            if n == 0 {
                self.current = None;
                self.owe_newline = self.last_byte != b'\n';
                continue;
            }
            self.last_byte = buf[n - 1];
            return Ok(n);
        }
    }
}

/// Where two machines' frame folders first differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrameDiff {
    /// The frame whose files differ (or that one side lacks).
    pub frame: u64,
    /// The 1-based line of that frame's file that differs first (0: the
    /// file is missing on one side).
    pub line: u64,
    /// A's line (or why there is none).
    pub a: String,
    /// B's line (or why there is none).
    pub b: String,
}

/// The lines of a frame file, line ends (CRLF) dropped.
fn lines_of(p: &Path) -> Result<Vec<String>, SyncError> {
    let mut s = String::new();
    File::open(p)
        .and_then(|mut f| f.read_to_string(&mut s))
        .map_err(|e| SyncError::whole(None, std::format!("cannot read '{}': {e}", p.display())))?;
    Ok(s.lines().map(|l| l.trim_end_matches('\r').into()).collect())
}

/// The first frame (over the frames both folders cover) whose files
/// differ, and the first differing line in it; `None` when every common
/// frame's files are the same. A frame inside the common range that one
/// folder lacks is a difference.
pub fn first_difference(
    a: &[(u64, PathBuf)],
    b: &[(u64, PathBuf)],
) -> Result<Option<FrameDiff>, SyncError> {
    let (Some(fa), Some(fb), Some(la), Some(lb)) = (a.first(), b.first(), a.last(), b.last())
    else {
        return Ok(None);
    };
    let (lo, hi) = (fa.0.max(fb.0), la.0.min(lb.0));
    let within = |l: &[(u64, PathBuf)]| -> Vec<(u64, PathBuf)> {
        l.iter()
            .filter(|(f, _)| (lo..=hi).contains(f))
            .cloned()
            .collect()
    };
    let (a, b) = (within(a), within(b));
    let end = || "(the file ends here)".to_string();
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        let (x, y) = (a[i].0, b[j].0);
        if x != y {
            let (has, lacks) = (
                "(this frame's file)".to_string(),
                "(no file for this frame)".to_string(),
            );
            let (frame, a_has) = if x < y { (x, true) } else { (y, false) };
            return Ok(Some(FrameDiff {
                frame,
                line: 0,
                a: if a_has { has.clone() } else { lacks.clone() },
                b: if a_has { lacks } else { has },
            }));
        }
        let (la, lb) = (lines_of(&a[i].1)?, lines_of(&b[j].1)?);
        let k = la.iter().zip(&lb).take_while(|(p, q)| p == q).count();
        if k < la.len() || k < lb.len() {
            return Ok(Some(FrameDiff {
                frame: x,
                line: k as u64 + 1,
                a: la.get(k).cloned().unwrap_or_else(end),
                b: lb.get(k).cloned().unwrap_or_else(end),
            }));
        }
        i += 1;
        j += 1;
    }
    Ok(None)
}

/// A frame folder opened as one log: its files in frame order, each ended
/// by a line end. Errors: unreadable, or no frame file.
pub fn open(dir: &Path) -> Result<BufReader<impl Read + Send>, SyncError> {
    let files = frame_files(dir)?;
    Ok(BufReader::with_capacity(
        1 << 16,
        Chain {
            files: files.into_iter(),
            current: None,
            owe_newline: false,
            last_byte: b'\n',
        },
    ))
}

/// `report`, of the logs at `a` and `b` read whole, told which of them are
/// frame folders, and, when both are, made a divergence at the first frame
/// whose files differ ([`first_difference`]; the analysis of the logs read
/// whole is then the first detail).
pub fn compare(report: &mut Report, a: &Path, b: Option<&Path>) -> Result<(), SyncError> {
    let folders = [Some(a), b].map(|p| p.is_some_and(Path::is_dir));
    for (side, is_dir) in [("A", folders[0]), ("B", folders[1])] {
        if is_dir {
            report.details.push(std::format!(
                "{side} is a frame folder: its DebugFrame files are read in frame order as one log (line numbers count across them)"
            ));
        }
    }
    if let (true, true, Some(b)) = (folders[0], folders[1], b) {
        let (fa, fb) = (frame_files(a)?, frame_files(b)?);
        match first_difference(&fa, &fb)? {
            None => report.details.push(std::format!(
                "every frame file both folders hold (frames {}..{}) is the same on both sides",
                fa[0].0.max(fb[0].0),
                fa[fa.len() - 1].0.min(fb[fb.len() - 1].0)
            )),
            Some(d) => {
                let at = if d.line == 0 {
                    std::format!("DebugFrame_{:06}.txt is on one side only", d.frame)
                } else {
                    std::format!("DebugFrame_{:06}.txt, line {}", d.frame, d.line)
                };
                report.details.insert(
                    0,
                    std::format!("the analysis of the logs read whole: {}", report.summary),
                );
                report.consistent = false;
                report.summary = std::format!(
                    "divergence: the machines' frame files first differ at frame {} ({at})",
                    d.frame
                );
                report.first_divergence = Some(Divergence {
                    line: (d.line > 0).then_some(d.line),
                    frame: Some(d.frame as i64),
                    logged: std::format!("A: {}", d.a),
                    expected: std::format!("B: {}", d.b),
                    ..Divergence::default()
                });
            }
        }
    }
    Ok(())
}
