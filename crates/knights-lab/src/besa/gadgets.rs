//! The formation algorithm's gadgets: the heel area of the paper's Section 4.2 cut out
//! of a plain formation tour for [`crate::gadget`] to search, and the heels it finds
//! written as pieces (knights-construct's `heels.toml`, the encoding of `pieces.toml`).
//!
//! Two searches, both over the 30 cells of a bottom-edge heel with every heel of the
//! edge holding the same solution:
//! - [`Area::Paper`], the paper's: the four knights start on the heel's first four
//!   cells (the 2x2 block at its top-left, where the formation arrives) and end on its
//!   last four (the four cells right of that block in its top row, where the formation
//!   leaves), in any order; 622 covers, front 21 turns / 31 crossings and 22 / 28.
//! - [`Area::Open`]: the knights' first and last cells in the heel are free too; only
//!   their cells just outside it are fixed. 26,452 covers, front 21 / 27: one heel
//!   better than both of the paper's, which the paper's statement that no heel
//!   minimizes both does not rule out, as it holds for its narrower search.

use std::fmt::Write as _;

use super::encode::{piece_toml, MOVES};
use crate::gadget::{search, Cell, Ending, Options, Outcome, Problem, Solution, Spec};
use knights_construct::besa::cell_moves;
use knights_construct::besa::pieces::piece;

/// The board the heel is cut from: wide enough for a heel with heels on both sides.
const BOARD: (u32, u32) = (64, 24);
/// The column of that heel's left side (heels start at 6 and repeat every 8).
const HEEL_X: i32 = 30;

/// Which heel search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Area {
    /// The paper's: each knight's first and last cell in the heel fixed.
    Paper,
    /// The knights may enter and leave the heel by any move.
    Open,
}

/// The plain tour's moves on [`BOARD`], 0 off it.
fn plain_moves(x: i32, y: i32) -> u8 {
    let (w, h) = BOARD;
    if x < 0 || y < 0 || x >= w as i32 || y >= h as i32 {
        return 0;
    }
    cell_moves(w, h, x as u32, y as u32)
}

/// The board cell of the heel's cell in row `i` from the top and column `j`.
fn heel_cell(i: i32, j: i32) -> Cell {
    (HEEL_X + j, 3 - i)
}

/// The heel-local `(row from the top, column)` of a board cell.
fn local(c: Cell) -> (i32, i32) {
    (3 - c.1, c.0 - HEEL_X)
}

/// The heel area: the 30 cells of a bottom-edge heel; the four knights' cells just
/// before it (a 2x2 block above its left end, on the diagonal the formation comes down)
/// and just after it (the four cells above its left half, on the diagonal it goes up);
/// every heel of the edge holds the same solution.
pub(crate) fn heel_spec(area: Area) -> Spec<'static> {
    let p = piece("heel", false);
    let cells = (0..p.height() as i32)
        .flat_map(|i| (0..p.width() as i32).map(move |j| (i, j)))
        .filter(|&(i, j)| p.at(i as u32, j as u32) != 0)
        .map(|(i, j)| heel_cell(i, j))
        .collect();
    Spec {
        cells,
        entries: [(-1, -2), (-1, -1), (0, -2), (0, -1)]
            .map(|(i, j)| heel_cell(i, j))
            .into(),
        exits: (0..4).map(|j| heel_cell(-1, j)).collect(),
        moves: &plain_moves,
        period: Some((p.width() as i32, 0)),
        free_ports: area == Area::Open,
    }
}

/// The heel problem of `heel_spec`.
pub fn heel_problem(area: Area) -> Problem {
    Problem::new(&heel_spec(area)).expect("the heel area fits the plain tour (tested)")
}

/// Searches the heel area.
pub fn search_heels(area: Area, ending: Ending) -> Outcome {
    let options = Options {
        ending,
        ..Options::default()
    };
    search(&heel_problem(area), &options).expect("the heel area is small")
}

/// The heel piece of a solution, and the piece of the cells just outside the heel whose
/// moves it changes (`None` when it changes none).
fn pieces_of(p: &Problem, sol: &Solution, name: &str, what: &str) -> String {
    let masks = p.masks_of(sol);
    let at = |i: i32, j: i32| {
        masks
            .iter()
            .find(|(c, _)| local(*c) == (i, j))
            .map_or(0, |&(_, m)| m)
    };
    let (cells, ports) = masks.split_at(p.cells().len());
    let changed: Vec<(i32, i32)> = ports
        .iter()
        .filter(|&&(c, m)| m != plain_moves(c.0, c.1))
        .map(|&(c, _)| local(c))
        .collect();
    let heel = piece("heel", false);
    let mut s = piece_toml(
        name,
        &format!(
            "{what}: {} turns and {} crossings per heel. Rotate 180 degrees for the top edge.",
            sol.turns, sol.crossings
        ),
        (0, 0),
        (heel.height() as i32, heel.width() as i32),
        |i, j| {
            if cells.iter().any(|(c, _)| local(*c) == (i, j)) {
                at(i, j)
            } else {
                0
            }
        },
    );
    if !changed.is_empty() {
        let (i0, j0) = (-1, -2);
        s += &piece_toml(
            &format!("{name}_ports"),
            &format!("The cells just outside {name} whose moves into it differ from the plain heel's; pasted at row -1, column -2 of each {name}, after every other piece."),
            (i0, j0),
            (2, 6),
            |i, j| if changed.contains(&(i, j)) { at(i, j) } else { 0 },
        );
    }
    s
}

/// The stored file the heels are written to, from the repository's root.
pub(crate) const STORED: &str = "crates/knights-construct/src/besa/heels.toml";

/// The command that regenerates `heels.toml` (docs/regenerating.md).
pub(crate) const REGENERATE: &str = "KNIGHTS_REGENERATE=1 cargo test -p knights-lab besa::gadgets";

/// The text of `heels.toml`: the first solution (in the search's order) at each point
/// of the two fronts.
pub fn heels_toml() -> String {
    let paper = search_heels(Area::Paper, Ending::Any);
    let open = search_heels(Area::Open, Ending::Any);
    let first = |o: &Outcome, t: u32, c: u32| {
        o.front
            .iter()
            .find(|s| (s.turns, s.crossings) == (t, c))
            .cloned()
    };
    let mut s = format!(
        "# Optimized heels for the formation algorithm, found by the gadget search\n\
         # (crates/knights-lab/src/gadget/) over the heel area of Section 4.2 of Besa, Johnson,\n\
         # Mamano, Osegueda and Williams, \"Taming the Knight's Tour: Minimizing Turns and\n\
         # Crossings\" (2020). Generated by\n\
         #   {REGENERATE}\n\
         # (or `knights gadgets heel --write {STORED}`)\n\
         # and checked by the tests; do not edit. Encoding as in pieces.toml.\n\
         #\n\
         # The paper's search (each knight's first and last heel cell fixed): {} covers, front {:?}.\n\
         # Knights free to enter and leave the heel by any move: {} covers, front {:?}.\n\
         {MOVES}",
        paper.covers,
        paper.points(),
        open.covers,
        open.points(),
    );
    let pp = heel_problem(Area::Paper);
    let op = heel_problem(Area::Open);
    let fronts = [
        (
            &pp,
            first(&paper, 21, 31),
            "heel_turns",
            "The paper's fewest-turns heel",
        ),
        (
            &pp,
            first(&paper, 22, 28),
            "heel_crossings",
            "The paper's fewest-crossings heel",
        ),
        (
            &op,
            open.front.first().cloned(),
            "heel_best",
            "The best heel of the open search",
        ),
    ];
    for (p, sol, name, what) in fronts {
        if let Some(sol) = sol {
            s += &pieces_of(p, &sol, name, what);
        }
    }
    s
}

/// The front of a heel search as a table, with the counts of covers, for
/// `knights gadgets heel`.
pub fn report(area: Area, ending: Ending) -> String {
    let start = std::time::Instant::now();
    let o = search_heels(area, ending);
    let took = start.elapsed().as_secs_f64();
    let what = match area {
        Area::Paper => "the paper's search: each knight's first and last heel cell fixed",
        Area::Open => "open search: knights enter and leave the heel by any move",
    };
    let ending = match ending {
        Ending::Any => "any exit for each knight",
        Ending::Plain => "each knight at the plain heel's exit",
    };
    let plain: u64 = o.tally.values().map(|v| v[0]).sum();
    let (pt, pc) = heel_problem(area).plain_score();
    let mut s = format!(
        "heel area of Besa et al. (2020), Section 4.2: 30 cells, 4 knights\n\
         {what}; {ending}\n\
         {} covers ({plain} ending as the plain heel), {} partial solutions, {took:.2} s\n\
         plain heel: {pt} turns, {pc} crossings\n\n\
         turns  crossings  covers  ending as plain\n",
        o.covers, o.nodes
    );
    for (t, c) in o.points() {
        let [same, other] = o.tally[&(t, c)];
        let _ = writeln!(s, "{t:>5}  {c:>9}  {:>6}  {same:>15}", same + other);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gadget::Unsearchable;
    use knights_core::MoveGrid;

    /// Turns and crossings of the plain board with `masks` pasted over every heel of
    /// the bottom edge, and whether it is still one cycle.
    fn pasted(masks: &[(Cell, u8)]) -> (u64, u64, bool) {
        let (w, h) = BOARD;
        let board = knights_core::Board::new(w, h).unwrap();
        let mut grid: Vec<u8> = (0..w * h).map(|c| cell_moves(w, h, c % w, c / w)).collect();
        for &((x, y), m) in masks {
            for shift in (-24..=16).step_by(8) {
                grid[(y as u32 * w + (x + shift) as u32) as usize] = m;
            }
        }
        let g = MoveGrid::from_masks(board, grid);
        let one = g.first_unmatched().is_none() && g.walk(0).0.len() as u32 == w * h;
        (
            knights_core::metrics::turns(&g),
            knights_core::metrics::crossings(&g),
            one,
        )
    }

    #[test]
    fn the_plain_heel_scores_22_turns_and_32_crossings() {
        for area in [Area::Paper, Area::Open] {
            assert_eq!(heel_problem(area).plain_score(), (22, 32));
        }
    }

    #[test]
    fn the_papers_search_finds_its_two_heels_and_no_heel_with_both() {
        let o = search_heels(Area::Paper, Ending::Any);
        assert_eq!(o.covers, 622);
        assert_eq!(o.points(), [(21, 31), (22, 28)]);
        // Every heel with 21 turns has at least 31 crossings: none has 21 and 28.
        assert!(o.tally.keys().all(|&(t, c)| t > 21 || c >= 31));
        assert!(o.tally.keys().all(|&(t, _)| t >= 21));
        // The optimal heels end as the plain heel does (the paper says so too).
        assert_eq!(o.tally[&(21, 31)], [2, 0]);
        assert_eq!(o.tally[&(22, 28)], [1, 0]);
        let plain = search_heels(Area::Paper, Ending::Plain);
        assert_eq!(plain.covers, 11);
        assert_eq!(plain.points(), o.points());
    }

    #[test]
    fn the_incremental_scores_match_a_recount() {
        for area in [Area::Paper, Area::Open] {
            let p = heel_problem(area);
            for s in search_heels(area, Ending::Any).front {
                assert_eq!(p.score(&s.edges), (s.turns, s.crossings), "{area:?}");
            }
        }
    }

    #[test]
    fn a_spec_that_does_not_fit_the_tour_is_refused() {
        let mut spec = heel_spec(Area::Paper);
        spec.exits.pop();
        assert_eq!(
            Problem::new(&spec).unwrap_err(),
            Unsearchable::Ports {
                entries: 4,
                exits: 3
            }
        );
        let mut spec = heel_spec(Area::Paper);
        spec.cells.pop();
        assert!(Problem::new(&spec).is_err());
        let mut spec = heel_spec(Area::Paper);
        spec.entries[0] = spec.cells[0];
        assert_eq!(Problem::new(&spec).unwrap_err(), Unsearchable::Repeated);
    }

    #[test]
    fn the_open_search_finds_one_heel_better_on_both() {
        let o = search_heels(Area::Open, Ending::Any);
        assert_eq!(o.covers, 26_452);
        assert_eq!(o.points(), [(21, 27)]);
        assert_eq!(o.tally[&(21, 27)], [1, 0]);
    }

    #[test]
    fn each_score_is_what_the_heel_changes_in_a_whole_tour() {
        // Paste each front solution (and the plain heel) over six heels of a real board
        // and measure: the difference per heel is the search's score.
        let plain_problem = heel_problem(Area::Paper);
        let base = pasted(&plain_problem.masks_of(&plain_problem.plain_solution()));
        assert!(base.2);
        for area in [Area::Paper, Area::Open] {
            let p = heel_problem(area);
            for s in search_heels(area, Ending::Any).front {
                let (t, c, one) = pasted(&p.masks_of(&s));
                assert!(one, "{area:?} {s:?}");
                let per = |a: u64, b: u64| (a as i64 - b as i64) / 6;
                assert_eq!(per(t, base.0), s.turns as i64 - 22, "{area:?} {s:?}");
                assert_eq!(per(c, base.1), s.crossings as i64 - 32, "{area:?} {s:?}");
            }
        }
    }

    #[test]
    fn the_stored_heels_are_what_the_search_finds() {
        crate::stored::check(STORED, &heels_toml());
    }
}

/// Widening the search beyond the heel: the left edge's transitions searched like the
/// heels (one vertical edge unit, 2 columns and 4 rows repeated every 4 rows, its ports
/// the cells where the tour's runs through it enter and leave), and the regions the
/// search cannot take yet: a wider edge strip or a taller heel, whose runs pass through
/// the region's own copies.
#[cfg(test)]
mod edge_search {
    use super::*;
    use std::collections::HashSet;

    /// The `(entry, exit)` of each run of the plain tour through `cells`.
    fn runs(cells: &[Cell]) -> Vec<(Cell, Cell)> {
        let dirs = knights_core::Leaper::KNIGHT.dirs();
        let set: HashSet<Cell> = cells.iter().copied().collect();
        let step = |c: Cell, d: usize| (c.0 + dirs[d].0, c.1 + dirs[d].1);
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        for &c in cells {
            let m = plain_moves(c.0, c.1);
            for d in (0..8).filter(|&d| m >> d & 1 == 1) {
                if set.contains(&step(c, d)) || seen.contains(&c) {
                    continue;
                }
                let entry = step(c, d);
                let (mut prev, mut cur) = (entry, c);
                loop {
                    seen.insert(cur);
                    let m = plain_moves(cur.0, cur.1);
                    let next = (0..8)
                        .filter(|&e| m >> e & 1 == 1)
                        .map(|e| step(cur, e))
                        .find(|&n| n != prev)
                        .expect("two moves per cell");
                    if !set.contains(&next) {
                        out.push((entry, next));
                        break;
                    }
                    (prev, cur) = (cur, next);
                }
            }
        }
        out
    }

    fn edge_spec(width: i32, free_ports: bool) -> Spec<'static> {
        // Rows 11..15 of the 64x24 board: the left edge unit in the middle of the edge.
        let cells: Vec<Cell> = (11..15)
            .flat_map(|y| (0..width).map(move |x| (x, y)))
            .collect();
        let r = runs(&cells);
        Spec {
            cells,
            entries: r.iter().map(|p| p.0).collect(),
            exits: r.iter().map(|p| p.1).collect(),
            moves: &plain_moves,
            period: Some((0, 4)),
            free_ports,
        }
    }

    #[test]
    fn the_plain_edge_unit_is_its_only_cover() {
        // 8 turns and 10 crossings per four rows (Section 4.2), and no other way to
        // cover the unit, even when the knights may enter and leave it by any move.
        for free in [false, true] {
            let p = Problem::new(&edge_spec(2, free)).unwrap();
            assert_eq!(p.plain_score(), (8, 10));
            let o = search(&p, &Options::default()).unwrap();
            assert_eq!((o.covers, o.points()), (1, vec![(8, 10)]), "free {free}");
        }
    }

    #[test]
    fn a_wider_edge_region_runs_into_its_copies() {
        // From three columns on, the diagonals through the region enter and leave it in
        // the units above and below: the search as it stands cannot take such a region.
        for width in [3, 4] {
            let e = Problem::new(&edge_spec(width, true)).unwrap_err();
            assert_eq!(e, crate::gadget::Unsearchable::OverlapsCopy);
        }
    }

    #[test]
    fn a_taller_heel_region_runs_into_its_copies() {
        // The heel with the one or two rows above it: the diagonals through those rows
        // enter and leave the region in the neighbouring heels' copies too.
        for extra_rows in [1, 2] {
            let mut cells = heel_spec(Area::Open).cells;
            cells.extend(
                (4..4 + extra_rows).flat_map(|y| (HEEL_X..HEEL_X + 8).map(move |x| (x, y))),
            );
            let r = runs(&cells);
            let spec = Spec {
                cells,
                entries: r.iter().map(|p| p.0).collect(),
                exits: r.iter().map(|p| p.1).collect(),
                moves: &plain_moves,
                period: Some((8, 0)),
                free_ports: true,
            };
            let e = Problem::new(&spec).unwrap_err();
            assert_eq!(e, crate::gadget::Unsearchable::OverlapsCopy);
        }
    }
}
