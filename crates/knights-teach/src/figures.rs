//! The formation algorithm explained in pictures, made from its own data: the quartet
//! moves, the junctions, the heel, the corner sequences and the optimized heels, each a
//! [`Fragments`] drawing of one piece as the construction places it on a real board.
//!
//! Every drawing starts from the pieces data (`pieces.toml`, `heels.toml`): the piece's
//! cells and their moves, placed where the layout rules put them. The paths are what
//! those moves make (see [`Fragments::from_masks`]), coloured by the section of the
//! built, verified tour they belong to; the piece's moves are compared with that tour
//! cell by cell, and a drawing whose piece the tour does not hold as it is says it is
//! partial. The turn and crossing marks of the heels are those of [`knights_core::metrics`]
//! on the whole tour, taken over eight columns of the bottom edge: one heel's share.

use std::collections::BTreeMap;

use crate::fragments::{Fragment, Fragments};
use knights_construct::besa::pieces::{background, piece, Piece};
use knights_construct::besa::{build, Variant};
use knights_core::metrics;
use knights_core::verify::{self, Verified};
use knights_core::Region;
use knights_core::{Board, Error};

/// One drawing: a file name, a caption, and the fragments.
#[derive(Clone, Debug)]
pub struct Figure {
    /// A short name for the file (`heel`, `quartet-diagonal`, ...).
    pub name: String,
    /// What the drawing shows, in a sentence or two.
    pub caption: String,
    /// The drawing's data.
    pub fragments: Fragments,
}

/// A built, verified formation tour and where each cell is on it.
struct Built {
    tour: Verified,
    step_of: Vec<u32>,
}

impl Built {
    fn new(w: u32, h: u32, variant: Variant) -> Result<Built, Error> {
        let tour = verify::constructed(build(&Board::new(w, h)?, variant)?)?;
        let mut step_of = vec![0; tour.path().len()];
        for (i, &c) in tour.path().iter().enumerate() {
            step_of[c as usize] = i as u32;
        }
        Ok(Built { tour, step_of })
    }

    fn board(&self) -> &Board {
        self.tour.board()
    }

    /// The board cell of built row `i` (from the top) and column `j`.
    fn cell(&self, i: u32, j: u32) -> u32 {
        let b = self.board();
        b.index(j, b.height() - 1 - i)
    }

    /// The section name of the tour at `cell`.
    fn section(&self, cell: u32) -> String {
        let s = self.tour.sections().expect("formation tours have sections");
        let label = s.labels()[self.step_of[cell as usize] as usize];
        s.names()[label as usize].clone()
    }

    /// The cells of `p` (turned when `rotated`) pasted at row `i0`, column `j0`, with
    /// their moves.
    fn placed(&self, p: &Piece, i0: u32, j0: u32) -> BTreeMap<u32, u8> {
        let mut m = BTreeMap::new();
        for a in 0..p.height() {
            for b in 0..p.width() {
                if p.at(a, b) != 0 {
                    m.insert(self.cell(i0 + a, j0 + b), p.at(a, b));
                }
            }
        }
        m
    }

    /// How many cells of `masks` hold other moves in the tour.
    fn differing(&self, masks: &BTreeMap<u32, u8>) -> usize {
        let grid = self.tour.grid().masks();
        masks
            .iter()
            .filter(|(&c, &m)| grid[c as usize] != m)
            .count()
    }

    /// The drawing of the piece `masks`: its paths, named by the tour's sections, over
    /// the piece, where the paths lead and the `marks` (turn cells, crossing points),
    /// the tour's other moves there drawn faintly.
    fn piece(&self, masks: &BTreeMap<u32, u8>, marks: Marks) -> Result<Fragments, Error> {
        let b = self.board();
        let differing = self.differing(masks);
        let spread = masks.keys().copied().collect::<Vec<_>>();
        let region = around(b, &spread, 1);
        let label = |cells: &[u32]| {
            let inside = cells.iter().find(|c| masks.contains_key(c));
            self.section(*inside.expect("a path has a cell of the piece"))
        };
        let f = Fragments::from_masks(b, region, masks, label)?;
        let drawn: Vec<u32> = f.paths().iter().flat_map(|p| p.cells.clone()).collect();
        let region = around(b, &drawn, 0);
        let (turns, crossings) = marks;
        let f = Fragments::from_masks(b, region, masks, label)?.with_marks(turns, crossings);
        let region = f.region();
        let mut context = Vec::new();
        let grid = self.tour.grid().masks();
        for y in region.y0..=region.y1 {
            for x in region.x0..=region.x1 {
                let a = b.index(x, y);
                if masks.contains_key(&a) {
                    continue;
                }
                for d in 0..8 {
                    if grid[a as usize] >> d & 1 == 0 {
                        continue;
                    }
                    let Some(c) = b.step(a, d) else { continue };
                    let once = a < c || !region.contains(b.xy(c));
                    if once && !masks.contains_key(&c) {
                        context.push([a, c]);
                    }
                }
            }
        }
        let f = f.with_context(context);
        Ok(if differing == 0 {
            f
        } else {
            f.partial(&format!(
                "{differing} of its cells hold other moves in the tour"
            ))
        })
    }
}

/// Turn cells and crossing points to mark on a drawing.
type Marks = (Vec<u32>, Vec<(f64, f64)>);

/// The smallest region holding `cells`, grown by `margin` within the board.
fn around(b: &Board, cells: &[u32], margin: u32) -> Region {
    let xy: Vec<(u32, u32)> = cells.iter().map(|&c| b.xy(c)).collect();
    let r = Region {
        x0: xy.iter().map(|p| p.0).min().unwrap_or(0),
        y0: xy.iter().map(|p| p.1).min().unwrap_or(0),
        x1: xy.iter().map(|p| p.0).max().unwrap_or(0),
        y1: xy.iter().map(|p| p.1).max().unwrap_or(0),
    };
    r.grown(margin, b)
}

/// The board every drawing but the corners and junctions is cut from: its bottom edge
/// has heels at columns 6, 14, 22 and 30, its left edge a double move at rows 9 to 12.
const BOARD: (u32, u32) = (48, 24);
/// The heel drawn: the second of the bottom edge, at built row `h - 4`, column 14.
const HEEL_COLUMN: u32 = 14;

/// A quartet move: the four knights on the 2x2 block at built row `i`, column `j`, move
/// to the block `(di, dj)` away, each by the move `masks` gives its cell into the new
/// block (or staying, when its cell is in both).
fn quartet(
    built: &Built,
    masks: &BTreeMap<u32, u8>,
    (i, j): (u32, u32),
    (di, dj): (i32, i32),
) -> Result<Fragments, Error> {
    let b = built.board();
    let block = |i: u32, j: u32| [(i, j), (i, j + 1), (i + 1, j), (i + 1, j + 1)];
    let from = block(i, j).map(|(i, j)| built.cell(i, j));
    let (ti, tj) = ((i as i32 + di) as u32, (j as i32 + dj) as u32);
    let to = block(ti, tj).map(|(i, j)| built.cell(i, j));
    let mut paths = Vec::new();
    for (k, &a) in from.iter().enumerate() {
        let label = format!("knight {}", k + 1);
        if to.contains(&a) {
            paths.push(Fragment {
                label,
                cells: vec![a],
            });
            continue;
        }
        let m = masks.get(&a).copied().unwrap_or(0);
        let target = (0..8)
            .filter(|d| m >> d & 1 == 1)
            .filter_map(|d| b.step(a, d))
            .find(|c| to.contains(c) && !from.contains(c));
        if let Some(c) = target {
            paths.push(Fragment {
                label,
                cells: vec![a, c],
            });
        }
    }
    let cells: Vec<u32> = from.iter().chain(&to).copied().collect();
    let f = Fragments::new(b, around(b, &cells, 1), cells, paths)?;
    let differing = built.differing(&from.iter().map(|&c| (c, masks[&c])).collect());
    Ok(if differing == 0 {
        f
    } else {
        f.partial("the moves are not the tour's")
    })
}

/// The four quartet moves, from the pieces data: the diagonal move is the background,
/// the straight moves up are the two halves of the left edge's double move, and the
/// straight move sideways is the first move of the heel.
pub fn quartet_moves() -> Result<Vec<Figure>, Error> {
    let (w, h) = BOARD;
    let built = Built::new(w, h, Variant::Plain)?;
    let bg: BTreeMap<u32, u8> = (10..12)
        .flat_map(|i| (20..22).map(move |j| (i, j)))
        .map(|(i, j)| (built.cell(i, j), background()))
        .collect();
    let edge = built.placed(piece("vertical_edge", false), 9, 0);
    let heel = built.placed(piece("heel", false), h - 4, HEEL_COLUMN);
    let figure = |name: &str, caption: &str, f| Figure {
        name: name.into(),
        caption: caption.into(),
        fragments: f,
    };
    Ok(vec![
        figure(
            "quartet-diagonal",
            "Diagonal move: all four knights leap.",
            quartet(&built, &bg, (10, 20), (1, 2))?,
        ),
        figure(
            "quartet-straight",
            "Straight move up: two knights leap, two stay.",
            quartet(&built, &edge, (11, 0), (-1, 0))?,
        ),
        figure(
            "quartet-sideways",
            "Straight move sideways: two leap, two stay.",
            quartet(&built, &heel, (h - 2, HEEL_COLUMN), (0, 1))?,
        ),
        figure(
            "quartet-double",
            "Double straight move up: all four leap.",
            quartet(&built, &edge, (11, 0), (-2, 0))?,
        ),
    ])
}

/// The two junctions of the 30x30 board of the paper's Figure 3: the bottom-left one
/// (always the same) and the top-right one of height 5.
pub fn junctions() -> Result<Vec<Figure>, Error> {
    let built = Built::new(30, 30, Variant::Plain)?;
    let bl = built.placed(piece("junction_h5_horizontal", false), 25, 0);
    let tr_piece = piece("junction_h5_vertical", true);
    let tr = built.placed(tr_piece, 0, 30 - tr_piece.width());
    Ok(vec![
        Figure {
            name: "junction-bottom-left".into(),
            caption: "The bottom-left junction: the four knights arrive in formation and are joined in two pairs, by the red and the blue run of the tour.".into(),
            fragments: built.piece(&bl, Marks::default())?,
        },
        Figure {
            name: "junction-top-right".into(),
            caption: "The top-right junction, here 5 rows high (it is 5 to 8 rows high, whichever makes an odd number of diagonals fit): two more runs, light red and light blue, join the knights the other way, so that the four paths make one cycle.".into(),
            fragments: built.piece(&tr, Marks::default())?,
        },
    ])
}

/// The plain heel, the bottom edge's unit.
pub fn heel() -> Result<Figure, Error> {
    let (w, h) = BOARD;
    let built = Built::new(w, h, Variant::Plain)?;
    let masks = built.placed(piece("heel", false), h - 4, HEEL_COLUMN);
    Ok(Figure {
        name: "heel".into(),
        caption: "The heel: the quartet comes down a diagonal to the bottom edge and leaves up the next one; each knight's path in its own colour. It repeats every eight columns along the bottom edge, and turned half a turn along the top.".into(),
        fragments: built.piece(&masks, Marks::default())?,
    })
}

/// The four ways the bottom-right corner closes (the top-left one is the same turned
/// half a turn), each on the narrowest board of the width it needs: `(w/2 + 2) mod 4`
/// is 0, 1, 2 and 3 on boards 44, 46, 48 and 50 wide.
pub fn corners() -> Result<Vec<Figure>, Error> {
    let h = BOARD.1;
    let mut out = Vec::new();
    for (w, seq) in [(44, 0), (46, 1), (48, 2), (50, 3)] {
        let built = Built::new(w, h, Variant::Plain)?;
        // The first column after the last heel (docs/formation.md, step 4).
        let last = [w - 6, w - 8, w - 10, w - 4][seq as usize];
        let j = 6 + 8 * (last - 6).div_ceil(8);
        let mut masks = BTreeMap::new();
        let caption = match seq {
            0 => {
                masks.extend(built.placed(piece("corner_seq0", false), h - 4, j));
                "Sequence 0, when the last heel ends six columns from the right edge."
            }
            1 => {
                masks.extend(built.placed(piece("heel", false), h - 4, j));
                "Sequence 1, when the heels reach the right edge exactly: one more heel."
            }
            2 => {
                masks.extend(built.placed(piece("corner_seq0", false), h - 4, j));
                masks.extend(built.placed(piece("corner_seq2_tail", false), h - 6, j + 6));
                "Sequence 2, when the last heel would end two columns from the edge: the last heel is cut short, and two pieces leave four columns for the turn."
            }
            _ => {
                masks.extend(built.placed(piece("corner_seq3", false), h - 5, j));
                "Sequence 3, when the last heel ends four columns from the right edge."
            }
        };
        out.push(Figure {
            name: format!("corner-{seq}"),
            caption: format!("{caption} ({w}x{h} board.)"),
            fragments: built.piece(&masks, Marks::default())?,
        });
    }
    Ok(out)
}

/// Each heel of [`Variant`], drawn with the turns and crossings it adds to the tour
/// marked: those that [`metrics`] finds in the tour in the eight columns of one heel
/// along the bottom edge (the heel's columns; crossings on their left border count,
/// on the right one they are the next heel's).
pub fn heels() -> Result<Vec<Figure>, Error> {
    let (w, h) = BOARD;
    let mut out = Vec::new();
    for (variant, name, what) in [
        (
            Variant::Plain,
            "heel-plain",
            "The plain heel, of formation moves",
        ),
        (
            Variant::Turns,
            "heel-turns",
            "The fewest turns (the paper's search)",
        ),
        (
            Variant::Crossings,
            "heel-crossings",
            "The fewest crossings (the paper's search)",
        ),
        (
            Variant::Best,
            "heel-best",
            "Both at once, found when the knights may also enter and leave the heel by other moves",
        ),
    ] {
        let built = Built::new(w, h, variant)?;
        let mut masks = built.placed(piece(variant.heel(), false), h - 4, HEEL_COLUMN);
        if let Some(ports) = variant.heel_ports() {
            masks.extend(built.placed(piece(ports, false), h - 5, HEEL_COLUMN - 2));
        }
        let (turns, crossings) = heel_share(&built.tour, HEEL_COLUMN);
        let caption = format!(
            "{what}: {} turns (dots) and {} crossings (white disks) per heel.",
            turns.len(),
            crossings.len()
        );
        let fragments = built.piece(&masks, (turns, crossings))?;
        out.push(Figure {
            name: name.into(),
            caption,
            fragments,
        });
    }
    Ok(out)
}

/// The turns and crossings of `tour` in the bottom half of columns `x0 .. x0 + 8`: one
/// period of the bottom edge, so one heel's share when the heels around are alike.
fn heel_share(tour: &Verified, x0: u32) -> (Vec<u32>, Vec<(f64, f64)>) {
    let b = tour.board();
    let half = b.height() / 2;
    let turns = metrics::turn_cells(tour.grid())
        .into_iter()
        .filter(|&c| {
            let (x, y) = b.xy(c);
            (x0..x0 + 8).contains(&x) && y < half
        })
        .collect();
    let (lo, hi) = (x0 as f64 - 0.5, x0 as f64 + 7.5);
    let crossings = metrics::crossing_points(tour.grid())
        .into_iter()
        .filter(|&(x, y)| x >= lo && x < hi && y < half as f64)
        .collect();
    (turns, crossings)
}

/// Every drawing, in the order the paper explains the algorithm: the quartet moves,
/// the junctions, the heel, the corners, then the optimized heels.
pub fn all() -> Result<Vec<Figure>, Error> {
    let mut out = quartet_moves()?;
    out.extend(junctions()?);
    out.push(heel()?);
    out.extend(corners()?);
    out.extend(heels()?);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fragments::Status;

    /// The tour's runs through `cells`: maximal stretches of the (closed) path inside.
    fn runs(tour: &Verified, cells: &std::collections::BTreeSet<u32>) -> usize {
        let p = tour.path();
        let n = p.len();
        (0..n)
            .filter(|&i| cells.contains(&p[i]) && !cells.contains(&p[(i + n - 1) % n]))
            .count()
    }

    #[test]
    fn every_drawing_is_complete_and_made_of_leaps() {
        for f in all().unwrap() {
            let d = &f.fragments;
            assert_eq!(d.status(), &Status::Complete, "{}", f.name);
            let b = d.board();
            for p in d.paths() {
                for s in p.cells.windows(2) {
                    assert!(b.dir_between(s[0], s[1]).is_some(), "{}", f.name);
                }
            }
        }
    }

    #[test]
    fn each_piece_has_a_path_per_knight_and_as_many_as_the_tour_runs_through_it() {
        let (w, h) = BOARD;
        let plain = Built::new(w, h, Variant::Plain).unwrap();
        let heel = heel().unwrap();
        assert_eq!(heel.fragments.paths().len(), 4);
        assert_eq!(runs(&plain.tour, heel.fragments.cells()), 4);
        // The heel's four knights are the four formation knights' sections.
        let mut names: Vec<&str> = heel
            .fragments
            .paths()
            .iter()
            .map(|p| p.label.as_str())
            .collect();
        names.sort_unstable();
        assert_eq!(
            names,
            [
                "formation knight 1",
                "formation knight 2",
                "formation knight 3",
                "formation knight 4"
            ]
        );
        let junctions = junctions().unwrap();
        let thirty = Built::new(30, 30, Variant::Plain).unwrap();
        for (j, pair) in junctions.iter().zip([
            ["bottom-left junction, run 1", "bottom-left junction, run 2"],
            ["top-right junction, run 1", "top-right junction, run 2"],
        ]) {
            let f = &j.fragments;
            assert_eq!(f.paths().len(), 2, "{}", j.name);
            assert_eq!(runs(&thirty.tour, f.cells()), 2, "{}", j.name);
            let mut names: Vec<&str> = f.paths().iter().map(|p| p.label.as_str()).collect();
            names.sort_unstable();
            assert_eq!(names, pair);
        }
        // Sequence 2's two pieces are crossed twice by each knight.
        for (c, (w, paths)) in corners()
            .unwrap()
            .iter()
            .zip([(44, 4), (46, 4), (48, 8), (50, 4)])
        {
            let t = Built::new(w, h, Variant::Plain).unwrap();
            let f = &c.fragments;
            assert_eq!(f.paths().len(), runs(&t.tour, f.cells()), "{}", c.name);
            assert_eq!(f.paths().len(), paths, "{}", c.name);
            let knights: std::collections::BTreeSet<&str> =
                f.paths().iter().map(|p| p.label.as_str()).collect();
            assert_eq!(knights.len(), 4, "{}", c.name);
        }
    }

    #[test]
    fn quartet_moves_move_the_block_without_gaps() {
        let q = quartet_moves().unwrap();
        let leaping: Vec<usize> = q
            .iter()
            .map(|f| {
                f.fragments
                    .paths()
                    .iter()
                    .filter(|p| p.cells.len() == 2)
                    .count()
            })
            .collect();
        // Diagonal and double move: all four leap; the straight moves: two of them.
        assert_eq!(leaping, [4, 2, 2, 4]);
        for f in &q {
            assert_eq!(f.fragments.paths().len(), 4, "{}", f.name);
            assert_eq!(f.fragments.status(), &Status::Complete, "{}", f.name);
        }
    }

    #[test]
    fn the_heels_marks_are_what_metrics_counts_per_heel() {
        // Eight more columns add one heel to each of the top and bottom edges.
        let (w, h) = BOARD;
        for (f, v) in heels().unwrap().iter().zip([
            Variant::Plain,
            Variant::Turns,
            Variant::Crossings,
            Variant::Best,
        ]) {
            let m = |w| {
                let b = Built::new(w, h, v).unwrap();
                metrics::measure(&b.tour)
            };
            let (a, b) = (m(w), m(w + 8));
            let d = &f.fragments;
            assert_eq!(2 * d.turns().len() as u64, b.turns - a.turns, "{}", f.name);
            assert_eq!(
                2 * d.crossings().len() as u64,
                b.crossings - a.crossings,
                "{}",
                f.name
            );
            assert!(f.caption.contains(&format!("{} turns", d.turns().len())));
            assert!(f
                .caption
                .contains(&format!("{} crossings", d.crossings().len())));
        }
        let counts: Vec<(usize, usize)> = heels()
            .unwrap()
            .iter()
            .map(|f| (f.fragments.turns().len(), f.fragments.crossings().len()))
            .collect();
        assert_eq!(counts, [(22, 32), (21, 31), (22, 28), (21, 27)]);
    }

    #[test]
    fn a_piece_the_tour_does_not_hold_makes_a_partial_drawing() {
        // The heel's data placed one column off: the tour holds other moves there.
        let (w, h) = BOARD;
        let built = Built::new(w, h, Variant::Plain).unwrap();
        let off = built.placed(piece("heel", false), h - 4, HEEL_COLUMN + 2);
        let f = built.piece(&off, Marks::default()).unwrap();
        assert!(matches!(f.status(), Status::Partial(r) if r.contains("hold other moves")));
    }
}
