//! The search for other leapers than the knight: a stretch of a giraffe's tour, cut
//! out and searched again, comes back among the covers, and every cover is made of
//! giraffe leaps.

use super::*;
use knights_construct::Request;
use knights_core::Leaper;
use knights_core::{Board, Tour};

/// A closed giraffe's tour of the 20x20 board (by the search construction).
fn giraffe_tour() -> Tour {
    let board = Board::with_leaper(20, 20, Leaper::GIRAFFE).unwrap();
    let mut req = Request::closed(board);
    req.start = Some((1, 3));
    knights_construct::build(&req, "search").unwrap()
}

#[test]
fn a_giraffe_stretch_is_searched_with_giraffe_leaps() {
    let tour = giraffe_tour();
    let grid = knights_core::MoveGrid::from_path(tour.board(), tour.path(), true).unwrap();
    let (w, h) = (20i32, 20i32);
    let moves = |x: i32, y: i32| -> u8 {
        if (0..w).contains(&x) && (0..h).contains(&y) {
            grid.masks()[(y * w + x) as usize]
        } else {
            0
        }
    };
    let cell = |i: usize| {
        let c = tour.path()[i % tour.path().len()];
        ((c % 20) as i32, (c / 20) as i32)
    };
    // Two stretches of the tour, of eight cells each, with their four ports.
    let (a, b) = (10, 200);
    let cells: Vec<Cell> = (a + 1..a + 9).chain(b + 1..b + 9).map(cell).collect();
    let spec = Spec {
        cells,
        entries: vec![cell(a), cell(b)],
        exits: vec![cell(a + 9), cell(b + 9)],
        moves: &moves,
        period: None,
        free_ports: true,
    };
    // The knight's problem does not fit a giraffe's tour.
    assert!(Problem::new(&spec).is_err());
    let problem = Problem::for_leaper(&spec, Leaper::GIRAFFE).unwrap();
    assert!(!problem.adds_cells());
    let options = Options {
        ending: Ending::Plain,
        keep: usize::MAX,
        ..Options::default()
    };
    let out = search(&problem, &options).unwrap();
    let plain = problem.plain_solution();
    assert!(out.covers >= 1);
    let plain_count = out.tally[&(plain.turns, plain.crossings)][0];
    assert!(plain_count >= 1, "{:?}", out.tally);
    let giraffe = Leaper::GIRAFFE.dirs();
    for sol in &out.front {
        assert_eq!(sol.ends, plain.ends);
        for (c, m) in problem.masks_of(sol) {
            // Every move of a region cell or port is a giraffe's leap.
            for d in (0..8).filter(|d| m >> d & 1 == 1) {
                let (dx, dy) = giraffe[d];
                assert!(
                    dx.abs() + dy.abs() == 5 && dx.abs().min(dy.abs()) == 1,
                    "{c:?}"
                );
            }
            // Two moves at every cell: a port's fixed outer move and its move inwards.
            assert_eq!(m.count_ones(), 2, "{c:?}");
        }
    }
}
