//! Jumping over the straight runs a construction declares changes no walk, and a
//! tour that holds its walk folds in blocks to its path.

use crate::moves::MoveGrid;
use crate::verify::verify;
use crate::Board;

use super::fixtures::{grid, walked};

#[test]
fn jumping_over_straight_runs_changes_nothing() {
    for (w, h) in [(16, 12), (30, 30), (40, 17), (13, 16), (62, 45)] {
        let board = Board::new(w, h).unwrap();
        let g = &grid(&format!("besa-{w}x{h}.json"));
        assert!(
            g.straight().is_some(),
            "{board}: the construction declares a rectangle"
        );
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

#[test]
fn folding_a_walked_tour_in_blocks_reads_its_visiting_order() {
    // A tour of more than one block of 65536 cells, too large to store here, is
    // folded in construct's tests of the formation tours.
    for (w, h) in [(40, 17), (62, 45)] {
        let t = verify(walked(&format!("besa-{w}x{h}.json"))).unwrap();
        let mut blocks = t.fold_blocks(
            Vec::new,
            |mut v, pos, cells| {
                v.push((pos, cells.to_vec()));
                v
            },
            |mut a, b| {
                a.extend(b);
                a
            },
        );
        let magic = crate::magic::of_tour(&t);
        blocks.sort();
        let read: Vec<u32> = blocks.into_iter().flat_map(|(_, c)| c).collect();
        assert_eq!(read, t.path(), "{w}x{h}");
        assert_eq!(magic, crate::magic::of_path(t.board(), t.path()));
    }
}
