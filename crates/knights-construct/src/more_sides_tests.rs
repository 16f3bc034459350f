//! The constructions of boards of three or more sides through the registry, as the
//! command line and the gallery reach them: the existence rules, `auto` choosing
//! `besa` where it applies and `warnsdorff` elsewhere, and the refusals, checked up
//! front with the same message the build gives.

use crate::{Construction, Request};
use knights_core::{verify, Error, Verified};

fn req(s: &str, open: bool) -> Request {
    Request {
        open,
        ..Request::closed(s.parse().unwrap())
    }
}

/// The registry's tour, proven.
fn build(r: &Request, algo: &str) -> Result<Verified, Error> {
    verify::constructed(crate::build(r, algo)?)
}

/// The registry's up-front check.
fn check(r: &Request, algo: &str) -> Result<(), Error> {
    crate::resolve(r, algo.parse()?)
        .map(drop)
        .map_err(Error::from)
}

#[test]
fn odd_boards_have_no_closed_tour_and_say_why() {
    let e = build(&req("5x5x5", false), "auto").unwrap_err().to_string();
    assert_eq!(
        e,
        "no closed knight's tour exists on a 5x5x5 board: every side is odd, so the board has an odd number of cells and a closed tour alternates colours (Erde, Golénia and Golénia 2012); try --open"
    );
    let t = build(&req("5x5x5", true), "auto").unwrap();
    assert!(!t.is_closed() && t.algorithm() == "warnsdorff");
    for board in ["3x3x3", "3x3x3x3"] {
        let e = build(&req(board, true), "auto").unwrap_err().to_string();
        assert_eq!(
            e,
            format!("no open knight's tour exists on a {board} board: its centre cell is no leap away from any other cell, so no path reaches it")
        );
    }
}

#[test]
fn auto_builds_besa_where_it_applies_else_warnsdorff_and_others_are_refused() {
    let t = build(&req("6x4x3", false), "auto").unwrap();
    assert!(t.is_closed());
    assert_eq!(t.algorithm(), "warnsdorff");
    let t = build(&req("16x12x2", false), "auto").unwrap();
    assert!(t.is_closed());
    assert_eq!(t.algorithm(), "besa");
    let e = build(&req("6x4x3", false), "besa").unwrap_err();
    assert!(matches!(e, Error::Unsupported(_)), "{e}");
    let e = build(&req("20x16x6", true), "besa").unwrap_err();
    assert!(e.to_string().contains("builds closed tours"), "{e}");
    let e = build(&req("6x4x3", false), "parberry")
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "parberry builds tours of boards with two sides; for the 6x4x3 board use auto, besa or warnsdorff"
    );
    // The up-front check refuses what the build refuses, with the same message.
    for (board, open, algo) in [
        ("6x4x3", false, "besa"),
        ("20x16x6", true, "besa"),
        ("6x4x3", false, "parberry"),
        ("5x5x5", false, "auto"),
        ("200x100x60", false, "warnsdorff"),
    ] {
        let r = req(board, open);
        let (c, b) = (check(&r, algo).unwrap_err(), build(&r, algo).unwrap_err());
        assert_eq!(c.to_string(), b.to_string(), "{board} {algo}");
    }
    for (board, open, algo) in [("16x12x4", false, "besa"), ("6x4x3", true, "auto")] {
        check(&req(board, open), algo).unwrap();
    }
    let mut r = req("6x4x3", false);
    r.variant = Some("roth".into());
    assert!(check(&r, "auto").is_err());
    assert!(build(&r, "auto")
        .unwrap_err()
        .to_string()
        .contains("no variants"));
}

#[test]
fn the_list_names_the_constructions_of_more_sides_with_their_limits() {
    let names: Vec<&str> = crate::all()
        .iter()
        .filter(|c| c.more_sides().is_some())
        .map(|c| c.name())
        .collect();
    assert_eq!(names, ["besa", "warnsdorff"]);
    let walk = crate::warnsdorff::Warnsdorff.more_sides().unwrap();
    let limit = crate::warnsdorff::more_sides::CELL_LIMIT.to_string();
    assert!(walk.boards.contains(&limit), "{}", walk.boards);
}
