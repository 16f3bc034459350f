//! The giraffe's formation tour: Section 5.4 of Besa, Johnson, Mamano, Osegueda and
//! Williams, "Taming the Knight's Tour: Minimizing Turns and Crossings" (2020), for the
//! (1, 4) leaper on boards `w = 32k + 20`, `h = 8l + 14` (`k, l >= 1`).
//!
//! Sixteen giraffes move as a 4x4 block along bands four rows high of slope -1/4 (the
//! block leaps `(4, -1)` or back); four straight moves up turn it along the left and
//! right edges, heels along the bottom edge, and a bottom-left junction ties the
//! sixteen paths into pairs. The bottom half's pieces (junction, heels, the
//! bottom-right corner) are found by search and stored in `giraffe.toml` as lists of
//! cells; the top half is their half turn. docs/formation.md describes the layout.
//!
//! The tour is assembled in time linear in the board's area: the pieces' paths, the
//! straight moves up, then every other cell's diagonal formation moves.

use std::sync::OnceLock;

use serde::Deserialize;

use knights_core::Leaper;
use knights_core::MoveGrid;
use knights_core::{Board, Error, Tour};

/// The stored pieces.
const DATA: &str = include_str!("giraffe.toml");

/// A piece: paths of cells `(x, y)` (`y` up), each from a formation cell through the
/// piece's own cells to another formation cell; its offset is added when placed.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct Piece {
    /// The paths, first and last cell outside the piece (on the formation's blocks).
    pub paths: Vec<Vec<[i32; 2]>>,
}

/// The stored pieces, in the coordinates of a board with `k = 1` (`y` up).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct Pieces {
    /// The bottom-left junction: eight paths pairing the cells of the first block.
    pub junction: Piece,
    /// The top-right junction, stored turned by a half turn into the bottom-left
    /// junction's place (the half turn of `junction` would close more than one cycle).
    pub top_junction: Piece,
    /// The heel of the bottom edge; the `j`-th (from 0) is moved `32 j` columns right.
    pub heel: Piece,
    /// The last heel with the first straight-up turn of the right edge, moved
    /// `32 (k - 1)` columns right.
    pub corner: Piece,
}

/// The stored pieces, parsed once.
pub fn pieces() -> &'static Pieces {
    static PIECES: OnceLock<Pieces> = OnceLock::new();
    PIECES.get_or_init(|| toml::from_str(DATA).expect("giraffe.toml parses"))
}

/// Why the giraffe's formation tour does not fit a `w x h` board, or `None` when it does.
pub fn refusal(w: u32, h: u32) -> Option<String> {
    let fits = |n: u32, period: u32, rest: u32| n > rest && (n - rest).is_multiple_of(period);
    if !fits(w, 32, 20) || !fits(h, 8, 14) {
        return Some(format!(
            "the giraffe's formation tour needs width w = 32k + 20 and height h = 8l + 14 with k, l >= 1 (52, 84, ... by 22, 30, ...), and {w}x{h} is not"
        ));
    }
    None
}

/// A move between two cells `(x, y)`.
pub type Edge = ([i32; 2], [i32; 2]);

/// The pieces placed on a board `w` wide, each with the half turn it gets (`true` for the
/// top half's pieces, given in bottom-half coordinates).
fn placed(w: i32) -> Vec<(&'static Piece, i32, bool)> {
    let (k, p) = ((w - 20) / 32, pieces());
    let mut out = vec![(&p.junction, 0, false), (&p.top_junction, 0, true)];
    for turned in [false, true] {
        out.extend((0..k - 1).map(|j| (&p.heel, 32 * j, turned)));
        out.push((&p.corner, 32 * (k - 1), turned));
    }
    out
}

/// The edges of the tour of a `w x h` board that [`refusal`] accepts, each once: the
/// pieces', the straight moves up along the left and right edges, and the diagonal
/// formation moves between every other pair of cells a leap `(4, -1)` apart.
pub fn edges(w: u32, h: u32) -> Vec<Edge> {
    let (wi, hi) = (w as i32, h as i32);
    let l = (hi - 14) / 8;
    let turn = |c: [i32; 2], t: bool| if t { [wi - 1 - c[0], hi - 1 - c[1]] } else { c };
    let mut all: Vec<Edge> = Vec::new();
    let mut inner = vec![false; (w * h) as usize];
    for (piece, dx, t) in placed(wi) {
        for path in &piece.paths {
            let at = |c: [i32; 2]| turn([c[0] + dx, c[1]], t);
            all.extend(path.windows(2).map(|s| (at(s[0]), at(s[1]))));
            for &c in &path[1..path.len() - 1] {
                let [x, y] = at(c);
                if (0..wi).contains(&x) && (0..hi).contains(&y) {
                    inner[(y * wi + x) as usize] = true;
                }
            }
        }
    }
    // Four moves up on the left edge (the corner's half turn makes the last) and their
    // half turns on the right edge: columns 1-2 and 3-4 of the block change places.
    for j in 1..l {
        for y in 8 * j + 3..8 * j + 7 {
            for x in 0..4 {
                for t in [false, true] {
                    all.push((turn([x, y], t), turn([x ^ 1, y + 4], t)));
                }
            }
        }
    }
    let free = |x: i32, y: i32| {
        (0..wi).contains(&x) && (0..hi).contains(&y) && !inner[(y * wi + x) as usize]
    };
    for y in 0..hi {
        for x in 0..wi {
            if free(x, y) && free(x + 4, y - 1) {
                all.push(([x, y], [x + 4, y - 1]));
            }
        }
    }
    all
}

/// The giraffe's formation tour of a `w x h` board that [`refusal`] accepts.
pub fn build(board: &Board) -> Result<Tour, Error> {
    let (w, h) = (board.width(), board.height());
    if let Some(why) = refusal(w, h) {
        return Err(Error::internal(why));
    }
    let leaper = Leaper::GIRAFFE;
    let broken = |what: String| Error::internal(format!("the giraffe tour of {w}x{h} {what}"));
    let what = format!("the move grid of the {board} board");
    let mut masks = knights_core::memory::try_vec(board.area() as usize, 0u8, &what)?;
    for (a, b) in edges(w, h) {
        let on = |c: [i32; 2]| (0..w as i32).contains(&c[0]) && (0..h as i32).contains(&c[1]);
        if !on(a) || !on(b) {
            return Err(broken(format!("leaves the board at {a:?}-{b:?}")));
        }
        let d = leaper
            .dir_of(b[0] - a[0], b[1] - a[1])
            .ok_or_else(|| broken(format!("has a non-leap {a:?}-{b:?}")))?;
        let (ia, ib) = (
            board.index(a[0] as u32, a[1] as u32),
            board.index(b[0] as u32, b[1] as u32),
        );
        masks[ia as usize] |= 1 << d;
        masks[ib as usize] |= 1 << ((d + 4) % 8);
    }
    if let Some(c) = masks.iter().position(|m| m.count_ones() != 2) {
        return Err(broken(format!(
            "gives cell {:?} {} moves",
            board.xy(c as u32),
            masks[c].count_ones()
        )));
    }
    let grid = MoveGrid::from_masks(board.clone(), masks);
    let trace = grid.trace(0, None);
    if !trace.closed() || trace.len() as u64 != board.cells() {
        return Err(broken("is not a single cycle".into()));
    }
    // The path is written out only if asked for: proving and measuring need the grid.
    Ok(Tour::walked(board.clone(), grid, trace, true))
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::Request;
    use knights_core::metrics;
    use knights_core::verify::verify;

    fn giraffe_board(k: u32, l: u32) -> Board {
        Board::with_leaper(32 * k + 20, 8 * l + 14, Leaper::GIRAFFE).unwrap()
    }

    /// The block of the band whose lowest number is `lowest` at column group `group`:
    /// each cell with its place `(column, row)` in the block.
    fn block(group: i32, lowest: i32) -> Vec<([i32; 2], (i32, i32))> {
        (0..4)
            .flat_map(|j| (0..4).map(move |i| ([4 * group + i, lowest - group + j], (i, j))))
            .collect()
    }

    fn place(cells: &[([i32; 2], (i32, i32))], c: [i32; 2]) -> Option<(i32, i32)> {
        cells.iter().find(|(d, _)| *d == c).map(|&(_, p)| p)
    }

    #[test]
    fn every_step_of_every_piece_is_a_giraffe_leap_and_no_cell_repeats() {
        let p = pieces();
        for (name, piece) in [
            ("junction", &p.junction),
            ("top_junction", &p.top_junction),
            ("heel", &p.heel),
            ("corner", &p.corner),
        ] {
            let mut seen = HashSet::new();
            for path in &piece.paths {
                assert!(path.len() >= 2, "{name}: a path of {} cells", path.len());
                for s in path.windows(2) {
                    let (dx, dy) = (s[1][0] - s[0][0], s[1][1] - s[0][1]);
                    assert!(Leaper::GIRAFFE.dir_of(dx, dy).is_some(), "{name}: {s:?}");
                }
                for &c in path {
                    assert!(seen.insert(c), "{name}: {c:?} twice");
                }
            }
        }
    }

    #[test]
    fn the_heel_keeps_each_giraffe_in_its_place_and_the_corner_swaps_columns_going_up() {
        let p = pieces();
        let (entry, exit) = (block(5, 7), block(8, 11));
        assert_eq!(p.heel.paths.len(), 16);
        for path in &p.heel.paths {
            let from = place(&entry, path[0]).expect("starts on the entry block");
            let to = place(&exit, *path.last().unwrap()).expect("ends on the exit block");
            assert_eq!(from, to, "{path:?}");
        }
        let (down, up) = (block(10, 15), block(10, 19));
        assert_eq!(p.corner.paths.len(), 32);
        for path in &p.corner.paths {
            let (a, b) = (path[0], *path.last().unwrap());
            let ends = [
                (place(&entry, a), place(&exit, b)),
                (place(&entry, b), place(&exit, a)),
            ];
            if let Some((Some(x), Some(y))) = ends.into_iter().find(|e| e.0.is_some()) {
                assert_eq!(x, y, "corner heel path {path:?}");
                continue;
            }
            let (x, y) = match (place(&down, a), place(&up, b)) {
                (Some(x), Some(y)) => (x, y),
                _ => (place(&down, b).unwrap(), place(&up, a).unwrap()),
            };
            assert_eq!((x.0 ^ 1, x.1), y, "corner path up {path:?}");
        }
    }

    #[test]
    fn the_junctions_pair_the_first_block() {
        let start = block(0, 7);
        for piece in [&pieces().junction, &pieces().top_junction] {
            assert_eq!(piece.paths.len(), 8);
            let mut ends = HashSet::new();
            for path in &piece.paths {
                for c in [path[0], *path.last().unwrap()] {
                    assert!(
                        place(&start, c).is_some(),
                        "{c:?} is not on the first block"
                    );
                    assert!(ends.insert(c));
                }
            }
        }
    }

    #[test]
    fn every_board_with_k_and_l_up_to_three_is_one_verified_closed_tour() {
        let sizes: Vec<(u32, u32)> = (1..=3).flat_map(|k| (1..=3).map(move |l| (k, l))).collect();
        sizes.into_iter().for_each(|(k, l)| {
            let board = giraffe_board(k, l);
            let tour = crate::build(&Request::closed(board.clone()), "besa").unwrap();
            assert!(tour.is_closed());
            let verified = verify(tour).unwrap_or_else(|e| panic!("{board}: {e}"));
            assert_eq!(verified.board().leaper(), Leaper::GIRAFFE);
        });
    }

    /// Turns and crossings grow by a constant for each step of k (width +32) and of l
    /// (height +8): O(w + h), as the paper says.
    #[test]
    fn turns_and_crossings_grow_linearly_in_the_sides() {
        let count = |k: u32, l: u32| {
            let tour = crate::build(&Request::closed(giraffe_board(k, l)), "besa").unwrap();
            let m = metrics::measure(&verify(tour).unwrap());
            (m.turns as i64, m.crossings as i64)
        };
        let c: Vec<Vec<(i64, i64)>> = (1..=4)
            .map(|k| (1..=4).map(|l| count(k, l)).collect())
            .collect();
        let step = |a: (i64, i64), b: (i64, i64)| (b.0 - a.0, b.1 - a.1);
        let steady = |line: Vec<(i64, i64)>| {
            let d: Vec<_> = line.windows(2).map(|p| step(p[0], p[1])).collect();
            assert!(
                d.windows(2).all(|p| p[0] == p[1]),
                "steps {d:?} of {line:?}"
            );
        };
        for row in &c {
            steady(row.clone());
        }
        (0..4).for_each(|l| steady(c.iter().map(|row| row[l]).collect()));
    }

    #[test]
    fn other_sizes_variants_and_holes_are_refused_with_the_rule() {
        for (w, h) in [(52, 21), (53, 22), (20, 22), (52, 14), (84, 23), (30, 30)] {
            let board = Board::with_leaper(w, h, Leaper::GIRAFFE).unwrap();
            let err = crate::build(&Request::closed(board), "besa").unwrap_err();
            assert!(err.to_string().contains("32k + 20"), "{err}");
        }
        assert!(refusal(52, 22).is_none() && refusal(116, 38).is_none());
        let mut req = Request::closed(giraffe_board(1, 1));
        req.variant = Some("best".into());
        assert!(crate::build(&req, "besa").is_err());
        let holed = giraffe_board(1, 1).with_holes(&[(0, 0)]).unwrap();
        assert!(crate::build(&Request::closed(holed), "besa").is_err());
    }
}
