//! The whole search: it is deterministic, its pieces keep the rules that
//! knights-construct's `besa/giraffe.rs` checks when it loads them, and it writes the
//! stored file byte for byte (`KNIGHTS_REGENERATE=1` writes it instead).

use std::collections::{BTreeMap, BTreeSet};

use super::geometry::{
    block, start_block, turn, Cell, Place, CORNER_GROUP, HEEL_ENTRY, HEEL_EXIT, LEAPS,
};
use super::*;

/// The search, run once for all the tests.
fn found() -> &'static Found {
    static FOUND: std::sync::OnceLock<Found> = std::sync::OnceLock::new();
    FOUND.get_or_init(|| find(&mut |_| {}).expect("the search finds the pieces"))
}

fn ends(path: &[Cell]) -> (Cell, Cell) {
    (path[0], path[path.len() - 1])
}

fn inner(paths: &[Vec<Cell>], dx: i32) -> Vec<Cell> {
    paths
        .iter()
        .flat_map(|p| p[1..p.len() - 1].iter().map(move |c| (c.0 + dx, c.1)))
        .collect()
}

#[test]
fn the_same_search_writes_the_same_file() {
    let mut lines = Vec::new();
    let text = search(&mut |l| lines.push(l.to_string())).unwrap();
    assert_eq!(find(&mut |_| {}).unwrap(), *found());
    assert_eq!(search(&mut |_| {}).unwrap(), text);
    assert!(
        lines[0].starts_with("heel: 128 free cells a period, 312 leaps"),
        "{lines:?}"
    );
    assert!(text.starts_with("# The giraffe's formation tour") && text.ends_with("]\n"));
}

#[test]
fn every_step_of_every_piece_is_a_giraffe_leap_and_no_cell_repeats() {
    let f = found();
    for (name, paths) in [
        ("junction", &f.junction),
        ("top_junction", &f.top_junction),
        ("heel", &f.heel),
        ("corner", &f.corner),
    ] {
        let mut seen = BTreeSet::new();
        for p in paths {
            assert!(p.len() >= 2, "{name}: {p:?}");
            assert!(
                p.windows(2)
                    .all(|s| LEAPS.contains(&(s[1].0 - s[0].0, s[1].1 - s[0].1))),
                "{name}: {p:?}"
            );
            assert!(
                p.iter().all(|&c| seen.insert(c)),
                "{name}: {p:?} repeats a cell"
            );
        }
    }
}

#[test]
fn the_heel_keeps_each_giraffe_in_its_place_and_the_corner_swaps_columns_going_up() {
    let f = found();
    let (entry, exit) = (block(HEEL_ENTRY, 7), block(HEEL_EXIT, 11));
    assert_eq!(f.heel.len(), 16);
    for p in &f.heel {
        let (a, b) = ends(p);
        assert_eq!(entry[&a], exit[&b], "{p:?}");
    }
    let (down, up) = (block(CORNER_GROUP, 15), block(CORNER_GROUP, 19));
    assert_eq!(f.corner.len(), 32);
    for p in &f.corner {
        let (a, b) = ends(p);
        let (a, b) = if entry.contains_key(&a) || down.contains_key(&a) {
            (a, b)
        } else {
            (b, a)
        };
        if let (Some(x), Some(y)) = (entry.get(&a), exit.get(&b)) {
            assert_eq!(x, y, "{p:?}");
        } else {
            let (x, y) = (down[&a], up[&b]);
            assert_eq!((x.0 ^ 1, x.1), y, "{p:?}");
        }
    }
}

/// Heels repeated every 32 columns never share a cell.
#[test]
fn heels_interlock_without_overlapping() {
    let mut seen = BTreeSet::new();
    for j in -3..=3 {
        for c in inner(&found().heel, 32 * j) {
            assert!(seen.insert(c), "heel {j} repeats {c:?}");
        }
    }
}

/// On boards with k = 1, 2, 3 the bottom half's pieces never share a cell.
#[test]
fn the_pieces_of_the_bottom_edge_are_disjoint() {
    let f = found();
    for k in 1..=3 {
        let mut cells = inner(&f.junction, 0);
        cells.extend((0..k - 1).flat_map(|j| inner(&f.heel, 32 * j)));
        cells.extend(inner(&f.corner, 32 * (k - 1)));
        let on: Vec<Cell> = cells.into_iter().filter(|c| c.0 >= 0).collect();
        let distinct: BTreeSet<Cell> = on.iter().copied().collect();
        assert_eq!(distinct.len(), on.len(), "k = {k}");
    }
}

/// The junction's pairing and the top junction's, turned, close one cycle through the
/// sixteen places (and the first junction pairs across the block's halves).
#[test]
fn the_junctions_pair_the_first_block_into_one_cycle() {
    let f = found();
    let start = start_block();
    let mut adj: BTreeMap<Place, Vec<Place>> = BTreeMap::new();
    for (paths, turned) in [(&f.junction, false), (&f.top_junction, true)] {
        assert_eq!(paths.len(), 8);
        let cells: BTreeSet<Cell> = paths.iter().flat_map(|p| [p[0], p[p.len() - 1]]).collect();
        assert_eq!(cells, start.keys().copied().collect());
        for p in paths {
            let (a, b) = ends(p);
            let (pa, pb) = if turned {
                (turn(start[&a]), turn(start[&b]))
            } else {
                (start[&a], start[&b])
            };
            adj.entry(pa).or_default().push(pb);
            adj.entry(pb).or_default().push(pa);
        }
    }
    let mut cycle = vec![(0, 0)];
    let mut prev = None;
    loop {
        let last = *cycle.last().unwrap();
        let next = *adj[&last].iter().find(|&&d| Some(d) != prev).unwrap();
        if next == (0, 0) {
            break;
        }
        prev = Some(last);
        cycle.push(next);
    }
    assert_eq!(cycle.len(), 16, "{cycle:?}");
    let crosses = f
        .junction
        .iter()
        .any(|p| (start[&p[0]].0 < 2) != (start[&p[p.len() - 1]].0 < 2));
    assert!(crosses);
}

/// The stored file is what the search writes (`KNIGHTS_REGENERATE=1` writes it instead:
/// docs/regenerating.md).
#[test]
fn the_stored_pieces_are_what_the_search_finds() {
    crate::stored::check(STORED, &search(&mut |_| {}).unwrap());
}

#[test]
fn the_report_counts_each_pieces_paths_and_cells() {
    let f = found();
    let text = search(&mut |_| {}).unwrap();
    let r = report(&text);
    let inner = |paths: &[Vec<Cell>]| paths.iter().map(|p| p.len() - 2).sum::<usize>();
    for (name, paths) in [
        ("junction", &f.junction),
        ("top_junction", &f.top_junction),
        ("heel", &f.heel),
        ("corner", &f.corner),
    ] {
        let line = format!(
            "{name}: {} paths covering {} cells",
            paths.len(),
            inner(paths)
        );
        assert!(r.contains(&line), "{r}");
    }
}
