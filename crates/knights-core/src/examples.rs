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
