//! What `knights optimum` optimizes: the measures, their names on the command line
//! (`turns`, `crossings`, `sharp`, `run`, `uncrossed` and weighted sums such as
//! `2*turns+crossings`) and their values for a tour's metrics.

use std::fmt;
use std::str::FromStr;

use knights_core::Error;

/// The measure optimized.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// The fewest turns of a tour.
    Turns,
    /// The fewest crossings of a tour.
    Crossings,
    /// The fewest sharp turns of a tour: those by more than a right angle
    /// (`knights_core::metrics::SHARP_DEGREES`).
    Sharp,
    /// The least weighted sum of turns, crossings and sharp turns.
    Sum(Weights),
    /// The shortest longest straight run of a tour, in leaps (`knights metrics`'
    /// `longest run`).
    Run,
    /// The most leaps of a path (or cycle) with no two leaps crossing.
    Uncrossed,
}

/// The weights of a sum of measures (`2*turns+crossings`): each a whole number, 0 for
/// a measure not in the sum.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Weights {
    /// The weight of the turns.
    pub turns: u32,
    /// The weight of the crossings.
    pub crossings: u32,
    /// The weight of the sharp turns.
    pub sharp: u32,
}

impl Weights {
    /// The measures summed and their weights, in a fixed order (those of weight 0 left
    /// out).
    pub fn terms(self) -> Vec<(Measure, u32)> {
        [
            (Measure::Turns, self.turns),
            (Measure::Crossings, self.crossings),
            (Measure::Sharp, self.sharp),
        ]
        .into_iter()
        .filter(|&(_, w)| w > 0)
        .collect()
    }

    /// `2*turns+crossings`, or why not (one line naming the bad term).
    fn parse(sum: &str) -> Result<Weights, Error> {
        let mut w = Weights::default();
        for term in sum.split('+') {
            let bad = |why: &str| {
                Error::invalid(format!(
                    "'{term}' in '{sum}' is not a term of a weighted sum: {why}"
                ))
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
            let slot = match name {
                "turns" => &mut w.turns,
                "crossings" => &mut w.crossings,
                "sharp" => &mut w.sharp,
                "run" => return Err(bad(RUN_IN_A_SUM)),
                _ => {
                    return Err(bad(
                        "write [WEIGHT*]MEASURE, the measure turns, crossings or sharp",
                    ))
                }
            };
            if *slot > 0 {
                return Err(bad("its measure is in the sum twice"));
            }
            *slot = weight;
        }
        Ok(w)
    }
}

/// Why a sum has no `run` term.
const RUN_IN_A_SUM: &str = "the longest run is a maximum over the tour's runs, not a sum over its cells, so it does not add up with the others: minimize it alone (--minimize run)";

/// Why `--maximize run` is refused: brute force finds the longest line of the board as
/// the most on 6x6 closed and 5x5 open (`tests.rs`), and a tour through one line is an
/// easy feasibility question, not an optimum worth a model.
const RUN_MAXIMUM: &str = "the longest run a tour can have is the longest line of leaps the board has wherever a tour can take that line (2 leaps on 6x6, closed, and 5x5, open), so there is nothing to optimize: use --minimize run";

impl Measure {
    /// Whether the measure is maximized.
    pub fn maximized(self) -> bool {
        self == Measure::Uncrossed
    }

    /// `--minimize NAME` or `--maximize NAME`, or why not (one line).
    pub fn parse(name: &str, maximize: bool) -> Result<Measure, Error> {
        let m: Measure = name.parse()?;
        match (m.maximized(), maximize) {
            (false, true) if m == Measure::Run => Err(Error::invalid(RUN_MAXIMUM)),
            (true, false) => Err(Error::invalid(format!(
                "the fewest {m} is no question (none): use --maximize {m}"
            ))),
            (false, true) => Err(Error::invalid(format!(
                "a tour's {m} have no useful maximum: use --minimize {m}"
            ))),
            _ => Ok(m),
        }
    }

    /// The measure's value for a tour's metrics (none for uncrossed, whose answers are
    /// not tours): what `knights metrics` reports.
    pub fn of_metrics(self, m: &knights_core::metrics::Metrics) -> u64 {
        match self {
            Measure::Turns => m.turns,
            Measure::Crossings => m.crossings,
            Measure::Sharp => knights_core::metrics::sharp_turns(&m.turns_by_angle),
            Measure::Sum(w) => w
                .terms()
                .into_iter()
                .map(|(t, k)| u64::from(k) * t.of_metrics(m))
                .sum(),
            Measure::Run => m.longest_run,
            Measure::Uncrossed => 0,
        }
    }
}

impl FromStr for Measure {
    type Err = Error;
    fn from_str(s: &str) -> Result<Measure, Error> {
        match s {
            "turns" => Ok(Measure::Turns),
            "crossings" => Ok(Measure::Crossings),
            "sharp" => Ok(Measure::Sharp),
            "run" => Ok(Measure::Run),
            "uncrossed" => Ok(Measure::Uncrossed),
            _ if s.contains(['+', '*']) => {
                let w = Weights::parse(s)?;
                // `1*turns` is the turns.
                Ok(match w.terms()[..] {
                    [(m, 1)] => m,
                    _ => Measure::Sum(w),
                })
            }
            _ => Err(Error::invalid(format!(
                "'{s}' is not a measure knights optimum models: choose turns, crossings, sharp, run or a weighted sum such as 2*turns+crossings (--minimize) or uncrossed (--maximize)"
            ))),
        }
    }
}

impl fmt::Display for Measure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Measure::Turns => f.write_str("turns"),
            Measure::Crossings => f.write_str("crossings"),
            Measure::Sharp => f.write_str("sharp"),
            Measure::Run => f.write_str("run"),
            Measure::Uncrossed => f.write_str("uncrossed"),
            Measure::Sum(w) => {
                let terms: Vec<String> = w
                    .terms()
                    .into_iter()
                    .map(|(m, k)| match k {
                        1 => m.to_string(),
                        _ => format!("{k}*{m}"),
                    })
                    .collect();
                f.write_str(&terms.join("+"))
            }
        }
    }
}
