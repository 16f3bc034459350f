//! Tests of the stitched tours: every board with both sides in 6..=60 built and
//! verified, a few large ones, the refusals, and the section colouring.

use super::*;
use knights_core::verify::verify;

fn request(w: u32, h: u32, open: bool) -> Request {
    Request {
        board: Board::new(w, h).unwrap(),
        open,
        variant: None,
        seed: 0,
        start: None,
    }
}

/// Builds and verifies the tour the method gives on `w` x `h`: open exactly when both
/// sides are odd.
fn built(w: u32, h: u32) -> knights_core::Verified {
    let open = w % 2 == 1 && h % 2 == 1;
    let req = request(w, h, open);
    let tour = crate::build(&req, "stitch").unwrap();
    assert_eq!(tour.is_closed(), !open, "{w}x{h}");
    assert_eq!(tour.algorithm(), "stitch");
    verify(tour).unwrap_or_else(|e| panic!("{w}x{h}: {e}"))
}

#[test]
fn every_board_with_sides_6_to_60_is_toured() {
    let sizes: Vec<(u32, u32)> = (6..=60)
        .flat_map(|w| (6..=60).map(move |h| (w, h)))
        .collect();
    sizes.par_iter().for_each(|&(w, h)| {
        let t = built(w, h);
        let s = t.sections().expect("stitched tours carry sections");
        assert_eq!(s.labels().len(), t.path().len());
        assert_eq!(
            t.path()[0],
            t.board().index(w - 1, 0),
            "starts bottom-right"
        );
    });
    assert_eq!(sizes.len(), 55 * 55);
}

#[test]
fn large_boards_are_toured() {
    for (w, h) in [(1000, 1000), (999, 999), (1001, 998)] {
        built(w, h);
    }
}

#[test]
fn neighbouring_tiles_get_different_colours() {
    for (w, h) in [(6, 6), (12, 6), (6, 30), (23, 23), (47, 61), (66, 66)] {
        let t = built(w, h);
        let b = t.board();
        let layout = Layout::new(w, h);
        let mut colour = std::collections::HashMap::new();
        for (&c, &l) in t.path().iter().zip(t.sections().unwrap().labels()) {
            let (x, y) = b.xy(c);
            let old = colour.insert(layout.tile_of(x, y), l);
            assert!(old.is_none() || old == Some(l), "one colour per tile");
        }
        for (&(i, j), &l) in &colour {
            for n in [(i + 1, j), (i, j + 1)] {
                assert!(colour.get(&n).is_none_or(|&m| m != l), "{w}x{h}: {n:?}");
            }
        }
    }
}

#[test]
fn the_papers_23x23_example_is_open_with_its_end_in_the_corner() {
    let t = built(23, 23);
    assert!(!t.is_closed());
    assert_eq!(Layout::new(23, 23).grid(), (3, 3));
    assert_eq!(t.board().xy(t.path()[0]), (22, 0));
}

#[test]
fn refuses_what_it_cannot_build_with_a_reason() {
    let why =
        |w: u32, h: u32, open: bool| Stitch.check(&request(w, h, open)).unwrap_err().to_string();
    assert!(
        why(5, 8, false).contains("both sides at least 6"),
        "{}",
        why(5, 8, false)
    );
    assert!(why(40, 3, true).contains("a side of 3"));
    assert!(why(8, 8, true).contains("only when both sides are odd"));
    assert!(why(7, 9, false).contains("--open"));
    for msg in [why(5, 8, false), why(8, 8, true), why(7, 9, false)] {
        assert!(!msg.contains('\n') && msg.starts_with("stitch: "), "{msg}");
    }
    let giraffe = Board::with_leaper(20, 20, knights_core::Leaper::GIRAFFE).unwrap();
    assert!(Stitch.check(&Request::closed(giraffe)).is_err());
    let holed = Board::new(8, 8).unwrap().with_holes(&[(0, 0)]).unwrap();
    assert!(Stitch.check(&Request::closed(holed)).is_err());
    assert!(
        crate::build(&request(8, 8, true), "stitch").is_err(),
        "the registry checks before building"
    );
}

#[test]
fn builds_through_the_public_entry() {
    let t = crate::build(&request(30, 18, false), "stitch").unwrap();
    verify(t).unwrap();
    let e = crate::build(&request(9, 9, false), "stitch").unwrap_err();
    assert!(e.to_string().contains("no closed"), "{e}");
}
