//! Magic tours: number the cells 1, 2, 3, ... in the order the tour visits them; the
//! tour is semi-magic when every row has the same sum and every column has the same
//! sum, and magic when, on a square board, the two long diagonals have that sum too.
//! Its own module because it reads the visiting order, not the moves: the same closed
//! tour started elsewhere numbers its cells differently.

use serde::Serialize;

use crate::board::Board;
use crate::tour::Tour;

/// How magic a numbering is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// Some row or column sum differs from the others.
    None,
    /// Every row has the same sum, and every column.
    SemiMagic,
    /// Semi-magic on a square board, and both long diagonals sum as the rows do.
    Magic,
}

impl Kind {
    /// `none`, `semi-magic` or `magic`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::None => "none",
            Kind::SemiMagic => "semi-magic",
            Kind::Magic => "magic",
        }
    }
}

/// The sums of the numbered board and what they make of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Magic {
    /// None, semi-magic or magic.
    pub kind: Kind,
    /// The sum of each row, bottom row first.
    pub rows: Vec<u64>,
    /// The sum of each column, left column first.
    pub columns: Vec<u64>,
    /// The sums of the diagonal from the bottom-left corner and of the one from the
    /// top-left corner (square boards only).
    pub diagonals: Option<[u64; 2]>,
}

/// The sum every row must have for `board` to be semi-magic, `N(N + 1) / 2h` when it
/// divides, with `N` the number of cells; likewise for columns with the width.
pub fn constants(board: &Board) -> (Option<u64>, Option<u64>) {
    let n = board.cells();
    let total = n * (n + 1) / 2;
    let share = |parts: u32| {
        total
            .is_multiple_of(parts as u64)
            .then(|| total / parts as u64)
    };
    (share(board.height()), share(board.width()))
}

/// The sums of the board numbered along `path` (cell numbers; the first is 1), and
/// whether they are semi-magic or magic. A board with holes is never magic here: its
/// rows do not hold the same number of cells.
pub fn of_path(board: &Board, path: &[u32]) -> Magic {
    judge(board, Sums::new(board).add(board, 0, path))
}

/// [`of_path`] of a tour's visiting order, read in parallel blocks without writing out
/// the path of a tour built from its grid.
pub fn of_tour(tour: &Tour) -> Magic {
    let board = tour.board();
    let sums = tour.fold_blocks(
        || Sums::new(board),
        |sums, pos, cells| sums.add(board, pos, cells),
        Sums::join,
    );
    judge(board, sums)
}

/// Row, column and diagonal sums of part of a numbering.
struct Sums {
    rows: Vec<u64>,
    columns: Vec<u64>,
    diagonals: [u64; 2],
}

impl Sums {
    fn new(board: &Board) -> Sums {
        Sums {
            rows: vec![0; board.height() as usize],
            columns: vec![0; board.width() as usize],
            diagonals: [0; 2],
        }
    }

    /// Adds the numbers of `cells`, visited from position `pos` on (numbered from 1).
    fn add(mut self, board: &Board, pos: usize, cells: &[u32]) -> Sums {
        let (w, h) = (board.width() as usize, board.height() as usize);
        for (i, &c) in cells.iter().enumerate() {
            let (x, y) = board.xy(c);
            let (x, y) = (x as usize, y as usize);
            let value = (pos + i) as u64 + 1;
            self.rows[y] += value;
            self.columns[x] += value;
            if w == h && x == y {
                self.diagonals[0] += value;
            }
            if w == h && x + y == w - 1 {
                self.diagonals[1] += value;
            }
        }
        self
    }

    fn join(mut self, other: Sums) -> Sums {
        let add = |a: &mut [u64], b: &[u64]| a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
        add(&mut self.rows, &other.rows);
        add(&mut self.columns, &other.columns);
        add(&mut self.diagonals, &other.diagonals);
        self
    }
}

/// What the sums make of the board.
fn judge(board: &Board, sums: Sums) -> Magic {
    let Sums {
        rows,
        columns,
        diagonals,
    } = sums;
    let even = |v: &[u64]| v.windows(2).all(|p| p[0] == p[1]);
    let semi = board.holes().is_empty() && even(&rows) && even(&columns);
    let square = board.width() == board.height();
    let kind = match semi {
        false => Kind::None,
        true if square && diagonals.iter().all(|&d| d == rows[0]) => Kind::Magic,
        true => Kind::SemiMagic,
    };
    Magic {
        kind,
        rows,
        columns,
        diagonals: square.then_some(diagonals),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path_of_beverley() -> Vec<u32> {
        crate::examples::beverley().path().to_vec()
    }

    #[test]
    fn beverleys_tour_is_semi_magic_and_a_tour() {
        let board = Board::new(8, 8).unwrap();
        let path = path_of_beverley();
        let tour = crate::Tour::new(board.clone(), path.clone(), false);
        crate::verify::verify(tour).unwrap();
        let m = of_path(&board, &path);
        assert_eq!(m.kind, Kind::SemiMagic);
        assert_eq!(m.rows, vec![260; 8]);
        assert_eq!(m.columns, vec![260; 8]);
        assert_ne!(m.diagonals.unwrap(), [260, 260]);
        assert_eq!(constants(&board), (Some(260), Some(260)));
    }

    #[test]
    fn a_row_off_by_a_swap_is_not_magic() {
        let board = Board::new(8, 8).unwrap();
        let mut path = path_of_beverley();
        path.swap(0, 1);
        assert_eq!(of_path(&board, &path).kind, Kind::None);
    }

    #[test]
    fn a_magic_square_path_is_magic() {
        // Not a knight's path: the numbering of a 3x3 magic square, which the sums
        // alone judge.
        let board = Board::new(3, 3).unwrap();
        let square = [[8, 1, 6], [3, 5, 7], [4, 9, 2]];
        let mut path = vec![0; 9];
        for (row, line) in square.iter().enumerate() {
            for (x, &n) in line.iter().enumerate() {
                path[n - 1] = board.index(x as u32, 2 - row as u32);
            }
        }
        let m = of_path(&board, &path);
        assert_eq!(m.kind, Kind::Magic);
        assert_eq!(m.diagonals, Some([15, 15]));
    }
}
