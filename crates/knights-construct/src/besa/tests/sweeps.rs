//! Every board in a range, for each variant, is one closed tour that verifies, equals
//! the pasted pieces, follows its grid, has its eight sections in order, and has the
//! turns and crossings of an independent count; those counts grow by each heel's and
//! each edge move's share, as the paper's Section 4.2 says; large boards too.

use std::collections::HashMap;

use rayon::prelude::*;

use super::counting::{count_crossings, count_turns};
use super::reference::{has_corners, reference};
use super::support::{heel_counts, tour, variant_tour};
use crate::besa::layout::orientation;
use crate::besa::sections::NAMES;
use crate::besa::Variant;
use knights_core::metrics;
use knights_core::verify::verify;
use knights_core::Tour;

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
    let walked = knights_core::MoveGrid::from_path(t.board(), t.path(), true);
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

/// Each board's (turns, crossings), by (width, height).
type Counts = HashMap<(u32, u32), (u64, u64)>;

/// Every board of variant `v` with an even side of 16 to `top` and the other side of 12
/// to `top`, checked by [`check_board`] in parallel: how many boards, and each one's
/// (turns, crossings). Fails with every board that fails.
fn sweep(top: u32, v: Variant) -> (usize, Counts) {
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
    assert!(
        failures.is_empty(),
        "{v:?}: {} failures: {failures:?}",
        failures.len()
    );
    let counts = results.into_iter().map(|(b, r)| (b, r.unwrap())).collect();
    (boards.len(), counts)
}

#[test]
fn every_board_in_range_is_a_closed_tour_with_the_papers_counts() {
    let (boards, counts) = sweep(120, Variant::Plain);
    // 53 even widths x 109 heights, and their transposes (2809 boards are both).
    assert_eq!(boards, 8_745);
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

#[test]
fn the_variants_are_closed_tours_with_their_heels_counts() {
    // Sparser than the plain sweep: even widths 16..=48 with heights 12..=48, and their
    // transposes, for each variant (up to 64 for the best tour, whose corners the corner
    // search chose from width 26 and height 16 on); then squares far apart for the slopes.
    for v in [Variant::Turns, Variant::Crossings, Variant::Best] {
        let top = if v == Variant::Best { 64 } else { 48 };
        let (_, counts) = sweep(top, v);
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

/// Whether the band tour of the `w x h` board lays copies of its period along the
/// bottom and along the top edge of the built board: where its grid differs from the
/// best tour's in the built board's bottom rows, and in its top rows.
fn band_edges(w: u32, h: u32) -> (bool, bool) {
    let (band, best) = (
        reference(w, h, Variant::Band),
        reference(w, h, Variant::Best),
    );
    let turned = orientation(w, h) == Some(true);
    let (bw, bh) = if turned { (h, w) } else { (w, h) };
    let differs = |rows: std::ops::Range<u32>| {
        rows.flat_map(|r| (2..bw - 2).map(move |c| (r, c)))
            .any(|(r, c)| {
                let (x, y) = if turned { (r, c) } else { (c, r) };
                let i = (y * w + x) as usize;
                band[i] != best[i]
            })
    };
    (differs(0..4), differs(bh - 4..bh))
}

#[test]
fn the_band_tour_is_closed_on_every_board_with_its_periods_counts() {
    // Every even width 16..=144 with every height 12..=47 (each residue of h mod 4 nine
    // times), and the transposes: the band's copies need an edge of 7 heels, from width
    // 74 on, and the corners and the top-right junction depend on w mod 8 and h mod 4.
    let mut boards = Vec::new();
    for w in (16..=144).step_by(2) {
        for h in 12..=47 {
            boards.push((w, h));
            boards.push((h, w));
        }
    }
    boards.sort_unstable();
    boards.dedup();
    let results: Vec<_> = boards
        .par_iter()
        .map(|&(w, h)| ((w, h), check_board(w, h, Variant::Band)))
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
    let counts: Counts = results.into_iter().map(|(b, r)| (b, r.unwrap())).collect();
    let edges: HashMap<(u32, u32), (bool, bool)> = boards
        .par_iter()
        .map(|&(w, h)| ((w, h), band_edges(w, h)))
        .collect();
    let banded = |b: (u32, u32)| edges[&b] == (true, true);
    // Eight more columns add a copy of the period to each edge (20 turns and 30
    // crossings), four more rows a double move up to each side; boards without copies
    // are the best tour's.
    let (mut wide, mut tall, mut without) = (0, 0, 0);
    for (&(w, h), &(t, c)) in &counts {
        if orientation(w, h) != Some(false) {
            continue;
        }
        if edges[&(w, h)] == (false, false) {
            let best = check_board(w, h, Variant::Best).unwrap();
            assert_eq!((t, c), best, "{w}x{h} without copies");
            without += 1;
            continue;
        }
        if !banded((w, h)) {
            continue;
        }
        if let Some(&(t8, c8)) = counts.get(&(w + 8, h)) {
            assert_eq!((t8 - t, c8 - c), (40, 60), "{w}x{h}");
            wide += 1;
        }
        // Below height 16 the best tour keeps its corners as they were.
        let tall_ok = |b: (u32, u32)| banded(b) && has_corners(w, h) == has_corners(b.0, b.1);
        if let Some(&(t4, c4)) = counts.get(&(w, h + 4)).filter(|_| tall_ok((w, h + 4))) {
            assert_eq!((t4 - t, c4 - c), (16, 20), "{w}x{h}");
            tall += 1;
        }
    }
    assert!(
        wide > 1000 && tall > 900 && without > 1500,
        "{wide} {tall} {without}"
    );
}

#[test]
fn variant_slopes_on_square_boards() {
    // Per eight more columns and rows: two heels and four edge transitions, so
    // (2 heel + 32) / 8 turns and (2 heel + 40) / 8 crossings per n: 9.25n and 12.75n
    // (turns), 9.5n and 12n (crossings), 9.25n and 11.75n (best).
    // The band tour: 9n and 12.5n.
    for v in [
        Variant::Plain,
        Variant::Turns,
        Variant::Crossings,
        Variant::Best,
        Variant::Band,
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
fn large_boards_build_and_verify() {
    for (w, h) in [(1000, 1000), (1001, 1000)] {
        let v = verify(tour(w, h)).unwrap();
        assert_eq!(v.path().len(), (w * h) as usize);
        assert!(sections_in_order(&v).is_ok());
    }
}
