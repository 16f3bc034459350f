//! The errors a library user matches on, as core raises them (the constructions'
//! refusals are tested in construct).

use crate::error::{Bytes, TooLarge};
use crate::{Board, Error};

#[test]
fn a_library_user_matches_the_reason_a_board_is_refused() {
    let e = Board::new(1 << 20, 1 << 20).unwrap_err();
    assert!(
        matches!(e, Error::TooLarge(TooLarge::Board { cells, .. }) if cells == 1 << 40),
        "{e:?}"
    );
    assert_eq!(Bytes(7 << 30).to_string(), "7.0 GiB");
    assert_eq!(Bytes(1000).to_string(), "1000 bytes");
}
