//! DLLs a user supplies (SPEC 13.1: `--dll FILE`): placed at their
//! preferred base or, relocated, at a free one; the imports of the image
//! and of every DLL resolved to their exports by name or by ordinal,
//! forwarded exports followed. What stays unresolved keeps its stub.

use crate::error::EmuError;
use crate::image::{ExportTarget, Image};
use crate::layout::RESERVED;

/// A DLL laid out for loading.
#[derive(Clone, Debug)]
pub struct Dll {
    /// Its file name (`msvcr90.dll`), which imports name it by.
    pub name: String,
    /// The image, at the base chosen for it.
    pub image: Image,
}

/// Where the search for a free base starts, and its step (Windows'
/// allocation granularity).
const FREE_FROM: u32 = 0x1000_0000;
const GRANULE: u32 = 0x1_0000;

/// The most forwarders followed from one import.
const MAX_FORWARDS: usize = 16;

/// Parses each DLL (`(file name, bytes)`) and places it: at its preferred
/// base when that overlaps neither `main` nor the DLLs placed before it,
/// else relocated to the first free 64 KiB-aligned range from 0x10000000.
///
/// Errors: each DLL's parse error, naming it; a DLL given twice; one that
/// must move but has no relocations; no free range below the machine's own
/// areas.
pub fn place(main: &Image, dlls: &[(String, Vec<u8>)]) -> Result<Vec<Dll>, EmuError> {
    let mut used: Vec<(u64, u64)> = vec![(
        u64::from(main.base),
        u64::from(main.base) + u64::from(main.size),
    )];
    let mut out: Vec<Dll> = Vec::new();
    let named = |name: &str, e: EmuError| match e {
        EmuError::NotPe32(w) => EmuError::NotPe32(format!("{name}: {w}")),
        EmuError::Malformed(w) => EmuError::Malformed(format!("{name}: {w}")),
        other => other,
    };
    for (name, bytes) in dlls {
        if out.iter().any(|d| d.name.eq_ignore_ascii_case(name)) {
            return Err(EmuError::BadCall(format!("the DLL {name} is given twice")));
        }
        let image = Image::parse(bytes, None).map_err(|e| named(name, e))?;
        let free = |lo: u64, size: u64| {
            lo >= 0x1_0000
                && lo + size <= u64::from(RESERVED)
                && used.iter().all(|&(a, b)| lo + size <= a || lo >= b)
        };
        let image = if free(u64::from(image.base), u64::from(image.size)) {
            image
        } else {
            let size = u64::from(image.size);
            let base = (u64::from(FREE_FROM)..u64::from(RESERVED))
                .step_by(GRANULE as usize)
                .find(|&b| free(b, size))
                .ok_or_else(|| {
                    EmuError::BadCall(format!(
                        "no free range below {RESERVED:#x} for the DLL {name}"
                    ))
                })?;
            Image::parse(bytes, Some(base as u32)).map_err(|e| named(name, e))?
        };
        used.push((
            u64::from(image.base),
            u64::from(image.base) + u64::from(image.size),
        ));
        out.push(Dll {
            name: name.clone(),
            image,
        });
    }
    Ok(out)
}

/// Whether an import's or a forwarder's DLL name names `dll`: the same
/// file name, case aside, with or without `.dll`.
fn names(wanted: &str, dll: &str) -> bool {
    let stem = |s: &str| {
        let l = s.to_ascii_lowercase();
        l.strip_suffix(".dll").map(str::to_string).unwrap_or(l)
    };
    stem(wanted) == stem(dll)
}

/// The address the import `DLL!function` (or `DLL!#ordinal`) resolves to
/// among `dlls`, forwarders followed; else `Err` with why, when a loaded
/// DLL was involved (`None`: its DLL is not among them), and the import
/// keeps its stub.
///
/// Errors: a forwarder chain longer than 16 (a loop).
pub fn resolve(dlls: &[Dll], import: &str) -> Result<Result<u32, Option<String>>, EmuError> {
    let Some((dll, f)) = import.split_once('!') else {
        return Ok(Err(None));
    };
    let mut want: (String, Result<u32, String>) = (
        dll.to_string(),
        match f.strip_prefix('#').map(str::parse::<u32>) {
            Some(Ok(o)) => Ok(o),
            _ => Err(f.to_string()),
        },
    );
    let what = |w: &(String, Result<u32, String>)| match &w.1 {
        Ok(o) => format!("{}!#{o}", w.0),
        Err(n) => format!("{}!{n}", w.0),
    };
    for hop in 0..MAX_FORWARDS {
        let Some(d) = dlls.iter().find(|d| names(&want.0, &d.name)) else {
            return Ok(Err((hop > 0).then(|| {
                format!(
                    "it is forwarded to {}, whose DLL is not loaded",
                    what(&want)
                )
            })));
        };
        let Some(e) = d.image.exports.iter().find(|e| match &want.1 {
            Ok(o) => e.ordinal == *o,
            Err(n) => e.name.as_deref() == Some(n.as_str()),
        }) else {
            return Ok(Err(Some(format!("{} exports no {}", d.name, what(&want)))));
        };
        want = match &e.target {
            ExportTarget::Address(a) => return Ok(Ok(*a)),
            ExportTarget::ForwardByName(dll, n) => (dll.clone(), Err(n.clone())),
            ExportTarget::ForwardByOrdinal(dll, o) => (dll.clone(), Ok(*o)),
        };
    }
    Err(EmuError::BadCall(format!(
        "the import {import} is forwarded more than {MAX_FORWARDS} times (a forwarder loop)"
    )))
}

#[cfg(test)]
mod tests {
    use super::names;

    #[test]
    fn dll_names_match_without_case_or_extension() {
        assert!(names("MSVCR90.dll", "msvcr90.dll"));
        assert!(names("lib2", "LIB2.DLL"));
        assert!(!names("lib2", "lib22.dll"));
    }
}
