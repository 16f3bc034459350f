//! Sweeps: every supported board up to 100 for each variant, built and verified, the
//! symmetry and quadrisection claims checked, large boards built, and refusals named.

use super::split::{base_sizes, split};
use super::tiles::{self, is_knight_move, Rc};
use super::Parberry;
use crate::{Construction, Request};
use knights_core::symmetry::symmetry;
use knights_core::verify::{verify, Verified};
use knights_core::{Board, Leaper};
use knights_core::{Error, Tour};

fn request(w: u32, h: u32, variant: Option<&str>) -> Request {
    let mut req = Request::closed(Board::new(w, h).unwrap());
    req.variant = variant.map(String::from);
    req
}

/// Builds with parberry (after its own check) and verifies.
fn tour(req: &Request) -> Verified {
    Parberry.check(req).unwrap();
    let t = Parberry.build(req).unwrap();
    let what = format!("{} {:?}", t.board(), req.variant);
    let s = t.sections().expect("parberry labels its steps");
    assert_eq!(s.labels().len(), t.path().len(), "{what}");
    assert!(
        s.labels().iter().all(|&l| (l as usize) < s.names().len()),
        "{what}"
    );
    verify(t).unwrap_or_else(|e| panic!("{what}: {e}"))
}

/// Whether the tour has the move between `a` and `b` (`(row from the top, column)`).
fn has_move(t: &Tour, a: (u32, u32), b: (u32, u32)) -> bool {
    let bd = t.board();
    let cell = |(r, c): (u32, u32)| bd.index(c, bd.height() - 1 - r);
    let (ca, cb) = (cell(a), cell(b));
    let d = bd.dir_between(ca, cb).unwrap();
    t.grid().unwrap().masks()[ca as usize] & (1 << d) != 0
}

/// The structure the joins rely on: the top-left and bottom-right moves.
fn is_structured(t: &Tour) -> bool {
    let (h, w) = (t.board().height(), t.board().width());
    has_move(t, (1, 0), (0, 2)) && has_move(t, (h - 1, w - 3), (h - 2, w - 1))
}

/// Whether the tour visits the four quadrants (by the construction's splitting; halves
/// on the small boards) one after another, and its sections say which.
fn is_quadrisected(t: &Tour) -> bool {
    let b = t.board();
    let first = |n: u32| if n < 12 { n / 2 } else { split(n).0 };
    let (h1, w1) = (first(b.height()), first(b.width()));
    let quadrant = |c: u32| {
        let (x, y) = b.xy(c);
        let (r, c) = (b.height() - 1 - y, x);
        [[0u8, 1], [3, 2]][(r >= h1) as usize][(c >= w1) as usize]
    };
    let labels = t.sections().unwrap().labels();
    let q: Vec<u8> = t.path().iter().map(|&c| quadrant(c)).collect();
    let changes = (0..q.len())
        .filter(|&i| q[i] != q[(i + 1) % q.len()])
        .count();
    changes == 4 && q.iter().zip(labels).all(|(a, b)| a == b)
}

#[test]
fn plain_tours_of_every_square_and_near_square_up_to_100() {
    let mut boards = 0;
    for n in 6..=100u32 {
        let mut sizes = vec![(n, n + 1), (n + 1, n)];
        if n % 2 == 0 {
            sizes.extend([(n, n), (n, n + 2), (n + 2, n)]);
        }
        for (w, h) in sizes {
            let t = tour(&request(w, h, None));
            assert!(is_structured(&t), "{w}x{h} is not structured");
            boards += 1;
        }
    }
    assert_eq!(boards, 95 * 2 + 48 * 3);
}

#[test]
fn every_rectangle_up_to_60_is_built_or_refused_with_a_reason() {
    let (mut built, mut refused) = (0, 0);
    for w in 1..=60 {
        for h in 1..=60 {
            let req = request(w, h, None);
            match Parberry.check(&req) {
                Ok(()) => {
                    tour(&req);
                    built += 1;
                }
                Err(Error::Unsupported(knights_core::Unsupported {
                    algorithm: Some("parberry"),
                    reason: why,
                    ..
                })) => {
                    assert!(why.starts_with(&format!(
                        "parberry cannot tour {} board: ",
                        knights_core::article::an(format!("{w}x{h}"))
                    )));
                    // What it refuses it refuses for a stated rule.
                    let small = w.min(h) < 6 || (w * h) % 2 == 1;
                    assert!(small || why.contains("split down to"), "{why}");
                    refused += 1;
                }
                Err(e) => panic!("{w}x{h}: {e}"),
            }
        }
    }
    assert_eq!(built + refused, 3600);
    assert!(built > 1000, "only {built} rectangles built");
}

#[test]
fn quadrisected_tours_visit_each_quadrant_in_turn() {
    let t = tour(&request(10, 10, Some("quadrisected")));
    assert!(is_quadrisected(&t), "10x10");
    for n in (12..=100).step_by(2) {
        for (w, h) in [(n, n), (n, n + 2), (n + 1, n)] {
            let t = tour(&request(w, h, Some("quadrisected")));
            assert!(is_quadrisected(&t), "{w}x{h}");
            assert_eq!(t.sections().unwrap().names(), ["NW", "NE", "SE", "SW"]);
        }
    }
}

#[test]
fn half_turn_symmetric_tours_for_every_multiple_of_4_from_12() {
    for n in (12..=100).step_by(4) {
        let t = tour(&request(n, n, Some("sym180")));
        let s = symmetry(&t);
        assert!(s.half_turn && !s.quarter_turn, "{n}x{n}: {s:?}");
        assert!(is_quadrisected(&t), "{n}x{n}");
    }
}

#[test]
fn quarter_turn_symmetric_tours_for_every_4k_plus_2_from_10() {
    for n in (10..=102).step_by(4) {
        let t = tour(&request(n, n, Some("sym90")));
        let s = symmetry(&t);
        assert!(s.quarter_turn && s.half_turn, "{n}x{n}: {s:?}");
    }
}

#[test]
fn odd_squares_missing_a_corner_from_5() {
    for n in (5..=101).step_by(2) {
        let t = tour(&request(n, n, Some("corner")));
        let b = t.board();
        assert_eq!(
            b.holes(),
            [b.index(0, n - 1)],
            "{n}x{n}: the top-left corner"
        );
        assert_eq!(t.path().len() as u32, n * n - 1);
        assert!(has_move(&t, (n - 1, n - 3), (n - 2, n - 1)), "{n}x{n}");
        // Every corner can be the missing one.
        for hole in [(0, 0), (n - 1, 0), (0, n - 1), (n - 1, n - 1)] {
            let mut req = request(n, n, Some("corner"));
            req.board = req.board.with_holes(&[hole]).unwrap();
            let t = tour(&req);
            assert_eq!(t.board().holes(), [t.board().index(hole.0, hole.1)]);
        }
    }
}

#[test]
fn open_requests_get_the_tour_cut_open() {
    let mut req = request(30, 32, None);
    req.open = true;
    let t = tour(&req);
    assert!(!t.is_closed());
}

#[test]
fn large_boards_build_and_verify() {
    for (n, variant) in [
        (1000, None),
        (1000, Some("sym180")),
        (1002, Some("sym90")),
        (999, Some("corner")),
    ] {
        let t = tour(&request(n, n, variant));
        assert!(t.sections().unwrap().names().len() <= 256);
        if variant == Some("sym90") {
            assert!(symmetry(&t).quarter_turn);
        }
    }
    tour(&request(1000, 1002, None));
}

#[test]
fn unsupported_boards_are_refused_with_the_reason() {
    let refused =
        |w, h, variant: Option<&str>, says: &str| match Parberry.check(&request(w, h, variant)) {
            Err(Error::Unsupported(u)) => {
                assert!(u.reason.contains(says), "{w}x{h} {variant:?}: {u}")
            }
            other => panic!("{w}x{h} {variant:?}: {other:?}"),
        };
    refused(4, 4, None, "at least 6");
    refused(7, 9, None, "both sides are odd");
    refused(12, 40, None, "split down to a 6x20 part");
    refused(
        8,
        8,
        Some("quadrisected"),
        "4x4 quadrant has no knight's path",
    );
    // Not "none exists": an 8x8 tour of four unequal compartments is known.
    refused(8, 8, Some("quadrisected"), "of four equal quadrants");
    refused(
        8,
        8,
        Some("quadrisected"),
        "Dudeney's 8x8 tour of four unequal",
    );
    refused(10, 12, Some("quadrisected"), "both sides at least 12");
    refused(14, 14, Some("sym180"), "divisible by 4");
    refused(8, 8, Some("sym180"), "n >= 12");
    refused(12, 12, Some("sym90"), "4k + 2");
    refused(10, 12, Some("sym90"), "n x n");
    refused(8, 8, Some("corner"), "odd n x n");
    refused(3, 3, Some("corner"), "n >= 5");
    let mut req = request(7, 7, Some("corner"));
    req.board = req.board.with_holes(&[(3, 3)]).unwrap();
    assert!(Parberry
        .check(&req)
        .unwrap_err()
        .to_string()
        .contains("must be a corner"));
    req.board = Board::new(8, 8).unwrap().with_holes(&[(0, 0)]).unwrap();
    req.variant = None;
    assert!(Parberry
        .check(&req)
        .unwrap_err()
        .to_string()
        .contains("missing cell"));
    let giraffe = Board::with_leaper(8, 8, Leaper::GIRAFFE).unwrap();
    assert!(Parberry
        .check(&Request::closed(giraffe))
        .unwrap_err()
        .to_string()
        .contains("knight's tours only"));
    let e = crate::build(&request(8, 8, Some("spiral")), "parberry").unwrap_err();
    assert!(matches!(e, Error::Unknown(_)) && e.to_string().contains("no variant 'spiral'"));
}

#[test]
fn sections_follow_the_quadrants() {
    let t = tour(&request(6, 6, None));
    assert_eq!(t.sections().unwrap().names(), ["base tile"]);
    let t = tour(&request(12, 14, None));
    assert_eq!(t.sections().unwrap().names(), ["NW", "NE", "SE", "SW"]);
    let t = tour(&request(200, 200, None));
    let names = t.sections().unwrap().names();
    assert_eq!(names.len(), 256);
    assert_eq!(names[0], "NW.NW.NW.NW");
}

#[test]
fn the_corner_variant_through_the_common_entry_point() {
    // `construct::build` checks existence on the request board first: a board that
    // already carries its corner hole passes it (existence is not ruled for holes).
    let mut req = request(9, 9, Some("corner"));
    req.board = req.board.with_holes(&[(8, 8)]).unwrap();
    let t = verify(crate::build(&req, "parberry").unwrap()).unwrap();
    assert_eq!(t.board().holes(), [80]);
    let t = verify(crate::build(&request(10, 10, Some("sym90")), "auto").unwrap());
    assert!(symmetry(&t.unwrap()).quarter_turn);
}

/// The moves next to a corner tile's hole, as offsets from the hole, between which a
/// move could be deleted by the 90-degree join: every move among them for which the
/// join closes one cycle. The join (see `symmetric::sym90`) deletes that move from each
/// quadrant and links each centre cell to the two freed ends a knight's move away.
fn hole_moves() -> Vec<(Rc, Rc)> {
    let near: Vec<Rc> = (0..3).flat_map(|r| (0..3).map(move |c| (r, c))).collect();
    let mut out = Vec::new();
    for (i, &a) in near.iter().enumerate() {
        for &b in &near[i + 1..] {
            let legal = a != (0, 0) && b != (0, 0) && is_knight_move(a, b);
            if legal && super::symmetric::sym90_join_closes((a, b)) {
                out.push((a, b));
            }
        }
    }
    out
}

#[test]
fn the_hole_move_is_one_the_join_closes() {
    let found = hole_moves();
    assert!(!found.is_empty());
    let (a, b) = tiles::HOLE_MOVE;
    assert!(
        found.contains(&(a, b)) || found.contains(&(b, a)),
        "{found:?}"
    );
}

#[test]
fn the_data_has_every_needed_tile_and_each_is_checked() {
    let t = tiles::tiles().unwrap();
    let (full, corners) = base_sizes();
    for (h, w) in full {
        assert!(t.get(h, w, false).is_some(), "no {w}x{h} tile");
    }
    for n in corners {
        assert!(t.get(n, n, true).is_some(), "no {n}x{n} corner tile");
    }
    assert!(t.quadrisected(10).is_some());
    // Parsing checked each tile; check again here so a change to `check` is covered.
    for tile in t.iter() {
        tile.check().unwrap();
    }
    // Damaged data is refused with its line.
    let rows: Vec<String> = (0..5)
        .map(|r| {
            (1..=5)
                .map(|c| (r * 5 + c).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let bad = format!(
        "# a 5x6 board numbered row by row\ntile 5x5\n{}\n",
        rows.join("\n")
    );
    let e = tiles::parse(&bad).unwrap_err();
    assert!(
        matches!(&e.fault, tiles::DataFault::Tile(t) if matches!(t.fault, tiles::TileFault::NotKnight(..))),
        "{e:?}"
    );
    let e = e.to_string();
    assert!(
        e.contains("line 2") && e.contains("not a knight's move"),
        "{e}"
    );
    assert!(tiles::parse(tiles::DATA).is_ok());
    // What the tile search writes reads back as the same tiles.
    let text: String = t.iter().map(tiles::format).collect::<Vec<_>>().join("\n");
    assert_eq!(
        tiles::parse(&text).unwrap().iter().count(),
        t.iter().count()
    );
}
