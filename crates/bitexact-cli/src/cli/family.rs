//! An engine family as one verb sees it ([`Verb`], [`Family`]): the classes
//! the verb can use, their taps, states and walks, and how bounds and notes
//! are written for people. What the engine subcommands (`engines.rs`) and
//! their flags (`flags.rs`) are both built from.

use bitexact::engine::{Info, Opt, RecoverInfo, SeedKind, StateInfo, TapSpec, Unit, Walk};
use bitexact::engines::Id;

/// What a command does with an engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verb {
    /// `stream`
    Stream,
    /// `ledger`
    Ledger,
    /// `recover`
    Recover,
    /// `state save`
    Save,
    /// `state identify`
    Identify,
    /// `state diff`
    Diff,
    /// `state show`
    Show,
    /// `state convert`
    Convert,
}

impl Verb {
    /// The verbs about state files.
    pub(super) const fn is_state(self) -> bool {
        matches!(
            self,
            Verb::Save | Verb::Identify | Verb::Diff | Verb::Show | Verb::Convert
        )
    }

    /// The words of the command (`state identify`), for messages.
    pub const fn command(self) -> &'static str {
        match self {
            Verb::Stream => "stream",
            Verb::Ledger => "ledger",
            Verb::Recover => "recover",
            Verb::Save => "state save",
            Verb::Identify => "state identify",
            Verb::Diff => "state diff",
            Verb::Show => "state show",
            Verb::Convert => "state convert",
        }
    }
}

/// A family of generators as one verb sees it: the classes the verb can
/// use (state verbs: those with state files; `recover`: those with a seed
/// search), default first.
#[derive(Clone, Debug)]
pub struct Family {
    /// Its name.
    pub name: &'static str,
    /// Its generators the verb can use, the default first.
    pub ids: Vec<Id>,
}

impl Family {
    /// `name` for `verb`: `None` when none of its generators fits the verb.
    pub fn of(name: &'static str, verb: Verb) -> Option<Family> {
        let mut ids: Vec<Id> = Id::family(name)
            .iter()
            .filter(|id| {
                let i = id.info();
                match verb {
                    Verb::Stream | Verb::Ledger => true,
                    Verb::Recover => i.recover.is_some(),
                    Verb::Convert => i.state.is_some_and(|s| s.layouts.len() > 1),
                    _ => i.state.is_some(),
                }
            })
            .collect();
        // The family's default first when the verb can use it.
        if let Some(i) = ids.iter().position(|id| id.info().default_class) {
            let d = ids.remove(i);
            ids.insert(0, d);
        }
        (!ids.is_empty()).then_some(Family { name, ids })
    }

    /// The default generator.
    pub fn default_id(&self) -> Id {
        self.ids[0]
    }

    /// The generators in list order (for `--class`'s values).
    pub(super) fn in_list_order(&self) -> Vec<Id> {
        let mut ids = self.ids.clone();
        ids.sort();
        ids
    }

    pub(super) fn infos(&self) -> impl Iterator<Item = &'static Info> + '_ {
        self.ids.iter().map(|id| id.info())
    }

    pub(super) fn states(&self) -> impl Iterator<Item = (Id, StateInfo)> + '_ {
        self.ids
            .iter()
            .filter_map(|id| id.info().state.map(|s| (*id, s)))
    }

    pub(super) fn has_option(&self, o: Opt) -> bool {
        self.infos().any(|i| i.options.contains(&o))
    }

    pub(super) fn has_classes(&self) -> bool {
        self.infos().any(|i| i.class.is_some()) && self.ids.len() > 1
    }

    /// The walks of `verb` (`state diff`'s, else `state identify`'s) of
    /// the generators that have one.
    pub(super) fn walks(&self, verb: Verb) -> Vec<(Id, Walk)> {
        self.states()
            .filter_map(|(id, s)| {
                let walk = if verb == Verb::Diff {
                    s.diff
                } else {
                    s.identify.map(|i| i.walk)
                };
                walk.map(|w| (id, w))
            })
            .collect()
    }

    pub(super) fn units(&self, verb: Verb) -> Vec<Unit> {
        let mut units = Vec::new();
        for (_, w) in self.walks(verb) {
            if !units.contains(&w.unit) {
                units.push(w.unit);
            }
        }
        units
    }

    /// Every call of the family's generators once, the default class's
    /// rows first (its table's order), then each row another class adds,
    /// with the class that has it (Random4Class's `float`: `random4`).
    pub(super) fn taps(&self) -> Vec<(&'static TapSpec, Option<&'static str>)> {
        let default = self.default_id().info().taps;
        let mut taps: Vec<(&'static TapSpec, Option<&'static str>)> =
            default.iter().map(|t| (t, None)).collect();
        for i in self.infos() {
            for t in i.taps {
                if !taps
                    .iter()
                    .any(|(u, _)| u.name == t.name && u.args == t.args)
                {
                    taps.push((t, i.class));
                }
            }
        }
        taps
    }

    pub(super) fn layouts(&self) -> Vec<bitexact::engine::LayoutInfo> {
        let mut all = Vec::new();
        for (_, s) in self.states() {
            for l in s.layouts {
                if !all.contains(l) {
                    all.push(*l);
                }
            }
        }
        all
    }

    pub(super) fn seed_kind(&self) -> SeedKind {
        self.default_id().info().seed
    }
}

/// A bound for people: `10^10`, `2.5·10^9`, `16000000` as `1.6·10^7`.
pub fn human(n: u64) -> String {
    if n < 100_000 {
        return n.to_string();
    }
    let mut k = 0;
    let mut m = n;
    while m.is_multiple_of(10) {
        m /= 10;
        k += 1;
    }
    let digits = m.to_string();
    let e = k + digits.len() as u32 - 1;
    let mantissa = if digits.len() == 1 {
        digits
    } else {
        format!("{}.{}", &digits[..1], &digits[1..])
    };
    if mantissa == "1" {
        format!("10^{e}")
    } else {
        format!("{mantissa}·10^{e}")
    }
}

/// The option that bounds a walk of `unit`: `max-twists`, `max-draws`.
pub fn bound_flag(unit: Unit) -> &'static str {
    match unit {
        Unit::Twists => "max-twists",
        Unit::Draws => "max-draws",
        Unit::Words => "max-words",
    }
}

/// The other classes' recover notes (`note` of each), `; class C: …` each.
pub fn class_notes(f: &Family, note: fn(&RecoverInfo) -> &'static str) -> String {
    let default = f.default_id().info();
    f.infos()
        .filter(|i| i.class != default.class)
        .filter_map(|i| Some((i.class?, note(i.recover.as_ref()?))))
        .filter(|(_, n)| !n.is_empty())
        .map(|(class, n)| format!("; class {class}: {n}"))
        .collect()
}
