//! Tests of the engine: each goal (tour, closed tour, fixed ends, covers by several
//! paths) counted against a naive enumeration written independently here; each rule
//! (Warnsdorff's tie-breaks, the tile rule's links and zones); the Pósa rotations'
//! invariants; and every walk proved a tour by `verify` over ranges of boards.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::*;
use knights_core::verify::verify;
use knights_core::Board;
use knights_core::Tour;

/// `path` (padded indices of `field`) proved a tour of `board` by `verify`.
fn proved(field: &Field, board: &Board, path: &[u32], closed: bool) {
    let cells = path.iter().map(|&p| field.board_cell(p)).collect();
    let v =
        verify(Tour::new(board.clone(), cells, closed)).unwrap_or_else(|e| panic!("{board}: {e}"));
    assert_eq!(v.is_closed(), closed);
}

/// Counts, by plain recursion over board cells, the ways to walk `paths` (board
/// cells `(start, end)`, `None` for a free end) one after another over every cell of
/// `region`, each leap a leap of the board's leaper; closed: the last cell a leap from
/// the first. Written without the engine, to check it.
fn naive_count(board: &Board, region: &[u32], paths: &[(u32, Option<u32>)], closed: bool) -> u64 {
    struct Naive<'a> {
        board: &'a Board,
        inside: Vec<bool>,
        used: Vec<bool>,
        paths: &'a [(u32, Option<u32>)],
        closed: bool,
        total: usize,
    }
    impl Naive<'_> {
        fn ends(&self) -> Vec<u32> {
            self.paths
                .iter()
                .flat_map(|&(s, e)| [Some(s), e])
                .flatten()
                .collect()
        }
        /// Walks on from `head`, the `len`-th cell, on path `seg`.
        fn go(&mut self, head: u32, len: usize, seg: usize) -> u64 {
            let (_, end) = self.paths[seg];
            let last = seg + 1 == self.paths.len();
            if end == Some(head) || (last && len == self.total) {
                if !last {
                    let next = self.paths[seg + 1].0;
                    self.used[next as usize] = true;
                    let n = self.go(next, len + 1, seg + 1);
                    self.used[next as usize] = false;
                    return n;
                }
                let first = self.paths[0].0;
                let closes = len > 2 && self.board.dir_between(head, first).is_some();
                return u64::from(len == self.total && (!self.closed || closes));
            }
            let mut n = 0;
            for d in 0..8 {
                let Some(next) = self.board.step(head, d) else {
                    continue;
                };
                if !self.inside[next as usize] || self.used[next as usize] {
                    continue;
                }
                // Another path's end cell, or this one's before the end: not by a leap.
                let reserved = self.ends().contains(&next) && end != Some(next);
                if reserved || (last && end == Some(next) && len + 1 != self.total) {
                    continue;
                }
                self.used[next as usize] = true;
                n += self.go(next, len + 1, seg);
                self.used[next as usize] = false;
            }
            n
        }
    }
    let mut inside = vec![false; board.area() as usize];
    for &c in region {
        inside[c as usize] = true;
    }
    let mut naive = Naive {
        board,
        used: vec![false; inside.len()],
        inside,
        paths,
        closed,
        total: region.len(),
    };
    let first = paths[0].0;
    naive.used[first as usize] = true;
    naive.go(first, 1, 0)
}

/// Every complete walk of `goal` over `field`, through `explore` with the fixed rule.
fn every_walk(field: &mut Field, goal: &Goal) -> Vec<Vec<Vec<u32>>> {
    let mut all = Vec::new();
    let out = explore(field, goal, &mut Fixed, |cover| {
        all.push(cover.paths().map(<[u32]>::to_vec).collect());
        Flow::Go
    });
    assert!(matches!(out, Outcome::Exhausted), "{out:?}");
    all
}

#[test]
fn open_and_closed_tours_counted_against_a_naive_enumeration() {
    for (w, h) in [(5, 5), (3, 4), (4, 3), (3, 7), (5, 4), (4, 5)] {
        let board = Board::new(w, h).unwrap();
        let cells: Vec<u32> = (0..board.area() as u32).collect();
        for closed in [false, true] {
            let mut field = Field::new(&board).unwrap();
            let fresh = field.clone();
            let start = field.cell(0, 0);
            let walks = every_walk(&mut field, &Goal::tour(start, closed, u64::MAX));
            assert_eq!(field.degrees(), fresh.degrees(), "the field is restored");
            let naive = naive_count(&board, &cells, &[(0, None)], closed);
            assert_eq!(walks.len() as u64, naive, "{board} closed {closed}");
            for walk in &walks {
                proved(&field, &board, &walk[0], closed);
            }
        }
    }
    // A known figure: 304 open knight's tours of the 5x5 board start in a corner.
    let board = Board::new(5, 5).unwrap();
    assert_eq!(
        naive_count(&board, &(0..25).collect::<Vec<_>>(), &[(0, None)], false),
        304
    );
}

#[test]
fn fixed_ends_and_covers_by_several_paths_in_a_region() {
    // A region: the 5x5 board without its top-right corner, as a bitset.
    let board = Board::new(5, 5).unwrap();
    let bits: u64 = ((1u64 << 25) - 1) & !(1 << board.index(4, 4));
    let region: Vec<u32> = (0..25).filter(|&c| bits >> c & 1 == 1).collect();
    // End cells taken from one path over the region, so that every goal has a cover.
    let mut field = Field::region(&board, |c| bits >> c & 1 == 1).unwrap();
    let any = Goal::tour(field.cell(0, 0), false, u64::MAX);
    let Outcome::Found(one) = search(&mut field, &any, &mut Fixed) else {
        panic!("the region has a path from the corner")
    };
    let p: Vec<u32> = one.iter().map(|&q| field.board_cell(q)).collect();
    let goals: [&[(u32, Option<u32>)]; 4] = [
        &[(p[0], Some(p[23]))],
        &[(p[0], Some(p[9])), (p[10], Some(p[23]))],
        &[(p[0], Some(p[11])), (p[12], None)],
        &[(p[0], Some(p[7])), (p[8], Some(p[8])), (p[9], Some(p[23]))],
    ];
    for paths in goals {
        let mut field = Field::region(&board, |c| bits >> c & 1 == 1).unwrap();
        assert_eq!(field.remaining(), 24);
        let pad = |c: u32| field.cell(board.xy(c).0, board.xy(c).1);
        let ends = paths
            .iter()
            .map(|&(s, e)| Ends {
                start: pad(s),
                end: e.map(pad),
            })
            .collect();
        let goal = Goal::cover(ends, u64::MAX).unwrap();
        let walks = every_walk(&mut field, &goal);
        assert_eq!(
            walks.len() as u64,
            naive_count(&board, &region, paths, false),
            "{paths:?}"
        );
        assert!(!walks.is_empty(), "{paths:?}");
        let mut seen = std::collections::HashSet::new();
        for walk in &walks {
            assert!(seen.insert(walk.clone()), "each cover once");
            let mut cells: Vec<u32> = walk.concat().iter().map(|&p| field.board_cell(p)).collect();
            for (path, &(s, e)) in walk.iter().zip(paths) {
                assert_eq!(field.board_cell(path[0]), s);
                if let Some(e) = e {
                    assert_eq!(field.board_cell(*path.last().unwrap()), e);
                }
                for pair in path.windows(2) {
                    assert!(field.adjacent(pair[0], pair[1]), "every step a leap");
                }
            }
            cells.sort_unstable();
            assert_eq!(cells, region, "the paths cover the region once");
        }
    }
    assert_eq!(Goal::cover(vec![], 1).unwrap_err(), BadGoal);
    let free_end = Ends {
        start: 1,
        end: None,
    };
    let fixed = Ends {
        start: 2,
        end: Some(3),
    };
    assert_eq!(Goal::cover(vec![free_end, fixed], 1).unwrap_err(), BadGoal);
    let shared = Ends {
        start: 3,
        end: Some(4),
    };
    assert_eq!(Goal::cover(vec![fixed, shared], 1).unwrap_err(), BadGoal);
}

#[test]
fn a_visitor_stops_the_walk_and_the_budget_bounds_it() {
    let board = Board::new(5, 5).unwrap();
    let mut field = Field::new(&board).unwrap();
    let goal = Goal::tour(field.cell(0, 0), false, u64::MAX);
    let mut seen = 0;
    let out = explore(&mut field, &goal, &mut Fixed, |_| {
        seen += 1;
        if seen == 3 {
            Flow::Stop
        } else {
            Flow::Go
        }
    });
    let Outcome::Found(path) = out else {
        panic!("{out:?}")
    };
    proved(&field, &board, &path, false);
    assert_eq!(seen, 3);
    let tight = Goal::tour(field.cell(0, 0), false, 100);
    assert!(
        matches!(search(&mut field, &tight, &mut Fixed), Outcome::OverBudget(p) if p.len() <= 101)
    );
    // An end cell that is not free: nothing to walk.
    let wall = Goal::path(field.cell(0, 0), field.len() as u32 - 1, 100);
    assert!(matches!(
        search(&mut field, &wall, &mut Fixed),
        Outcome::Exhausted
    ));
}

#[test]
fn warnsdorff_takes_the_fewest_onward_leaps_and_breaks_ties_as_named() {
    let board = Board::new(9, 7).unwrap();
    let mut field = Field::new(&board).unwrap();
    let walked = [field.cell(4, 3), field.cell(2, 4)];
    for &p in &walked {
        field.visit(p);
    }
    let at = At {
        field: &field,
        path: &walked,
    };
    let head = at.head();
    let free: Vec<usize> = (0..8)
        .filter(|&d| field.is_free(field.step(head, d)))
        .collect();
    let fewest = free
        .iter()
        .map(|&d| field.degree(field.step(head, d)))
        .min()
        .unwrap();
    let ties: Vec<usize> = free
        .iter()
        .copied()
        .filter(|&d| field.degree(field.step(head, d)) == fewest)
        .collect();
    assert!(ties.len() > 1, "the position has a tie to break");
    let key = |d: usize, f: &dyn Fn(i64, i64) -> i64| {
        let (x, y) = field.xy(field.step(head, d));
        f(x as i64, y as i64)
    };
    let best = |f: &dyn Fn(i64, i64) -> i64| ties.iter().map(|&d| key(d, f)).min().unwrap();
    for tie in TieBreak::ALL {
        let mut rule = Heuristic::new(&field, tie, 0, 0);
        let d = rule.choose(&at, 0).unwrap();
        assert!(
            ties.contains(&d),
            "{tie:?} takes a cell of fewest onward leaps"
        );
        let roth = |x: i64, y: i64| -((2 * x + 1 - 9).pow(2) + (2 * y + 1 - 7).pow(2));
        let corner = |x: i64, y: i64| x.min(8 - x).pow(2) + y.min(6 - y).pow(2);
        match tie {
            TieBreak::First => assert_eq!(d, ties[0]),
            TieBreak::Roth => assert_eq!(key(d, &roth), best(&roth)),
            TieBreak::Corner => assert_eq!(key(d, &corner), best(&corner)),
            TieBreak::Lookahead => {
                let sum = |d: usize| {
                    let n = field.step(head, d);
                    field
                        .neighbours(n)
                        .filter(|&m| field.is_free(m))
                        .map(|m| field.degree(m) as u32)
                        .sum::<u32>()
                };
                assert_eq!(sum(d), ties.iter().map(|&t| sum(t)).min().unwrap());
            }
            TieBreak::Random => {
                let again = Heuristic::new(&field, tie, 0, 0).choose(&at, 0);
                assert_eq!(Some(d), again, "the same seed, the same choice");
            }
        }
        // Trying the choice leaves the other ties.
        let next = rule.choose(&at, 1 << d);
        assert!(next.is_some_and(|n| n != d && free.contains(&n)));
    }
}

#[test]
fn warnsdorff_walks_tour_a_range_of_boards() {
    let mut missed = Vec::new();
    for w in 5..=24 {
        // Walks from the corner of 5-high boards of odd length run over budget:
        // those boards are the restarts' (see `restarts`).
        for h in [6, 8, 9, 16, w] {
            let board = Board::new(w, h).unwrap();
            let mut field = Field::new(&board).unwrap();
            let start = field.cell(0, 0);
            let mut rule = Pruned(Heuristic::new(&field, TieBreak::Roth, 0, 0));
            let goal = Goal::tour(start, false, 20 * board.cells());
            match search(&mut field, &goal, &mut rule) {
                Outcome::Found(path) => proved(&field, &board, &path, false),
                other => missed.push((w, h, matches!(other, Outcome::OverBudget(_)))),
            }
        }
    }
    println!("{missed:?}");
    assert!(missed.is_empty(), "{missed:?}");
}

#[test]
fn posa_rotations_keep_the_cells_and_leaps_and_close_paths() {
    let mut closed = 0;
    for (w, h) in (5..=40)
        .map(|n| (n, n))
        .chain([(3, 99), (99, 3), (30, 17), (60, 60)])
    {
        let board = Board::new(w, h).unwrap();
        let mut field = Field::new(&board).unwrap();
        let fresh = field.clone();
        let mut rule = Heuristic::new(&field, TieBreak::Roth, 0, 0);
        let mut rng = ChaCha8Rng::seed_from_u64(w as u64);
        let start = field.cell(0, 0);
        // A walk stopped early (a small budget), then grown on by rotations.
        let goal = Goal::tour(start, false, board.cells() / 2);
        let mut walker = Pruned(Heuristic::new(&field, TieBreak::Roth, 0, 0));
        let reached = match search(&mut field, &goal, &mut walker) {
            Outcome::Found(path) | Outcome::OverBudget(path) => path,
            Outcome::Exhausted => panic!("{board}: exhausted"),
        };
        let path = grow(&mut field, reached, &mut rule, &mut rng, 100_000)
            .unwrap_or_else(|| panic!("{board}: no path"));
        assert_eq!(
            field.degrees(),
            fresh.degrees(),
            "{board}: the field is restored"
        );
        assert_eq!(path[0], start, "growing keeps the start");
        proved(&field, &board, &path, false);
        if (w * h) % 2 == 0 {
            let mut cycle = path.clone();
            close(&field, &mut cycle, &mut rng, 100_000)
                .unwrap_or_else(|| panic!("{board}: not closed"));
            let (mut a, mut b) = (path.clone(), cycle.clone());
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b, "{board}: the same cells");
            proved(&field, &board, &cycle, true);
            let home = field.cell(w / 2, h / 2);
            let aligned = close_and_align(&field, path, home, 1).unwrap();
            assert_eq!(aligned[0], home);
            proved(&field, &board, &aligned, true);
            closed += 1;
        }
    }
    assert_eq!(closed, 20);
}

#[test]
fn linked_tours_hold_their_links_and_zones() {
    let board = Board::new(8, 6).unwrap();
    let mut field = Field::new(&board).unwrap();
    let start = field.cell(0, 0);
    let last = field.neighbours(start).filter(|&n| field.is_free(n)).nth(1);
    let links = [
        (field.cell(7, 0), field.cell(6, 2)),
        (field.cell(3, 3), field.cell(5, 4)),
    ];
    let found = (0..50).find_map(|seed| {
        let mut rule = Linked::new(&field, start, last, &links, seed);
        match search(&mut field, &rule.goal(100 * board.cells()), &mut rule) {
            Outcome::Found(path) => Some(path),
            _ => None,
        }
    });
    let path = found.expect("a tour with the links within 50 seeds");
    proved(&field, &board, &path, true);
    let n = path.len();
    for (a, b) in links {
        let i = path.iter().position(|&p| p == a).unwrap();
        assert!(
            path[(i + 1) % n] == b || path[(i + n - 1) % n] == b,
            "link kept"
        );
    }
    // Zones: the two 4x6 halves of an 8x6 board, left first.
    let mut field = Field::new(&board).unwrap();
    let mut zone = vec![0u8; field.len()];
    for c in 0..48 {
        let (x, y) = board.xy(c);
        zone[field.cell(x, y) as usize] = (x >= 4) as u8;
    }
    let start = field.cell(0, 0);
    let found = (0..200).find_map(|seed| {
        let mut rule = Linked::new(&field, start, None, &[], seed).with_zones(zone.clone(), 24);
        match search(&mut field, &rule.goal(100_000), &mut rule) {
            Outcome::Found(path) => Some(path),
            _ => None,
        }
    });
    let path = found.expect("an open tour of one half then the other");
    proved(&field, &board, &path, false);
    assert!(path
        .iter()
        .enumerate()
        .all(|(i, &p)| zone[p as usize] as usize == i / 24));
}
