//! A short message kept inline, with no allocation ([`Text`]): the text of
//! an error whose wording is the engine's own, in a library that needs no
//! allocator.

use core::fmt;

/// A message an engine wrote, kept inline (no allocation): the text of an
/// error whose wording is the engine's own.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Text {
    buf: [u8; Text::CAPACITY],
    len: u16,
}

impl Text {
    /// The most bytes kept; a longer message is cut at a character boundary.
    pub const CAPACITY: usize = 320;

    /// `args` written out.
    pub fn new(args: fmt::Arguments<'_>) -> Text {
        let mut t = Text {
            buf: [0; Text::CAPACITY],
            len: 0,
        };
        let _ = fmt::Write::write_fmt(&mut t, args);
        t
    }

    /// The message.
    pub fn as_str(&self) -> &str {
        // Only whole UTF-8 characters are ever appended (see `write_str`).
        core::str::from_utf8(&self.buf[..usize::from(self.len)]).unwrap_or("")
    }
}

impl fmt::Write for Text {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let room = Text::CAPACITY - usize::from(self.len);
        let mut take = s.len().min(room);
        while !s.is_char_boundary(take) {
            take -= 1;
        }
        let at = usize::from(self.len);
        self.buf[at..at + take].copy_from_slice(&s.as_bytes()[..take]);
        self.len += take as u16;
        Ok(())
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl From<&str> for Text {
    fn from(s: &str) -> Text {
        Text::new(format_args!("{s}"))
    }
}
