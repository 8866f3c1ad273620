//! Shards against the whole search (issue 22): N shards of a range with
//! planted hits merge to exactly the unsharded answer, for N = 1, 2, 3, 7,
//! 64 and random ranges; a missing, stopped or interrupted shard makes the
//! merge incomplete, and answers that do not fit are refused.

use super::shard::{merge, Merged, Part, Shard, ShardError};
use super::*;
use proptest::prelude::*;
use std::vec;

/// Seeds whose hash has its low `bits` bits zero are hits (about one in
/// 2^bits), at offset `seed % 3`; one seed in 16 of those has two offsets.
fn planted(seeds: Range<u64>, bits: u32) -> Vec<Hit> {
    let mut hits = Vec::new();
    for seed in seeds {
        let h = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(17) ^ seed;
        if h & ((1 << bits) - 1) == 0 {
            hits.push(Hit {
                seed,
                offset: seed % 3,
            });
            if (h >> bits) & 15 == 0 {
                hits.push(Hit {
                    seed,
                    offset: seed % 3 + 5,
                });
            }
        }
    }
    hits
}

struct Planted(u32);

impl fmt::Debug for Planted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Planted")
    }
}

impl Searcher for Planted {
    fn search(&self, seeds: Range<u64>) -> Vec<Hit> {
        planted(seeds, self.0)
    }
}

/// Shard `k/n` run through the scheduler, as one machine would.
fn run_shard(full: Range<u64>, shard: Shard, bits: u32, max_hits: usize) -> Part {
    let part = shard.part(full.clone()).unwrap();
    let plan = Plan::new(Some(2), max_hits).unwrap();
    let found = run(&Planted(bits), part, &plan, &mut NoHooks).unwrap();
    Part {
        shard,
        full,
        query: "planted".into(),
        hits: found.hits,
        end: found.end,
    }
}

fn all_shards(full: Range<u64>, n: u64, bits: u32) -> Merged {
    let parts: Vec<Part> = (1..=n)
        .map(|k| run_shard(full.clone(), Shard::new(k, n).unwrap(), bits, usize::MAX))
        .collect();
    merge(&parts).unwrap()
}

#[test]
fn parts_cover_the_range_once_in_order() {
    for (full, n) in [
        (0..10u64, 1u64),
        (0..10, 3),
        (5..6, 1),
        (0..1 << 32, 7),
        (u64::MAX - 1000..u64::MAX, 64),
        (0..u64::MAX, 1 << 20),
    ] {
        let mut next = full.start;
        for k in 1..=n {
            let part = Shard::new(k, n).unwrap().part(full.clone()).unwrap();
            assert_eq!(part.start, next, "{full:?} {k}/{n}");
            assert!(part.end > part.start, "{full:?} {k}/{n} is empty");
            next = part.end;
        }
        assert_eq!(next, full.end, "{full:?} /{n}");
    }
}

#[test]
fn shards_are_parsed_and_checked() {
    assert_eq!("3/8".parse::<Shard>(), Ok(Shard::new(3, 8).unwrap()));
    for bad in [
        "", "3", "3/", "/8", "a/8", "3/8/1", "-1/8", "+3/8", " 3/8", "3/0x8",
    ] {
        assert!(
            matches!(bad.parse::<Shard>(), Err(ShardError::Syntax { .. })),
            "{bad:?}"
        );
    }
    for (k, n) in [(0, 8), (9, 8), (1, 0), (1, (1 << 20) + 1)] {
        assert_eq!(Shard::new(k, n), Err(ShardError::OutOfRange { k, n }));
    }
    assert_eq!(
        Shard::new(1, 11).unwrap().part(0..10),
        Err(ShardError::MoreShardsThanSeeds { n: 11, seeds: 10 })
    );
    for e in [
        ShardError::Syntax { text: "x".into() },
        ShardError::OutOfRange { k: 0, n: 1 },
        ShardError::MoreShardsThanSeeds { n: 2, seeds: 1 },
    ] {
        assert!(!e.to_string().contains("--"), "{e}");
    }
}

#[test]
fn n_shards_merge_to_the_whole_search() {
    let full = 1_000..201_000;
    let whole = run(
        &Planted(9),
        full.clone(),
        &Plan::new(Some(1), usize::MAX).unwrap(),
        &mut NoHooks,
    )
    .unwrap();
    assert!(whole.hits.len() > 100, "{} hits", whole.hits.len());
    assert_eq!(whole.hits, planted(full.clone(), 9));
    for n in [1, 2, 3, 7, 64] {
        let merged = all_shards(full.clone(), n, 9);
        assert!(merged.complete(), "{n} shards");
        assert_eq!(merged.hits, whole.hits, "{n} shards");
        assert_eq!(merged.searched, whole.searched, "{n} shards");
        assert_eq!(merged.searched_below, full.end);
    }
}

#[test]
fn a_missing_stopped_or_interrupted_shard_is_incomplete() {
    let full = 0..70_000u64;
    let n = 7;
    let parts: Vec<Part> = (1..=n)
        .map(|k| run_shard(full.clone(), Shard::new(k, n).unwrap(), 8, usize::MAX))
        .collect();
    // Shard 4 missing.
    let mut without = parts.clone();
    without.remove(3);
    let m = merge(&without).unwrap();
    assert!(!m.complete());
    assert_eq!(m.missing, vec![Shard::new(4, 7).unwrap()]);
    assert_eq!(m.searched_below, 30_000);
    assert_eq!(m.searched, 60_000);
    // Every hit below the gap is there.
    let below: Vec<Hit> = planted(0..30_000, 8);
    assert_eq!(&m.hits[..below.len()], &below[..]);
    // Shard 2 stopped at its hit budget.
    let mut stopped = parts.clone();
    stopped[1] = run_shard(full.clone(), Shard::new(2, 7).unwrap(), 8, 3);
    let m = merge(&stopped).unwrap();
    assert!(!m.complete());
    assert_eq!(m.unfinished.len(), 1);
    assert_eq!(m.unfinished[0].0, Shard::new(2, 7).unwrap());
    let End::Stopped { at } = m.unfinished[0].1 else {
        panic!("{:?}", m.unfinished)
    };
    assert_eq!(m.searched_below, at);
    // Shard 6 interrupted at its start.
    let mut cut = parts.clone();
    cut[5].hits.clear();
    cut[5].end = End::Interrupted { at: 50_000 };
    let m = merge(&cut).unwrap();
    assert!(!m.complete());
    assert_eq!(m.searched_below, 50_000);
    assert_eq!(m.searched, 60_000);
    // All there again: complete; a shard given twice, the same, is fine.
    let mut twice = parts.clone();
    twice.push(parts[2].clone());
    assert!(merge(&twice).unwrap().complete());
}

#[test]
fn answers_that_do_not_fit_are_refused() {
    let full = 0..10_000u64;
    let parts: Vec<Part> = (1..=3)
        .map(|k| run_shard(full.clone(), Shard::new(k, 3).unwrap(), 6, usize::MAX))
        .collect();
    assert_eq!(merge(&[]), Err(ShardError::Nothing));
    let mut other = parts.clone();
    other[1].query = "another".into();
    assert!(matches!(merge(&other), Err(ShardError::Mixed { .. })));
    let mut other = parts.clone();
    other[1].full = 0..10_001;
    assert!(matches!(merge(&other), Err(ShardError::Mixed { .. })));
    let mut other = parts.clone();
    other[2].shard = Shard::new(3, 4).unwrap();
    assert!(matches!(merge(&other), Err(ShardError::Mixed { .. })));
    // A hit outside the part (a shard run over another range).
    let mut other = parts.clone();
    other[0].hits.push(Hit {
        seed: 9_999,
        offset: 0,
    });
    assert!(matches!(merge(&other), Err(ShardError::NotItsPart { .. })));
    let mut other = parts.clone();
    other[1].end = End::Interrupted { at: 10 };
    assert!(matches!(merge(&other), Err(ShardError::NotItsPart { .. })));
    let mut other = parts.clone();
    other[0].hits.reverse();
    if other[0].hits.len() > 1 {
        assert!(matches!(merge(&other), Err(ShardError::NotItsPart { .. })));
    }
    // One shard, two answers.
    let mut other = parts.clone();
    let mut changed = parts[1].clone();
    changed.hits.pop();
    other.push(changed);
    assert_eq!(
        merge(&other),
        Err(ShardError::Conflict {
            shard: Shard::new(2, 3).unwrap()
        })
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Any range, any N up to its size, any order of the answers: the merge
    /// is the whole search.
    #[test]
    fn any_split_merges_to_the_whole(
        start in 0u64..1 << 40,
        len in 1u64..20_000,
        n in 1u64..80,
        rotate in 0usize..80,
    ) {
        let full = start..start + len;
        let n = n.min(len);
        let mut parts: Vec<Part> = (1..=n)
            .map(|k| run_shard(full.clone(), Shard::new(k, n).unwrap(), 5, usize::MAX))
            .collect();
        let turn = rotate % parts.len();
        parts.rotate_left(turn);
        let merged = merge(&parts).unwrap();
        prop_assert!(merged.complete());
        prop_assert_eq!(merged.hits, planted(full.clone(), 5));
        prop_assert_eq!(merged.searched, len);
    }
}
