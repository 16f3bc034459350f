//! Warnsdorff's rule (H. C. von Warnsdorff, 1823): always leap to the free square with
//! the fewest free onward leaps, with the usual tie-breaks as variants (Pohl's look-ahead:
//! "A method for finding Hamilton paths and knight's tours", 1967). Leslie-Hurd ("Large
//! Knight's Tours") adds a move budget with restarts, which the search here gets from the depth-first engine
//! of [`super::backtrack`] (ordered by the rule, with dead-end pruning).
//!
//! Open tours start from `Request::start` (default the bottom-left corner). A closed
//! tour is an open one whose ends are then brought a leap apart by Pósa rotations
//! ([`super::posa`]) and rotated to begin at the start square.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::backtrack::{dfs, start_of, tour_of, Goal, Outcome, Rule};
use super::field::Field;
use super::posa::{close_and_align, grow};
use super::{unchecked_variant, Construction, Request};
use crate::{Error, Tour};

/// How Warnsdorff's rule chooses between squares with equally few onward leaps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TieBreak {
    /// The first in the leaper's fixed direction order.
    First,
    /// The farthest from the centre of the board (Roth).
    Roth,
    /// The nearest to a corner.
    Corner,
    /// At random (deterministic for a seed).
    Random,
    /// One level deeper: the fewest free leaps summed over its free neighbours (Pohl).
    Lookahead,
}

impl TieBreak {
    /// Every tie-break, in the order of [`TieBreak::name`].
    pub const ALL: [TieBreak; 5] = [
        TieBreak::First,
        TieBreak::Roth,
        TieBreak::Corner,
        TieBreak::Random,
        TieBreak::Lookahead,
    ];

    /// The variant name given to `--variant`.
    pub fn name(self) -> &'static str {
        match self {
            TieBreak::First => "first",
            TieBreak::Roth => "roth",
            TieBreak::Corner => "corner",
            TieBreak::Random => "random",
            TieBreak::Lookahead => "lookahead",
        }
    }

    /// The tie-break called `name`.
    pub fn by_name(name: &str) -> Option<TieBreak> {
        TieBreak::ALL.into_iter().find(|t| t.name() == name)
    }
}

/// Warnsdorff's rule with a tie-break, as a [`Rule`] for the depth-first engine.
pub(crate) struct Heuristic {
    tie: TieBreak,
    order: [u8; 8],
    rng: ChaCha8Rng,
    width: i64,
    height: i64,
}

impl Heuristic {
    /// The rule with `tie`; the first attempt with seed 0 keeps the leaper's direction
    /// order for the remaining ties, other attempts and seeds shuffle it.
    pub(crate) fn new(field: &Field, tie: TieBreak, seed: u64, attempt: u64) -> Heuristic {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(attempt);
        let mut order = [0, 1, 2, 3, 4, 5, 6, 7];
        if seed != 0 || attempt > 0 {
            order.shuffle(&mut rng);
        }
        let (w, h) = field.size();
        Heuristic {
            tie,
            order,
            rng,
            width: w as i64,
            height: h as i64,
        }
    }

    /// The tie-break key of the free cell `p`: smaller wins.
    fn key(&mut self, field: &Field, p: u32) -> i64 {
        let (x, y) = field.xy(p);
        let (x, y) = (x as i64, y as i64);
        match self.tie {
            TieBreak::First => 0,
            TieBreak::Roth => {
                let (dx, dy) = (2 * x + 1 - self.width, 2 * y + 1 - self.height);
                -(dx * dx + dy * dy)
            }
            TieBreak::Corner => {
                let dx = x.min(self.width - 1 - x);
                let dy = y.min(self.height - 1 - y);
                dx * dx + dy * dy
            }
            TieBreak::Random => self.rng.gen::<u32>() as i64,
            TieBreak::Lookahead => field
                .neighbours(p)
                .filter(|&n| field.is_free(n))
                .map(|n| field.degree(n) as i64)
                .sum(),
        }
    }
}

impl Rule for Heuristic {
    fn choose(&mut self, field: &Field, head: u32, tried: u8) -> Option<usize> {
        let mut fewest = u8::MAX;
        let mut ties = 0;
        for d in 0..8 {
            let n = field.step(head, d);
            if tried & (1 << d) == 0 && field.is_free(n) {
                let deg = field.degree(n);
                if deg < fewest {
                    (fewest, ties) = (deg, 0);
                }
                ties += (deg == fewest) as u32;
            }
        }
        let mut best: Option<(i64, usize)> = None;
        for i in 0..8 {
            let d = self.order[i] as usize;
            let n = field.step(head, d);
            if tried & (1 << d) != 0 || !field.is_free(n) || field.degree(n) != fewest {
                continue;
            }
            if ties == 1 {
                return Some(d);
            }
            let k = self.key(field, n);
            if best.is_none_or(|(b, _)| k < b) {
                best = Some((k, d));
            }
        }
        best.map(|(_, d)| d)
    }
}

/// One budgeted depth-first Warnsdorff walk from `start` (padded index).
pub(crate) fn walk(field: &mut Field, start: u32, rule: &mut Heuristic, budget: u64) -> Outcome {
    let goal = Goal {
        closed: false,
        prune: true,
        budget,
    };
    dfs(field, start, rule, &goal)
}

/// How a construction runs Warnsdorff walks.
pub(crate) struct Plan<'a> {
    /// The tie-breaks walk number `i` uses `ties[i % ties.len()]`.
    pub ties: &'a [TieBreak],
    /// Walks before giving up.
    pub attempts: u64,
    /// Moves per walk.
    pub budget: u64,
}

/// The start square of walk number `attempt`: the one asked for (an open tour must
/// begin there), else the corners in turn (every corner has the majority colour of a
/// board with an odd number of cells). A closed tour is turned to begin at the start
/// square at the end, so its walks may begin anywhere.
fn attempt_start(field: &Field, req: &Request, attempt: u64) -> Result<u32, Error> {
    if req.start.is_some() && req.open {
        return start_of(field, req);
    }
    let (w, h) = field.size();
    let (x, y) = [(0, 0), (w - 1, h - 1), (w - 1, 0), (0, h - 1)][(attempt % 4) as usize];
    Ok(field.cell(x, y))
}

/// Pósa rotations a stuck walk may make to grow on: a few times what bringing its end
/// across the board takes, but (as each rotation may reverse the whole path) no more
/// than about 2 * 10^8 cells' worth of reversing.
fn grow_budget(field: &Field) -> u64 {
    let (w, h) = field.size();
    let cells = w as u64 * h as u64;
    (1000 + 10 * (w as u64 + h as u64)).min((200_000_000 / cells).max(1000))
}

/// Runs the walks of `plan` until one gives a tour of the kind `req` asks for. A walk
/// that runs out of moves is tried again growing by Pósa rotations; closed tours are
/// closed by Pósa rotations. `Ok(None)` when every walk ran out of budget.
pub(crate) fn run(req: &Request, plan: &Plan) -> Result<Option<Tour>, Error> {
    let mut field = Field::new(&req.board)?;
    let home = start_of(&field, req)?;
    for attempt in 0..plan.attempts {
        let tie = plan.ties[(attempt % plan.ties.len() as u64) as usize];
        let mut rule = Heuristic::new(&field, tie, req.seed, attempt);
        let start = attempt_start(&field, req, attempt)?;
        let path = match walk(&mut field, start, &mut rule, plan.budget) {
            Outcome::Found(path) => path,
            Outcome::Exhausted if req.open && req.start.is_some() => {
                let (x, y) = field.xy(start);
                return Err(Error::NoTour(format!(
                    "no open tour of the {} board starts at [{x}, {y}]: the search tried every path",
                    req.board
                )));
            }
            Outcome::OverBudget(reached) => {
                let mut rng = ChaCha8Rng::seed_from_u64(req.seed ^ attempt);
                let budget = grow_budget(&field);
                match grow(&mut field, reached, &mut rule, &mut rng, budget) {
                    Some(path) => path,
                    None => continue,
                }
            }
            Outcome::Exhausted => continue,
        };
        if req.open {
            return Ok(Some(tour_of(&field, &req.board, path, false)));
        }
        if let Some(cycle) = close_and_align(&field, path, home, req.seed ^ attempt) {
            return Ok(Some(tour_of(&field, &req.board, cycle, true)));
        }
    }
    Ok(None)
}

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
    fn summary(&self) -> &'static str {
        "Warnsdorff's rule (Warnsdorff 1823) with tie-breaks, and a move budget and restarts (Leslie-Hurd, Large Knight's Tours)"
    }
    fn boards(&self) -> &'static str {
        "open tours up to 16 million cells from any start square, closed ones up to 4 million cells"
    }
    fn variants(&self) -> &'static [&'static str] {
        &["first", "roth", "corner", "random", "lookahead"]
    }
    fn check(&self, req: &Request) -> Result<(), Error> {
        let cells = req.board.cells();
        let limit = if req.open {
            CELL_LIMIT
        } else {
            CLOSED_CELL_LIMIT
        };
        if cells > limit {
            return Err(Error::Unsupported(format!(
                "warnsdorff searches {} tours on boards of at most {limit} cells; the {} board has {cells}: use besa or parberry",
                req.kind(),
                req.board
            )));
        }
        Ok(())
    }
    fn build(&self, req: &Request) -> Result<Tour, Error> {
        let variant = req.variant.as_deref().unwrap_or("roth");
        let tie = TieBreak::by_name(variant).ok_or_else(|| unchecked_variant(self, variant))?;
        let plan = Plan {
            ties: &[tie],
            attempts: ATTEMPTS,
            budget: budget(req.board.cells()),
        };
        run(req, &plan)?.ok_or_else(|| {
            Error::GaveUp(format!(
                "warnsdorff ({variant}) found no {} tour of the {} board in {ATTEMPTS} walks of {} moves; try another --variant or --seed, or --algo search",
                req.kind(),
                req.board,
                plan.budget
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::construct::{build, existence};
    use crate::verify::{verify, Verified};

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
