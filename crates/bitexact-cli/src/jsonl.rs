//! Reading JSON Lines traces into `bitexact::trace::Record`s, streaming.
//!
//! The schema (numbers parsed straight to f32 from their decimal text, `"0x"`
//! hex strings as float bits) is documented in `bitexact::trace`; this file
//! only reads lines and hands the text to the library's parsers.

use crate::Failure;
use bitexact::trace::{self, Record, Value};
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

/// The longest line accepted (a record is a few hundred bytes).
const MAX_LINE: u64 = 1 << 20;

/// A trace file read one record at a time.
pub struct Reader {
    path: PathBuf,
    input: BufReader<std::fs::File>,
    line: u64,
    buf: Vec<u8>,
}

impl Reader {
    pub fn open(path: &Path) -> Result<Reader, Failure> {
        let file = std::fs::File::open(path)
            .map_err(|e| Failure::usage(format!("cannot read '{}': {e}", path.display())))?;
        Ok(Reader {
            path: path.to_path_buf(),
            input: BufReader::with_capacity(1 << 16, file),
            line: 0,
            buf: Vec::new(),
        })
    }

    /// A one-line error naming the file and the current line.
    pub fn error(&self, msg: impl std::fmt::Display) -> Failure {
        Failure::usage(format!("{} line {}: {msg}", self.path.display(), self.line))
    }

    /// The next record and its 1-based line number; blank lines are skipped.
    pub fn next_record(&mut self) -> Result<Option<(u64, Record)>, Failure> {
        loop {
            self.buf.clear();
            let n = (&mut self.input)
                .take(MAX_LINE + 1)
                .read_until(b'\n', &mut self.buf)
                .map_err(|e| {
                    Failure::usage(format!("cannot read '{}': {e}", self.path.display()))
                })?;
            if n == 0 {
                return Ok(None);
            }
            self.line += 1;
            if n as u64 > MAX_LINE {
                return Err(self.error(format!("longer than {MAX_LINE} bytes")));
            }
            let text = std::str::from_utf8(&self.buf).map_err(|_| self.error("not UTF-8 text"))?;
            if text.trim().is_empty() {
                continue;
            }
            let json: serde_json::Value =
                serde_json::from_str(text).map_err(|e| self.error(format!("not JSON: {e}")))?;
            let serde_json::Value::Object(map) = json else {
                return Err(self.error("expected a JSON object"));
            };
            let mut fields = Vec::with_capacity(map.len());
            for (k, v) in map {
                let value = convert(&v).map_err(|m| self.error(format!("field '{k}': {m}")))?;
                fields.push((k, value));
            }
            return Ok(Some((self.line, Record { fields })));
        }
    }
}

/// A JSON value the schema's way.
fn convert(v: &serde_json::Value) -> Result<Value, String> {
    Ok(match v {
        serde_json::Value::Null => Value::Null,
        serde_json::Value::Bool(b) => Value::Bool(*b),
        serde_json::Value::Number(n) => {
            let text = n.to_string();
            trace::number_from_text(&text)
                .ok_or_else(|| format!("the number {text} does not fit"))?
        }
        serde_json::Value::String(s) => trace::string_value(s),
        serde_json::Value::Array(items) => {
            Value::List(items.iter().map(convert).collect::<Result<_, _>>()?)
        }
        serde_json::Value::Object(map) => Value::Map(
            map.iter()
                .map(|(k, v)| convert(v).map(|v| (k.clone(), v)))
                .collect::<Result<_, _>>()?,
        ),
    })
}
