//! The symmetry test against brute force, on tours of Parberry's construction.

use std::collections::HashSet;

use crate::symmetry::{by_brute_force, symmetry};

use super::fixtures::tour;

#[test]
fn agrees_with_brute_force_on_constructed_tours() {
    let cases = [
        "6x6",
        "8x10",
        "12x12-sym180",
        "16x16-sym180",
        "10x10-sym90",
        "14x14-sym90",
        "24x26",
    ];
    let mut seen = HashSet::new();
    for case in cases {
        let t = tour(&format!("parberry-{case}.json"));
        let s = symmetry(&t);
        assert_eq!(s, by_brute_force(&t), "{case}");
        assert_eq!(s, symmetry(&t.transposed()), "{case} transposed");
        seen.insert(s);
    }
    assert!(
        seen.len() >= 2,
        "the cases should differ in symmetry: {seen:?}"
    );
}
