//! Metrics on tours of the constructions.

use crate::metrics::{edge_turn_bound, measure};
use crate::Board;

use super::fixtures::verified;

/// Every edge cell of a closed tour turns; a hole on the edge and the two ends of an
/// open tour lower the bound.
#[test]
fn the_turn_bound_counts_edge_cells() {
    let b = Board::new(9, 9).unwrap();
    assert_eq!(edge_turn_bound(&b), 32);
    assert_eq!(
        edge_turn_bound(&b.clone().with_holes(&[(0, 8)]).unwrap()),
        31
    );
    assert_eq!(edge_turn_bound(&b.with_holes(&[(4, 4)]).unwrap()), 32);
    for (w, h, open) in [(8, 8, false), (7, 7, true), (12, 5, false), (6, 9, true)] {
        let t = verified(&format!("{w}x{h}{}.json", if open { "-open" } else { "" }));
        assert_eq!(t.is_closed(), !open);
        let m = measure(&t);
        assert_eq!(m.edge_turn_bound, 2 * (w + h) as u64 - 4 - 2 * open as u64);
        assert!(m.turns >= m.edge_turn_bound, "{w}x{h}: {m:?}");
    }
}
