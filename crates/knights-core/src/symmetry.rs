//! Symmetry of a tour: whether the set of its moves maps to itself under a quarter
//! turn, a half turn or a reflection of the board. Parberry's symmetric variants claim
//! these; the gallery reports them. Linear time: each cell's move bits are compared
//! with those of its image.

use std::collections::HashSet;

use rayon::prelude::*;
use serde::Serialize;

use crate::moves::MoveGrid;
use crate::Tour;

/// The symmetries of a tour's set of moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Symmetry {
    /// Invariant under a quarter turn (square boards only).
    pub quarter_turn: bool,
    /// Invariant under a half turn.
    pub half_turn: bool,
    /// Invariant under at least one of the four reflections (the two axes, and on
    /// square boards the two diagonals).
    pub mirror: bool,
}

/// An isometry of the board: `(x, y)` goes to `(xx * x + xy * y + tx, yx * x + yy * y + ty)`.
#[derive(Clone, Copy)]
struct Map {
    xx: i64,
    xy: i64,
    yx: i64,
    yy: i64,
    tx: i64,
    ty: i64,
}

impl Map {
    fn vector(self, (dx, dy): (i64, i64)) -> (i64, i64) {
        (self.xx * dx + self.xy * dy, self.yx * dx + self.yy * dy)
    }

    fn point(self, p: (i64, i64)) -> (i64, i64) {
        let (x, y) = self.vector(p);
        (x + self.tx, y + self.ty)
    }
}

/// The symmetries of `tour`'s moves (none when a step is not a leap). For a verified
/// tour, [`of_moves`] of its grid reads the grid it already has.
pub fn symmetry(tour: &Tour) -> Symmetry {
    tour.grid().map(of_moves).unwrap_or_default()
}

/// The symmetries of a tour's moves.
pub fn of_moves(grid: &MoveGrid) -> Symmetry {
    let b = grid.board();
    let (w, h) = (b.width() as i64 - 1, b.height() as i64 - 1);
    let square = w == h;
    let map = |xx, xy, yx, yy, tx, ty| Map {
        xx,
        xy,
        yx,
        yy,
        tx,
        ty,
    };
    let inv = |m: Map| invariant(grid, m);
    Symmetry {
        quarter_turn: square && inv(map(0, 1, -1, 0, 0, w)),
        half_turn: inv(map(-1, 0, 0, -1, w, h)),
        mirror: inv(map(-1, 0, 0, 1, w, 0))
            || inv(map(1, 0, 0, -1, 0, h))
            || (square && (inv(map(0, 1, 1, 0, 0, 0)) || inv(map(0, -1, -1, 0, w, w)))),
    }
}

/// Whether `m` carries the moves of every cell onto the moves of its image.
fn invariant(grid: &MoveGrid, m: Map) -> bool {
    let b = grid.board();
    let dirs = b.leaper().dirs();
    let mut image = [0u8; 8];
    for (d, &(dx, dy)) in dirs.iter().enumerate() {
        let (ix, iy) = m.vector((dx as i64, dy as i64));
        match b.leaper().dir_of(ix as i32, iy as i32) {
            Some(e) => image[d] = 1 << e,
            None => return false,
        }
    }
    let lut: Vec<u8> = (0..256usize)
        .map(|mask| {
            (0..8)
                .filter(|d| mask & (1 << d) != 0)
                .fold(0, |a, d| a | image[d])
        })
        .collect();
    let masks = grid.masks();
    let w = b.width() as usize;
    masks.par_chunks(w).enumerate().all(|(y, row)| {
        row.iter().enumerate().all(|(x, &mask)| {
            let (ix, iy) = m.point((x as i64, y as i64));
            lut[mask as usize] == masks[iy as usize * w + ix as usize]
        })
    })
}

/// The symmetry by brute force: every move mapped and looked up in a hash set. Slow;
/// the check of [`symmetry`] in tests.
pub fn by_brute_force(tour: &Tour) -> Symmetry {
    let b = tour.board();
    let (w, h) = (b.width() as i64 - 1, b.height() as i64 - 1);
    let p = tour.path();
    let xy = |c: u32| {
        let (x, y) = b.xy(c);
        (x as i64, y as i64)
    };
    let n = p.len();
    let count = if tour.is_closed() { n } else { n - 1 };
    let edges: HashSet<_> = (0..count)
        .map(|i| {
            let (a, c) = (xy(p[i]), xy(p[(i + 1) % n]));
            (a.min(c), a.max(c))
        })
        .collect();
    let holds = |f: &dyn Fn((i64, i64)) -> (i64, i64)| {
        edges.iter().all(|&(a, c)| {
            let (a, c) = (f(a), f(c));
            edges.contains(&(a.min(c), a.max(c)))
        })
    };
    let sq = w == h;
    Symmetry {
        quarter_turn: sq && holds(&|(x, y)| (y, w - x)),
        half_turn: holds(&|(x, y)| (w - x, h - y)),
        mirror: holds(&|(x, y)| (w - x, y))
            || holds(&|(x, y)| (x, h - y))
            || (sq && (holds(&|(x, y)| (y, x)) || holds(&|(x, y)| (h - y, w - x)))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ring_of_the_3x3_board_has_every_symmetry() {
        let t = crate::examples::ring();
        let all = Symmetry {
            quarter_turn: true,
            half_turn: true,
            mirror: true,
        };
        assert_eq!(symmetry(&t), all);
        assert_eq!(by_brute_force(&t), all);
        // Cut open, the path loses every symmetry but the mirror through its cut.
        let open = Tour::new(t.board().clone(), t.path().to_vec(), false);
        assert_eq!(symmetry(&open), by_brute_force(&open));
        assert!(!symmetry(&open).quarter_turn);
    }
}
