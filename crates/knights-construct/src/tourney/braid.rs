//! Parberry's concentric braided tourney (his Tourney program): a square board of even
//! side peeled into rings two cells wide; each ring is covered by four cycles that
//! zigzag around it between its inner and outer lane, two squares on per move, braided
//! into each other; the 4x4 or 6x6 centre left over is covered by a tourney of its own
//! (the four-cover's block, or a 2-factor of the 6x6 board).

use super::cover::lay_block;
use super::factor::two_factor;
use super::links::Links;
use super::Generator;
use knights_core::Board;
use knights_core::{Error, Tour, Unsupported};

/// The concentric braid generator.
pub struct Braid;

/// Lays the four braided cycles of the ring whose outer lane is `o` cells in from the
/// edge of the `n x n` board (`(column, row)` below are `(x, y)`).
fn lay_ring(l: &mut Links, n: u32, o: u32) {
    let b = l.board.clone();
    let at = |row: u32, col: u32| b.index(col, row);
    for k in 0..4 {
        let (mut i, mut j) = (o, o + k);
        let mut moves = Vec::new();
        // Along the first side, the row alternating between the ring's two lanes...
        while j < n - o - 2 {
            let cur = at(i, j);
            i = if i == o { o + 1 } else { o };
            j += 2;
            moves.push((cur, at(i, j)));
        }
        // ...down the second, the column alternating...
        while i < n - o - 2 {
            let cur = at(i, j);
            i += 2;
            j = if j == n - o - 1 { n - o - 2 } else { n - o - 1 };
            moves.push((cur, at(i, j)));
        }
        // ...back along the third...
        while j >= o + 2 {
            let cur = at(i, j);
            i = if i == n - o - 1 { n - o - 2 } else { n - o - 1 };
            j -= 2;
            moves.push((cur, at(i, j)));
        }
        // ...and up the fourth, closing where it started.
        while i >= o + 2 {
            let cur = at(i, j);
            i -= 2;
            j = if j == o { o + 1 } else { o };
            moves.push((cur, at(i, j)));
        }
        if i != o {
            moves.push((at(i, j), at(i - 1, j + 2)));
        }
        for (a, c) in moves {
            l.add(a, c);
        }
    }
}

impl Generator for Braid {
    fn name(&self) -> &'static str {
        "braid"
    }
    fn summary(&self) -> &'static str {
        "concentric rings two cells wide, each covered by four braided cycles, around a 4x4 or 6x6 centre (Parberry's Tourney program, 2019)"
    }
    fn boards(&self) -> &'static str {
        "square boards of even side from 6, no holes"
    }
    fn check(&self, board: &Board) -> Result<(), Error> {
        let n = board.width();
        if n != board.height() || n % 2 == 1 || n < 6 || !board.holes().is_empty() {
            return Err(Unsupported::new(
                self.name(),
                board,
                format!("the concentric braid covers square boards of even side from 6; the {board} board is not one"),
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
        let n = board.width();
        let mut l = Links::empty(board);
        let centre = 4 + n % 4;
        let inner = (n - centre) / 2;
        for o in (0..inner).step_by(2) {
            lay_ring(&mut l, n, o);
        }
        if centre == 4 {
            lay_block(&mut l, inner, inner);
        } else {
            let six = two_factor(&Board::new(6, 6)?)
                .ok_or_else(|| Error::internal("the 6x6 board has a tourney"))?;
            for c in six.cycles() {
                for k in 0..c.len() {
                    let (x, y) = (c[k] % 6, c[k] / 6);
                    let (u, v) = (c[(k + 1) % c.len()] % 6, c[(k + 1) % c.len()] / 6);
                    l.add(
                        board.index(inner + x, inner + y),
                        board.index(inner + u, inner + v),
                    );
                }
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
    fn covers_every_even_square_board_from_6_to_40() {
        for n in (6..=40).step_by(2) {
            let b = Board::new(n, n).unwrap();
            let v = verify(Braid.generate(&b, 0).unwrap()).unwrap_or_else(|f| panic!("{b}: {f}"));
            let m = measure(&v);
            // Four cycles a ring, and the centre's.
            let rings = (n - 4 - n % 4) / 4;
            let cycles = m.cycles.unwrap();
            assert!(cycles.count > 4 * rings as u64, "{b}: {:?}", cycles.lengths);
        }
        assert!(Braid.check(&Board::new(8, 10).unwrap()).is_err());
    }
}
