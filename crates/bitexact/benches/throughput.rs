//! The throughput rows as divan benchmarks: `cargo bench -p bitexact`.
//!
//! The same rows as `examples/throughput.rs` (which prints the side-by-side
//! table and the target ratios in one process); here each row is a divan
//! benchmark with an items counter, so divan reports words per second.
//! Speed is measured here, never asserted in tests.

use divan::counter::ItemsCount;
use divan::{black_box, Bencher};

use bitexact::laige::Prng;
use bitexact::sots::Rng;
use bitexact::westwood::Random2;

/// Words per call of the 32-bit rows (16 KiB).
const WORDS_32: usize = 4096;
/// Words per call of the laige rows: long enough for the widest lane rounds.
const WORDS_64: usize = 32_768;
const SEED: u32 = 5489;

fn main() {
    divan::main();
}

mod sots {
    use super::*;

    #[divan::bench]
    fn next_u32(b: Bencher<'_, '_>) {
        let (mut g, mut buf) = (Rng::new(SEED), vec![0u32; WORDS_32]);
        b.counter(ItemsCount::new(WORDS_32)).bench_local(|| {
            for w in buf.iter_mut() {
                *w = g.next_u32();
            }
            black_box(&mut buf);
        });
    }

    #[divan::bench]
    fn fill(b: Bencher<'_, '_>) {
        let (mut g, mut buf) = (Rng::new(SEED), vec![0u32; WORDS_32]);
        b.counter(ItemsCount::new(WORDS_32)).bench_local(|| {
            g.fill_u32(&mut buf);
            black_box(&mut buf);
        });
    }

    #[divan::bench]
    fn fill_unit(b: Bencher<'_, '_>) {
        let (mut g, mut buf) = (Rng::new(SEED), vec![0f64; WORDS_32]);
        b.counter(ItemsCount::new(WORDS_32)).bench_local(|| {
            g.fill_unit(&mut buf);
            black_box(&mut buf);
        });
    }

    #[divan::bench]
    fn fill_float(b: Bencher<'_, '_>) {
        let (mut g, mut buf) = (Rng::new(SEED), vec![0f32; WORDS_32]);
        b.counter(ItemsCount::new(WORDS_32)).bench_local(|| {
            g.fill_float(&mut buf);
            black_box(&mut buf);
        });
    }
}

mod rand_mt {
    use super::*;

    #[divan::bench]
    fn next_u32(b: Bencher<'_, '_>) {
        let (mut g, mut buf) = (::rand_mt::Mt::new(SEED), vec![0u32; WORDS_32]);
        b.counter(ItemsCount::new(WORDS_32)).bench_local(|| {
            for w in buf.iter_mut() {
                *w = g.next_u32();
            }
            black_box(&mut buf);
        });
    }
}

mod laige {
    use super::*;

    #[divan::bench]
    fn next_u64(b: Bencher<'_, '_>) {
        let (mut g, mut buf) = (Prng::new(SEED.into()), vec![0u64; WORDS_64]);
        b.counter(ItemsCount::new(WORDS_64)).bench_local(|| {
            for w in buf.iter_mut() {
                *w = g.next_u64();
            }
            black_box(&mut buf);
        });
    }

    #[divan::bench]
    fn fill(b: Bencher<'_, '_>) {
        let (mut g, mut buf) = (Prng::new(SEED.into()), vec![0u64; WORDS_64]);
        b.counter(ItemsCount::new(WORDS_64)).bench_local(|| {
            g.fill(&mut buf);
            black_box(&mut buf);
        });
    }

    #[divan::bench]
    fn fill_float01(b: Bencher<'_, '_>) {
        let (mut g, mut buf) = (Prng::new(SEED.into()), vec![0f32; WORDS_64]);
        b.counter(ItemsCount::new(WORDS_64)).bench_local(|| {
            g.fill_float01(&mut buf);
            black_box(&mut buf);
        });
    }

    /// One jump of 2^64 draws (the cost is the same for any distance).
    #[divan::bench]
    fn jump(b: Bencher<'_, '_>) {
        let mut g = Prng::new(SEED.into());
        b.bench_local(|| {
            g.jump(black_box(1u128 << 64));
        });
    }
}

mod westwood {
    use super::*;

    #[divan::bench]
    fn raw(b: Bencher<'_, '_>) {
        let (mut g, mut buf) = (Random2::new(SEED), vec![0i32; WORDS_32]);
        b.counter(ItemsCount::new(WORDS_32)).bench_local(|| {
            for w in buf.iter_mut() {
                *w = g.raw();
            }
            black_box(&mut buf);
        });
    }

    #[divan::bench]
    fn fill(b: Bencher<'_, '_>) {
        let (mut g, mut buf) = (Random2::new(SEED), vec![0i32; WORDS_32]);
        b.counter(ItemsCount::new(WORDS_32)).bench_local(|| {
            g.fill(&mut buf);
            black_box(&mut buf);
        });
    }
}

/// The recovery inner loops: seeds tested per second for one observed value.
mod recover {
    use super::*;

    /// Seeds per sots call: each needs Knuth's initializer up to word 397.
    const SOTS_SEEDS: u64 = 1 << 14;
    /// Seeds per westwood call: two pseudo-DES per seed.
    const WESTWOOD_SEEDS: u64 = 1 << 20;

    #[divan::bench]
    fn sots_one_u32(b: Bencher<'_, '_>) {
        let s = bitexact::sots::recover::Search::new(
            bitexact::sots::recover::Tap::U32,
            vec![3_499_211_612],
            0,
        )
        .unwrap();
        b.counter(ItemsCount::new(SOTS_SEEDS as usize))
            .bench_local(|| black_box(s.search(black_box(1 << 20..(1 << 20) + SOTS_SEEDS))));
    }

    #[divan::bench]
    fn westwood_one_raw(b: Bencher<'_, '_>) {
        let s = bitexact::westwood::recover::Search::new(
            bitexact::westwood::recover::Tap::Raw,
            vec![2_025_287_381],
            0,
        )
        .unwrap();
        b.counter(ItemsCount::new(WESTWOOD_SEEDS as usize))
            .bench_local(|| black_box(s.search(black_box(1 << 24..(1 << 24) + WESTWOOD_SEEDS))));
    }

    #[divan::bench]
    fn laige_one_u64(b: Bencher<'_, '_>) {
        let s = bitexact::laige::recover::Search::new(bitexact::laige::tap::Tap::U64, vec![1], 0)
            .unwrap();
        b.counter(ItemsCount::new(1usize << 16))
            .bench_local(|| black_box(s.search(black_box(0..1 << 16))));
    }
}
