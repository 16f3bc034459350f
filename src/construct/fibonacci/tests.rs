//! Tests of the Fibonacci tour: verified, each square a section holding exactly its
//! square's cells, the square tours of every side it uses, and its refusals.

use super::*;
use crate::verify::verify;

fn request(w: u32, h: u32, open: bool) -> Request {
    Request {
        board: Board::new(w, h).unwrap(),
        open,
        variant: None,
        seed: 0,
        start: None,
    }
}

#[test]
fn the_64x104_tour_is_a_tour_and_each_square_a_section() {
    let req = request(64, 104, true);
    Fibonacci.check(&req).unwrap();
    let t = verify(Fibonacci.build(&req).unwrap()).unwrap();
    assert!(!t.is_closed());
    let s = t.sections().unwrap();
    assert_eq!(s.names().len(), 6);
    for (k, &(side, (x0, y0))) in SQUARES.iter().enumerate() {
        let inside = t
            .path()
            .iter()
            .zip(s.labels())
            .filter(|&(_, &l)| l as usize == k)
            .all(|(&c, _)| {
                let (x, y) = t.board().xy(c);
                (x0..x0 + side).contains(&x) && (y0..y0 + side).contains(&y)
            });
        assert!(inside, "square {k}");
    }
}

#[test]
fn squares_of_every_side_used_are_open_tours() {
    for side in [8, 16, 24, 40, 64, 48, 56] {
        let p = square(side).unwrap();
        let b = Board::new(side, side).unwrap();
        let path = p.cells.iter().map(|&(x, y)| b.index(x, y)).collect();
        verify(Tour::new(b, path, false)).unwrap_or_else(|e| panic!("{side}: {e}"));
    }
}

#[test]
fn refuses_other_boards_and_closed_tours() {
    assert!(Fibonacci.check(&request(64, 104, false)).is_err());
    let e = Fibonacci.check(&request(104, 64, true)).unwrap_err();
    assert!(e.to_string().contains("64x104"));
}
