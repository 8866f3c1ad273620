//! The `--tap` parsers of the engines (SPEC 6), through the engine contract:
//! they never panic; a parsed tap printed back in its canonical form parses
//! to the same tap (floats to the same bits); the bounds a tap accepts are
//! ones its draw takes without error, and one draw lands inside them; and
//! their messages name no front end's flags.
#![no_main]

use bitexact::engine::tap::{Split, TapError};
use bitexact::engine::Engine;
use bitexact::laige::engine::Laige;
use bitexact::laige::tap::Tap as LaigeTap;
use bitexact::laige::Prng;
use bitexact::sots::engine::Sots;
use bitexact::sots::{Call, Ledger, Rng};
use bitexact::westwood::engines::{Random2Class, Tap as WwTap};
use bitexact::westwood::Random2;
use bitexact_fuzz::call_same;

/// `E`'s `--tap` text parsed; an error's message must name no flag.
fn parse<E: Engine>(s: &str) -> Result<E::Tap, TapError> {
    let split = Split::tap(s);
    let r = E::tap(split.name, split.args(), false);
    if let Err(e) = &r {
        let m = e.to_string();
        assert!(!m.contains("--"), "a flag name in the library: {m}");
    }
    r
}
use libfuzzer_sys::fuzz_target;

fn sots_text(c: &Call) -> String {
    match c {
        Call::U32 => "u32".into(),
        Call::Unit => "unit".into(),
        Call::Float => "float".into(),
        Call::IntInclusive(n) => format!("int:{n}"),
        Call::Chance(p) => format!("chance:{:#010x}", p.to_bits()),
        Call::FloatRange(lo, hi) => format!("frange:{:#010x},{:#010x}", lo.to_bits(), hi.to_bits()),
        Call::IntRangeBell(lo, hi) => format!("bell:{lo},{hi}"),
        Call::TruncatedNormal(_) => panic!("a tnormal tap was accepted"),
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };

    if let Ok(c) = parse::<Sots>(s) {
        let text = sots_text(&c);
        let back = parse::<Sots>(&text).unwrap_or_else(|e| panic!("{s:?} -> {text:?}: {e}"));
        assert!(
            call_same(&back, &c),
            "{s:?} -> {c:?} -> {text:?} -> {back:?}"
        );
        // Decimal floats too (shortest round trip), NaN aside.
        if let Call::FloatRange(lo, hi) = c {
            if !lo.is_nan() && !hi.is_nan() {
                let dec = format!("frange:{lo:?},{hi:?}");
                assert!(call_same(&parse::<Sots>(&dec).unwrap(), &c), "{dec}");
            }
        }
        if let Call::IntInclusive(n) = c {
            let mut rng = Rng::new(5489);
            assert!(rng.next_int_inclusive(n) <= n);
        }
        let mut ledger = Ledger::new(Rng::new(1));
        let (_, words) = ledger.apply(c);
        assert_eq!(words, ledger.words_drawn());
    }

    if let Ok(t) = parse::<Laige>(s) {
        let text = match t {
            LaigeTap::U64 => "u64".to_string(),
            LaigeTap::Float01 => "float01".to_string(),
            LaigeTap::Range(min, max) => {
                assert!(min < max, "{s:?}: an empty range was accepted");
                let v = Prng::new(42)
                    .next_range(min, max)
                    .expect("accepted bounds draw");
                assert!((min..max).contains(&v));
                format!("range:{min},{max}")
            }
        };
        assert_eq!(parse::<Laige>(&text), Ok(t), "{s:?} -> {text:?}");
    }

    if let Ok(t) = parse::<Random2Class>(s) {
        let text = match t {
            WwTap::Raw => "raw".to_string(),
            WwTap::Double => "double".to_string(),
            WwTap::Float => panic!("{s:?}: Random2 has no float tap (Random4's Get_Float)"),
            WwTap::Ranged(min, max) => {
                let mut r = Random2::new(7);
                let v = r.ranged(min, max).expect("accepted bounds draw");
                let (lo, hi) = if min <= max { (min, max) } else { (max, min) };
                // The span == i32::MAX edge returns min + i32::MIN (SPEC 4).
                if i64::from(hi) - i64::from(lo) != i64::from(i32::MAX) {
                    assert!((lo..=hi).contains(&v), "ranged({min}, {max}) = {v}");
                }
                format!("ranged:{min},{max}")
            }
        };
        assert_eq!(parse::<Random2Class>(&text), Ok(t), "{s:?} -> {text:?}");
    }
});
