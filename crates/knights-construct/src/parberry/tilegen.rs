//! The search that found the base tiles in `tiles.txt`, kept so the data can be
//! re-checked and regenerated: a test checks the file is what the search finds, and
//! with `KNIGHTS_REGENERATE=1` rewrites it. Also the search for the move next to a corner tile's hole that
//! the 90-degree symmetric join deletes.
//!
//! The tile search is the engine's depth-first walk with its [`Linked`] rule: a closed
//! tour containing the required moves, Warnsdorff-ordered with random tie-breaks,
//! pruned when an unvisited cell would be stranded, restarted with a new seed when the
//! leap budget runs out.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::split::base_sizes;
use super::tiles::{self, is_knight_move, quadrant, required_moves, Rc, Tile};
use crate::engine::{search as search_walk, Field, Linked, Outcome};
use knights_core::board::Board;

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
    match search_walk(&mut field, &rule.goal(budget), &mut rule) {
        Outcome::Found(path) => Some(tile_of(&field, h, w, &path, hole, false)),
        Outcome::Exhausted | Outcome::OverBudget(_) => None,
    }
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
    match search_walk(&mut field, &rule.goal(budget), &mut rule) {
        Outcome::Found(path) => Some(tile_of(&field, n, n, &path, false, true)),
        Outcome::Exhausted | Outcome::OverBudget(_) => None,
    }
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
fn generate() -> Vec<Tile> {
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

/// The cells next to a corner tile's hole, as offsets from the hole, between which a
/// move could be deleted by the 90-degree join: every move among them for which the
/// join closes one cycle. The join (see `symmetric::sym90`) deletes that move from each
/// quadrant and links each centre cell to the two freed ends a knight's move away.
pub(super) fn hole_moves() -> Vec<(Rc, Rc)> {
    let near: Vec<Rc> = (0..3).flat_map(|r| (0..3).map(move |c| (r, c))).collect();
    let mut out = Vec::new();
    for (i, &a) in near.iter().enumerate() {
        for &b in &near[i + 1..] {
            let legal = a != (0, 0) && b != (0, 0) && is_knight_move(a, b);
            if legal && super::symmetric::sym90_join_closes((a, b)) {
                out.push((a, b));
            }
        }
    }
    out
}

#[test]
fn the_hole_move_is_one_the_search_finds() {
    let found = hole_moves();
    assert!(!found.is_empty());
    let (a, b) = tiles::HOLE_MOVE;
    assert!(
        found.contains(&(a, b)) || found.contains(&(b, a)),
        "{found:?}"
    );
}

#[test]
fn the_data_has_every_needed_tile_and_each_is_checked() {
    let t = tiles::tiles().unwrap();
    let (full, corners) = base_sizes();
    for (h, w) in full {
        assert!(t.get(h, w, false).is_some(), "no {w}x{h} tile");
    }
    for n in corners {
        assert!(t.get(n, n, true).is_some(), "no {n}x{n} corner tile");
    }
    assert!(t.quadrisected(10).is_some());
    // Parsing checked each tile; check again here so a change to `check` is covered.
    for tile in t.iter() {
        tile.check().unwrap();
    }
    // Damaged data is refused with its line.
    let rows: Vec<String> = (0..5)
        .map(|r| {
            (1..=5)
                .map(|c| (r * 5 + c).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let bad = format!(
        "# a 5x6 board numbered row by row\ntile 5x5\n{}\n",
        rows.join("\n")
    );
    let e = tiles::parse(&bad).unwrap_err();
    assert!(
        matches!(&e.fault, tiles::DataFault::Tile(t) if matches!(t.fault, tiles::TileFault::NotKnight(..))),
        "{e:?}"
    );
    let e = e.to_string();
    assert!(
        e.contains("line 2") && e.contains("not a knight's move"),
        "{e}"
    );
    assert!(tiles::parse(tiles::DATA).is_ok());
}

/// The stored tiles are exactly what the search finds (`KNIGHTS_REGENERATE=1` writes
/// them after a change to the search: docs/regenerating.md).
#[test]
fn stored_tiles_are_what_the_search_finds() {
    let mut text = String::from(
        "# Base tiles of Parberry's divide and conquer (crates/knights-construct/src/parberry), found by\n\
         # the search in tilegen.rs and checked on load. KNIGHTS_REGENERATE=1 cargo test\n\
         # --lib parberry::tilegen rewrites this file (docs/regenerating.md).\n\
         # `tile WxH`: W columns, H rows, top row first, each cell its 1-based step.\n\
         # `hole`: the top-left cell is missing; `quadrisected`: the tour fills the\n\
         # quadrants one after another (a small board's quadrisected tour).\n",
    );
    for t in generate() {
        text.push('\n');
        text += &tiles::format(&t);
    }
    tiles::parse(&text).unwrap();
    crate::stored::check("src/parberry/tiles.txt", tiles::DATA, &text);
}
