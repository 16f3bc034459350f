//! The periodic heel: sixteen paths from the descending block at column group 5 (band
//! `[7, 10]`) to the climbing block at group 8 (band `[11, 14]`), each giraffe leaving
//! at the place where it entered, covering the bottom edge's free cells together with
//! the heels before and after it.
//!
//! The bottom edge is treated as periodic: a cell stands for itself moved any number of
//! heels (32 columns, the band number +8), a leap remembers how many heels it moves, and
//! each cell's owner (its own window's heel, the one before or the one after) is carried
//! along the leaps like the block place, so that every path stays in one heel and heels
//! interlock.

use std::collections::{BTreeMap, BTreeSet};

use super::cnf::{Cnf, Lit};
use super::cover::{degrees, Leap};
use super::cycles::{components, cut, link, Adjacency};
use super::error::SearchError;
use super::geometry::{
    band, block, heel_index, places, shift, Cell, Place, HEEL_ENTRY, HEEL_EXIT, LEAPS,
};
use super::sat::{Answer, Model, Solver};

/// The owners a cell may have: the heel before its window's, its own, the one after.
const OWNERS: [i32; 3] = [-1, 0, 1];

/// How many heels either way the cycle check unrolls the periodic cover.
const UNROLL: i32 = 3;

/// The heel found.
#[derive(Clone, Debug)]
pub(crate) struct Heel {
    /// The sixteen paths, entry cell first, in the order of the entry's places.
    pub(crate) paths: Vec<Vec<Cell>>,
    /// Each cell's owner in the canonical window: `d` for the heel `d` windows right.
    pub(crate) owner: BTreeMap<Cell, i32>,
    /// The entry block: each cell with its place.
    pub(crate) entry: BTreeMap<Cell, Place>,
    /// The exit block: each cell with its place.
    pub(crate) exit: BTreeMap<Cell, Place>,
}

impl Heel {
    /// The cells of both blocks.
    pub(crate) fn ports(&self) -> BTreeSet<Cell> {
        self.entry.keys().chain(self.exit.keys()).copied().collect()
    }

    /// The free cells (not block cells) whose canonical owner is `d`.
    fn owned_as(&self, d: i32) -> impl Iterator<Item = Cell> + '_ {
        let ports = self.ports();
        self.owner
            .iter()
            .filter(move |(c, &o)| o == d && !ports.contains(c))
            .map(|(&c, _)| c)
    }

    /// The free cells the `j`-th heel covers (heel 0 is the canonical window's).
    pub(crate) fn owned(&self, j: i32) -> BTreeSet<Cell> {
        OWNERS
            .iter()
            .flat_map(|&d| self.owned_as(d).map(move |c| shift(c, j - d)))
            .collect()
    }

    /// The free cells of the canonical window that the next heel covers.
    pub(crate) fn owned_by_next(&self) -> BTreeSet<Cell> {
        self.owned_as(1).collect()
    }
}

/// A leap of the periodic heel: from `u` to `v` moved `s` heels right.
#[derive(Clone, Copy, Debug)]
struct PeriodicLeap {
    u: Cell,
    v: Cell,
    s: i32,
    var: Lit,
}

impl PeriodicLeap {
    /// The leap unrolled with its `u` in window `w`.
    fn unrolled(&self, w: i32) -> (Cell, Cell) {
        (shift(self.u, w), shift(self.v, w + self.s))
    }

    /// As a [`Leap`] of the cover's degree constraints.
    fn leap(&self) -> Leap {
        Leap {
            var: self.var,
            a: self.u,
            b: self.v,
        }
    }
}

/// The heel's model: the leaps and the variables of each cell's place and owner.
struct HeelModel {
    cnf: Cnf,
    free: BTreeSet<Cell>,
    entry: BTreeMap<Cell, Place>,
    exit: BTreeMap<Cell, Place>,
    leaps: Vec<PeriodicLeap>,
    owner: BTreeMap<(Cell, i32), Lit>,
}

/// The free cells of the canonical window: the descending band right of the entry block
/// and the climbing band right of the exit block, down to the bottom edge.
fn free_cells() -> BTreeSet<Cell> {
    let mut free = BTreeSet::new();
    for x in 0..80 {
        for y in 0..16 {
            let (b, a) = (band((x, y)), x / 4);
            if ((7..=10).contains(&b) && a > HEEL_ENTRY)
                || ((11..=14).contains(&b) && a > HEEL_EXIT)
            {
                free.insert((x, y));
            }
        }
    }
    free
}

/// The periodic leaps between `nodes`, each once (from its smaller end), none between
/// two block cells, with a fresh variable each.
fn periodic_leaps(
    cnf: &mut Cnf,
    nodes: &BTreeSet<Cell>,
    ports: &BTreeSet<Cell>,
) -> Vec<PeriodicLeap> {
    let mut index: BTreeMap<(Cell, Cell, i32), usize> = BTreeMap::new();
    let mut leaps = Vec::new();
    for &u in nodes {
        for (dx, dy) in LEAPS {
            let t = (u.0 + dx, u.1 + dy);
            if t.1 < 0 {
                continue;
            }
            let s = heel_index(t);
            let v = shift(t, -s);
            if !nodes.contains(&v) || (ports.contains(&u) && ports.contains(&v)) {
                continue;
            }
            let (u, v, s) = (u, v, s).min((v, u, -s));
            index.entry((u, v, s)).or_insert_with(|| {
                leaps.push(PeriodicLeap {
                    u,
                    v,
                    s,
                    var: cnf.new_var(),
                });
                leaps.len() - 1
            });
        }
    }
    leaps
}

/// One variable per cell and value, exactly one true per cell.
fn one_hot<T: Copy + Ord>(
    cnf: &mut Cnf,
    nodes: &BTreeSet<Cell>,
    values: &[T],
) -> BTreeMap<(Cell, T), Lit> {
    let mut vars = BTreeMap::new();
    for &c in nodes {
        let lits: Vec<Lit> = values
            .iter()
            .map(|&x| *vars.entry((c, x)).or_insert_with(|| cnf.new_var()))
            .collect();
        cnf.one_of(&lits);
    }
    vars
}

/// A used leap carries the place unchanged and the owner moved by its heels.
fn carry(
    cnf: &mut Cnf,
    l: &PeriodicLeap,
    place: &BTreeMap<(Cell, Place), Lit>,
    owner: &BTreeMap<(Cell, i32), Lit>,
) {
    for p in places() {
        let (gu, gv) = (place[&(l.u, p)], place[&(l.v, p)]);
        cnf.add(vec![-l.var, -gu, gv]);
        cnf.add(vec![-l.var, gu, -gv]);
    }
    for d in OWNERS {
        let mut forward = vec![-l.var, -owner[&(l.u, d)]];
        forward.extend(owner.get(&(l.v, d - l.s)));
        cnf.add(forward);
        let mut back = vec![-l.var, -owner[&(l.v, d)]];
        back.extend(owner.get(&(l.u, d + l.s)));
        cnf.add(back);
    }
}

/// The heel's model, before any cycle cut.
fn model() -> HeelModel {
    let mut cnf = Cnf::default();
    let (entry, exit) = (block(HEEL_ENTRY, 7), block(HEEL_EXIT, 11));
    let free = free_cells();
    let ports: BTreeSet<Cell> = entry.keys().chain(exit.keys()).copied().collect();
    let nodes: BTreeSet<Cell> = free.union(&ports).copied().collect();
    let leaps = periodic_leaps(&mut cnf, &nodes, &ports);
    let plain: Vec<Leap> = leaps.iter().map(PeriodicLeap::leap).collect();
    degrees(&mut cnf, &nodes, &free, &plain);
    let all_places: Vec<Place> = places().collect();
    let place = one_hot(&mut cnf, &nodes, &all_places);
    let owner = one_hot(&mut cnf, &nodes, &OWNERS);
    for (c, p) in entry.iter().chain(exit.iter()) {
        cnf.add(vec![place[&(*c, *p)]]);
        cnf.add(vec![owner[&(*c, 0)]]);
    }
    for l in &leaps {
        carry(&mut cnf, l, &place, &owner);
    }
    HeelModel {
        cnf,
        free,
        entry,
        exit,
        leaps,
        owner,
    }
}

/// The used leaps of `model`, unrolled over the windows `-UNROLL..=UNROLL`.
fn unrolled_adjacency(leaps: &[PeriodicLeap], model: &Model) -> Adjacency {
    let mut adj = Adjacency::new();
    for l in leaps.iter().filter(|l| model.holds(l.var)) {
        for w in -UNROLL..=UNROLL {
            let (a, b) = l.unrolled(w);
            link(&mut adj, a, b);
        }
    }
    adj
}

/// Every leap unrolled over the windows, with its variable.
fn unrolled_leaps(leaps: &[PeriodicLeap]) -> impl Iterator<Item = (Lit, Cell, Cell)> + '_ {
    leaps.iter().flat_map(|l| {
        (-UNROLL..=UNROLL).map(move |w| {
            let (a, b) = l.unrolled(w);
            (l.var, a, b)
        })
    })
}

/// Solves, cutting cycles until none is left: the model, its unrolled leaps and the
/// number of rounds that cut.
fn solve(m: &HeelModel) -> Result<(Model, Adjacency, usize), SearchError> {
    let mut solver = Solver::new(&m.cnf);
    let ports: BTreeSet<Cell> = m.entry.keys().chain(m.exit.keys()).copied().collect();
    let stop: BTreeSet<Cell> = ports
        .iter()
        .flat_map(|&c| (-UNROLL..=UNROLL).map(move |w| shift(c, w)))
        .collect();
    let mut rounds = 0;
    loop {
        let model = match solver.solve() {
            Answer::Sat(model) => model,
            Answer::Unsat => return Err(SearchError::Unsatisfiable { piece: "heel" }),
            Answer::Unknown => return Err(SearchError::SolverGaveUp { piece: "heel" }),
        };
        let adj = unrolled_adjacency(&m.leaps, &model);
        let cycles = components(&adj, &m.free, &stop);
        if cycles.is_empty() {
            return Ok((model, adj, rounds));
        }
        rounds += 1;
        for comp in cycles {
            solver.add_clause(&cut(unrolled_leaps(&m.leaps), &comp));
        }
    }
}

/// The path from the entry cell `from` to the exit block.
fn heel_path(
    adj: &Adjacency,
    exit: &BTreeMap<Cell, Place>,
    from: Cell,
) -> Result<Vec<Cell>, SearchError> {
    let broken = SearchError::BrokenPath {
        piece: "heel",
        from,
    };
    let mut path = vec![from];
    let mut prev = None;
    let mut last = from;
    while path.len() == 1 || !exit.contains_key(&last) {
        let next = adj
            .get(&last)
            .and_then(|n| n.iter().copied().find(|&d| Some(d) != prev));
        match next {
            Some(d) if path.len() <= adj.len() => {
                prev = Some(last);
                path.push(d);
                last = d;
            }
            _ => return Err(broken),
        }
    }
    Ok(path)
}

/// Searches the heel, telling `progress` the model's size and the cycle cuts.
pub(crate) fn search(progress: &mut dyn FnMut(&str)) -> Result<Heel, SearchError> {
    let m = model();
    let (model, adj, rounds) = solve(&m)?;
    let mut entries: Vec<(Cell, Place)> = m.entry.iter().map(|(&c, &p)| (c, p)).collect();
    entries.sort_by_key(|&(_, (i, j))| (j, i));
    let mut paths = Vec::new();
    for (c, p) in entries {
        let path = heel_path(&adj, &m.exit, c)?;
        if m.exit[&path[path.len() - 1]] != p {
            return Err(SearchError::HeelMovesAGiraffe { from: c });
        }
        paths.push(path);
    }
    let owner = m
        .owner
        .iter()
        .filter(|(_, &var)| model.holds(var))
        .map(|(&(c, d), _)| (c, d))
        .collect();
    progress(&format!(
        "heel: {} free cells a period, {} leaps, rounds of cycle cuts: {}",
        m.free.len(),
        m.leaps.len(),
        rounds
    ));
    Ok(Heel {
        paths,
        owner,
        entry: m.entry,
        exit: m.exit,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_model_has_the_sizes_of_the_docs() {
        let m = model();
        assert_eq!(m.free.len(), 128);
        assert_eq!(m.leaps.len(), 312);
    }

    #[test]
    fn a_periodic_leap_unrolls_into_a_giraffe_leap_in_every_window() {
        for l in model().leaps {
            for w in [-2, 0, 3] {
                let (a, b) = l.unrolled(w);
                assert!(LEAPS.contains(&(b.0 - a.0, b.1 - a.1)), "{l:?}");
            }
        }
    }
}
