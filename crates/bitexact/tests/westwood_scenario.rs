//! The two streams of a match and the scenario load reset (seed 002, "Save
//! and load"): after a load the scenario stream is a fresh seed-0 stream,
//! whatever the save held; the global stream is untouched.

use bitexact::westwood::{psdes, DecodeError, EncodeError, Layout, Match, Random2};

#[test]
fn both_streams_start_from_the_match_seed() {
    for layout in Layout::ALL {
        let game = Match::new(2024, layout);
        assert_eq!(game.layout(), layout);
        assert_eq!(game.scenario(), &Random2::new(2024));
        assert_eq!(game.global(), &Random2::new(2024));
        // Seeded by Random3(2024): the table is psdes(2024, 0..250).
        assert_eq!(game.scenario().table()[249], psdes(2024, 249));
    }
}

#[test]
fn the_streams_part_ways_when_drawn_at_different_rates() {
    let mut game = Match::new(5, Layout::Ts);
    let a = game.scenario_mut().raw();
    let b = game.global_mut().raw();
    assert_eq!(a, b);
    game.global_mut().raw();
    assert_ne!(game.scenario(), game.global());
}

#[test]
fn load_reseeds_the_scenario_stream_with_zero_and_leaves_the_global_stream() {
    for layout in Layout::ALL {
        let mut game = Match::new(777, layout);
        game.scenario_mut().discard(1_000);
        game.global_mut().discard(333);
        let saved_scenario = game.scenario().clone();
        let save = game.save().unwrap();
        assert_eq!(save.len(), layout.byte_len());
        // Play on a little after saving.
        game.scenario_mut().discard(50);
        game.global_mut().discard(7);
        let global_before = game.global().clone();

        let read = game.load(&save).unwrap();
        // What was read is the saved stream ...
        assert_eq!(read.rng, saved_scenario);
        assert_eq!(read.irregular, None);
        // ... but the scenario stream now draws as a fresh seed-0 stream.
        assert_eq!(game.scenario(), &Random2::new(0));
        let mut fresh_zero = Random2::new(0);
        let mut resumed = saved_scenario.clone();
        let mut differs = false;
        for _ in 0..1_000 {
            let v = game.scenario_mut().raw();
            assert_eq!(v, fresh_zero.raw());
            differs |= v != resumed.raw();
        }
        assert!(differs, "the load does not resume the saved stream");
        // The global stream continues exactly where it was.
        assert_eq!(game.global(), &global_before);
        let mut expected_global = global_before.clone();
        for _ in 0..1_000 {
            assert_eq!(game.global_mut().raw(), expected_global.raw());
        }
    }
}

#[test]
fn load_clears_a_set_disabled_flag() {
    let mut game = Match::new(3, Layout::Ra2);
    game.scenario_mut().set_disabled(true);
    let save = game.save().unwrap();
    assert_eq!(save[0], 1);
    let read = game.load(&save).unwrap();
    assert!(read.rng.disabled());
    assert!(!game.scenario().disabled());
    assert_eq!(game.scenario(), &Random2::new(0));
    // The TS layout cannot save a disabled stream.
    let mut ts = Match::new(3, Layout::Ts);
    ts.scenario_mut().set_disabled(true);
    assert_eq!(ts.save(), Err(EncodeError::DisabledInTs));
}

#[test]
fn bytes_that_do_not_decode_leave_the_match_untouched() {
    let mut game = Match::new(11, Layout::Ts);
    game.scenario_mut().discard(10);
    let before = game.clone();
    let ra2_bytes = Layout::Ra2.encode(game.scenario()).unwrap();
    assert_eq!(
        game.load(&ra2_bytes),
        Err(DecodeError::WrongLength {
            layout: Layout::Ts,
            len: 1012
        })
    );
    let mut bad = game.save().unwrap().to_vec();
    bad[..4].copy_from_slice(&(-5i32).to_le_bytes());
    assert!(matches!(
        game.load(&bad),
        Err(DecodeError::CursorOutOfRange(_))
    ));
    assert_eq!(game, before);
    assert_eq!(game.scenario().position(), 10);
}

#[test]
fn irregular_cursors_are_reported_by_the_load() {
    let mut game = Match::new(11, Layout::Ts);
    let mut bytes = game.save().unwrap().to_vec();
    bytes[4..8].copy_from_slice(&5i32.to_le_bytes()); // index2 = 5, index1 = 0
    let read = game.load(&bytes).unwrap();
    assert!(read.irregular.is_some());
    assert_eq!(game.scenario(), &Random2::new(0));
}
