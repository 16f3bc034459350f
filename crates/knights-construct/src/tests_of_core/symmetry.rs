//! The symmetry test against brute force, on constructed tours.

use std::collections::HashSet;

use knights_core::symmetry::{by_brute_force, symmetry};
use knights_core::Board;

use crate::{build, Request};

#[test]
fn agrees_with_brute_force_on_constructed_tours() {
    let cases = [
        (6, 6, None),
        (8, 10, None),
        (12, 12, Some("sym180")),
        (16, 16, Some("sym180")),
        (10, 10, Some("sym90")),
        (14, 14, Some("sym90")),
        (24, 26, None),
    ];
    let mut seen = HashSet::new();
    for (w, h, variant) in cases {
        let mut req = Request::closed(Board::new(w, h).unwrap());
        req.variant = variant.map(String::from);
        let t = build(&req, "parberry").unwrap();
        let s = symmetry(&t);
        assert_eq!(s, by_brute_force(&t), "{w}x{h} {variant:?}");
        assert_eq!(s, symmetry(&t.transposed()), "{w}x{h} transposed");
        seen.insert(s);
    }
    assert!(
        seen.len() >= 2,
        "the cases should differ in symmetry: {seen:?}"
    );
}
