//! The errors a library user matches on, as the constructions raise them.

use knights_core::error::{Bytes, NoTour, Theorem, TooLarge, Unsupported};
use knights_core::{Board, Error, TourKind};

use crate::Request;

#[test]
fn a_library_user_matches_the_reason_a_board_gets_no_tour() {
    let four = Board::new(4, 9).unwrap();
    let e = crate::build(&Request::closed(four), "auto").unwrap_err();
    assert!(
        matches!(
            &e,
            Error::NoTour(NoTour::Theorem {
                board,
                kind: TourKind::Closed,
                theorem: Theorem::NarrowClosed,
                ..
            }) if board == "4x9"
        ),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "no closed knight's tour exists on a 4x9 board: no board with a side of 1, 2 or 4 has one (Schwenk 1991); try --open"
    );
    let e = Board::new(1 << 20, 1 << 20).unwrap_err();
    assert!(
        matches!(e, Error::TooLarge(TooLarge::Board { cells, .. }) if cells == 1 << 40),
        "{e:?}"
    );
    let small = Request::closed(Board::new(8, 8).unwrap());
    let e = crate::build(&small, "besa").unwrap_err();
    assert!(
        matches!(&e, Error::Unsupported(Unsupported { algorithm: Some("besa"), board, .. }) if board == "8x8"),
        "{e:?}"
    );
    assert_eq!(Bytes(7 << 30).to_string(), "7.0 GiB");
    assert_eq!(Bytes(1000).to_string(), "1000 bytes");
}
