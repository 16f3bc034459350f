//! The windows of a large board that show different things, for a figure's insets:
//! a corner, an edge, the interior, a seam of the construction, where the turns or
//! crossings are densest. The board's corners and busiest places repeat one another
//! on a tour built of periodic pieces (the 1000x1000 formation tour's top edge is the
//! same pattern every few squares), so the insets are chosen by a rule over the tour
//! instead: each candidate window is measured ([`features`]: its quadrants' turns and
//! crossings per cell, the share of its leaps in each orientation), the busiest is
//! taken first, then again and again the window farthest from every one taken
//! (farthest-point sampling), never one that overlaps another's surroundings, nor one
//! whose leaps are those of a window taken, moved ([`pattern`]).

use knights_core::metrics;
use knights_core::{MoveGrid, Region, Tour};

use super::spots::{spot_side, Spot};

/// Measures of a window, each scaled later to the largest over the board: turns and
/// crossings per cell of each quadrant, the shares of its leaps' four orientations,
/// and where the construction's sections meet along the walk, per cell.
const FEATURES: usize = 13;

/// A candidate window and what it holds.
struct Window {
    region: Region,
    /// Turns and crossings per cell.
    busy: f64,
    features: [f64; FEATURES],
}

/// Up to `n` windows of `tour`'s board that differ most from one another, the busiest
/// first; fewer where the board has no more that are apart and different. `None`
/// when the tour has no move grid (its leaps are not read cell by cell).
pub(crate) fn distinct(tour: &Tour, n: usize) -> Option<Vec<Spot>> {
    let grid = tour.grid()?;
    let windows = windows(tour, grid);
    let b = tour.board();
    let (w, h) = (b.width(), b.height());
    let k = spot_side(w.max(h));
    // Frames this far apart stay apart on the overview (a twentieth of the board).
    let apart = (k / 4).max(w.max(h) / 20);
    let scale: Vec<f64> = (0..FEATURES)
        .map(|f| windows.iter().map(|x| x.features[f]).fold(0.0, f64::max))
        .map(|m| if m > 0.0 { 1.0 / m } else { 0.0 })
        .collect();
    let distance = |a: &Window, c: &Window| -> f64 {
        (0..FEATURES)
            .map(|f| ((a.features[f] - c.features[f]) * scale[f]).powi(2))
            .sum::<f64>()
            .sqrt()
    };
    let mut taken: Vec<usize> = Vec::new();
    let mut patterns: Vec<Vec<u8>> = Vec::new();
    let mut left: Vec<usize> = (0..windows.len()).collect();
    while taken.len() < n {
        // The farthest from every window taken (the busiest first), the busier of two
        // as far, then the first in the board's order.
        let score = |i: usize| -> f64 {
            (taken.iter())
                .map(|&t| distance(&windows[i], &windows[t]))
                .fold(f64::INFINITY, f64::min)
        };
        // Of windows alike, the one farthest on the board from those taken and from
        // the edges it does not lie on (an interior window in the middle, an edge's
        // halfway along).
        let away = |i: usize| -> f64 {
            let r = &windows[i].region;
            let centre = |r: &Region| (f64::from(r.x0 + r.x1), f64::from(r.y0 + r.y1));
            let (x, y) = centre(r);
            let edges = [
                (r.x0 > 0).then_some(x),
                (r.y0 > 0).then_some(y),
                (r.x1 + 1 < w).then(|| f64::from(2 * w - 2) - x),
                (r.y1 + 1 < h).then(|| f64::from(2 * h - 2) - y),
            ];
            (taken.iter())
                .map(|&t| centre(&windows[t].region))
                .map(|(u, v)| (x - u).hypot(y - v))
                .chain(edges.into_iter().flatten().map(|d| 2.0 * d))
                .fold(f64::INFINITY, f64::min)
        };
        let mut ranked: Vec<(usize, f64, f64)> =
            left.iter().map(|&i| (i, score(i), away(i))).collect();
        ranked.sort_by(|a, c| {
            (c.1.total_cmp(&a.1))
                .then(windows[c.0].busy.total_cmp(&windows[a.0].busy))
                .then(c.2.total_cmp(&a.2))
                .then(a.0.cmp(&c.0))
        });
        let pick = ranked.iter().map(|r| r.0).find(|&i| {
            let p = pattern(grid, &windows[i].region);
            !patterns.contains(&p)
        });
        let Some(i) = pick else { break };
        patterns.push(pattern(grid, &windows[i].region));
        taken.push(i);
        let near = windows[i].region.grown(apart, b);
        left.retain(|&j| !windows[j].region.overlaps(&near));
    }
    Some(
        taken
            .iter()
            .map(|&i| Spot {
                name: name(&windows[i].region, w, h),
                region: windows[i].region,
            })
            .collect(),
    )
}

/// The leaps of `region`'s cells, row by row from its bottom-left, as direction bits:
/// two windows with the same pattern show the same drawing, moved.
pub(crate) fn pattern(grid: &MoveGrid, region: &Region) -> Vec<u8> {
    let b = grid.board();
    (region.y0..=region.y1)
        .flat_map(|y| (region.x0..=region.x1).map(move |x| (x, y)))
        .map(|(x, y)| grid.masks()[b.index(x, y) as usize])
        .collect()
}

/// Every window of the board's spot side, at every half side across and up (and flush
/// with the far edges), measured.
fn windows(tour: &Tour, grid: &MoveGrid) -> Vec<Window> {
    let b = tour.board();
    let (w, h) = (b.width(), b.height());
    let k = spot_side(w.max(h));
    let (kw, kh) = (k.min(w), k.min(h));
    // Blocks of half a window: a window is two by two of them, its quadrants.
    let (bw, bh) = ((kw / 2).max(1), (kh / 2).max(1));
    let (cols, rows) = (w.div_ceil(bw) as usize, h.div_ceil(bh) as usize);
    let at = |x: u32, y: u32| (y / bh) as usize * cols + (x / bw) as usize;
    let mut cells = vec![0.0f64; cols * rows];
    let mut turns = vec![0.0; cols * rows];
    let mut crossings = vec![0.0; cols * rows];
    let mut orient = vec![[0.0; 4]; cols * rows];
    for (c, &m) in grid.masks().iter().enumerate() {
        let (x, y) = b.xy(c as u32);
        let k = at(x, y);
        cells[k] += 1.0;
        for d in (0..8).filter(|d| m & (1 << d) != 0) {
            orient[k][d % 4] += 1.0;
        }
    }
    for c in metrics::turn_cells(grid) {
        let (x, y) = b.xy(c);
        turns[at(x, y)] += 1.0;
    }
    for (x, y) in metrics::crossing_points(grid) {
        let x = (x.round().max(0.0) as u32).min(w - 1);
        let y = (y.round().max(0.0) as u32).min(h - 1);
        crossings[at(x, y)] += 1.0;
    }
    let mut seams = vec![0.0f64; cols * rows];
    if let Some(sections) = tour.sections() {
        let (labels, path) = (sections.labels(), tour.path());
        for i in 1..labels.len().min(path.len()) {
            if labels[i] != labels[i - 1] {
                let (x, y) = b.xy(path[i]);
                seams[at(x, y)] += 1.0;
            }
        }
    }
    let starts = |n: usize, side: u32, whole: u32, block: u32| -> Vec<u32> {
        let mut s: Vec<u32> = (0..n.saturating_sub(1).max(1))
            .map(|i| (i as u32 * block).min(whole - side))
            .collect();
        s.push(whole - side);
        s.dedup();
        s
    };
    let mut out = Vec::new();
    for y0 in starts(rows, kh, h, bh) {
        for x0 in starts(cols, kw, w, bw) {
            let region = Region {
                x0,
                y0,
                x1: x0 + kw - 1,
                y1: y0 + kh - 1,
            };
            // The quadrants' blocks: those of the window's four corner cells.
            let quads = [
                at(region.x0, region.y0),
                at(region.x1, region.y0),
                at(region.x0, region.y1),
                at(region.x1, region.y1),
            ];
            let per = |v: &[f64], q: usize| v[q] / cells[q].max(1.0);
            let mut f = [0.0; FEATURES];
            for (j, &q) in quads.iter().enumerate() {
                f[j] = per(&turns, q);
                f[4 + j] = per(&crossings, q);
            }
            let leaps: f64 = quads.iter().map(|&q| orient[q].iter().sum::<f64>()).sum();
            for o in 0..4 {
                f[8 + o] = quads.iter().map(|&q| orient[q][o]).sum::<f64>() / leaps.max(1.0);
            }
            let n: f64 = quads.iter().map(|&q| cells[q]).sum();
            f[12] = quads.iter().map(|&q| seams[q]).sum::<f64>() / n.max(1.0);
            let busy = quads.iter().map(|&q| turns[q] + crossings[q]).sum::<f64>() / n.max(1.0);
            out.push(Window {
                region,
                busy,
                features: f,
            });
        }
    }
    out
}

/// A window's name by where it lies: a corner, an edge, or the interior.
fn name(r: &Region, w: u32, h: u32) -> String {
    let (left, right) = (r.x0 == 0, r.x1 + 1 == w);
    let (bottom, top) = (r.y0 == 0, r.y1 + 1 == h);
    let across = match (left, right) {
        (true, false) => Some("left"),
        (false, true) => Some("right"),
        _ => None,
    };
    let up = match (bottom, top) {
        (true, false) => Some("bottom"),
        (false, true) => Some("top"),
        _ => None,
    };
    match (up, across) {
        (Some(u), Some(a)) => format!("{u}-{a} corner"),
        (Some(u), None) => format!("{u} edge"),
        (None, Some(a)) => format!("{a} edge"),
        (None, None) if left || bottom => "across the board".to_string(),
        (None, None) => "interior".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_are_named_by_where_they_lie() {
        let r = |x0, y0| Region {
            x0,
            y0,
            x1: x0 + 15,
            y1: y0 + 15,
        };
        assert_eq!(name(&r(0, 0), 100, 100), "bottom-left corner");
        assert_eq!(name(&r(84, 84), 100, 100), "top-right corner");
        assert_eq!(name(&r(40, 84), 100, 100), "top edge");
        assert_eq!(name(&r(0, 40), 100, 100), "left edge");
        assert_eq!(name(&r(40, 40), 100, 100), "interior");
    }

    /// The 64x64 fixture's windows: as many as asked, apart, none the same pattern as
    /// another, the busiest first.
    #[test]
    fn the_windows_chosen_differ_and_lie_apart() {
        let t = crate::fixtures::tour("64x64-hilbert-open.json");
        let spots = distinct(&t, 6).unwrap();
        assert!(spots.len() >= 4, "{spots:?}");
        let grid = t.grid();
        for (i, a) in spots.iter().enumerate() {
            for b in &spots[i + 1..] {
                assert!(!a.region.overlaps(&b.region), "{a:?} {b:?}");
                assert_ne!(pattern(grid, &a.region), pattern(grid, &b.region));
            }
        }
    }
}
