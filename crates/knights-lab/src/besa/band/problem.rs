//! One period of an edge band as a graph: the band's cells in one window of the period
//! (each standing for its copies), the ports (the cells just outside the band whose
//! tour enters it), the candidate leaps between them modulo the period, and the tables
//! a solution's score is a sum over: which leaps go straight on at a cell, which cross
//! the fixed moves outside the band, and which cross each other (within the window or
//! against the next copies). Needs no solver; `solve.rs` turns it into an integer
//! program, and the tests score the plain tour with it.

use std::collections::{BTreeSet, HashMap};

use super::{Band, Edge};
use crate::gadget::Cell;
use knights_core::metrics::open_segments_cross;
use knights_core::Leaper;

/// A candidate leap of the quotient: from band node `a` (its cell in the window) to
/// node `b`'s copy `t` periods ahead, in direction `dir` from `a`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leap {
    /// A band node.
    pub a: usize,
    /// A band node or a port.
    pub b: usize,
    /// Which copy of `b` the leap reaches (0: the window itself).
    pub t: i32,
    /// Its direction from `a` ([`Leaper::dirs`]).
    pub dir: u8,
}

/// A cell's straight pair: going straight on there is one leap both ways (`Fixed`,
/// when the other way is a port's fixed move), or two candidate leaps (`Pair`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Straight {
    /// Straight on exactly when this leap is taken.
    Fixed(usize),
    /// Straight on exactly when both leaps are taken (at the node named third).
    Pair(usize, usize, usize),
}

/// The band's period as a graph, with its score tables.
#[derive(Clone, Debug)]
pub struct Problem {
    /// What was cut.
    pub band: Band,
    /// The nodes' cells in the window: the band's cells, then the ports.
    pub nodes: Vec<Cell>,
    /// Band cells (the first nodes).
    pub n_band: usize,
    /// Per node: how many candidate leaps it takes (2 at a band cell; at a port, its
    /// moves into the band).
    pub degree: Vec<u32>,
    /// The candidate leaps.
    pub leaps: Vec<Leap>,
    /// Per node: its candidate leaps.
    pub at: Vec<Vec<usize>>,
    /// Every way a node can go straight on.
    pub straight: Vec<Straight>,
    /// Per leap: the fixed moves (outside the band) it crosses.
    pub fixed_cross: Vec<u32>,
    /// Per leap: its own copies it crosses (ahead; behind is the same count).
    pub self_cross: Vec<u32>,
    /// Pairs of different leaps `(e, f, w)`, `e < f`, whose copies cross `w` times a
    /// period.
    pub pair_cross: Vec<(usize, usize, u32)>,
    /// The plain tour's leaps.
    pub plain: Vec<bool>,
    /// The window's first cell along the edge (on the edge itself).
    pub origin: Cell,
}

/// A segment between two cells.
type Seg = [Cell; 2];

impl Problem {
    /// Cuts `band` out of the plain formation tour `moves` (direction bits of every
    /// cell, 0 off the board), around the window that starts at `origin`.
    pub fn new(band: Band, origin: Cell, moves: &dyn Fn(Cell) -> u8) -> Problem {
        let dirs = Leaper::KNIGHT.dirs();
        let step = |c: Cell, d: u8| (c.0 + dirs[d as usize].0, c.1 + dirs[d as usize].1);
        let geo = Geometry {
            band,
            origin,
            on_board: &|c: Cell| moves(c) != 0,
        };
        let bits = |c: Cell| moves(c);

        let mut nodes: Vec<Cell> = geo.window_band_cells();
        let n_band = nodes.len();
        let mut degree = vec![2u32; n_band];
        let mut fixed_dirs: Vec<Vec<u8>> = vec![Vec::new(); n_band];
        for c in geo.window_outside_cells() {
            let into: Vec<u8> = (0..8).filter(|&d| bits(c) >> d & 1 == 1).collect();
            let (inward, outward): (Vec<u8>, Vec<u8>) =
                into.iter().partition(|&&d| geo.in_band(step(c, d)));
            if !inward.is_empty() {
                nodes.push(c);
                degree.push(inward.len() as u32);
                fixed_dirs.push(outward);
            }
        }
        let index: HashMap<Cell, usize> = nodes.iter().enumerate().map(|(i, &c)| (c, i)).collect();
        let reduce = |c: Cell| -> Option<(usize, i32)> {
            let (w, t) = geo.reduce(c);
            index.get(&w).map(|&i| (i, t))
        };

        let mut leaps = Vec::new();
        for (a, &c) in nodes.iter().enumerate().take(n_band) {
            for d in 0..8u8 {
                let o = step(c, d);
                if !(geo.on_board)(o) {
                    continue;
                }
                let Some((b, t)) = reduce(o) else { continue };
                let keep = if b < n_band {
                    // Each band leap once: from the node of lower index.
                    b > a
                } else {
                    band.free_ports || bits(c) >> d & 1 == 1
                };
                if keep {
                    leaps.push(Leap { a, b, t, dir: d });
                }
            }
        }
        let mut at = vec![Vec::new(); nodes.len()];
        for (e, l) in leaps.iter().enumerate() {
            at[l.a].push(e);
            at[l.b].push(e);
        }
        let dir_from = |node: usize, e: usize| {
            let l = leaps[e];
            if l.a == node {
                l.dir
            } else {
                (l.dir + 4) % 8
            }
        };
        let mut straight = Vec::new();
        for (node, es) in at.iter().enumerate() {
            let leap_to = |d: u8| es.iter().copied().find(|&e| dir_from(node, e) == d);
            for d in 0..4u8 {
                let fixed = |d: u8| node >= n_band && fixed_dirs[node].contains(&d);
                match (leap_to(d), leap_to(d + 4)) {
                    (Some(e), Some(f)) => straight.push(Straight::Pair(e, f, node)),
                    (Some(e), None) if fixed(d + 4) => straight.push(Straight::Fixed(e)),
                    (None, Some(f)) if fixed(d) => straight.push(Straight::Fixed(f)),
                    _ => {}
                }
            }
        }

        let seg = |e: usize| -> Seg {
            let l = leaps[e];
            [nodes[l.a], geo.shift(nodes[l.b], l.t)]
        };
        let segs: Vec<Seg> = (0..leaps.len()).map(seg).collect();
        let fixed = geo.fixed_moves(&bits, &step);
        let fixed_cross = segs
            .iter()
            .map(|&s| {
                fixed
                    .iter()
                    .filter(|&&(p, q)| open_segments_cross(s, [p, q]))
                    .count() as u32
            })
            .collect();
        let moved = |s: Seg, t: i32| -> Seg { [geo.shift(s[0], t), geo.shift(s[1], t)] };
        const AHEAD: i32 = 2;
        let self_cross = segs
            .iter()
            .map(|&s| {
                (1..=AHEAD)
                    .filter(|&t| open_segments_cross(s, moved(s, t)))
                    .count() as u32
            })
            .collect();
        let mut pair_cross = Vec::new();
        for e in 0..segs.len() {
            for f in e + 1..segs.len() {
                let (s, u) = (segs[e], segs[f]);
                let w = u32::from(open_segments_cross(s, u))
                    + (1..=AHEAD)
                        .map(|t| {
                            u32::from(open_segments_cross(s, moved(u, t)))
                                + u32::from(open_segments_cross(u, moved(s, t)))
                        })
                        .sum::<u32>();
                if w > 0 {
                    pair_cross.push((e, f, w));
                }
            }
        }
        let plain = leaps
            .iter()
            .map(|l| bits(nodes[l.a]) >> l.dir & 1 == 1)
            .collect();
        Problem {
            band,
            nodes,
            n_band,
            degree,
            leaps,
            at,
            straight,
            fixed_cross,
            self_cross,
            pair_cross,
            plain,
            origin: match band.edge {
                Edge::Bottom => (origin.0, 0),
                Edge::Left => (0, origin.1),
            },
        }
    }

    /// The turns a period of the solution `chosen` adds to the tour: every node turns
    /// (a port with its fixed move) unless it goes straight on.
    pub fn turns(&self, chosen: &[bool]) -> u32 {
        let straight = self
            .straight
            .iter()
            .filter(|s| match **s {
                Straight::Fixed(e) => chosen[e],
                Straight::Pair(e, f, _) => chosen[e] && chosen[f],
            })
            .count();
        (self.nodes.len() - straight) as u32
    }

    /// The crossings a period of `chosen` adds: its leaps against the fixed moves,
    /// each other, and the next copies.
    pub fn crossings(&self, chosen: &[bool]) -> u32 {
        let linear: u32 = (0..self.leaps.len())
            .filter(|&e| chosen[e])
            .map(|e| self.fixed_cross[e] + self.self_cross[e])
            .sum();
        let pairs: u32 = self
            .pair_cross
            .iter()
            .filter(|&&(e, f, _)| chosen[e] && chosen[f])
            .map(|&(_, _, w)| w)
            .sum();
        linear + pairs
    }

    /// Whether `chosen` takes its degree at every node.
    pub fn degrees_hold(&self, chosen: &[bool]) -> bool {
        self.at
            .iter()
            .zip(&self.degree)
            .all(|(es, &d)| es.iter().filter(|&&e| chosen[e]).count() as u32 == d)
    }

    /// The pieces of `chosen` (its leaps' components, by node) that hold no port: in
    /// the band's copies, a cycle or a path running along the whole edge.
    pub fn portless(&self, chosen: &[bool]) -> Vec<Vec<usize>> {
        let mut seen = vec![false; self.nodes.len()];
        let mut out = Vec::new();
        for start in 0..self.n_band {
            if seen[start] {
                continue;
            }
            let mut piece = vec![start];
            seen[start] = true;
            let mut i = 0;
            while i < piece.len() {
                let v = piece[i];
                i += 1;
                for &e in self.at[v].iter().filter(|&&e| chosen[e]) {
                    let l = self.leaps[e];
                    let o = if l.a == v { l.b } else { l.a };
                    if !seen[o] {
                        seen[o] = true;
                        piece.push(o);
                    }
                }
            }
            if piece.iter().all(|&v| v < self.n_band) {
                piece.sort_unstable();
                out.push(piece);
            }
        }
        out
    }

    /// The leaps with exactly one end in `nodes` (a cut's row).
    pub fn leaving(&self, nodes: &[usize]) -> Vec<usize> {
        let inside: BTreeSet<usize> = nodes.iter().copied().collect();
        (0..self.leaps.len())
            .filter(|&e| inside.contains(&self.leaps[e].a) != inside.contains(&self.leaps[e].b))
            .collect()
    }

    /// How `chosen` joins the ports through the band: `(p, q, t)` for each path from
    /// port `p` (in the window) to port `q`'s copy `t` periods ahead, from the lower
    /// port, sorted. Ports whose path ends nowhere (not in a valid solution) are left
    /// out.
    pub fn matching(&self, chosen: &[bool]) -> Vec<(usize, usize, i32)> {
        self.paths(chosen)
            .into_iter()
            .map(|(p, q, t, _)| (p, q, t))
            .collect()
    }

    /// [`Problem::matching`] with each path's leaps.
    pub fn paths(&self, chosen: &[bool]) -> Vec<(usize, usize, i32, Vec<usize>)> {
        let mut out = Vec::new();
        for p in self.n_band..self.nodes.len() {
            for &first in self.at[p].iter().filter(|&&e| chosen[e]) {
                // Each path is met from both ends: kept from the lower port.
                if let Some((q, t, leaps)) = self.follow(chosen, p, first) {
                    if p < q || (p == q && t > 0) {
                        out.push((p, q, t, leaps));
                    }
                }
            }
        }
        out.sort_unstable();
        out
    }

    /// From port `p` along leap `first`, to the port the path ends at, its copy and the
    /// path's leaps.
    fn follow(&self, chosen: &[bool], p: usize, first: usize) -> Option<(usize, i32, Vec<usize>)> {
        let (mut at, mut copy, mut via) = (p, 0i32, first);
        let mut leaps = vec![first];
        for _ in 0..=self.leaps.len() {
            let l = self.leaps[via];
            // Leap `via` joins a@0 and b@t; from `at` (in copy `copy`) to the other end.
            let (next, dt) = if l.a == at { (l.b, l.t) } else { (l.a, -l.t) };
            copy += dt;
            at = next;
            if at >= self.n_band {
                return Some((at, copy, leaps));
            }
            via = *self.at[at].iter().find(|&&e| chosen[e] && e != via)?;
            leaps.push(via);
        }
        None
    }

    /// The nodes of the leaps `leaps`.
    pub fn nodes_of(&self, leaps: &[usize]) -> Vec<usize> {
        let mut out: Vec<usize> = leaps
            .iter()
            .flat_map(|&e| [self.leaps[e].a, self.leaps[e].b])
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// A port's name for the report: its cell from the window's first, `(x, y)` (the
    /// edge's row or column counted from the board's side), with the copy it is met in
    /// when not the window's.
    pub fn port_name(&self, p: usize, t: i32) -> String {
        let (x, y) = self.nodes[p];
        let (x, y) = (x - self.origin.0, y - self.origin.1);
        match t {
            0 => format!("({x},{y})"),
            _ => format!("({x},{y}){t:+}"),
        }
    }
}

/// Where the band lies: which cells are in it, the window, and moving between copies.
struct Geometry<'a> {
    band: Band,
    origin: Cell,
    on_board: &'a dyn Fn(Cell) -> bool,
}

impl Geometry<'_> {
    /// The period as a translation.
    fn period(&self) -> Cell {
        match self.band.edge {
            Edge::Bottom => (self.band.period as i32, 0),
            Edge::Left => (0, self.band.period as i32),
        }
    }

    /// `c` moved `t` periods ahead.
    fn shift(&self, c: Cell, t: i32) -> Cell {
        let p = self.period();
        (c.0 + p.0 * t, c.1 + p.1 * t)
    }

    /// Whether `c` lies in the band (any copy).
    fn in_band(&self, c: Cell) -> bool {
        let depth = self.band.depth as i32;
        (self.on_board)(c)
            && match self.band.edge {
                Edge::Bottom => c.1 < depth,
                Edge::Left => c.0 < depth,
            }
    }

    /// The cell of the window `c` is a copy of, and which copy.
    fn reduce(&self, c: Cell) -> (Cell, i32) {
        let p = self.band.period as i32;
        let along = match self.band.edge {
            Edge::Bottom => c.0 - self.origin.0,
            Edge::Left => c.1 - self.origin.1,
        };
        let t = along.div_euclid(p);
        (self.shift(c, -t), t)
    }

    /// The window's cells along the edge, `across` steps deep.
    fn window(&self, across: std::ops::Range<i32>) -> Vec<Cell> {
        let p = self.band.period as i32;
        let mut out = Vec::new();
        for a in across {
            for s in 0..p {
                out.push(match self.band.edge {
                    Edge::Bottom => (self.origin.0 + s, a),
                    Edge::Left => (a, self.origin.1 + s),
                });
            }
        }
        out.sort_unstable();
        out
    }

    /// The band's cells of the window.
    fn window_band_cells(&self) -> Vec<Cell> {
        self.window(0..self.band.depth as i32)
    }

    /// The window's cells within a leap of the band, outside it.
    fn window_outside_cells(&self) -> Vec<Cell> {
        let d = self.band.depth as i32;
        self.window(d..d + 2)
    }

    /// Every move of the tour with no end in the band, near the window and its two
    /// neighbouring copies (all that can cross a leap of the window).
    fn fixed_moves(
        &self,
        bits: &dyn Fn(Cell) -> u8,
        step: &dyn Fn(Cell, u8) -> Cell,
    ) -> BTreeSet<(Cell, Cell)> {
        let (p, d) = (self.band.period as i32, self.band.depth as i32);
        let mut out = BTreeSet::new();
        for along in -4..p + 4 {
            for across in 0..d + 4 {
                let c = match self.band.edge {
                    Edge::Bottom => (self.origin.0 + along, across),
                    Edge::Left => (across, self.origin.1 + along),
                };
                for dir in (0..8).filter(|&dir| bits(c) >> dir & 1 == 1) {
                    let o = step(c, dir);
                    if !self.in_band(c) && !self.in_band(o) {
                        out.insert((c.min(o), c.max(o)));
                    }
                }
            }
        }
        out
    }
}
