//! `bitexact recover ENGINE`: the seeds behind observed values.
//!
//! The recovery is set up by name in the library
//! (`bitexact::recover::query`: the tap and the values parsed, the engine's
//! search chosen) and run by the library's scheduler (`bitexact::search`);
//! the progress bar, Ctrl-C and the printing happen here.

use crate::cli::RecoverArgs;
use crate::search::{self};
use crate::{Failure, Outcome};
use bitexact::engine::SeedKind;
use bitexact::recover::query::query;
use bitexact::recover::{Hit, Recovery};
use bitexact::search::{End, Found};
use serde_json::json;
use std::io::Write;

/// The options of one recovery.
struct Common {
    max_hits: usize,
    /// `--count-matches`: the hits counted, not printed.
    count: bool,
    max_offset: Option<u64>,
    json: bool,
    kind: SeedKind,
}

pub fn run(RecoverArgs(args): &RecoverArgs, out: &mut impl Write) -> Outcome {
    let id = args.id();
    let info = id.info();
    let c = Common {
        max_hits: args.usize("max-hits").unwrap_or(1000),
        count: args.flag("count"),
        max_offset: args.u64("max-offset"),
        json: args.flag("json"),
        kind: info.seed,
    };
    // --max-offset is bounded by each search's own limit (QueryError), and
    // --max-hits by the plan (PlanError): both said through crate::NAMES.
    let values_text = args.str("values").unwrap_or("");
    let values: Vec<&str> = values_text.split(',').collect();
    let tap = args.str("tap");
    let recovery = query(id, &args.options(), tap, &values, c.max_offset).map_err(|e| {
        Failure::usage(crate::NAMES.query_error(tap.unwrap_or(info.default_tap()), &e))
    })?;
    let space = info.seed.space();
    let range = args.str("seed-range");
    let sharded = search::Seeds::new(range, args.str("shard"), space)?;
    let seeds = sharded.part.clone();
    let mut plan = search::plan(args.usize("threads"), c.max_hits)?;
    if c.count {
        plan = plan.counting();
    }
    if let Recovery::Walk(w) = &recovery {
        crate::summary!(
            "{} outputs: state rebuilt by untempering and walked back {} words, no seed search",
            w.values(),
            w.bound()
        );
    }
    // Many seeds can give few values (three dice match about 20 million of
    // 2^32): said before the search starts, when more than one is expected.
    let offsets = c.max_offset.unwrap_or(0);
    if matches!(recovery, Recovery::Search(_)) {
        if let Some(note) = chance_note(id, tap, values.len(), seeds.end - seeds.start, offsets) {
            out.flush()?;
            crate::summary_now(&format!("{}{note}", sharded.label()));
        }
    }
    let label = format!("recover {}", info.name);
    let mut write_error = None;
    let found = search::run(&recovery, seeds.clone(), &plan, &label, |hits| {
        if !c.json && !c.count && write_error.is_none() {
            write_error = print_hits(out, hits, info.seed).err();
        }
    })?;
    if let Some(e) = write_error {
        return Err(e.into());
    }
    let none = match &recovery {
        Recovery::Walk(w) => Some(format!(
            "no seed in {}..{} produces these 624+ outputs within {} words of seeding \
             (--max-offset raises the bound, up to {})",
            seeds.start,
            seeds.end,
            w.bound(),
            w.limit()
        )),
        Recovery::Search(_) => None,
    };
    let query = args.query(&["shard", "threads", "json", "max-hits", "seed-range"]);
    report(&c, range, &sharded, &query, out, &found, space, none)?;
    // Two seeds left: the value that tells them apart, found by replaying
    // both (a shard's two may not be the search's; the merge says it).
    if let ([a, b], End::Complete, None, false) =
        (&found.hits[..], found.end, sharded.shard, c.count)
    {
        if let Some(note) = tell_apart(id, tap, &args.options(), values.len(), *a, *b) {
            crate::summary!("{note}");
        }
    }
    Ok(())
}

/// The chance estimate of a search of `seeds` seeds at offsets
/// `0..=max_offset` for `values` values of `tap`, when more than one seed
/// is expected to match by chance ([`bitexact::recover::expected`]).
pub fn chance_note(
    id: bitexact::engines::Id,
    tap: Option<&str>,
    values: usize,
    seeds: u64,
    max_offset: u64,
) -> Option<String> {
    bitexact::recover::expected(id, tap, values, seeds, max_offset)
        .filter(|e| e.is_many())
        .map(|e| e.sentence(max_offset))
}

/// Calls compared after the values given, looking for one that tells two
/// hits apart.
pub const TELL_APART_CALLS: u64 = 100_000;

/// Which value tells the hits `a` and `b` apart, found by replaying both
/// streams through `tap` from their offsets: the first call after the
/// `given` values where they differ (within [`TELL_APART_CALLS`]), or that
/// none does that far. `None` when a stream cannot be opened, or the two
/// do not both give the values (never for a search's hits).
pub fn tell_apart(
    id: bitexact::engines::Id,
    tap: Option<&str>,
    options: &bitexact::engine::Options,
    given: usize,
    a: Hit,
    b: Hit,
) -> Option<String> {
    use bitexact::stream::Stream;
    let open = |h: Hit| -> Option<Stream> {
        let mut s = Stream::new(id, h.seed, tap, options).ok()?;
        s.discard(h.offset);
        Some(s)
    };
    let (mut sa, mut sb) = (open(a)?, open(b)?);
    let kind = id.info().seed;
    let seed = |h: Hit| {
        kind.signed(h.seed)
            .map_or(h.seed.to_string(), |s| s.to_string())
    };
    // How the two are named: by offset when one seed hits twice.
    let (both, na, nb) = if a.seed == b.seed {
        (
            format!("seed {} at offsets {} and {}", seed(a), a.offset, b.offset),
            format!("offset {}", a.offset),
            format!("offset {}", b.offset),
        )
    } else if a.offset == b.offset {
        (
            format!("seeds {} and {}", seed(a), seed(b)),
            format!("seed {}", seed(a)),
            format!("seed {}", seed(b)),
        )
    } else {
        (
            format!(
                "seed {} (offset {}) and seed {} (offset {})",
                seed(a),
                a.offset,
                seed(b),
                b.offset
            ),
            format!("seed {}", seed(a)),
            format!("seed {}", seed(b)),
        )
    };
    let values = if given == 1 {
        "this value".to_string()
    } else {
        format!("these {given} values")
    };
    let total = given as u64 + TELL_APART_CALLS;
    for call in 0..total {
        let (va, _) = sa.next();
        let (vb, _) = sb.next();
        if same(va, vb) {
            continue;
        }
        if call < given as u64 {
            return None;
        }
        let (xa, xb) = (crate::out::dec(va), crate::out::dec(vb));
        let after = call - given as u64;
        return Some(if after == 0 {
            format!(
                "{both} both give {values}; one more value tells them apart: the next call gives \
                 {xa} for {na}, {xb} for {nb}"
            )
        } else {
            format!(
                "{both} both give {values} and the next {after} too; the {} value from the first \
                 given tells them apart: {xa} for {na}, {xb} for {nb}",
                ordinal(call + 1)
            )
        });
    }
    Some(format!(
        "{both} both give {values} and the next {TELL_APART_CALLS} too: no value within the first \
         {total} tells them apart"
    ))
}

/// `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`, …
fn ordinal(n: u64) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// Two values the same to the bit (a float's sign and NaN payload
/// included).
fn same(a: bitexact::engine::Value, b: bitexact::engine::Value) -> bool {
    use bitexact::engine::Value::*;
    match (a, b) {
        (F32(x), F32(y)) => x.to_bits() == y.to_bits(),
        (F64(x), F64(y)) => x.to_bits() == y.to_bits(),
        (x, y) => x == y,
    }
}

/// A search's answer as `--json` fields: `hits` (`{"seed", "offset"}` in
/// seed order), `searched`, `complete`, `seconds`, and `stopped_at` or
/// `interrupted_at` when it ended early.
/// With a signed seed kind (C# `int` seeds), each hit also has `int_seed`,
/// the seed as the game writes it.
pub fn search_json(o: &Found, kind: SeedKind) -> Vec<(&'static str, serde_json::Value)> {
    let hits: Vec<_> = o.hits.iter().map(|h| hit_json(h, kind)).collect();
    let secs = o.elapsed.as_secs_f64();
    let mut fields = vec![
        ("hits", hits.into()),
        ("searched", o.searched.into()),
        ("complete", o.complete().into()),
        ("seconds", json!((secs * 1000.0).round() / 1000.0)),
    ];
    match o.end {
        End::Complete => {}
        End::Stopped { at } => fields.push(("stopped_at", at.into())),
        End::Interrupted { at } => {
            fields.push(("interrupted_at", at.into()));
            if let Some(walked) = o.walked {
                fields.push(("walked", walked.into()));
            }
        }
    }
    fields
}

/// `{"seed", "offset"}`, and `int_seed` for a signed seed kind.
pub fn hit_json(h: &Hit, kind: SeedKind) -> serde_json::Value {
    match kind.signed(h.seed) {
        Some(s) => json!({"seed": h.seed, "int_seed": s, "offset": h.offset}),
        None => json!({"seed": h.seed, "offset": h.offset}),
    }
}

/// `seed S offset K` lines, the seed in the game's notation (signed for C#
/// `int` seeds: `seed -31337`, not its pattern `4294935959`).
pub fn print_hits(out: &mut impl Write, hits: &[Hit], kind: SeedKind) -> std::io::Result<()> {
    for h in hits {
        match kind.signed(h.seed) {
            Some(s) => writeln!(out, "seed {s} offset {}", h.offset)?,
            None => writeln!(out, "seed {} offset {}", h.seed, h.offset)?,
        }
    }
    out.flush()
}

/// Print the summary (stderr) and, with `--json`, the whole answer (stdout);
/// exit 1 when nothing was found in a complete search (`none`: the message
/// for that) or when interrupted.
#[allow(clippy::too_many_arguments)]
fn report(
    args: &Common,
    range: Option<&str>,
    sharded: &search::Seeds,
    query: &str,
    out: &mut impl Write,
    o: &Found,
    space: u64,
    none: Option<String>,
) -> Outcome {
    let secs = o.elapsed.as_secs_f64();
    if args.count && !args.json {
        writeln!(out, "{}", count_line(o, args.max_offset.unwrap_or(0)))?;
    }
    if args.json {
        let mut obj = serde_json::Map::new();
        for (k, v) in search_json(o, args.kind) {
            if args.count && k == "hits" {
                // Counted, not kept: the count in the hits' place.
                obj.insert("count".into(), o.count.seeds.into());
                obj.insert("hit_count".into(), o.count.hits.into());
                continue;
            }
            obj.insert(k.into(), v);
        }
        for (k, v) in sharded.json_fields(query) {
            obj.insert(k.into(), v);
        }
        writeln!(out, "{}", serde_json::Value::Object(obj))?;
    }
    if o.searched > 0 {
        crate::summary!(
            "{}searched {} in {secs:.1} s ({})",
            sharded.label(),
            search::seeds(o.searched),
            search::rate(o.searched, secs)
        );
    }
    match o.end {
        End::Stopped { at } => {
            // Part of the answer (the hits are not all of them): printed
            // even under --quiet.
            if o.hits.last().is_some_and(|h| h.seed == at) {
                // The last seed printed has more hits than fitted: resuming
                // from it would print the same hits again.
                crate::say!(
                    "{}stopped at --max-hits {}: seed {at} has more hits (offsets) than fitted; every seed \
                     below it was searched and its hits printed; raise --max-hits to see all of seed {at}'s",
                    sharded.label(),
                    args.max_hits
                );
            } else {
                let go_on = match sharded.shard {
                    Some(s) => format!("raise --max-hits and run shard {s} again"),
                    None => format!("{} (or raise --max-hits)", sharded.resume(at, range, space)),
                };
                crate::say!(
                    "{}stopped at --max-hits {}: every seed below {at} was searched and its hits printed; \
                     to go on, {go_on}",
                    sharded.label(),
                    args.max_hits,
                );
            }
            Ok(())
        }
        End::Interrupted { at } => Err(Failure::Interrupted(match o.walked {
            // A walk searches no seeds: it says how far back it walked, and
            // its hits printed are every one at those offsets.
            Some(walked) => format!(
                "{}interrupted after walking back {walked} words: the hits printed are every one \
                 at offsets 0..{walked} (run it again to walk to the bound)",
                sharded.label()
            ),
            None => sharded.interrupted(o.searched, at, range, space),
        })),
        // A shard searched whole has done its job, hits or not (exit 0, so
        // a job array does not count it failed): the merge gives the answer.
        End::Complete if o.count.hits == 0 && sharded.shard.is_some() => {
            crate::summary!(
                "{}no hits; searched whole (merge the shards' --json answers for the search's answer)",
                sharded.label()
            );
            Ok(())
        }
        End::Complete if o.count.hits == 0 => Err(Failure::Different(none.unwrap_or_else(|| {
            let offsets = match args.max_offset.unwrap_or(0) {
                0 => "offset 0".to_string(),
                k => format!("offsets 0..={k}"),
            };
            format!(
                "no seed produces these values at {offsets}: {} of the range {} \
                     searched (--max-offset looks further into each stream)",
                if o.searched == 1 {
                    "the 1 seed".to_string()
                } else {
                    format!("all {} seeds", o.searched)
                },
                if o.searched == 1 { "was" } else { "were" }
            )
        }))),
        End::Complete => Ok(()),
    }
}

/// `--count-matches`'s line: `N seeds match` over the part searched (all of the
/// range, or below the stop when interrupted), with the hits when a seed
/// can hit at several offsets.
fn count_line(o: &Found, max_offset: u64) -> String {
    let c = o.count;
    let seeds = if c.seeds == 1 {
        "1 seed matches".to_string()
    } else {
        format!("{} seeds match", c.seeds)
    };
    let hits = if max_offset > 0 {
        format!(
            " ({} hit{} at offsets 0..={max_offset})",
            c.hits,
            if c.hits == 1 { "" } else { "s" }
        )
    } else {
        String::new()
    };
    match o.end {
        End::Interrupted { at } => {
            format!("{seeds}{hits} below seed {at} (counting was interrupted there)")
        }
        _ => format!("{seeds}{hits}"),
    }
}
