//! The plain `backtrack` construction: exact depth-first search over the board,
//! neighbours in the leaper's fixed order, no pruning (the textbook baseline every other
//! search is measured against). It only accepts boards it measurably finishes quickly.

use super::engine::{search, start_of, tour_of, Field, Fixed, Goal, Outcome};
use super::{Construction, Request};
use knights_core::{Error, GaveUp, NoTour, Tour, Unsupported};

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

impl Construction for Backtrack {
    fn name(&self) -> &'static str {
        "backtrack"
    }
    fn starts_anywhere(&self) -> bool {
        true
    }
    fn summary(&self) -> &'static str {
        "plain backtracking in a fixed move order: the textbook baseline, for comparison"
    }
    fn boards(&self) -> &'static str {
        "boards of at most 35 cells for an open tour, 30 for a closed one"
    }
    fn bands(&self) -> bool {
        true
    }
    fn check(&self, req: &Request) -> Result<(), Error> {
        match Backtrack::refusal(req) {
            Some(why) => Err(Unsupported::new(self.name(), &req.board, why).into()),
            None => Ok(()),
        }
    }
    fn build(&self, req: &Request) -> Result<Tour, Error> {
        let mut field = Field::new(&req.board)?;
        let start = start_of(&field, req)?;
        let goal = Goal::tour(start, !req.open, PLAIN_BUDGET);
        match search(&mut field, &goal, &mut Fixed) {
            Outcome::Found(path) => Ok(tour_of(&field, &req.board, path, !req.open)),
            Outcome::Exhausted => Err(NoTour::Exhausted {
                board: req.board.to_string(),
                kind: req.kind(),
                start: field.xy(start),
            }
            .into()),
            Outcome::OverBudget(_) => Err(GaveUp::Moves {
                board: req.board.to_string(),
                moves: PLAIN_BUDGET,
            }
            .into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::existence;
    use knights_core::verify::verify;
    use knights_core::Board;

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
        let goal = Goal::tour(start, true, 10_000);
        assert!(matches!(
            search(&mut field, &goal, &mut Fixed),
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
