//! Words per nanosecond, side by side: the single draws, the bulk fills, and
//! `rand_mt` as the peer, all measured in this one process.
//!
//! ```sh
//! cargo run --release --example throughput            # ~0.5 s per row
//! cargo run --release --example throughput -- 0.1     # seconds per row
//! ```
//!
//! stdout: one line per row, `NAME<TAB>NS_PER_WORD` (best of the
//! repetitions). stderr: the CPU path the fills take and the ratios the
//! project's targets name, each marked met or not.
//!
//! Every row fills the same kind of buffer: the single-draw rows with a
//! plain loop (`for w in buf { *w = rng.next_u32() }`), the fill rows with
//! one call. Rows run round-robin, one repetition each per round, and each
//! keeps its fastest repetition, so a burst of load on a shared machine
//! hurts every row alike rather than one. Timings are still noisy: read the
//! ratios, and rerun.

use std::hint::black_box;
use std::time::{Duration, Instant};

use bitexact::laige::Prng;
use bitexact::sots::Rng;
use bitexact::westwood::Random2;

/// Words per repetition of the 32-bit rows (16 KiB, L1-resident).
const WORDS_32: usize = 4096;
/// Words per repetition of the laige rows: long enough for the lane fill's
/// widest rounds (8 lanes × 4096), 256 KiB.
const WORDS_64: usize = 32_768;

/// One benchmark row: its name, words per call of `run`, and `run`.
struct Row {
    name: &'static str,
    words: usize,
    run: Box<dyn FnMut()>,
    best_ns_per_word: f64,
    reps_per_sample: u64,
}

fn row(name: &'static str, words: usize, run: impl FnMut() + 'static) -> Row {
    Row {
        name,
        words,
        run: Box::new(run),
        best_ns_per_word: f64::INFINITY,
        reps_per_sample: 1,
    }
}

fn rows() -> Vec<Row> {
    let seed = 5489;
    vec![
        {
            let (mut g, mut buf) = (Rng::new(seed), vec![0u32; WORDS_32]);
            row("sots.next_u32", WORDS_32, move || {
                for w in buf.iter_mut() {
                    *w = g.next_u32();
                }
                black_box(&mut buf);
            })
        },
        {
            let (mut g, mut buf) = (Rng::new(seed), vec![0u32; WORDS_32]);
            row("sots.fill", WORDS_32, move || {
                g.fill_u32(&mut buf);
                black_box(&mut buf);
            })
        },
        {
            let (mut g, mut buf) = (rand_mt::Mt::new(seed), vec![0u32; WORDS_32]);
            row("rand_mt.next_u32", WORDS_32, move || {
                for w in buf.iter_mut() {
                    *w = g.next_u32();
                }
                black_box(&mut buf);
            })
        },
        {
            let (mut g, mut buf) = (Rng::new(seed), vec![0f64; WORDS_32]);
            row("sots.fill_unit", WORDS_32, move || {
                g.fill_unit(&mut buf);
                black_box(&mut buf);
            })
        },
        {
            let (mut g, mut buf) = (Rng::new(seed), vec![0f32; WORDS_32]);
            row("sots.fill_float", WORDS_32, move || {
                g.fill_float(&mut buf);
                black_box(&mut buf);
            })
        },
        {
            let (mut g, mut buf) = (Prng::new(seed.into()), vec![0u64; WORDS_64]);
            row("laige.next_u64", WORDS_64, move || {
                for w in buf.iter_mut() {
                    *w = g.next_u64();
                }
                black_box(&mut buf);
            })
        },
        {
            let (mut g, mut buf) = (Prng::new(seed.into()), vec![0u64; WORDS_64]);
            row("laige.fill", WORDS_64, move || {
                g.fill(&mut buf);
                black_box(&mut buf);
            })
        },
        {
            let (mut g, mut buf) = (Prng::new(seed.into()), vec![0f32; WORDS_64]);
            row("laige.fill_float01", WORDS_64, move || {
                g.fill_float01(&mut buf);
                black_box(&mut buf);
            })
        },
        {
            let (mut g, mut buf) = (Random2::new(seed), vec![0i32; WORDS_32]);
            row("westwood.raw", WORDS_32, move || {
                for w in buf.iter_mut() {
                    *w = g.raw();
                }
                black_box(&mut buf);
            })
        },
        {
            let (mut g, mut buf) = (Random2::new(seed), vec![0i32; WORDS_32]);
            row("westwood.fill", WORDS_32, move || {
                g.fill(&mut buf);
                black_box(&mut buf);
            })
        },
    ]
}

fn main() {
    let secs_per_row: f64 = std::env::args()
        .nth(1)
        .map(|a| a.parse().expect("seconds per row, e.g. 0.5"))
        .unwrap_or(0.5);
    const REPETITIONS: u32 = 10;
    let sample = Duration::from_secs_f64(secs_per_row / f64::from(REPETITIONS));

    let mut rows = rows();
    // Calibrate: calls per sample so one sample takes about `sample`.
    for r in rows.iter_mut() {
        (r.run)(); // warm up
        let t = Instant::now();
        let mut calls = 0u64;
        while t.elapsed() < sample / 4 {
            (r.run)();
            calls += 1;
        }
        r.reps_per_sample = (calls * 4).max(1);
    }
    for _ in 0..REPETITIONS {
        for r in rows.iter_mut() {
            let t = Instant::now();
            for _ in 0..r.reps_per_sample {
                (r.run)();
            }
            let ns = t.elapsed().as_secs_f64() * 1e9;
            let per_word = ns / (r.reps_per_sample as f64 * r.words as f64);
            r.best_ns_per_word = r.best_ns_per_word.min(per_word);
        }
    }

    for r in &rows {
        println!("{}\t{:.4}", r.name, r.best_ns_per_word);
    }

    let ns = |name: &str| {
        rows.iter()
            .find(|r| r.name == name)
            .map(|r| r.best_ns_per_word)
            .expect("row")
    };
    #[cfg(target_arch = "x86_64")]
    eprintln!(
        "# cpu: avx2 {} (the fills run their AVX2 copies when it is)",
        if std::is_x86_feature_detected!("avx2") {
            "yes"
        } else {
            "no"
        }
    );
    eprintln!(
        "# best of {REPETITIONS} repetitions per row, rows interleaved; ratios = slower / faster"
    );
    let targets = [
        ("rand_mt.next_u32", "sots.fill", 4.0),
        ("rand_mt.next_u32", "sots.next_u32", 1.0),
        ("laige.next_u64", "laige.fill", 3.0),
        ("westwood.raw", "westwood.fill", 6.0),
    ];
    for (base, fast, target) in targets {
        let ratio = ns(base) / ns(fast);
        eprintln!(
            "# ratio {base} / {fast} = {ratio:.2} (target >= {target}): {}",
            if ratio >= target { "met" } else { "NOT met" }
        );
    }
}
