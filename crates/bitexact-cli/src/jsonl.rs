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
    input: BufReader<Box<dyn Read>>,
    line: u64,
    buf: Vec<u8>,
}

impl Reader {
    /// Open a trace file, or stdin for `-`.
    pub fn open(path: &Path) -> Result<Reader, Failure> {
        let file = crate::open_input(path)?;
        Ok(Reader {
            path: path.to_path_buf(),
            input: BufReader::with_capacity(1 << 16, file),
            line: 0,
            buf: Vec::new(),
        })
    }

    /// A one-line error naming the file and the current line.
    pub fn error(&self, msg: impl std::fmt::Display) -> Failure {
        Failure::usage(format!(
            "{} line {}: {msg}",
            crate::input_name(&self.path),
            self.line
        ))
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
            let record = parse_record(text).map_err(|m| self.error(m))?;
            return Ok(Some((self.line, record)));
        }
    }
}

/// One trace line (a JSON object) as a record, or a message naming what is
/// wrong. A key repeated inside one object, at any depth, is malformed: JSON
/// leaves duplicates undefined and keeping either copy would compare a value
/// the writer may not have meant.
pub fn parse_record(text: &str) -> Result<Record, String> {
    let json: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    let serde_json::Value::Object(map) = json else {
        return Err("expected a JSON object".into());
    };
    serde_json::from_str::<UniqueKeys>(text).map_err(|e| e.to_string())?;
    let mut fields = Vec::with_capacity(map.len());
    for (k, v) in map {
        let value = convert(&v).map_err(|m| format!("field '{k}': {m}"))?;
        fields.push((k, value));
    }
    Ok(Record { fields })
}

/// Deserializes any JSON and fails on a key repeated within one object.
/// (A number under serde_json's `arbitrary_precision` arrives as a one-key
/// map, which never repeats.)
struct UniqueKeys;

impl<'de> serde::Deserialize<'de> for UniqueKeys {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(UniqueKeysVisitor)
    }
}

struct UniqueKeysVisitor;

impl<'de> serde::de::Visitor<'de> for UniqueKeysVisitor {
    type Value = UniqueKeys;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E>(self, _: bool) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_i64<E>(self, _: i64) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_u64<E>(self, _: u64) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_f64<E>(self, _: f64) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_str<E>(self, _: &str) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_unit<E>(self) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<UniqueKeys, A::Error> {
        while seq.next_element::<UniqueKeys>()?.is_some() {}
        Ok(UniqueKeys)
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<UniqueKeys, A::Error> {
        let mut seen = std::collections::HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            map.next_value::<UniqueKeys>()?;
            if !seen.insert(key.clone()) {
                return Err(serde::de::Error::custom(format!(
                    "the key '{key}' appears twice in one object"
                )));
            }
        }
        Ok(UniqueKeys)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duplicate_keys_are_malformed_at_any_depth() {
        let e = parse_record(r#"{"a":1,"a":2}"#).unwrap_err();
        assert!(e.contains("'a' appears twice"), "{e}");
        let e = parse_record(r#"{"p":{"x":1,"y":2,"x":3}}"#).unwrap_err();
        assert!(e.contains("'x' appears twice"), "{e}");
        // An escaped spelling of the same key is the same key.
        let e = parse_record(r#"{"a":1,"\u0061":2}"#).unwrap_err();
        assert!(e.contains("appears twice"), "{e}");
        // The same key in two different objects is fine.
        assert!(parse_record(r#"{"p":{"x":1},"q":{"x":2},"l":[{"x":1},{"x":2}]}"#).is_ok());
        assert!(parse_record(r#"{"x":1.5e3,"y":-0,"z":"0x3f800000"}"#).is_ok());
    }
}
