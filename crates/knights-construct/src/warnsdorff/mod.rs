//! Warnsdorff's rule (H. C. von Warnsdorff, 1823): always leap to the free square with
//! the fewest free onward leaps, with the usual tie-breaks as variants (Pohl's look-ahead:
//! "A method for finding Hamilton paths and knight's tours", 1967). Leslie-Hurd ("Large
//! Knight's Tours") adds a move budget with restarts; the walks, their budget, and the
//! Pósa rotations that grow a stuck walk and close an open one are the engine's
//! ([`super::engine`]).
//!
//! Open tours start from `Request::start` (default the bottom-left corner). A closed
//! tour is an open one whose ends are then brought a leap apart by Pósa rotations and
//! rotated to begin at the start square.
//!
//! A board of three or more sides is walked by [`more_sides`], the same rule in any
//! number of dimensions.

pub mod more_sides;

use super::engine::{run, Plan};
use super::{unchecked_variant, Construction, MoreSides, Request};
use knights_core::{Error, GaveUp, Tour, Unsupported};

pub use super::engine::TieBreak;

/// Warnsdorff's rule as a construction.
pub struct Warnsdorff;

/// Largest board (cells) the `warnsdorff` construction accepts for an open tour (a
/// 4000x4000 open tour takes about 2 s)...
pub const CELL_LIMIT: u64 = 16_000_000;
/// ... and for a closed one (closing a 2000x2000 tour takes under a second, 4000x4000
/// about 10 s: see `warnsdorff_measure`).
pub const CLOSED_CELL_LIMIT: u64 = 4_000_000;
/// Walks tried before giving up.
const ATTEMPTS: u64 = 8;

/// Moves one walk may make over `cells` cells: Leslie-Hurd's hundred per cell, capped so
/// that a failing walk on a huge board gives up within a second or so.
fn budget(cells: u64) -> u64 {
    cells + (99 * cells).min(2_000_000)
}

impl Construction for Warnsdorff {
    fn name(&self) -> &'static str {
        "warnsdorff"
    }
    fn starts_anywhere(&self) -> bool {
        true
    }
    fn summary(&self) -> &'static str {
        "Warnsdorff's rule (Warnsdorff 1823) with tie-breaks, a move budget and restarts (Leslie-Hurd, Large Knight's Tours), and Pósa rotations that grow a stuck walk and close an open one"
    }
    fn boards(&self) -> &'static str {
        "open tours up to 16 million cells from any start square, closed ones up to 4 million cells"
    }
    fn variants(&self) -> &'static [&'static str] {
        &["first", "roth", "corner", "random", "lookahead"]
    }
    fn bands(&self) -> bool {
        true
    }
    fn more_sides(&self) -> Option<MoreSides> {
        Some(MoreSides {
            summary:
                "Warnsdorff's rule in any number of dimensions, with Pósa rotations and restarts",
            boards: "up to 1000000 cells, any leaper; closed needs a side even",
        })
    }
    fn check(&self, req: &Request) -> Result<(), Error> {
        if req.board.dims() > 2 {
            return more_sides::refusal(req);
        }
        let cells = req.board.cells();
        let limit = if req.open {
            CELL_LIMIT
        } else {
            CLOSED_CELL_LIMIT
        };
        if cells > limit {
            return Err(Unsupported::new(self.name(), &req.board, format!(
                "warnsdorff searches {} tours on boards of at most {limit} cells; the {} board has {cells}: use besa or parberry",
                req.kind(),
                req.board
            ))
            .into());
        }
        Ok(())
    }
    fn build(&self, req: &Request) -> Result<Tour, Error> {
        if req.board.dims() > 2 {
            return more_sides::build(req);
        }
        let variant = req.variant.as_deref().unwrap_or("roth");
        let tie = TieBreak::by_name(variant).ok_or_else(|| unchecked_variant(self, variant))?;
        let plan = Plan {
            ties: &[tie],
            attempts: ATTEMPTS,
            budget: budget(req.board.cells()),
        };
        run(req, &plan)?.ok_or_else(|| {
            Error::from(GaveUp::Walks {
                algorithm: self.name(),
                variant: Some(variant.to_string()),
                board: req.board.to_string(),
                kind: req.kind(),
                walks: ATTEMPTS,
                moves: plan.budget,
                hint: "try another --variant or --seed, or --algo search",
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{build, existence};
    use knights_core::verify::{verify, Verified};
    use knights_core::Board;

    fn req(w: u32, h: u32, open: bool, tie: TieBreak) -> Request {
        let mut r = Request::closed(Board::new(w, h).unwrap());
        r.open = open;
        r.variant = Some(tie.name().into());
        r
    }

    /// How many of the 700 boards of `every_tie_break_on_boards_from_5_to_24` each
    /// tie-break (in the order of [`TieBreak::ALL`]) gives up on, measured: corner
    /// on 5x23 and 23x5 open, random on 5x6 and 6x5 closed, lookahead on 5x11, 5x15,
    /// 5x19, 5x23 open and their transposes.
    const GAVE_UP_5_TO_24: [usize; 5] = [0, 0, 2, 2, 8];

    fn tour(r: &Request) -> Verified {
        let t = build(r, "warnsdorff").unwrap_or_else(|e| panic!("{}: {e}", r.board));
        let v = verify(t).unwrap_or_else(|e| panic!("{}: {e}", r.board));
        assert_eq!(v.is_closed(), !r.open, "{}", r.board);
        v
    }

    /// Every tie-break, with its budget and restarts, on every board with sides
    /// 5..=24, open and closed: every tour it returns is verified, and it either
    /// returns one or gives up with a message. The ones that give up are listed.
    #[test]
    fn every_tie_break_on_boards_from_5_to_24() {
        for tie in TieBreak::ALL {
            let (mut found, mut gave_up) = (0, Vec::new());
            for w in 5..=24 {
                for h in 5..=24 {
                    for open in [true, false] {
                        let r = req(w, h, open, tie);
                        if existence::check(&r.board, open).is_err() {
                            continue;
                        }
                        match build(&r, "warnsdorff") {
                            Ok(t) => {
                                let v = verify(t).unwrap_or_else(|e| panic!("{}: {e}", r.board));
                                assert_eq!(v.is_closed(), !open);
                                found += 1;
                            }
                            Err(Error::GaveUp(_)) => {
                                gave_up.push(format!("{w}x{h}{}", if open { "" } else { "c" }))
                            }
                            Err(e) => panic!("{}: {e}", r.board),
                        }
                    }
                }
            }
            println!("{}: {found} tours, gave up on {gave_up:?}", tie.name());
            assert_eq!(found + gave_up.len(), 700);
            assert!(
                gave_up.len() <= GAVE_UP_5_TO_24[tie as usize],
                "{}: {gave_up:?}",
                tie.name()
            );
        }
    }

    #[test]
    fn good_tie_breaks_tour_a_million_cells() {
        for tie in [TieBreak::Roth, TieBreak::Lookahead] {
            tour(&req(1000, 1000, true, tie));
        }
        tour(&req(1000, 1000, false, TieBreak::Roth));
    }

    #[test]
    fn starts_where_asked_and_is_deterministic_for_a_seed() {
        for open in [true, false] {
            let mut r = req(12, 9, open, TieBreak::Random);
            r.start = Some((5, 4));
            let a = tour(&r);
            assert_eq!(a.path()[0], r.board.index(5, 4));
            assert_eq!(a.path(), tour(&r).path());
            r.seed = 7;
            assert_ne!(a.path(), tour(&r).path());
        }
        // Without a start square it begins in the corner.
        assert_eq!(tour(&req(8, 8, false, TieBreak::Corner)).path()[0], 0);
    }

    #[test]
    fn refusals_name_the_reason() {
        let e = Warnsdorff
            .check(&req(5000, 5000, true, TieBreak::Roth))
            .unwrap_err();
        assert!(e.to_string().contains("at most 16000000 cells"), "{e}");
        let mut r = req(5, 5, true, TieBreak::Roth);
        r.start = Some((0, 1));
        let e = build(&r, "warnsdorff").unwrap_err().to_string();
        assert!(
            e.contains("no open tour of the 5x5 board starts at [0, 1]: its colour"),
            "{e}"
        );
        r.variant = Some("nope".into());
        assert!(build(&r, "warnsdorff")
            .unwrap_err()
            .to_string()
            .contains("no variant 'nope'"));
    }
}
