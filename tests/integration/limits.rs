//! The promises of docs/cli.md kept by the newer commands (issue 24): what is too large
//! for this process is refused up front with the figure, boards with holes are taken,
//! and nothing typed by a user ends in an internal error or an abort.

use std::fs;
use std::path::Path;

use crate::run::{knights, refused, stderr};

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn worksheets_of_boards_with_holes_are_made() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        &["9x9", "--algo", "parberry", "--variant", "corner"][..],
        &["5x5", "--algo", "parberry", "--variant", "corner"],
        &["17x13", "--algo", "besa", "--variant", "corner"],
    ] {
        let out = dir.path().join("sheet.pdf");
        let mut all = vec!["worksheet"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--count", "8", "-o", s(&out)]);
        let o = knights(&all);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        assert!(fs::read(&out).unwrap().starts_with(b"%PDF"));
    }
}

#[test]
fn a_worksheet_too_large_for_a_page_is_refused_before_it_is_built() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sheet.pdf");
    for board in ["400x400", "4000x4000"] {
        let o = knights(&["worksheet", board, "-o", s(&out)]);
        refused(
            &o,
            &format!("a worksheet numbers every square of its boards, and the {board} board has"),
        );
        assert!(stderr(&o).contains("--per-page"), "{}", stderr(&o));
    }
    assert!(!out.exists());
}
