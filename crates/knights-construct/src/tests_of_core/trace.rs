//! Jumping over the straight runs a construction declares changes no walk.

use knights_core::moves::MoveGrid;
use knights_core::Board;

use crate::{build, Request};

#[test]
fn jumping_over_straight_runs_changes_nothing() {
    for (w, h) in [(16, 12), (30, 30), (40, 17), (13, 16), (62, 45)] {
        let board = Board::new(w, h).unwrap();
        let t = build(&Request::closed(board.clone()), "besa").unwrap();
        let g = t.grid().unwrap();
        let plain = MoveGrid::from_masks(board.clone(), g.masks().to_vec());
        // Starts on the edge, in the straight rectangle, and one leap from it.
        let (cx, cy) = (w / 2, h / 2);
        for start in [
            0,
            board.index(cx, cy),
            board.index(cx + 1, cy),
            board.index(2, 5),
        ] {
            let (jumped, closed) = g.walk(start);
            assert!(
                closed && jumped.len() as u64 == board.cells(),
                "{board} {start}"
            );
            assert_eq!((jumped, closed), plain.walk(start), "{board} from {start}");
        }
    }
}
