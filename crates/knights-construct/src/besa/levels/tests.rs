//! The formation tour on boards with more sides: every board of the sweep is one closed
//! knight's tour (checked by the N-D model's `verify`), and the turns and crossings grow
//! as O(n^(d-1)). (That the stored corner pieces are what their search finds is tested
//! with the search, in knights-lab.)

use rayon::prelude::*;

use super::*;
use knights_core::metrics::measure;
use knights_core::verify::verify;
use knights_core::{Board, Verified};

/// The verified closed tour of a board with `sides` (the N-D model's `verify`: every
/// cell once, every step a knight's leap in as many dimensions as the board has, the
/// last step back to the first cell).
fn verified(sides: &[u32], path: Vec<u32>) -> Verified {
    let space = Board::with_sides(sides, Leaper::KNIGHT).unwrap();
    verify(Tour::new(space, path, true)).unwrap_or_else(|e| panic!("{sides:?}: {e}"))
}

/// Checks a closed tour of a board with `sides`.
fn check(sides: &[u32], path: &[u32]) {
    assert_eq!(path[0], 0, "{sides:?}");
    verified(sides, path.to_vec());
}

/// Turns and crossings (per level, as the N-D metrics count them) of a closed tour.
fn turns_and_crossings(sides: &[u32], path: &[u32]) -> (u64, u64) {
    let m = measure(&verified(sides, path.to_vec()));
    (m.turns, m.crossings)
}

fn tour(sides: &[u32]) -> Vec<u32> {
    let (path, _) = build(sides).unwrap_or_else(|e| panic!("{sides:?}: {e}"));
    check(sides, &path);
    path
}

#[test]
fn every_3d_board_up_to_20x16x6_is_one_closed_tour() {
    let mut boards = Vec::new();
    for w in (16..=20).step_by(2) {
        for h in 12..=16 {
            for d in 1..=6 {
                boards.push(vec![w, h, d]);
                boards.push(vec![h, w, d]);
            }
        }
    }
    boards.dedup();
    boards.par_iter().for_each(|sides| {
        let (path, sections) = build(sides).unwrap_or_else(|e| panic!("{sides:?}: {e}"));
        check(sides, &path);
        // One section per level, each the level's w x h cells.
        let s = sections.unwrap_or_else(|| panic!("{sides:?}: no sections"));
        assert_eq!(s.names().len(), sides[2] as usize);
        assert_eq!(s.labels().len(), path.len());
        for (i, &c) in path.iter().enumerate() {
            let z = c / (sides[0] * sides[1]);
            assert_eq!(s.names()[s.labels()[i] as usize], format!("level z = {z}"));
        }
    });
}

#[test]
fn boards_with_four_and_five_sides_are_closed_tours() {
    let boards: [&[u32]; 6] = [
        &[16, 12, 3, 2],
        &[16, 12, 2, 3],
        &[12, 18, 1, 4],
        &[17, 16, 2, 2, 2],
        &[16, 13, 3, 1, 2],
        &[18, 12, 2, 3, 2],
    ];
    boards.par_iter().for_each(|sides| {
        let path = tour(sides);
        // The tour crosses every level four times (once per knight of the quartet),
        // so it leaps between levels four times per pair of consecutive levels.
        let area = sides[0] * sides[1];
        let levels: u32 = sides[2..].iter().product();
        let leaps = (0..path.len())
            .filter(|&i| path[i] / area != path[(i + 1) % path.len()] / area)
            .count() as u32;
        assert_eq!(leaps, 4 * (levels - 1), "{sides:?}");
    });
}

#[test]
fn the_first_junction_is_turned_to_a_vertical_matching_when_needed() {
    // One of the two matchings always closes one cycle, and over the sweep the
    // horizontal one of the 2-D tour sometimes does not: the paper's fix is used.
    let mut horizontal_fails = 0;
    for d in 1..=6 {
        for (w, h) in [(16, 12), (16, 13), (18, 14), (20, 15)] {
            let plan = Plan::new(w, h, &[d]);
            let h_ok = plan.trace(Matching::Horizontal).is_some();
            let v_ok = plan.trace(Matching::Vertical).is_some();
            assert!(
                h_ok || v_ok,
                "{w}x{h}x{d}: neither matching closes one cycle"
            );
            horizontal_fails += !h_ok as u32;
            if d == 1 {
                assert!(h_ok, "{w}x{h}: the 2-D tour is one cycle (Lemma 1)");
            }
        }
    }
    assert!(horizontal_fails > 0);
}

#[test]
fn the_vertical_junction_fits_the_bottom_left_corner() {
    let (a, b) = (
        piece("junction_h5_horizontal", false),
        piece("junction_h5_vertical", false),
    );
    assert_eq!((a.width(), a.height()), (b.width(), b.height()));
    for i in 0..a.height() {
        for j in 0..a.width() {
            assert_eq!(a.at(i, j) == 0, b.at(i, j) == 0, "({i}, {j})");
        }
    }
}

#[test]
fn refusals_name_the_failing_rule() {
    let msg = |sides: &[u32]| match build(sides) {
        Err(Error::Unsupported(u)) => u.reason,
        other => panic!("{sides:?}: {:?}", other.map(|p| p.0.len())),
    };
    assert!(msg(&[15, 12, 3]).contains("even and at least 16"));
    assert!(msg(&[16, 11, 3]).contains("the other at least 12"));
    assert!(msg(&[12, 12, 4]).contains("even and at least 16"));
    assert!(msg(&[16, 12, 0]).contains("at least 1"));
    assert!(msg(&[16]).contains("two sides"));
    assert!(msg(&[2000, 2000, 2000]).contains("cells"));
}

#[test]
fn turns_and_crossings_grow_as_n_to_the_d_minus_1() {
    // Each more pair of levels adds about the same: two 2-D tours' worth.
    let per_pair = |w: u32, h: u32| -> Vec<(u64, u64)> {
        let m: Vec<(u64, u64)> = (3..=9)
            .into_par_iter()
            .map(|d| turns_and_crossings(&[w, h, d], &tour(&[w, h, d])))
            .collect();
        m.windows(3)
            .map(|p| (p[2].0 - p[0].0, p[2].1 - p[0].1))
            .collect()
    };
    for (w, h) in [(16, 12), (26, 26), (34, 21)] {
        let d = per_pair(w, h);
        println!("{w}x{h}: per two more levels {d:?}");
        // The same up to the first junction's matching, which depends on the depth.
        let spread = |f: &dyn Fn(&(u64, u64)) -> u64| {
            d.iter().map(f).max().unwrap() - d.iter().map(f).min().unwrap()
        };
        assert!(
            spread(&|p| p.0) <= 4 && spread(&|p| p.1) <= 8,
            "{w}x{h}: {d:?}"
        );
    }
    // n x n x n: turns and crossings over n^2 stay bounded (about 2 x 9.5 and 2 x 13
    // per level and unit of side, as in two dimensions).
    for n in [16, 26, 36] {
        let (t, c) = turns_and_crossings(&[n, n, n], &tour(&[n, n, n]));
        let n2 = (n * n) as f64;
        println!(
            "{n}x{n}x{n}: {t} turns ({:.2} n^2), {c} crossings ({:.2} n^2)",
            t as f64 / n2,
            c as f64 / n2
        );
        assert!(
            t as f64 <= 12.0 * n2 && c as f64 <= 16.0 * n2,
            "{n}: {t} {c}"
        );
    }
    // Four sides: over n^3.
    for n in [16, 20] {
        let (t, c) = turns_and_crossings(&[n, n, n, n], &tour(&[n, n, n, n]));
        let n3 = (n * n * n) as f64;
        println!(
            "{n}x{n}x{n}x{n}: {t} turns ({:.2} n^3), {c} crossings ({:.2} n^3)",
            t as f64 / n3,
            c as f64 / n3
        );
        assert!(
            t as f64 <= 12.0 * n3 && c as f64 <= 16.0 * n3,
            "{n}: {t} {c}"
        );
    }
}
