//! One seed search split across machines: shard K of N searches one
//! contiguous part of the range, and [`merge`] puts the N answers back
//! together, saying whether they add up to the whole search (SPEC 8's
//! "not found only after the whole range", kept across machines).
//!
//! The parts are fixed by the range and N alone — shard K of N of
//! `a..b` is `a + ⌊(b−a)(K−1)/N⌋ .. a + ⌊(b−a)K/N⌋` — so N jobs that never
//! talk to each other (a GNU parallel run, a Slurm array) cover the range
//! exactly once, and the merge can check each answer is the part it claims.

use super::End;
use crate::recover::Hit;
use std::fmt;
use std::ops::Range;
use std::string::String;
use std::vec::Vec;

/// The most shards a search may be split into.
pub const MAX_SHARDS: u64 = 1 << 20;

/// Shard `k` of `n` (1-based: `1/4` … `4/4`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shard {
    k: u64,
    n: u64,
}

/// A shard that cannot be, or answers that cannot be merged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShardError {
    /// Not `K/N` with decimal numbers.
    Syntax {
        /// The text given.
        text: String,
    },
    /// `K` is 0 or above `N`, or `N` is 0 or above [`MAX_SHARDS`].
    OutOfRange {
        /// The shard asked for.
        k: u64,
        /// Of this many.
        n: u64,
    },
    /// More shards than seeds: some part would be empty.
    MoreShardsThanSeeds {
        /// The shards asked for.
        n: u64,
        /// The seeds in the range.
        seeds: u64,
    },
    /// No answers to merge.
    Nothing,
    /// Answers from different searches (another query, range or N).
    Mixed {
        /// What differs, as a sentence.
        what: String,
    },
    /// An answer that is not the part of the range its shard owns, or
    /// whose hits or stop point lie outside it.
    NotItsPart {
        /// The shard.
        shard: Shard,
        /// What is wrong, as a sentence.
        what: String,
    },
    /// Two different answers for one shard.
    Conflict {
        /// The shard answered twice.
        shard: Shard,
    },
}

impl fmt::Display for ShardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShardError::Syntax { text } => {
                write!(f, "shard '{text}': expected K/N, e.g. 3/8 (K from 1 to N)")
            }
            ShardError::OutOfRange { k, n } => write!(
                f,
                "shard {k}/{n}: K must be 1 to N, and N 1 to {MAX_SHARDS}"
            ),
            ShardError::MoreShardsThanSeeds { n, seeds } => write!(
                f,
                "{n} shards of a range of {seeds} seeds would leave some empty: use at most {seeds}"
            ),
            ShardError::Nothing => f.write_str("no shard answers to merge"),
            ShardError::Mixed { what } => {
                write!(f, "the answers are from different searches: {what}")
            }
            ShardError::NotItsPart { shard, what } => write!(f, "shard {shard}: {what}"),
            ShardError::Conflict { shard } => {
                write!(f, "shard {shard} is given twice, with different answers")
            }
        }
    }
}

impl std::error::Error for ShardError {}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

impl core::str::FromStr for Shard {
    type Err = ShardError;

    /// `K/N`, decimal (`3/8`).
    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let syntax = || ShardError::Syntax { text: text.into() };
        let (k, n) = text.split_once('/').ok_or_else(syntax)?;
        let number = |s: &str| -> Result<u64, ShardError> {
            if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(syntax());
            }
            s.parse().map_err(|_| syntax())
        };
        Shard::new(number(k)?, number(n)?)
    }
}

impl Shard {
    /// Shard `k` of `n`: `1 <= k <= n <= MAX_SHARDS`.
    pub fn new(k: u64, n: u64) -> Result<Shard, ShardError> {
        if k == 0 || k > n || n > MAX_SHARDS {
            return Err(ShardError::OutOfRange { k, n });
        }
        Ok(Shard { k, n })
    }

    /// The whole search, as one shard.
    pub const WHOLE: Shard = Shard { k: 1, n: 1 };

    /// K (from 1).
    pub fn k(&self) -> u64 {
        self.k
    }

    /// N.
    pub fn n(&self) -> u64 {
        self.n
    }

    /// This shard's part of `full`: `a + ⌊(b−a)(K−1)/N⌋ .. a + ⌊(b−a)K/N⌋`.
    /// The N parts are contiguous, in order, and cover `full` exactly;
    /// none is empty (more shards than seeds is an error).
    pub fn part(&self, full: Range<u64>) -> Result<Range<u64>, ShardError> {
        let seeds = full.end.saturating_sub(full.start);
        if self.n > seeds {
            return Err(ShardError::MoreShardsThanSeeds { n: self.n, seeds });
        }
        let at =
            |k: u64| full.start + (u128::from(seeds) * u128::from(k) / u128::from(self.n)) as u64;
        Ok(at(self.k - 1)..at(self.k))
    }
}

/// One shard's answer, as its run reported it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// Which shard.
    pub shard: Shard,
    /// The whole search's range (the same in every part).
    pub full: Range<u64>,
    /// What was searched for, in any form that is equal exactly when the
    /// searches are the same (the same in every part).
    pub query: String,
    /// The shard's hits, in seed order.
    pub hits: Vec<Hit>,
    /// How the shard's search ended (a stop point inside its part).
    pub end: End,
}

/// The N answers together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Merged {
    /// N.
    pub shards: u64,
    /// The whole range.
    pub full: Range<u64>,
    /// The query every part answered.
    pub query: String,
    /// Every part's hits, in seed order.
    pub hits: Vec<Hit>,
    /// Seeds searched with every hit reported, over all parts.
    pub searched: u64,
    /// The shards with no answer, in order.
    pub missing: Vec<Shard>,
    /// The shards that answered but did not finish (stopped at their hit
    /// budget, or interrupted), with how they ended.
    pub unfinished: Vec<(Shard, End)>,
    /// Every seed below this was searched and its hits are all in `hits`:
    /// `full.end` when complete, else the first seed of the first gap.
    pub searched_below: u64,
}

impl Merged {
    /// Every shard answered and finished: the hits are all of the range's
    /// (so no hits means "not found" in the whole range).
    pub fn complete(&self) -> bool {
        self.missing.is_empty() && self.unfinished.is_empty()
    }
}

/// Merge shard answers. Every part must answer the same query over the same
/// range with the same N, be the part its shard owns, and hold only hits and
/// a stop point inside that part; a shard may be given twice only with the
/// same answer. Missing and unfinished shards are listed, never guessed: the
/// merge is [`Merged::complete`] only when all N finished.
pub fn merge(parts: &[Part]) -> Result<Merged, ShardError> {
    let first = parts.first().ok_or(ShardError::Nothing)?;
    let (n, full, query) = (first.shard.n, first.full.clone(), &first.query);
    let mut by_k: Vec<Option<&Part>> = Vec::new();
    for p in parts {
        if p.query != *query {
            return Err(ShardError::Mixed {
                what: std::format!("'{}' and '{}'", query, p.query),
            });
        }
        if p.full != full {
            return Err(ShardError::Mixed {
                what: std::format!(
                    "seeds {}..{} and {}..{}",
                    full.start,
                    full.end,
                    p.full.start,
                    p.full.end
                ),
            });
        }
        if p.shard.n != n {
            return Err(ShardError::Mixed {
                what: std::format!("{n} shards and {} shards", p.shard.n),
            });
        }
        check_part(p)?;
        if by_k.is_empty() {
            by_k.resize(usize::try_from(n).unwrap_or(usize::MAX), None);
        }
        let slot = &mut by_k[(p.shard.k - 1) as usize];
        match slot {
            Some(q) if q.hits != p.hits || q.end != p.end => {
                return Err(ShardError::Conflict { shard: p.shard })
            }
            _ => *slot = Some(p),
        }
    }
    let mut merged = Merged {
        shards: n,
        full: full.clone(),
        query: query.clone(),
        hits: Vec::new(),
        searched: 0,
        missing: Vec::new(),
        unfinished: Vec::new(),
        searched_below: full.end,
    };
    let mut gap = false;
    for (i, slot) in by_k.iter().enumerate() {
        let shard = Shard { k: i as u64 + 1, n };
        let range = shard.part(full.clone())?;
        let Some(p) = slot else {
            merged.missing.push(shard);
            if !gap {
                merged.searched_below = range.start;
                gap = true;
            }
            continue;
        };
        merged.hits.extend_from_slice(&p.hits);
        match p.end {
            End::Complete => merged.searched += range.end - range.start,
            End::Stopped { at } | End::Interrupted { at } => {
                merged.searched += at - range.start;
                merged.unfinished.push((shard, p.end));
                if !gap {
                    merged.searched_below = at;
                    gap = true;
                }
            }
        }
    }
    Ok(merged)
}

/// A part's hits and stop point lie in its shard's part, in seed order.
fn check_part(p: &Part) -> Result<(), ShardError> {
    let range = p.shard.part(p.full.clone())?;
    let not = |what: String| ShardError::NotItsPart {
        shard: p.shard,
        what,
    };
    if let Some(h) = p.hits.iter().find(|h| !range.contains(&h.seed)) {
        return Err(not(std::format!(
            "hit seed {} is outside its part, seeds {}..{}",
            h.seed,
            range.start,
            range.end
        )));
    }
    if p.hits.windows(2).any(|w| w[0] > w[1]) {
        return Err(not("its hits are not in seed order".into()));
    }
    if let End::Stopped { at } | End::Interrupted { at } = p.end {
        // A stop point from the part's first seed to its end (`at` is the
        // last hit's own seed when that seed had more hits than fitted).
        if at < range.start || at > range.end {
            return Err(not(std::format!(
                "it stopped at seed {at}, outside its part, seeds {}..{}",
                range.start,
                range.end
            )));
        }
    }
    Ok(())
}
