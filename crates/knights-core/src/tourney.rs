//! Tourneys: sets of disjoint closed leaper cycles that together cover a board (every
//! closed tour is a tourney of one cycle). Parberry's generators, Takefuji and Lee's
//! neural network and the joining of cycles into a tour all pass through here: a
//! [`Tourney`] is only a claim, [`verify`] proves it (each cycle closed, every step a
//! leap, every cell in exactly one cycle) and [`measure`] counts its turns, crossings
//! and cycle lengths on the same move grid a tour's metrics read.

use std::fmt;
use std::ops::Deref;

use serde::Serialize;

use crate::board::Board;
use crate::metrics;
use crate::moves::MoveGrid;
use crate::tour::Tour;

/// Cycles claimed to cover a board. Nothing is checked here: see [`verify`].
#[derive(Clone, Debug)]
pub struct Tourney {
    board: Board,
    cycles: Vec<Vec<u32>>,
    algorithm: String,
}

impl Tourney {
    /// The cycles `cycles` (cell numbers, each cycle in visiting order without its
    /// first cell repeated) on `board`.
    pub fn new(board: Board, cycles: Vec<Vec<u32>>) -> Tourney {
        Tourney {
            board,
            cycles,
            algorithm: String::new(),
        }
    }

    /// A closed tour as a tourney of one cycle.
    pub fn of_tour(tour: &Tour) -> Tourney {
        Tourney::new(tour.board().clone(), vec![tour.path().to_vec()])
            .with_algorithm(tour.algorithm())
    }

    /// Names the generator that made it.
    pub fn with_algorithm(mut self, name: impl Into<String>) -> Tourney {
        self.algorithm = name.into();
        self
    }

    /// The board covered.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The cycles, each in visiting order.
    pub fn cycles(&self) -> &[Vec<u32>] {
        &self.cycles
    }

    /// The generator that made it (empty when unknown).
    pub fn algorithm(&self) -> &str {
        &self.algorithm
    }

    /// Cells in all cycles together.
    pub fn cells(&self) -> usize {
        self.cycles.iter().map(Vec::len).sum()
    }

    /// The tour of a tourney of one cycle, `None` for several.
    pub fn into_tour(self) -> Option<Tour> {
        let [cycle]: [Vec<u32>; 1] = self.cycles.try_into().ok()?;
        Some(Tour::new(self.board, cycle, true).with_algorithm(self.algorithm))
    }
}

/// Why cycles are not a tourney: the first problem met, with the cycle and step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TourneyFailure {
    /// No cycles at all on a board with cells.
    Empty,
    /// A cycle too short to be closed (fewer than three cells).
    Short {
        /// The cycle, from 0.
        cycle: usize,
        /// Its cells.
        len: usize,
    },
    /// A cell off the board or missing from it.
    NotACell {
        /// The cycle, from 0.
        cycle: usize,
        /// The step, from 0.
        step: usize,
        /// The cell.
        xy: (u32, u32),
    },
    /// A cell in two places.
    Repeated {
        /// The cell.
        xy: (u32, u32),
        /// Its first place, (cycle, step).
        first: (usize, usize),
        /// Its second place.
        second: (usize, usize),
    },
    /// Two cells in a row (or the last and first) are not a leap apart.
    NotALeap {
        /// The cycle, from 0.
        cycle: usize,
        /// The step that leaves `from`.
        step: usize,
        /// From this cell.
        from: (u32, u32),
        /// To this one.
        to: (u32, u32),
        /// The leaper, as `(1, 2)`.
        leaper: String,
    },
    /// Cells in no cycle.
    Uncovered {
        /// The first such cell (lowest number).
        xy: (u32, u32),
        /// How many.
        count: u64,
    },
}

impl fmt::Display for TourneyFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let xy = |(x, y): (u32, u32)| format!("[{x}, {y}]");
        match self {
            TourneyFailure::Empty => write!(f, "there are no cycles"),
            TourneyFailure::Short { cycle, len } => write!(
                f,
                "cycle {cycle} has {len} cell{}, and a closed cycle needs at least 3",
                if *len == 1 { "" } else { "s" }
            ),
            TourneyFailure::NotACell { cycle, step, xy: c } => write!(
                f,
                "cycle {cycle}, step {step}: {} is not a cell of the board",
                xy(*c)
            ),
            TourneyFailure::Repeated {
                xy: c,
                first,
                second,
            } => write!(
                f,
                "{} is in cycle {} at step {} and again in cycle {} at step {}",
                xy(*c),
                first.0,
                first.1,
                second.0,
                second.1
            ),
            TourneyFailure::NotALeap {
                cycle,
                step,
                from,
                to,
                leaper,
            } => write!(
                f,
                "cycle {cycle}, step {step}: {} to {} is not a {leaper} leap",
                xy(*from),
                xy(*to)
            ),
            TourneyFailure::Uncovered { xy: c, count } => write!(
                f,
                "{count} cell{} in no cycle, the first {}",
                if *count == 1 { " is" } else { "s are" },
                xy(*c)
            ),
        }
    }
}

/// A tourney that passed [`verify`], with its move grid (two moves at every cell).
#[derive(Clone, Debug)]
pub struct VerifiedTourney {
    tourney: Tourney,
    grid: MoveGrid,
}

impl Deref for VerifiedTourney {
    type Target = Tourney;
    fn deref(&self) -> &Tourney {
        &self.tourney
    }
}

impl VerifiedTourney {
    /// Every cell's two moves, as the metrics of tours read them.
    pub fn grid(&self) -> &MoveGrid {
        &self.grid
    }

    /// Gives the tourney back.
    pub fn into_inner(self) -> Tourney {
        self.tourney
    }
}

impl fmt::Display for VerifiedTourney {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.cycles.len();
        let plural = if n == 1 { "" } else { "s" };
        write!(
            f,
            "a tourney of {n} closed cycle{plural} covering the {} board",
            self.board
        )
    }
}

/// Proves `t` a tourney: every cycle at least three cells long, every step and every
/// cycle's closing step a leap, every cell of the board in exactly one cycle. Linear in
/// the cells.
pub fn verify(t: Tourney) -> Result<VerifiedTourney, TourneyFailure> {
    let b = &t.board;
    if t.cycles.is_empty() && b.cells() > 0 {
        return Err(TourneyFailure::Empty);
    }
    let area = b.area() as usize;
    let mut seen: Vec<Option<(usize, usize)>> = vec![None; area];
    let mut masks = vec![0u8; area];
    let xy = |c: u32| b.xy(c);
    for (i, cycle) in t.cycles.iter().enumerate() {
        if cycle.len() < 3 {
            return Err(TourneyFailure::Short {
                cycle: i,
                len: cycle.len(),
            });
        }
        for (k, &c) in cycle.iter().enumerate() {
            if c as usize >= area || b.is_hole(c) {
                let xy = if (c as usize) < area {
                    xy(c)
                } else {
                    (u32::MAX, u32::MAX)
                };
                return Err(TourneyFailure::NotACell {
                    cycle: i,
                    step: k,
                    xy,
                });
            }
            if let Some(first) = seen[c as usize] {
                return Err(TourneyFailure::Repeated {
                    xy: xy(c),
                    first,
                    second: (i, k),
                });
            }
            seen[c as usize] = Some((i, k));
        }
        for (k, &a) in cycle.iter().enumerate() {
            let z = cycle[(k + 1) % cycle.len()];
            let Some(d) = b.dir_between(a, z) else {
                return Err(TourneyFailure::NotALeap {
                    cycle: i,
                    step: k,
                    from: xy(a),
                    to: xy(z),
                    leaper: b.leaper().to_string(),
                });
            };
            masks[a as usize] |= 1 << d;
            masks[z as usize] |= 1 << b.back(a, d);
        }
    }
    let mut uncovered = (0..area as u32).filter(|&c| !b.is_hole(c) && seen[c as usize].is_none());
    if let Some(first) = uncovered.next() {
        return Err(TourneyFailure::Uncovered {
            xy: xy(first),
            count: 1 + uncovered.count() as u64,
        });
    }
    let grid = MoveGrid::from_masks(b.clone(), masks);
    Ok(VerifiedTourney { tourney: t, grid })
}

/// What a tourney measures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TourneyMetrics {
    /// Cells covered.
    pub cells: u64,
    /// Number of cycles.
    pub cycles: u64,
    /// Every cycle's length, longest first.
    pub lengths: Vec<u64>,
    /// Turns: cells whose two moves are not opposite (as for tours).
    pub turns: u64,
    /// Crossings between any two moves, of one cycle or of two.
    pub crossings: u64,
}

/// Measures a verified tourney.
pub fn measure(t: &VerifiedTourney) -> TourneyMetrics {
    let mut lengths: Vec<u64> = t.cycles.iter().map(|c| c.len() as u64).collect();
    lengths.sort_unstable_by(|a, b| b.cmp(a));
    TourneyMetrics {
        cells: t.cells() as u64,
        cycles: t.cycles.len() as u64,
        lengths,
        turns: metrics::turns(&t.grid),
        crossings: metrics::crossings(&t.grid),
    }
}

/// The cycle lengths as `64` or `4 x 16` (equal lengths counted), longest first.
pub fn lengths_text(lengths: &[u64]) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < lengths.len() {
        let j = i + lengths[i..]
            .iter()
            .take_while(|&&l| l == lengths[i])
            .count();
        parts.push(match j - i {
            1 => lengths[i].to_string(),
            n => format!("{n} x {}", lengths[i]),
        });
        i = j;
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_cycles_cover_the_4x4_board() {
        let v = verify(crate::examples::four_cover()).unwrap();
        assert_eq!(
            v.to_string(),
            "a tourney of 4 closed cycles covering the 4x4 board"
        );
        let m = measure(&v);
        assert_eq!(m.lengths, vec![4, 4, 4, 4]);
        assert_eq!(lengths_text(&m.lengths), "4 x 4");
        assert_eq!(m.cells, 16);
        assert_eq!(m.turns, 16); // no cell's two leaps are opposite
    }

    #[test]
    fn a_tour_is_a_tourney_of_one_cycle() {
        let ring = crate::examples::ring();
        let v = verify(Tourney::of_tour(&ring)).unwrap();
        let m = measure(&v);
        assert_eq!((m.cycles, m.crossings), (1, 16));
        assert_eq!(v.into_inner().into_tour().unwrap().path(), ring.path());
    }

    #[test]
    fn each_failure_is_named() {
        let t = crate::examples::four_cover();
        let with = |f: &dyn Fn(&mut Vec<Vec<u32>>)| {
            let mut c = t.cycles().to_vec();
            f(&mut c);
            verify(Tourney::new(t.board().clone(), c)).unwrap_err()
        };
        assert_eq!(
            with(&|c| {
                c.pop();
            })
            .to_string(),
            "4 cells are in no cycle, the first [3, 0]"
        );
        assert_eq!(
            with(&|c| c[1].swap(0, 1)).to_string(),
            "cycle 1, step 1: [1, 0] to [2, 3] is not a (1, 2) leap"
        );
        assert!(matches!(
            with(&|c| c[3][0] = c[0][0]),
            TourneyFailure::Repeated {
                first: (0, 0),
                second: (3, 0),
                ..
            }
        ));
        assert!(matches!(
            with(&|c| c[2].truncate(2)),
            TourneyFailure::Short { cycle: 2, len: 2 }
        ));
        assert_eq!(with(&|c| c.clear()), TourneyFailure::Empty);
        assert!(matches!(
            with(&|c| c[0][1] = 99),
            TourneyFailure::NotACell { .. }
        ));
    }
}
