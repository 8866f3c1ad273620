//! Walking back a generator whose step can be undone, written once for
//! every such generator (Generals' `GameLogicRandom`, .NET's
//! `System.Random`): identification by walking back to the form seeding
//! leaves (SPEC 8: replayed whole before it is named), and the words between
//! two states of one stream.

use super::{Bound, DiffError, Identification, NotReachable, Reason, Unit};

/// A generator whose step can be undone, and whose seeded state names its
/// seed.
pub trait Reversible: Clone + PartialEq {
    /// The state seeding with `seed` leaves.
    fn seeded(seed: u64) -> Self;
    /// One raw word forward.
    fn step(&mut self);
    /// One raw word back: `self` becomes a predecessor, and `others` is
    /// called with each further one (a step that folds several differences
    /// into one word). `false` when none is a state the generator reaches
    /// (`self` is then unspecified).
    fn unstep(&mut self, others: &mut dyn FnMut(Self)) -> bool;
    /// Whether this is a state seeding leaves, and of which seed. The
    /// walk replays the seed before it names it.
    fn seed_of(&self) -> SeedOf;
}

/// What [`Reversible::seed_of`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeedOf {
    /// A seeding state, of this seed.
    Seed(u64),
    /// Not a seeding state.
    No,
    /// Could not be decided (too many ambiguous steps to undo): only a
    /// forged state has them.
    Unsure,
}

/// The most alternative predecessors one walk follows before it says it is
/// not sure (a genuine state meets about one per 10^9 words).
pub const MAX_BRANCHES: u64 = 64;

/// Walk `state` back, at most `max_words` words, to a seeding state whose
/// seed replays to `state` exactly: the seed and the words since. `stop` is
/// polled every 2^16 words: when it returns true the walk ends with
/// [`Reason::Stopped`]. `unit` names the words in messages.
pub fn identify<G: Reversible>(
    state: &G,
    max_words: u64,
    unit: Unit,
    stop: &dyn Fn() -> bool,
) -> Result<Identification, NotReachable> {
    // The alternatives not yet walked; at most MAX_BRANCHES are ever made.
    let mut pending: [Option<(G, u64)>; MAX_BRANCHES as usize + 1] =
        [const { None }; MAX_BRANCHES as usize + 1];
    pending[0] = Some((state.clone(), 0));
    let (mut top, mut branches) = (1usize, 0u64);
    while top > 0 {
        top -= 1;
        let Some((mut w, mut words)) = pending[top].take() else {
            break;
        };
        loop {
            match w.seed_of() {
                SeedOf::Seed(seed) if replays_to(seed, words, state) => {
                    return Ok(Identification {
                        seed,
                        words_drawn: words,
                    })
                }
                SeedOf::Unsure => return Err(unsure(branches)),
                _ => {}
            }
            if words == max_words {
                break;
            }
            if words & 0xffff == 0xffff && stop() {
                let walked = Bound {
                    max: words + 1,
                    unit,
                };
                return Err(NotReachable::new(
                    Reason::Stopped(walked),
                    format_args!(
                        "stopped after walking back {} of {max_words} {unit}: no seeding state that near",
                        words + 1
                    ),
                ));
            }
            let mut others = |other: G| {
                branches += 1;
                if branches <= MAX_BRANCHES {
                    pending[top] = Some((other, words + 1));
                    top += 1;
                }
            };
            let alive = w.unstep(&mut others);
            if branches > MAX_BRANCHES {
                return Err(unsure(branches));
            }
            if !alive {
                break;
            }
            words += 1;
        }
    }
    let bound = Bound {
        max: max_words,
        unit,
    };
    Err(NotReachable::new(
        Reason::Beyond(bound),
        format_args!(
            "no seeding state within {bound} before this state; it was edited, or lies further on"
        ),
    ))
}

fn unsure(branches: u64) -> NotReachable {
    NotReachable::new(
        Reason::Ambiguous { branches },
        format_args!(
            "not sure: walking back met {branches} steps with two possible predecessors, more \
             than any state the game reaches has; this state was most likely edited"
        ),
    )
}

/// Whether seeding with `seed` and stepping `words` words gives `state`.
pub fn replays_to<G: Reversible>(seed: u64, words: u64, state: &G) -> bool {
    let mut g = G::seeded(seed);
    for _ in 0..words {
        g.step();
    }
    g == *state
}

/// Words from state `a` to state `b` of one stream (B minus A), stepping
/// each forward at most `max_words` towards the other (so no undo is
/// needed, and an ambiguous step cannot mislead it).
pub fn words_between<G: Reversible>(
    a: &G,
    b: &G,
    max_words: u64,
    unit: Unit,
) -> Result<u64, DiffError> {
    let (mut fwd, mut back) = (a.clone(), b.clone());
    for n in 0..=max_words {
        if fwd == *b {
            return Ok(n);
        }
        if back == *a {
            return Err(DiffError::BeforeA { words: n, unit });
        }
        fwd.step();
        back.step();
    }
    Err(DiffError::NotReachable {
        bound: Bound {
            max: max_words,
            unit,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy whose step is 2-to-1 (Collatz's): the predecessors of `y` are
    /// `2y` (first) and, when `y ≡ 4 mod 6`, the odd `(y − 1) / 3`.
    /// Seeding leaves `1000·s + 777`.
    #[derive(Clone, Debug, PartialEq)]
    struct Collatz(u64);

    impl Reversible for Collatz {
        fn seeded(seed: u64) -> Self {
            Collatz(seed * 1000 + 777)
        }
        fn step(&mut self) {
            self.0 = if self.0.is_multiple_of(2) {
                self.0 / 2
            } else {
                3 * self.0 + 1
            };
        }
        fn unstep(&mut self, others: &mut dyn FnMut(Self)) -> bool {
            let y = self.0;
            if y % 6 == 4 && y > 4 {
                others(Collatz((y - 1) / 3));
            }
            self.0 = 2 * y;
            y < 1 << 60
        }
        fn seed_of(&self) -> SeedOf {
            if self.0 % 1000 == 777 {
                SeedOf::Seed(self.0 / 1000)
            } else {
                SeedOf::No
            }
        }
    }

    #[test]
    fn the_walk_follows_the_second_predecessor_and_replays() {
        // 5777 is odd: its successor's first predecessor (its double) is
        // not 5777, so the walk must take the other branch.
        let mut g = Collatz::seeded(5);
        for _ in 0..3 {
            g.step();
        }
        let id = identify(&g, 20, Unit::Draws, &|| false).unwrap();
        assert!(replays_to(id.seed, id.words_drawn, &g));
        assert_eq!((id.seed, id.words_drawn), (5, 3));
    }

    #[test]
    fn too_many_branches_is_said_not_guessed() {
        // Every state ≡ 4 mod 6 branches; walking 10^4 draws back from a
        // state no seed reaches meets more than MAX_BRANCHES of them.
        let e = identify(&Collatz(4), 10_000, Unit::Draws, &|| false).unwrap_err();
        assert!(matches!(e.reason, Reason::Ambiguous { .. }), "{e}");
    }
}
