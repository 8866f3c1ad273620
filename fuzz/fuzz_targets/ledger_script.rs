//! Ledger scripts (SPEC 6, 2.1): the library's `parse_script` never panics
//! and agrees with parsing each line alone; a parsed script printed back
//! parses to the same calls (floats to the bit); and run through a `Ledger`
//! over a `sots::Rng`, every call's counted words are the generator's
//! position moved, within SPEC 2.1's cost for that entry point, the same as
//! the bare `Rng` spends making the same call, and the turns add up to the
//! totals.
#![no_main]

use bitexact::engine::Value as Drawn;
use bitexact::ledger::{parse_script, Line};
use bitexact::sots::engine::Sots;
use bitexact::sots::{Call, Ledger, Rng};
use bitexact_fuzz::{call_line, call_same};
use libfuzzer_sys::fuzz_target;

/// Scripts that would spend more words than this are parsed but not run.
const MAX_RUN_WORDS: u64 = 1 << 20;

fn line_same(a: &Line<Call>, b: &Line<Call>) -> bool {
    match (a, b) {
        (Line::Turn, Line::Turn) => true,
        (Line::Call(x), Line::Call(y)) => call_same(x, y),
        _ => false,
    }
}

fn drawn_same(a: Drawn, b: Drawn) -> bool {
    match (a, b) {
        (Drawn::F32(x), Drawn::F32(y)) => x.to_bits() == y.to_bits(),
        (Drawn::F64(x), Drawn::F64(y)) => x.to_bits() == y.to_bits(),
        _ => a == b,
    }
}

/// The call on a bare generator: its value.
fn direct(rng: &mut Rng, call: Call) -> Drawn {
    match call {
        Call::U32 => Drawn::U32(rng.next_u32()),
        Call::Unit => Drawn::F64(rng.next_unit()),
        Call::Float => Drawn::F32(rng.next_float()),
        Call::IntInclusive(n) => Drawn::U32(rng.next_int_inclusive(n)),
        Call::Chance(p) => Drawn::Bool(rng.chance(p)),
        Call::FloatRange(lo, hi) => Drawn::F32(rng.float_range(lo, hi)),
        Call::IntRangeBell(lo, hi) => Drawn::I32(rng.int_range_bell(lo, hi)),
        Call::TruncatedNormal(k) => {
            rng.discard(2 * u64::from(k.get()));
            Drawn::Unmodelled
        }
    }
}

fn check_cost(call: Call, words: u64) {
    let ok = match call {
        Call::U32 | Call::Unit | Call::Float | Call::FloatRange(..) => words == 1,
        Call::IntInclusive(_) => words >= 1,
        Call::Chance(p) if p <= 0.0 || p >= 1.0 => words == 0,
        Call::Chance(_) => words == 1, // NaN included: one word
        Call::IntRangeBell(..) => words >= 2,
        Call::TruncatedNormal(k) => words == 2 * u64::from(k.get()),
    };
    assert!(ok, "{call:?} spent {words} words");
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let parsed = parse_script::<Sots>(text);
    // Line by line, each line alone says the same (the byte-order mark aside).
    let body = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut by_line = Vec::new();
    let mut first_bad = None;
    for (i, l) in body.lines().enumerate() {
        match parse_script::<Sots>(l) {
            Ok(x) => by_line.extend(x),
            Err(_) => {
                first_bad = Some(i + 1);
                break;
            }
        }
    }
    let lines = match parsed {
        Err(e) => {
            let msg = e.to_string();
            assert!(msg.starts_with("script line "), "{msg}");
            assert!(!msg.contains("--"), "a flag name in the library: {msg}");
            if let Some(n) = first_bad {
                // The script's first bad line is no later than the line's own.
                assert!(e.line <= n, "{msg} but line {n} is the first bad one");
            }
            return;
        }
        Ok(lines) => lines,
    };
    assert_eq!(
        first_bad, None,
        "parse_script accepted a line parse_line refuses"
    );
    assert_eq!(lines.len(), by_line.len());
    assert!(lines.iter().zip(&by_line).all(|(a, b)| line_same(a, b)));

    // Printed back, the script parses to the same lines.
    let printed: String = lines
        .iter()
        .map(|l| match l {
            Line::Turn => "turn\n".to_string(),
            Line::Call(c) => call_line(c) + "\n",
        })
        .collect();
    let again = parse_script::<Sots>(&printed).unwrap_or_else(|e| panic!("{printed:?}: {e}"));
    assert_eq!(again.len(), lines.len());
    assert!(again.iter().zip(&lines).all(|(a, b)| line_same(a, b)));

    // Run it.
    let nominal: u64 = lines
        .iter()
        .map(|l| match l {
            Line::Call(Call::TruncatedNormal(k)) => 2 * u64::from(k.get()),
            Line::Call(_) => 2,
            Line::Turn => 0,
        })
        .sum();
    if nominal > MAX_RUN_WORDS {
        return;
    }
    let seed = data.len() as u32 ^ 5489;
    let mut ledger = Ledger::new(Rng::new(seed));
    let mut bare = Rng::new(seed);
    let (mut calls, mut words_in_turns, mut turn_no) = (0u64, 0u64, 0u64);
    for line in &lines {
        match *line {
            Line::Turn => {
                let t = ledger.end_turn();
                assert_eq!(t.number, turn_no);
                turn_no += 1;
                words_in_turns += t.total().words;
            }
            Line::Call(c) => {
                let before = ledger.rng().position();
                let (drawn, words) = ledger.apply(c);
                assert_eq!(words, ledger.rng().position() - before);
                check_cost(c, words);
                let bare_before = bare.position();
                let value = direct(&mut bare, c);
                assert_eq!(bare.position() - bare_before, words, "{c:?}");
                assert!(drawn_same(drawn, value), "{c:?}: {drawn:?} vs {value:?}");
                calls += 1;
            }
        }
    }
    words_in_turns += ledger.current_turn().total().words;
    let totals = ledger.totals().total();
    assert_eq!(totals.calls, calls);
    assert_eq!(totals.words, ledger.rng().position());
    assert_eq!(words_in_turns, totals.words);
    assert_eq!(ledger.rng().mt(), bare.mt());
});
