//! A gadget problem: a region of a tour, the cells where its knights stand just before
//! and just after it, and the tour around it; and, computed once, every table the search
//! and the score need (the candidate moves, which pairs of them cross, and how each
//! crosses the fixed moves outside the region and the region's repeated copies).
//!
//! Coordinates are the project's: `(x, y)` with `y` up, direction numbers of
//! [`Leaper::dirs`]. The region's cells are nodes `0..n`, the entries `n..n + k`, the
//! exits `n + k..n + 2k`.

use std::collections::{HashMap, HashSet};

use super::Unsearchable;
use knights_core::metrics::open_segments_cross;
use knights_core::Leaper;

/// A cell of the board, `(x, y)` with `y` up; it may lie off the board (its mask is 0).
pub type Cell = (i32, i32);

/// What the search is asked.
#[derive(Clone)]
pub struct Spec<'a> {
    /// The cells to cover.
    pub cells: Vec<Cell>,
    /// Where each knight stands just before the region (outside it).
    pub entries: Vec<Cell>,
    /// Where the knights stand just after it (outside it), in any order.
    pub exits: Vec<Cell>,
    /// The tour around the region: the direction bits of every cell, 0 off the board.
    /// Its moves inside the region are the plain solution; those outside are fixed.
    pub moves: &'a (dyn Fn(i32, i32) -> u8 + Sync),
    /// The region repeats along the tour at every multiple of this translation, each
    /// copy holding the same solution (a heel every eight columns); the score of a
    /// solution is then its share of one period: crossings with the next copy count.
    pub period: Option<Cell>,
    /// Whether the knights may enter and leave the region by other moves than the
    /// tour's. When not, each knight's first and last cell in the region are fixed too
    /// (the paper's search: the knights start and end on given cells of the heel).
    pub free_ports: bool,
}

/// A candidate move: between nodes `a < b`, in direction `dir` from `a` to `b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Edge {
    pub a: usize,
    pub b: usize,
    pub dir: u8,
}

/// A problem with its tables.
#[derive(Clone, Debug)]
pub struct Problem {
    /// The region's cells, then the entries, then the exits.
    pub(crate) nodes: Vec<Cell>,
    /// Region cells.
    pub(crate) n: usize,
    /// Knights.
    pub(crate) k: usize,
    /// Each port's fixed move away from the region (index `node - n`).
    pub(crate) outer: Vec<u8>,
    /// Every move a solution may use.
    pub(crate) edges: Vec<Edge>,
    /// Per node: `(edge, other node, direction from this node)`.
    pub(crate) adj: Vec<Vec<(usize, usize, u8)>>,
    /// Per edge: crossings with the fixed moves.
    pub(crate) fixed_cross: Vec<u32>,
    /// Per edge: the candidate edges it crosses.
    pub(crate) cross: Vec<Vec<usize>>,
    /// Per copy `c` (the copy `c + 1` periods ahead) and edge `e`: the edges `f` such
    /// that `e` crosses `f` moved `c + 1` periods ahead.
    pub(crate) ahead: Vec<Vec<Vec<usize>>>,
    /// The transpose of `ahead`: the edges `f` that `e` moved ahead crosses.
    pub(crate) behind: Vec<Vec<Vec<usize>>>,
    /// Per edge: how many of its own copies ahead it crosses.
    pub(crate) self_cross: Vec<u32>,
    /// The plain solution's edges.
    pub(crate) plain: Vec<usize>,
    /// Whether every move joins cells of different colours (a leaper `(a, b)` with
    /// `a + b` odd, such as the knight and the giraffe): the search's colour-balance
    /// test holds only then.
    pub(crate) alternating: bool,
    /// Edges every solution must hold (see [`Problem::require`]).
    pub(crate) required: Vec<usize>,
    /// Where the plain solution takes each knight: `exit[i]` for entry `i`.
    pub(crate) plain_ends: Vec<usize>,
}

/// A segment between two cells.
type Seg = [(i32, i32); 2];

fn shift(c: Cell, by: Cell, times: i32) -> Cell {
    (c.0 + by.0 * times, c.1 + by.1 * times)
}

impl Problem {
    /// Checks the spec against the tour around it and builds the tables, for the knight.
    pub fn new(spec: &Spec) -> Result<Problem, Unsearchable> {
        Problem::for_leaper(spec, Leaper::KNIGHT)
    }

    /// [`Problem::new`] for any leaper: the spec's direction bits are `leaper`'s
    /// ([`Leaper::dirs`]), and so are the candidate moves.
    pub fn for_leaper(spec: &Spec, leaper: Leaper) -> Result<Problem, Unsearchable> {
        let dirs = leaper.dirs();
        // How far a leap reaches: the fixed moves that can cross a candidate start
        // within this many cells of the region.
        let reach_cells = leaper.steps().1 as i32 + 1;
        let (n, k) = (spec.cells.len(), spec.entries.len());
        if k == 0 || spec.exits.len() != k {
            return Err(Unsearchable::Ports {
                entries: k,
                exits: spec.exits.len(),
            });
        }
        let nodes: Vec<Cell> = spec
            .cells
            .iter()
            .chain(&spec.entries)
            .chain(&spec.exits)
            .copied()
            .collect();
        let index: HashMap<Cell, usize> = nodes.iter().enumerate().map(|(i, &c)| (c, i)).collect();
        if index.len() != nodes.len() {
            return Err(Unsearchable::Repeated);
        }
        let step = |c: Cell, d: u8| (c.0 + dirs[d as usize].0, c.1 + dirs[d as usize].1);
        let bits = |c: Cell| (spec.moves)(c.0, c.1);
        let in_region = |c: Cell| index.get(&c).is_some_and(|&i| i < n);

        // The copies of the region that can reach this one's moves.
        let (lo, hi) = bounds(&nodes);
        let reach = match spec.period {
            Some(p) if p != (0, 0) => (1..)
                .take_while(|&t| {
                    let (l2, h2) = (shift(lo, p, t), shift(hi, p, t));
                    l2.0 <= hi.0 && lo.0 <= h2.0 && l2.1 <= hi.1 && lo.1 <= h2.1
                })
                .count() as i32,
            _ => 0,
        };
        let period = spec.period.unwrap_or((0, 0));
        let in_copy = |c: Cell| {
            (-reach - 1..=reach + 1)
                .filter(|&t| t != 0 && spec.period.is_some())
                .any(|t| in_region(shift(c, period, -t)))
        };
        if nodes.iter().any(|&c| in_copy(c)) {
            return Err(Unsearchable::OverlapsCopy);
        }

        // The ports: outside cells with a move into the region, each exactly one.
        let mut outer = Vec::with_capacity(2 * k);
        for (i, &c) in nodes.iter().enumerate().skip(n) {
            let m = bits(c);
            let inward: Vec<u8> = (0..8)
                .filter(|&d| m >> d & 1 == 1 && in_region(step(c, d)))
                .collect();
            let out: Vec<u8> = (0..8)
                .filter(|&d| m >> d & 1 == 1 && !in_region(step(c, d)))
                .collect();
            if inward.len() != 1 || out.len() != 1 || in_copy(step(c, out[0])) {
                let role = if i < n + k { "entry" } else { "exit" };
                return Err(Unsearchable::Port { role, cell: c });
            }
            outer.push(out[0]);
        }
        for &c in &spec.cells {
            // A cell the tour does not visit yet (a column added to the board) is
            // covered by the solutions only; the plain "solution" then skips it.
            if !matches!(bits(c).count_ones(), 0 | 2) {
                return Err(Unsearchable::NotVisited(c));
            }
            for d in (0..8).filter(|&d| bits(c) >> d & 1 == 1) {
                if !index.contains_key(&step(c, d)) {
                    return Err(Unsearchable::Escapes {
                        cell: c,
                        to: step(c, d),
                    });
                }
            }
        }

        // Candidate moves.
        let mut edges = Vec::new();
        for (i, &c) in nodes.iter().enumerate().take(n) {
            for d in 0..8u8 {
                if let Some(&j) = index.get(&step(c, d)) {
                    let kept = j < n || spec.free_ports || bits(c) >> d & 1 == 1;
                    if j > i && kept {
                        edges.push(Edge { a: i, b: j, dir: d });
                    }
                }
            }
        }
        let mut adj = vec![Vec::new(); nodes.len()];
        for (e, ed) in edges.iter().enumerate() {
            adj[ed.a].push((e, ed.b, ed.dir));
            adj[ed.b].push((e, ed.a, (ed.dir + 4) % 8));
        }
        let seg = |e: &Edge| -> Seg { [nodes[e.a], nodes[e.b]] };
        let segs: Vec<Seg> = edges.iter().map(seg).collect();

        // The fixed moves near the region: every move of the tour with no end in the
        // region or a copy of it.
        let mut fixed: HashSet<(Cell, Cell)> = HashSet::new();
        for y in lo.1 - reach_cells..=hi.1 + reach_cells {
            for x in lo.0 - reach_cells..=hi.0 + reach_cells {
                let c = (x, y);
                for d in (0..8).filter(|&d| bits(c) >> d & 1 == 1) {
                    let o = step(c, d);
                    let touches = |p: Cell| in_region(p) || in_copy(p);
                    if !touches(c) && !touches(o) {
                        fixed.insert((c.min(o), c.max(o)));
                    }
                }
            }
        }
        let fixed_cross = segs
            .iter()
            .map(|&s| {
                fixed
                    .iter()
                    .filter(|&&(p, q)| open_segments_cross(s, [p, q]))
                    .count() as u32
            })
            .collect();
        let pairs = |f: &dyn Fn(Seg, Seg) -> bool| -> Vec<Vec<usize>> {
            segs.iter()
                .map(|&s| (0..segs.len()).filter(|&t| f(s, segs[t])).collect())
                .collect()
        };
        let cross = pairs(&|s, t| s != t && open_segments_cross(s, t));
        let moved = |s: Seg, t: i32| -> Seg { [shift(s[0], period, t), shift(s[1], period, t)] };
        let ahead: Vec<Vec<Vec<usize>>> = (1..=reach)
            .map(|t| pairs(&|s, u| open_segments_cross(s, moved(u, t))))
            .collect();
        let behind = ahead
            .iter()
            .map(|a| {
                let mut b = vec![Vec::new(); segs.len()];
                for (e, fs) in a.iter().enumerate() {
                    for &f in fs {
                        b[f].push(e);
                    }
                }
                b
            })
            .collect();
        let self_cross = segs
            .iter()
            .map(|&s| {
                (1..=reach)
                    .filter(|&t| open_segments_cross(s, moved(s, t)))
                    .count() as u32
            })
            .collect();

        let mut problem = Problem {
            nodes,
            n,
            k,
            outer,
            edges,
            adj,
            fixed_cross,
            cross,
            ahead,
            behind,
            self_cross,
            alternating: {
                let (a, b) = leaper.steps();
                (a + b) % 2 == 1
            },
            plain: Vec::new(),
            required: Vec::new(),
            plain_ends: Vec::new(),
        };
        problem.plain = problem.edges_of(&|c| bits(c));
        problem.plain_ends = problem
            .pairing(&problem.plain)
            .ok_or(Unsearchable::Unpaired)?;
        Ok(problem)
    }

    /// Keeps only the solutions that hold the move between cells `a` and `b` of the
    /// region (a move a later step relies on, such as the one a symmetric join deletes).
    pub fn require(&mut self, a: Cell, b: Cell) -> Result<(), Unsearchable> {
        let e = self
            .edges
            .iter()
            .position(|ed| {
                let (p, q) = (self.nodes[ed.a], self.nodes[ed.b]);
                (p, q) == (a, b) || (p, q) == (b, a)
            })
            .ok_or(Unsearchable::NoMove(a, b))?;
        self.required.push(e);
        Ok(())
    }

    /// Whether the region holds cells the tour does not visit (then the plain solution
    /// is no cover, only the pairing of entries and exits the tour makes).
    pub fn adds_cells(&self) -> bool {
        self.plain.len() < self.n + self.k
    }

    /// The candidate edges a mask function puts at the region's cells.
    fn edges_of(&self, bits: &dyn Fn(Cell) -> u8) -> Vec<usize> {
        let mut out: Vec<usize> = (0..self.n)
            .flat_map(|i| {
                let m = bits(self.nodes[i]);
                self.adj[i]
                    .iter()
                    .filter(move |&&(_, _, d)| m >> d & 1 == 1)
                    .map(|&(e, _, _)| e)
            })
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Where each knight ends, following `edges` from its entry, whether or not they
    /// cover the region; `None` unless every entry reaches an exit.
    fn pairing(&self, edges: &[usize]) -> Option<Vec<usize>> {
        self.walks(edges).map(|(ends, _)| ends)
    }

    /// Each knight's exit following `edges`, and the region cells the walks pass.
    fn walks(&self, edges: &[usize]) -> Option<(Vec<usize>, usize)> {
        let mut nbrs = vec![Vec::new(); self.nodes.len()];
        for &e in edges {
            let ed = self.edges[e];
            nbrs[ed.a].push(ed.b);
            nbrs[ed.b].push(ed.a);
        }
        let mut seen = 0;
        let mut ends = Vec::with_capacity(self.k);
        for i in 0..self.k {
            let (mut prev, mut at) = (usize::MAX, self.n + i);
            loop {
                let next = nbrs[at].iter().copied().find(|&o| o != prev)?;
                (prev, at) = (at, next);
                if at >= self.n {
                    break;
                }
                seen += 1;
                if seen > self.n {
                    return None;
                }
            }
            ends.push(at.checked_sub(self.n + self.k)?);
        }
        Some((ends, seen))
    }

    /// Turns and crossings of the solution made of `edges`, counted from the tables
    /// one edge pair at a time (the search counts them incrementally).
    pub(crate) fn score(&self, edges: &[usize]) -> (u32, u32) {
        let mut dirs_at = vec![Vec::new(); self.nodes.len()];
        for &e in edges {
            let ed = self.edges[e];
            dirs_at[ed.a].push(ed.dir);
            dirs_at[ed.b].push((ed.dir + 4) % 8);
        }
        for (p, &o) in self.outer.iter().enumerate() {
            dirs_at[self.n + p].push(o);
        }
        let turns = dirs_at
            .iter()
            .filter(|d| d.len() == 2 && d[0] != (d[1] + 4) % 8)
            .count() as u32;
        let chosen: HashSet<usize> = edges.iter().copied().collect();
        let mut crossings = 0;
        for &e in edges {
            crossings += self.fixed_cross[e] + self.self_cross[e];
            for a in &self.ahead {
                crossings += a[e].iter().filter(|f| chosen.contains(f)).count() as u32;
            }
        }
        let inner: usize = edges
            .iter()
            .map(|e| self.cross[*e].iter().filter(|f| chosen.contains(f)).count())
            .sum();
        (turns, crossings + inner as u32 / 2)
    }

    /// The plain solution's score.
    pub fn plain_score(&self) -> (u32, u32) {
        self.score(&self.plain)
    }

    /// Region cells.
    pub fn cells(&self) -> &[Cell] {
        &self.nodes[..self.n]
    }

    /// Knights.
    pub fn knights(&self) -> usize {
        self.k
    }

    /// The plain solution, as found in the tour.
    pub fn plain_solution(&self) -> Solution {
        let (turns, crossings) = self.plain_score();
        Solution {
            turns,
            crossings,
            edges: self.plain.clone(),
            ends: self.plain_ends.clone(),
        }
    }

    /// The direction bits a solution puts at every region cell and port, in node order.
    pub fn masks_of(&self, sol: &Solution) -> Vec<(Cell, u8)> {
        self.masks(&sol.edges)
    }

    fn masks(&self, edges: &[usize]) -> Vec<(Cell, u8)> {
        let mut m = vec![0u8; self.nodes.len()];
        for &e in edges {
            let ed = self.edges[e];
            m[ed.a] |= 1 << ed.dir;
            m[ed.b] |= 1 << ((ed.dir + 4) % 8);
        }
        for (p, &o) in self.outer.iter().enumerate() {
            m[self.n + p] |= 1 << o;
        }
        self.nodes.iter().copied().zip(m).collect()
    }
}

/// The lowest and highest corners of the cells' bounding box.
fn bounds(cells: &[Cell]) -> (Cell, Cell) {
    let lo = cells
        .iter()
        .fold((i32::MAX, i32::MAX), |a, c| (a.0.min(c.0), a.1.min(c.1)));
    let hi = cells
        .iter()
        .fold((i32::MIN, i32::MIN), |a, c| (a.0.max(c.0), a.1.max(c.1)));
    (lo, hi)
}
/// One complete solution.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Solution {
    /// Turns it adds to the tour.
    pub turns: u32,
    /// Crossings it adds to the tour.
    pub crossings: u32,
    /// Its moves (indices into the problem's candidate moves), increasing.
    pub(crate) edges: Vec<usize>,
    /// The exit each knight reaches.
    pub ends: Vec<usize>,
}
