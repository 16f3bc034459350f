//! Small tours that can be checked by hand, for tests, documentation and teaching.

use crate::board::Board;
use crate::tour::Tour;

/// The cells of [`ring`] in visiting order, as `(x, y)`.
pub const RING: [(u32, u32); 8] = [
    (0, 0),
    (1, 2),
    (2, 0),
    (0, 1),
    (2, 2),
    (1, 0),
    (0, 2),
    (2, 1),
];

/// The smallest closed knight's cycle: the eight outer cells of the 3x3 board, whose
/// centre no knight can reach (it is a hole). Every cell turns, the eight leaps cross
/// 16 times, and the cycle has every symmetry of the square.
pub fn ring() -> Tour {
    let b = Board::new(3, 3)
        .and_then(|b| b.with_holes(&[(1, 1)]))
        .expect("3x3 with its centre missing is a board");
    let path = RING.iter().map(|&(x, y)| b.index(x, y)).collect();
    Tour::new(b, path, true)
}

/// Beverley's open tour of the chessboard (1848), the first semi-magic knight's tour:
/// numbered in visiting order, every row and every column sums to 260 (its diagonals
/// do not). Its step numbers, top row first, as the classic figures print them.
pub const BEVERLEY: [[u32; 8]; 8] = [
    [1, 30, 47, 52, 5, 28, 43, 54],
    [48, 51, 2, 29, 44, 53, 6, 27],
    [31, 46, 49, 4, 25, 8, 55, 42],
    [50, 3, 32, 45, 56, 41, 26, 7],
    [33, 62, 15, 20, 9, 24, 39, 58],
    [16, 19, 34, 61, 40, 57, 10, 23],
    [63, 14, 17, 36, 21, 12, 59, 38],
    [18, 35, 64, 13, 60, 37, 22, 11],
];

/// [`BEVERLEY`]'s tour.
pub fn beverley() -> Tour {
    numbered(&BEVERLEY, false).with_algorithm("beverley")
}

/// The closed semi-magic tour of the chessboard that the `magic` construction's search
/// finds from its default start, (3, 3): every row and every column sums to 260, the
/// diagonals do not. Stored so that the `magic` construction gives it for that request
/// and the gallery's classic figures read it, instead of searching again at every
/// build (a second or two); knights-construct's `magic` tests check that the search
/// still finds exactly it. Step numbers, top row first.
pub const MAGIC_8X8: [[u32; 8]; 8] = [
    [34, 19, 48, 63, 22, 13, 50, 11],
    [47, 62, 35, 20, 49, 10, 23, 14],
    [18, 33, 64, 45, 16, 21, 12, 51],
    [61, 46, 17, 36, 9, 52, 15, 24],
    [32, 7, 60, 1, 44, 25, 38, 53],
    [59, 4, 29, 8, 37, 56, 41, 26],
    [6, 31, 2, 57, 28, 43, 54, 39],
    [3, 58, 5, 30, 55, 40, 27, 42],
];

/// [`MAGIC_8X8`]'s tour, closed.
pub fn magic_8x8() -> Tour {
    numbered(&MAGIC_8X8, true).with_algorithm("magic")
}

/// The open semi-magic tour of the chessboard that the `magic` construction's search
/// finds from (3, 3): open by the tour format's definition (its ends, 1 and 64, are
/// not a leap apart), every row and column summing to 260. Stored for the same reason
/// as [`MAGIC_8X8`]: the search takes tens of seconds unoptimized; knights-construct's
/// `magic` tests check that it still finds exactly it.
pub const MAGIC_8X8_OPEN: [[u32; 8]; 8] = [
    [58, 43, 22, 7, 62, 39, 10, 19],
    [23, 6, 59, 42, 9, 20, 63, 38],
    [44, 57, 8, 21, 40, 61, 18, 11],
    [5, 24, 41, 60, 17, 12, 37, 64],
    [56, 45, 28, 1, 36, 49, 32, 13],
    [25, 4, 53, 48, 29, 16, 35, 50],
    [46, 55, 2, 27, 52, 33, 14, 31],
    [3, 26, 47, 54, 15, 30, 51, 34],
];

/// [`MAGIC_8X8_OPEN`]'s tour, open.
pub fn magic_8x8_open() -> Tour {
    numbered(&MAGIC_8X8_OPEN, false).with_algorithm("magic")
}

/// The tour of an 8x8 board whose step numbers, top row first, are `steps`.
fn numbered(steps: &[[u32; 8]; 8], closed: bool) -> Tour {
    let b = Board::new(8, 8).expect("8x8 is a board");
    let mut path = vec![0; 64];
    for (row, line) in steps.iter().enumerate() {
        for (x, &n) in line.iter().enumerate() {
            path[n as usize - 1] = b.index(x as u32, 7 - row as u32);
        }
    }
    Tour::new(b, path, closed)
}

/// The 4x4 board, which has no tour, as a tourney of four 4-cycles: the block of
/// Parberry's four-cover.
pub fn four_cover() -> Tour {
    let b = Board::new(4, 4).expect("4x4 is a board");
    let cycle = |cells: [(u32, u32); 4]| cells.iter().map(|&(x, y)| b.index(x, y)).collect();
    Tour::tourney(
        b.clone(),
        vec![
            cycle([(0, 1), (2, 0), (3, 2), (1, 3)]),
            cycle([(1, 0), (3, 1), (2, 3), (0, 2)]),
            cycle([(0, 0), (1, 2), (3, 3), (2, 1)]),
            cycle([(0, 3), (2, 2), (3, 0), (1, 1)]),
        ],
    )
}
