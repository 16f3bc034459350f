//! The constant-time answer for one cell is the built grid's (and nothing off the board
//! or on an unsupported one), and the boards the construction cannot tour are refused
//! with a reason.

use super::support::{tour, variant_tour};
use crate::besa::layout::variant_cell_moves;
use crate::besa::{cell_moves, Besa, Variant};
use crate::{Construction, Request};
use knights_core::Leaper;
use knights_core::{Board, Error};

#[test]
fn cell_moves_is_the_grid_and_zero_elsewhere() {
    for (w, h) in [(16, 12), (12, 16), (40, 17), (17, 40)] {
        let t = tour(w, h);
        let g = t.grid().unwrap().masks();
        let b = variant_tour(w, h, Variant::Best);
        let gb = b.grid().unwrap().masks();
        for y in 0..h {
            for x in 0..w {
                assert_eq!(cell_moves(w, h, x, y), g[(y * w + x) as usize]);
                let best = variant_cell_moves(Variant::Best, w, h, x, y);
                assert_eq!(best, gb[(y * w + x) as usize]);
            }
        }
        assert_eq!(cell_moves(w, h, w, 0), 0);
    }
    assert_eq!(cell_moves(14, 14, 0, 0), 0);
}

#[test]
fn unsupported_boards_are_refused_with_a_reason() {
    let refused = |req: Request| match Besa.check(&req) {
        Err(Error::Unsupported(u)) => {
            assert_eq!(
                (u.algorithm, &u.board),
                (Some("besa"), &req.board.to_string())
            );
            u.reason
        }
        other => panic!("{} not refused: {other:?}", req.board),
    };
    for (w, h) in [
        (14, 14),
        (16, 11),
        (11, 16),
        (15, 41),
        (12, 14),
        (40, 10),
        (10, 40),
    ] {
        let m = refused(Request::closed(Board::new(w, h).unwrap()));
        assert!(m.contains(&format!("{w}x{h}")) && m.contains("16"), "{m}");
        assert!(!m.contains('\n'));
    }
    let mut open = Request::closed(Board::new(30, 30).unwrap());
    open.open = true;
    assert!(refused(open.clone()).contains("--open"));
    // auto moves on to the other constructions.
    let t = crate::build(&open, "auto").unwrap();
    assert_ne!(t.algorithm(), "besa");
    assert!(!t.is_closed());
    let giraffe = Board::with_leaper(30, 30, Leaper::GIRAFFE).unwrap();
    assert!(refused(Request::closed(giraffe)).contains("32k + 20"));
    let holed = Board::new(30, 30).unwrap().with_holes(&[(0, 0)]).unwrap();
    assert!(refused(Request::closed(holed)).contains("holes"));
}
