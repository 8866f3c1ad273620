//! `bitexact::scan::scan` on arbitrary bytes: never panics; whatever it
//! reports is consistent (every site in a listed function, sorted, its
//! instructions in code), the sweep-only sites apart from the agreed
//! ones, each marked, in a listed run, and MT19937 confirmed only by a
//! complete twist or tempering.
#![no_main]

use bitexact::scan::{scan, Options, Origin};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let options = Options {
        from: Some(Origin::Va(0x40_0000)),
        sweep: true,
    };
    let Ok(r) = scan(data, &options).or_else(|_| scan(data, &Options::default())) else {
        return;
    };
    for w in r.sites.windows(2) {
        assert!(w[0].va <= w[1].va);
    }
    for s in &r.sites {
        assert!(s.function < r.functions.len());
        assert!(!s.instructions.is_empty());
        assert_eq!(s.va, s.instructions[0]);
    }
    let sites: usize = r.functions.iter().map(|f| f.sites).sum();
    assert_eq!(sites, r.sites.len());
    for s in &r.sites {
        assert!(!s.sweep_only);
    }
    for s in &r.sweep_sites {
        assert!(s.sweep_only);
        assert!(s.function < r.sweep_runs.len());
        assert!(!r.sites.iter().any(|a| a.va == s.va && a.signature == s.signature));
    }
    let swept: usize = r.sweep_runs.iter().map(|f| f.sites).sum();
    assert_eq!(swept, r.sweep_sites.len());
    // MT19937 confirmed exactly when a complete twist or tempering is among
    // the agreed sites (SPEC 10.1), unconfirmed when only other MT19937
    // sites are, and not claimed without one.
    use bitexact::scan::Signature as S;
    let proves = r
        .sites
        .iter()
        .any(|s| s.complete && matches!(s.signature, S::Mt19937Twist | S::Mt19937Temper));
    let any = r.sites.iter().any(|s| s.signature.is_mt19937());
    assert_eq!(r.mt19937_confirmed(), any.then_some(proves));
    let _ = r.to_json();
});
