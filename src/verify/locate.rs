//! Where a tour fails: the slower checks that run only once [`super::fast`] has said
//! no, each naming the first step or cell that breaks its rule.

use rayon::prelude::*;

use super::Failure;
use crate::board::Board;

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
    let mut seen = vec![0u64; area.div_ceil(64) as usize];
    for (second, &c) in path.iter().enumerate() {
        let (word, bit) = ((c / 64) as usize, 1u64 << (c % 64));
        if seen[word] & bit != 0 {
            let first = path.iter().position(|&p| p == c).expect("seen before");
            let (x, y) = b.xy(c);
            return Err(Failure::Repeated {
                x,
                y,
                first,
                second,
            });
        }
        seen[word] |= bit;
    }
    Ok(())
}

/// The path lists exactly as many cells as the board has (its entries being distinct
/// cells of the board, checked before).
pub(super) fn length(b: &Board, path: &[u32]) -> Result<(), Failure> {
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
pub(super) fn leaps(b: &Board, path: &[u32]) -> Result<(), Failure> {
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
