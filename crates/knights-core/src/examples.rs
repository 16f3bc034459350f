//! Small tours that can be checked by hand, for tests, documentation and teaching.

use crate::board::Board;
use crate::tour::Tour;
use crate::tourney::Tourney;

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

/// The 4x4 board, which has no tour, as a tourney of four 4-cycles: the block of
/// Parberry's four-cover.
pub fn four_cover() -> Tourney {
    let b = Board::new(4, 4).expect("4x4 is a board");
    let cycle = |cells: [(u32, u32); 4]| cells.iter().map(|&(x, y)| b.index(x, y)).collect();
    Tourney::new(
        b.clone(),
        vec![
            cycle([(0, 1), (2, 0), (3, 2), (1, 3)]),
            cycle([(1, 0), (3, 1), (2, 3), (0, 2)]),
            cycle([(0, 0), (1, 2), (3, 3), (2, 1)]),
            cycle([(0, 3), (2, 2), (3, 0), (1, 1)]),
        ],
    )
}
