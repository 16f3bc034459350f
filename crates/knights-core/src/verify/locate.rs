//! Where a tour fails: the slower checks that run only once [`super::fast`] has said
//! no, each naming the first step or cell that breaks its rule.

use rayon::prelude::*;

use super::fast::Geometry;
use super::Failure;
use crate::board::Board;
use crate::error::Coords;
use crate::moves::MoveGrid;
use crate::tour::Tour;

/// Every entry is a cell of the board, and none repeats.
pub(super) fn cells(b: &Board, path: &[u32]) -> Result<(), Failure> {
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
    let mut seen = Seen::new(area, path.len());
    for (second, &c) in path.iter().enumerate() {
        if !seen.insert(c) {
            let first = path.iter().position(|&p| p == c).expect("seen before");
            return Err(Failure::Repeated {
                cell: Coords::xy(b.xy(c)),
                first,
                second,
            });
        }
    }
    Ok(())
}

/// The cells met so far: a bitmap of the board, or a hash set when the path is far
/// shorter than the board (a small file may declare a huge board: the work follows
/// the path actually read).
enum Seen {
    Bitmap(Vec<u64>),
    Set(std::collections::HashSet<u32>),
}

impl Seen {
    fn new(area: u64, path_len: usize) -> Seen {
        if area / 64 > path_len as u64 {
            Seen::Set(std::collections::HashSet::with_capacity(path_len))
        } else {
            Seen::Bitmap(vec![0u64; area.div_ceil(64) as usize])
        }
    }

    /// Marks `c`; false if it was marked already.
    fn insert(&mut self, c: u32) -> bool {
        match self {
            Seen::Set(set) => set.insert(c),
            Seen::Bitmap(words) => {
                let (word, bit) = ((c / 64) as usize, 1u64 << (c % 64));
                let fresh = words[word] & bit == 0;
                words[word] |= bit;
                fresh
            }
        }
    }
}

/// The first cell (by number) of the board that `path` does not visit, found in time
/// and memory proportional to the path, not to the board.
fn first_unvisited(b: &Board, path: &[u32]) -> Option<u32> {
    let mut visited = path.to_vec();
    visited.par_sort_unstable();
    visited.dedup();
    let mut next = visited.iter().peekable();
    (0..b.area())
        .map(|c| c as u32)
        .find(|&c| match next.peek() {
            Some(&&v) if v == c => {
                next.next();
                false
            }
            _ => !b.is_hole(c),
        })
}

/// The path lists exactly as many cells as the board has (its entries being distinct
/// cells of the board, checked before).
pub(super) fn length(b: &Board, path: &[u32]) -> Result<(), Failure> {
    let (expected, actual) = (b.cells(), path.len() as u64);
    if expected == actual {
        return Ok(());
    }
    let hint = if actual < expected {
        first_unvisited(b, path)
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

/// Every step is a leap of the board's leaper (its cells being on the board, checked
/// before), by the same test as the fast proof, in parallel.
pub(super) fn leaps(b: &Board, path: &[u32]) -> Result<(), Failure> {
    let g = Geometry::new(b);
    let bad = (0..path.len().saturating_sub(1))
        .into_par_iter()
        .find_first(|&i| !g.leap(path[i], path[i + 1]));
    match bad {
        None => Ok(()),
        Some(i) => Err(Failure::NotALeap {
            step: i + 1,
            from: Coords::xy(b.xy(path[i])),
            to: Coords::xy(b.xy(path[i + 1])),
            leaper: b.leaper().to_string(),
        }),
    }
}

/// The move grid attached to a tour (whose path is proven a tour) holds exactly the
/// path's moves: it is of the same board, each cell's byte is that cell's moves, and
/// the rectangle it declares uniform is.
pub(super) fn grid(tour: &Tour, grid: &MoveGrid) -> Result<(), Failure> {
    let b = tour.board();
    if grid.board() != b {
        return Err(Failure::GridBoard {
            grid: grid.board().to_string(),
            board: b.to_string(),
        });
    }
    let want = super::fast::moves(tour);
    let (have, want) = (grid.masks(), want.masks());
    if let Some(c) = (0..have.len())
        .into_par_iter()
        .find_first(|&c| have[c] != want[c])
    {
        let (x, y) = b.xy(c as u32);
        return Err(Failure::GridMismatch { x, y });
    }
    match grid.straight_breach() {
        Some((x, y)) => Err(Failure::GridStraight { x, y }),
        None => Ok(()),
    }
}

/// Every step that is not a leap (its cells being on the board), in path order.
pub(super) fn every_bad_leap(b: &Board, path: &[u32]) -> Vec<Failure> {
    let g = Geometry::new(b);
    (0..path.len().saturating_sub(1))
        .filter(|&i| !g.leap(path[i], path[i + 1]))
        .map(|i| Failure::NotALeap {
            step: i + 1,
            from: Coords::xy(b.xy(path[i])),
            to: Coords::xy(b.xy(path[i + 1])),
            leaper: b.leaper().to_string(),
        })
        .collect()
}
