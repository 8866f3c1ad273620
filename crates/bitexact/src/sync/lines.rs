//! Lines of a log as Windows text mode writes them: `\n` or `\r\n` ends, a
//! UTF-8 BOM before the first line tolerated, bytes that are not UTF-8 read
//! lossily (a path in a code page), and no line longer than [`MAX_LINE`]
//! held in memory.

use super::error::SyncError;
use std::io::{BufRead, ErrorKind};
use std::string::String;
use std::vec::Vec;

/// The longest line read, in bytes (longer: an error, so a file with no line
/// ends is never read whole into memory).
pub const MAX_LINE: usize = 1 << 20;

/// A streaming line reader over any [`BufRead`].
pub struct Lines<'r> {
    reader: &'r mut dyn BufRead,
    buf: Vec<u8>,
    lossy: String,
    number: u64,
    bytes: u64,
}

impl core::fmt::Debug for Lines<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Lines")
            .field("number", &self.number)
            .finish()
    }
}

impl<'r> Lines<'r> {
    /// Lines of `reader`, numbered from 1.
    pub fn new(reader: &'r mut dyn BufRead) -> Self {
        Self {
            reader,
            buf: Vec::new(),
            lossy: String::new(),
            number: 0,
            bytes: 0,
        }
    }

    /// Bytes read so far.
    pub const fn bytes(&self) -> u64 {
        self.bytes
    }

    /// The next line (its 1-based number and text, without the line end), or
    /// `None` at the end. Errors: a read error, or a line over [`MAX_LINE`].
    pub fn next_line(&mut self) -> Result<Option<(u64, &str)>, SyncError> {
        self.buf.clear();
        let mut any = false;
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => {
                    return Err(SyncError::whole(
                        None,
                        if self.number == 0 {
                            std::format!("cannot be read: {e}")
                        } else {
                            std::format!("read error after line {}: {e}", self.number)
                        },
                    ))
                }
            };
            if chunk.is_empty() {
                break;
            }
            any = true;
            let (take, done) = match chunk.iter().position(|&c| c == b'\n') {
                Some(i) => (i + 1, true),
                None => (chunk.len(), false),
            };
            if self.buf.len() + take > MAX_LINE + 2 {
                return Err(SyncError::whole(
                    None,
                    std::format!(
                        "line {} is longer than {} bytes (not a text log?)",
                        self.number + 1,
                        MAX_LINE
                    ),
                ));
            }
            self.buf.extend_from_slice(&chunk[..take]);
            self.reader.consume(take);
            self.bytes += take as u64;
            if done {
                break;
            }
        }
        if !any {
            return Ok(None);
        }
        self.number += 1;
        let mut line: &[u8] = &self.buf;
        if self.number == 1 {
            line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
        }
        let line = line.strip_suffix(b"\n").unwrap_or(line);
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let text = match core::str::from_utf8(line) {
            Ok(s) => s,
            Err(_) => {
                self.lossy = String::from_utf8_lossy(line).into_owned();
                &self.lossy
            }
        };
        Ok(Some((self.number, text)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(bytes: &[u8]) -> Vec<(u64, String)> {
        let mut r: &[u8] = bytes;
        let mut lines = Lines::new(&mut r);
        let mut out = Vec::new();
        while let Some((n, t)) = lines.next_line().unwrap() {
            out.push((n, t.into()));
        }
        out
    }

    #[test]
    fn crlf_bom_and_a_last_line_without_an_end() {
        let got = all(b"\xEF\xBB\xBFa\r\nb\n\r\nc");
        let want: Vec<(u64, String)> = [(1, "a"), (2, "b"), (3, ""), (4, "c")]
            .into_iter()
            .map(|(n, t)| (n, t.into()))
            .collect();
        assert_eq!(got, want);
        assert!(all(b"").is_empty());
        assert_eq!(all(b"x\xFFy\n")[0].1, "x\u{fffd}y");
    }

    #[test]
    fn a_line_without_end_longer_than_the_bound_is_an_error() {
        let big = std::vec![b'x'; MAX_LINE + 10];
        let mut r: &[u8] = &big;
        let e = Lines::new(&mut r).next_line().unwrap_err();
        assert!(e.message.contains("longer than"), "{e}");
    }
}
