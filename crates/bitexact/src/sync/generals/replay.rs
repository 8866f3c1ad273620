//! A Generals log replayed from its seed (SPEC 12.3); on the first
//! mismatch, the shifts that realign the next lines, one named only when it
//! is the only fit. Two logs are compared in `compare.rs`.

use super::info::GENERALS;
use super::log::{Item, Kind, Reader, LOOKAHEAD};
use super::stream::marker;
use crate::generals::GameRandom;
use crate::json::Json;
use crate::sync::error::SyncError;
use crate::sync::report::{Divergence, Report};
use std::string::String;
use std::vec::Vec;

/// How many int lines of `items` a generator at `g` checks, and whether
/// all match (`None` on the first mismatch).
fn verify(mut g: GameRandom, items: &[Item]) -> Option<usize> {
    let mut ints = 0;
    for it in items {
        match it.kind {
            // A peek checks the next draw and leaves it.
            Kind::Peek { value, lo, hi } => {
                if !int_matches(g.clone().next_u32(), value, lo, hi) {
                    return None;
                }
            }
            Kind::PeekReal(_) | Kind::Init(_) => {}
            Kind::Int { value, lo, hi } => {
                if !int_matches(g.next_u32(), value, lo, hi) {
                    return None;
                }
                ints += 1;
            }
            Kind::Real(_) => {
                g.next_u32();
            }
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

/// The fewest bits the int lines must carry (Σ log2(hi − lo + 1)) for a
/// replay to be called consistent: an unrelated stream matches `b` bits
/// with chance 2^−b, and 2^−13.3 is the 10^−4 every check here holds to.
const MIN_BITS: f64 = 13.3;

/// A replay of one log's stream: its generator, re-seeded by `InitRandom`
/// lines, and the counts of what it checked.
///
/// The generator's low bits barely depend on the seed's high bits (its
/// words start at seed + constant and step by add-with-carry), so lines of
/// power-of-two ranges replay alike from seeds differing in high bits. Each
/// segment is also replayed from the 32 seeds one bit away from its own:
/// one that still replays the whole segment means the lines do not pin the
/// seed.
pub(super) struct Replayer {
    seed: Option<u32>,
    g: Option<GameRandom>,
    seeded_by: String,
    drawn: u64,
    ints: u64,
    reals: u64,
    /// `Unchanged` lines (peeks).
    peeks: u64,
    inits: u64,
    bits: f64,
    /// The seed of this segment and its one-bit neighbours still replaying.
    segment: Option<(u32, u64)>,
    near: Vec<(u32, GameRandom)>,
    doubt: Option<String>,
    pub(super) notes: Vec<String>,
}

/// A line the replay does not give.
pub(super) struct Mismatch {
    /// The generator before the line's draw.
    before: GameRandom,
    /// What the replay gives there.
    expected: String,
}

impl Replayer {
    pub(super) fn new(seed: Option<u32>) -> Self {
        let mut r = Self {
            seed,
            g: seed.map(GameRandom::new),
            seeded_by: seed.map_or(String::new(), |s| std::format!("seed {s:#010x}")),
            drawn: 0,
            ints: 0,
            reals: 0,
            peeks: 0,
            inits: 0,
            bits: 0.0,
            segment: None,
            near: Vec::new(),
            doubt: None,
            notes: Vec::new(),
        };
        if let Some(s) = seed {
            r.start_segment(s, 0);
        }
        r
    }

    /// A new seeding (`line`: where, 0 for the seed given): the segment
    /// before it is judged, its one-bit neighbours start.
    fn start_segment(&mut self, seed: u32, line: u64) {
        self.end_segment();
        self.segment = Some((seed, line));
        self.near = (0..32)
            .map(|b| seed ^ (1 << b))
            .map(|s| (s, GameRandom::new(s)))
            .collect();
    }

    fn end_segment(&mut self) {
        if let (Some((seed, line)), Some((other, _))) = (self.segment, self.near.first()) {
            if self.drawn > 0 && self.doubt.is_none() {
                let from = if line == 0 {
                    std::format!("seed {seed:#010x}")
                } else {
                    std::format!("InitRandom {seed:08x} (line {line})")
                };
                self.doubt = Some(std::format!(
                    "the lines after {from} would replay exactly from seed {other:#010x} too (one bit away): this generator's low bits barely depend on the seed's high bits, and these ranges do not tell the seeds apart"
                ));
            }
        }
        self.near.clear();
    }

    /// Whether the int lines carry too few bits for a replay that matched
    /// every line to mean anything (`Some(why)`), and whether a seed one
    /// bit away replays them too (the second: the lines do not pin the
    /// seed; still true that they replay from it).
    pub(super) fn judge(&mut self) -> (Option<String>, Option<String>) {
        self.end_segment();
        let few = (self.bits < MIN_BITS).then(|| {
            std::format!(
                "the int lines carry {:.1} bits (Σ log2 of their range sizes): an unrelated stream matches them with chance {:.1e}",
                self.bits,
                (-self.bits).exp2()
            )
        });
        (few, self.doubt.clone())
    }

    /// Replay one item. Errors: a draw line before any seed.
    pub(super) fn feed(
        &mut self,
        it: &Item,
        r: &Reader<'_>,
    ) -> Result<Option<Mismatch>, SyncError> {
        let (value, lo, hi) = match it.kind {
            Kind::Init(s) => {
                if let Some(given) = self.seed.filter(|&given| given != s) {
                    self.notes.push(std::format!(
                        "line {}: InitRandom {s:08x} re-seeds the stream (the log's seed, not the {given:#010x} given)",
                        it.line
                    ));
                }
                self.g = Some(GameRandom::new(s));
                self.start_segment(s, it.line);
                self.seeded_by = std::format!("InitRandom {s:08x} (line {})", it.line);
                self.inits += 1;
                self.drawn = 0;
                return Ok(None);
            }
            Kind::Real(_) | Kind::PeekReal(_) => (0, 0, 0),
            Kind::Int { value, lo, hi } | Kind::Peek { value, lo, hi } => (value, lo, hi),
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
        if !it.kind.draws() {
            return Ok(self.peek(it, before));
        }
        let d = g.next_u32();
        self.drawn += 1;
        let is_int = matches!(it.kind, Kind::Int { .. });
        self.near.retain_mut(|(_, n)| {
            let w = n.next_u32();
            !is_int || int_matches(w, value, lo, hi)
        });
        if !is_int {
            self.reals += 1;
            return Ok(None);
        }
        self.ints += 1;
        if int_matches(d, value, lo, hi) {
            let size = hi.wrapping_sub(lo).wrapping_add(1) as u32;
            self.bits += f64::from(size).log2();
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

    /// An `Unchanged` line: the next draw checked without taking it (a
    /// real peek is counted, not checked). Its bits are not counted: the
    /// draw it peeks at is the next call's too.
    fn peek(&mut self, it: &Item, g: GameRandom) -> Option<Mismatch> {
        self.peeks += 1;
        let Kind::Peek { value, lo, hi } = it.kind else {
            return None;
        };
        self.near
            .retain(|(_, n)| int_matches(n.clone().next_u32(), value, lo, hi));
        let d = g.clone().next_u32();
        if int_matches(d, value, lo, hi) {
            return None;
        }
        let dd = hi.wrapping_sub(lo).wrapping_add(1) as u32;
        let expected = if dd == 0 {
            "no line: a call with hi − lo + 1 = 0 draws nothing and logs nothing".into()
        } else {
            std::format!(
                "{} ({lo} - {hi}): a peek at draw {}, {d:#010x}, which it does not take",
                ((d % dd) as i32).wrapping_add(lo),
                self.drawn + 1
            )
        };
        Some(Mismatch {
            before: g,
            expected,
        })
    }

    fn lines(&self) -> u64 {
        self.ints + self.reals + self.peeks
    }
}

/// Fill `report` with the divergence at `it` (read from `r`), and the
/// shifts of up to `max_shift` draws that realign the next lines.
pub(super) fn explain(
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
    let mut report = Report::new(&GENERALS);
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
    report.checked = rp.lines();
    let (ints, reals) = (rp.ints, rp.reals);
    report.extra.push(("bits", Json::from(rp.bits)));
    let (few, near) = rp.judge();
    if let Some(why) = few {
        report.summary = std::format!(
            "not sure: {who}'s {} {} lines replay exactly, but {why}",
            ints + reals,
            stream.name()
        );
        report.extra.push(("stream", Json::from(stream.name())));
        return Ok(report);
    }
    report.extra.push(("pins_seed", Json::from(near.is_none())));
    if let Some(why) = near {
        report
            .details
            .push(std::format!("the seed is not pinned: {why}"));
    }
    report.consistent = true;
    report.position = Some(0);
    report.summary = std::format!(
        "consistent: {who}'s {} {} lines replay exactly ({ints} int values checked, {reals} real lines counted but not checked: they do not carry their bounds{}){}{}",
        ints + reals + rp.peeks,
        stream.name(),
        if rp.peeks > 0 {
            std::format!("; {} Unchanged lines checked as peeks at the next draw, which they do not take", rp.peeks)
        } else {
            String::new()
        },
        if rp.inits > 1 { std::format!("; {} InitRandom re-seedings", rp.inits) } else { String::new() },
        if report.details.iter().any(|d| d.starts_with("the seed is not pinned")) {
            "; they would replay from a seed one bit away too (below)"
        } else {
            ""
        }
    );
    report.extra.push(("stream", Json::from(stream.name())));
    report.extra.push(("ints", Json::from(ints)));
    report.extra.push(("reals", Json::from(reals)));
    report.extra.push(("peeks", Json::from(rp.peeks)));
    report.extra.push(("bytes", Json::from(r.lines.bytes())));
    Ok(report)
}
