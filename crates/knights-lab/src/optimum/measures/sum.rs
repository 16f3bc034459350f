//! A weighted sum of measures (`2*turns+crossings`): a measure made of terms, each a
//! measure of the list that may be summed and its whole weight. It counts, costs,
//! models and draws as its terms do, each times its weight.

use knights_core::metrics::Metrics;
use knights_core::Board;
use knights_core::Error;
use knights_render::Layer;

use super::super::leaps::Counter;
use super::super::walk::{Cost, Move, Walk};
use super::super::OptimumError;
use super::{Measure, Objective, ALL};
use crate::motif::Graph;

/// The weight of each measure of [`ALL`] in the sum, 0 for a measure not in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sum {
    weights: [u32; ALL.len()],
}

impl Sum {
    /// `2*turns+crossings`, or why not (one line naming the bad term).
    pub fn parse(sum: &str) -> Result<Sum, Error> {
        let mut weights = [0; ALL.len()];
        for term in sum.split('+') {
            let bad = |why: &str| -> Error {
                OptimumError::Term {
                    term: term.to_string(),
                    sum: sum.to_string(),
                    why: why.to_string(),
                }
                .into()
            };
            let (weight, name) = match term.split_once('*') {
                Some((k, name)) => {
                    let k: u32 = k
                        .trim()
                        .parse()
                        .ok()
                        .filter(|&k| k >= 1)
                        .ok_or_else(|| bad("its weight is not a whole number from 1"))?;
                    (k, name.trim())
                }
                None => (1, term.trim()),
            };
            let i = ALL.iter().position(|m| m.name() == name);
            let why = i.map_or(Err(None), |i| ALL[i].in_a_sum());
            match (i, why) {
                (_, Err(Some(why))) => return Err(bad(why)),
                (Some(i), Ok(())) if weights[i] > 0 => {
                    return Err(bad("its measure is in the sum twice"))
                }
                (Some(i), Ok(())) => weights[i] = weight,
                _ => {
                    return Err(bad(&format!(
                        "write [WEIGHT*]MEASURE, the measure {}",
                        super::or_list(&summable())
                    )))
                }
            }
        }
        Ok(Sum { weights })
    }

    /// Each term and its weight, in the order of [`ALL`].
    fn each(&self) -> impl Iterator<Item = (&'static dyn Objective, u32)> + '_ {
        ALL.iter()
            .zip(self.weights)
            .filter(|&(_, w)| w > 0)
            .map(|(&m, w)| (m, w))
    }
}

/// The names of the measures that may be terms.
fn summable() -> Vec<String> {
    ALL.iter()
        .filter(|m| m.in_a_sum().is_ok())
        .map(|m| m.name())
        .collect()
}

impl Objective for Sum {
    fn name(&self) -> String {
        let terms: Vec<String> = self
            .each()
            .map(|(m, k)| match k {
                1 => m.name(),
                _ => format!("{k}*{}", m.name()),
            })
            .collect();
        terms.join("+")
    }

    fn help(&self) -> &'static str {
        "a weighted sum such as 2*turns+crossings"
    }

    fn goal(&self) -> String {
        format!("least {}", self.name())
    }

    fn heading(&self) -> String {
        format!("Least {}: the sum of the counts", self.name())
    }

    fn in_a_sum(&self) -> Result<(), Option<&'static str>> {
        Err(None)
    }

    fn of_metrics(&self, m: &Metrics) -> u64 {
        self.each()
            .map(|(t, k)| u64::from(k) * t.of_metrics(m))
            .sum()
    }

    fn count(&self, counter: &Counter<'_>, chosen: &[bool]) -> u64 {
        self.each()
            .map(|(t, k)| u64::from(k) * t.count(counter, chosen))
            .sum()
    }

    fn cost<'a>(&self, graph: &'a Graph, board: &'a Board) -> Box<dyn Cost + 'a> {
        Box::new(Costs(
            self.each()
                .map(|(t, k)| (t.cost(graph, board), i64::from(k)))
                .collect(),
        ))
    }

    #[cfg(feature = "motif")]
    fn rows(&self, model: &mut super::super::model::Columns<'_>, weight: f64) {
        for (t, k) in self.each() {
            t.rows(model, weight * f64::from(k));
        }
    }

    fn layers(&self) -> Vec<Layer> {
        self.each().flat_map(|(t, _)| t.layers()).collect()
    }

    fn terms(&self) -> Vec<(Measure, u32)> {
        self.each().map(|(t, k)| (Measure::one(t), k)).collect()
    }
}

/// The terms' costs in the local search, each with its weight.
struct Costs<'a>(Vec<(Box<dyn Cost + 'a>, i64)>);

impl Cost for Costs<'_> {
    fn delta(&self, walk: &mut Walk<'_>, m: &Move) -> i64 {
        self.0.iter().map(|(c, k)| k * c.delta(walk, m)).sum()
    }
}
