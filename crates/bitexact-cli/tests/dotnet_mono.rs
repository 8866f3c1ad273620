//! `dotnet` against the real `System.Random` (SPEC 15): Mono's (Microsoft's
//! reference source), compiled and run here from `tests/dotnet/random_driver.cs`.
//! Every tap, seeds 0, ±1, int.MinValue, int.MaxValue and pseudo-random
//! ones, `Next(min, max)` across int.MaxValue, the state bytes read from the
//! live object by reflection and identified, and `recover` finding the seed
//! of Mono's `Next(6)` dice.

mod common;

use bitexact::dotnet::Random;
use common::{bitexact, require_tool, stdout};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::OnceLock;

/// The driver, compiled once per test binary (`None`: Mono is missing and
/// CI is not set, so the tests say so and skip).
fn driver() -> Option<&'static PathBuf> {
    static EXE: OnceLock<Option<PathBuf>> = OnceLock::new();
    EXE.get_or_init(|| {
        if !require_tool("mcs", &["--version"]) || !require_tool("mono", &["--version"]) {
            return None;
        }
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("dotnet_mono");
        std::fs::create_dir_all(&dir).unwrap();
        let exe = dir.join("random_driver.exe");
        let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/dotnet/random_driver.cs");
        let out = Command::new("mcs")
            .arg("-nologo")
            .arg(format!("-out:{}", exe.display()))
            .arg(&src)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "mcs: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        Some(exe)
    })
    .as_ref()
}

/// Mono's answers, one line of values per request line.
fn mono(requests: &[String]) -> Option<Vec<Vec<i64>>> {
    let exe = driver()?;
    let mut child = Command::new("mono")
        .arg(exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let text = requests.join("\n") + "\n";
    let writer = std::thread::spawn(move || input.write_all(text.as_bytes()).unwrap());
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(out.status.success(), "mono driver failed");
    let lines: Vec<Vec<i64>> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| l.split(',').map(|v| v.parse().unwrap()).collect())
        .collect();
    assert_eq!(lines.len(), requests.len());
    Some(lines)
}

/// The seeds: the edges SPEC 15 names, seeds whose `161803398 − |s|` is
/// negative or zero, and 24 from a fixed LCG.
fn seeds() -> Vec<i32> {
    let mut s = vec![
        0,
        1,
        -1,
        i32::MIN,
        i32::MAX,
        -i32::MAX,
        161_803_398,
        -161_803_398,
        161_803_399,
        1 << 30,
        12345,
    ];
    let mut x = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..24 {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        s.push((x >> 32) as u32 as i32);
    }
    s
}

/// One call of ours, as the driver names it.
fn ours(g: &mut Random, call: &str, args: &[i32]) -> i64 {
    match call {
        "next" => g.next().into(),
        "max" => g.next_max(args[0]).unwrap().into(),
        "range" => g.next_range(args[0], args[1]).unwrap().into(),
        "double" => g.next_double().to_bits() as i64,
        "bytes" => {
            let mut b = [0u8];
            g.next_bytes(&mut b);
            b[0].into()
        }
        _ => unreachable!(),
    }
}

#[test]
fn every_tap_of_every_seed_is_monos() {
    let calls: &[(&str, &[i32], usize)] = &[
        ("next", &[], 120),
        ("max", &[6], 40),
        ("max", &[0], 3),
        ("max", &[1], 3),
        ("max", &[i32::MAX], 20),
        // Ranges at, across and far past int.MaxValue.
        ("range", &[1, 7], 40),
        ("range", &[5, 5], 3),
        ("range", &[0, i32::MAX], 20),
        ("range", &[-1, i32::MAX - 1], 20),
        ("range", &[-1, i32::MAX], 20),
        ("range", &[-5, i32::MAX], 20),
        ("range", &[i32::MIN, 0], 20),
        ("range", &[i32::MIN, i32::MAX], 40),
        ("range", &[-1_000_000, 1_000_000], 20),
        ("double", &[], 40),
        ("bytes", &[], 60),
    ];
    let mut requests = Vec::new();
    let mut expected = Vec::new();
    for &seed in &seeds() {
        for skip in [0u64, 1000] {
            for &(call, args, n) in calls {
                let args_text: Vec<String> = args.iter().map(i32::to_string).collect();
                requests.push(format!("{seed} {skip} {call} {n} {}", args_text.join(" ")));
                let mut g = Random::new(seed);
                g.discard(skip);
                expected.push((
                    (seed, skip, call, args),
                    (0..n).map(|_| ours(&mut g, call, args)).collect::<Vec<_>>(),
                ));
            }
        }
    }
    let Some(got) = mono(&requests) else { return };
    for ((what, want), mono) in expected.iter().zip(&got) {
        assert_eq!(want, mono, "{what:?}: ours, then Mono's");
    }
}

#[test]
fn state_bytes_are_monos_and_identify_from_them() {
    let cases: Vec<(i32, u64)> = seeds()
        .into_iter()
        .zip(
            [0u64, 1, 54, 55, 56, 109, 110, 5000, 123_457, 1_000_000]
                .into_iter()
                .cycle(),
        )
        .collect();
    let requests: Vec<String> = cases
        .iter()
        .map(|(s, k)| format!("{s} {k} state 1"))
        .collect();
    let Some(got) = mono(&requests) else { return };
    for ((seed, skip), ints) in cases.iter().zip(&got) {
        assert_eq!(ints.len(), 58);
        let mut bytes = Vec::new();
        for v in ints {
            bytes.extend_from_slice(&(*v as i32).to_le_bytes());
        }
        let mut g = Random::new(*seed);
        g.discard(*skip);
        assert_eq!(
            g.encode().to_vec(),
            bytes,
            "seed {seed} after {skip}: our state, then Mono's"
        );
        // Mono's own state, identified: the seed's magnitude and the draws.
        let state = Random::decode(&bytes).unwrap();
        let id = bitexact::engine::reversible::identify(
            &state,
            2_000_000,
            bitexact::engine::Unit::Draws,
            &|| false,
        )
        .unwrap_or_else(|e| panic!("seed {seed} after {skip}: {e}"));
        assert_eq!(
            id.seed,
            u64::from(bitexact::dotnet::magnitude(*seed) as u32),
            "seed {seed}"
        );
        assert_eq!(id.words_drawn, *skip, "seed {seed}");
    }
}

#[test]
fn the_cli_streams_monos_values() {
    let Some(got) = mono(&[
        "-31337 0 range 20 1 7".into(),
        "-2147483648 6 range 10 -2147483648 2147483647".into(),
        "2147483647 0 double 5".into(),
    ]) else {
        return;
    };
    let cli = |args: &[&str]| -> Vec<i64> {
        let o = bitexact(args);
        assert!(o.status.success(), "{args:?}");
        stdout(&o).lines().map(|l| l.parse().unwrap()).collect()
    };
    assert_eq!(
        cli(&["stream", "dotnet", "--seed", "-31337", "--tap", "next:1,7", "--count", "20"]),
        got[0]
    );
    assert_eq!(
        cli(&[
            "stream",
            "dotnet",
            "--seed",
            "-2147483648",
            "--skip",
            "3",
            "--tap",
            "next:-2147483648,2147483647",
            "--count",
            "10",
        ]),
        got[1]
    );
    let o = bitexact(&[
        "stream",
        "dotnet",
        "--seed",
        "2147483647",
        "--tap",
        "double",
        "--count",
        "5",
        "--format",
        "hex",
    ]);
    assert!(o.status.success());
    let bits: Vec<i64> = stdout(&o)
        .lines()
        .map(|l| u64::from_str_radix(l.trim_start_matches("0x"), 16).unwrap() as i64)
        .collect();
    assert_eq!(bits, got[2]);
}

#[test]
fn recover_finds_the_seed_of_monos_dice_at_both_signs() {
    // Eight dice thrown by Mono's Random(4242) after three other draws.
    let Some(got) = mono(&["4242 3 range 8 1 7".into()]) else {
        return;
    };
    let dice: Vec<String> = got[0].iter().map(i64::to_string).collect();
    let dice = dice.join(",");
    let search = |range: &str| {
        stdout(&bitexact(&[
            "recover",
            "dotnet",
            "--tap",
            "next:1,7",
            "--values",
            &dice,
            "--seed-range",
            range,
            "--max-offset",
            "5",
            "--json",
        ]))
    };
    let out = search("4000..4500");
    assert!(
        out.contains(r#"{"seed":4242,"int_seed":4242,"offset":3}"#),
        "{out}"
    );
    assert_eq!(out.matches("\"seed\"").count(), 1, "{out}");
    // -4242 is the same stream: found at its 32-bit pattern.
    let neg = (1u64 << 32) - 4242;
    let out = search(&format!("{}..{}", neg - 100, neg + 100));
    assert!(
        out.contains(&format!(r#"{{"seed":{neg},"int_seed":-4242,"offset":3}}"#)),
        "{out}"
    );
}
