//! A formation tour holds its walk rather than its path: folded in blocks, on a board
//! of more than one block of 65536 cells, it reads its visiting order.

use knights_core::verify::verify;
use knights_core::Board;

use crate::{build, Request};

#[test]
fn a_formation_tour_folded_in_blocks_reads_its_visiting_order() {
    let board = Board::new(300, 300).unwrap();
    let t = verify(build(&Request::closed(board), "besa").unwrap()).unwrap();
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
    assert!(blocks.len() > 1, "more than one block");
    let magic = knights_core::magic::of_tour(&t);
    blocks.sort();
    let read: Vec<u32> = blocks.into_iter().flat_map(|(_, c)| c).collect();
    assert_eq!(read, t.path());
    assert_eq!(magic, knights_core::magic::of_path(t.board(), t.path()));
}
