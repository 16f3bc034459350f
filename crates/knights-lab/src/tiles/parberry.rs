//! The search that found the base tiles of Parberry's divide and conquer
//! (knights-construct's `parberry/tiles.txt`), kept so the data can be re-checked and
//! regenerated: a test checks the file is what the search finds, and with
//! `KNIGHTS_REGENERATE=1` rewrites it.
//!
//! The tile search is knights-construct's depth-first walk with its [`Linked`] rule: a
//! closed tour containing the required moves, Warnsdorff-ordered with random
//! tie-breaks, pruned when an unvisited cell would be stranded, restarted with a new
//! seed when the leap budget runs out.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use knights_construct::engine::{linked_walk, Field, Linked};
use knights_construct::parberry::base_sizes;
use knights_construct::parberry::tiles::{self, quadrant, required_moves, Rc, Tile};
use knights_core::Board;

/// The stored file the tiles are written to, from the repository's root.
pub const STORED: &str = "crates/knights-construct/src/parberry/tiles.txt";

/// The command that regenerates `tiles.txt` (docs/regenerating.md).
pub const REGENERATE: &str = "KNIGHTS_REGENERATE=1 cargo test -p knights-lab tiles::parberry";

/// The board of a tile of `h` rows and `w` columns (missing its top-left cell when
/// `hole`), and the board cell of tile cell `(r, c)` (row from the top).
fn tile_board(h: u32, w: u32, hole: bool) -> Board {
    let board = Board::new(w, h).expect("tile sizes are valid");
    let holes: &[(u32, u32)] = if hole { &[(0, h - 1)] } else { &[] };
    board.with_holes(holes).expect("the corner is on the board")
}

/// The padded cell of tile cell `(r, c)` (row from the top).
fn at(field: &Field, h: u32, (r, c): Rc) -> u32 {
    field.cell(c, h - 1 - r)
}

/// The tile whose visiting order is `path` (padded cells of a tile of `h` rows).
fn tile_of(field: &Field, h: u32, w: u32, path: &[u32], hole: bool, quadrisected: bool) -> Tile {
    let mut order = vec![u32::MAX; (h * w) as usize];
    for (i, &p) in path.iter().enumerate() {
        let (x, y) = field.xy(p);
        order[((h - 1 - y) * w + x) as usize] = i as u32;
    }
    Tile {
        h,
        w,
        hole,
        quadrisected,
        order,
        masks: Vec::new(),
    }
}

/// A structured closed tour of `h` rows by `w` columns (missing the top-left cell when
/// `hole`), from `seed`, or `None` within the budget: the engine's walk with the
/// required moves as links.
fn search(h: u32, w: u32, hole: bool, seed: u64, budget: u64) -> Option<Tile> {
    let mut field = Field::new(&tile_board(h, w, hole)).expect("tiles are small");
    let links = required_moves(h, w, hole).map(|(a, b)| (at(&field, h, a), at(&field, h, b)));
    // Start at the bottom-left corner: its two moves are forced, so the tour leaves
    // along one and comes back along the other.
    let start = field.cell(0, 0);
    let last = field.neighbours(start).filter(|&n| field.is_free(n)).nth(1);
    let mut rule = Linked::new(&field, start, last, &links, seed);
    let path = linked_walk(&mut field, &mut rule, budget)?;
    Some(tile_of(&field, h, w, &path, hole, false))
}

/// A quadrisected closed tour of the `n` x `n` board (`n` even): the path fills the
/// NW quadrant, then NE, SE and SW, ending next to its start. (None exists for n = 8:
/// a 4x4 quadrant has no knight's path through all its cells.)
fn search_quadrisected(n: u32, seed: u64, budget: u64) -> Option<Tile> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut field = Field::new(&tile_board(n, n, false)).expect("tiles are small");
    let cells: Vec<Rc> = (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).collect();
    let mut zone = vec![0u8; field.len()];
    for &rc in &cells {
        zone[at(&field, n, rc) as usize] = quadrant(n, rc);
    }
    // Start in NW next to a cell of SW, which ends the tour.
    let starts: Vec<(u32, u32)> = cells
        .iter()
        .filter(|&&rc| quadrant(n, rc) == 0)
        .flat_map(|&rc| {
            let p = at(&field, n, rc);
            let sw = |q: &u32| field.is_free(*q) && zone[*q as usize] == 3;
            field
                .neighbours(p)
                .filter(sw)
                .map(move |q| (p, q))
                .collect::<Vec<_>>()
        })
        .collect();
    let (start, last) = starts[rng.gen_range(0..starts.len())];
    let per_zone = cells.len() / 4;
    let mut rule =
        Linked::new(&field, start, Some(last), &[], rng.gen()).with_zones(zone, per_zone);
    let path = linked_walk(&mut field, &mut rule, budget)?;
    Some(tile_of(&field, n, n, &path, false, true))
}

/// Searches with fresh seeds until a tile is found.
fn find(h: u32, w: u32, hole: bool) -> Tile {
    let mut rng = ChaCha8Rng::seed_from_u64(((h as u64) << 32) | w as u64 | (hole as u64) << 20);
    loop {
        if let Some(t) = search(h, w, hole, rng.gen(), 200_000) {
            t.check().expect("the search only returns structured tours");
            return t;
        }
    }
}

/// Every tile the construction needs, searched afresh.
pub fn generate() -> Vec<Tile> {
    let (full, corners) = base_sizes();
    let mut out: Vec<Tile> = full.iter().map(|&(h, w)| find(h, w, false)).collect();
    out.extend(corners.iter().map(|&n| find(n, n, true)));
    let mut rng = ChaCha8Rng::seed_from_u64(10);
    out.push(loop {
        if let Some(t) = search_quadrisected(10, rng.gen(), 200_000) {
            t.check()
                .expect("the search only returns quadrisected tours");
            break t;
        }
    });
    out
}

/// The text of `tiles.txt`: a header naming the search, then every tile.
pub fn tiles_txt() -> String {
    let mut text = format!(
        "# Base tiles of Parberry's divide and conquer (crates/knights-construct/src/parberry),\n\
         # found by the search in crates/knights-lab/src/tiles/parberry.rs and checked on load.\n\
         #   {REGENERATE}\n\
         # rewrites this file (docs/regenerating.md).\n\
         # `tile WxH`: W columns, H rows, top row first, each cell its 1-based step.\n\
         # `hole`: the top-left cell is missing; `quadrisected`: the tour fills the\n\
         # quadrants one after another (a small board's quadrisected tour).\n",
    );
    for t in generate() {
        text.push('\n');
        text += &tiles::format(&t);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The stored tiles are exactly what the search finds (`KNIGHTS_REGENERATE=1` writes
    /// them after a change to the search: docs/regenerating.md).
    #[test]
    fn stored_tiles_are_what_the_search_finds() {
        crate::stored::check(STORED, &tiles_txt());
    }
}
