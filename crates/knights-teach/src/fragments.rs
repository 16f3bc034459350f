//! Path fragments on a region of a board: what a drawing of one part of a construction
//! shows (a piece of the formation algorithm, one quartet move), as opposed to a whole
//! tour. A piece's data gives every cell two moves; inside the piece those moves join
//! into a few paths (one per knight crossing it), each leaving the piece at both ends.
//!
//! [`Fragments`] checks what it is given: every drawn step is a leap of the board's
//! leaper and no cell is on two paths (else an error: such a drawing is never made).
//! What it cannot vouch for it says: its [`Status`] is [`Status::Complete`] only when
//! every cell of the piece lies on a drawn path and the piece's moves agree with each
//! other; otherwise it is [`Status::Partial`], with the reason, and the drawing says so.

use std::collections::{BTreeMap, BTreeSet};

use knights_core::Board;
use knights_core::Error;
use knights_core::Region;

/// One knight's path through the piece (a single cell: a knight that stays in place).
#[derive(Clone, Debug, PartialEq)]
pub struct Fragment {
    /// What colours it: a section's name (the theme's colour for it) or any label.
    pub label: String,
    /// Its cells in order; the first and last may lie outside the piece (where the
    /// knight comes from and goes to).
    pub cells: Vec<u32>,
}

/// Whether the drawing shows all of its piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Every cell of the piece is on exactly one drawn path, and every move between two
    /// of its cells is the move of both.
    Complete,
    /// Something is missing; the reason says what.
    Partial(String),
}

/// Path fragments of a board's region, with the piece's cells, faint context moves and
/// turn and crossing marks.
#[derive(Clone, Debug)]
pub struct Fragments {
    board: Board,
    region: Region,
    cells: BTreeSet<u32>,
    paths: Vec<Fragment>,
    context: Vec<[u32; 2]>,
    turns: Vec<u32>,
    crossings: Vec<(f64, f64)>,
    status: Status,
}

impl Fragments {
    /// The fragments `paths` of the piece made of `cells`, drawn over `region` of `board`.
    /// An error when a step is not a leap of the board's leaper or a cell of the piece
    /// is on two paths.
    pub fn new(
        board: &Board,
        region: Region,
        cells: impl IntoIterator<Item = u32>,
        paths: Vec<Fragment>,
    ) -> Result<Fragments, Error> {
        region.check(board)?;
        let cells: BTreeSet<u32> = cells.into_iter().collect();
        let mut seen = BTreeSet::new();
        for p in &paths {
            for w in p.cells.windows(2) {
                if board.dir_between(w[0], w[1]).is_none() {
                    return Err(Error::internal(format!(
                        "fragment '{}': {:?} to {:?} is not a {} leap",
                        p.label,
                        board.xy(w[0]),
                        board.xy(w[1]),
                        board.leaper()
                    )));
                }
            }
            // A loop ends where it starts.
            let closed = p.cells.len() > 2 && p.cells.first() == p.cells.last();
            for &c in &p.cells[..p.cells.len() - closed as usize] {
                if cells.contains(&c) && !seen.insert(c) {
                    return Err(Error::internal(format!(
                        "cell {:?} of the piece is on two drawn paths",
                        board.xy(c)
                    )));
                }
            }
        }
        let missing = cells.difference(&seen).count();
        let status = if missing == 0 {
            Status::Complete
        } else {
            Status::Partial(format!(
                "{missing} of the piece's {} cells are on no drawn path",
                cells.len()
            ))
        };
        Ok(Fragments {
            board: board.clone(),
            region,
            cells,
            paths,
            context: Vec::new(),
            turns: Vec::new(),
            crossings: Vec::new(),
            status,
        })
    }

    /// The fragments the moves `masks` (direction bits per cell, as a tour's move grid
    /// holds them) make on the piece of those cells: each path starts where a move
    /// leaves the piece and follows the cells' moves until one leaves it again, and
    /// ends on the cells outside. A move to a cell of the piece that does not move back
    /// is treated as leaving it, and makes the drawing partial; so does a closed loop
    /// inside the piece. Paths are labelled by `label`.
    pub fn from_masks(
        board: &Board,
        region: Region,
        masks: &BTreeMap<u32, u8>,
        label: impl Fn(&[u32]) -> String,
    ) -> Result<Fragments, Error> {
        let mut trouble = Vec::new();
        let dirs = 0..board.leaper().dirs().len();
        let moves = |c: u32| -> Vec<u32> {
            dirs.clone()
                .filter(|d| masks[&c] >> d & 1 == 1)
                .filter_map(|d| board.step(c, d))
                .collect()
        };
        // Whether the move from `a` (in the piece) to `b` stays in the piece.
        let inside = |a: u32, b: u32| {
            masks.get(&b).is_some_and(|&m| {
                let back = board.dir_between(b, a).expect("a leap");
                m >> back & 1 == 1
            })
        };
        for (&a, &m) in masks {
            if m.count_ones() != 2 || moves(a).len() != 2 {
                return Err(Error::internal(format!(
                    "cell {:?} does not hold two moves on the board",
                    board.xy(a)
                )));
            }
            for b in moves(a) {
                if masks.contains_key(&b) && !inside(a, b) {
                    trouble.push(format!(
                        "the move {:?} to {:?} is not returned",
                        board.xy(a),
                        board.xy(b)
                    ));
                }
            }
        }
        let mut used: BTreeSet<u32> = BTreeSet::new();
        let mut paths = Vec::new();
        // A path from `first`, entered from `from` (outside the piece, or `None`): it
        // ends on the cell outside where it leaves, or before a move that is not
        // returned, or back at a cell already walked (a loop).
        let walk = |from: Option<u32>, first: u32, used: &mut BTreeSet<u32>| -> Vec<u32> {
            let mut p: Vec<u32> = from.into_iter().chain([first]).collect();
            let (mut prev, mut at) = (from, first);
            used.insert(first);
            loop {
                let next = moves(at).into_iter().find(|&n| Some(n) != prev);
                let Some(next) = next else { return p };
                if !masks.contains_key(&next) || used.contains(&next) {
                    p.push(next);
                    return p;
                }
                if !inside(at, next) {
                    return p;
                }
                used.insert(next);
                p.push(next);
                (prev, at) = (Some(at), next);
            }
        };
        for &a in masks.keys() {
            for b in moves(a) {
                if !used.contains(&a) && !inside(a, b) {
                    let from = (!masks.contains_key(&b)).then_some(b);
                    paths.push(walk(from, a, &mut used));
                }
            }
        }
        for &a in masks.keys() {
            if !used.contains(&a) {
                trouble.push(format!("a closed loop through {:?}", board.xy(a)));
                paths.push(walk(None, a, &mut used));
            }
        }
        let paths = paths
            .into_iter()
            .map(|cells| Fragment {
                label: label(&cells),
                cells,
            })
            .collect();
        let f = Fragments::new(board, region, masks.keys().copied(), paths)?;
        Ok(match trouble.first() {
            Some(t) => f.partial(t),
            None => f,
        })
    }

    /// The same drawing, marked partial for `reason` (when it was complete).
    pub fn partial(mut self, reason: &str) -> Fragments {
        if self.status == Status::Complete {
            self.status = Status::Partial(reason.to_string());
        }
        self
    }

    /// The same drawing with `moves` (pairs of cells a leap apart) drawn faintly.
    pub fn with_context(mut self, moves: Vec<[u32; 2]>) -> Fragments {
        self.context = moves;
        self
    }

    /// The same drawing with a mark at each of `turns` (cells) and `crossings` (points in
    /// cell units, `(0, 0)` the centre of the bottom-left cell, `y` up); the region
    /// grows to hold them, with half a square to spare.
    pub fn with_marks(mut self, turns: Vec<u32>, crossings: Vec<(f64, f64)>) -> Fragments {
        let b = &self.board;
        let r = &mut self.region;
        let points = turns.iter().map(|&c| {
            let (x, y) = b.xy(c);
            (x as f64, y as f64)
        });
        for (x, y) in points.chain(crossings.iter().copied()) {
            // The cells within half a square of `v`, along one axis.
            let span = |v: f64| ((v - 0.5).round().max(0.0) as u32, (v + 0.5).round() as u32);
            let ((x0, x1), (y0, y1)) = (span(x), span(y));
            r.x0 = r.x0.min(x0);
            r.y0 = r.y0.min(y0);
            r.x1 = r.x1.max(x1).min(b.width() - 1);
            r.y1 = r.y1.max(y1).min(b.height() - 1);
        }
        self.turns = turns;
        self.crossings = crossings;
        self
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The cells drawn.
    pub fn region(&self) -> Region {
        self.region
    }

    /// The piece's cells.
    pub fn cells(&self) -> &BTreeSet<u32> {
        &self.cells
    }

    /// The knights' paths.
    pub fn paths(&self) -> &[Fragment] {
        &self.paths
    }

    /// The faint moves around them.
    pub fn context(&self) -> &[[u32; 2]] {
        &self.context
    }

    /// The marked turns.
    pub fn turns(&self) -> &[u32] {
        &self.turns
    }

    /// The marked crossings.
    pub fn crossings(&self) -> &[(f64, f64)] {
        &self.crossings
    }

    /// Complete or partial.
    pub fn status(&self) -> &Status {
        &self.status
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board() -> Board {
        Board::new(10, 8).unwrap()
    }

    fn all(b: &Board) -> Region {
        Region::all(b)
    }

    #[test]
    fn a_step_that_is_no_leap_is_refused() {
        let b = board();
        let bad = Fragment {
            label: "k".into(),
            cells: vec![b.index(0, 0), b.index(1, 1)],
        };
        let e = Fragments::new(&b, all(&b), [], vec![bad]).unwrap_err();
        assert!(e.to_string().contains("is not a"), "{e}");
    }

    #[test]
    fn masks_make_paths_that_leave_the_piece_at_both_ends() {
        // A straight line of "1 up, 2 right" leaps through three cells.
        let b = board();
        let dirs = b.leaper().dirs();
        let up = dirs.iter().position(|&d| d == (2, 1)).unwrap();
        let down = dirs.iter().position(|&d| d == (-2, -1)).unwrap();
        let line = [(2, 2), (4, 3), (6, 4)].map(|(x, y)| b.index(x, y));
        let masks: BTreeMap<u32, u8> = line.iter().map(|&c| (c, 1 << up | 1 << down)).collect();
        let f = Fragments::from_masks(&b, all(&b), &masks, |_| "k".into()).unwrap();
        assert_eq!(f.status(), &Status::Complete);
        assert_eq!(f.paths().len(), 1);
        let cells = &f.paths()[0].cells;
        assert_eq!(cells.len(), 5);
        assert!(!masks.contains_key(&cells[0]) && !masks.contains_key(&cells[4]));
        // Drop the middle cell's move back: the drawing says it is partial.
        let mut broken = masks.clone();
        broken.insert(line[1], 1 << up | 1 << 0);
        let f = Fragments::from_masks(&b, all(&b), &broken, |_| "k".into()).unwrap();
        assert!(matches!(f.status(), Status::Partial(r) if r.contains("not returned")));
    }

    #[test]
    fn uncovered_cells_make_a_partial_drawing_and_shared_cells_an_error() {
        let b = board();
        let (a, c) = (b.index(0, 0), b.index(1, 2));
        let p = |cells: Vec<u32>| Fragment {
            label: "k".into(),
            cells,
        };
        let f = Fragments::new(&b, all(&b), [a, c, 5], vec![p(vec![a, c])]).unwrap();
        assert_eq!(
            f.status(),
            &Status::Partial("1 of the piece's 3 cells are on no drawn path".into())
        );
        let two = vec![p(vec![a, c]), p(vec![c])];
        assert!(Fragments::new(&b, all(&b), [a, c], two).is_err());
    }
}
