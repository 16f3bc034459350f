//! What `knights optimum` optimizes. Each measure is one type implementing
//! [`Objective`], listed once in [`ALL`]: its name on the command line, how it counts a
//! verified tour and a set of leaps, the rows it adds to the integer program, its cost
//! in the local search, whether it may be maximized or summed, and the layers that mark
//! it on the gallery's page. A weighted sum (`2*turns+crossings`) is a measure made of
//! terms ([`Sum`]). [`Measure`] is the value the rest of the module passes around: one
//! measure of the list, or a sum.
//!
//! A new measure is its own file here and a line in [`ALL`] (and, if no drawing layer
//! marks it yet, the layer in knights-render).

mod crossings;
mod run;
mod sharp;
mod sum;
mod turns;
mod uncrossed;

use std::fmt;
use std::str::FromStr;

use knights_core::metrics::Metrics;
use knights_core::Board;
use knights_core::Error;
use knights_render::Layer;

use super::leaps::Counter;
use super::walk::Cost;
use super::{Optimum, OptimumError, Solve, Spec};
use crate::motif::Graph;

pub use crossings::Crossings;
pub use run::Run;
pub use sharp::Sharp;
pub use sum::Sum;
pub use turns::Turns;
pub use uncrossed::Uncrossed;

/// Every measure, in the order of the results table (a sum comes after the last
/// measure that may be its term) and of a sum's terms.
pub const ALL: [&dyn Objective; 5] = [&Turns, &Crossings, &Uncrossed, &Sharp, &Run];

/// One measure `knights optimum` optimizes.
pub trait Objective: Sync {
    /// Its name on the command line (`turns`; a sum's, `2*turns+crossings`).
    fn name(&self) -> String;

    /// For `--help`: the name, with a few words when the name does not say it all
    /// (`sharp (turns by more than a right angle)`).
    fn help(&self) -> &'static str;

    /// What is optimized, in words (`fewest turns`).
    fn goal(&self) -> String;

    /// The heading of its table and drawings on the gallery's page.
    fn heading(&self) -> String {
        let goal = self.goal();
        let mut chars = goal.chars();
        chars.next().map_or(goal.clone(), |c| {
            c.to_uppercase().chain(chars).collect::<String>()
        })
    }

    /// Whether it is maximized (else minimized).
    fn maximized(&self) -> bool {
        false
    }

    /// Whether its answers are tours (false: uncrossed paths, which visit only some
    /// cells).
    fn tours(&self) -> bool {
        true
    }

    /// `Ok` when it may be a term of a weighted sum; else why not, in a line (none:
    /// the message that lists the measures that may be).
    fn in_a_sum(&self) -> Result<(), Option<&'static str>> {
        Ok(())
    }

    /// Why the command line's sense (`--maximize` when `maximize`) is refused for it,
    /// in a line; none when it is its sense.
    fn refuse_sense(&self, maximize: bool) -> Option<String> {
        let m = self.name();
        match (self.maximized(), maximize) {
            (true, false) => Some(format!(
                "the fewest {m} is no question (none): use --maximize {m}"
            )),
            (false, true) => Some(format!(
                "a tour's {m} have no useful maximum: use --minimize {m}"
            )),
            _ => None,
        }
    }

    /// Its value for a verified tour's metrics: what `knights metrics` reports (0 for
    /// a measure whose answers are not tours).
    fn of_metrics(&self, m: &Metrics) -> u64;

    /// Its value for a set of chosen leaps (the solver's answers, brute force's
    /// tours).
    fn count(&self, counter: &Counter<'_>, chosen: &[bool]) -> u64;

    /// The bound that holds for every tour without a proof, if it has one (the
    /// longest run: a leap).
    fn trivial_bound(&self) -> Option<u64> {
        None
    }

    /// Its cost in the local search over the tours of `board` (`walk.rs`).
    fn cost<'a>(&self, graph: &'a Graph, board: &'a Board) -> Box<dyn Cost + 'a>;

    /// Adds its columns and rows to the integer program, its objective times
    /// `weight` (the model of `model.rs`, before the degree rows).
    #[cfg(feature = "motif")]
    fn rows(&self, model: &mut super::model::Columns<'_>, weight: f64);

    /// Finds the optimum of `spec` (its measure this one): by default the solver's
    /// loop on the model's objective (`solve.rs`).
    fn solve(&self, spec: &Spec, run: Solve<'_>) -> Result<Optimum, Error> {
        super::solver(spec, run)
    }

    /// The drawing layers that mark it on the gallery's page (none: the answer is
    /// drawn alone, as an uncrossed path is).
    fn layers(&self) -> Vec<Layer>;

    /// A weighted sum's terms and their weights (empty for a measure that is not a
    /// sum).
    fn terms(&self) -> Vec<(Measure, u32)> {
        Vec::new()
    }
}

/// The measure optimized: one of [`ALL`], or a weighted sum of some of them.
#[derive(Clone, Copy)]
pub struct Measure(Of);

#[derive(Clone, Copy)]
enum Of {
    One(&'static dyn Objective),
    Sum(Sum),
}

impl Measure {
    /// The measure `m` alone.
    pub const fn one(m: &'static dyn Objective) -> Measure {
        Measure(Of::One(m))
    }

    /// `--minimize NAME` or `--maximize NAME`, or why not (one line).
    pub fn parse(name: &str, maximize: bool) -> Result<Measure, Error> {
        let m: Measure = name.parse()?;
        match m.refuse_sense(maximize) {
            Some(why) => Err(OptimumError::Sense {
                measure: m.name(),
                why,
            }
            .into()),
            None => Ok(m),
        }
    }

    /// Its value for a set of chosen leaps of `graph`, the leaps of `board`.
    pub fn value(&self, graph: &Graph, board: &Board, chosen: &[bool]) -> u64 {
        self.count(&Counter::new(graph, board), chosen)
    }

    /// Its place in the results table: a measure's place in [`ALL`]; a sum's, after
    /// the last measure that may be its term.
    pub fn rank(&self) -> (usize, bool) {
        let at = |name: &str| ALL.iter().position(|m| m.name() == name);
        match self.0 {
            Of::One(m) => (at(&m.name()).unwrap_or(ALL.len()), false),
            Of::Sum(_) => {
                let last = ALL.iter().rposition(|m| m.in_a_sum().is_ok());
                (last.unwrap_or(ALL.len()), true)
            }
        }
    }
}

/// The names of the measures of one sense, in the order of [`ALL`] (`turns`,
/// `crossings`, `sharp`, `run` minimized).
pub fn names(maximized: bool) -> Vec<String> {
    ALL.iter()
        .filter(|m| m.maximized() == maximized)
        .map(|m| m.name())
        .collect()
}

/// `--minimize`'s or `--maximize`'s help: the measures of that sense, and for
/// `--minimize` the weighted sums of those that may be summed.
pub fn help(maximize: bool) -> String {
    let of = |sum: bool| -> Vec<&str> {
        ALL.iter()
            .filter(|m| m.maximized() == maximize && m.in_a_sum().is_ok() == sum)
            .map(|m| m.help())
            .collect()
    };
    if maximize {
        return format!("The measure to maximize: {}", or_list(&of(false)));
    }
    format!(
        "The measure to minimize: {}, a weighted sum of them such as 2*turns+crossings, or {}",
        of(true).join(", "),
        or_list(&of(false))
    )
}

/// `a, b or c`.
fn or_list(items: &[impl AsRef<str>]) -> String {
    let items: Vec<&str> = items.iter().map(AsRef::as_ref).collect();
    match &items[..] {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

impl std::ops::Deref for Measure {
    type Target = dyn Objective;
    fn deref(&self) -> &(dyn Objective + 'static) {
        match &self.0 {
            Of::One(m) => *m,
            Of::Sum(s) => s,
        }
    }
}

impl PartialEq for Measure {
    fn eq(&self, other: &Measure) -> bool {
        self.name() == other.name()
    }
}

impl Eq for Measure {}

impl fmt::Debug for Measure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl fmt::Display for Measure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl FromStr for Measure {
    type Err = Error;
    fn from_str(s: &str) -> Result<Measure, Error> {
        if let Some(&m) = ALL.iter().find(|m| m.name() == s) {
            return Ok(Measure::one(m));
        }
        if s.contains(['+', '*']) {
            // `1*turns` is the turns.
            let sum = Sum::parse(s)?;
            return Ok(match sum.terms()[..] {
                [(m, 1)] => m,
                _ => Measure(Of::Sum(sum)),
            });
        }
        Err(OptimumError::NotAMeasure {
            name: s.to_string(),
            minimized: names(false).join(", "),
            maximized: names(true).join(" or "),
        }
        .into())
    }
}
