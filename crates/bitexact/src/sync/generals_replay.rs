//! The Generals checks (SPEC 12.3): a log replayed from its seed, or two
//! logs compared line by line (each also replayed when a seed is given); on
//! the first mismatch, the shifts that realign the next lines, one named
//! only when it is the only fit.

use super::generals::{marker, Item, Kind, Reader, LOOKAHEAD};
use super::{Divergence, Format, Report, SyncError, Which};
use crate::generals::GameRandom;
use crate::json::Json;
use std::string::String;
use std::vec::Vec;

/// How many int lines of `items` a generator at `g` checks, and whether
/// all match (`None` on the first mismatch).
fn verify(mut g: GameRandom, items: &[Item]) -> Option<usize> {
    let mut ints = 0;
    for it in items {
        let d = g.next_u32();
        if let Kind::Int { value, lo, hi } = it.kind {
            if !int_matches(d, value, lo, hi) {
                return None;
            }
            ints += 1;
        }
    }
    Some(ints)
}

fn int_matches(draw: u32, value: i32, lo: i32, hi: i32) -> bool {
    let d = hi.wrapping_sub(lo).wrapping_add(1) as u32;
    d != 0 && ((draw % d) as i32).wrapping_add(lo) == value
}

/// The fewest int lines a realignment must check (or all that remain).
const MIN_VERIFY: usize = 8;

/// A replay of one log's stream: its generator, re-seeded by `InitRandom`
/// lines, and the counts of what it checked.
struct Replayer {
    seed: Option<u32>,
    g: Option<GameRandom>,
    seeded_by: String,
    drawn: u64,
    ints: u64,
    reals: u64,
    inits: u64,
    notes: Vec<String>,
}

/// A line the replay does not give.
struct Mismatch {
    /// The generator before the line's draw.
    before: GameRandom,
    /// What the replay gives there.
    expected: String,
}

impl Replayer {
    fn new(seed: Option<u32>) -> Self {
        Self {
            seed,
            g: seed.map(GameRandom::new),
            seeded_by: seed.map_or(String::new(), |s| std::format!("seed {s:#010x}")),
            drawn: 0,
            ints: 0,
            reals: 0,
            inits: 0,
            notes: Vec::new(),
        }
    }

    /// Replay one item. Errors: a draw line before any seed.
    fn feed(&mut self, it: &Item, r: &Reader<'_>) -> Result<Option<Mismatch>, SyncError> {
        let (value, lo, hi) = match it.kind {
            Kind::Init(s) => {
                if let Some(given) = self.seed.filter(|&given| given != s) {
                    self.notes.push(std::format!(
                        "line {}: InitRandom {s:08x} re-seeds the stream (the log's seed, not the {given:#010x} given)",
                        it.line
                    ));
                }
                self.g = Some(GameRandom::new(s));
                self.seeded_by = std::format!("InitRandom {s:08x} (line {})", it.line);
                self.inits += 1;
                self.drawn = 0;
                return Ok(None);
            }
            Kind::Real(_) => (0, 0, 0),
            Kind::Int { value, lo, hi } => (value, lo, hi),
        };
        let Some(g) = self.g.as_mut() else {
            return Err(SyncError::at(
                it.line,
                r.recent.back().map_or("", |s| s.as_str()),
                "a random-value line before any InitRandom line, and no seed given",
            )
            .of(r.which));
        };
        let before = *g;
        let d = g.next_u32();
        self.drawn += 1;
        if let Kind::Real(_) = it.kind {
            self.reals += 1;
            return Ok(None);
        }
        self.ints += 1;
        if int_matches(d, value, lo, hi) {
            return Ok(None);
        }
        let dd = hi.wrapping_sub(lo).wrapping_add(1) as u32;
        let expected = if dd == 0 {
            "no line: a call with hi − lo + 1 = 0 draws nothing and logs nothing".into()
        } else {
            std::format!(
                "{} ({lo} - {hi}): draw {} since {} is {d:#010x}",
                ((d % dd) as i32).wrapping_add(lo),
                self.drawn,
                self.seeded_by
            )
        };
        Ok(Some(Mismatch { before, expected }))
    }

    fn lines(&self) -> u64 {
        self.ints + self.reals
    }
}

/// Fill `report` with the divergence at `it` (read from `r`), and the
/// shifts of up to `max_shift` draws that realign the next lines.
fn explain(
    report: &mut Report,
    r: &mut Reader<'_>,
    it: Item,
    m: Mismatch,
    max_shift: u64,
    who: &str,
    checked: u64,
) -> Result<(), SyncError> {
    let stream = r.stream;
    report.first_divergence = Some(Divergence {
        line: Some(it.line),
        frame: Some(it.frame),
        file: Some(it.file.clone()),
        source_line: Some(it.source_line),
        logged: it.describe(stream),
        expected: m.expected,
        context: r.recent.iter().cloned().collect(),
        ..Divergence::default()
    });
    if who == "B" {
        report.extra.push(("divergence_in", Json::from("b")));
    }
    let line = it.line;
    let mut rest = std::vec![it.clone()];
    rest.extend(r.ahead()?);
    // Every shift is tried; one that fits is reported only when it is the
    // only one (a short or low-entropy look-ahead fits several).
    let mut fits: Vec<(i64, usize)> = Vec::new();
    let shifts = (0..=max_shift as i64).flat_map(|k| {
        if k == 0 {
            std::vec![0]
        } else {
            std::vec![k, -k]
        }
    });
    for k in shifts {
        if k < 0 && (-k) as usize >= rest.len() {
            continue;
        }
        // k = 0: this line's draw was made, its value differs; k > 0: the
        // game made k draws first; k < 0: the log's next |k| lines are extra.
        let items = match k {
            0 => &rest[1..],
            k if k > 0 => &rest[..],
            k => &rest[(-k) as usize..],
        };
        let mut g0 = m.before;
        g0.discard(if k == 0 { 1 } else { k.max(0) as u64 });
        if let Some(n) = verify(g0, items) {
            let need = MIN_VERIFY.min(
                items
                    .iter()
                    .filter(|i| matches!(i.kind, Kind::Int { .. }))
                    .count(),
            );
            if n >= need.max(1) {
                fits.push((k, n));
            }
        }
    }
    let s = |k: i64| if k.abs() == 1 { "" } else { "s" };
    match fits.as_slice() {
        [(k, n)] => {
            let k = *k;
            report.shift = Some(k);
            report.details.push(match k {
                0 => std::format!("only this line differs: the {n} int lines after it (up to {LOOKAHEAD} lines read) match the replay, and no other shift of up to {max_shift} does"),
                k if k > 0 => std::format!("{who} matches again from line {line} if the game made {k} extra draw{} before it that the log does not show ({n} int lines checked; no other shift of up to {max_shift} fits)", s(k)),
                k => std::format!("{who} matches again if the {} line{} from line {line} are dropped: the log shows {} draw{} the replay does not make ({n} int lines checked; no other shift of up to {max_shift} fits)", -k, s(k), -k, s(k)),
            });
        }
        [] => report.details.push(std::format!(
            "no shift of up to {max_shift} draws realigns the next {} lines",
            rest.len()
        )),
        many => {
            let list: Vec<String> = many.iter().map(|(k, _)| std::format!("{k:+}")).collect();
            report.details.push(std::format!(
                "{} shifts fit the next {} lines equally ({}): too few or too narrow values after the divergence to tell which",
                many.len(),
                rest.len(),
                list.join(", ")
            ));
            report.extra.push((
                "shifts",
                Json::from(many.iter().map(|f| f.0).collect::<Vec<i64>>()),
            ));
        }
    }
    report.checked = checked;
    report.summary = std::format!(
        "divergence: {who}'s line {line} (frame {}, {} line {}) is not the replay's draw",
        it.frame,
        it.file,
        it.source_line
    );
    report.extra.push(("stream", Json::from(stream.name())));
    Ok(())
}

/// One log against its seed (`InitRandom` lines, or `seed` before them).
pub(super) fn replay(
    mut r: Reader<'_>,
    seed: Option<u32>,
    max_shift: u64,
    who: &str,
) -> Result<Report, SyncError> {
    let stream = r.stream;
    let mut report = Report::new(Format::Generals);
    let mut rp = Replayer::new(seed);
    while let Some(it) = r.next()? {
        if let Some(m) = rp.feed(&it, &r)? {
            report.details.append(&mut rp.notes);
            let checked = rp.lines();
            explain(&mut report, &mut r, it, m, max_shift, who, checked)?;
            return Ok(report);
        }
    }
    if rp.lines() == 0 {
        return Err(SyncError::whole(
            Some(r.which),
            std::format!("no {} line: nothing to check", marker(stream)),
        ));
    }
    report.details.append(&mut rp.notes);
    report.consistent = true;
    report.checked = rp.lines();
    report.position = Some(0);
    let (ints, reals) = (rp.ints, rp.reals);
    report.summary = std::format!(
        "consistent: {who}'s {} {} lines replay exactly ({ints} int values checked, {reals} real lines counted but not checked: they do not carry their bounds){}",
        ints + reals,
        stream.name(),
        if rp.inits > 1 { std::format!("; {} InitRandom re-seedings", rp.inits) } else { String::new() }
    );
    report.extra.push(("stream", Json::from(stream.name())));
    report.extra.push(("ints", Json::from(ints)));
    report.extra.push(("reals", Json::from(reals)));
    report.extra.push(("bytes", Json::from(r.lines.bytes())));
    Ok(report)
}

/// Two logs line by line (kind, value, bounds, frame, file and line); with a
/// seed, each is also replayed as it is read, and whichever parts first —
/// a log from its seed, or the logs from each other — is reported.
pub(super) fn compare<'r>(
    mut a: Reader<'r>,
    mut b: Reader<'r>,
    max_shift: u64,
    seed: Option<u32>,
) -> Result<Report, SyncError> {
    let stream = a.stream;
    let mut report = Report::new(Format::Generals);
    let mut reps = seed.map(|s| (Replayer::new(Some(s)), Replayer::new(Some(s))));
    let mut n = 0u64;
    let mut last_frame = i64::MIN;
    loop {
        let (x, y) = (a.next()?, b.next()?);
        if let Some((ra, rb)) = reps.as_mut() {
            for (it, rp, r, who) in [(&x, ra, &mut a, "A"), (&y, rb, &mut b, "B")] {
                let Some(it) = it else { continue };
                if let Some(m) = rp.feed(it, r)? {
                    report.details.append(&mut rp.notes);
                    explain(&mut report, r, it.clone(), m, max_shift, who, n)?;
                    return Ok(report);
                }
            }
        }
        let (x, y) = match (x, y) {
            (None, None) => {
                if n == 0 {
                    return Err(SyncError::whole(
                        None,
                        std::format!(
                            "neither log has a {} line: nothing to compare",
                            marker(stream)
                        ),
                    ));
                }
                report.consistent = true;
                report.checked = n;
                report.summary = std::format!(
                    "consistent: the two logs' {n} {} lines agree{}",
                    stream.name(),
                    if reps.is_some() {
                        " and both replay from the seed"
                    } else {
                        ""
                    }
                );
                return Ok(report);
            }
            (Some(x), Some(y)) if x.same(&y) => {
                n += 1;
                last_frame = x.frame;
                continue;
            }
            (Some(x), Some(y)) => (x, y),
            (Some(first), None) => {
                let rp = reps.as_mut().map(|p| &mut p.0);
                return one_ends(
                    report,
                    first,
                    &mut a,
                    rp,
                    Which::A,
                    n,
                    last_frame,
                    max_shift,
                );
            }
            (None, Some(first)) => {
                let rp = reps.as_mut().map(|p| &mut p.1);
                return one_ends(
                    report,
                    first,
                    &mut b,
                    rp,
                    Which::B,
                    n,
                    last_frame,
                    max_shift,
                );
            }
        };
        parted(&mut report, x, y, &mut a, &mut b, max_shift, n)?;
        return Ok(report);
    }
}

/// One log ends first: the other's further lines in frames up to the last
/// both logged are draws the first did not make; later frames only say
/// that log runs on. With a seed, the lines read past the end are still
/// replayed.
#[allow(clippy::too_many_arguments)]
fn one_ends(
    mut report: Report,
    first: Item,
    r: &mut Reader<'_>,
    mut rp: Option<&mut Replayer>,
    side: Which,
    n: u64,
    last_frame: i64,
    max_shift: u64,
) -> Result<Report, SyncError> {
    let stream = r.stream;
    let name = if side == Which::B { "B" } else { "A" };
    let mut extra = 0u64;
    let mut it = Some(first.clone());
    let mut after = 0u64;
    while let Some(i) = it {
        if let Some(rp) = rp.as_deref_mut() {
            if let Some(m) = rp.feed(&i, r)? {
                report.details.append(&mut rp.notes);
                explain(&mut report, r, i, m, max_shift, name, n)?;
                return Ok(report);
            }
        }
        if i.frame <= last_frame {
            extra += 1;
        } else {
            after += 1;
        }
        it = r.next()?;
    }
    if extra == 0 {
        report.consistent = true;
        report.checked = n;
        report.summary = std::format!(
            "consistent: the two logs' {n} common {} lines agree; {name} runs on for {after} lines past frame {last_frame}, where the other log ends",
            stream.name()
        );
        return Ok(report);
    }
    report.shift = Some(if side == Which::B {
        extra as i64
    } else {
        -(extra as i64)
    });
    report.first_divergence = Some(Divergence {
        line: Some(first.line),
        frame: Some(first.frame),
        file: Some(first.file.clone()),
        source_line: Some(first.source_line),
        logged: std::format!("{name} line {}: {}", first.line, first.describe(stream)),
        expected: std::format!(
            "no such line: the other log ends at frame {last_frame}, agreeing up to here"
        ),
        ..Divergence::default()
    });
    report.extra.push((
        "extra_in",
        Json::from(if side == Which::B { "b" } else { "a" }),
    ));
    report.checked = n;
    report.summary = std::format!(
        "divergence: the logs agree on {n} {} lines, then {name} has {extra} more in frames up to {last_frame}, where the other log ends (line {} of {name})",
        stream.name(),
        first.line
    );
    Ok(report)
}

/// The two logs' lines `x` and `y` differ: name them, and the shifts of up
/// to `max_shift` lines on either side that realign the call sites after.
fn parted(
    report: &mut Report,
    x: Item,
    y: Item,
    a: &mut Reader<'_>,
    b: &mut Reader<'_>,
    max_shift: u64,
    n: u64,
) -> Result<(), SyncError> {
    let stream = a.stream;
    let mut context: Vec<String> = a.recent.iter().map(|l| std::format!("A {l}")).collect();
    if let Some(l) = b.recent.back() {
        context.push(std::format!("B {l}"));
    }
    report.first_divergence = Some(Divergence {
        line: Some(x.line),
        frame: Some(x.frame),
        file: Some(x.file.clone()),
        source_line: Some(x.source_line),
        logged: std::format!("A line {}: {}", x.line, x.describe(stream)),
        expected: std::format!("B line {}: {}", y.line, y.describe(stream)),
        context,
        ..Divergence::default()
    });
    report.extra.push(("line_b", Json::from(y.line)));
    let mut ra: Vec<Item> = std::vec![x];
    ra.extend(a.ahead()?);
    let mut rb: Vec<Item> = std::vec![y];
    rb.extend(b.ahead()?);
    let agree = |p: &[Item], q: &[Item]| {
        let m = p.len().min(q.len());
        m > 0 && p[..m].iter().zip(&q[..m]).all(|(u, v)| u.same_site(v))
    };
    let mut fits: Vec<i64> = Vec::new();
    if ra.len() > 1 && rb.len() > 1 && agree(&ra[1..], &rb[1..]) {
        fits.push(0);
    }
    for k in 1..=max_shift as usize {
        if k < rb.len() && agree(&ra, &rb[k..]) {
            fits.push(k as i64);
        }
        if k < ra.len() && agree(&ra[k..], &rb) {
            fits.push(-(k as i64));
        }
    }
    let s = |k: i64| if k.abs() == 1 { "" } else { "s" };
    report.shift = match fits.as_slice() {
        [k] => Some(*k),
        _ => None,
    };
    report.details.push(match fits.as_slice() {
        [0] => "only this line differs: the call sites after it agree, and no shift does".into(),
        [k] if *k > 0 => std::format!(
            "B has {k} extra draw line{} from its line {}: skipping {} realigns the call sites after it (kind, bounds, frame, file, line), and no other shift does",
            s(*k),
            rb[0].line,
            if *k == 1 { "it" } else { "them" }
        ),
        [k] => std::format!(
            "A has {} extra draw line{} from its line {}: skipping {} realigns the call sites after it (kind, bounds, frame, file, line), and no other shift does",
            -k,
            s(*k),
            ra[0].line,
            if *k == -1 { "it" } else { "them" }
        ),
        [] => std::format!(
            "no shift of up to {max_shift} lines on either side realigns the next lines"
        ),
        many => {
            let list: Vec<String> = many.iter().map(|k| std::format!("{k:+}")).collect();
            std::format!(
                "{} shifts realign the call sites equally ({}): not enough lines after the divergence to tell which, so none is named",
                many.len(),
                list.join(", ")
            )
        }
    });
    report.checked = n;
    report.summary = std::format!(
        "divergence: the logs agree on {n} {} lines, then part",
        stream.name()
    );
    Ok(())
}
