//! Lazy cycle cuts. The degree and label constraints allow, besides the paths between
//! block cells, cycles through the piece's cells alone; after each model the search
//! finds them (the components of the chosen leaps that reach no block cell) and adds,
//! for each, a clause that some leap leaving its cell set be used.

use std::collections::{BTreeMap, BTreeSet};

use super::cnf::Lit;
use super::geometry::Cell;

/// The chosen leaps: each cell's neighbours, in the order the leaps were added.
pub(crate) type Adjacency = BTreeMap<Cell, Vec<Cell>>;

/// Adds the undirected leap `a`-`b` to `adj`.
pub(crate) fn link(adj: &mut Adjacency, a: Cell, b: Cell) {
    adj.entry(a).or_default().push(b);
    adj.entry(b).or_default().push(a);
}

/// The connected sets of `cells` in `adj` that meet no cell of `stop` (the cycles,
/// when every cell of `cells` has two neighbours), each found from its smallest cell.
pub(crate) fn components(
    adj: &Adjacency,
    cells: &BTreeSet<Cell>,
    stop: &BTreeSet<Cell>,
) -> Vec<BTreeSet<Cell>> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for &c in cells {
        if seen.contains(&c) {
            continue;
        }
        let (comp, ends) = component(adj, c, stop);
        seen.extend(comp.iter().copied());
        if !ends {
            out.push(comp);
        }
    }
    out
}

/// The cells reached from `from` without entering `stop`, and whether a cell of `stop`
/// was next to them.
fn component(adj: &Adjacency, from: Cell, stop: &BTreeSet<Cell>) -> (BTreeSet<Cell>, bool) {
    let mut comp = BTreeSet::from([from]);
    let mut todo = vec![from];
    let mut ends = false;
    while let Some(u) = todo.pop() {
        for &d in adj.get(&u).map(Vec::as_slice).unwrap_or(&[]) {
            if stop.contains(&d) {
                ends = true;
            } else if comp.insert(d) {
                todo.push(d);
            }
        }
    }
    (comp, ends)
}

/// The cut of a cycle: the variables of the leaps, among `leaps` (each a variable and
/// the cells it joins), with exactly one end in `comp`, sorted.
pub(crate) fn cut<I>(leaps: I, comp: &BTreeSet<Cell>) -> Vec<Lit>
where
    I: IntoIterator<Item = (Lit, Cell, Cell)>,
{
    let vars: BTreeSet<Lit> = leaps
        .into_iter()
        .filter(|&(_, a, b)| comp.contains(&a) != comp.contains(&b))
        .map(|(var, _, _)| var)
        .collect();
    vars.into_iter().collect()
}

/// The path from `from` along `adj` until a cell with no way on (never going straight
/// back), or `None` if it comes back to a cell it passed.
pub(crate) fn trace(adj: &Adjacency, from: Cell) -> Option<Vec<Cell>> {
    let mut path = vec![from];
    let mut prev: Option<Cell> = None;
    loop {
        let last = *path.last()?;
        let next = adj
            .get(&last)
            .and_then(|n| n.iter().copied().find(|&d| Some(d) != prev));
        match next {
            None => return Some(path),
            Some(d) if path.contains(&d) => return None,
            Some(d) => {
                prev = Some(last);
                path.push(d);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(edges: &[(Cell, Cell)]) -> Adjacency {
        let mut adj = Adjacency::new();
        for &(a, b) in edges {
            link(&mut adj, a, b);
        }
        adj
    }

    #[test]
    fn a_cycle_away_from_the_ports_is_found_and_a_path_between_ports_is_not() {
        let (p, q) = ((0, 0), (9, 9));
        let (a, b, c, d, e) = ((1, 0), (2, 0), (3, 0), (4, 0), (5, 0));
        let adj = graph(&[(p, a), (a, b), (b, q), (c, d), (d, e), (e, c)]);
        let region = BTreeSet::from([a, b, c, d, e]);
        let stop = BTreeSet::from([p, q]);
        let cycles = components(&adj, &region, &stop);
        assert_eq!(cycles, vec![BTreeSet::from([c, d, e])]);
    }

    #[test]
    fn the_cut_of_a_set_is_the_leaps_with_one_end_in_it() {
        let comp = BTreeSet::from([(1, 0), (2, 0)]);
        let leaps = [
            (5, (1, 0), (2, 0)),
            (3, (2, 0), (7, 0)),
            (9, (0, 0), (1, 0)),
            (3, (2, 0), (8, 0)),
            (4, (7, 0), (8, 0)),
        ];
        assert_eq!(cut(leaps, &comp), vec![3, 9]);
    }

    #[test]
    fn trace_follows_a_path_to_its_end_and_refuses_a_cycle() {
        let adj = graph(&[((0, 0), (1, 0)), ((1, 0), (2, 0)), ((2, 0), (3, 0))]);
        assert_eq!(
            trace(&adj, (0, 0)),
            Some(vec![(0, 0), (1, 0), (2, 0), (3, 0)])
        );
        let ring = graph(&[((0, 0), (1, 0)), ((1, 0), (2, 0)), ((2, 0), (0, 0))]);
        assert_eq!(trace(&ring, (0, 0)), None);
        assert_eq!(trace(&Adjacency::new(), (5, 5)), Some(vec![(5, 5)]));
    }
}
