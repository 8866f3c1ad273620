//! Function names for callers: address → name lines as a disassembler
//! exports them (`ADDRESS NAME` or `ADDRESS,NAME`, hex with or without `0x`),
//! or function starts from elsewhere (`scan`'s function map).

use super::error::SyncError;
use super::lines::Lines;
use std::io::BufRead;
use std::string::String;
use std::vec::Vec;

/// Function starts and their names, sorted by address.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Names {
    starts: Vec<(u32, String)>,
}

impl Names {
    /// From `(start, name)` pairs in any order (a repeated start keeps its
    /// first name).
    pub fn from_pairs(mut pairs: Vec<(u32, String)>) -> Self {
        pairs.sort_by_key(|p| p.0);
        pairs.dedup_by_key(|p| p.0);
        Self { starts: pairs }
    }

    /// Read a names file: one `ADDRESS NAME` or `ADDRESS,NAME` per line;
    /// blank lines and lines starting with `#` or `;` are skipped. Errors: a
    /// line whose address is not hex (with its number), no name at all.
    pub fn read(reader: &mut dyn BufRead) -> Result<Self, SyncError> {
        let mut lines = Lines::new(reader);
        let mut pairs = Vec::new();
        while let Some((n, text)) = lines.next_line()? {
            let t = text.trim();
            if t.is_empty() || t.starts_with('#') || t.starts_with(';') {
                continue;
            }
            let (addr, name) = t
                .split_once(|c: char| c == ',' || c.is_whitespace())
                .ok_or_else(|| {
                    SyncError::at(n, text, "expected 'ADDRESS NAME' or 'ADDRESS,NAME'")
                })?;
            let hex = addr
                .strip_prefix("0x")
                .or_else(|| addr.strip_prefix("0X"))
                .unwrap_or(addr);
            let addr = u32::from_str_radix(hex, 16).map_err(|_| {
                SyncError::at(
                    n,
                    text,
                    std::format!("'{addr}' is not a 32-bit hex address"),
                )
            })?;
            let name = name
                .trim_start_matches(|c: char| c == ',' || c.is_whitespace())
                .trim();
            if name.is_empty() {
                return Err(SyncError::at(n, text, "an address with no name"));
            }
            pairs.push((addr, name.into()));
        }
        if pairs.is_empty() {
            return Err(SyncError::whole(
                None,
                "no 'ADDRESS NAME' line in the names file",
            ));
        }
        Ok(Self::from_pairs(pairs))
    }

    /// How many names.
    pub fn len(&self) -> usize {
        self.starts.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.starts.is_empty()
    }

    /// The function holding `address`: the last start at or below it, as
    /// `name` or `name+0xOFF`. Ares / Phobos callers (`0xA…`/`0xB…` + RVA)
    /// are named only by names given in that form.
    pub fn name_of(&self, address: u32) -> Option<String> {
        let i = self.starts.partition_point(|p| p.0 <= address);
        let (start, name) = self.starts.get(i.checked_sub(1)?)?;
        if address >> 28 != start >> 28 || address - start >= 1 << 20 {
            return None;
        }
        Some(if *start == address {
            name.clone()
        } else {
            std::format!("{name}+{:#x}", address - start)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_by_the_function_holding_the_address() {
        let text = "# exported\n0x65C780 Random2Class::Random\n65c7e0,Random2Class::RandomRanged\n\nA0001000 Ares_Thing\n";
        let mut r = text.as_bytes();
        let n = Names::read(&mut r).unwrap();
        assert_eq!(n.name_of(0x65C780).as_deref(), Some("Random2Class::Random"));
        assert_eq!(
            n.name_of(0x65C7E5).as_deref(),
            Some("Random2Class::RandomRanged+0x5")
        );
        assert_eq!(n.name_of(0x400000), None);
        assert_eq!(n.name_of(0xA0001010).as_deref(), Some("Ares_Thing+0x10"));
        assert_eq!(n.name_of(0xB0000010), None);
        let mut bad = "zz Foo\n".as_bytes();
        assert_eq!(Names::read(&mut bad).unwrap_err().line, 1);
    }
}
