//! Tours of bands (cylinders and Moebius strips): built by search over ranges of small
//! sizes, by plane constructions, proved by `verify`, measured against a reference.

use crate::{build, existence, Request};
use knights_core::metrics;
use knights_core::verify::{check, verify};
use knights_core::Tour;
use knights_core::{Board, Topology};

fn band(w: u32, h: u32, t: Topology) -> Board {
    Board::new(w, h).unwrap().with_topology(t)
}

fn request(w: u32, h: u32, t: Topology, open: bool) -> Request {
    let mut r = Request::closed(band(w, h, t));
    r.open = open;
    r
}

#[test]
fn the_seam_is_crossed_both_ways() {
    let c = band(9, 7, Topology::Cylinder);
    let m = band(9, 7, Topology::Moebius);
    let from = c.index(8, 2);
    // (2, 1) right from column 8 lands in column 1, same row on the cylinder...
    assert_eq!(c.step(from, 1), Some(c.index(1, 3)));
    assert_eq!(c.back(from, 1), 5);
    // ... and the mirrored row on the Moebius strip, where the way back is mirrored too.
    assert_eq!(m.step(from, 1), Some(m.index(1, 3)));
    assert_eq!(m.back(from, 1), 6); // (-2, 1): back across the seam, up in the new frame
    assert_eq!(m.step(m.index(1, 3), 6), Some(from));
    assert_eq!(m.dir_between(from, m.index(1, 3)), Some(1));
    // Every leap of every band is undone by its way back.
    for b in [
        c,
        m,
        band(8, 8, Topology::Moebius),
        band(5, 3, Topology::Cylinder),
    ] {
        for p in 0..b.area() as u32 {
            for d in 0..8 {
                if let Some(q) = b.step(p, d) {
                    assert_eq!(b.step(q, b.back(p, d)), Some(p), "{b} {p} {d}");
                }
            }
        }
    }
    assert!(Board::new(8, 8).unwrap().step(7, 1).is_none());
}

#[test]
fn odd_bands_have_closed_tours_the_plane_has_not() {
    let plane = Request::closed(Board::new(9, 7).unwrap());
    assert!(existence::check(&plane.board, false).is_err());
    for t in [Topology::Cylinder, Topology::Moebius] {
        let tour = build(&request(9, 7, t, false), "auto").unwrap();
        assert_eq!(tour.board().topology(), t);
        let v = verify(tour).unwrap();
        assert!(v.is_closed());
        // Off the band, the same path is no tour: it uses the seam.
        let flat = Tour::new(Board::new(9, 7).unwrap(), v.path().to_vec(), true);
        assert!(check(&flat).is_err());
    }
}

#[test]
fn search_builds_the_papers_bands() {
    for (w, t) in [
        (64, Topology::Cylinder),
        (40, Topology::Moebius),
        (72, Topology::Moebius),
    ] {
        let v = verify(build(&request(w, 8, t, false), "auto").unwrap()).unwrap();
        assert!(v.is_closed() && v.board().topology() == t);
        assert_eq!(v.algorithm(), "search");
    }
}

#[test]
fn search_builds_every_small_band() {
    for t in [Topology::Cylinder, Topology::Moebius] {
        for w in 5..=12 {
            for h in 3..=8 {
                for open in [false, true] {
                    let r = request(w, h, t, open);
                    if existence::check(&r.board, open).is_err() {
                        continue;
                    }
                    let tour = build(&r, "search")
                        .unwrap_or_else(|e| panic!("{w}x{h} {t} open={open}: {e}"));
                    let v = verify(tour).unwrap_or_else(|e| panic!("{w}x{h} {t}: {e}"));
                    assert_eq!(v.is_closed(), !open);
                    assert_eq!(v.board().topology(), t);
                }
            }
        }
    }
}

#[test]
fn plane_constructions_build_band_tours_on_the_flat_board() {
    let tour = build(&request(30, 30, Topology::Moebius, false), "besa").unwrap();
    assert_eq!(tour.board().topology(), Topology::Moebius);
    verify(tour).unwrap();
    let e = build(&request(9, 7, Topology::Cylinder, false), "besa")
        .unwrap_err()
        .to_string();
    assert!(e.contains("builds a band's tour on the flat board"), "{e}");
}

#[test]
fn only_what_cannot_exist_is_refused() {
    let e = existence::check(&band(9, 1, Topology::Cylinder), true).unwrap_err();
    assert!(e.to_string().contains("one row"), "{e}");
    assert!(existence::check(&band(9, 7, Topology::Cylinder), false).is_ok());
    assert!(existence::check(&band(5, 2, Topology::Moebius), false).is_ok());
    assert!(existence::check(&band(4, 8, Topology::Cylinder), false).is_err());
    // Four rows: refused exactly when the colouring survives the seam.
    assert!(existence::check(&band(8, 4, Topology::Cylinder), false).is_err());
    assert!(existence::check(&band(7, 4, Topology::Cylinder), false).is_ok());
    assert!(existence::check(&band(7, 4, Topology::Moebius), false).is_err());
    assert!(existence::check(&band(8, 4, Topology::Moebius), false).is_ok());
}

/// The crossings of a band's tour by brute force: every pair of leaps, the second
/// also drawn one band-width to the right (mirrored on a Moebius strip), so that pairs
/// meeting across the seam are seen.
fn reference_crossings(b: &Board, path: &[u32], closed: bool) -> usize {
    let n = path.len();
    let steps = if closed { n } else { n - 1 };
    let (w, h) = (b.width() as i32, b.height() as i32);
    let dirs = b.leaper().dirs();
    // Each leap from its rightward end.
    let segs: Vec<[(i32, i32); 2]> = (0..steps)
        .map(|i| {
            let (p, q) = (path[i], path[(i + 1) % n]);
            let d = b.dir_between(p, q).unwrap();
            let (from, d) = if d < 4 { (p, d) } else { (q, b.back(p, d)) };
            let (x, y) = b.xy(from);
            let (x, y) = (x as i32, y as i32);
            [(x, y), (x + dirs[d].0, y + dirs[d].1)]
        })
        .collect();
    let shift = |s: [(i32, i32); 2], k: i32| {
        let flip = b.topology() == Topology::Moebius && k != 0;
        s.map(|(x, y)| (x + k * w, if flip { h - 1 - y } else { y }))
    };
    let mut count = 0;
    for i in 0..segs.len() {
        for j in i + 1..segs.len() {
            let crossed = [0, 1, -1]
                .into_iter()
                .any(|k| metrics::open_segments_cross(segs[i], shift(segs[j], k)));
            count += usize::from(crossed);
        }
    }
    count
}

/// The turns of a closed band tour from the path: a cell where the leap out is not the
/// opposite of the way back along the leap in, both in the cell's own frame.
fn reference_turns(b: &Board, path: &[u32]) -> u64 {
    let n = path.len();
    (0..n)
        .filter(|&i| {
            let (prev, cur, next) = (path[(i + n - 1) % n], path[i], path[(i + 1) % n]);
            let into = b.back(prev, b.dir_between(prev, cur).unwrap());
            let out = b.dir_between(cur, next).unwrap();
            out != (into + 4) % 8
        })
        .count() as u64
}

#[test]
fn band_crossings_match_a_brute_force_count() {
    for t in [Topology::Cylinder, Topology::Moebius] {
        for (w, h) in [(9, 7), (6, 6), (8, 5), (10, 8), (7, 4), (8, 4)] {
            if existence::check(&band(w, h, t), false).is_err() {
                continue;
            }
            let v = verify(build(&request(w, h, t, false), "search").unwrap()).unwrap();
            let m = metrics::measure(&v);
            let want = reference_crossings(v.board(), v.path(), true);
            assert_eq!(m.crossings as usize, want, "{w}x{h} {t}");
            assert_eq!(metrics::crossing_points(v.grid()).len(), want);
            assert_eq!(m.turns, reference_turns(v.board(), v.path()), "{w}x{h} {t}");
            assert_eq!(m.edge_turn_bound, 2 * w as u64);
        }
    }
}

/// A plane construction's tour of a band or torus keeps its grid and its unwritten
/// walk (`Tour::with_topology`, issue 39: a 20000x20000 cylinder's path written out
/// and its grid made again step by step cost 30 s and 1.6 GB). Over a sweep of boards,
/// every construction that builds from a grid, closed and open, and every topology:
/// the same path, grid and measures as the same path read as a tour of the band, and
/// on the bands the brute-force count of crossings.
#[test]
fn a_plane_tour_on_a_band_measures_as_its_path() {
    let mut compared = 0;
    for algo in ["besa", "parberry", "stitch", "warnsdorff"] {
        for (w, h) in [
            (10, 10),
            (12, 12),
            (16, 12),
            (12, 14),
            (20, 20),
            (17, 11),
            (24, 16),
        ] {
            for open in [false, true] {
                for t in [Topology::Cylinder, Topology::Moebius, Topology::Torus] {
                    let Ok(tour) = build(&request(w, h, t, open), algo) else {
                        continue;
                    };
                    assert_eq!(tour.board().topology(), t);
                    let v = verify(tour).unwrap();
                    let by_path = Tour::new(v.board().clone(), v.path().to_vec(), !open);
                    let by_path = verify(by_path).unwrap();
                    let what = format!("{algo} {w}x{h} {t} open {open}");
                    assert_eq!(v.grid().masks(), by_path.grid().masks(), "{what}");
                    let m = metrics::measure(&v);
                    assert_eq!(m, metrics::measure(&by_path), "{what}");
                    if t != Topology::Torus {
                        let want = reference_crossings(v.board(), v.path(), !open);
                        assert_eq!(m.crossings as usize, want, "{what}");
                    }
                    compared += 1;
                }
            }
        }
    }
    assert!(compared >= 100, "{compared} tours compared");
}
