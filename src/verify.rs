//! The proof that a tour is a tour: every cell exactly once, every step a legal leap,
//! and the closing leap when it claims to be closed. Nothing is drawn or published
//! without passing through here: [`verify`] is the only way to get a [`Verified`] tour.
//!
//! All checks are O(cells) and run in parallel.

use std::fmt;
use std::ops::Deref;

use rayon::prelude::*;

use crate::board::Board;
use crate::tour::Tour;

/// Why a tour is not a tour, and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Failure {
    /// The path does not have one entry per cell.
    #[error("the path has {actual} cells but the {board} board has {expected}{hint}")]
    WrongLength {
        /// The board, as `WxH`.
        board: String,
        /// Cells the board has.
        expected: u64,
        /// Cells the path lists.
        actual: u64,
        /// A hint on which cells are missing or extra.
        hint: String,
    },
    /// A cell number is off the board.
    #[error("step {step} of the path is cell number {cell}, which is off the {board} board")]
    OffBoard {
        /// The position in the path (from 0).
        step: usize,
        /// The cell number.
        cell: u32,
        /// The board, as `WxH`.
        board: String,
    },
    /// A cell the board does not have.
    #[error("step {step} of the path visits [{x}, {y}], which is a hole of the board")]
    Hole {
        /// The position in the path (from 0).
        step: usize,
        /// Column.
        x: u32,
        /// Row from the bottom.
        y: u32,
    },
    /// A cell visited twice.
    #[error("cell [{x}, {y}] is visited twice, at steps {first} and {second} of the path")]
    Repeated {
        /// Column.
        x: u32,
        /// Row from the bottom.
        y: u32,
        /// The first visit (from 0).
        first: usize,
        /// The second visit.
        second: usize,
    },
    /// A step that is not a leap.
    #[error("step {step} of the path, from [{}, {}] to [{}, {}], is not a {leaper} leap", from.0, from.1, to.0, to.1)]
    NotALeap {
        /// The position of the step's end in the path (from 1).
        step: usize,
        /// Where it leaves.
        from: (u32, u32),
        /// Where it lands.
        to: (u32, u32),
        /// The leaper, as `(1, 2)`.
        leaper: String,
    },
    /// A tour claimed closed whose ends are not a leap apart.
    #[error("the tour claims to be closed, but its last cell [{}, {}] is not a {leaper} leap from its first [{}, {}]", last.0, last.1, first.0, first.1)]
    NotClosed {
        /// The first cell.
        first: (u32, u32),
        /// The last cell.
        last: (u32, u32),
        /// The leaper.
        leaper: String,
    },
}

/// A tour that passed [`verify`]. Read it through `Deref` as a [`Tour`].
#[derive(Clone, Debug)]
pub struct Verified(Tour);

impl Deref for Verified {
    type Target = Tour;
    fn deref(&self) -> &Tour {
        &self.0
    }
}

impl Verified {
    /// Gives the tour back.
    pub fn into_inner(self) -> Tour {
        self.0
    }
}

impl fmt::Display for Verified {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.is_closed() { "closed" } else { "open" };
        write!(f, "a {kind} tour of the {} board", self.board())
    }
}

/// Proves `tour` valid, or says where it is not.
pub fn verify(tour: Tour) -> Result<Verified, Failure> {
    check(&tour)?;
    Ok(Verified(tour))
}

/// The checks of [`verify`] without taking the tour.
pub fn check(tour: &Tour) -> Result<(), Failure> {
    let b = tour.board();
    let path = tour.path();
    check_cells(b, path)?;
    check_length(b, path)?;
    check_leaps(b, path)?;
    if tour.is_closed() {
        let (first, last) = (path[0], path[path.len() - 1]);
        if path.len() < 3 || b.dir_between(last, first).is_none() {
            return Err(Failure::NotClosed {
                first: b.xy(first),
                last: b.xy(last),
                leaper: b.leaper().to_string(),
            });
        }
    }
    Ok(())
}

/// Every entry is a cell of the board, and none repeats.
fn check_cells(b: &Board, path: &[u32]) -> Result<(), Failure> {
    let area = b.area();
    if let Some(step) = path.par_iter().position_first(|&c| c as u64 >= area) {
        return Err(Failure::OffBoard {
            step,
            cell: path[step],
            board: format!("{}x{}", b.width(), b.height()),
        });
    }
    if !b.holes().is_empty() {
        if let Some(step) = path.par_iter().position_first(|&c| b.is_hole(c)) {
            let (x, y) = b.xy(path[step]);
            return Err(Failure::Hole { step, x, y });
        }
    }
    // One sequential pass over a plain bitmap: the path moves locally, so this streams
    // through memory, and it beats atomic bit-sets on shared cores.
    let mut seen = vec![0u64; area.div_ceil(64) as usize];
    for &c in path {
        let (word, bit) = ((c / 64) as usize, 1u64 << (c % 64));
        if seen[word] & bit != 0 {
            return Err(first_repeat(b, path));
        }
        seen[word] |= bit;
    }
    Ok(())
}

/// Locates the first repeated cell (only called once a repeat is known to exist).
fn first_repeat(b: &Board, path: &[u32]) -> Failure {
    let mut first_visit = std::collections::HashMap::new();
    for (i, &c) in path.iter().enumerate() {
        if let Some(&first) = first_visit.get(&c) {
            let (x, y) = b.xy(c);
            return Failure::Repeated {
                x,
                y,
                first,
                second: i,
            };
        }
        first_visit.insert(c, i);
    }
    unreachable!("first_repeat called on a path without repeats")
}

/// The path lists exactly as many cells as the board has (its entries being distinct
/// cells of the board, checked before).
fn check_length(b: &Board, path: &[u32]) -> Result<(), Failure> {
    let (expected, actual) = (b.cells(), path.len() as u64);
    if expected == actual {
        return Ok(());
    }
    let hint = if actual < expected {
        let mut visited = vec![false; b.area() as usize];
        path.iter().for_each(|&c| visited[c as usize] = true);
        let missing = (0..b.area() as u32).find(|&c| !visited[c as usize] && !b.is_hole(c));
        missing
            .map(|c| {
                let (x, y) = b.xy(c);
                format!(" (cell [{x}, {y}] is never visited)")
            })
            .unwrap_or_default()
    } else {
        String::new()
    };
    Err(Failure::WrongLength {
        board: format!("{}x{}", b.width(), b.height()),
        expected,
        actual,
        hint,
    })
}

/// Every step is a leap of the board's leaper. The path is cut into chunks checked in
/// parallel; within a chunk the column is tracked step by step, so there is one
/// division per chunk rather than two per step.
fn check_leaps(b: &Board, path: &[u32]) -> Result<(), Failure> {
    const CHUNK: usize = 1 << 16;
    let table = LeapTable::new(b);
    let bad = (0..path.len().saturating_sub(1))
        .into_par_iter()
        .step_by(CHUNK)
        .find_map_first(|start| {
            let end = (start + CHUNK).min(path.len() - 1);
            let mut x = path[start] % b.width();
            (start..end).find(|&i| match table.dx(b, path[i], x, path[i + 1]) {
                Some(dx) => {
                    x = (x as i64 + dx) as u32;
                    false
                }
                None => true,
            })
        });
    match bad {
        None => Ok(()),
        Some(i) => Err(Failure::NotALeap {
            step: i + 1,
            from: b.xy(path[i]),
            to: b.xy(path[i + 1]),
            leaper: b.leaper().to_string(),
        }),
    }
}

/// The cell-number differences of the eight leaps, to recognise a leap from the
/// difference of two cell numbers and the column it leaves from.
struct LeapTable {
    /// `(cell difference, dx)` per direction.
    leaps: [(i64, i64); 8],
}

impl LeapTable {
    fn new(b: &Board) -> LeapTable {
        let w = b.width() as i64;
        let dirs = b.leaper().dirs();
        LeapTable {
            leaps: std::array::from_fn(|d| {
                let (dx, dy) = (dirs[d].0 as i64, dirs[d].1 as i64);
                (dx + dy * w, dx)
            }),
        }
    }

    /// The column change of the leap from `a` (in column `x`) to `b`, if it is a leap.
    /// The target being on the board is checked elsewhere; the column must not wrap.
    #[inline]
    fn dx(&self, board: &Board, a: u32, x: u32, b: u32) -> Option<i64> {
        let diff = b as i64 - a as i64;
        let w = board.width() as i64;
        self.leaps
            .iter()
            .find(|&&(delta, dx)| delta == diff && (0..w).contains(&(x as i64 + dx)))
            .map(|&(_, dx)| dx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ring() -> (Board, Vec<u32>) {
        // The eight outer cells of a 3x3 board form a closed knight's cycle.
        let b = Board::new(3, 3).unwrap().with_holes(&[(1, 1)]).unwrap();
        let p = [
            (0, 0),
            (1, 2),
            (2, 0),
            (0, 1),
            (2, 2),
            (1, 0),
            (0, 2),
            (2, 1),
        ];
        let path = p.iter().map(|&(x, y)| b.index(x, y)).collect();
        (b, path)
    }

    #[test]
    fn accepts_a_closed_cycle_and_its_open_cut() {
        let (b, path) = ring();
        assert!(verify(Tour::new(b.clone(), path.clone(), true)).is_ok());
        assert!(verify(Tour::new(b, path, false)).is_ok());
    }

    #[test]
    fn names_each_kind_of_failure() {
        let (b, path) = ring();
        let bad = |p: Vec<u32>, closed| check(&Tour::new(b.clone(), p, closed)).unwrap_err();
        let mut p = path.clone();
        p.pop();
        assert!(matches!(bad(p.clone(), false), Failure::WrongLength { .. }));
        assert!(matches!(bad(p, true), Failure::WrongLength { .. }));
        let mut p = path.clone();
        p[7] = p[1];
        assert_eq!(
            bad(p, false),
            Failure::Repeated {
                x: 1,
                y: 2,
                first: 1,
                second: 7
            }
        );
        let mut p = path.clone();
        p[3] = 4;
        assert!(matches!(bad(p, false), Failure::Hole { step: 3, .. }));
        let mut p = path.clone();
        p.swap(2, 3);
        assert!(matches!(bad(p, false), Failure::NotALeap { step: 2, .. }));
        let mut p = path.clone();
        p[0] = 99;
        assert!(matches!(bad(p, false), Failure::OffBoard { step: 0, .. }));
        // Any rotation of a cycle is closed again.
        let p2: Vec<u32> = path[1..].iter().copied().chain([path[0]]).collect();
        assert!(check(&Tour::new(b.clone(), p2, true)).is_ok());
        // Two cells a leap apart are an open path, never a closed tour.
        let two = Board::new(2, 3)
            .unwrap()
            .with_holes(&[(1, 0), (0, 1), (1, 1), (0, 2)])
            .unwrap();
        let p = vec![two.index(0, 0), two.index(1, 2)];
        assert!(check(&Tour::new(two.clone(), p.clone(), false)).is_ok());
        assert!(matches!(
            check(&Tour::new(two, p, true)),
            Err(Failure::NotClosed { .. })
        ));
    }
}
