//! The classic repertoire from the command line: magic tours (`--magic`), the
//! symmetric closed tours (`--symmetry`), and what `metrics` says of them (issue 26).

use crate::run::{knights, knights_stdin, refused, stderr, stdout};

/// Beverley's semi-magic open tour of the chessboard (1848), as a numbered grid.
const BEVERLEY: &str = "\
 1 30 47 52  5 28 43 54
48 51  2 29 44 53  6 27
31 46 49  4 25  8 55 42
50  3 32 45 56 41 26  7
33 62 15 20  9 24 39 58
16 19 34 61 40 57 10 23
63 14 17 36 21 12 59 38
18 35 64 13 60 37 22 11
";

#[test]
fn metrics_says_whether_a_tour_is_semi_magic() {
    let o = knights_stdin(&["metrics", "-"], BEVERLEY.as_bytes());
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("magic       semi-magic (rows sum 260, columns 260, diagonals"),
        "{}",
        stdout(&o)
    );
    let o = knights_stdin(&["metrics", "-", "--json"], BEVERLEY.as_bytes());
    assert!(
        stdout(&o).contains("\"kind\": \"semi-magic\""),
        "{}",
        stdout(&o)
    );
    let o = knights(&["metrics", "8x8"]);
    assert!(
        stdout(&o).contains("magic       no (rows sum"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn a_semi_magic_tour_is_searched_and_a_magic_one_refused_on_8x8() {
    let o = knights(&[
        "tour", "8x8", "--magic", "semi", "--closed", "--format", "grid",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let m = knights_stdin(&["metrics", "-"], &o.stdout);
    assert!(
        stdout(&m).contains("tour        closed, verified"),
        "{}",
        stdout(&m)
    );
    assert!(
        stdout(&m).contains("magic       semi-magic"),
        "{}",
        stdout(&m)
    );
    let o = knights(&["tour", "8x8", "--magic", "full"]);
    refused(&o, "no closed magic knight's tour exists on an 8x8 board");
    assert!(stderr(&o).contains("2003"), "{}", stderr(&o));
    assert_eq!(stderr(&o).lines().count(), 1, "{}", stderr(&o));
    let o = knights(&["tour", "9x9", "--magic", "semi"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let o = knights(&["tour", "8x8", "--magic", "semi", "--algo", "besa"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

#[test]
fn symmetric_tours_are_built_where_they_exist_and_refused_with_the_reason_elsewhere() {
    for (board, symmetry, shown) in [
        ("6x6", "quarter", "quarter turn"),
        ("8x8", "half", "half turn"),
        ("10x10", "quarter", "quarter turn"),
        ("12x12", "half", "half turn"),
        ("16x16", "half", "half turn"),
        ("18x18", "quarter", "quarter turn"),
    ] {
        let o = knights(&["metrics", board, "--symmetry", symmetry]);
        assert!(o.status.success(), "{board}: {}", stderr(&o));
        assert!(
            stdout(&o).contains("tour        closed, verified"),
            "{}",
            stdout(&o)
        );
        let line = stdout(&o)
            .lines()
            .find(|l| l.starts_with("symmetry"))
            .unwrap()
            .to_string();
        assert!(line.contains(shown), "{board}: {line}");
    }
    refused(
        &knights(&["tour", "8x8", "--symmetry", "quarter"]),
        "Dejter",
    );
    let o = knights(&["tour", "7x7", "--symmetry", "half"]);
    refused(&o, "Schwenk");
    // Issue 39, case 13: no "try --open", which --symmetry refuses as a usage error.
    assert!(!stderr(&o).contains("--open"), "{}", stderr(&o));
    // The half turn maps a rectangle onto itself: built (it was refused as "not
    // square"); the quarter turn does not.
    let o = knights(&["tour", "8x6", "--symmetry", "half"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    refused(
        &knights(&["tour", "8x6", "--symmetry", "quarter"]),
        "quarter turn maps only a square board onto itself",
    );
    let o = knights(&["tour", "8x8", "--symmetry", "half", "--open"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}
