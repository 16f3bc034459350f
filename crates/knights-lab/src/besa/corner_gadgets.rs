//! The pieces of the corner variant (the paper's Section 5.2, whose Figure 21 was lost),
//! found again with the gadget search and written as knights-construct's `corner.toml`.
//!
//! The odd `w x h` board is the formation tour of the `(w - 1) x h` board moved one
//! column right, plus a new leftmost column whose bottom cell stays empty. The new
//! column is split into regions along the left edge, each a few columns wide: the
//! left-edge transitions (one every four rows), the bottom-left junction (its seven
//! bottom rows) and the top-left corner (its top four or six rows, by the corner
//! sequence the height calls for). For each region, in that order and on the tour
//! patched so far, the search covers the region's cells, new ones included, with paths
//! that join the region's ports (the cells just outside it that the tour enters it
//! from) in the pairs the tour joined them. A patch that keeps the pairs keeps the tour
//! one cycle, so no matching has to be chosen at the junction; the junction is also
//! asked to hold the move next to the empty corner that the quarter-turn symmetric join
//! deletes. Of each front the solution with the fewest turns plus crossings is kept.
//! Every region lies within the rows and columns where the formation tour does not
//! depend on the board's width, nor (but for the top corner's two cases) on its height.
//! Where the regions lie is knights-construct's `corner_strip`, which pastes the pieces
//! there.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use super::encode::{digits, MOVES};
use super::error::SearchError;
use super::regions::{closed, ports};
use crate::gadget::{search, Cell, Ending, Options, Problem, Solution, Spec};
use knights_construct::besa::cell_moves;
use knights_construct::besa::corner_strip::{skew, top_rows, COLS, CORNER_MOVE, JUNCTION_ROWS};

/// The stored file the pieces are written to, from the repository's root.
pub(crate) const STORED: &str = "crates/knights-construct/src/besa/corner.toml";

/// The command that regenerates `corner.toml` (docs/regenerating.md).
pub(crate) const REGENERATE: &str =
    "KNIGHTS_REGENERATE=1 cargo test -p knights-lab besa::corner_gadgets";

/// The width of the odd boards the pieces are searched on (any odd width > 16 would
/// do: the regions stay clear of the right-hand pieces).
const SEARCH_WIDTH: u32 = 41;

/// One region to search on a board: its name in the pieces data, its cells, and
/// whether it repeats every four rows up the left edge.
struct Region {
    name: &'static str,
    cells: Vec<Cell>,
    periodic: bool,
}

/// The regions of an odd `w x h` board, in the order they are searched (`(x, y)`, `y`
/// up, the empty cell at `(0, 0)`).
fn regions(h: u32) -> Vec<Region> {
    let h = h as i32;
    let top = top_rows(h as u32);
    let name = if top == 4 {
        "corner_top_seq0"
    } else {
        "corner_top_seq2"
    };
    let strip = |keep: &dyn Fn(i32, i32) -> bool| -> Vec<Cell> {
        (0..h)
            .flat_map(|y| (0..COLS).map(move |x| (x, y)))
            .filter(|&(x, y)| (x, y) != (0, 0) && keep(x, y - skew(x)))
            .collect()
    };
    vec![
        Region {
            name: "corner_edge",
            cells: strip(&|_, y| (JUNCTION_ROWS..JUNCTION_ROWS + 4).contains(&y)),
            periodic: true,
        },
        Region {
            name: "corner_junction",
            cells: strip(&|_, y| y < JUNCTION_ROWS),
            periodic: false,
        },
        Region {
            name,
            cells: strip(&|_, y| y >= h - top),
            periodic: false,
        },
    ]
}

/// The moves the search starts from on the odd `w x h` board: the formation tour of the
/// `(w - 1) x h` board one column right, the new column empty.
fn shifted(w: u32, h: u32) -> impl Fn(i32, i32) -> u8 + Sync {
    move |x, y| {
        if x < 1 || y < 0 || x >= w as i32 || y >= h as i32 {
            0
        } else {
            cell_moves(w - 1, h, x as u32 - 1, y as u32)
        }
    }
}

/// The tour's moves with some cells' moves replaced.
struct Patched<F> {
    base: F,
    cells: HashMap<Cell, u8>,
}

impl<F: Fn(i32, i32) -> u8 + Sync> Patched<F> {
    fn at(&self, x: i32, y: i32) -> u8 {
        self.cells
            .get(&(x, y))
            .copied()
            .unwrap_or_else(|| (self.base)(x, y))
    }
}

/// The searched solution of one region: every cell's moves (region cells only).
fn solve(
    region: &Region,
    moves: &(dyn Fn(i32, i32) -> u8 + Sync),
    require: Option<(Cell, Cell)>,
) -> Result<(Problem, Solution), SearchError> {
    let cells = closed(&region.cells, moves);
    let (entries, exits) = ports(&cells, moves)?;
    let spec = Spec {
        cells,
        entries,
        exits,
        moves,
        period: region.periodic.then_some((0, 4)),
        free_ports: false,
    };
    let mut problem = Problem::new(&spec).map_err(SearchError::unsearchable(region.name))?;
    if let Some((a, b)) = require {
        problem
            .require(a, b)
            .map_err(SearchError::unsearchable(region.name))?;
    }
    let options = Options {
        ending: Ending::Plain,
        bound: true,
        keep: 1,
    };
    let out = search(&problem, &options).map_err(SearchError::unsearchable(region.name))?;
    let best = out
        .front
        .iter()
        .min_by_key(|s| (s.turns + s.crossings, s.turns))
        .cloned()
        .ok_or_else(|| SearchError::NoCover(region.name.into()))?;
    Ok((problem, best))
}

/// A found piece: its name, turns and crossings, and masks by cell `(x, y)`.
struct Found {
    name: &'static str,
    turns: u32,
    crossings: u32,
    masks: BTreeMap<Cell, u8>,
}

/// Searches the regions of the odd `SEARCH_WIDTH x h` board in order, each on the tour
/// patched by the ones before.
fn search_board(h: u32) -> Result<Vec<Found>, SearchError> {
    let w = SEARCH_WIDTH;
    let mut tour = Patched {
        base: shifted(w, h),
        cells: HashMap::new(),
    };
    let mut found = Vec::new();
    for region in regions(h) {
        let require = (region.name == "corner_junction").then_some(CORNER_MOVE);
        let moves = |x, y| tour.at(x, y);
        let (problem, sol) = solve(&region, &moves, require)?;
        let masks: BTreeMap<Cell, u8> = problem
            .masks_of(&sol)
            .into_iter()
            .take(problem.cells().len())
            .collect();
        // Every copy of a periodic region gets the same moves.
        let copies = if region.periodic {
            (0..)
                .take_while(|k| JUNCTION_ROWS + 4 * k + 4 <= h as i32 - top_rows(h))
                .collect()
        } else {
            vec![0]
        };
        for k in copies {
            for (&(x, y), &m) in &masks {
                tour.cells.insert((x, y + 4 * k), m);
            }
        }
        found.push(Found {
            name: region.name,
            turns: sol.turns,
            crossings: sol.crossings,
            masks,
        });
    }
    Ok(found)
}

/// Every piece of the corner variant: the edge and junction (from the first board),
/// and the top corner for both heights mod 4.
fn find_pieces() -> Result<Vec<Found>, SearchError> {
    let mut out = search_board(27)?; // h = 3 mod 4: sequence 0 at the top
    let other = search_board(25)?; // h = 1 mod 4: sequence 2
    for (a, b) in out.iter().zip(&other).take(2) {
        if a.masks != b.masks {
            return Err(SearchError::DependsOnHeight(a.name));
        }
    }
    out.extend(other.into_iter().skip(2));
    Ok(out)
}

/// The text of `corner.toml`.
pub fn corner_toml() -> Result<String, SearchError> {
    let pieces = find_pieces()?;
    let mut s = format!(
        "# The pieces of the corner variant of the formation algorithm (odd boards missing\n\
         # their bottom-left cell: Section 5.2 of Besa, Johnson, Mamano, Osegueda and Williams,\n\
         # \"Taming the Knight's Tour: Minimizing Turns and Crossings\", 2020), found by the\n\
         # gadget search (crates/knights-lab/src/gadget/) on the formation tour moved one\n\
         # column right. Generated by\n\
         #   {REGENERATE}\n\
         # (or `knights gadgets corner --write {STORED}`)\n\
         # and checked by the tests; do not edit. Encoding as in pieces.toml: rows from the\n\
         # top, columns from the left edge of the odd board.\n\
         {MOVES}"
    );
    for p in &pieces {
        let (x1, y0, y1) = p.masks.keys().fold((0, i32::MAX, i32::MIN), |a, &(x, y)| {
            (a.0.max(x), a.1.min(y), a.2.max(y))
        });
        let (width, height) = (x1 + 1, y1 - y0 + 1);
        let _ = write!(
            s,
            "\n[pieces.{}]\ndescription = \"{}: {} turns and {} crossings added, as the search scores them.\"\nwidth = {width}\nheight = {height}\ncells = [\n",
            p.name,
            describe(p.name),
            p.turns,
            p.crossings
        );
        for y in (y0..=y1).rev() {
            let row: Vec<String> = (0..width)
                .map(|x| digits(p.masks.get(&(x, y)).copied().unwrap_or(0)))
                .collect();
            let _ = writeln!(s, "  \"{}\",", row.join(" "));
        }
        s += "]\n";
    }
    Ok(s)
}

/// One line per piece of a pieces file: its name and description.
pub fn report(toml_text: &str) -> String {
    let mut s = String::from(
        "corner variant of the formation algorithm (Section 5.2): the left-edge pieces\n",
    );
    let mut name = "";
    for line in toml_text.lines() {
        if let Some(n) = line.strip_prefix("[pieces.") {
            name = n.trim_end_matches(']');
        } else if let Some(d) = line.strip_prefix("description = ") {
            let _ = writeln!(s, "{name}: {}", d.trim_matches('"'));
        }
    }
    s
}

fn describe(name: &str) -> &'static str {
    match name {
        "corner_edge" => "Left-edge transition over the five left columns, every four rows upwards from row 7 (counted from the bottom; one row lower in columns 3 and 4)",
        "corner_junction" => "Bottom-left junction and the transition above it, over the seven bottom rows; the bottom-left cell is the empty one",
        "corner_top_seq0" => "Top-left corner for heights 3 mod 4 (corner sequence 0), over the top four rows",
        _ => "Top-left corner for heights 1 mod 4 (corner sequence 2), over the top six rows",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stored_corner_pieces_are_what_the_search_finds() {
        crate::stored::check(STORED, &corner_toml().unwrap());
    }

    #[test]
    fn each_region_joins_its_ports_as_the_formation_tour_did() {
        // The plain formation tour re-covers each region exactly (its own pairing), and
        // the junction's solution holds the move the quarter-turn join deletes.
        for h in [25, 27] {
            let base = shifted(SEARCH_WIDTH, h);
            for region in regions(h) {
                let cells = closed(&region.cells, &base);
                let (entries, exits) = ports(&cells, &base).unwrap();
                assert_eq!(entries.len(), exits.len());
                assert!(cells.iter().all(|&(x, y)| x < 7 && y >= 0));
            }
        }
        let pieces = find_pieces().unwrap();
        let junction = &pieces[1].masks;
        let ((ax, ay), (bx, by)) = CORNER_MOVE;
        let d = knights_core::Leaper::KNIGHT
            .dir_of(bx - ax, by - ay)
            .unwrap();
        assert_eq!(junction[&(ax, ay)] >> d & 1, 1);
        assert!(!junction.contains_key(&(0, 0)));
    }
}
