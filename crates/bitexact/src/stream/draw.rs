//! [`Stream`]'s calls: one call, its words, and skips by words or by calls.

use super::{Gen, GeneralsTap, LaigeTap, OpenraTap, Stream, StreamError, Value, WwTap};
use crate::ledger::Call;
use crate::westwood::{Pick, Raw};
use alloc::format;

/// A WWLib tap on a class.
fn ww_call<G: Raw>(g: &mut G, tap: WwTap, float: impl FnOnce(&mut G) -> f32) -> Value {
    match tap {
        WwTap::Raw => Value::I32(g.raw()),
        // The range was checked when the tap was parsed.
        WwTap::Ranged(min, max) => Value::I32(Pick::<G>::new(min, max).map_or(min, |p| p.draw(g))),
        WwTap::Double => Value::F64(crate::westwood::ranged::double(g)),
        WwTap::Float => Value::F32(float(g)),
    }
}

/// Counts a WWLib generator's raw draws.
struct Counting<'a, G> {
    g: &'a mut G,
    draws: &'a mut u64,
}

impl<G: Raw> Raw for Counting<'_, G> {
    const SIGNIFICANT_BITS: u32 = G::SIGNIFICANT_BITS;
    fn raw(&mut self) -> i32 {
        *self.draws += 1;
        self.g.raw()
    }
}

impl Stream {
    /// One call: its value and the raw words (draws) it spent.
    #[allow(clippy::should_implement_trait)] // never ends: not an iterator
    pub fn next(&mut self) -> (Value, u64) {
        let before = self.position();
        let value = match &mut self.gen {
            Gen::Sots(r, call) => match *call {
                Call::U32 => Value::U32(r.next_u32()),
                Call::Unit => Value::F64(r.next_unit()),
                Call::Float => Value::F32(r.next_float()),
                Call::IntInclusive(n) => Value::U32(r.next_int_inclusive(n)),
                Call::Chance(p) => Value::Bool(r.chance(p)),
                Call::FloatRange(lo, hi) => Value::F32(r.float_range(lo, hi)),
                Call::IntRangeBell(lo, hi) => Value::I32(r.int_range_bell(lo, hi)),
                // Not a tap (refused when parsed); spend its words anyway.
                Call::TruncatedNormal(k) => {
                    r.discard(2 * u64::from(k.get()));
                    Value::Bool(false)
                }
            },
            Gen::Laige(p, tap, n) => match *tap {
                LaigeTap::U64 => {
                    *n += 1;
                    Value::U64(p.next_u64())
                }
                LaigeTap::Float01 => {
                    *n += 1;
                    Value::F32(p.next_float01())
                }
                // Checked when parsed: min < max. 1 draw, or more when it
                // rejects (each rejection has probability below 2^-32):
                // counted by walking from the state before.
                LaigeTap::Range(min, max) => {
                    let start = *p;
                    let v = Value::U32(p.next_range(min, max).unwrap_or(min));
                    *n += crate::laige::words_between(&start, p, 4096).unwrap_or(1);
                    v
                }
            },
            Gen::Random(g, tap, n) => {
                let mut c = Counting { g, draws: n };
                ww_call(&mut c, *tap, |_| 0.0)
            }
            Gen::Random3(g, tap, n) => {
                let mut c = Counting { g, draws: n };
                ww_call(&mut c, *tap, |_| 0.0)
            }
            Gen::Random2(g, tap) => ww_call(g, *tap, |_| 0.0),
            Gen::Random4(g, tap) => ww_call(g, *tap, |g| g.get_float()),
            Gen::Openra(m, tap) => match *tap {
                OpenraTap::Next => Value::I32(m.next()),
                // Checked when parsed: high >= low.
                OpenraTap::Range(lo, hi) => Value::I32(m.next_range(lo, hi).unwrap_or(lo)),
                OpenraTap::Float => Value::F32(m.next_float()),
            },
            Gen::Generals(g, tap, n) => {
                let start = *g;
                let v = match *tap {
                    GeneralsTap::Raw => Value::U32(g.next_u32()),
                    GeneralsTap::Value(lo, hi) => Value::I32(g.value(lo, hi)),
                    GeneralsTap::Real(lo, hi) => Value::F32(g.real(lo, hi)),
                };
                // A draw always moves the state; the no-draw edges do not.
                *n += u64::from(*g != start);
                v
            }
        };
        (value, self.position() - before)
    }

    /// The words every call of this tap spends, when rejections cannot make
    /// it vary; `None` otherwise.
    pub fn fixed_words(&self) -> Option<u64> {
        match &self.gen {
            Gen::Sots(_, call) => call.fixed_words(),
            Gen::Laige(_, t, _) => match t {
                LaigeTap::U64 | LaigeTap::Float01 => Some(1),
                LaigeTap::Range(..) => None,
            },
            Gen::Random(_, t, _)
            | Gen::Random2(_, t)
            | Gen::Random3(_, t, _)
            | Gen::Random4(_, t) => match t {
                WwTap::Raw | WwTap::Float => Some(1),
                WwTap::Ranged(..) | WwTap::Double => None,
            },
            Gen::Openra(_, t) => Some(match *t {
                OpenraTap::Next | OpenraTap::Float => 1,
                OpenraTap::Range(lo, hi) => u64::from(hi.wrapping_sub(lo) > 1),
            }),
            Gen::Generals(_, t, _) => Some(match *t {
                GeneralsTap::Raw => 1,
                GeneralsTap::Value(lo, hi) => u64::from(hi.wrapping_sub(lo).wrapping_add(1) != 0),
                // The game's own test, `delta <= 0` (NaN draws): kept as written.
                #[allow(clippy::neg_cmp_op_on_partial_ord)]
                GeneralsTap::Real(lo, hi) => u64::from(!(hi - lo <= 0.0)),
            }),
        }
    }

    /// Spend `draws` raw words (draws) unread, fast: whole twists, table
    /// cycles, jumps ahead where the generator has them.
    pub fn discard(&mut self, draws: u64) {
        match &mut self.gen {
            Gen::Sots(r, _) => r.discard(draws),
            Gen::Laige(p, _, n) => {
                p.jump(draws.into());
                *n += draws;
            }
            Gen::Random(g, _, n) => {
                g.discard(draws);
                *n += draws;
            }
            Gen::Random2(g, _) => g.discard(draws),
            Gen::Random3(g, _, n) => {
                g.discard(draws);
                *n += draws;
            }
            Gen::Random4(g, _) => g.discard(draws),
            Gen::Openra(m, _) => m.discard(draws),
            Gen::Generals(g, _, n) => {
                g.discard(draws);
                *n += draws;
            }
        }
    }

    /// Skip `calls` calls of the tap: by words when every call spends the
    /// same ([`fixed_words`](Self::fixed_words)), up to `max_words`; else
    /// call by call, up to `max_calls`. A skip past a bound is refused, with
    /// nothing spent.
    pub fn skip(&mut self, calls: u64, max_words: u64, max_calls: u64) -> Result<(), StreamError> {
        match self.fixed_words() {
            Some(w) => {
                let words = calls.saturating_mul(w);
                if words > max_words {
                    return Err(StreamError(format!(
                        "--skip (in words) {words} is over the limit of {max_words}"
                    )));
                }
                self.discard(words);
            }
            None => {
                if calls > max_calls {
                    return Err(StreamError(format!(
                        "--skip (calls of a tap that can reject words) {calls} is over the limit of {max_calls}"
                    )));
                }
                for _ in 0..calls {
                    self.next();
                }
            }
        }
        Ok(())
    }
}
