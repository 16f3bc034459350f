//! Parberry's four-cover: a board whose sides are multiples of 4 cut into 4x4 blocks,
//! each covered by the same four 4-cycles of knight's moves (the only tourney of the
//! 4x4 board), as in his Tourney program.

use super::links::Links;
use super::Generator;
use knights_core::Board;
use knights_core::{Error, Tour, Unsupported};

/// The four 4-cycles of a 4x4 block, `(x, y)` from its bottom-left cell.
pub(super) const BLOCK: [[(u32, u32); 4]; 4] = [
    [(0, 1), (2, 0), (3, 2), (1, 3)],
    [(1, 0), (3, 1), (2, 3), (0, 2)],
    [(0, 0), (1, 2), (3, 3), (2, 1)],
    [(0, 3), (2, 2), (3, 0), (1, 1)],
];

/// Lays the four 4-cycles of [`BLOCK`] with their bottom-left cell at `(x0, y0)`.
pub(super) fn lay_block(l: &mut Links, x0: u32, y0: u32) {
    let b = l.board.clone();
    for cycle in BLOCK {
        for k in 0..4 {
            let (x, y) = cycle[k];
            let (u, v) = cycle[(k + 1) % 4];
            l.add(b.index(x0 + x, y0 + y), b.index(x0 + u, y0 + v));
        }
    }
}

/// The four-cover generator.
pub struct FourCover;

impl Generator for FourCover {
    fn name(&self) -> &'static str {
        "four-cover"
    }
    fn summary(&self) -> &'static str {
        "every 4x4 block covered by four 4-cycles (Parberry's Tourney program, 2019)"
    }
    fn boards(&self) -> &'static str {
        "both sides multiples of 4, no holes"
    }
    fn check(&self, board: &Board) -> Result<(), Error> {
        if !board.width().is_multiple_of(4)
            || !board.height().is_multiple_of(4)
            || !board.holes().is_empty()
        {
            return Err(Unsupported::new(
                self.name(),
                board,
                format!(
                    "the four-cover tiles boards whose sides are multiples of 4 with 4x4 blocks; the {board} board is not one"
                ),
            )
            .into());
        }
        Ok(())
    }
    /// Every board it covers gets its tourney: no flow needed.
    fn constructs(&self) -> bool {
        true
    }
    fn generate(&self, board: &Board, _seed: u64) -> Result<Tour, Error> {
        let mut l = Links::empty(board);
        for y0 in (0..board.height()).step_by(4) {
            for x0 in (0..board.width()).step_by(4) {
                lay_block(&mut l, x0, y0);
            }
        }
        Ok(l.tourney())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use knights_core::metrics::measure;
    use knights_core::verify::verify;

    #[test]
    fn covers_every_board_of_sides_multiples_of_4() {
        for w in (4..=40).step_by(4) {
            for h in (4..=24).step_by(4) {
                let b = Board::new(w, h).unwrap();
                let v = verify(FourCover.generate(&b, 0).unwrap()).unwrap();
                let cycles = measure(&v).cycles.unwrap();
                assert_eq!(cycles.lengths, vec![4; (w * h / 4) as usize]);
            }
        }
        assert!(FourCover.check(&Board::new(8, 6).unwrap()).is_err());
    }
}
