//! A tour being changed by the local search (`improve.rs`), and the moves that keep it
//! a tour: two leaps swapped for two (the stretch between them reversed, a "2-opt"
//! move), for an open tour a leap from an end (the rest of the path reversed behind
//! it), and a short stretch moved elsewhere. What a move costs is each measure's own
//! ([`Cost`]), counted at the cells the move changes.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use knights_core::Board;

use crate::motif::Graph;

/// What the local search minimizes for a measure: the change a move makes.
pub trait Cost {
    /// How much the move `m` changes the cost of `walk`'s tour (the walk is as it was
    /// when this returns).
    fn delta(&self, walk: &mut Walk<'_>, m: &Move) -> i64;

    /// The cost of `walk`'s tour, whose measure is `value`: the value itself, unless
    /// the search anneals on a cost of its own.
    fn start(&self, _walk: &Walk<'_>, value: u64) -> i64 {
        value as i64
    }

    /// Whether the cost is the measure itself (else the tour kept is the best by the
    /// measure, counted again).
    fn exact(&self) -> bool {
        true
    }
}

/// A tour being improved: the cells in order, each cell's place, the leaps in it.
pub struct Walk<'a> {
    board: &'a Board,
    graph: &'a Graph,
    closed: bool,
    tour: Vec<u32>,
    place: Vec<usize>,
    on: Vec<bool>,
}

/// A move: leaps out, leaps in (two each, one each for an end move, three each for a
/// stretch moved), and how the order of the cells changes.
pub struct Move {
    /// The leaps taken out, each as its two cells.
    pub out: Vec<(u32, u32)>,
    /// The leaps put in.
    pub ins: Vec<(u32, u32)>,
    change: Change,
}

/// How a move reorders the tour's cells.
enum Change {
    /// The cells at places `i..=j` reversed.
    Reverse(usize, usize),
    /// The cells at places `i..=j` taken out and put back after cell `at`, reversed
    /// or not.
    Relocate(usize, usize, u32, bool),
}

impl Walk<'_> {
    /// The leap between cells `a` and `b`, which the tour may take.
    pub fn leap(&self, a: u32, b: u32) -> usize {
        self.graph.edge(a, b).expect("a knight's leap")
    }

    /// The tour's neighbours of cell `c` (one at an end of an open tour).
    pub fn neighbours(&self, c: u32) -> Vec<u32> {
        let (i, n) = (self.place[c as usize], self.tour.len());
        let mut out = Vec::with_capacity(2);
        if i > 0 || self.closed {
            out.push(self.tour[(i + n - 1) % n]);
        }
        if i + 1 < n || self.closed {
            out.push(self.tour[(i + 1) % n]);
        }
        out
    }

    /// The tour's neighbours of a cell of the move, after it.
    pub fn neighbours_after(&self, c: u32, m: &Move) -> Vec<u32> {
        let mut after: Vec<u32> = self
            .neighbours(c)
            .into_iter()
            .filter(|&x| !m.out.contains(&(c, x)) && !m.out.contains(&(x, c)))
            .collect();
        for &(a, b) in &m.ins {
            if a == c {
                after.push(b);
            } else if b == c {
                after.push(a);
            }
        }
        after
    }

    /// Makes the move.
    pub(super) fn apply(&mut self, m: &Move) {
        for &(a, b) in &m.out {
            let e = self.leap(a, b);
            self.on[e] = false;
        }
        for &(a, b) in &m.ins {
            let e = self.leap(a, b);
            self.on[e] = true;
        }
        match m.change {
            Change::Reverse(i, j) => {
                self.tour[i..=j].reverse();
                for k in i..=j {
                    self.place[self.tour[k] as usize] = k;
                }
            }
            Change::Relocate(i, j, at, reversed) => {
                let mut stretch: Vec<u32> = self.tour[i..=j].to_vec();
                if reversed {
                    stretch.reverse();
                }
                let mut rest: Vec<u32> = self.tour[..i].to_vec();
                rest.extend_from_slice(&self.tour[j + 1..]);
                let k = rest
                    .iter()
                    .position(|&c| c == at)
                    .expect("outside the stretch");
                rest.splice(k + 1..k + 1, stretch);
                self.tour = rest;
                for (k, &c) in self.tour.iter().enumerate() {
                    self.place[c as usize] = k;
                }
            }
        }
    }

    /// A random move that keeps the tour a tour, if the cells drawn allow one.
    pub(super) fn draw(&self, rng: &mut ChaCha8Rng) -> Option<Move> {
        let n = self.tour.len();
        let a = rng.gen_range(0..n as u32);
        let at = self.graph.incident(a);
        let e = at[rng.gen_range(0..at.len())];
        if self.on[e] {
            return None;
        }
        let (u, v) = self.graph.edges()[e];
        let c = if u == a { v } else { u };
        let (i, j) = (self.place[a as usize], self.place[c as usize]);
        let (p, q) = (i.min(j), i.max(j));
        let t = &self.tour;
        let linked = |x: u32, y: u32| self.graph.edge(x, y).is_some();
        if rng.gen_bool(0.15) {
            return self.relocate(a, c, rng);
        }
        if !self.closed && (q == n - 1 || p == 0) && rng.gen_bool(0.5) {
            // A leap from an end: the rest of the path reversed behind it.
            if q == n - 1 && p + 1 < q {
                return Some(Move {
                    out: vec![(t[p], t[p + 1])],
                    ins: vec![(t[p], t[q])],
                    change: Change::Reverse(p + 1, q),
                });
            }
            if p == 0 && p + 1 < q {
                return Some(Move {
                    out: vec![(t[q - 1], t[q])],
                    ins: vec![(t[p], t[q])],
                    change: Change::Reverse(p, q - 1),
                });
            }
            return None;
        }
        if rng.gen_bool(0.5) {
            // (t[p], t[p+1]) and (t[q], t[q+1]) become (t[p], t[q]) and (t[p+1], t[q+1]).
            if q + 1 >= n {
                return None;
            }
            let (b, d) = (t[p + 1], t[q + 1]);
            (b != t[q] && linked(b, d)).then(|| Move {
                out: vec![(t[p], b), (t[q], d)],
                ins: vec![(t[p], t[q]), (b, d)],
                change: Change::Reverse(p + 1, q),
            })
        } else {
            // (t[p-1], t[p]) and (t[q-1], t[q]) become (t[p-1], t[q-1]) and (t[p], t[q]).
            if p == 0 {
                return None;
            }
            let (b, d) = (t[p - 1], t[q - 1]);
            (d != t[p] && linked(b, d)).then(|| Move {
                out: vec![(b, t[p]), (d, t[q])],
                ins: vec![(b, d), (t[p], t[q])],
                change: Change::Reverse(p, q - 1),
            })
        }
    }
}

/// The cells at the ends of a move's leaps, once each.
pub fn move_cells(m: &Move) -> Vec<u32> {
    let mut cells: Vec<u32> = m
        .out
        .iter()
        .chain(&m.ins)
        .flat_map(|&(a, b)| [a, b])
        .collect();
    cells.sort_unstable();
    cells.dedup();
    cells
}

impl Walk<'_> {
    /// A stretch of one to three cells starting or ending at `a` moved next to `c`,
    /// a leap from `a`: its two neighbours joined, and it put between `c` and a
    /// neighbour of `c`, if the leaps allow.
    fn relocate(&self, a: u32, c: u32, rng: &mut ChaCha8Rng) -> Option<Move> {
        let (t, n) = (&self.tour, self.tour.len());
        let linked = |x: u32, y: u32| self.graph.edge(x, y).is_some();
        let len = rng.gen_range(1..=3usize);
        let ia = self.place[a as usize];
        // The stretch i..=j, with `a` at its start (forward) or its end.
        let forward = rng.gen_bool(0.5);
        let (i, j) = if forward {
            (ia, ia + len - 1)
        } else {
            (ia.checked_sub(len - 1)?, ia)
        };
        if i == 0 || j + 1 >= n {
            return None;
        }
        let (before, after) = (t[i - 1], t[j + 1]);
        if !linked(before, after) {
            return None;
        }
        let k = self.place[c as usize];
        if (i - 1..=j + 1).contains(&k) {
            return None;
        }
        // `a` next to `c`, the stretch's other end next to `c`'s other neighbour:
        // after `c` (c, a, .., far, next) or before it (prev, far, .., a, c).
        let far = if forward { t[j] } else { t[i] };
        let after_c = rng.gen_bool(0.5);
        let other = if after_c {
            (k + 1 < n).then(|| t[k + 1])?
        } else {
            k.checked_sub(1).map(|p| t[p])?
        };
        if (i..=j).contains(&self.place[other as usize]) || !linked(far, other) {
            return None;
        }
        let out = vec![(before, t[i]), (t[j], after), (c.min(other), c.max(other))];
        let ins = vec![(before, after), (c, a), (far, other)];
        // The stretch as it will read after `at`: from the end next to `at`.
        let (at, first) = if after_c { (c, a) } else { (other, far) };
        Some(Move {
            out,
            ins,
            change: Change::Relocate(i, j, at, first != t[i]),
        })
    }
}

impl<'a> Walk<'a> {
    /// The tour `path` of `board`'s leaps `graph`, if it is one of them.
    pub fn new(board: &'a Board, graph: &'a Graph, path: &[u32], closed: bool) -> Option<Walk<'a>> {
        let on = super::chosen_of(graph, path, closed)?;
        let mut place = vec![0; path.len()];
        for (i, &c) in path.iter().enumerate() {
            place[c as usize] = i;
        }
        Some(Walk {
            board,
            graph,
            closed,
            tour: path.to_vec(),
            place,
            on,
        })
    }

    /// The cells in order.
    pub fn tour(&self) -> &[u32] {
        &self.tour
    }

    /// Whether leap `e` is in the tour.
    pub fn on(&self, e: usize) -> bool {
        self.on[e]
    }

    /// Puts leap `e` in the tour or takes it out, leaving the cells' order as it is:
    /// for a cost that counts a move's leaps one at a time.
    pub fn set(&mut self, e: usize, on: bool) {
        self.on[e] = on;
    }

    /// Makes the walk the tour `path` again (the best found, at the end of a round).
    pub(super) fn reset(&mut self, path: &[u32]) {
        self.on = super::chosen_of(self.graph, path, self.closed).expect("a tour");
        self.tour = path.to_vec();
        for (i, &c) in self.tour.iter().enumerate() {
            self.place[c as usize] = i;
        }
    }

    /// The directions from cell `c` to its two neighbours `nb` (none at an end).
    pub fn arms(&self, c: u32, nb: &[u32]) -> Option<((i64, i64), (i64, i64))> {
        if nb.len() < 2 {
            return None;
        }
        let xy = |c: u32| {
            let (x, y) = self.board.xy(c);
            (x as i64, y as i64)
        };
        let (o, u, v) = (xy(c), xy(nb[0]), xy(nb[1]));
        Some(((u.0 - o.0, u.1 - o.1), (v.0 - o.0, v.1 - o.1)))
    }

    /// Whether the tour goes straight on at a cell with these neighbours.
    pub fn straight(&self, c: u32, nb: &[u32]) -> bool {
        self.arms(c, nb).is_some_and(|(u, v)| u == (-v.0, -v.1))
    }

    /// The change in the cells that count (their arms satisfy `counts`) at the move's
    /// cells: the cost of the turns and the sharp turns.
    pub fn cells_delta(&self, m: &Move, counts: fn((i64, i64), (i64, i64)) -> bool) -> i64 {
        let at =
            |c: u32, nb: &[u32]| i64::from(self.arms(c, nb).is_some_and(|(u, v)| counts(u, v)));
        move_cells(m)
            .into_iter()
            .map(|c| at(c, &self.neighbours_after(c, m)) - at(c, &self.neighbours(c)))
            .sum()
    }
}
