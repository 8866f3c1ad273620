//! The word ledger (SPEC 2.1's cost column), and seed 000's spy
//! counter-mission: the case that shows why `chance`'s early outs matter.

use bitexact::engine::Value as Drawn;
use bitexact::ledger::Tally;
use bitexact::sots::Rng;
use bitexact::sots::{Call, EntryPoint, Ledger};
use core::num::NonZeroU32;

#[test]
fn spy_counter_mission_spends_a_word_for_four_turns_then_none() {
    // A probability that climbs by 0.2f per failed turn. Whatever the rolls
    // say, the climb is modelled here for 8 turns so the word count is the
    // point: 0.2, 0.4, 0.6, 0.8 draw; from the fifth turn p >= 1 draws nothing.
    let mut ledger = Ledger::new(Rng::new(2026));
    let mut p = 0.2f32;
    let mut words = Vec::new();
    for _ in 0..8 {
        ledger.end_turn();
        ledger.chance(p);
        words.push(ledger.current_turn().get(EntryPoint::Chance).words);
        p += 0.2;
    }
    assert_eq!(words, [1, 1, 1, 1, 0, 0, 0, 0]);
    assert!(p > 1.0);
    let total = ledger.totals().get(EntryPoint::Chance);
    assert_eq!(total, Tally { calls: 8, words: 4 });

    // A model without the early outs spends a word every turn: from turn 5 on
    // it is one word further out of step each turn.
    let mut naive = Rng::new(2026);
    for _ in 0..8 {
        let _ = naive.next_float();
    }
    assert_eq!(naive.position() - ledger.rng().position(), 4);
}

#[test]
fn ledger_records_every_entry_point() {
    let mut l = Ledger::new(Rng::new(9));
    l.next_u32();
    l.next_unit();
    l.next_float();
    l.next_int_inclusive(0);
    l.chance(0.0);
    l.chance(0.5);
    l.float_range(1.0, 2.0);
    l.int_range_bell(1, 6);
    l.truncated_normal(NonZeroU32::new(2).unwrap());
    let turn = l.end_turn();
    assert_eq!(turn.get(EntryPoint::U32), Tally { calls: 1, words: 1 });
    assert_eq!(turn.get(EntryPoint::Unit), Tally { calls: 1, words: 1 });
    assert_eq!(turn.get(EntryPoint::Float), Tally { calls: 1, words: 1 });
    assert_eq!(
        turn.get(EntryPoint::IntInclusive),
        Tally { calls: 1, words: 1 }
    );
    assert_eq!(turn.get(EntryPoint::Chance), Tally { calls: 2, words: 1 });
    assert_eq!(
        turn.get(EntryPoint::FloatRange),
        Tally { calls: 1, words: 1 }
    );
    assert!(turn.get(EntryPoint::IntRangeBell).words >= 2);
    assert_eq!(
        turn.get(EntryPoint::TruncatedNormal),
        Tally { calls: 1, words: 4 }
    );
    assert_eq!(turn.total().words, l.rng().position());
    assert_eq!(l.current_turn().total(), Tally::default());
}

#[test]
fn ledger_does_not_change_the_stream() {
    let mut l = Ledger::new(Rng::new(31));
    let mut r = Rng::new(31);
    for i in 0..1000u32 {
        assert_eq!(l.next_int_inclusive(i % 13), r.next_int_inclusive(i % 13));
        assert_eq!(l.chance(0.3).then_some(1), r.chance(0.3).then_some(1));
    }
    assert_eq!(l.into_inner(), r);
}

#[test]
fn apply_makes_the_call_and_reports_its_cost() {
    let mut l = Ledger::new(Rng::new(77));
    let mut r = Rng::new(77);
    let calls = [
        (Call::U32, Drawn::U32(r.next_u32()), 1),
        (Call::Chance(2.0), Drawn::Bool(true), 0),
        (
            Call::TruncatedNormal(NonZeroU32::new(3).unwrap()),
            Drawn::Unmodelled,
            6,
        ),
    ];
    r.discard(6);
    for (call, want, words) in calls {
        assert_eq!(l.apply(call), (want, words));
        assert_eq!(l.current_turn().get(call.entry_point()).words, words);
    }
    assert_eq!(
        l.apply(Call::IntRangeBell(1, 6)).0,
        Drawn::I32(r.int_range_bell(1, 6))
    );
    assert_eq!(
        l.apply(Call::FloatRange(0.0, 2.0)).0,
        Drawn::F32(r.float_range(0.0, 2.0))
    );
    assert_eq!(l.apply(Call::Unit).0, Drawn::F64(r.next_unit()));
    assert_eq!(l.apply(Call::Float).0, Drawn::F32(r.next_float()));
    assert_eq!(
        l.apply(Call::IntInclusive(9)).0,
        Drawn::U32(r.next_int_inclusive(9))
    );
    assert_eq!(l.into_inner(), r);
}

/// `Call::fixed_words` is what `--skip` relies on to skip by words: every
/// call it calls fixed spends exactly that many words, whatever the seed.
#[test]
fn fixed_word_calls_spend_exactly_their_words() {
    let calls = [
        Call::U32,
        Call::Unit,
        Call::Float,
        Call::FloatRange(-1.0, 1.0),
        Call::Chance(0.0),
        Call::Chance(1.0),
        Call::Chance(-3.0),
        Call::Chance(0.5),
        Call::Chance(f32::NAN),
        Call::IntInclusive(0),
        Call::IntInclusive(1),
        Call::IntInclusive(7),
        Call::IntInclusive(u32::MAX),
        Call::IntInclusive(6),
        Call::IntRangeBell(1, 6),
        Call::IntRangeBell(0, 2),
        Call::IntRangeBell(0, 14),
        Call::IntRangeBell(5, 5),
        Call::TruncatedNormal(NonZeroU32::new(3).unwrap()),
    ];
    let mut fixed = 0;
    for call in calls {
        let words = call.fixed_words();
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..300 {
            let mut ledger = Ledger::new(Rng::new(seed));
            let (_, w) = ledger.apply(call);
            seen.insert(w);
        }
        match words {
            Some(w) => {
                fixed += 1;
                assert_eq!(seen, [w].into(), "{call:?}");
            }
            // A varying call does vary over 300 seeds (so `None` is not a
            // lazy answer).
            None => assert!(seen.len() > 1, "{call:?} always spent {seen:?}"),
        }
    }
    assert_eq!(fixed, 17);
}
