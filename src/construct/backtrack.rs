//! Exact depth-first search for tours: the engine every search here runs (Warnsdorff's
//! rule orders its choices), and the plain `backtrack` construction.
//!
//! The search is iterative (no recursion, so a million-cell walk cannot overflow the
//! stack), keeps one byte of tried directions per step, allocates nothing per step,
//! and stops after a budget of moves.
//!
//! The `backtrack` construction is the textbook baseline: neighbours in a fixed
//! order, no pruning. It only accepts boards it measurably finishes quickly.

use super::field::Field;
use super::{Construction, Request};
use crate::board::Board;
use crate::{Error, Tour};

/// How a search picks the next leap.
pub(crate) trait Rule {
    /// The direction to try next from `head`, among the free neighbours whose direction
    /// bit is not in `tried`; `None` when none is left.
    fn choose(&mut self, field: &Field, head: u32, tried: u8) -> Option<usize>;
}

/// The plain rule: the first untried direction, in the leaper's order.
pub(crate) struct Fixed;

impl Rule for Fixed {
    fn choose(&mut self, field: &Field, head: u32, tried: u8) -> Option<usize> {
        (0..8).find(|&d| tried & (1 << d) == 0 && field.is_free(field.step(head, d)))
    }
}

/// How a search ended.
#[derive(Debug)]
pub(crate) enum Outcome {
    /// A path over every cell (padded indices), closing when a closed one was asked.
    Found(Vec<u32>),
    /// Every possibility was tried: there is none from this start.
    Exhausted,
    /// The move budget ran out; the path it had reached then (padded indices).
    OverBudget(Vec<u32>),
}

/// What a depth-first search looks for.
pub(crate) struct Goal {
    /// The path must end a leap from its start.
    pub closed: bool,
    /// Cut branches that [`Field::feasible`] rules out.
    pub prune: bool,
    /// Most moves (leaps forward) to make before giving up.
    pub budget: u64,
}

/// Depth-first search from `start` over the free cells of `field`, choosing leaps with
/// `rule`. The field is left as it was.
pub(crate) fn dfs(field: &mut Field, start: u32, rule: &mut impl Rule, goal: &Goal) -> Outcome {
    if !field.is_free(start) {
        return Outcome::Exhausted;
    }
    let total = field.remaining() as usize;
    let mut path = Vec::with_capacity(total);
    let mut tried: Vec<u8> = Vec::with_capacity(total);
    field.visit(start);
    path.push(start);
    tried.push(0);
    let mut moves = 0u64;
    let outcome = loop {
        let head = *path.last().expect("the path is never empty here");
        if path.len() == total && (!goal.closed || total > 2 && field.adjacent(head, start)) {
            break Outcome::Found(path.clone());
        }
        let top = tried.len() - 1;
        let ok = path.len() < total && (!goal.prune || field.feasible(head));
        match ok.then(|| rule.choose(field, head, tried[top])).flatten() {
            Some(d) => {
                moves += 1;
                if moves > goal.budget {
                    break Outcome::OverBudget(path.clone());
                }
                tried[top] |= 1 << d;
                let next = field.step(head, d);
                field.visit(next);
                path.push(next);
                tried.push(0);
            }
            None => {
                if path.len() == 1 {
                    break Outcome::Exhausted;
                }
                field.leave(head);
                path.pop();
                tried.pop();
            }
        }
    };
    while let Some(p) = path.pop() {
        field.leave(p);
    }
    outcome
}

/// Exhaustive plain backtracking for small boards.
pub struct Backtrack;

/// Moves the plain search may make before it gives up (about four seconds).
const PLAIN_BUDGET: u64 = 100_000_000;

impl Backtrack {
    /// Why plain backtracking will not take `req` on, if it will not. The limits come
    /// from timing it on every small board; `cargo bench --bench measure -- backtrack`
    /// times the boards inside them.
    fn refusal(req: &Request) -> Option<String> {
        let cells = req.board.cells();
        let limit = if req.open { OPEN_LIMIT } else { CLOSED_LIMIT };
        (cells > limit).then(|| {
            format!(
                "plain backtracking is limited to {limit} cells for {} tours (the {} board has {cells}): larger searches can run for hours; use --algo search",
                req.kind(),
                req.board
            )
        })
    }
}

/// Largest board (in cells) plain backtracking accepts for an open / a closed tour.
const OPEN_LIMIT: u64 = 35;
const CLOSED_LIMIT: u64 = 30;

/// The padded start square of `req`: the one asked for, else the bottom-left corner.
/// Refuses a square off the board, and (for an open tour) a square of the minority
/// colour when every leap changes colour: such a path starts and ends on the majority.
pub(crate) fn start_of(field: &Field, req: &Request) -> Result<u32, Error> {
    let (x, y) = req.start.unwrap_or((0, 0));
    let b = &req.board;
    if x >= b.width() || y >= b.height() || b.is_hole(b.index(x, y)) {
        return Err(Error::invalid(format!(
            "the start square [{x}, {y}] is not a cell of the {b} board"
        )));
    }
    let (l, m) = b.leaper().steps();
    if req.open && (l + m) % 2 == 1 {
        let colour = |c: u32| {
            let (x, y) = b.xy(c);
            (x + y) % 2
        };
        let odd = b.area() / 2 - b.holes().iter().filter(|&&c| colour(c) == 1).count() as u64;
        let even = b.cells() - odd;
        let (mine, other) = if (x + y) % 2 == 0 {
            (even, odd)
        } else {
            (odd, even)
        };
        if mine < other {
            return Err(Error::NoTour(format!(
                "no open tour of the {b} board starts at [{x}, {y}]: its colour has {mine} cells and the other {other}, and a tour alternates colours, so it starts on the colour with more"
            )));
        }
    }
    Ok(field.cell(x, y))
}

/// `path` (padded indices) as a tour of `board`.
pub(crate) fn tour_of(field: &Field, board: &Board, path: Vec<u32>, closed: bool) -> Tour {
    let path = path.into_iter().map(|p| field.board_cell(p)).collect();
    Tour::new(board.clone(), path, closed)
}

impl Construction for Backtrack {
    fn name(&self) -> &'static str {
        "backtrack"
    }
    fn summary(&self) -> &'static str {
        "plain backtracking in a fixed move order: the textbook baseline, for comparison"
    }
    fn boards(&self) -> &'static str {
        "boards of at most 35 cells for an open tour, 30 for a closed one"
    }
    fn check(&self, req: &Request) -> Result<(), Error> {
        match Backtrack::refusal(req) {
            Some(why) => Err(Error::Unsupported(why)),
            None => Ok(()),
        }
    }
    fn build(&self, req: &Request) -> Result<Tour, Error> {
        let mut field = Field::new(&req.board)?;
        let start = start_of(&field, req)?;
        let goal = Goal {
            closed: !req.open,
            prune: false,
            budget: PLAIN_BUDGET,
        };
        match dfs(&mut field, start, &mut Fixed, &goal) {
            Outcome::Found(path) => Ok(tour_of(&field, &req.board, path, !req.open)),
            Outcome::Exhausted => Err(Error::NoTour(format!(
                "plain backtracking tried every path: there is no {} tour of the {} board from [{}, {}]",
                req.kind(),
                req.board,
                field.xy(start).0,
                field.xy(start).1
            ))),
            Outcome::OverBudget(_) => Err(Error::GaveUp(format!(
                "plain backtracking gave up on the {} board after {PLAIN_BUDGET} moves; use --algo search",
                req.board
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::construct::existence;
    use crate::verify::verify;

    fn req(w: u32, h: u32, open: bool) -> Request {
        let mut r = Request::closed(Board::new(w, h).unwrap());
        r.open = open;
        r
    }

    #[test]
    fn plain_backtracking_tours_every_board_it_accepts() {
        let mut boards = Vec::new();
        for open in [true, false] {
            for w in 1..=36u32 {
                for h in 1..=36 / w {
                    let r = req(w, h, open);
                    // `existence` wrongly rules out open 4 x n tours (n >= 5).
                    let four = open && w.min(h) == 4 && w.max(h) >= 5;
                    let exists = existence::check(&r.board, open).is_ok() || four;
                    if !exists || Backtrack.check(&r).is_err() {
                        continue;
                    }
                    let tour = Backtrack
                        .build(&r)
                        .unwrap_or_else(|e| panic!("{w}x{h}: {e}"));
                    let v = verify(tour).unwrap_or_else(|e| panic!("{w}x{h}: {e}"));
                    assert_eq!(v.is_closed(), !open);
                    assert_eq!(v.path()[0], 0, "starts in the corner");
                    boards.push(format!("{w}x{h}{}", if open { "" } else { " closed" }));
                }
            }
        }
        // Open: 1x1, 3xN (N = 4, 7..=11) and 4xN (N = 5..=8) both ways, 5x5, 5x6,
        // 6x5, 5x7, 7x5; closed: 3x10, 10x3, 5x6, 6x5.
        assert_eq!(boards.len(), 30, "{boards:?}");
    }

    #[test]
    fn exhausting_the_search_proves_there_is_none() {
        for (w, h) in [(4, 4), (3, 3), (3, 5)] {
            let e = Backtrack.build(&req(w, h, true)).unwrap_err();
            assert!(matches!(e, Error::NoTour(_)), "{w}x{h}: {e}");
            assert!(e.to_string().contains("tried every path"), "{e}");
        }
        // The minority colour of the 5x5 board starts no open tour.
        let mut r = req(5, 5, true);
        r.start = Some((1, 0));
        let e = Backtrack.build(&r).unwrap_err().to_string();
        assert!(
            e.contains("starts at [1, 0]: its colour has 12 cells and the other 13"),
            "{e}"
        );
    }

    #[test]
    fn refuses_boards_it_cannot_finish_and_stops_at_its_budget() {
        let e = Backtrack.check(&req(8, 8, false)).unwrap_err().to_string();
        assert!(
            e.contains("limited to 30 cells for closed tours") && e.contains("8x8"),
            "{e}"
        );
        let e = Backtrack.check(&req(8, 5, true)).unwrap_err().to_string();
        assert!(e.contains("limited to 35 cells for open tours"), "{e}");
        let mut field = Field::new(&Board::new(8, 8).unwrap()).unwrap();
        let start = field.cell(0, 0);
        let goal = Goal {
            closed: true,
            prune: false,
            budget: 10_000,
        };
        assert!(matches!(
            dfs(&mut field, start, &mut Fixed, &goal),
            Outcome::OverBudget(_)
        ));
        let fresh = Field::new(&Board::new(8, 8).unwrap()).unwrap();
        assert_eq!(
            field.degrees(),
            fresh.degrees(),
            "the search leaves the field as it found it"
        );
        let mut r = req(5, 5, true);
        r.start = Some((5, 0));
        assert!(Backtrack
            .build(&r)
            .unwrap_err()
            .to_string()
            .contains("not a cell of the 5x5 board"));
    }
}
