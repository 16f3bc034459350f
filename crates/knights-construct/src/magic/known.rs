//! Semi-magic tours of the chessboard from any start the stored ones reach, at once:
//! the search from a square other than its default one runs for minutes or gives up
//! (issue 39, case 10: `--start 7,7` took most of a minute to give up), while the
//! stored tours, moved by the board's symmetries, start on most squares.
//!
//! Why a moved tour stays semi-magic: a rotation or reflection of the board maps every
//! row onto a row or a column and every column onto a column or a row, carrying each
//! line's numbers with it, so every line still sums to 260; reading the tour backwards
//! numbers step `t` as `65 - t`, and eight numbers summing to 260 become `8 x 65 - 260
//! = 260`. A closed tour may also be numbered from another of its squares, step `t`
//! becoming `t - k` (mod 64): a line's sum then changes by `64 m - 8 k`, with `m` its
//! numbers up to `k`, which keeps it only where every line holds `k / 8` of them. Each
//! candidate's sums are counted again before it is given (the tests also prove every
//! one over all 64 starts).

use knights_core::magic::{self, Kind};
use knights_core::{examples, Board, Tour};

/// A symmetry of the square board of side `n`: where `(x, y)` goes.
type Symmetry = fn(u32, u32, u32) -> (u32, u32);

/// The eight symmetries of the square board.
const SYMMETRIES: [Symmetry; 8] = [
    |_, x, y| (x, y),
    |n, x, y| (n - 1 - x, y),
    |n, x, y| (x, n - 1 - y),
    |n, x, y| (n - 1 - x, n - 1 - y),
    |_, x, y| (y, x),
    |n, x, y| (n - 1 - y, x),
    |n, x, y| (y, n - 1 - x),
    |n, x, y| (n - 1 - y, n - 1 - x),
];

/// The stored semi-magic tours of 8x8 of one kind: the closed one the search finds
/// from (3, 3), or the open one it finds there and Beverley's (1848).
fn stored(closed: bool) -> Vec<Tour> {
    match closed {
        true => vec![examples::magic_8x8()],
        false => vec![examples::magic_8x8_open(), examples::beverley()],
    }
}

/// Every semi-magic numbering the stored tours of that kind give by the moves the
/// module's comment proves, as paths (cell numbers in visiting order).
pub(super) fn numberings(closed: bool) -> Vec<Vec<u32>> {
    let mut all = Vec::new();
    for tour in stored(closed) {
        let board = tour.board();
        let n = board.width();
        for map in SYMMETRIES {
            let mut path: Vec<u32> = tour
                .path()
                .iter()
                .map(|&c| {
                    let (x, y) = board.xy(c);
                    let (x, y) = map(n, x, y);
                    board.index(x, y)
                })
                .collect();
            for backwards in [false, true] {
                if backwards {
                    path.reverse();
                }
                let shifts = if closed { path.len() } else { 1 };
                for k in 0..shifts {
                    let mut p = path.clone();
                    p.rotate_left(k);
                    if magic::of_path(board, &p).kind != Kind::None {
                        all.push(p);
                    }
                }
            }
        }
    }
    all
}

/// A semi-magic tour of `board` (the chessboard), closed or open, starting at
/// `(x, y)`, when a stored one moved there is one.
pub(super) fn from(board: &Board, closed: bool, (x, y): (u32, u32)) -> Option<Tour> {
    let start = board.index(x, y);
    numberings(closed)
        .into_iter()
        .find(|p| p[0] == start)
        .map(|p| Tour::new(board.clone(), p, closed).with_algorithm("magic"))
}

/// The squares a stored tour of that kind starts on, moved, as `(x, y)`.
pub(super) fn starts(board: &Board, closed: bool) -> Vec<(u32, u32)> {
    let mut s: Vec<(u32, u32)> = numberings(closed).iter().map(|p| board.xy(p[0])).collect();
    s.sort_unstable();
    s.dedup();
    s
}
