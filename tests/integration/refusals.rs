//! What the commands refuse before any work, and how (issue 24, its low items): a tour
//! that cannot exist is refused citing the rule, one fault gets one format and one
//! exit status whichever command meets it, and options out of range are refused, not
//! clamped.

use crate::run::{knights, refused, stderr};

#[test]
fn a_tour_that_cannot_exist_is_refused_with_its_rule_even_with_a_variant() {
    let o = knights(&[
        "metrics",
        "2x2",
        "--algo",
        "warnsdorff",
        "--variant",
        "first",
        "--open",
    ]);
    refused(&o, "no open knight's tour exists on a 2x2 board");
    for leaper in ["1,3", "2,4"] {
        let o = knights(&["tour", "8x8", "--leaper", leaper]);
        refused(
            &o,
            "leaper's tour exists on a 8x8 board: its steps add up to an even number",
        );
        assert!(stderr(&o).contains("Knuth"), "{}", stderr(&o));
        assert!(!stderr(&o).contains("try another"), "{}", stderr(&o));
    }
    let o = knights(&["tour", "9x9", "--leaper", "3,6", "--open"]);
    refused(&o, "share the factor 3");
    let o = knights(&["tour", "64x64", "--leaper", "1,64", "--open"]);
    refused(&o, "no open (1, 64) leaper's tour exists on a 64x64 board");
    let o = knights(&["tour", "6x6x6", "--leaper", "1,3", "--open"]);
    refused(
        &o,
        "(1, 3) leaper's tour exists on a 6x6x6 board: its steps add up",
    );
}

#[test]
fn the_count_without_building_names_the_variants_it_lacks() {
    for v in ["corner", "sym90"] {
        let o = knights(&[
            "metrics",
            "1000001x1000001",
            "--algo",
            "besa",
            "--variant",
            v,
        ]);
        refused(&o, &format!("--variant {v} is built, not counted"));
        assert!(!stderr(&o).contains("has no variant"), "{}", stderr(&o));
    }
    let o = knights(&[
        "metrics",
        "1000001x1000001",
        "--algo",
        "besa",
        "--variant",
        "nope",
    ]);
    refused(&o, "no variant 'nope'");
}
