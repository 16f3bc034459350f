//! The proof on a board of three or more sides, which has no move grid: every cell
//! exactly once, every step a leap, and the closing leap when the tour claims to be
//! closed, in the order of the 2-D proof. O(cells), one pass over the path.

use std::collections::HashMap;

use super::Failure;
use crate::tour::Tour;

/// The checks of [`super::verify`] on a board of three or more sides: cells on the
/// board and none twice, then the length, then the leaps, then the closing leap.
pub(super) fn check(tour: &Tour) -> Result<(), Failure> {
    let (s, path) = (tour.board(), tour.path());
    let cells = s.cells();
    let mut seen = vec![u32::MAX; cells.min(path.len() as u64 + 1) as usize];
    let mut first_of = HashMap::new();
    for (step, &c) in path.iter().enumerate() {
        if !s.contains(c) {
            return Err(Failure::OffBoard {
                step,
                cell: c,
                board: s.to_string(),
            });
        }
        // Cells past the bitmap's end (a path shorter than the board) are tracked in
        // a map, so memory follows the path, not the board.
        let first = match seen.get_mut(c as usize) {
            Some(slot) if *slot == u32::MAX => {
                *slot = step as u32;
                None
            }
            Some(slot) => Some(*slot as usize),
            None => first_of.insert(c, step),
        };
        if let Some(first) = first {
            return Err(Failure::Repeated {
                cell: s.at(c),
                first,
                second: step,
            });
        }
    }
    if path.len() as u64 != cells {
        return Err(Failure::WrongLength {
            board: s.to_string(),
            expected: cells,
            actual: path.len() as u64,
            hint: String::new(),
        });
    }
    for (i, w) in path.windows(2).enumerate() {
        if !s.is_leap(w[0], w[1]) {
            return Err(Failure::NotALeap {
                step: i + 1,
                from: s.at(w[0]),
                to: s.at(w[1]),
                leaper: s.leaper().to_string(),
            });
        }
    }
    if tour.is_closed() {
        let (first, last) = (path[0], path[path.len() - 1]);
        if path.len() < 3 || !s.is_leap(last, first) {
            return Err(Failure::NotClosed {
                first: s.at(first),
                last: s.at(last),
                leaper: s.leaper().to_string(),
            });
        }
    }
    Ok(())
}
