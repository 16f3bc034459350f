//! A cover of a region by vertex-disjoint giraffe paths between block cells: a variable
//! per leap, exactly two leaps at a region cell and one at a block cell, a label per
//! cell that every used leap carries across (which fixes which block cells a path
//! joins), cycles cut lazily, and an optional check of the pairing of the block cells
//! that, when it refuses one, asks that some other pair be joined.

use std::collections::{BTreeMap, BTreeSet};

use super::cnf::{Cnf, Lit};
use super::cycles::{components, cut, link, trace, Adjacency};
use super::error::SearchError;
use super::geometry::{Cell, Place, LEAPS};
use super::sat::{Answer, Model, Solver};

/// A possible leap: its variable and the cells it joins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Leap {
    pub(crate) var: Lit,
    pub(crate) a: Cell,
    pub(crate) b: Cell,
}

/// The label of a path: which two block cells it joins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Label {
    /// A heel path: the two cells of this place in the entry and exit blocks.
    Heel(Place),
    /// A path up the right edge, from this place to its column-swapped place.
    Up(Place),
    /// The `n`-th pair of a freely paired block.
    Pair(usize),
}

/// The pairs a better pairing must join one of: `needs(a, b)` for block cells `a < b`.
pub(crate) type Needs = Box<dyn Fn(Cell, Cell) -> bool>;

/// A check of the pairing found (each pair as `(a, b)` with `a < b`): `None` accepts it.
pub(crate) type Check<'a> = &'a dyn Fn(&[(Cell, Cell)]) -> Option<Needs>;

/// What to cover: the region's cells, the block cells with a fixed label (two cells a
/// label), and the block cells paired freely.
#[derive(Clone, Debug, Default)]
pub(crate) struct Cover {
    pub(crate) region: BTreeSet<Cell>,
    pub(crate) fixed: BTreeMap<Cell, Label>,
    pub(crate) paired: BTreeSet<Cell>,
}

/// The paths found, and how many rounds of cycle cuts and pairing refusals it took.
#[derive(Clone, Debug)]
pub(crate) struct Covered {
    pub(crate) paths: Vec<Vec<Cell>>,
    pub(crate) cut_rounds: usize,
    pub(crate) refusals: usize,
}

/// Exactly two used leaps at each cell of `region` and one at every other node.
pub(crate) fn degrees(
    cnf: &mut Cnf,
    nodes: &BTreeSet<Cell>,
    region: &BTreeSet<Cell>,
    leaps: &[Leap],
) {
    let mut at: BTreeMap<Cell, Vec<Lit>> = nodes.iter().map(|&c| (c, Vec::new())).collect();
    for l in leaps {
        at.entry(l.a).or_default().push(l.var);
        at.entry(l.b).or_default().push(l.var);
    }
    for (c, lits) in &at {
        cnf.exactly(lits, if region.contains(c) { 2 } else { 1 });
    }
}

/// The cover's model: the leaps, the labels and the pair variables.
struct CoverModel {
    cnf: Cnf,
    ports: BTreeSet<Cell>,
    leaps: Vec<Leap>,
    pair: BTreeMap<(Cell, Cell), Lit>,
}

impl Cover {
    /// The block cells: fixed and paired.
    fn ports(&self) -> BTreeSet<Cell> {
        self.fixed
            .keys()
            .chain(self.paired.iter())
            .copied()
            .collect()
    }

    /// The labels: the fixed ones, then one per pair of the paired cells.
    fn labels(&self) -> Vec<Label> {
        let fixed: BTreeSet<Label> = self.fixed.values().copied().collect();
        let pairs = (0..self.paired.len() / 2).map(Label::Pair);
        fixed.into_iter().chain(pairs).collect()
    }
}

/// The leaps between `nodes`, each once from its smaller end, none between two ports.
fn leaps(cnf: &mut Cnf, nodes: &BTreeSet<Cell>, ports: &BTreeSet<Cell>) -> Vec<Leap> {
    let mut out = Vec::new();
    for &a in nodes {
        for (dx, dy) in LEAPS {
            let b = (a.0 + dx, a.1 + dy);
            if nodes.contains(&b) && a < b && !(ports.contains(&a) && ports.contains(&b)) {
                out.push(Leap {
                    var: cnf.new_var(),
                    a,
                    b,
                });
            }
        }
    }
    out
}

/// One label per cell, the fixed ones set, and the same label at both ends of a used
/// leap.
fn labels(
    cnf: &mut Cnf,
    spec: &Cover,
    nodes: &BTreeSet<Cell>,
    leaps: &[Leap],
) -> BTreeMap<(Cell, Label), Lit> {
    let all = spec.labels();
    let mut z = BTreeMap::new();
    for &c in nodes {
        let lits: Vec<Lit> = all
            .iter()
            .map(|&g| *z.entry((c, g)).or_insert_with(|| cnf.new_var()))
            .collect();
        cnf.one_of(&lits);
    }
    for (&c, &g) in &spec.fixed {
        cnf.add(vec![z[&(c, g)]]);
    }
    for l in leaps {
        for &g in &all {
            cnf.add(vec![-l.var, -z[&(l.a, g)], z[&(l.b, g)]]);
            cnf.add(vec![-l.var, z[&(l.a, g)], -z[&(l.b, g)]]);
        }
    }
    z
}

/// The paired cells take pair labels, two cells each (the first cell the first pair's,
/// which breaks the labels' symmetry); `y(a, b)` holds when `a` and `b` share a label.
fn pairing(
    cnf: &mut Cnf,
    spec: &Cover,
    z: &BTreeMap<(Cell, Label), Lit>,
) -> BTreeMap<(Cell, Cell), Lit> {
    let all = spec.labels();
    let free: Vec<Label> = all
        .iter()
        .copied()
        .filter(|g| matches!(g, Label::Pair(_)))
        .collect();
    let paired: Vec<Cell> = spec.paired.iter().copied().collect();
    let mut pair = BTreeMap::new();
    let Some(&first) = paired.first() else {
        return pair;
    };
    for &c in &paired {
        for g in all.iter().filter(|g| !free.contains(g)) {
            cnf.add(vec![-z[&(c, *g)]]);
        }
    }
    for &g in &free {
        let lits: Vec<Lit> = paired.iter().map(|&c| z[&(c, g)]).collect();
        cnf.exactly(&lits, 2);
    }
    cnf.add(vec![z[&(first, free[0])]]);
    for (i, &a) in paired.iter().enumerate() {
        for &b in &paired[i + 1..] {
            let y = cnf.new_var();
            pair.insert((a, b), y);
            for &g in &free {
                cnf.add(vec![-z[&(a, g)], -z[&(b, g)], y]);
                cnf.add(vec![-y, -z[&(a, g)], z[&(b, g)]]);
            }
        }
    }
    pair
}

/// The model of `spec`, before any cut.
fn model(spec: &Cover) -> CoverModel {
    let mut cnf = Cnf::default();
    let ports = spec.ports();
    let nodes: BTreeSet<Cell> = spec.region.union(&ports).copied().collect();
    let leaps = leaps(&mut cnf, &nodes, &ports);
    degrees(&mut cnf, &nodes, &spec.region, &leaps);
    let z = labels(&mut cnf, spec, &nodes, &leaps);
    let pair = pairing(&mut cnf, spec, &z);
    CoverModel {
        cnf,
        ports,
        leaps,
        pair,
    }
}

/// The used leaps of a model.
fn adjacency(leaps: &[Leap], model: &Model) -> Adjacency {
    let mut adj = Adjacency::new();
    for l in leaps.iter().filter(|l| model.holds(l.var)) {
        link(&mut adj, l.a, l.b);
    }
    adj
}

/// The paths of a model without cycles, each from its smaller port.
fn paths(
    adj: &Adjacency,
    ports: &BTreeSet<Cell>,
    piece: &'static str,
) -> Result<Vec<Vec<Cell>>, SearchError> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for &c in ports {
        if seen.contains(&c) {
            continue;
        }
        let broken = SearchError::BrokenPath { piece, from: c };
        let path = trace(adj, c).ok_or(broken.clone())?;
        if !matches!(path.last(), Some(end) if path.len() >= 2 && ports.contains(end)) {
            return Err(broken);
        }
        seen.extend(path.iter().copied());
        out.push(path);
    }
    Ok(out)
}

/// The pairs of paired cells the paths join, each as `(a, b)` with `a < b`.
fn pairs_of(paths: &[Vec<Cell>], paired: &BTreeSet<Cell>) -> Vec<(Cell, Cell)> {
    paths
        .iter()
        .filter(|p| paired.contains(&p[0]))
        .map(|p| {
            let (a, b) = (p[0], p[p.len() - 1]);
            (a.min(b), a.max(b))
        })
        .collect()
}

/// Searches a cover of `spec` whose pairing `check` accepts (any pairing without one).
pub(crate) fn cover(
    spec: &Cover,
    piece: &'static str,
    check: Option<Check>,
) -> Result<Covered, SearchError> {
    if spec
        .fixed
        .keys()
        .chain(spec.paired.iter())
        .any(|c| spec.region.contains(c))
    {
        return Err(SearchError::RegionOverlapsBlocks { piece });
    }
    let m = model(spec);
    let mut solver = Solver::new(&m.cnf);
    let (mut cut_rounds, mut refusals) = (0, 0);
    loop {
        let model = match solver.solve() {
            Answer::Sat(model) => model,
            Answer::Unsat => return Err(SearchError::Unsatisfiable { piece }),
            Answer::Unknown => return Err(SearchError::SolverGaveUp { piece }),
        };
        let adj = adjacency(&m.leaps, &model);
        let cycles = components(&adj, &spec.region, &m.ports);
        if !cycles.is_empty() {
            cut_rounds += 1;
            for comp in cycles {
                solver.add_clause(&cut(m.leaps.iter().map(|l| (l.var, l.a, l.b)), &comp));
            }
            continue;
        }
        let paths = paths(&adj, &m.ports, piece)?;
        let needs = check.and_then(|check| check(&pairs_of(&paths, &spec.paired)));
        if let Some(needs) = needs {
            refusals += 1;
            let clause: Vec<Lit> = m
                .pair
                .iter()
                .filter(|((a, b), _)| needs(*a, *b))
                .map(|(_, &y)| y)
                .collect();
            solver.add_clause(&clause);
            continue;
        }
        return Ok(Covered {
            paths,
            cut_rounds,
            refusals,
        });
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;

    use super::*;

    /// Two paths of the stored junction: their inner cells and their ends.
    const A: [Cell; 6] = [(0, 7), (1, 3), (5, 2), (1, 1), (0, 5), (1, 9)];
    const B: [Cell; 7] = [(1, 8), (0, 4), (1, 0), (5, 1), (4, 5), (0, 6), (1, 10)];

    fn inner(paths: &[&[Cell]]) -> BTreeSet<Cell> {
        paths
            .iter()
            .flat_map(|p| p[1..p.len() - 1].iter().copied())
            .collect()
    }

    fn ends(paths: &[&[Cell]]) -> BTreeSet<Cell> {
        paths.iter().flat_map(|p| [p[0], p[p.len() - 1]]).collect()
    }

    fn is_leap(a: Cell, b: Cell) -> bool {
        LEAPS.contains(&(b.0 - a.0, b.1 - a.1))
    }

    #[test]
    fn a_cover_visits_every_region_cell_once_between_ports_of_one_label() {
        let fixed = [(A[0], Label::Heel((0, 0))), (A[5], Label::Heel((0, 0)))];
        let spec = Cover {
            region: inner(&[&A]),
            fixed: fixed.into(),
            paired: BTreeSet::new(),
        };
        let found = cover(&spec, "test", None).unwrap();
        assert_eq!(found.paths.len(), 1);
        let p = &found.paths[0];
        assert_eq!((p[0], p[p.len() - 1]), (A[0], A[5]));
        assert_eq!(inner(&[p]), spec.region);
        assert_eq!(p.len(), A.len());
        assert!(p.windows(2).all(|s| is_leap(s[0], s[1])));
    }

    #[test]
    fn paired_ports_are_joined_two_by_two_through_the_whole_region() {
        let spec = Cover {
            region: inner(&[&A, &B]),
            fixed: BTreeMap::new(),
            paired: ends(&[&A, &B]),
        };
        let found = cover(&spec, "test", None).unwrap();
        assert_eq!(found.paths.len(), 2);
        let refs: Vec<&[Cell]> = found.paths.iter().map(Vec::as_slice).collect();
        assert_eq!(inner(&refs), spec.region);
        assert_eq!(ends(&refs), spec.paired);
    }

    #[test]
    fn a_check_that_refuses_every_pairing_sees_each_once_then_none_is_left() {
        let spec = Cover {
            region: inner(&[&A, &B]),
            fixed: BTreeMap::new(),
            paired: ends(&[&A, &B]),
        };
        let seen = RefCell::new(Vec::new());
        let refuse_all = |pairs: &[(Cell, Cell)]| -> Option<Needs> {
            let mut pairs = pairs.to_vec();
            pairs.sort();
            assert!(!seen.borrow().contains(&pairs), "{pairs:?} came back");
            seen.borrow_mut().push(pairs.clone());
            Some(Box::new(move |a, b| !pairs.contains(&(a, b))))
        };
        let err = cover(&spec, "test", Some(&refuse_all)).unwrap_err();
        assert_eq!(err, SearchError::Unsatisfiable { piece: "test" });
        assert!(
            (1..=3).contains(&seen.borrow().len()),
            "four ports pair three ways"
        );
    }

    #[test]
    fn a_region_holding_a_port_is_refused() {
        let spec = Cover {
            region: inner(&[&A]),
            fixed: [(A[1], Label::Up((0, 0)))].into(),
            paired: BTreeSet::new(),
        };
        let err = cover(&spec, "test", None).unwrap_err();
        assert_eq!(err, SearchError::RegionOverlapsBlocks { piece: "test" });
    }

    #[test]
    fn labels_are_the_fixed_ones_then_one_per_pair() {
        let spec = Cover {
            region: BTreeSet::new(),
            fixed: [
                ((0, 0), Label::Up((1, 0))),
                ((5, 5), Label::Heel((2, 0))),
                ((9, 9), Label::Up((1, 0))),
            ]
            .into(),
            paired: [(1, 1), (2, 2), (3, 3), (4, 4)].into(),
        };
        let want = vec![
            Label::Heel((2, 0)),
            Label::Up((1, 0)),
            Label::Pair(0),
            Label::Pair(1),
        ];
        assert_eq!(spec.labels(), want);
    }
}
