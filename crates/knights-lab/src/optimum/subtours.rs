//! The subtour cuts as data (issue 40): each is the cell set `S` of a piece of an
//! answer (or a set found at the relaxation), whose row says a tour crosses the border
//! of `S` twice. They are kept here so that a run can store them in its record and a
//! run continuing it can put them all back before its first solve, instead of finding
//! them again one solve at a time; each goes in with its images under the board's
//! symmetries (a tour's image is a tour, so the image of a valid cut is valid); and
//! before the first solve of the integer program, cuts are separated on its linear
//! relaxation (the connected pieces of the relaxation's support, and its minimum cut),
//! which is cheap where a solve of the integer program that finds the same pieces is not.
//!
//! Every row of a proper, non-empty cell set is valid for every tour, whatever set it
//! is, so a stored set needs no proof beyond being one.

use std::collections::HashSet;
use std::time::Instant;

use highs::{Col, HighsModelStatus, Model};

use super::model::Layout;
use super::Spec;

/// The subtour cuts of a run: the sets found (what the record keeps) and every set
/// whose row is in the model (the found ones and their images).
pub struct Subtours {
    /// The sets found, each in its normal form ([`normal`]), in the order found.
    found: Vec<Vec<u32>>,
    /// The normal forms of the sets whose rows are in the model.
    in_model: HashSet<Vec<u32>>,
    /// The board's symmetries as maps of cells (just the identity without images).
    maps: Vec<Vec<u32>>,
    /// The board's cells.
    n: usize,
}

impl Subtours {
    /// No cut yet; with `images`, each set added goes in with its images under the
    /// board's symmetries (eight on a square board, four on another).
    pub fn new(spec: &Spec, images: bool) -> Subtours {
        let n = spec.board.area() as usize;
        let maps = if images {
            super::cuts::cell_maps(&spec.board)
        } else {
            vec![(0..n as u32).collect()]
        };
        Subtours {
            found: Vec::new(),
            in_model: HashSet::new(),
            maps,
            n,
        }
    }

    /// The sets found, each in its normal form: the record's `subtours`.
    pub fn found(&self) -> &[Vec<u32>] {
        &self.found
    }

    /// Adds the rows of the cell set `cells` and of its images that are not in the
    /// model yet; returns how many rows were added (none for the empty set or the
    /// whole board, which bound nothing).
    pub fn add(&mut self, model: &mut Model, layout: &Layout, cells: &[u32]) -> usize {
        let Some(set) = normal(cells, self.n) else {
            return 0;
        };
        if !self.found.contains(&set) {
            self.found.push(set.clone());
        }
        let mut added = 0;
        for map in &self.maps {
            let image: Vec<u32> = set.iter().map(|&c| map[c as usize]).collect();
            let image = normal(&image, self.n).expect("an image of a proper set is one");
            if self.in_model.insert(image.clone()) {
                added += rows(model, layout, &image);
            }
        }
        added
    }
}

/// The normal form of a cell set: sorted, without repeats, and of the set and its
/// complement (whose rows are the same) the smaller, or of two alike the one holding
/// cell 0; none for the empty set or the whole board.
pub fn normal(cells: &[u32], n: usize) -> Option<Vec<u32>> {
    let mut inside = vec![false; n];
    for &c in cells {
        inside[c as usize] = true;
    }
    let count = inside.iter().filter(|&&i| i).count();
    if count == 0 || count == n {
        return None;
    }
    let keep = count < n - count || (count == n - count && inside[0]);
    Some(
        (0..n as u32)
            .filter(|&c| inside[c as usize] == keep)
            .collect(),
    )
}

/// The leaps' columns that leave the set marked `inside`.
fn leaving(layout: &Layout, inside: &[bool]) -> Vec<(Col, f64)> {
    layout
        .graph
        .edges()
        .iter()
        .enumerate()
        .filter(|(_, &(a, b))| inside[a as usize] != inside[b as usize])
        .map(|(e, _)| (layout.x[e], 1.0))
        .collect()
}

/// Adds the rows of the cell set `cells`; returns how many (one for a closed tour,
/// two for an open one).
fn rows(model: &mut Model, layout: &Layout, cells: &[u32]) -> usize {
    let n = layout.spec.board.area() as usize;
    let mut inside = vec![false; n];
    for &c in cells {
        inside[c as usize] = true;
    }
    if layout.spec.closed {
        // A tour crosses the border of every proper set of cells twice.
        model.add_row(2.0.., leaving(layout, &inside));
        return 1;
    }
    // An open tour crosses it twice less the ends on either side.
    for side in [true, false] {
        let mut row = leaving(layout, &inside);
        row.extend(layout.ends(|c| inside[c] == side));
        model.add_row(2.0.., row);
    }
    2
}

/// What the cuts at the relaxation gave: the relaxation's optimum with them, the
/// rounds of solving it and the rows added.
pub struct Relaxed {
    /// The relaxation's optimum (the measure's units) with every cut added, if it was
    /// solved to the end.
    pub value: Option<f64>,
    /// Times the relaxation was solved.
    pub rounds: usize,
    /// Rows added.
    pub cuts: usize,
}

/// Separates subtour cuts on the linear relaxation of `model` before its first solve,
/// within the time until `deadline`: solve the relaxation, cut each connected piece
/// of its support (the leaps taken by more than nothing) that is not the whole board
/// and, when it is in one piece, its minimum cut if that is under 2 (a closed tour's
/// cut; an open tour's pieces only); again, until no cut is violated. The model is
/// left an integer program again.
pub fn at_the_relaxation(
    model: Model,
    layout: &Layout,
    subtours: &mut Subtours,
    deadline: Instant,
) -> (Model, Relaxed) {
    let mut model = model;
    let mut relaxed = Relaxed {
        value: None,
        rounds: 0,
        cuts: 0,
    };
    model.set_option("solve_relaxation", true);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            break;
        }
        model.set_option("time_limit", left.as_secs_f64());
        let solved = model.solve();
        relaxed.rounds += 1;
        if solved.status() != HighsModelStatus::Optimal {
            model = Model::from(solved);
            break;
        }
        let value = solved.objective_value() + layout.offset();
        let solution = solved.get_solution();
        let x: Vec<f64> = layout.x.iter().map(|&c| solution[c]).collect();
        let z: Vec<f64> = (0..layout.spec.board.area() as usize)
            .map(|c| layout.end(c).map_or(0.0, |col| solution[col]))
            .collect();
        model = Model::from(solved);
        let sets = violated(layout, &x, &z);
        if sets.is_empty() {
            relaxed.value = Some(value);
            break;
        }
        let mut added = 0;
        for set in &sets {
            added += subtours.add(&mut model, layout, set);
        }
        relaxed.cuts += added;
        if added == 0 {
            // Every violated set's row is in already: a numerical tie, stop here.
            relaxed.value = Some(value);
            break;
        }
    }
    model.set_option("solve_relaxation", false);
    (model, relaxed)
}

/// A relaxation's value below which a cut is violated: 2 less this.
const EPSILON: f64 = 1e-6;

/// The cell sets whose rows the relaxation's answer (`x` the leaps', `z` the ends')
/// violates: the connected pieces of its support, or its minimum cut.
fn violated(layout: &Layout, x: &[f64], z: &[f64]) -> Vec<Vec<u32>> {
    let n = layout.spec.board.area() as usize;
    let edges = layout.graph.edges();
    let pieces = components(n, edges, x);
    let short = |set: &[u32]| {
        let mut inside = vec![false; n];
        for &c in set {
            inside[c as usize] = true;
        }
        let across: f64 = edges
            .iter()
            .zip(x)
            .filter(|(&(a, b), _)| inside[a as usize] != inside[b as usize])
            .map(|(_, v)| v)
            .sum();
        let ends_in: f64 = (0..n).filter(|&c| inside[c]).map(|c| z[c]).sum();
        let ends_out: f64 = z.iter().sum::<f64>() - ends_in;
        let need = if layout.spec.closed { 0.0 } else { 1.0 };
        across + need * ends_in.min(ends_out) < 2.0 - EPSILON
    };
    if pieces.len() > 1 {
        return pieces.into_iter().filter(|p| short(p)).collect();
    }
    if !layout.spec.closed {
        return Vec::new();
    }
    let (weight, set) = min_cut(n, edges, x);
    if weight < 2.0 - EPSILON {
        vec![set]
    } else {
        Vec::new()
    }
}

/// The connected pieces of the graph on `n` cells of the leaps with `x` above
/// nothing, each as its cells.
fn components(n: usize, edges: &[(u32, u32)], x: &[f64]) -> Vec<Vec<u32>> {
    let mut next: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (&(a, b), &v) in edges.iter().zip(x) {
        if v > EPSILON {
            next[a as usize].push(b);
            next[b as usize].push(a);
        }
    }
    let mut seen = vec![false; n];
    let mut pieces = Vec::new();
    for s in 0..n {
        if seen[s] {
            continue;
        }
        seen[s] = true;
        let (mut piece, mut stack) = (vec![s as u32], vec![s as u32]);
        while let Some(c) = stack.pop() {
            for &m in &next[c as usize] {
                if !seen[m as usize] {
                    seen[m as usize] = true;
                    piece.push(m);
                    stack.push(m);
                }
            }
        }
        piece.sort_unstable();
        pieces.push(piece);
    }
    pieces
}

/// The minimum cut of the graph on `n` cells (at least two) weighted by `x` (Stoer
/// and Wagner, "A simple min-cut algorithm", 1997): its weight and one side.
fn min_cut(n: usize, edges: &[(u32, u32)], x: &[f64]) -> (f64, Vec<u32>) {
    let mut w = vec![vec![0.0f64; n]; n];
    for (&(a, b), &v) in edges.iter().zip(x) {
        w[a as usize][b as usize] += v;
        w[b as usize][a as usize] += v;
    }
    // Each vertex of the shrinking graph stands for the cells merged into it.
    let mut merged: Vec<Vec<u32>> = (0..n as u32).map(|c| vec![c]).collect();
    let mut alive: Vec<usize> = (0..n).collect();
    let mut best = (f64::INFINITY, Vec::new());
    while alive.len() > 1 {
        // A maximum adjacency order: the last two vertices give a cut of the phase.
        let mut key = vec![0.0f64; n];
        let mut added = vec![false; n];
        let (mut prev, mut last) = (alive[0], alive[0]);
        for i in 0..alive.len() {
            let v = *alive
                .iter()
                .filter(|&&v| !added[v])
                .max_by(|&&a, &&b| key[a].total_cmp(&key[b]))
                .expect("a vertex not yet added");
            added[v] = true;
            if i == alive.len() - 1 && key[v] < best.0 {
                best = (key[v], merged[v].clone());
            }
            (prev, last) = (last, v);
            for &u in &alive {
                if !added[u] {
                    key[u] += w[v][u];
                }
            }
        }
        // Merge the last vertex into the one before it.
        let moved = std::mem::take(&mut merged[last]);
        merged[prev].extend(moved);
        for &u in &alive {
            w[prev][u] += w[last][u];
            w[u][prev] = w[prev][u];
        }
        w[prev][prev] = 0.0;
        alive.retain(|&v| v != last);
    }
    best.1.sort_unstable();
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_and_its_complement_have_one_normal_form() {
        assert_eq!(normal(&[3, 1, 1], 6), Some(vec![1, 3]));
        assert_eq!(normal(&[0, 2, 4, 5], 6), Some(vec![1, 3]));
        // Of two halves, the one holding cell 0.
        assert_eq!(normal(&[3, 4, 5], 6), Some(vec![0, 1, 2]));
        assert_eq!(normal(&[], 6), None);
        assert_eq!(normal(&[0, 1, 2, 3, 4, 5], 6), None);
    }

    #[test]
    fn the_minimum_cut_is_the_light_bridge_between_two_rings() {
        // Two squares (0-1-2-3 and 4-5-6-7), their sides of weight 1, joined by two
        // leaps of a half: the minimum cut is 1, between them.
        let mut edges = Vec::new();
        let mut x = Vec::new();
        for r in [0, 4] {
            for i in 0..4 {
                edges.push((r + i, r + (i + 1) % 4));
                x.push(1.0);
            }
        }
        edges.extend([(1, 4), (2, 7)]);
        x.extend([0.5, 0.5]);
        let (weight, side) = min_cut(8, &edges, &x);
        assert!((weight - 1.0).abs() < 1e-9, "{weight}");
        assert_eq!(normal(&side, 8), Some(vec![0, 1, 2, 3]));
        assert_eq!(components(8, &edges, &x).len(), 1);
        let x0: Vec<f64> = x.iter().map(|&v| if v < 1.0 { 0.0 } else { v }).collect();
        assert_eq!(
            components(8, &edges, &x0),
            vec![vec![0, 1, 2, 3], vec![4, 5, 6, 7]]
        );
    }
}
