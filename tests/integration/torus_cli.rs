//! The torus from the command line (`--topology torus`): built, recorded in the file,
//! verified and measured across both seams, drawn with its glued edges marked, and the
//! leapers' existence rules refusing what cannot exist (issue 26).

use crate::run::{knights, knights_in, refused, stderr, stdout};

#[test]
fn a_torus_tour_is_built_recorded_verified_measured_and_drawn() {
    let dir = tempfile::tempdir().unwrap();
    let o = knights_in(
        dir.path(),
        &["tour", "10x10", "--topology", "torus", "-o", "t.json"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(dir.path().join("t.json")).unwrap();
    assert!(text.contains("\"topology\": \"torus\""), "{text}");
    assert!(text.contains("\"algorithm\": \"torus\""), "{text}");
    let o = knights_in(dir.path(), &["verify", "t.json"]);
    assert!(
        stdout(&o).contains("a closed tour of the 10x10 torus board"),
        "{}{}",
        stdout(&o),
        stderr(&o)
    );
    // The same path is no tour of the plane: its leaps cross the seams.
    let o = knights_in(dir.path(), &["verify", "t.json", "--topology", "cylinder"]);
    refused(&o, "the file records a torus but --topology says cylinder");
    let o = knights_in(dir.path(), &["metrics", "t.json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("a straight run on the torus closes after 10 cells"),
        "{}",
        stdout(&o)
    );
    let o = knights_in(dir.path(), &["render", "t.json", "-o", "t.svg"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = std::fs::read_to_string(dir.path().join("t.svg")).unwrap();
    let seam = &svg[svg.find("class=\"seam\"").unwrap()..];
    let seam = &seam[..seam.find("</g>").unwrap()];
    // Four glued edges: two dashed lines each way, two arrows on the sides and four
    // on the top and bottom.
    assert_eq!(seam.matches("<line").count(), 4, "{seam}");
    assert_eq!(seam.matches("<path").count(), 6, "{seam}");
    let o = knights_in(dir.path(), &["model", "t.json", "-o", "t.stl"]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn every_small_torus_is_toured_and_the_narrow_ones_too() {
    for board in ["1x3", "2x2", "3x3", "2x7", "4x4", "1x5"] {
        let o = knights(&["tour", board, "--topology", "torus", "--format", "grid"]);
        assert!(o.status.success(), "{board}: {}", stderr(&o));
    }
    let o = knights(&["tour", "2x1", "--topology", "torus"]);
    refused(&o, "no closed knight's tour exists on a 2x1 torus board: a closed tour visits at least 3 cells");
    let o = knights(&["tour", "2x1", "--topology", "torus", "--open"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = knights(&["list"]);
    assert!(stdout(&o).contains("torus\n"), "{}", stdout(&o));
}

#[test]
fn leapers_are_refused_exactly_where_no_tour_exists() {
    // Steps of even sum keep the colour on an even torus...
    let o = knights(&["tour", "8x8", "--topology", "torus", "--leaper", "1,3"]);
    refused(&o, "fall into 2 separate pieces");
    assert_eq!(stderr(&o).lines().count(), 1, "{}", stderr(&o));
    // ... but an odd side's seam joins the colours.
    let o = knights(&["tour", "7x8", "--topology", "torus", "--leaper", "1,3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    // A cylinder whose leaper graph is in pieces, found by walking it.
    let o = knights(&["tour", "9x3", "--topology", "cylinder", "--leaper", "1,3"]);
    refused(&o, "reaches only 9 of the 27 cells");
    // An odd leaper alternates colours: no closed tour of an odd number of cells.
    let o = knights(&["tour", "9x9", "--leaper", "2,3"]);
    refused(&o, "the board has an odd number of cells");
}
