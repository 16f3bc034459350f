//! The corners of the best formation tour, searched like its heels, and written as
//! knights-construct's `best_corners.toml` (its `corner_classes` places them).
//!
//! The four corners of the formation tour (the two junctions and the two corner
//! sequences, where the heels of the top and bottom edges meet the transitions of the
//! left and right edges) add a constant number of turns and crossings. Each corner is
//! cut out of the tour with the optimized heels as a box of cells in the board's corner,
//! its ports (the cells just outside it the tour enters it from) fixed and paired as the
//! tour pairs them; [`crate::gadget::search`] then re-covers the box, joining the same
//! pairs, so the patched tour is still one cycle, and keeps the Pareto front of the
//! whole tour's turns and crossings.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;

use super::encode::{piece_toml, MOVES};
use super::error::SearchError;
use super::regions::{closed, ports};
use crate::gadget::{search, Cell, Ending, Options, Outcome, Problem, Solution, Spec};
use knights_construct::besa::corner_classes::{Corner, CORNERS};
use knights_construct::besa::{HeelsOnly, Variant};
use knights_core::Leaper;

/// A board's moves as a closure over a grid, 0 off the board.
fn grid_moves(w: u32, h: u32, layout: &HeelsOnly) -> impl Fn(i32, i32) -> u8 + Sync {
    let grid: Vec<u8> = (0..w * h).map(|c| layout.moves(c % w, c / w)).collect();
    move |x, y| {
        if x < 0 || y < 0 || x >= w as i32 || y >= h as i32 {
            0
        } else {
            grid[(y as u32 * w + x as u32) as usize]
        }
    }
}

/// The box of `cols x rows` cells in `corner` of the `w x h` board, `(x, y)` with `y` up.
fn corner_box(corner: Corner, w: u32, h: u32, cols: i32, rows: i32) -> Vec<Cell> {
    let (w, h) = (w as i32, h as i32);
    let xs = match corner {
        Corner::BottomLeft | Corner::TopLeft => 0..cols,
        _ => w - cols..w,
    };
    let ys = match corner {
        Corner::BottomLeft | Corner::BottomRight => 0..rows,
        _ => h - rows..h,
    };
    ys.flat_map(|y| xs.clone().map(move |x| (x, y))).collect()
}

/// Columns and rows of each corner box (the search of a 7 x 7 box takes minutes).
const BOX: i32 = 6;

/// The board a class is searched on: large enough that the four corners are far apart.
fn reference((wc, hc): (u32, u32)) -> (u32, u32) {
    (64 + wc, 40 + hc)
}

/// One corner problem: the box of a class's reference board with the corner closed under
/// the diagonals that graze it, its ports, the best tour without corner pieces around.
fn corner_problem(corner: Corner, class: (u32, u32)) -> Result<Problem, SearchError> {
    let (w, h) = reference(class);
    let layout = heels_only(w, h)?;
    let moves = grid_moves(w, h, &layout);
    let cells = closed(&corner_box(corner, w, h, BOX, BOX), &moves);
    let (entries, exits) = ports(&cells, &moves)?;
    let spec = Spec {
        cells,
        entries,
        exits,
        moves: &moves,
        period: None,
        free_ports: false,
    };
    Problem::new(&spec).map_err(SearchError::unsearchable(format!("{corner:?} {class:?}")))
}

/// The best tour of the `w x h` board with its heels and without its searched corners.
fn heels_only(w: u32, h: u32) -> Result<HeelsOnly, SearchError> {
    HeelsOnly::new(w, h, Variant::Best).ok_or(SearchError::Unsupported(w, h))
}

/// The exact Pareto front of one corner problem (every knight joined to the exit the
/// tour joins it to, so the patched tour stays one cycle).
fn search_corner(
    corner: Corner,
    class: (u32, u32),
    problem: &Problem,
) -> Result<Outcome, SearchError> {
    let options = Options {
        ending: Ending::Plain,
        bound: true,
        keep: 1,
    };
    search(problem, &options).map_err(SearchError::unsearchable(format!("{corner:?} {class:?}")))
}

/// The stored file the corners are written to, from the repository's root.
pub(crate) const STORED: &str = "crates/knights-construct/src/besa/best_corners.toml";

/// The command that regenerates `best_corners.toml` (docs/regenerating.md).
pub(crate) const REGENERATE: &str =
    "KNIGHTS_REGENERATE=1 cargo test -p knights-lab besa::best_corners";

/// What the search found for one corner and class, and the solution the best tour uses.
pub struct Found {
    /// The corner.
    pub corner: Corner,
    /// `(w mod 8, h mod 4)` of the boards it serves.
    pub class: (u32, u32),
    /// Region cells, knights.
    pub size: (usize, usize),
    /// The tour's own cover of the region.
    pub plain: (u32, u32),
    /// The Pareto front.
    pub front: Vec<(u32, u32)>,
    /// The solution kept: of the front's points no worse than the plain cover on either
    /// count, the one with the fewest turns plus crossings (then fewest turns).
    pub chosen: Solution,
    /// Its masks per region cell, and whether the cell lies on one of the junction's
    /// two runs (then it belongs to the junction's piece).
    masks: BTreeMap<Cell, (u8, bool)>,
}

/// The region cells a run of the tour passes from port `p` until it leaves the region.
fn run_cells(p: Cell, inside: &HashSet<Cell>, moves: &dyn Fn(Cell) -> u8) -> Vec<Cell> {
    let dirs = Leaper::KNIGHT.dirs();
    let next = |c: Cell, not: Cell| {
        (0..8)
            .filter(|&d| moves(c) >> d & 1 == 1)
            .map(|d| (c.0 + dirs[d].0, c.1 + dirs[d].1))
            .find(|&o| o != not && (c != p || inside.contains(&o)))
    };
    let mut out = Vec::new();
    let (mut prev, mut at) = (p, next(p, p));
    while let Some(c) = at.filter(|c| inside.contains(c)) {
        out.push(c);
        (prev, at) = (c, next(c, prev));
    }
    out
}

/// Searches one corner of one class and keeps its solution.
pub(crate) fn find(corner: Corner, class: (u32, u32)) -> Result<Found, SearchError> {
    let problem = corner_problem(corner, class)?;
    let out = search_corner(corner, class, &problem)?;
    let plain = problem.plain_score();
    let chosen = out
        .front
        .iter()
        .filter(|s| s.turns <= plain.0 && s.crossings <= plain.1)
        .min_by_key(|s| (s.turns + s.crossings, s.turns))
        .cloned()
        .ok_or_else(|| SearchError::NothingBetter(format!("{corner:?} {class:?}")))?;
    let (w, h) = reference(class);
    let layout = heels_only(w, h)?;
    let base = grid_moves(w, h, &layout);
    let cells = problem.cells();
    let inside: HashSet<Cell> = cells.iter().copied().collect();
    let solved: HashMap<Cell, u8> = problem.masks_of(&chosen).into_iter().collect();
    let sol_moves = |c: Cell| solved.get(&c).copied().unwrap_or_else(|| base(c.0, c.1));
    let plain_moves = |c: Cell| base(c.0, c.1);
    let in_junction = |c: &Cell| layout.in_junction(c.0 as u32, c.1 as u32);
    // A run of the plain tour through the region that passes the junction: its
    // replacement belongs to the junction.
    let mut junction = HashSet::new();
    for p in ports(cells, &base)?.0 {
        if run_cells(p, &inside, &plain_moves).iter().any(in_junction) {
            junction.extend(run_cells(p, &inside, &sol_moves));
        }
    }
    let masks = cells
        .iter()
        .map(|&c| (c, (solved[&c], corner.junction() && junction.contains(&c))))
        .collect();
    Ok(Found {
        corner,
        class,
        size: (cells.len(), problem.knights()),
        plain,
        front: out.points(),
        chosen,
        masks,
    })
}

/// Every corner of every class, searched.
pub fn find_all() -> Result<Vec<Found>, SearchError> {
    CORNERS
        .iter()
        .flat_map(|&c| c.classes().into_iter().map(move |k| (c, k)))
        .map(|(c, k)| find(c, k))
        .collect()
}

/// The pieces of one found corner: the cells off the junction's runs, then (for a
/// junction corner) the cells on them, each anchored at the corner of the built board.
fn pieces_of(f: &Found) -> String {
    let (x0, x1, y0, y1) = f
        .masks
        .keys()
        .fold((i32::MAX, i32::MIN, i32::MAX, i32::MIN), |a, &(x, y)| {
            (a.0.min(x), a.1.max(x), a.2.min(y), a.3.max(y))
        });
    let size = (y1 - y0 + 1, x1 - x0 + 1);
    let name = f.corner.piece_name(f.class);
    let at = |on_junction: bool| {
        move |i: i32, j: i32| match f.masks.get(&(x0 + j, y1 - i)) {
            Some(&(m, on)) if on == on_junction => m,
            _ => 0,
        }
    };
    let what = format!(
        "{:?} corner for built boards with (w mod 8, h mod 4) = {:?}: {} turns and {} crossings against the plain cover's {} and {}",
        f.corner, f.class, f.chosen.turns, f.chosen.crossings, f.plain.0, f.plain.1
    );
    let mut s = piece_toml(&name, &what, (0, 0), size, at(false));
    if f.corner.junction() {
        s += &piece_toml(
            &format!("{name}_junction"),
            "The cells of the same corner on the junction's two runs (part of the junction for the tour's sections)",
            (0, 0),
            size,
            at(true),
        );
    }
    s
}

/// The text of `best_corners.toml`: a header with every front, then the pieces of each
/// corner whose kept solution is better than the plain cover (the stored file's test
/// compares it; the command line writes `toml_of` of the corners it printed).
#[cfg(test)]
fn best_corners_toml() -> Result<String, SearchError> {
    Ok(toml_of(&find_all()?))
}

/// The text of `best_corners.toml` from the corners found.
pub fn toml_of(found: &[Found]) -> String {
    let mut s = format!(
        "# The corners of the best formation tour (--variant best), found by the gadget search\n\
         # (crates/knights-lab/src/gadget/): each corner of the tour with the optimized heels, a\n\
         # {BOX} x {BOX} box closed under the diagonals grazing it, re-covered joining its ports as\n\
         # the tour joins them. Generated by\n\
         #   {REGENERATE}\n\
         # (or `knights gadgets best-corners --write {STORED}`)\n\
         # and checked by the tests; do not edit. Encoding as in pieces.toml; each piece is\n\
         # anchored at its corner of the built board.\n#\n\
         # corner, (w mod 8, h mod 4): cells, knights; plain cover; Pareto front; kept\n"
    );
    for f in found {
        let _ = writeln!(
            s,
            "#   {:?} {:?}: {}, {}; {:?}; {:?}; {:?}",
            f.corner,
            f.class,
            f.size.0,
            f.size.1,
            f.plain,
            f.front,
            (f.chosen.turns, f.chosen.crossings)
        );
    }
    s += MOVES;
    for f in found
        .iter()
        .filter(|f| (f.chosen.turns, f.chosen.crossings) != f.plain)
    {
        s += &pieces_of(f);
    }
    s
}

/// The table `knights gadgets best-corners` prints.
pub fn report(found: &[Found]) -> String {
    let mut s = String::from(
        "corners of the best formation tour: each a box closed under grazing diagonals, ports paired as the tour pairs them\n\
         corner       w%8 h%4  cells knights  plain     front                              kept\n",
    );
    for f in found {
        let _ = writeln!(
            s,
            "{:<12} {:>3} {:>3}  {:>5} {:>7}  {:<8}  {:<33}  {:?}",
            format!("{:?}", f.corner),
            f.class.0,
            f.class.1,
            f.size.0,
            f.size.1,
            format!("{:?}", f.plain),
            format!("{:?}", f.front),
            (f.chosen.turns, f.chosen.crossings)
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    use rayon::prelude::*;

    use knights_construct::besa::corner_classes::CORNERS_FROM;
    use knights_construct::besa::structure_counts;
    use knights_core::MoveGrid;
    use knights_core::{metrics, Board};

    /// A cell of the `w x h` board at the place of `c` on the reference board `r`,
    /// counted from `corner`.
    fn moved(corner: Corner, c: Cell, r: (u32, u32), (w, h): (u32, u32)) -> Cell {
        let dx = if matches!(corner, Corner::BottomLeft | Corner::TopLeft) {
            0
        } else {
            w as i32 - r.0 as i32
        };
        let dy = if matches!(corner, Corner::BottomLeft | Corner::BottomRight) {
            0
        } else {
            h as i32 - r.1 as i32
        };
        (c.0 + dx, c.1 + dy)
    }

    /// The built boards, from `CORNERS_FROM` on, where a corner's surroundings (its
    /// cells and everything within four cells of them) differ from the reference board's.
    fn differing(from: (u32, u32)) -> Vec<String> {
        let mut out = Vec::new();
        let boards: Vec<(u32, u32)> = (from.0..=80)
            .step_by(2)
            .flat_map(|w| (from.1..=60).map(move |h| (w, h)))
            .collect();
        for corner in CORNERS {
            for class in corner.classes() {
                let r = reference(class);
                let problem = corner_problem(corner, class).unwrap();
                let near: HashSet<Cell> = problem
                    .cells()
                    .iter()
                    .flat_map(|&(x, y)| {
                        (-4..=4).flat_map(move |dx| (-4..=4).map(move |dy| (x + dx, y + dy)))
                    })
                    .collect();
                let rl = heels_only(r.0, r.1).unwrap();
                let rm = grid_moves(r.0, r.1, &rl);
                for &(w, h) in boards
                    .iter()
                    .filter(|&&(w, h)| corner.class_of(w, h) == class)
                {
                    let l = heels_only(w, h).unwrap();
                    let m = grid_moves(w, h, &l);
                    if near.iter().any(|&c| {
                        let d = moved(corner, c, r, (w, h));
                        rm(c.0, c.1) != m(d.0, d.1)
                    }) {
                        out.push(format!("{corner:?} {w}x{h}"));
                    }
                }
            }
        }
        out
    }

    #[test]
    fn every_corner_is_searched_in_the_surroundings_it_is_pasted_in() {
        assert_eq!(differing(CORNERS_FROM), Vec::<String>::new());
    }

    #[test]
    fn the_corners_are_searched_from_the_smallest_board_where_they_fit() {
        // Narrower or lower boards see other surroundings: they keep their corners.
        let (w, h) = CORNERS_FROM;
        let low = differing((w - 2, h - 1));
        assert!(low
            .iter()
            .any(|b| b.ends_with(&format!(" {}x{}", w - 2, h + 8))));
        assert!(low
            .iter()
            .any(|b| b.ends_with(&format!(" {}x{}", w + 4, h - 1))));
    }

    #[test]
    fn the_stored_corners_are_what_the_search_finds() {
        crate::stored::check(STORED, &best_corners_toml().unwrap());
    }

    /// The built board of the `w x h` board: itself, or its transpose when only the
    /// height is even and at least 16.
    fn built(w: u32, h: u32) -> (u32, u32) {
        if w.is_multiple_of(2) && w >= 16 && h >= 12 {
            (w, h)
        } else {
            (h, w)
        }
    }

    /// Whether the best tour of the `w x h` board has the searched corners.
    fn has_corners(w: u32, h: u32) -> bool {
        let (bw, bh) = built(w, h);
        bw >= CORNERS_FROM.0 && bh >= CORNERS_FROM.1
    }

    /// The turns and crossings of the best tour without its searched corners (the tour
    /// the corner search starts from), counted on its move grid.
    fn heels_only_counts(w: u32, h: u32) -> (u64, u64) {
        let layout = heels_only(w, h).unwrap();
        let masks = (0..w * h).map(|c| layout.moves(c % w, c / w)).collect();
        let g = MoveGrid::from_masks(Board::new(w, h).unwrap(), masks);
        (metrics::turns(&g), metrics::crossings(&g))
    }

    /// Each best tour (even widths 16 to 64 with heights 12 to 64, and their
    /// transposes) has the counts of the tour with the optimized heels only, less what
    /// the corner search scored for each of its four corners (nothing below the size
    /// where the corners are pasted). The best tour's counts are knights-construct's
    /// count from its layout, which its tests prove equal to the built tour's.
    #[test]
    fn the_best_tour_saves_what_the_corner_search_scored() {
        let found = find_all().unwrap();
        let saving = |corner: Corner, class| {
            let f = found
                .iter()
                .find(|f| (f.corner, f.class) == (corner, class))
                .unwrap();
            (
                (f.plain.0 - f.chosen.turns) as u64,
                (f.plain.1 - f.chosen.crossings) as u64,
            )
        };
        let mut boards: Vec<(u32, u32)> = (16..=64)
            .step_by(2)
            .flat_map(|w| (12..=64).flat_map(move |h| [(w, h), (h, w)]))
            .collect();
        boards.sort_unstable();
        boards.dedup();
        // Per board: the best tour's (turns, crossings), and the tour's without corners.
        type Counts = ((u64, u64), (u64, u64));
        let counts: HashMap<(u32, u32), Counts> = boards
            .par_iter()
            .map(|&(w, h)| {
                let best = structure_counts(w, h, Variant::Best).unwrap();
                ((w, h), (best, heels_only_counts(w, h)))
            })
            .collect();
        let mut saved_some = 0;
        for (&(w, h), &(got, heels)) in &counts {
            let (bw, bh) = built(w, h);
            let mut want = heels;
            if has_corners(w, h) {
                for corner in CORNERS {
                    let (t, c) = saving(corner, corner.class_of(bw, bh));
                    want = (want.0 - t, want.1 - c);
                }
                saved_some += (want != heels) as u32;
            }
            assert_eq!(got, want, "best {w}x{h}");
        }
        assert!(saved_some > 1400, "{saved_some}");
    }
}
