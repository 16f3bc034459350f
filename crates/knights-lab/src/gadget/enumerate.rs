//! The exhaustive search: every way to cover a region with its knights' paths, each
//! scored by turns and crossings, with the Pareto front kept.
//!
//! The knights are routed one after the other: knight `i` leaves its entry, walks over
//! free cells and stops at a free exit; then knight `i + 1` starts. Each step adds one
//! move and its turns and crossings (from the tables of [`Problem`]), so a complete
//! solution is scored when it is found. A partial solution is dropped as soon as it
//! cannot be completed:
//! - a free cell needs two places it can still be joined to (free cells, free exits,
//!   the walking knight's cell, the entries of knights not started yet);
//! - the free cells split into pieces that no path can leave, so each piece needs a
//!   knight to start next to it and an exit next to it, and there can be no more pieces
//!   than knights left;
//! - a knight's path alternates colours, so the free cells' colour balance is fixed by
//!   the cells the remaining paths start and end next to (whatever the pairing); this
//!   holds for every leaper `(a, b)` with `a + b` odd (the giraffe too), and the test
//!   is skipped for the others.
//!
//! The first levels are expanded in breadth first and their subtrees searched in
//! parallel with rayon.

use std::collections::BTreeMap;

use rayon::prelude::*;

use super::bits::Bits;
use super::problem::{Problem, Solution};
use super::Unsearchable;

/// Where the knights may leave the region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Each knight at any exit (the paper's search).
    Any,
    /// Each knight at the exit the plain solution takes it to: the tour's other parts
    /// are then joined exactly as before, so it stays one cycle.
    Plain,
}

/// How to search.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Which exits the knights may take.
    pub ending: Ending,
    /// Drop partial solutions already beaten on both counts by a complete one. Much
    /// faster on large regions, but then `covers` and `tally` count only what was
    /// visited; the front is still exact.
    pub bound: bool,
    /// The most solutions kept per point of the front.
    pub keep: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            ending: Ending::Any,
            bound: false,
            keep: 4096,
        }
    }
}

/// What the search found.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// Complete solutions found.
    pub covers: u64,
    /// Per `(turns, crossings)`: how many solutions end as the plain one does, and how
    /// many end otherwise.
    pub tally: BTreeMap<(u32, u32), [u64; 2]>,
    /// The solutions on the Pareto front, by turns then crossings then moves.
    pub front: Vec<Solution>,
    /// Partial solutions visited.
    pub nodes: u64,
}

impl Outcome {
    /// The distinct `(turns, crossings)` points of the front, by turns.
    pub fn points(&self) -> Vec<(u32, u32)> {
        let mut p: Vec<_> = self.front.iter().map(|s| (s.turns, s.crossings)).collect();
        p.dedup();
        p
    }
}

/// Searches `problem` exhaustively.
pub fn search(problem: &Problem, options: &Options) -> Result<Outcome, Unsearchable> {
    let size = problem.nodes.len().max(problem.edges.len());
    match size.div_ceil(64) {
        0 | 1 => Ok(run::<1>(problem, options)),
        2 => Ok(run::<2>(problem, options)),
        3 | 4 => Ok(run::<4>(problem, options)),
        5..=8 => Ok(run::<8>(problem, options)),
        _ => Err(Unsearchable::TooLarge {
            cells: problem.n,
            moves: problem.edges.len(),
        }),
    }
}

/// The problem's tables as bitsets of `W` words.
struct Tables<'a, const W: usize> {
    p: &'a Problem,
    opt: Options,
    /// Per node: the nodes one candidate move away.
    nbr: Vec<Bits<W>>,
    /// Per edge: the edges it crosses.
    cross: Vec<Bits<W>>,
    /// Per copy ahead, per edge: as [`Problem::ahead`] and [`Problem::behind`].
    ahead: Vec<Vec<Bits<W>>>,
    behind: Vec<Vec<Bits<W>>>,
    /// Nodes on light squares.
    light: Bits<W>,
}

/// A partial solution.
#[derive(Clone, Copy, Debug)]
struct State<const W: usize> {
    free: Bits<W>,
    exits: Bits<W>,
    chosen: Bits<W>,
    /// The walking knight's node, and the direction it arrived in.
    head: usize,
    arrive: u8,
    knight: usize,
    turns: u32,
    crossings: u32,
    ends: [u8; 16],
}

impl<'a, const W: usize> Tables<'a, W> {
    fn new(p: &'a Problem, opt: Options) -> Self {
        let sets = |lists: &[Vec<usize>]| -> Vec<Bits<W>> {
            lists.iter().map(|l| Bits::of(l.iter().copied())).collect()
        };
        let nbr = p
            .adj
            .iter()
            .map(|a| Bits::of(a.iter().map(|&(_, o, _)| o)))
            .collect();
        Tables {
            p,
            opt,
            nbr,
            cross: sets(&p.cross),
            ahead: p.ahead.iter().map(|a| sets(a)).collect(),
            behind: p.behind.iter().map(|a| sets(a)).collect(),
            light: Bits::of((0..p.nodes.len()).filter(|&i| {
                let (x, y) = p.nodes[i];
                (x + y).rem_euclid(2) == 0
            })),
        }
    }

    fn start(&self) -> State<W> {
        let p = self.p;
        State {
            free: Bits::of(0..p.n),
            exits: Bits::of(p.n + p.k..p.n + 2 * p.k),
            chosen: Bits::default(),
            head: p.n,
            arrive: (p.outer[0] + 4) % 8,
            knight: 0,
            turns: 0,
            crossings: 0,
            ends: [0; 16],
        }
    }

    /// Crossings that edge `e` adds to the chosen ones.
    fn cost(&self, e: usize, chosen: &Bits<W>) -> u32 {
        let p = self.p;
        let mut c = p.fixed_cross[e] + p.self_cross[e] + self.cross[e].common(chosen);
        for t in 0..self.ahead.len() {
            c += self.ahead[t][e].common(chosen) + self.behind[t][e].common(chosen);
        }
        c
    }

    /// Every viable child of `s`, complete or not.
    fn children(&self, s: &State<W>, out: &mut impl FnMut(State<W>)) {
        let p = self.p;
        for &(e, o, d) in &p.adj[s.head] {
            let mut c = *s;
            c.crossings += self.cost(e, &s.chosen);
            c.chosen.insert(e);
            c.turns += (d != s.arrive) as u32;
            if o < p.n {
                if !s.free.contains(o) {
                    continue;
                }
                c.free.remove(o);
                c.head = o;
                c.arrive = d;
            } else if o >= p.n + p.k {
                let x = o - p.n - p.k;
                if !s.exits.contains(o)
                    || (self.opt.ending == Ending::Plain && p.plain_ends[s.knight] != x)
                {
                    continue;
                }
                c.exits.remove(o);
                c.turns += (p.outer[o - p.n] != d) as u32;
                c.ends[s.knight] = x as u8;
                c.knight += 1;
                if c.knight == p.k {
                    if c.free.is_empty() {
                        out(c);
                    }
                    continue;
                }
                c.head = p.n + c.knight;
                c.arrive = (p.outer[c.knight] + 4) % 8;
            } else {
                continue;
            }
            if self.viable(&c) {
                out(c);
            }
        }
    }

    /// Whether a partial solution may still be completed (necessary conditions).
    fn viable(&self, s: &State<W>) -> bool {
        let p = self.p;
        let mut starts = Bits::of(p.n + s.knight + 1..p.n + p.k);
        starts.insert(s.head);
        let ends = s.free.or(&s.exits);
        if !self.nbr[s.head].meets(&ends)
            || starts.iter().any(|i| !self.nbr[i].meets(&ends))
            || s.exits
                .iter()
                .any(|i| !self.nbr[i].meets(&s.free.or(&starts)))
        {
            return false;
        }
        let avail = ends.or(&starts);
        if s.free.iter().any(|c| self.nbr[c].common(&avail) < 2) {
            return false;
        }
        // Colour balance: 2 (light - dark) over free cells + the same over the ends of
        // the remaining paths must vanish.
        let balance = |b: &Bits<W>| 2 * b.common(&self.light) as i32 - b.len() as i32;
        if p.alternating && 2 * balance(&s.free) + balance(&starts) + balance(&s.exits) != 0 {
            return false;
        }
        self.pieces_fit(s, &starts)
    }

    /// Each piece of the free cells touches a start and an exit, and there are no more
    /// pieces than paths left.
    fn pieces_fit(&self, s: &State<W>, starts: &Bits<W>) -> bool {
        let mut rest = s.free;
        let mut pieces = 0;
        while let Some(c) = rest.first() {
            let mut piece = Bits::of([c]);
            let mut frontier = piece;
            let mut touch = Bits::default();
            loop {
                let mut grow = Bits::default();
                for x in frontier.iter() {
                    grow = grow.or(&self.nbr[x]);
                }
                touch = touch.or(&grow);
                frontier = grow.and(&s.free).minus(&piece);
                if frontier.is_empty() {
                    break;
                }
                piece = piece.or(&frontier);
            }
            pieces += 1;
            if pieces > self.p.k - s.knight || !touch.meets(starts) || !touch.meets(&s.exits) {
                return false;
            }
            rest = rest.minus(&piece);
        }
        true
    }

    /// Searches below `s`, recording complete solutions.
    fn dfs(&self, s: &State<W>, found: &mut Found) {
        found.nodes += 1;
        if self.opt.bound && found.beaten(s.turns, s.crossings) {
            return;
        }
        self.children(s, &mut |c| {
            if c.knight == self.p.k {
                found.record(self, &c);
            } else {
                self.dfs(&c, found);
            }
        });
    }
}

/// Solutions gathered by one worker.
#[derive(Default)]
struct Found {
    covers: u64,
    tally: BTreeMap<(u32, u32), [u64; 2]>,
    /// Per front point: its solutions.
    front: BTreeMap<(u32, u32), Vec<Solution>>,
    nodes: u64,
    keep: usize,
}

impl Found {
    fn new(keep: usize) -> Found {
        Found {
            keep,
            ..Found::default()
        }
    }

    /// Whether a complete solution is at least as good on both counts and better on one.
    fn beaten(&self, t: u32, c: u32) -> bool {
        self.front
            .keys()
            .any(|&(t2, c2)| t2 <= t && c2 <= c && (t2, c2) != (t, c))
    }

    fn record<const W: usize>(&mut self, tables: &Tables<W>, s: &State<W>) {
        let p = tables.p;
        if p.required.iter().any(|&e| !s.chosen.contains(e)) {
            return;
        }
        self.covers += 1;
        let ends: Vec<usize> = s.ends[..p.k].iter().map(|&e| e as usize).collect();
        let plain = (ends == p.plain_ends) as usize;
        self.tally.entry((s.turns, s.crossings)).or_default()[1 - plain] += 1;
        self.offer(Solution {
            turns: s.turns,
            crossings: s.crossings,
            edges: s.chosen.iter().collect(),
            ends,
        });
    }

    fn offer(&mut self, sol: Solution) {
        let key = (sol.turns, sol.crossings);
        if self.beaten(key.0, key.1) {
            return;
        }
        self.front
            .retain(|&(t, c), _| !(key.0 <= t && key.1 <= c && (t, c) != key));
        let list = self.front.entry(key).or_default();
        if list.len() < self.keep {
            list.push(sol);
        }
    }

    fn merge(mut self, other: Found) -> Found {
        self.covers += other.covers;
        self.nodes += other.nodes;
        for (k, v) in other.tally {
            let e = self.tally.entry(k).or_default();
            e[0] += v[0];
            e[1] += v[1];
        }
        for sol in other.front.into_values().flatten() {
            self.offer(sol);
        }
        self
    }
}

/// Partial solutions searched in parallel.
const SPLIT: usize = 512;

fn run<const W: usize>(problem: &Problem, opt: &Options) -> Outcome {
    let tables = Tables::<W>::new(problem, *opt);
    let mut found = Found::new(opt.keep);
    // Breadth first until there is enough to share out.
    let mut level = vec![tables.start()];
    while !level.is_empty() && level.len() < SPLIT {
        let mut next = Vec::new();
        for s in &level {
            found.nodes += 1;
            tables.children(s, &mut |c| {
                if c.knight == problem.k {
                    found.record(&tables, &c);
                } else {
                    next.push(c);
                }
            });
        }
        level = next;
    }
    let found = level
        .par_iter()
        .map(|s| {
            let mut f = Found::new(opt.keep);
            tables.dfs(s, &mut f);
            f
        })
        .reduce(|| Found::new(opt.keep), Found::merge)
        .merge(found);
    let mut front: Vec<Solution> = found.front.into_values().flatten().collect();
    front.sort();
    Outcome {
        covers: found.covers,
        tally: found.tally,
        front,
        nodes: found.nodes,
    }
}
