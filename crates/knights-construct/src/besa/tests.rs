//! Tests of the formation algorithm: every board in a range is one closed tour that
//! verifies, equals a plain paste of the pieces, and whose turns and crossings match an
//! independent count from the path alone; the paper's own numbers; refusals.

use std::collections::HashMap;

use rayon::prelude::*;

use super::corner_classes::{Corner, CORNERS, CORNERS_FROM};
use super::layout::orientation;
use super::pieces::{background, find_piece, piece, Piece};
use super::sections::NAMES;
use super::{cell_moves, structure_counts, variant_cell_moves, Besa, Variant};
use crate::{Construction, Request};
use knights_core::board::Leaper;
use knights_core::metrics;
use knights_core::verify::verify;
use knights_core::{Board, Error, Tour};

fn tour(w: u32, h: u32) -> Tour {
    variant_tour(w, h, Variant::Plain)
}

fn variant_tour(w: u32, h: u32, v: Variant) -> Tour {
    let mut req = Request::closed(Board::new(w, h).unwrap());
    req.variant = Variant::NAMES
        .iter()
        .find(|n| Variant::named(Some(n)) == Some(v))
        .map(|n| n.to_string());
    crate::build(&req, "besa").unwrap()
}

/// The built board's masks (rows from the top), pasting the pieces one by one exactly
/// as docs/formation.md lists them: the specification that the constant-time
/// layout must equal.
fn pasted(w: u32, h: u32, v: Variant) -> Vec<u8> {
    let (w, h) = (w as i64, h as i64);
    let mut g = vec![background(); (w * h) as usize];
    // A heel that changes the cells just outside it: their piece, pasted last.
    let mut ports = Vec::new();
    let mut port = |rotated: bool, i0: i64, j0: i64| {
        if let Some(name) = v.heel_ports() {
            let (i, j) = if rotated {
                (i0 + 3, j0 + 4)
            } else {
                (i0 - 1, j0 - 2)
            };
            ports.push((piece(name, rotated), i, j));
        }
    };
    let heel = v.heel();
    let mut paste = |p: &Piece, i0: i64, j0: i64| {
        for a in 0..p.height() {
            for b in 0..p.width() {
                let m = p.at(a, b);
                if m != 0 {
                    g[((i0 + a as i64) * w + j0 + b as i64) as usize] = m;
                }
            }
        }
    };
    let br = (w / 2 + 2).rem_euclid(4);
    let tl = (3 - h).rem_euclid(4);
    let trh = 5 + (w / 2 + h - 1).rem_euclid(4);
    let mut i = h - 7;
    while i >= 0 {
        paste(piece("vertical_edge", false), i, 0);
        i -= 4;
    }
    let mut i = [h - 8, h - 7, h - 10, h - 9][br as usize];
    while i >= 0 {
        paste(piece("vertical_edge", true), i, w - 2);
        i -= 4;
    }
    paste(piece("junction_h5_horizontal", false), h - 5, 0);
    let limit = [w - 6, w - 8, w - 10, w - 4][br as usize];
    let mut j = 6;
    while j < limit {
        paste(piece(heel, false), h - 4, j);
        port(false, h - 4, j);
        j += 8;
    }
    match br {
        0 => paste(piece("corner_seq0", false), h - 4, j),
        1 => {
            paste(piece(heel, false), h - 4, j);
            port(false, h - 4, j);
        }
        2 => {
            paste(piece("corner_seq0", false), h - 4, j);
            paste(piece("corner_seq2_tail", false), h - 6, j + 6);
        }
        _ => paste(piece("corner_seq3", false), h - 5, j),
    }
    let mut j = match tl {
        0 => {
            paste(piece("corner_seq0", true), 0, 0);
            6
        }
        1 => {
            paste(piece(heel, true), 0, 0);
            port(true, 0, 0);
            8
        }
        2 => {
            paste(piece("corner_seq2_tail", true), 0, 0);
            paste(piece("corner_seq0", true), 0, 4);
            10
        }
        _ => {
            paste(piece("corner_seq3", true), 0, 0);
            4
        }
    };
    let tr = piece(&format!("junction_h{trh}_vertical"), true);
    while j < w - 8 {
        // A heel whose outside cells reach under the top-right junction stays plain.
        if v.heel_ports().is_none() || j + 10 <= w - tr.width() as i64 {
            paste(piece(heel, true), 0, j);
            port(true, 0, j);
        } else {
            paste(piece("heel", true), 0, j);
        }
        j += 8;
    }
    paste(tr, 0, w - tr.width() as i64);
    for (p, i, j) in ports {
        paste(p, i, j);
    }
    // The corners the corner search found, each anchored at its corner of the board.
    let (cw, ch) = CORNERS_FROM;
    if v.corners() && w >= cw as i64 && h >= ch as i64 {
        for corner in CORNERS {
            let name = corner.piece_name(corner.class_of(w as u32, h as u32));
            for name in [name.clone(), name + "_junction"] {
                if let Some(p) = find_piece(&name, false) {
                    let left = matches!(corner, Corner::BottomLeft | Corner::TopLeft);
                    let bottom = matches!(corner, Corner::BottomLeft | Corner::BottomRight);
                    let i0 = if bottom { h - p.height() as i64 } else { 0 };
                    let j0 = if left { 0 } else { w - p.width() as i64 };
                    paste(p, i0, j0);
                }
            }
        }
    }
    g
}

/// Whether the best tour of the `w x h` board has the searched corners.
fn has_corners(w: u32, h: u32) -> bool {
    let (bw, bh) = if orientation(w, h) == Some(true) {
        (h, w)
    } else {
        (w, h)
    };
    bw >= CORNERS_FROM.0 && bh >= CORNERS_FROM.1
}

/// A direction mask with every move `(dx, dy)` replaced by `(dy, dx)`.
fn swap_axes(m: u8) -> u8 {
    let k = Leaper::KNIGHT;
    let dirs = k.dirs();
    (0..8)
        .filter(|d| m & (1 << d) != 0)
        .map(|d| 1u8 << k.dir_of(dirs[d].1, dirs[d].0).unwrap())
        .sum()
}

/// The board's masks (`y` from the bottom) from [`pasted`], building the transpose when
/// only the height is even and at least 16.
fn reference(w: u32, h: u32, v: Variant) -> Vec<u8> {
    let direct = w.is_multiple_of(2) && w >= 16 && h >= 12;
    let (bw, bh) = if direct { (w, h) } else { (h, w) };
    let g = pasted(bw, bh, v);
    let mut out = vec![0; (w * h) as usize];
    for y in 0..h {
        for x in 0..w {
            let (bx, by) = if direct { (x, y) } else { (y, x) };
            let m = g[((bh - 1 - by) * bw + bx) as usize];
            out[(y * w + x) as usize] = if direct { m } else { swap_axes(m) };
        }
    }
    out
}

fn point(w: u32, c: u32) -> (i64, i64) {
    ((c % w) as i64, (c / w) as i64)
}

fn cross(o: (i64, i64), a: (i64, i64), b: (i64, i64)) -> i64 {
    (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
}

/// Turns counted from the path alone: consecutive triples that are not collinear.
fn count_turns(w: u32, path: &[u32]) -> u64 {
    let n = path.len();
    (0..n)
        .filter(|&k| {
            let p = |i: usize| point(w, path[i % n]);
            cross(p(k + n - 1), p(k), p(k + 1)) != 0
        })
        .count() as u64
}

/// Whether the open segments `ab` and `cd` share a point.
fn segments_meet(a: (i64, i64), b: (i64, i64), c: (i64, i64), d: (i64, i64)) -> bool {
    let (d1, d2) = (cross(a, b, c), cross(a, b, d));
    let (d3, d4) = (cross(c, d, a), cross(c, d, b));
    if d1 == 0 && d2 == 0 {
        // On one line: compare positions along ab.
        let u = (b.0 - a.0, b.1 - a.1);
        let t = |p: (i64, i64)| (p.0 - a.0) * u.0 + (p.1 - a.1) * u.1;
        let (lo, hi) = (t(c).min(t(d)), t(c).max(t(d)));
        return lo.max(0) < hi.min(u.0 * u.0 + u.1 * u.1);
    }
    d1.signum() * d2.signum() < 0 && d3.signum() * d4.signum() < 0
}

/// Crossings counted from the path alone: each edge against the edges starting within
/// 3 cells of its start (two crossing knight leaps start less than 4 apart on each
/// axis), each pair once.
fn count_crossings(w: u32, h: u32, path: &[u32]) -> u64 {
    let n = path.len();
    let mut step = vec![0usize; n];
    for (k, &c) in path.iter().enumerate() {
        step[c as usize] = k;
    }
    let p = |k: usize| point(w, path[k % n]);
    let mut count = 0;
    for k in 0..n {
        let (a, b) = (p(k), p(k + 1));
        for dy in -3..=3 {
            for dx in -3..=3 {
                let (x, y) = (a.0 + dx, a.1 + dy);
                if x < 0 || y < 0 || x >= w as i64 || y >= h as i64 {
                    continue;
                }
                let m = step[(y * w as i64 + x) as usize];
                if m > k && segments_meet(a, b, p(m), p(m + 1)) {
                    count += 1;
                }
            }
        }
    }
    count
}

/// Whether the section labels are red, green, ..., black in this order, then red again,
/// each junction section near its corner.
fn sections_in_order(t: &Tour) -> Result<(), String> {
    let s = t.sections().ok_or("no sections")?;
    if s.names() != NAMES.map(String::from) {
        return Err(format!("names {:?}", s.names()));
    }
    let l = s.labels();
    let (w, h) = (t.board().width(), t.board().height());
    let mut seen = Vec::new();
    for (k, &lab) in l.iter().enumerate() {
        if seen.last() != Some(&lab) {
            seen.push(lab);
        }
        let (x, y) = t.board().xy(t.path()[k]);
        let far = match lab {
            0 | 4 => x >= 12 || y >= 12,
            2 | 6 => x + 12 < w || y + 12 < h,
            _ => false,
        };
        if far {
            return Err(format!("step {k} in {} at ({x}, {y})", NAMES[lab as usize]));
        }
    }
    if seen != [0, 1, 2, 3, 4, 5, 6, 7, 0] {
        return Err(format!("order {seen:?}"));
    }
    Ok(())
}

/// Everything checked on one board; returns its (turns, crossings).
fn check_board(w: u32, h: u32, v: Variant) -> Result<(u64, u64), String> {
    let t = variant_tour(w, h, v);
    if t.algorithm() != "besa" || t.path()[0] != 0 {
        return Err("algorithm name or start cell".into());
    }
    if t.grid().unwrap().masks() != reference(w, h, v) {
        return Err("grid differs from the pasted pieces".into());
    }
    // The walk jumps over straight runs: its path must still be the grid's tour.
    let walked = knights_core::moves::MoveGrid::from_path(t.board(), t.path(), true);
    if walked.as_ref().map(|g| g.masks()) != Some(t.grid().unwrap().masks()) {
        return Err("the path does not follow the grid".into());
    }
    sections_in_order(&t)?;
    let v = verify(t).map_err(|e| e.to_string())?;
    let m = metrics::measure(&v);
    let (turns, crossings) = (count_turns(w, v.path()), count_crossings(w, h, v.path()));
    if !m.closed || (m.turns, m.crossings) != (turns, crossings) {
        return Err(format!(
            "metrics say {} turns, {} crossings; counted {turns}, {crossings}",
            m.turns, m.crossings
        ));
    }
    Ok((turns, crossings))
}

#[test]
fn every_board_in_range_is_a_closed_tour_with_the_papers_counts() {
    let mut boards = Vec::new();
    for w in (16..=120).step_by(2) {
        for h in 12..=120 {
            boards.push((w, h));
            boards.push((h, w));
        }
    }
    boards.sort_unstable();
    boards.dedup();
    let results: Vec<_> = boards
        .par_iter()
        .map(|&(w, h)| ((w, h), check_board(w, h, Variant::Plain)))
        .collect();
    let failures: Vec<String> = results
        .iter()
        .filter_map(|((w, h), r)| r.as_ref().err().map(|e| format!("{w}x{h}: {e}")))
        .collect();
    assert!(
        failures.is_empty(),
        "{} failures: {failures:?}",
        failures.len()
    );
    // 53 even widths x 109 heights, and their transposes (2809 boards are both).
    assert_eq!(boards.len(), 8_745);
    let counts: HashMap<(u32, u32), (u64, u64)> =
        results.into_iter().map(|(b, r)| (b, r.unwrap())).collect();
    // Section 4.2: each heel (top and bottom) adds 22 turns and 32 crossings per eight
    // columns, each double straight-up move (left and right) 8 turns and 10 crossings
    // per four rows; the transposed boards follow with the axes swapped.
    let mut compared = 0;
    for (&(w, h), &(t, c)) in &counts {
        let turned = orientation(w, h);
        let (wide, tall) = match turned {
            Some(false) => ((w + 8, h), (w, h + 4)),
            _ => ((w, h + 8), (w + 4, h)),
        };
        let same = |b: &(u32, u32)| orientation(b.0, b.1) == turned;
        if let Some(&(t8, c8)) = counts.get(&wide).filter(|_| same(&wide)) {
            assert_eq!((t8 - t, c8 - c), (44, 64), "{w}x{h} against {wide:?}");
            compared += 1;
        }
        if let Some(&(t4, c4)) = counts.get(&tall).filter(|_| same(&tall)) {
            assert_eq!((t4 - t, c4 - c), (16, 20), "{w}x{h} against {tall:?}");
            compared += 1;
        }
    }
    assert!(compared > 15_000, "{compared}");
    // Hence 9.5n + O(1) turns and 13n + O(1) crossings on n x n, the O(1) depending
    // only on n mod 8.
    for n in (16..=112).step_by(2) {
        let (a, b) = (counts[&(n, n)], counts[&(n + 8, n + 8)]);
        assert_eq!((b.0 - a.0, b.1 - a.1), (76, 104), "{n}x{n}");
    }
}

/// Turns and crossings each variant's heel adds, as its gadget search scored them.
fn heel_counts(v: Variant) -> (u64, u64) {
    match v {
        Variant::Plain => (22, 32),
        Variant::Turns => (21, 31),
        Variant::Crossings => (22, 28),
        Variant::Best => (21, 27),
    }
}

#[test]
fn the_variants_are_closed_tours_with_their_heels_counts() {
    // Sparser than the plain sweep: even widths 16..=48 with heights 12..=48, and their
    // transposes, for each variant (up to 64 for the best tour, whose corners the corner
    // search chose from width 26 and height 16 on); then squares far apart for the slopes.
    for v in [Variant::Turns, Variant::Crossings, Variant::Best] {
        let top = if v == Variant::Best { 64 } else { 48 };
        let mut boards = Vec::new();
        for w in (16..=top).step_by(2) {
            for h in 12..=top {
                boards.push((w, h));
                boards.push((h, w));
            }
        }
        boards.sort_unstable();
        boards.dedup();
        let results: Vec<_> = boards
            .par_iter()
            .map(|&(w, h)| ((w, h), check_board(w, h, v)))
            .collect();
        let failures: Vec<String> = results
            .iter()
            .filter_map(|((w, h), r)| r.as_ref().err().map(|e| format!("{w}x{h}: {e}")))
            .collect();
        assert!(failures.is_empty(), "{v:?}: {failures:?}");
        let counts: HashMap<(u32, u32), (u64, u64)> =
            results.into_iter().map(|(b, r)| (b, r.unwrap())).collect();
        // Each heel (top and bottom) adds its own counts per eight columns; the left and
        // right edges still add 8 turns and 10 crossings per four rows.
        let (ht, hc) = heel_counts(v);
        let mut compared = 0;
        // Boards on either side of the size where the best tour takes its searched
        // corners differ by those corners too.
        let same_corners = |a: (u32, u32), b: (u32, u32)| {
            v != Variant::Best || has_corners(a.0, a.1) == has_corners(b.0, b.1)
        };
        for (&(w, h), &(t, c)) in &counts {
            if orientation(w, h) != Some(false) {
                continue;
            }
            // From width 24 on, eight more columns add exactly one heel of the variant
            // to each edge (on narrower boards the best heel's last top copy may still
            // be too close to the top-right junction and stay plain).
            let wide = counts
                .get(&(w + 8, h))
                .filter(|_| w >= 24 && same_corners((w, h), (w + 8, h)));
            if let Some(&(t8, c8)) = wide {
                assert_eq!((t8 - t, c8 - c), (2 * ht, 2 * hc), "{v:?} {w}x{h}");
                compared += 1;
            }
            let tall = counts
                .get(&(w, h + 4))
                .filter(|_| same_corners((w, h), (w, h + 4)));
            if let Some(&(t4, c4)) = tall {
                assert_eq!((t4 - t, c4 - c), (16, 20), "{v:?} {w}x{h}");
                compared += 1;
            }
        }
        assert!(compared > 700, "{compared}");
    }
}

#[test]
fn variant_slopes_on_square_boards() {
    // Per eight more columns and rows: two heels and four edge transitions, so
    // (2 heel + 32) / 8 turns and (2 heel + 40) / 8 crossings per n: 9.25n and 12.75n
    // (turns), 9.5n and 12n (crossings), 9.25n and 11.75n (best).
    for v in [
        Variant::Plain,
        Variant::Turns,
        Variant::Crossings,
        Variant::Best,
    ] {
        let (ht, hc) = heel_counts(v);
        for n in [120, 256, 400] {
            let (a, b) = (
                check_board(n, n, v).unwrap(),
                check_board(n + 8, n + 8, v).unwrap(),
            );
            assert_eq!(
                (b.0 - a.0, b.1 - a.1),
                (2 * ht + 32, 2 * hc + 40),
                "{v:?} {n}"
            );
        }
    }
}

#[test]
fn square_board_counts() {
    // The constant terms, printed for the report: turns - 9.5n and crossings - 13n.
    for n in (16..=30).step_by(2) {
        let v = verify(tour(n, n)).unwrap();
        let m = metrics::measure(&v);
        println!(
            "{n}x{n}: {} turns ({:+}), {} crossings ({:+})",
            m.turns,
            m.turns as f64 - 9.5 * n as f64,
            m.crossings,
            m.crossings as i64 - 13 * n as i64
        );
    }
}

#[test]
fn lemma_3_numbers_on_the_30x30_board_of_figure_3() {
    // Lemma 3 numbers the tour from the bottom-left cell (1-based) in the direction of
    // Figure 10, the reverse of our Figure 3 order: its cell i is our step n - (i - 1).
    let t = tour(30, 30);
    let (b, n) = (t.board(), t.path().len());
    let lemma = |i: usize| b.xy(t.path()[(n + 1 - i) % n]);
    assert_eq!(lemma(1), (0, 0));
    // The waymarks: cells 7, 23, 47 and 79 in the left column, 4 rows apart.
    for (i, y) in [(7, 6), (23, 10), (47, 14), (79, 18)] {
        assert_eq!(lemma(i), (0, y), "cell {i}");
    }
    // "the cell at index 85 is (13, 13)" (row and column from 1).
    assert_eq!(lemma(85), (12, 12));
    // Cells 1 to 6 are the red junction run, cell 7 begins the black knight.
    let l = t.sections().unwrap().labels();
    assert!((1..=6).all(|i| l[(n + 1 - i) % n] == 0));
    assert_eq!(l[n - 6], 7);
    // The first move is "two up, one right", into the long half of the red run, which
    // joins the top pair of the quartet's starting square; blue joins the bottom pair.
    assert_eq!(b.xy(t.path()[1]), (1, 2));
    let ends = |s: u8| {
        let first = l.iter().position(|&x| x == s).unwrap();
        let last = l.iter().rposition(|&x| x == s).unwrap();
        [b.xy(t.path()[first]), b.xy(t.path()[last])]
    };
    assert_eq!(b.xy(t.path()[6]), (0, 4));
    assert_eq!(l[6..8], [0, 1]);
    assert_eq!(ends(4), [(0, 3), (1, 3)]);
}

#[test]
fn each_junction_is_two_runs_of_the_expected_lengths() {
    // The bottom-left junction's runs are 12 cells each; the top-right one's depend on
    // its height 5..8, chosen by (w/2 + h - 1) mod 4.
    let expect = [[12, 12], [10, 26], [20, 30], [20, 46]];
    for (w, h) in [(30, 30), (30, 31), (30, 32), (30, 33), (31, 30), (33, 30)] {
        let t = tour(w, h);
        let l = t.sections().unwrap().labels();
        let len = |s: u8| l.iter().filter(|&&x| x == s).count();
        let (bw, bh) = if w.is_multiple_of(2) { (w, h) } else { (h, w) };
        let mut tr = [len(2), len(6)];
        tr.sort_unstable();
        assert_eq!([len(0), len(4)], [12, 12], "{w}x{h}");
        assert_eq!(tr, expect[((bw / 2 + bh - 1) % 4) as usize], "{w}x{h}");
    }
}

#[test]
fn cell_moves_is_the_grid_and_zero_elsewhere() {
    for (w, h) in [(16, 12), (12, 16), (40, 17), (17, 40)] {
        let t = tour(w, h);
        let g = t.grid().unwrap().masks();
        let b = variant_tour(w, h, Variant::Best);
        let gb = b.grid().unwrap().masks();
        for y in 0..h {
            for x in 0..w {
                assert_eq!(cell_moves(w, h, x, y), g[(y * w + x) as usize]);
                let best = variant_cell_moves(Variant::Best, w, h, x, y);
                assert_eq!(best, gb[(y * w + x) as usize]);
            }
        }
        assert_eq!(cell_moves(w, h, w, 0), 0);
    }
    assert_eq!(cell_moves(14, 14, 0, 0), 0);
}

#[test]
fn unsupported_boards_are_refused_with_a_reason() {
    let refused = |req: Request| match Besa.check(&req) {
        Err(Error::Unsupported(u)) => {
            assert_eq!(
                (u.algorithm, &u.board),
                (Some("besa"), &req.board.to_string())
            );
            u.reason
        }
        other => panic!("{} not refused: {other:?}", req.board),
    };
    for (w, h) in [
        (14, 14),
        (16, 11),
        (11, 16),
        (15, 41),
        (12, 14),
        (40, 10),
        (10, 40),
    ] {
        let m = refused(Request::closed(Board::new(w, h).unwrap()));
        assert!(m.contains(&format!("{w}x{h}")) && m.contains("16"), "{m}");
        assert!(!m.contains('\n'));
    }
    let mut open = Request::closed(Board::new(30, 30).unwrap());
    open.open = true;
    assert!(refused(open.clone()).contains("--open"));
    // auto moves on to the other constructions.
    let t = crate::build(&open, "auto").unwrap();
    assert_ne!(t.algorithm(), "besa");
    assert!(!t.is_closed());
    let giraffe = Board::with_leaper(30, 30, Leaper::GIRAFFE).unwrap();
    assert!(refused(Request::closed(giraffe)).contains("32k + 20"));
    let holed = Board::new(30, 30).unwrap().with_holes(&[(0, 0)]).unwrap();
    assert!(refused(Request::closed(holed)).contains("holes"));
}

#[test]
fn large_boards_build_and_verify() {
    for (w, h) in [(1000, 1000), (1001, 1000)] {
        let v = verify(tour(w, h)).unwrap();
        assert_eq!(v.path().len(), (w * h) as usize);
        assert!(sections_in_order(&v).is_ok());
    }
}

/// The counts of the built tour, by the grid's own counters.
fn built_counts(w: u32, h: u32, v: Variant) -> (u64, u64) {
    let t = variant_tour(w, h, v);
    let g = t.grid().unwrap();
    (metrics::turns(g), metrics::crossings(g))
}

const ALL_VARIANTS: [Variant; 4] = [
    Variant::Plain,
    Variant::Turns,
    Variant::Crossings,
    Variant::Best,
];

#[test]
fn structure_counts_equal_the_built_tours_on_every_size_up_to_100() {
    let boards: Vec<(u32, u32)> = (1..=100)
        .flat_map(|w| (1..=100).map(move |h| (w, h)))
        .filter(|&(w, h)| orientation(w, h).is_some())
        .collect();
    // Both sides 12..=100, one of them even and at least 16: 2 x 43 x 89 - 43 x 43.
    assert_eq!(boards.len(), 5_805);
    for v in ALL_VARIANTS {
        let failures: Vec<String> = boards
            .par_iter()
            .filter_map(|&(w, h)| {
                let (want, got) = (built_counts(w, h, v), structure_counts(w, h, v));
                (got != Some(want)).then(|| format!("{w}x{h}: built {want:?}, counted {got:?}"))
            })
            .collect();
        assert!(failures.is_empty(), "{v:?}: {failures:?}");
    }
    assert_eq!(structure_counts(14, 14, Variant::Plain), None);
}

#[test]
fn structure_counts_equal_the_built_tours_on_large_boards() {
    let boards = [
        (1000, 1000),
        (998, 777),
        (513, 1000),
        (1000, 12),
        (12, 1000),
        (16, 999),
        (640, 642),
        (256, 256),
        (512, 512),
    ];
    for v in ALL_VARIANTS {
        for (w, h) in boards {
            assert_eq!(
                structure_counts(w, h, v),
                Some(built_counts(w, h, v)),
                "{v:?} {w}x{h}"
            );
        }
    }
}

#[test]
fn structure_counts_of_a_million_square_follow_the_slopes() {
    // 10^6 = 64 mod 8: from the 64x64 board (checked against its built tour above),
    // each eight more columns and rows add two heels and four edge transitions.
    let n = 1_000_000u64;
    for v in ALL_VARIANTS {
        let (t, c) = structure_counts(n as u32, n as u32, v).unwrap();
        let (t0, c0) = built_counts(64, 64, v);
        let (ht, hc) = heel_counts(v);
        let steps = (n - 64) / 8;
        assert_eq!(
            (t, c),
            (t0 + steps * (2 * ht + 32), c0 + steps * (2 * hc + 40)),
            "{v:?}"
        );
    }
}
