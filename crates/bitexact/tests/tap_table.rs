//! Every engine's tap table (`Info::taps`, issue 33) against the engine's
//! own parser and ledger: each row parses (as a tap and as a ledger call)
//! to a call tallied under that row, the first row is the default tap, and
//! the lists rendered from the table read as the front ends print them.

use bitexact::engine::tap::{List, Rows};
use bitexact::engine::{Engine, TapError};
use bitexact::engines::Id;
use bitexact::recover::QueryError;

/// Arguments every row's form can be called with: a die where a range is
/// taken, a coin's chance, three attempts.
fn sample(arg: &str) -> &'static str {
    match arg {
        "N" | "MAX" | "HI" => "6",
        "MIN" | "LO" => "1",
        "P" => "0.5",
        "K" => "3",
        other => panic!("no sample for the argument {other}"),
    }
}

#[test]
fn every_row_parses_to_a_call_tallied_under_it() {
    for &id in Id::ALL {
        bitexact::with_engine!(id, E => {
            let taps = E::INFO.taps;
            assert!(!taps.is_empty(), "{id:?} has no taps");
            assert_eq!(E::INFO.default_tap(), taps[0].name, "{id:?}");
            assert!(!taps[0].ledger_only, "{id:?}: the default is a tap");
            assert!(taps.len() <= bitexact::ledger::MAX_ENTRY_POINTS, "{id:?}");
            for (i, row) in taps.iter().enumerate() {
                let args: Vec<&str> = row.args.iter().map(|a| sample(a)).collect();
                let call = E::tap(row.name, &args, true)
                    .unwrap_or_else(|e| panic!("{id:?} {}: {e}", row.name));
                assert_eq!(E::entry_point(call), i, "{id:?} {}", row.entry);
                assert_eq!(E::entry(call), row.entry, "{id:?}");
                assert_eq!(E::spec(call), row, "{id:?}");
                let as_tap = E::tap(row.name, &args, false);
                if row.ledger_only {
                    assert!(as_tap.is_err(), "{id:?}: {} is a ledger call only", row.name);
                } else {
                    assert_eq!(as_tap.ok(), Some(call), "{id:?} {}", row.name);
                }
                // Names and entry points are each one row's.
                let same = taps
                    .iter()
                    .filter(|t| t.name == row.name && t.args.len() == row.args.len())
                    .count();
                assert_eq!(same, 1, "{id:?}: two rows read {}", row.name);
                assert_eq!(
                    taps.iter().filter(|t| t.entry == row.entry).count(),
                    1,
                    "{id:?}: two rows tally under {}",
                    row.entry
                );
                assert!(!row.help.is_empty() && !row.help.contains('\n'), "{id:?}");
            }
        });
    }
}

/// The taps a table marks recoverable are the ones its seed search takes:
/// every other tap's values are refused as such, never searched.
#[test]
fn recoverable_rows_are_what_the_search_takes() {
    let options = bitexact::engine::Options::default();
    for &id in Id::ALL {
        let info = id.info();
        if info.recover.is_none() {
            continue;
        }
        for row in info.taps.iter().filter(|t| !t.ledger_only) {
            let args: Vec<&str> = row.args.iter().map(|a| sample(a)).collect();
            let form = match args.is_empty() {
                true => row.name.to_string(),
                false => format!("{}:{}", row.name, args.join(",")),
            };
            let r = bitexact::recover::query::query(id, &options, Some(&form), &["1"], None);
            let refused = matches!(r, Err(QueryError::NotThisTap { .. }));
            assert_eq!(refused, !row.recoverable, "{id:?} {form}: {:?}", r.err());
        }
    }
}

#[test]
fn the_lists_read_as_the_front_ends_print_them() {
    let generals = Id::Generals.info();
    assert_eq!(
        generals.tap_list().to_string(),
        "raw, value:LO,HI, real:LO,HI"
    );
    assert_eq!(
        generals.call_list().to_string(),
        "raw, value LO HI, real LO HI"
    );
    assert_eq!(
        generals.recover_taps().to_string(),
        "raw (default), value:LO,HI, real:LO,HI"
    );
    assert_eq!(
        generals.calls_help().to_string(),
        "raw                  one draw\n\
         value LO HI          GetGameLogicRandomValue (0 draws when HI - LO + 1 wraps to 0)\n\
         real LO HI           GetGameLogicRandomValueReal (0 draws when HI - LO <= 0)"
    );
    let sots = Id::Sots.info();
    assert_eq!(
        sots.tap_list().to_string(),
        "u32, unit, float, int:N, chance:P, frange:LO,HI, bell:LO,HI"
    );
    assert_eq!(
        sots.call_list().to_string(),
        "u32, unit, float, int N, chance P, frange LO HI, bell LO HI, tnormal-attempts K"
    );
    assert_eq!(
        List::new(sots.taps, Rows::RecoverableOr).to_string(),
        "u32, unit, float, int:N or frange:LO,HI"
    );
    assert_eq!(
        Id::Dotnet.info().tap_list().to_string(),
        "next, next:MAX, next:MIN,MAX, double, bytes"
    );
    assert_eq!(
        Id::Openra.info().recover_taps().to_string(),
        "next (default)"
    );
}

/// An unknown tap's error keeps the table and lists it when shown: the
/// taps for `--tap`, the calls (ledger-only ones too) for a ledger line.
#[test]
fn an_unknown_tap_lists_the_table() {
    let e = bitexact::sots::engine::Sots::tap("nope", &["1"], false).unwrap_err();
    assert!(matches!(e, TapError::Unknown { .. }));
    assert_eq!(
        e.to_string(),
        "unknown tap 'nope:1' for sots (expected one of u32, unit, float, int:N, chance:P, \
         frange:LO,HI, bell:LO,HI)"
    );
    let e = bitexact::sots::engine::Sots::tap("nope", &[], true).unwrap_err();
    assert_eq!(
        e.to_string(),
        "unknown call 'nope' (expected turn, u32, unit, float, int N, chance P, frange LO HI, \
         bell LO HI, tnormal-attempts K)"
    );
    // Rows sharing a name are told apart by their arguments; too many is
    // measured against the widest.
    let e = bitexact::dotnet::engine::Dotnet::tap("next", &["1", "2", "3"], false).unwrap_err();
    assert_eq!(e.to_string(), "next takes 2 arguments: next:MIN,MAX");
}

/// The help a table gives each call names no front end's flag (the CLI
/// prints it under `--help`, Python and C users read the same words), and
/// sots' `int:N` says what it returns: N itself included (a 0–99 roll is
/// `int:99`), which the draws bear out.
#[test]
fn help_names_no_flag_and_int_n_says_n_is_included() {
    for &id in Id::ALL {
        for row in id.info().taps {
            assert!(
                !row.help.contains("--"),
                "{id:?} {}: {}",
                row.name,
                row.help
            );
        }
    }
    let int = Id::Sots
        .info()
        .taps
        .iter()
        .find(|t| t.name == "int")
        .expect("sots has int:N");
    assert!(int.help.contains("0..=N"), "{}", int.help);
    assert!(int.help.contains("N included"), "{}", int.help);
    // What the help says, drawn: 0..=N, N included, nothing above.
    let mut rng = bitexact::sots::Rng::new(2024);
    for n in [1u32, 5, 99, 100] {
        let mut seen = vec![false; n as usize + 1];
        for _ in 0..20_000 {
            let v = rng.next_int_inclusive(n);
            assert!(v <= n, "int:{n} gave {v}");
            seen[v as usize] = true;
        }
        assert!(
            seen.iter().all(|&s| s),
            "int:{n} did not give every value of 0..={n}"
        );
    }
}
