//! Exercises for a worksheet, made from one verified tour: "fill in the missing
//! numbers", "finish the tour" and "find the mistake". Each exercise turns or mirrors
//! the tour (and starts a closed one elsewhere), chosen by a seed, so a sheet's
//! exercises differ; every such tour is verified again.
//!
//! A "find the mistake" path is the only thing here that is not a tour: a stretch of
//! the tour walked backwards, which keeps every cell once and breaks exactly the one or
//! two steps at its ends; the illegal steps are located by [`knights_core::verify::bad_leaps`].

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use knights_core::verify::{self, Failure, Verified};
use knights_core::{BadBoard, BadOption, Board, Error, Tour};

/// What a pupil is asked to do.
#[derive(Clone, Debug)]
pub enum Task {
    /// Fill in the numbers of the steps not in `shown` (path positions, from 0).
    FillIn {
        /// Positions whose numbers are printed.
        shown: Vec<usize>,
    },
    /// Finish the tour whose first `moves` moves are drawn.
    Finish {
        /// Moves drawn.
        moves: usize,
    },
    /// Read back `message`, written along the tour and read by rows into `cipher`
    /// ([`crate::cipher`]); the numbered tour is the key.
    Cipher {
        /// The message, its letters only.
        message: String,
        /// The message enciphered with the exercise's tour.
        cipher: String,
    },
    /// Find the illegal steps in `path`, numbered from 1, drawn as a tour would be.
    Mistake {
        /// Every cell once, with illegal steps.
        path: Vec<u32>,
        /// Its illegal steps, as verify locates them.
        errors: Vec<Failure>,
    },
}

/// One exercise: its tour (the answer) and the task.
#[derive(Clone, Debug)]
pub struct Exercise {
    /// The tour the exercise is made from, which the answer shows.
    pub tour: Verified,
    /// What is asked.
    pub task: Task,
}

/// How to make a sheet's exercises.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// How many exercises.
    pub count: usize,
    /// Numbers shown in "fill in" and moves shown in "finish" (default: a quarter).
    pub reveal: Option<usize>,
    /// Illegal steps in "find the mistake": 1 or 2.
    pub mistakes: usize,
    /// Chooses the turns, mirrors, shown numbers and mistakes.
    pub seed: u64,
}

/// The fewest squares a board needs for exercises.
const LEAST_SQUARES: usize = 8;

/// The exercises of `plan` made from `tour`, kinds in turn: fill in, finish, mistake.
pub fn make(tour: &Verified, plan: &Plan) -> Result<Vec<Exercise>, Error> {
    let n = tour.path().len();
    if !(1..=2).contains(&plan.mistakes) {
        let mistakes = plan.mistakes;
        return Err(BadOption::Mistakes { mistakes }.into());
    }
    if n < LEAST_SQUARES {
        return Err(BadBoard::Exercises {
            board: tour.board().to_string(),
            least: LEAST_SQUARES,
        }
        .into());
    }
    let reveal = plan.reveal.unwrap_or(n / 4).max(1);
    if reveal >= n {
        return Err(BadOption::Reveal { reveal, steps: n }.into());
    }
    (0..plan.count)
        .map(|i| {
            let mut rng = ChaCha8Rng::seed_from_u64(plan.seed);
            rng.set_stream(i as u64);
            let t = variant(tour, &mut rng)?;
            let task = match i % 3 {
                0 => fill_in(n, reveal, &mut rng),
                1 => Task::Finish { moves: reveal },
                _ => mistake(&t, plan.mistakes, &mut rng)?,
            };
            Ok(Exercise { tour: t, task })
        })
        .collect()
}

/// `plan.count` cipher exercises carrying `message`, each on the tour turned, mirrored
/// or started elsewhere as `plan.seed` chooses, so each sheet's ciphers differ. The
/// message must fit one board.
pub fn ciphers(tour: &Verified, plan: &Plan, message: &str) -> Result<Vec<Exercise>, Error> {
    crate::cipher::check(message, tour.path().len(), tour.board())?;
    let letters: String = crate::cipher::letters(message).into_iter().collect();
    (0..plan.count)
        .map(|i| {
            let mut rng = ChaCha8Rng::seed_from_u64(plan.seed);
            rng.set_stream(i as u64);
            let t = variant(tour, &mut rng)?;
            let cipher = crate::cipher::encode(&t, message)?;
            let message = letters.clone();
            Ok(Exercise {
                tour: t,
                task: Task::Cipher { message, cipher },
            })
        })
        .collect()
}

/// The tour turned or mirrored (a square board has eight ways, others four; a band
/// keeps its glued sides, so it is not turned a quarter) with its holes, and, when
/// closed, started at another of its cells; verified again.
fn variant(tour: &Verified, rng: &mut ChaCha8Rng) -> Result<Verified, Error> {
    let b = tour.board();
    let (w, h) = (b.width(), b.height());
    let ways = if w == h && !b.topology().wraps() {
        8
    } else {
        4
    };
    let way = rng.gen_range(0..ways);
    let map = |c: u32| {
        let (x, y) = b.xy(c);
        let (x, y) = match way {
            0 => (x, y),
            1 => (w - 1 - x, y),
            2 => (x, h - 1 - y),
            3 => (w - 1 - x, h - 1 - y),
            4 => (y, x),
            5 => (h - 1 - y, x),
            6 => (y, w - 1 - x),
            _ => (h - 1 - y, w - 1 - x),
        };
        b.index(x, y)
    };
    let holes: Vec<(u32, u32)> = b.holes().iter().map(|&c| b.xy(map(c))).collect();
    let board = Board::with_leaper(w, h, b.leaper())?
        .with_topology(b.topology())
        .with_holes(&holes)?;
    let mut path: Vec<u32> = tour.path().iter().map(|&c| map(c)).collect();
    if tour.is_closed() {
        let k = rng.gen_range(0..path.len());
        path.rotate_left(k);
    }
    let t = Tour::new(board, path, tour.is_closed()).with_algorithm(tour.algorithm());
    verify::verify(t).map_err(|f| Error::internal(format!("a turned tour is not a tour: {f}")))
}

/// `reveal` positions chosen at random, always with the first.
fn fill_in(n: usize, reveal: usize, rng: &mut ChaCha8Rng) -> Task {
    let mut rest: Vec<usize> = (1..n).collect();
    rest.shuffle(rng);
    let mut shown: Vec<usize> = std::iter::once(0)
        .chain(rest.into_iter().take(reveal - 1))
        .collect();
    shown.sort_unstable();
    Task::FillIn { shown }
}

/// The tour's path with one stretch reversed so that exactly `count` steps are not
/// leaps: the tail from some step on (one error), or a stretch inside (two).
fn mistake(tour: &Verified, count: usize, rng: &mut ChaCha8Rng) -> Result<Task, Error> {
    let p = tour.path();
    let n = p.len();
    let mut cuts: Vec<(usize, usize)> = if count == 1 {
        (1..n - 2).map(|i| (i, n - 1)).collect()
    } else {
        (1..n - 3)
            .flat_map(|i| (i + 2..n - 1).map(move |j| (i, j)))
            .collect()
    };
    cuts.shuffle(rng);
    for (i, j) in cuts {
        let mut path = p.to_vec();
        path[i + 1..=j].reverse();
        let claim = Tour::new(tour.board().clone(), path, false);
        let errors = verify::bad_leaps(&claim);
        if errors.len() == count {
            return Ok(Task::Mistake {
                path: claim.path().to_vec(),
                errors,
            });
        }
    }
    Err(BadBoard::Mistakes {
        board: tour.board().to_string(),
        mistakes: count,
    }
    .into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tour;

    #[test]
    fn every_kind_is_what_it_says() {
        for (t, mistakes) in [
            (tour(5, 5, true), 1),
            (tour(6, 6, false), 2),
            (tour(8, 8, false), 1),
        ] {
            let plan = Plan {
                count: 9,
                reveal: Some(7),
                mistakes,
                seed: 3,
            };
            let ex = make(&t, &plan).unwrap();
            assert_eq!(ex.len(), 9);
            for e in &ex {
                assert_eq!(e.tour.path().len(), t.path().len());
                match &e.task {
                    Task::FillIn { shown } => {
                        assert_eq!(shown.len(), 7);
                        assert_eq!(shown[0], 0);
                    }
                    Task::Finish { moves } => assert_eq!(*moves, 7),
                    Task::Cipher { .. } => unreachable!("make() makes no cipher"),
                    Task::Mistake { path, errors } => {
                        assert_eq!(errors.len(), mistakes);
                        let claim = Tour::new(t.board().clone(), path.clone(), false);
                        // verify's own check fails on the first located error
                        assert_eq!(verify::check(&claim).unwrap_err(), errors[0]);
                    }
                }
            }
        }
    }

    #[test]
    fn bad_plans_are_refused() {
        let t = tour(5, 5, true);
        let plan = |reveal, mistakes| Plan {
            count: 3,
            reveal,
            mistakes,
            seed: 0,
        };
        assert!(make(&t, &plan(Some(25), 1)).is_err());
        assert!(make(&t, &plan(None, 3)).is_err());
        let a = make(&t, &plan(None, 1)).unwrap();
        let b = make(&t, &plan(None, 1)).unwrap();
        assert_eq!(a[0].tour.path(), b[0].tour.path());
    }

    #[test]
    fn a_board_with_a_hole_turns_with_its_hole() {
        let mut r = knights_construct::Request::closed(Board::new(9, 9).unwrap());
        r.variant = Some("corner".into());
        let t = verify::verify(knights_construct::build(&r, "parberry").unwrap()).unwrap();
        assert_eq!(t.board().holes().len(), 1);
        let plan = Plan {
            count: 16,
            reveal: None,
            mistakes: 1,
            seed: 1,
        };
        let ex = make(&t, &plan).unwrap();
        let holes: std::collections::BTreeSet<_> =
            ex.iter().map(|e| e.tour.board().holes()[0]).collect();
        assert!(holes.len() > 1, "the hole moved with the tour: {holes:?}");
        let theme = knights_render::theme::Theme::load("print").unwrap();
        let pages = crate::worksheet::pages(&ex, &theme, 4, "t");
        assert!(pages.iter().all(|p| p.contains("class=\"hole\"")));
    }
}
