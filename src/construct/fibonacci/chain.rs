//! Open tours of squares chained into one: each square's tour may be turned, mirrored
//! and walked either way (sixteen ways), and a depth-first search picks, square after
//! square, a way whose first cell is one leap from the previous square's last cell.
//! Bosch and Huang build their larger structured tours this way: square tours whose
//! ends lie near corners, joined by single connecting leaps.

/// An open tour of a `side` x `side` square, as its cells `(x, y)` in order.
#[derive(Clone, Debug)]
pub struct Piece {
    /// The square's side.
    pub side: u32,
    /// The cells in visiting order.
    pub cells: Vec<(u32, u32)>,
}

/// Where a piece goes: its square's bottom-left corner on the board.
pub type Place = (u32, u32);

/// The square's eight symmetries, applied to `(x, y)` in a square of side `n`.
fn orient(k: usize, n: u32, (x, y): (u32, u32)) -> (u32, u32) {
    let m = n - 1;
    let (x, y) = if k & 4 != 0 { (y, x) } else { (x, y) };
    let x = if k & 1 != 0 { m - x } else { x };
    let y = if k & 2 != 0 { m - y } else { y };
    (x, y)
}

/// Whether `(ax, ay)` and `(bx, by)` are a knight's leap apart.
fn leap(a: (u32, u32), b: (u32, u32)) -> bool {
    let (dx, dy) = (a.0.abs_diff(b.0), a.1.abs_diff(b.1));
    (dx, dy) == (1, 2) || (dx, dy) == (2, 1)
}

/// The first and last cell of `piece` placed at `at` in way `way` (0..16: symmetry
/// `way % 8`, walked backwards when `way >= 8`).
fn ends(piece: &Piece, at: Place, way: usize) -> ((u32, u32), (u32, u32)) {
    let put = |c| {
        let (x, y) = orient(way % 8, piece.side, c);
        (at.0 + x, at.1 + y)
    };
    let (first, last) = (piece.cells[0], piece.cells[piece.cells.len() - 1]);
    if way >= 8 {
        (put(last), put(first))
    } else {
        (put(first), put(last))
    }
}

/// One way for each piece such that consecutive pieces are one leap apart, the first
/// piece starting at `start` when given, or `None` when no choice works.
pub fn choose(pieces: &[(Piece, Place)], start: Option<(u32, u32)>) -> Option<Vec<usize>> {
    fn go(
        pieces: &[(Piece, Place)],
        prev: Option<(u32, u32)>,
        start: Option<(u32, u32)>,
        ways: &mut Vec<usize>,
    ) -> bool {
        let Some((piece, at)) = pieces.get(ways.len()) else {
            return true;
        };
        for way in 0..16 {
            let (first, last) = ends(piece, *at, way);
            let fits = match prev {
                Some(p) => leap(p, first),
                None => start.is_none_or(|s| s == first),
            };
            if fits {
                ways.push(way);
                if go(pieces, Some(last), start, ways) {
                    return true;
                }
                ways.pop();
            }
        }
        false
    }
    let mut ways = Vec::new();
    go(pieces, None, start, &mut ways).then_some(ways)
}

/// The cells of all pieces placed and walked the chosen ways, in order.
pub fn cells(pieces: &[(Piece, Place)], ways: &[usize]) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for ((piece, at), &way) in pieces.iter().zip(ways) {
        let put = |&c: &(u32, u32)| {
            let (x, y) = orient(way % 8, piece.side, c);
            (at.0 + x, at.1 + y)
        };
        if way >= 8 {
            out.extend(piece.cells.iter().rev().map(put));
        } else {
            out.extend(piece.cells.iter().map(put));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eight_symmetries_are_distinct_and_keep_the_square() {
        let n = 5;
        let images: Vec<_> = (0..8).map(|k| orient(k, n, (1, 0))).collect();
        let mut distinct = images.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 8);
        assert!(images.iter().all(|&(x, y)| x < n && y < n));
    }
}
