//! Patching: a solver's answer that falls apart into pieces made one tour by swapping
//! leaps (Karp's patching heuristic for the travelling salesman). Two chosen leaps
//! `u1-u2` and `v1-v2` of different pieces, with `u1-v1` and `u2-v2` leaps too, are
//! swapped for those two: every cell keeps its number of leaps and the two pieces
//! become one (a cycle opened into a path is spliced into the other piece). Each swap
//! is the one that loses the fewest symmetric leaps.
//!
//! On large models (the tessellation-like 24x24 tours) the subtour cuts need many
//! solves to settle while each answer is a few pieces away from a tour of nearly the
//! best count; patching turns such an answer into a tour at once. It never removes or
//! adds a leap the model ties down (forced or repeated), so the tour still meets
//! those rules.

use super::{Graph, Symmetry};

/// The best swap found so far: (loss, the two leaps out, the two leaps in).
type Swap = (i64, [usize; 2], [usize; 2]);

/// The answer `chosen` patched into one piece without removing or adding a leap
/// marked in `fixed`, or `None` when no swap joins the pieces that are left.
pub fn patch(
    graph: &Graph,
    chosen: &[bool],
    symmetry: Symmetry,
    fixed: &[bool],
) -> Option<Vec<bool>> {
    let orbits: Vec<Vec<usize>> = (0..graph.edges().len())
        .map(|e| graph.images(e, symmetry))
        .collect();
    let mut chosen = chosen.to_vec();
    loop {
        let pieces = graph.pieces(&chosen);
        if pieces.len() <= 1 {
            return Some(chosen);
        }
        let mut piece_of = vec![0usize; graph.incident.len()];
        for (k, (cells, _)) in pieces.iter().enumerate() {
            for &c in cells {
                piece_of[c as usize] = k;
            }
        }
        let (_, out, inn) = best_swap(graph, &chosen, &piece_of, fixed, &orbits)?;
        for e in out {
            chosen[e] = false;
        }
        for e in inn {
            chosen[e] = true;
        }
    }
}

/// The swap joining two pieces that loses the fewest symmetric leaps.
fn best_swap(
    graph: &Graph,
    chosen: &[bool],
    piece_of: &[usize],
    fixed: &[bool],
    orbits: &[Vec<usize>],
) -> Option<Swap> {
    let other = |e: usize, c: u32| {
        let (a, b) = graph.edges()[e];
        if a == c {
            b
        } else {
            a
        }
    };
    let mut best: Option<Swap> = None;
    for (e, &(u1, u2)) in graph.edges().iter().enumerate() {
        if !chosen[e] || fixed[e] {
            continue;
        }
        for (u1, u2) in [(u1, u2), (u2, u1)] {
            for &g in graph.incident(u1) {
                let v1 = other(g, u1);
                if chosen[g] || piece_of[v1 as usize] == piece_of[u1 as usize] {
                    continue;
                }
                for &f in graph.incident(v1) {
                    if !chosen[f] || fixed[f] {
                        continue;
                    }
                    let v2 = other(f, v1);
                    let Some(h) = graph.edge(u2, v2) else {
                        continue;
                    };
                    if chosen[h] || fixed[g] || fixed[h] {
                        continue;
                    }
                    let loss = loss(chosen, orbits, [e, f], [g, h]);
                    if best.as_ref().is_none_or(|b| loss < b.0) {
                        best = Some((loss, [e, f], [g, h]));
                    }
                }
            }
        }
    }
    best
}

/// How many symmetric leaps swapping `out` for `inn` loses (negative: gains). Only
/// the leaps whose orbits meet the four swapped leaps can change.
fn loss(chosen: &[bool], orbits: &[Vec<usize>], out: [usize; 2], inn: [usize; 2]) -> i64 {
    let after = |e: usize| {
        if out.contains(&e) {
            false
        } else {
            inn.contains(&e) || chosen[e]
        }
    };
    let mut touched: Vec<usize> = Vec::new();
    for e in out.into_iter().chain(inn) {
        touched.push(e);
        touched.extend(&orbits[e]);
    }
    touched.sort_unstable();
    touched.dedup();
    let count = |on: &dyn Fn(usize) -> bool| {
        touched
            .iter()
            .filter(|&&e| on(e) && orbits[e].iter().all(|&f| on(f)))
            .count() as i64
    };
    count(&|e| chosen[e]) - count(&after)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::motif::{tour_of, Spec};
    use knights_core::verify::verify;
    use knights_core::Board;

    /// Two tours of a board cut up and stuck together at random make answers of many
    /// pieces (each cell keeps two leaps): patching makes each one closed tour.
    #[test]
    fn split_answers_are_patched_into_one_tour() {
        use knights_construct::{build, Request};
        let mut patched = 0;
        for n in [6u32, 8, 10, 12] {
            let board = Board::new(n, n).unwrap();
            let graph = Graph::new(&board);
            let tour = build(&Request::closed(board.clone()), "search").unwrap();
            // Two-factors with several cycles: the tour's leaps with pairs of leaps
            // swapped to split it (a swap in reverse), found by trying.
            let mut chosen = vec![false; graph.edges().len()];
            let p = tour.path();
            for i in 0..p.len() {
                chosen[graph.edge(p[i], p[(i + 1) % p.len()]).unwrap()] = true;
            }
            let split = split(&graph, &chosen);
            assert!(graph.pieces(&split).len() > 1, "{n}");
            let fixed = vec![false; chosen.len()];
            let one = patch(&graph, &split, Symmetry::Mirror, &fixed).unwrap();
            let spec = Spec {
                ends: crate::motif::Ends::Closed,
                ..Spec::open_default(n, n)
            };
            let t = tour_of(&graph, &spec, &one).expect("one piece");
            verify(t).unwrap();
            patched += 1;
        }
        assert_eq!(patched, 4);
    }

    /// Fixed leaps stay: with every leap fixed no swap is allowed.
    #[test]
    fn fixed_leaps_are_never_removed() {
        let board = Board::new(8, 8).unwrap();
        let graph = Graph::new(&board);
        let tour =
            knights_construct::build(&knights_construct::Request::closed(board), "search").unwrap();
        let mut chosen = vec![false; graph.edges().len()];
        let p = tour.path();
        for i in 0..p.len() {
            chosen[graph.edge(p[i], p[(i + 1) % p.len()]).unwrap()] = true;
        }
        let split = split(&graph, &chosen);
        let fixed = vec![true; chosen.len()];
        assert!(patch(&graph, &split, Symmetry::Mirror, &fixed).is_none());
    }

    /// The first swap of two chosen leaps for two unchosen ones that splits the one
    /// piece of `chosen` in two.
    fn split(graph: &Graph, chosen: &[bool]) -> Vec<bool> {
        let m = graph.edges().len();
        for e in (0..m).filter(|&e| chosen[e]) {
            for f in (e + 1..m).filter(|&f| chosen[f]) {
                let ((a, b), (c, d)) = (graph.edges()[e], graph.edges()[f]);
                for (x, y, z, w) in [(a, c, b, d), (a, d, b, c)] {
                    let (Some(g), Some(h)) = (graph.edge(x, y), graph.edge(z, w)) else {
                        continue;
                    };
                    if chosen[g] || chosen[h] || g == h {
                        continue;
                    }
                    let mut next = chosen.to_vec();
                    next[e] = false;
                    next[f] = false;
                    next[g] = true;
                    next[h] = true;
                    if graph.pieces(&next).len() > 1 {
                        return next;
                    }
                }
            }
        }
        panic!("no swap splits the tour");
    }
}
