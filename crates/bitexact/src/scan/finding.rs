//! What a scan's report amounts to, worded once for every front end (the
//! CLI's text and exit code, the HTML page, the JSON the C ABI and Python
//! return): whether MT19937 itself is confirmed ([`Mt19937`]) and whether
//! a generator was found at all ([`Finding`]), or only constants other
//! algorithms share too.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::report::{Report, Signature, Site};

/// Whether the sites confirm MT19937 itself (SPEC 10.1), as
/// [`Report::mt19937`] says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mt19937 {
    /// A complete twist or tempering is among [`Report::sites`].
    Confirmed,
    /// MT19937 sites, but no complete twist or tempering among them.
    Unconfirmed,
}

impl Mt19937 {
    /// `confirmed` or `unconfirmed`: the JSON's `mt19937`.
    pub fn name(self) -> &'static str {
        match self {
            Mt19937::Confirmed => "confirmed",
            Mt19937::Unconfirmed => "unconfirmed",
        }
    }

    /// The sentence the text report and the HTML page print.
    pub fn sentence(self) -> &'static str {
        match self {
            Mt19937::Confirmed => {
                "MT19937 confirmed: a complete twist or tempering is among the sites (SPEC 10.1)"
            }
            Mt19937::Unconfirmed => {
                "MT19937 unconfirmed: no complete twist or tempering among the sites; a seeding or \
                 a 53-bit double alone is also SFMT's or dSFMT's, and a partial sequence confirms \
                 nothing (SPEC 10.1)"
            }
        }
    }
}

/// Whether the scan found a generator ([`Report::finding`]); the CLI
/// exits 0 for [`Finding::Sites`] only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Finding {
    /// A site shows its generator: a complete one, or an incomplete one
    /// that is not [`Site::shared_constant`].
    Sites,
    /// Sites, but every one an incomplete match of constants other
    /// algorithms use too (numpy's Philox holds splitmix64's
    /// `0x9e3779b97f4a7c15`): no generator found. The sites are still
    /// listed, as leads.
    SharedConstantsOnly,
    /// No site.
    None,
}

impl Finding {
    /// `sites`, `shared_constants_only` or `none`: the JSON's `finding`.
    pub fn name(self) -> &'static str {
        match self {
            Finding::Sites => "sites",
            Finding::SharedConstantsOnly => "shared_constants_only",
            Finding::None => "none",
        }
    }
}

impl Report {
    /// Whether the image's sites confirm MT19937 itself (SPEC 10.1):
    /// `None` when no site is MT19937's, `Some(true)` when a complete twist
    /// or tempering is among [`Report::sites`], `Some(false)` when only
    /// seedings, a 53-bit double or incomplete parts are. SFMT19937 seeds
    /// its state exactly as MT19937 does (same multiplier, same 624 words)
    /// and dSFMT nearly so, so a seeding alone does not tell them apart.
    pub fn mt19937_confirmed(&self) -> Option<bool> {
        let mut mt = self.sites.iter().filter(|s| s.signature.is_mt19937());
        let first = mt.next()?;
        let proves = |s: &Site| {
            s.complete
                && matches!(
                    s.signature,
                    Signature::Mt19937Twist | Signature::Mt19937Temper
                )
        };
        Some(proves(first) || mt.any(proves))
    }

    /// [`Report::mt19937_confirmed`] as the front ends word it.
    pub fn mt19937(&self) -> Option<Mt19937> {
        self.mt19937_confirmed().map(|c| {
            if c {
                Mt19937::Confirmed
            } else {
                Mt19937::Unconfirmed
            }
        })
    }

    /// Whether a generator was found among [`Report::sites`] (sweep-only
    /// sites are leads and never count): see [`Finding`]. A complete site
    /// is always [`Finding::Sites`].
    pub fn finding(&self) -> Finding {
        if self.sites.is_empty() {
            Finding::None
        } else if self.sites.iter().all(Site::shared_constant) {
            Finding::SharedConstantsOnly
        } else {
            Finding::Sites
        }
    }

    /// What the report says of its sites that match only shared constants
    /// ([`Site::shared_constant`]), or nothing when there is none: a
    /// headline (no generator found, when they are all the sites), then a
    /// line per signature, how many such sites and who else uses its
    /// constants.
    pub fn shared_constants(&self) -> Option<(String, Vec<String>)> {
        let shared = self.sites.iter().filter(|s| s.shared_constant()).count();
        if shared == 0 {
            return None;
        }
        let headline = if self.finding() == Finding::SharedConstantsOnly {
            "no generator found: every site is an incomplete match of constants other algorithms \
             use too (leads, not findings)"
                .into()
        } else if shared == 1 {
            "note: 1 incomplete site matches only constants other algorithms use too (a lead, \
             not a finding)"
                .into()
        } else {
            format!(
                "note: {shared} incomplete sites match only constants other algorithms use too \
                 (leads, not findings)"
            )
        };
        let lines = Signature::ALL
            .iter()
            .filter_map(|&sig| {
                let n = self
                    .sites
                    .iter()
                    .filter(|s| s.signature == sig && s.shared_constant())
                    .count();
                let why = sig.shared_with()?;
                (n > 0).then(|| {
                    format!(
                        "{} ({n} site{}): {why}",
                        sig.name(),
                        if n == 1 { "" } else { "s" }
                    )
                })
            })
            .collect();
        Some((headline, lines))
    }
}

#[cfg(test)]
mod tests {
    use super::{Finding, Mt19937};
    use crate::scan::{Arch, Format, ImageInfo, Report, Signature, Site, Stats};
    use alloc::vec::Vec;

    fn report(sites: &[(Signature, bool)]) -> Report {
        Report {
            image: ImageInfo {
                format: Format::Elf64,
                arch: Arch::X86_64,
                entry: None,
            },
            sites: sites
                .iter()
                .enumerate()
                .map(|(k, &(signature, complete))| Site {
                    va: k as u64,
                    signature,
                    complete,
                    seen: Vec::new(),
                    instructions: Vec::new(),
                    function: 0,
                    sweep_only: false,
                })
                .collect(),
            functions: Vec::new(),
            data: Vec::new(),
            stats: Stats {
                code_bytes: 0,
                swept: 0,
                agreed: 0,
                functions: 0,
            },
            from: Vec::new(),
            sweep_sites: Vec::new(),
            sweep_runs: Vec::new(),
        }
    }

    #[test]
    fn a_complete_site_is_always_found() {
        for sig in Signature::ALL {
            let r = report(&[(sig, true), (Signature::Splitmix64, false)]);
            assert_eq!(r.finding(), Finding::Sites, "{sig}");
        }
    }

    #[test]
    fn only_shared_constants_are_no_generator() {
        let shared: Vec<Signature> = Signature::ALL
            .into_iter()
            .filter(|s| s.shared_with().is_some())
            .collect();
        assert!(shared.contains(&Signature::Splitmix64));
        assert!(!shared.contains(&Signature::Mt19937Temper));
        assert!(!shared.contains(&Signature::Mt19937Twist));
        let all: Vec<(Signature, bool)> = shared.iter().map(|&s| (s, false)).collect();
        let r = report(&all);
        assert_eq!(r.finding(), Finding::SharedConstantsOnly);
        let (headline, lines) = r.shared_constants().unwrap();
        assert!(headline.starts_with("no generator found"), "{headline}");
        assert_eq!(lines.len(), shared.len());
        // An incomplete site of a generator's own part is a finding.
        for own in Signature::ALL
            .into_iter()
            .filter(|s| s.shared_with().is_none())
        {
            let r = report(&[(own, false), (Signature::Splitmix64, false)]);
            assert_eq!(r.finding(), Finding::Sites, "{own}");
            assert!(r.shared_constants().unwrap().0.starts_with("note: 1 "));
        }
        assert_eq!(report(&[]).finding(), Finding::None);
        assert!(report(&[(Signature::Splitmix64, true)])
            .shared_constants()
            .is_none());
    }

    #[test]
    fn mt19937_is_the_confirmation_worded() {
        for (sites, want) in [
            (&[][..], None),
            (
                &[(Signature::Mt19937SeedKnuth, true)][..],
                Some(Mt19937::Unconfirmed),
            ),
            (
                &[(Signature::Mt19937Temper, false)][..],
                Some(Mt19937::Unconfirmed),
            ),
            (
                &[(Signature::Mt19937Temper, true)][..],
                Some(Mt19937::Confirmed),
            ),
            (
                &[
                    (Signature::Mt19937SeedKnuth, true),
                    (Signature::Mt19937Twist, true),
                ][..],
                Some(Mt19937::Confirmed),
            ),
        ] {
            let r = report(sites);
            assert_eq!(r.mt19937(), want, "{sites:?}");
            assert_eq!(
                r.mt19937().map(|m| m == Mt19937::Confirmed),
                r.mt19937_confirmed()
            );
        }
    }
}
