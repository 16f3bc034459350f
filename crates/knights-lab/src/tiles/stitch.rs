//! The search that found the special tiles of the stitched tours (knights-construct's
//! `stitch/tiles.txt`; run by a test, never when building a tour). It is the plain
//! search of Leslie-Hurd's "Large Knight's Tours":
//! Warnsdorff's rule (try the cell with the fewest onward leaps first) with
//! backtracking under a budget of 100 leaps per cell, restarting with fresh random
//! tie-breaks when the budget runs out, here with the tiles' join edges forced in: the
//! engine's walk with its [`Linked`] rule. Of the first [`TRIES`] tours it finds for a
//! rectangle it keeps the one with the fewest turns, then crossings, so that the
//! stitched tours are as calm as these tiles allow. Seeded, so it finds the same tiles
//! every time.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use knights_construct::engine::{linked_walk, Field, Linked};
use knights_construct::stitch::tiles::{self, sizes, Side, Tile};
use knights_core::metrics;
use knights_core::Board;
use knights_core::MoveGrid;

/// How many tours of each rectangle the search finds before keeping the best.
pub const TRIES: usize = 200;

/// A tour of the `w` x `h` rectangle holding the join edges of its sides: closed
/// starting at `(0, 0)`, or open starting at `(w - 1, 0)` when both sides are odd; of
/// [`TRIES`] found, the one with the fewest turns, then crossings.
pub fn find_tile(w: u32, h: u32) -> Vec<u32> {
    let mut rng = ChaCha8Rng::seed_from_u64(u64::from(w * 100 + h));
    let board = Board::new(w, h).expect("tile sizes are valid");
    let closed = !Tile::is_open_size(w, h);
    let score = |path: &[u32]| {
        let g = MoveGrid::from_path(&board, path, closed).expect("the search leaps");
        (metrics::turns(&g), metrics::crossings(&g))
    };
    let found = std::iter::repeat_with(|| attempt(&board, closed, rng.gen()));
    let tours = found.flatten().take(TRIES);
    tours.min_by_key(|p| score(p)).expect("TRIES is positive")
}

/// One walk with the random order of `seed`: the tour (board cells) or `None` when
/// the budget ran out or no tour holds the edges.
fn attempt(board: &Board, closed: bool, seed: u64) -> Option<Vec<u32>> {
    let (w, h) = (board.width(), board.height());
    let mut field = Field::new(board).expect("tiles are small");
    let sides: &[Side] = if closed {
        &[Side::Left, Side::Right, Side::Bottom, Side::Top]
    } else {
        &[Side::Left, Side::Top]
    };
    let links: Vec<(u32, u32)> = sides
        .iter()
        .map(|side| {
            let [(ax, ay), (bx, by)] = side.edge(w, h);
            (field.cell(ax, ay), field.cell(bx, by))
        })
        .collect();
    // A closed tour leaves the corner (0, 0) along one of its two leaps and comes
    // back along the other, the last.
    let start = if closed {
        field.cell(0, 0)
    } else {
        field.cell(w - 1, 0)
    };
    let last = closed.then(|| {
        let mut leaps = field.neighbours(start).filter(|&n| field.is_free(n));
        leaps.nth(1).expect("a corner of a tile has two leaps")
    });
    let mut rule = Linked::new(&field, start, last, &links, seed);
    let path = linked_walk(&mut field, &mut rule, 100 * board.cells())?;
    Some(path.into_iter().map(|p| field.board_cell(p)).collect())
}

/// The stored file the tiles are written to, from the repository's root.
pub const STORED: &str = "crates/knights-construct/src/stitch/tiles.txt";

/// The text of `tiles.txt`: every size's tile, as knights-construct writes them.
pub fn tiles_txt() -> String {
    let found: Vec<Tile> = sizes()
        .map(|(w, h)| {
            let path = find_tile(w, h);
            Tile::new(w, h, !Tile::is_open_size(w, h), path).expect("the search keeps the rules")
        })
        .collect();
    tiles::format(&found)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The stored tiles are exactly what the search finds (`KNIGHTS_REGENERATE=1`
    /// writes them after a change to the search: docs/regenerating.md).
    #[test]
    fn stored_tiles_are_what_the_search_finds() {
        crate::stored::check(STORED, &tiles_txt());
    }
}
