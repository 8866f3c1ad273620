//! `bitexact::sync` on logs written here to the games' own format strings
//! (SPEC 12), driven by the library's generators: consistent logs pass, and
//! each kind of damage is named exactly.

use bitexact::generals::GameRandom;
use bitexact::sync::{check, generals::crc::seed_crc, Format, Options, Report};
use bitexact::westwood::{pick_random_number, Random2};

/// A tiny deterministic "game" choosing calls (not the generator under test).
struct Script(u64);
impl Script {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

#[derive(Clone, Copy, Debug)]
struct Call {
    ranged: Option<(i32, i32)>,
    caller: u32,
    frame: u32,
}

const CALLERS: [u32; 5] = [
    0x004A_1B2C,
    0x0065_0F10,
    0xA000_1234,
    0xB000_0F00,
    0x0070_0123,
];
const RANGES: [(i32, i32); 5] = [(0, 99), (1, 6), (0, 2), (-50, 50), (0, 1000)];

fn game(seed: u64, n: usize) -> Vec<Call> {
    let mut s = Script(seed);
    let mut frame = 1u32;
    (0..n)
        .map(|_| {
            if s.next().is_multiple_of(3) {
                frame += 1 + (s.next() % 3) as u32;
            }
            let ranged = (!s.next().is_multiple_of(4)).then(|| RANGES[(s.next() % 5) as usize]);
            Call {
                ranged,
                caller: CALLERS[(s.next() % 5) as usize],
                frame,
            }
        })
        .collect()
}

/// Phobos lines for `calls` played on `Random2::new(seed)` after `warmup`
/// draws; `inner`: each ranged call's draws also logged as Single lines from
/// inside RandomRanged. Returns the lines (oldest first, the last 4096).
fn phobos_lines(seed: u32, warmup: u64, calls: &[Call], inner: bool) -> Vec<(Call, bool, u8, u8)> {
    let mut g = Random2::new(seed);
    g.discard(warmup);
    let mut out = Vec::new();
    for c in calls {
        match c.ranged {
            None => {
                g.raw();
                out.push((*c, false, g.index1() as u8, g.index2() as u8));
            }
            Some((lo, hi)) => {
                if inner {
                    let before = g.position();
                    let mut probe = g.clone();
                    pick_random_number(&mut probe, lo, hi).unwrap();
                    for _ in 0..probe.position() - before {
                        g.raw();
                        let inner_call = Call {
                            ranged: None,
                            caller: 0x65C80A,
                            frame: c.frame,
                        };
                        out.push((inner_call, false, g.index1() as u8, g.index2() as u8));
                    }
                } else {
                    pick_random_number(&mut g, lo, hi).unwrap();
                }
                out.push((*c, true, g.index1() as u8, g.index2() as u8));
            }
        }
    }
    let skip = out.len().saturating_sub(4096);
    out.split_off(skip)
}

/// The text Phobos writes: `"\nPhobos synchronization log:\n\n"`, `RNG
/// Calls:`, the lines, a blank line, then another section.
fn phobos_text(lines: &[(Call, bool, u8, u8)], last_frame: u32) -> String {
    let w = last_frame.to_string().len();
    let mut s = String::from("\r\nPhobos synchronization log:\r\n\r\nRNG Calls:\r\n");
    for (i, (c, ranged, i1, i2)) in lines.iter().enumerate() {
        if *ranged {
            let (lo, hi) = c.ranged.unwrap();
            s += &format!("#{i:05}: Ranged | Caller: {:08x} | Frame: {:>w$} | Index1: {i1:>3} | Index2: {i2:>3} | Min: {lo} | Max: {hi}\r\n", c.caller, c.frame);
        } else {
            s += &format!("#{i:05}: Single | Caller: {:08x} | Frame: {:>w$} | Index1: {i1:>3} | Index2: {i2:>3}\r\n", c.caller, c.frame);
        }
    }
    s += "\r\nFacing changes:\r\n#00000: Facing: 16384 | Caller: 004a1b2c | Frame: 12\r\n\r\n";
    s
}

fn run(format: Format, a: &str, b: Option<&str>, o: &Options) -> Report {
    let mut ra = a.as_bytes();
    let mut rb = b.map(str::as_bytes);
    check(
        format,
        &mut ra,
        rb.as_mut().map(|r| r as &mut dyn std::io::BufRead),
        o,
    )
    .unwrap()
}

fn seeded(seed: u32) -> Options {
    Options {
        seed: Some(i64::from(seed)),
        max_draws: Some(200_000),
        ..Options::default()
    }
}

#[test]
fn phobos_consistent_placed_at_the_warmup_in_both_ranged_forms() {
    for inner in [false, true] {
        let calls = game(7, 600);
        let lines = phobos_lines(1234, 5000, &calls, inner);
        let text = phobos_text(&lines, calls.last().unwrap().frame);
        let r = run(Format::Phobos, &text, None, &seeded(1234));
        assert!(r.consistent, "{}", r.text());
        assert_eq!(r.position, Some(5000));
        let other = run(Format::Phobos, &text, None, &seeded(1235));
        assert!(
            !other.consistent && other.position.is_none(),
            "{}",
            other.text()
        );
    }
}

#[test]
fn phobos_a_wrapped_ring_and_several_logs_in_one_file() {
    let calls = game(9, 5000);
    let lines = phobos_lines(77, 0, &calls, false);
    assert_eq!(lines.len(), 4096);
    let first = phobos_text(&phobos_lines(5, 100, &game(3, 50), false), 60);
    let text = format!(
        "\u{feff}{first}{}",
        phobos_text(&lines, calls.last().unwrap().frame)
    );
    let r = run(
        Format::Phobos,
        &text,
        None,
        &Options {
            seed: Some(77),
            max_draws: Some(100_000),
            ..Options::default()
        },
    );
    assert!(r.consistent, "{}", r.text());
    // The ring kept the last 4096 lines: it starts after the dropped draws.
    let r1 = run(
        Format::Phobos,
        &text,
        None,
        &Options {
            seed: Some(5),
            log: Some(1),
            max_draws: Some(1000),
            ..Options::default()
        },
    );
    assert!(r1.consistent, "{}", r1.text());
    assert_eq!(r1.position, Some(100));
}

#[test]
fn phobos_single_calls_only_are_ambiguous_never_consistent() {
    let calls: Vec<Call> = game(4, 300)
        .into_iter()
        .map(|c| Call { ranged: None, ..c })
        .collect();
    let text = phobos_text(&phobos_lines(42, 10, &calls, false), 999);
    let r = run(Format::Phobos, &text, None, &seeded(42));
    assert!(!r.consistent);
    assert!(r.ambiguous.unwrap() > 1, "{}", r.text());
}

#[test]
fn phobos_a_wrong_range_is_named_with_its_entry() {
    let calls = game(11, 400);
    let lines = phobos_lines(99, 300, &calls, false);
    let mut text = phobos_text(&lines, calls.last().unwrap().frame);
    // Change entry 200's range where it changes the draw count.
    // An entry whose call rejected at least once (two or more draws).
    let delta = |i: usize| (i32::from(lines[i].2) - i32::from(lines[i - 1].2)).rem_euclid(250);
    let i = (200..400)
        .find(|&i| lines[i].1 && lines[i].0.ranged == Some((0, 99)) && delta(i) >= 2)
        .unwrap();
    let old = format!("#{i:05}: Ranged");
    let at = text.find(&old).unwrap();
    let end = at + text[at..].find("\r\n").unwrap();
    let line = text[at..end].to_string();
    let edited = line.replace("| Min: 0 | Max: 99", "| Min: 0 | Max: 127");
    text.replace_range(at..end, &edited);
    // 0..127 never rejects: the replay makes 1 draw where the log made more.
    let r = run(Format::Phobos, &text, None, &seeded(99));
    assert!(!r.consistent);
    let d = r.first_divergence.as_ref().unwrap();
    assert_eq!(d.entry, Some(i as u64), "{}", r.text());
    assert_eq!(d.caller, Some(lines[i].0.caller));
    assert_eq!(r.shift, Some(i64::from(delta(i)) - 1), "{}", r.text());
    let said = format!("the {} draws its cursors say, not the 1", delta(i));
    assert!(r.text().contains(&said), "{}", r.text());
}

#[test]
fn phobos_two_players_one_extra_call() {
    let calls = game(21, 500);
    let a = phobos_lines(5, 50, &calls, false);
    let mut calls_b = calls.clone();
    let extra = Call {
        ranged: None,
        caller: 0x00DE_AD00,
        frame: calls[300].frame,
    };
    calls_b.insert(300, extra);
    let b = phobos_lines(5, 50, &calls_b, false);
    let f = calls.last().unwrap().frame;
    let (ta, tb) = (phobos_text(&a, f), phobos_text(&b, f));
    let o = Options::default();
    let same = run(Format::Phobos, &ta, Some(&ta), &o);
    assert!(same.consistent, "{}", same.text());
    let r = run(Format::Phobos, &ta, Some(&tb), &o);
    assert!(!r.consistent);
    let d = r.first_divergence.as_ref().unwrap();
    assert_eq!(d.entry, Some(300), "{}", r.text());
    assert_eq!(r.shift, Some(1), "{}", r.text());
    let back = run(Format::Phobos, &tb, Some(&ta), &o);
    assert_eq!(back.shift, Some(-1), "{}", back.text());
}

fn generals_log(seed: u32, n: usize, prefix: &str) -> (String, Vec<String>) {
    let mut g = GameRandom::new(seed);
    let mut c = GameRandom::new(seed ^ 0x5555);
    let mut s = Script(u64::from(seed));
    let mut lines = vec![format!("InitRandom {seed:08x}")];
    for i in 0..n {
        let frame = i / 7;
        match s.next() % 5 {
            0 => {
                let v = g.real(0.0, 1.0);
                lines.push(format!("{prefix}{frame}: GetGameLogicRandomValueReal = {v:.6}, W:\\Code\\GameEngine\\Source\\GameLogic\\Object\\Weapon.cpp line {}", 100 + i % 50));
            }
            1 => {
                let v = c.value(0, 9);
                lines.push(format!(
                    "{prefix}{frame}: GetGameClientRandomValue = {v} (0 - 9), Drawable.cpp line 77"
                ));
            }
            _ => {
                let (lo, hi) = [(0, 99), (1, 6), (-5, 5), (0, 1)][(s.next() % 4) as usize];
                let v = g.value(lo, hi);
                lines.push(format!("{prefix}{frame}: GetGameLogicRandomValue = {v} ({lo} - {hi}), W:\\Code\\GameEngine\\Source\\GameLogic\\AI\\AIPlayer.cpp line {}", 200 + i % 30));
            }
        }
    }
    (lines.join("\r\n") + "\r\n", lines)
}

#[test]
fn generals_consistent_changed_extra_and_missing_lines() {
    let (text, lines) = generals_log(0x1234_5678, 800, "[dbg] ");
    let o = Options::default();
    let r = run(Format::Generals, &text, None, &o);
    assert!(r.consistent, "{}", r.text());
    // Pick a logic int line in the middle.
    let k = (400..800)
        .find(|&k| lines[k].contains("LogicRandomValue = ") && lines[k].contains("(0 - 99)"))
        .unwrap();
    let logic_after = |from: usize| {
        (from..lines.len())
            .filter(|&j| lines[j].contains("GetGameLogic"))
            .count()
    };
    assert!(logic_after(k) > 20);
    // Missing line: the game drew, the log lost it → +1.
    let mut missing = lines.clone();
    missing.remove(k);
    let r = run(Format::Generals, &(missing.join("\n") + "\n"), None, &o);
    let d = r.first_divergence.as_ref().expect("a divergence");
    assert_eq!(r.shift, Some(1), "{}", r.text());
    assert!(d.line.unwrap() > k as u64);
    // Extra line: a line the replay does not make → −1, named at its line.
    let mut extra = lines.clone();
    let fake = format!(
        "{}: GetGameLogicRandomValue = 1500 (1000 - 2000), Fake.cpp line 1",
        k / 7
    );
    extra.insert(k, fake);
    let r = run(Format::Generals, &(extra.join("\n") + "\n"), None, &o);
    let d = r.first_divergence.as_ref().expect("a divergence");
    assert_eq!(d.line, Some(k as u64 + 1), "{}", r.text());
    assert_eq!(d.file.as_deref(), Some("Fake.cpp"));
    assert_eq!(r.shift, Some(-1), "{}", r.text());
    // Changed value → named, shift 0.
    let mut changed = lines.clone();
    let v: i32 = changed[k]
        .split(" = ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    changed[k] = changed[k].replacen(&format!("= {v} "), &format!("= {} ", (v + 1) % 100), 1);
    let r = run(Format::Generals, &(changed.join("\n") + "\n"), None, &o);
    let d = r.first_divergence.as_ref().unwrap();
    assert_eq!(d.line, Some(k as u64 + 1));
    assert_eq!(r.shift, Some(0), "{}", r.text());
    assert!(d.file.as_deref().unwrap().ends_with("AIPlayer.cpp"));
    // Another seed: never consistent.
    let r = run(
        Format::Generals,
        &text.replacen("InitRandom 12345678", "InitRandom 12345679", 1),
        None,
        &o,
    );
    assert!(!r.consistent);
    // Two logs, one with an extra line.
    let r = run(
        Format::Generals,
        &text,
        Some(&(extra.join("\n") + "\n")),
        &o,
    );
    assert_eq!(r.shift, Some(1), "{}", r.text());
}

/// The CRC as the release build's loop computes it: `shl eax, 1` sets CF to
/// the old top bit, `adc eax, byte` adds the byte and that carry. A
/// transcription of the instructions, independent of `seed_crc`.
fn crc_shl_adc(state: &[u32; 6]) -> u32 {
    let mut eax: u32 = 0;
    let bytes: Vec<u8> = state.iter().flat_map(|w| w.to_le_bytes()).collect();
    for b in bytes {
        let cf = eax & 0x8000_0000 != 0; // shl eax, 1
        eax <<= 1;
        let (s1, c1) = eax.overflowing_add(u32::from(b)); // adc eax, ebx
        let (s2, _) = s1.overflowing_add(u32::from(cf));
        let _ = c1;
        eax = s2;
    }
    eax
}

/// The debug build's `CRC::addCRC`: `hibit = crc & 0x80000000 ? 1 : 0; crc
/// <<= 1; crc += val; crc += hibit` — written as the C++ reads.
fn crc_add_crc(state: &[u32; 6]) -> u32 {
    let mut crc: u32 = 0;
    for w in state {
        for k in 0..4 {
            let val = ((w >> (8 * k)) & 0xFF) as u8;
            let hibit = if crc & 0x8000_0000 != 0 { 1 } else { 0 };
            crc = crc.wrapping_shl(1);
            crc = crc.wrapping_add(u32::from(val));
            crc = crc.wrapping_add(hibit);
        }
    }
    crc
}

#[test]
fn generals_crc_matches_both_transcriptions_seeded_and_advanced() {
    for seed in [0u32, 1, 0xDEAD_BEEF, 0xFFFF_FFFF] {
        let mut g = GameRandom::new(seed);
        for _ in 0..2000 {
            let s = g.state();
            assert_eq!(seed_crc(&s), crc_shl_adc(&s));
            assert_eq!(seed_crc(&s), crc_add_crc(&s));
            g.next_u32();
        }
    }
}

#[test]
fn generals_crc_lines_placed_and_two_machines_compared() {
    let seed = 0x0BAD_5EED;
    let mut g = GameRandom::new(seed);
    let mut s = Script(3);
    let mut a = String::new();
    let mut b = String::new();
    for frame in 0..60 {
        a += &format!("{frame}:0 Object 12 pos (1.0, 2.0)\r\n");
        b += &format!("{frame}:0 Object 12 pos (1.0, 2.0)\r\n");
        a += &format!("{frame}:1 RandomSeed: {} \r\n", seed_crc(&g.state()) as i32);
        let mut gb = g;
        if frame == 40 {
            gb.next_u32();
        }
        b += &format!(
            "{frame}:1 RandomSeed: {} \r\n",
            seed_crc(&gb.state()) as i32
        );
        for _ in 0..(s.next() % 5) {
            g.next_u32();
        }
    }
    let o = Options {
        seed: Some(i64::from(seed)),
        ..Options::default()
    };
    let r = run(Format::GeneralsCrc, &a, None, &o);
    assert!(r.consistent, "{}", r.text());
    let r = run(Format::GeneralsCrc, &a, Some(&b), &o);
    assert_eq!(
        r.first_divergence.as_ref().unwrap().frame,
        Some(40),
        "{}",
        r.text()
    );
    let r = run(
        Format::GeneralsCrc,
        &a,
        None,
        &Options {
            seed: Some(5),
            ..o.clone()
        },
    );
    assert!(!r.consistent);
}

#[test]
fn vinifera_and_ares_values_found_and_compared() {
    let seed = 31337u32;
    let mut g = Random2::new(seed);
    g.discard(123_456);
    let v1 = g.raw();
    g.discard(10);
    let v2 = g.raw();
    let vin = format!(
        "Frames: 900\r\nScenario random: {v1}\r\nRandom seed: {seed}\r\n\r\nRandom Number:{:x}\r\n",
        v2 as u32
    );
    let r = run(Format::Ts, &vin, None, &Options::default());
    assert!(r.consistent, "{}", r.text());
    assert_eq!(r.position, Some(123_456));
    // This seed's second value recurs by chance within the bound: said.
    assert!(r.text().contains("it also occurs at draw"), "{}", r.text());
    let ares = |v: i32| {
        format!("Ares synchronization log (version 3)\r\nCRC[00] = 0000ABCD\r\nMy Random Number: {:08X}\r\nMy Frame: {:08X}\r\n", v as u32, 900)
    };
    let o = Options {
        seed: Some(i64::from(seed)),
        max_draws: Some(1_000_000),
        ..Options::default()
    };
    let r = run(Format::Ares, &ares(v1), Some(&ares(v2)), &o);
    assert_eq!(r.shift, Some(11), "{}", r.text());
    let r = run(
        Format::Ares,
        &ares(v1),
        None,
        &Options {
            seed: Some(1),
            ..o.clone()
        },
    );
    assert!(!r.consistent);
}

#[test]
fn malformed_lines_are_errors_with_their_number() {
    let text = "\nPhobos synchronization log:\n\nRNG Calls:\n#00000: Single | Caller: 004a1b2c | Frame: 1 | Index1:   1 | Index2: 104\n#00001: Single | Caller: zz | Frame: 1 | Index1:   2 | Index2: 105\n";
    let mut r = text.as_bytes();
    let e = check(Format::Phobos, &mut r, None, &seeded(1)).unwrap_err();
    assert_eq!(e.line, 6);
    let mut r = "1: GetGameLogicRandomValue = x (0 - 9), a.cpp line 3\n".as_bytes();
    let e = check(Format::Generals, &mut r, None, &seeded(1)).unwrap_err();
    assert_eq!(e.line, 1);
    let mut r = "5:1 RandomSeed: twelve\n".as_bytes();
    assert_eq!(
        check(Format::GeneralsCrc, &mut r, None, &seeded(1))
            .unwrap_err()
            .line,
        1
    );
}

/// The README's example logs (`examples/sync/`), written by the writers
/// above: rewritten with `BITEXACT_BLESS=1`, otherwise checked unchanged.
#[test]
fn the_readme_example_logs_are_the_writers_output() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/sync");
    let calls = game(2026, 300);
    let f = calls.last().unwrap().frame;
    let mut calls_b = calls.clone();
    calls_b.insert(
        250,
        Call {
            ranged: Some((0, 2)),
            caller: 0xB000_1C40,
            frame: calls[250].frame,
        },
    );
    let (gen, gen_lines) = generals_log(0x0000_BEEF, 400, "");
    // The same game with one logic draw's line lost (line 201 of the file).
    let mut lost = gen_lines.clone();
    lost.remove(200);
    let lost = lost.join("\r\n") + "\r\n";
    let mut g = Random2::new(4242);
    g.discard(98_765);
    let v1 = g.raw();
    let v2 = g.raw();
    // Two Ares logs of one moment: the second player's stream 3 draws ahead.
    let ares = |skip: u64| {
        let mut g = Random2::new(4242);
        g.discard(skip);
        let v = g.raw();
        let mut t = String::from("Ares synchronization log (version 3.0p1)\r\n");
        for i in 0..4 {
            t += &format!(
                "CRC[{i:02X}] = {:08X}\r\n",
                0x1234_5678u32.wrapping_mul(i + 1)
            );
        }
        t + &format!(
            "My Random Number: {:08X}\r\nMy Frame: {:08X}\r\nAverage FPS: 59\r\n",
            v as u32, 3480
        )
    };
    // Two machines' crcDebug files: the second makes one extra logic draw in frame 30.
    let crc = |extra_at: Option<u32>| {
        let mut g = GameRandom::new(0x5EED);
        let mut s = Script(9);
        let mut t = String::new();
        for frame in 0..40u32 {
            t += &format!("{frame}:0 Object 7 pos 1.5,2.5 ");
            t += &format!(
                "\r\n{frame}:1 RandomSeed: {} \r\n",
                seed_crc(&g.state()) as i32
            );
            for _ in 0..s.next() % 4 {
                g.next_u32();
            }
            if extra_at == Some(frame) {
                g.next_u32();
            }
        }
        t
    };
    let files = [
        ("SYNC0.TXT", phobos_text(&phobos_lines(4242, 1500, &calls, false), f)),
        ("SYNC1.TXT", phobos_text(&phobos_lines(4242, 1500, &calls_b, false), f)),
        ("generals-debug.txt", gen),
        ("generals-lost-line.txt", lost),
        ("ares-SYNC0.TXT", ares(52_000)),
        ("ares-SYNC1.TXT", ares(52_003)),
        ("crcDebug0.txt", crc(None)),
        ("crcDebug1.txt", crc(Some(30))),
        (
            "vinifera-crc.txt",
            format!("Frames: 3480\r\nPlayer ID: 01\r\nScenario random: {v1}\r\nRandom seed: 4242\r\n\r\nRandom Number:{:x}\r\n", v2 as u32),
        ),
    ];
    for (name, text) in files {
        let path = dir.join(name);
        if std::env::var_os("BITEXACT_BLESS").is_some() {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &text).unwrap();
        } else {
            let got = std::fs::read_to_string(&path).unwrap_or_default();
            assert!(
                got == text,
                "{} is not what the writer writes: run with BITEXACT_BLESS=1",
                path.display()
            );
        }
    }
}

#[test]
fn phobos_a_ring_holding_the_end_of_one_game_and_the_start_of_the_next() {
    // Game 1 (seed 11) ran long; game 2 (seed 22) starts from its seeding.
    let g1 = phobos_lines(11, 3000, &game(5, 200), false);
    let calls2: Vec<Call> = game(6, 150)
        .into_iter()
        .map(|c| Call {
            frame: c.frame - 1,
            ..c
        })
        .collect();
    let g2 = phobos_lines(22, 0, &calls2, false);
    let ring: Vec<_> = g1.iter().chain(&g2).copied().collect();
    let text = phobos_text(&ring, 999);
    let r = run(Format::Phobos, &text, None, &seeded(22));
    assert!(r.consistent, "{}", r.text());
    assert_eq!(r.position, Some(0));
    assert!(
        r.text().contains("a new game in the same session"),
        "{}",
        r.text()
    );
    // The earlier game's seed places nothing: not consistent.
    let r = run(Format::Phobos, &text, None, &seeded(11));
    assert!(!r.consistent, "{}", r.text());
    // An edit inside the new game is still found.
    let i = 200
        + (20..150)
            .find(|&k| g2[k].1 && g2[k].0.ranged == Some((0, 99)))
            .unwrap();
    let at = text.find(&format!("#{i:05}: Ranged")).unwrap();
    let end = at + text[at..].find("\r\n").unwrap();
    let mut edited = text.clone();
    edited.replace_range(at..end, &text[at..end].replace("Max: 99", "Max: 98"));
    let r = run(Format::Phobos, &edited, None, &seeded(22));
    if !r.consistent {
        assert_eq!(r.first_divergence.unwrap().entry, Some(i as u64));
    }
}

#[test]
fn generals_records_on_one_line_are_all_checked() {
    let mut g = GameRandom::new(7);
    let mut line = String::from("InitRandom 00000007 ");
    for i in 0..30 {
        let v = g.value(0, 999);
        line += &format!(
            "{}: GetGameLogicRandomValue = {v} (0 - 999), A.cpp line {i} ",
            i / 4
        );
    }
    let r = run(Format::Generals, &line, None, &Options::default());
    assert!(r.consistent, "{}", r.text());
    assert_eq!(r.checked, 30);
    // The 20th record's value changed: named, on line 1.
    let k = line
        .match_indices("GetGameLogicRandomValue = ")
        .nth(19)
        .unwrap()
        .0;
    let v_end = k + line[k..].find(" (").unwrap();
    let mut bad = line.clone();
    let v: i32 = line[k + 26..v_end].parse().unwrap();
    bad.replace_range(k + 26..v_end, &((v + 1) % 1000).to_string());
    let r = run(Format::Generals, &bad, None, &Options::default());
    let d = r.first_divergence.as_ref().expect("a divergence");
    assert_eq!((d.line, d.source_line), (Some(1), Some(19)), "{}", r.text());
}

#[test]
fn phobos_two_full_rings_differing_only_in_their_oldest_entry() {
    let calls = game(33, 5000);
    let a = phobos_lines(333, 1000, &calls, false);
    assert_eq!(a.len(), 4096);
    let mut b = a.clone();
    b[0].0.frame = b[0].0.frame.saturating_sub(1).max(1);
    if b[0].0.frame == a[0].0.frame {
        b[0].0.caller ^= 0x10;
    }
    let f = calls.last().unwrap().frame;
    let (ta, tb) = (phobos_text(&a, f), phobos_text(&b, f));
    let r = run(Format::Phobos, &ta, Some(&tb), &Options::default());
    assert!(!r.consistent, "{}", r.text());
    assert_eq!(r.first_divergence.unwrap().entry, Some(0));
    // Offset by one call (B's ring one call later), B's oldest entry edited.
    let mut more = calls.clone();
    more.push(Call {
        ranged: None,
        caller: 0x0040_1000,
        frame: f,
    });
    let mut c = phobos_lines(333, 1000, &more, false);
    c[0].0.caller ^= 0x10;
    let r = run(
        Format::Phobos,
        &ta,
        Some(&phobos_text(&c, f)),
        &Options::default(),
    );
    assert!(!r.consistent, "{}", r.text());
    assert_eq!(r.first_divergence.unwrap().entry, Some(1), "A #1 is B #0");
}

/// One call of [`ts_ring`]: (min, max or None for UNRANGED), caller, frame.
type TsCall = (Option<(i32, i32)>, u32, u32);

/// A Tiberian Sun RNG ring as ts-patches prints it: newest first, each
/// call with the cursors before it. `calls` oldest first.
fn ts_ring(seed: u32, calls: &[TsCall]) -> String {
    let mut g = Random2::new(seed);
    let mut lines = Vec::new();
    for &(range, caller, frame) in calls {
        let (m1, m2) = (g.index1(), g.index2());
        lines.push(match range {
            None => {
                g.raw();
                format!("RNG: CRITICAL UNRANGED CALLER: {caller:08x}  FRAME: {frame:<10} MIX1: {m1:>3} MIX2: {m2:>3}")
            }
            Some((lo, hi)) => {
                pick_random_number(&mut g, lo, hi).unwrap();
                format!("RNG: CRITICAL RANGED   CALLER: {caller:08x}  FRAME: {frame:<10} MIX1: {m1:>3} MIX2: {m2:>3} MIN: {lo}  MAX: {hi}")
            }
        });
    }
    lines.reverse();
    format!(
        "FPU State: 9001f\r\n\r\n--- BEGIN RANDOM ---\r\n{}\r\n\r\n",
        lines.join("\r\n")
    )
}

/// Found by fuzzing (`sync_ts`): B's extra call in the frame of both
/// rings' newest call — which is read but not checked (its draws are not
/// known) — was taken for a call B's log made after A's was written.
#[test]
fn ts_extra_call_in_the_newest_frame_is_a_divergence() {
    let common: Vec<TsCall> = (0..8)
        .map(|i| {
            (
                if i % 2 == 0 { None } else { Some((0, 99)) },
                0x40_0000 + i,
                i / 4,
            )
        })
        .collect();
    let a = ts_ring(77, &common);
    let mut with_extra = common.clone();
    with_extra.insert(7, (Some((0, 99)), 0x42_e8b4, 1));
    let b = ts_ring(77, &with_extra);
    let r = run(Format::Ts, &a, Some(&b), &Options::default());
    assert!(!r.consistent, "{}", r.text());
    assert_eq!(r.shift, Some(1), "{}", r.text());
    let r = run(Format::Ts, &a, Some(&a), &Options::default());
    assert!(r.consistent, "{}", r.text());
}

/// Two players' rings in the form where `RandomRanged` logs its own draws
/// as `Single` lines: the inner lines belong to their `Ranged` call, so an
/// extra ranged call is one extra call (not one per draw), named by its
/// `Ranged` line (caller and range), and windows that start inside a ranged
/// call's inner lines still align. Found by the independent oracle of
/// issue 30 (23 of its cases).
#[test]
fn phobos_two_players_inner_lines_are_one_call() {
    let calls = game(33, 5200);
    let f = calls.last().unwrap().frame;
    for (at, extra) in [
        (4800usize, (Some((0, 1000)), 0x00DE_AD00u32)),
        (4900, (Some((0, 99)), 0x00DE_AD04)),
        (5000, (None, 0x00DE_AD08)),
    ] {
        let extra = Call {
            ranged: extra.0,
            caller: extra.1,
            frame: calls[at].frame,
        };
        let mut calls_b = calls.clone();
        calls_b.insert(at, extra);
        let a = phobos_lines(9, 70, &calls, true);
        let b = phobos_lines(9, 70, &calls_b, true);
        let (ta, tb) = (phobos_text(&a, f), phobos_text(&b, f));
        let o = Options::default();
        let same = run(Format::Phobos, &tb, Some(&tb), &o);
        assert!(same.consistent, "{}", same.text());
        for (x, y, k) in [(&ta, &tb, 1), (&tb, &ta, -1)] {
            let r = run(Format::Phobos, x, Some(y), &o);
            assert!(!r.consistent, "{}", r.text());
            assert_eq!(r.shift, Some(k), "{extra:?}: {}", r.text());
            let d = r.first_divergence.as_ref().unwrap();
            assert_eq!(d.caller, Some(extra.caller), "{}", r.text());
            assert_eq!(d.frame, Some(i64::from(extra.frame)), "{}", r.text());
        }
    }
    // The same game dumped by two players whose rings start at different
    // points of it (one ring begins inside a ranged call's inner lines):
    // consistent.
    let a = phobos_lines(9, 70, &calls, true);
    let b = phobos_lines(9, 70, &calls[..calls.len() - 7], true);
    let r = run(
        Format::Phobos,
        &phobos_text(&a, f),
        Some(&phobos_text(&b, f)),
        &Options::default(),
    );
    assert!(r.consistent, "{}", r.text());
}

/// A requested stop ends every long placement, OpenRA's walk down the
/// stream to a far TotalCount too (it ran to the end before, Ctrl-C
/// waiting seconds), with the stopped error, never a verdict.
#[test]
fn a_requested_stop_ends_the_openra_walk() {
    let log = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/sync/syncreport-alice.log"
    ))
    .unwrap()
    .replace("(#49)", "(#999990000)");
    let stop = bitexact::sync::Stop::new();
    stop.request();
    let o = Options {
        seed: Some(1),
        max_draws: Some(1_000_000_000),
        stop: Some(stop),
        ..Options::default()
    };
    let started = std::time::Instant::now();
    let e = check(Format::Openra, &mut log.as_bytes(), None, &o).unwrap_err();
    assert!(e.is_stopped(), "{e}");
    assert!(started.elapsed() < std::time::Duration::from_secs(1));
}
