//! Seed recovery for WWLib's other classes (SPEC 11): `RandomClass`
//! ([`RandomLcg`]), `Random3Class` ([`Random3`]) used directly, and
//! `Random4Class` ([`Random4`]). (`Random2Class` has its own vectorised
//! search in [`super::recover`].)
//!
//! Each class gives its first raw draws cheaply from the seed alone: the
//! LCG by stepping, Random3 as `psdes(seed, j)`, Random4 from the 1998
//! seeding's closed form — seeding word `i` is `seed · 69069^i`, so draw `j`
//! of the first block costs three multiplies
//! ([`random4::first_draws`]). A seed is a candidate when the first accepted
//! draw of a call at some offset gives the first value; candidates are
//! confirmed by running the real class.

use crate::engine::recovery::{values, Hit, QueryError, Recovery};
use crate::num::{parse_double_value, parse_f32, parse_i32};
use crate::westwood::random4::{self, Random4};
use crate::westwood::{psdes, Pick, Random3, RandomLcg, Raw};
use alloc::vec;
use alloc::vec::Vec;
use core::ops::Range;

/// The largest `max_offset`: offsets inside Random4's first block (the same
/// bound for every class).
pub const MAX_SEARCH_OFFSET: u64 = 623;

/// A WWLib class a seed can be recovered for.
pub trait Class: Raw + Sized {
    /// The class's name in messages.
    const NAME: &'static str;
    /// `Class(seed)`.
    fn seeded(seed: u32) -> Self;
    /// Raw draws `0..out.len()` of `Class(seed)`, computed the cheap way.
    fn first_raws(seed: u32, out: &mut [i32]);
    /// `Get_Float`, for the classes that have it.
    fn get_float(&mut self) -> Option<f32> {
        None
    }
    /// `Get_Float` of one raw draw, for the classes that have it.
    fn float_of_raw(_raw: i32) -> Option<f32> {
        None
    }
}

impl Class for RandomLcg {
    const NAME: &'static str = "RandomClass";
    fn seeded(seed: u32) -> Self {
        RandomLcg::new(seed)
    }
    fn first_raws(seed: u32, out: &mut [i32]) {
        let mut r = RandomLcg::new(seed);
        for o in out {
            *o = r.raw();
        }
    }
}

impl Class for Random3 {
    const NAME: &'static str = "Random3Class";
    fn seeded(seed: u32) -> Self {
        Random3::new(seed)
    }
    fn first_raws(seed: u32, out: &mut [i32]) {
        for (j, o) in out.iter_mut().enumerate() {
            *o = psdes(seed, j as u32);
        }
    }
}

impl Class for Random4 {
    const NAME: &'static str = "Random4Class";
    fn seeded(seed: u32) -> Self {
        Random4::new(seed)
    }
    fn first_raws(seed: u32, out: &mut [i32]) {
        random4::first_draws(seed, out);
    }
    fn get_float(&mut self) -> Option<f32> {
        Some(Random4::get_float(self))
    }
    fn float_of_raw(raw: i32) -> Option<f32> {
        Some(random4::float_of_word(raw as u32))
    }
}

/// A tap of a WWLib class whose values can be recovered.
#[derive(Debug)]
pub enum Tap<G> {
    /// The raw draw.
    Raw,
    /// `ranged(min, max)` (and `double`, which is `ranged(1, 2147483647)`).
    Ranged(Pick<G>),
    /// `Get_Float()` (Random4Class).
    Float,
}

impl<G> Clone for Tap<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G> Copy for Tap<G> {}

impl<G: Class> Tap<G> {
    /// `ranged(min, max)` as a tap; an error when it spends no draw (equal
    /// bounds, the `i32::MAX` span) or never returns.
    pub fn ranged(min: i32, max: i32) -> Result<Self, QueryError> {
        let pick = Pick::<G>::new(min, max).map_err(|_| {
            QueryError::BadTap("the span exceeds i32::MAX: the original loops for ever")
        })?;
        if !pick.spends_draws() {
            return Err(QueryError::UnsupportedTap(
                "this ranged draw spends no raw draw, so its values say nothing about the seed",
            ));
        }
        Ok(Tap::Ranged(pick))
    }

    /// `double()`: `ranged(1, 2147483647)`; values are given as that integer.
    pub fn double() -> Self {
        Tap::Ranged(Pick::<G>::new(1, i32::MAX).expect("a valid range"))
    }

    /// `Get_Float()`, for the classes that have it.
    pub fn float() -> Result<Self, QueryError> {
        if G::float_of_raw(0).is_none() {
            return Err(QueryError::UnsupportedTap(
                "only Random4Class has Get_Float",
            ));
        }
        Ok(Tap::Float)
    }

    /// What one raw draw maps to (integers as their `i32` bits, floats as
    /// their f32 bits), or `None` when a ranged draw rejects it.
    #[inline]
    pub fn of_raw(self, raw: i32) -> Option<u32> {
        match self {
            Tap::Raw => Some(raw as u32),
            Tap::Ranged(p) => {
                let pick = raw & p.mask();
                (pick <= p.span()).then(|| p.min().wrapping_add(pick) as u32)
            }
            Tap::Float => G::float_of_raw(raw).map(f32::to_bits),
        }
    }

    /// One call on a generator, as [`of_raw`](Self::of_raw) reports it.
    pub fn call(self, g: &mut G) -> u32 {
        match self {
            Tap::Raw => g.raw() as u32,
            Tap::Ranged(p) => p.draw(g) as u32,
            Tap::Float => g.get_float().map_or(0, f32::to_bits),
        }
    }
}

/// Whether `G(seed)`, from raw draw `offset`, gives `values` (observed as
/// [`Tap::of_raw`] reports them).
pub fn confirm<G: Class>(tap: Tap<G>, values: &[u32], seed: u32, offset: u64) -> bool {
    let mut g = G::seeded(seed);
    for _ in 0..offset {
        g.raw();
    }
    values.iter().all(|&v| tap.call(&mut g) == v)
}

/// A search over seeds for values of one tap of class `G`.
#[derive(Debug)]
pub struct Search<G> {
    tap: Tap<G>,
    values: Vec<u32>,
    max_offset: usize,
    /// Raw draws computed per seed: `0..=last`.
    last: usize,
}

impl<G> Clone for Search<G> {
    fn clone(&self) -> Self {
        Search {
            tap: self.tap,
            values: self.values.clone(),
            max_offset: self.max_offset,
            last: self.last,
        }
    }
}

impl<G: Class> Search<G> {
    /// Set up a search for `values` (at least one) starting at a raw draw in
    /// `0..=max_offset` (at most [`MAX_SEARCH_OFFSET`]).
    pub fn new(tap: Tap<G>, values: Vec<u32>, max_offset: u64) -> Result<Self, QueryError> {
        crate::engine::recovery::check_setup(values.len(), max_offset, MAX_SEARCH_OFFSET)?;
        let extra = if matches!(tap, Tap::Ranged(_)) {
            crate::engine::recovery::SCAN
        } else {
            0
        };
        let k = max_offset as usize;
        Ok(Self {
            tap,
            values,
            max_offset: k,
            last: (k + extra).min(MAX_SEARCH_OFFSET as usize),
        })
    }

    /// Every hit among `seeds` (clamped to `0..2^32`), in seed order.
    pub fn search(&self, seeds: Range<u64>) -> Vec<Hit> {
        let end = seeds.end.min(1 << 32);
        let mut hits = Vec::new();
        let mut raws = vec![0i32; self.last + 1];
        for seed in seeds.start..end {
            let seed = seed as u32;
            G::first_raws(seed, &mut raws);
            for j in 0..=self.max_offset {
                let value = |i: usize| self.tap.of_raw(raws[i]);
                if crate::engine::recovery::may_start_with(j, self.last, &self.values[0], value)
                    && confirm(self.tap, &self.values, seed, j as u64)
                {
                    hits.push(Hit {
                        seed: seed.into(),
                        offset: j as u64,
                    });
                }
            }
        }
        hits
    }
}

impl<G: Class + Send + Sync + core::fmt::Debug + 'static> crate::engine::recovery::Searcher
    for Search<G>
{
    fn search(&self, seeds: Range<u64>) -> Vec<Hit> {
        Search::search(self, seeds)
    }
}

/// The search for `vals` (the CLI's notation: integers, `double` values as
/// printed, `float` values as floats or their bits) observed through `tap`
/// on class `G`, at a raw-draw offset in `0..=max_offset`.
pub fn query<G: Class + Send + Sync + core::fmt::Debug + 'static>(
    tap: crate::westwood::engines::Tap,
    vals: &[&str],
    max_offset: u64,
) -> Result<Recovery, QueryError> {
    use crate::westwood::engines::Tap as T;
    let (tap, v) = match tap {
        T::Raw => (Tap::Raw, values(vals, |v| parse_i32(v).map(|x| x as u32))?),
        T::Ranged(lo, hi) => {
            let tap = Tap::<G>::ranged(lo, hi)?;
            let v = values(vals, parse_i32)?;
            crate::engine::recovery::returned(vals, &v, lo.min(hi).into(), lo.max(hi).into())?;
            (tap, v.into_iter().map(|x| x as u32).collect())
        }
        T::Double => (
            Tap::double(),
            values(vals, |v| parse_double_value(v).map(|x| x as u32))?,
        ),
        T::Float => (
            Tap::float()?,
            values(vals, |v| parse_f32(v).map(f32::to_bits))?,
        ),
    };
    Ok(Recovery::search(Search::new(tap, v, max_offset)?))
}
