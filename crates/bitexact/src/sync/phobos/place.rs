//! A Phobos log placed in its seed's scenario stream (SPEC 12.1, with a seed).
//!
//! The scenario stream is `Random2Class(seed)` (cursors 0 and 103). The
//! first call's position `p` (draws before it) must put the stream's
//! `Index1` where the log says after the call's own draws; every later call
//! must make the draws its cursors say: 1 for `Single`, for `Ranged` what
//! SPEC 4's ranged rule makes on the replayed words (0 when `Min == Max`).
//! Every `p` up to the bound is tried; one survivor is "consistent", several
//! "ambiguous" (the log does not pin its position — a log of `Single` calls
//! never can), none a divergence at the call the best placement fails.

use super::ring::{calls, context, current_game, Call, Entry, Log, RANGED_FN};
use crate::json::Json;
use crate::sync::error::SyncError;
use crate::sync::format::Info;
use crate::sync::options::Options;
use crate::sync::report::{Report, MAX_CHANCE};
use crate::westwood::{Pick, Random2};
use std::vec::Vec;

/// The scenario stream's words, generated on demand and dropped behind.
struct Words {
    gen: Random2,
    base: u64,
    buf: Vec<i32>,
}

impl Words {
    fn new(seed: u32) -> Self {
        Self {
            gen: Random2::new(seed),
            base: 0,
            buf: Vec::new(),
        }
    }

    /// Draw number `d` (0-based: the word the `d + 1`-th raw draw returns).
    fn get(&mut self, d: u64) -> i32 {
        while d >= self.base + self.buf.len() as u64 {
            self.buf.push(self.gen.raw());
        }
        self.buf[(d - self.base) as usize]
    }

    /// Forget the words before draw `d`.
    fn trim(&mut self, d: u64) {
        let drop = d.saturating_sub(self.base) as usize;
        if drop >= 1 << 16 && drop <= self.buf.len() {
            self.buf.drain(..drop);
            self.base += drop as u64;
        }
    }

    /// The draws `e` makes at draw `pos`: 1 for `Single`; for `Ranged` the
    /// ranged rule's (`None` for a range the original spins on for ever).
    fn draws(&mut self, e: &Entry, pos: u64) -> Option<u32> {
        if !e.ranged {
            return Some(1);
        }
        let pick = Pick::<Random2>::new(e.min, e.max).ok()?;
        if !pick.spends_draws() {
            return Some(0);
        }
        let mut k = 0u32;
        loop {
            let w = self.get(pos + u64::from(k));
            k += 1;
            if (w & pick.mask()) <= pick.span() {
                return Some(k);
            }
            if k >= 4096 {
                return None;
            }
        }
    }
}

/// How far the calls fit from draw `p`.
struct Fit {
    /// Calls that fit.
    depth: usize,
    /// The draw the failing call starts at.
    pos: u64,
    /// What the replay makes there (`None`: a range it cannot draw).
    replay: Option<u32>,
    /// The draw after the first call's own draws (where the first checked
    /// count starts).
    after_first: u64,
}

fn fit(words: &mut Words, es: &[Entry], cs: &[Call], p: u64) -> Fit {
    let mut pos = p;
    let mut after_first = p;
    for (i, c) in cs.iter().enumerate() {
        let e = &es[c.last];
        let r = words.draws(e, pos);
        let ok = match (r, c.logged) {
            (None, _) => false,
            (Some(r), Some(l)) => r % 250 == l,
            (Some(r), None) if i == 0 => (pos + u64::from(r)) % 250 == u64::from(e.index1),
            (Some(r), None) => {
                // After a numbering gap: the missing lines' draws, mod 250.
                let want = (u64::from(e.index1) + 250 * 250 - (pos + u64::from(r)) % 250) % 250;
                pos += want;
                true
            }
        };
        if !ok {
            return Fit {
                depth: i,
                pos,
                replay: r,
                after_first,
            };
        }
        pos += u64::from(r.unwrap_or(0));
        if i == 0 {
            after_first = pos;
        }
    }
    Fit {
        depth: cs.len(),
        pos,
        replay: None,
        after_first,
    }
}

/// Check `log` against seed `seed`'s scenario stream.
///
/// The whole dump is placed first. When it does not fit and the frames and
/// cursors restart somewhere (a new game in the same session: Phobos never
/// clears the ring), the calls from there are placed as a new game: at the
/// seed's first draws (a freshly seeded scenario stream's first calls are
/// logged), never anywhere in the stream, so a frame drop cannot hide a
/// divergence.
pub(crate) fn check(
    log: &Log,
    seed: u32,
    max: u64,
    options: &Options,
) -> Result<Report, SyncError> {
    let (start, drops) = current_game(&log.entries);
    let mut notes: Vec<std::string::String> = log.notes.clone();
    notes.extend(drops);
    let with_log = |mut r: Report| {
        r.extra.push(("log", Json::from(log.index)));
        r.extra.push(("logs", Json::from(log.of)));
        r
    };
    let whole = place(log.format, &log.entries, seed, max, options, &notes)?;
    if start == 0 || whole.consistent {
        return Ok(with_log(whole));
    }
    let number = log.entries[start].number;
    notes.push(std::format!(
        "the frames and cursors restart at entry #{number:05} (a new game in the same session; Phobos never clears the ring): the entries before it are from an earlier game and are not checked; the new game is placed at seed {seed}'s first draws"
    ));
    let game = place(
        log.format,
        &log.entries[start..],
        seed,
        u64::from(FRESH_DRAWS),
        options,
        &notes,
    )?;
    Ok(with_log(game))
}

/// A new game's first logged call starts within this many draws of the
/// seeding (its own draws are not in the log).
const FRESH_DRAWS: u8 = 16;

/// Two logs placed against one seed, then aligned: `a`'s placement when it
/// does not fit, else `b`'s (its summary saying it is the second `what`'s)
/// when that does not, else `align`'s answer.
pub(crate) fn both(
    a: Report,
    b: impl FnOnce() -> Result<Report, SyncError>,
    what: &str,
    align: impl FnOnce() -> Result<Report, SyncError>,
) -> Result<Report, SyncError> {
    if !a.consistent {
        return Ok(a);
    }
    let mut b = b()?;
    if !b.consistent {
        b.summary = std::format!("the second {what}: {}", b.summary);
        return Ok(b);
    }
    align()
}

/// Place the entries `es` with the first call at draws `0..=max`.
fn place(
    format: &'static Info,
    es: &[Entry],
    seed: u32,
    max: u64,
    options: &Options,
    notes: &[std::string::String],
) -> Result<Report, SyncError> {
    let mut report = Report::new(format);
    report.details.extend(notes.iter().cloned());
    let divergence =
        |e: &Entry, at: usize, logged: std::string::String, expected: std::string::String| {
            e.divergence(options.names.as_ref(), logged, expected, context(es, at))
        };
    if let Some(i) = es
        .iter()
        .position(|e| (i32::from(e.index2) - i32::from(e.index1)).rem_euclid(250) != 103)
    {
        let e = &es[i];
        report.summary = std::format!(
            "divergence: entry #{:05}'s cursors are not 103 apart, so they are not a Random2Class stream seeded as the scenario stream is (a corrupted line, or another generator)",
            e.number
        );
        report.first_divergence = Some(divergence(
            e,
            i,
            std::format!("Index1 {} Index2 {}", e.index1, e.index2),
            std::format!(
                "Index2 = Index1 + 103 (mod 250) = {}",
                (u32::from(e.index1) + 103) % 250
            ),
        ));
        report.checked = i as u64;
        return Ok(report);
    }
    let cs = calls(es, options.ranged_fn.unwrap_or(RANGED_FN));
    // The inner-draw form: each inner Single is one `Random()` call (one
    // draw) and the Ranged line after them makes none of its own.
    let step = |k: usize| (i32::from(es[k].index1) - i32::from(es[k - 1].index1)).rem_euclid(250);
    for c in cs.iter().filter(|c| c.first < c.last) {
        for (k, e) in es.iter().enumerate().take(c.last + 1).skip(c.first.max(1)) {
            let want = if k == c.last { 0 } else { 1 };
            if step(k) != want {
                report.summary = std::format!(
                    "divergence: entry #{:05} is inside a ranged call logged in the inner-draw form (Single lines from inside RandomRanged, then the Ranged line), where each Single makes 1 draw and the Ranged line none; its cursors moved {}",
                    e.number,
                    step(k)
                );
                report.first_divergence = Some(divergence(
                    e,
                    k,
                    std::format!(
                        "{}: {} by its cursors",
                        e.describe(),
                        draws(i64::from(step(k)))
                    ),
                    std::format!("{want} draw{}", if want == 1 { "" } else { "s" }),
                ));
                report.checked = k as u64;
                return Ok(report);
            }
        }
    }
    let mut words = Words::new(seed);
    let mut survivors: Vec<u64> = Vec::new();
    let mut count = 0u64;
    // Whether every placement puts the second call at the same draw.
    let mut converge: Option<(u64, bool)> = None;
    let mut best: Option<(usize, u64)> = None;
    let mut best_ties = 0u64;
    for p in 0..=max {
        options.stop_at(p)?;
        words.trim(p);
        let f = fit(&mut words, es, &cs, p);
        if f.depth == cs.len() {
            count += 1;
            converge = match converge {
                None => Some((f.after_first, true)),
                Some((q, same)) => Some((q, same && q == f.after_first)),
            };
            if survivors.len() < 8 {
                survivors.push(p);
            }
        } else {
            match best {
                Some((d, _)) if d > f.depth => {}
                Some((d, _)) if d == f.depth => best_ties += 1,
                _ => {
                    best = Some((f.depth, p));
                    best_ties = 1;
                }
            }
        }
    }
    let total_entries = es.len();
    let (a, b) = (es[0].number, es[total_entries - 1].number);
    report.extra.push(("seed", Json::from(seed)));
    report.extra.push(("entries", Json::from(total_entries)));
    report.extra.push(("calls", Json::from(cs.len())));
    report.extra.push(("max_draws", Json::from(max)));
    let converged = count > 1 && cs.len() > 1 && matches!(converge, Some((_, true)));
    if count == 1 || converged {
        let p = survivors[0];
        if converged {
            let q = converge.map_or(p, |c| c.0);
            report.details.push(std::format!(
                "call #{a:05}'s own start is one of {count} draws ({}): it is the oldest entry, so no cursor before it says how many draws it made (a Ranged call that rejected, or a run of inner Single lines cut by the ring); every later call is placed exactly, from draw {q}",
                survivors.iter().map(|p| std::format!("{p}")).collect::<Vec<_>>().join(", ")
            ));
            report
                .extra
                .push(("first_call_starts", Json::from(survivors.clone())));
        }
        let end = fit(&mut words_at(seed, p), es, &cs, p).pos;
        let chance = chance_fit(es, &cs, max);
        report.extra.push(("chance", Json::from(chance)));
        report.extra.push(("draws", Json::from(end - p)));
        report.checked = cs.len() as u64;
        if chance > MAX_CHANCE {
            report.summary = std::format!(
                "not sure: calls #{a:05}..#{b:05} fit seed {seed}'s stream at draw {p} only, but a log with so few telling calls fits an unrelated stream somewhere within draws 0..={max} with chance about {:.1e}: it does not show the log is seed {seed}'s",
                chance.min(1.0)
            );
            report.details.push(
                "only Ranged calls that can reject tell placements apart (a Single call or a range that never rejects fits anywhere); a longer log, or a smaller draw bound when the position is known roughly, settles it".into(),
            );
            return Ok(report);
        }
        report.consistent = true;
        report.position = Some(p);
        report.summary = std::format!(
            "consistent: calls #{a:05}..#{b:05} ({} calls) are draws {p}..{} of seed {seed}'s scenario stream (the only placement within draws 0..={max}{}; an unrelated stream would fit with chance {chance:.1e})",
            cs.len(),
            end.saturating_sub(1),
            if converged { ", up to the first call's own start" } else { "" }
        );
        return Ok(report);
    }
    if count > 1 {
        let list: Vec<std::string::String> =
            survivors.iter().map(|p| std::format!("{p}")).collect();
        report.ambiguous = Some(count);
        report.checked = cs.len() as u64;
        report.summary = std::format!(
            "not placed: {count} placements of calls #{a:05}..#{b:05} fit seed {seed}'s stream within draws 0..={max} (at draws {}{}); the log does not pin its position (Single calls always fit, only Ranged calls' rejections tell placements apart)",
            list.join(", "),
            if count > 8 { ", …" } else { "" }
        );
        report.extra.push(("placements", Json::from(survivors)));
        return Ok(report);
    }
    let (depth, p) = best.unwrap_or((0, 0));
    let f = fit(&mut words_at(seed, p), es, &cs, p);
    let c = cs[depth];
    let e = &es[c.last];
    let logged = match c.logged {
        Some(l) => std::format!("{}: {} by its cursors", e.describe(), draws(l.into())),
        None => std::format!("{}: cursors after its draws", e.describe()),
    };
    let expected = match f.replay {
        Some(r) => std::format!(
            "{r} draw{} at draw {} of seed {seed}'s stream (placement at draw {p})",
            if r == 1 { "" } else { "s" },
            f.pos
        ),
        None => std::format!(
            "a range the original cannot draw (it spins for ever), at draw {}",
            f.pos
        ),
    };
    report.first_divergence = Some(divergence(e, c.last, logged, expected));
    report.checked = depth as u64;
    report.position = None;
    // Does trusting the log's count for this call realign the rest?
    if let (Some(l), Some(r)) = (c.logged, f.replay) {
        let mut w = words_at(seed, p);
        let resumed = fit_from(&mut w, es, &cs, depth + 1, f.pos + u64::from(l));
        if resumed == cs.len() {
            let k = i64::from(l) - i64::from(r);
            report.shift = Some(k);
            report.details.push(if e.ranged {
                std::format!(
                    "the rest (calls after #{:05}) fits the stream when this call makes the {} its cursors say, not the {r} its logged range makes: either its range is not what the game drew with, or the game made {} the log does not show before it (shift {k})",
                    e.number,
                    draws(l.into()),
                    draws(k)
                )
            } else {
                std::format!(
                    "the rest (calls after #{:05}) fits the stream: a Single call makes 1 draw and its cursors moved {l}, so the game made {} draw{} the log does not show before it (shift {k})",
                    e.number,
                    if k >= 0 { std::format!("{k}") } else { std::format!("{k} (a line with no draw behind it)") },
                    if k.abs() == 1 { "" } else { "s" }
                )
            });
        }
    }
    report.summary = std::format!(
        "divergence: no placement within draws 0..={max} of seed {seed}'s stream fits all calls #{a:05}..#{b:05}; the best ({best_ties} placement{} from draw {p}) fits {depth} of {} calls and parts at entry #{:05}",
        if best_ties == 1 { "" } else { "s, the first" },
        cs.len(),
        e.number
    );
    if depth * 2 < cs.len() && report.shift.is_none() {
        report.details.push(std::format!(
            "no placement fits even half of the calls: the log is probably not from seed {seed}'s scenario stream, or starts beyond draw {max}"
        ));
    }
    Ok(report)
}

/// A bound on the expected number of placements of `cs` an unrelated
/// stream gives within draws `0..=max`.
///
/// One candidate position in 250 passes the first call's cursor. Each later
/// Ranged call that can reject matches its logged count `L` with
/// probability `(1 − q)^(L−1) · q` on independent words, where
/// `q = (span + 1) / (mask + 1)` is a word's chance to be accepted. Words of
/// one stream are not independent far apart: every Random2 stream obeys
/// `x[n] = x[n−250] ⊕ x[n−147]`, so calls placed on that lattice tell far
/// less than the product says. Any 250 consecutive words are independent
/// (they are the table), so only the calls inside the most telling window
/// of 250 draws are counted: a bound that holds whatever the spacing.
fn chance_fit(es: &[Entry], cs: &[Call], max: u64) -> f64 {
    // (start relative to the second call, draws, −ln P) per call; a
    // numbering gap loses the positions, so it starts a new run.
    let mut runs: Vec<Vec<(u64, u64, f64)>> = std::vec![Vec::new()];
    let mut at = 0u64;
    for c in cs.iter().skip(1) {
        let Some(l) = c.logged else {
            runs.push(Vec::new());
            at = 0;
            continue;
        };
        let e = &es[c.last];
        let mut info = 0.0;
        if let (true, Ok(pick)) = (e.ranged, Pick::<Random2>::new(e.min, e.max)) {
            let q = (f64::from(pick.span()) + 1.0) / (f64::from(pick.mask() as u32) + 1.0);
            if pick.spends_draws() && l > 0 && q < 1.0 {
                info = -(f64::from(l - 1) * (1.0 - q).ln() + q.ln());
            }
        }
        if let Some(run) = runs.last_mut() {
            run.push((at, u64::from(l), info));
        }
        at += u64::from(l);
    }
    let mut best = 0.0f64;
    for run in &runs {
        let (mut lo, mut sum) = (0usize, 0.0f64);
        for hi in 0..run.len() {
            sum += run[hi].2;
            while run[hi].0 + run[hi].1 > run[lo].0 + 250 {
                sum -= run[lo].2;
                lo += 1;
            }
            best = best.max(sum);
        }
    }
    (((max + 1) as f64 / 250.0).max(1.0).ln() - best).exp()
}

/// The stream from draw `start` on (the draws before it skipped, never
/// held: a re-fit far into the stream stays in bounded memory).
fn words_at(seed: u32, start: u64) -> Words {
    let mut gen = Random2::new(seed);
    gen.discard(start);
    Words {
        gen,
        base: start,
        buf: Vec::new(),
    }
}

/// Calls `from..` fitted from draw `pos` (the first of them checked by its
/// logged count): how many fit.
fn fit_from(words: &mut Words, es: &[Entry], cs: &[Call], from: usize, pos: u64) -> usize {
    if from >= cs.len() {
        return cs.len();
    }
    // Start the walk at `pos`, treating the calls before `from` as spent.
    let mut at = pos;
    for (i, c) in cs.iter().enumerate().skip(from) {
        let e = &es[c.last];
        let Some(r) = words.draws(e, at) else {
            return i;
        };
        match c.logged {
            Some(l) if r % 250 != l => return i,
            Some(_) => {}
            None => {
                let want = (u64::from(e.index1) + 250 * 250 - (at + u64::from(r)) % 250) % 250;
                at += want;
            }
        }
        at += u64::from(r);
    }
    cs.len()
}

/// `N draws`, or `1 draw`.
fn draws(n: i64) -> std::string::String {
    std::format!("{n} draw{}", if n == 1 { "" } else { "s" })
}
