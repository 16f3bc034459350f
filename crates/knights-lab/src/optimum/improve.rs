//! A local search over tours: the starting tour of `knights optimum` (the
//! construction's) improved before the solver sees it, because on the larger boards
//! the solver's first answers come late or never and its result is the start it was
//! given. Every move keeps the tour a tour: two leaps swapped for two (the stretch
//! between them reversed, a "2-opt" move), and for an open tour a leap from an end
//! (the rest of the path reversed behind it). Simulated annealing on the measure with a
//! fixed seed and a fixed number of steps, so the same command finds the same tour
//! (unless the time limit cuts it short). The longest run, a maximum, is annealed on a
//! sum over the runs that grows fourfold with each leap of a run ([`run_cost`]), so
//! that a move's change is counted at its cells; the tour kept is the best by the run
//! itself.

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use knights_core::board::Board;

use super::{crossing_pairs, Measure, Spec};
use crate::motif::Graph;

/// Steps of the search per cell of the board, in all rounds.
pub const STEPS_PER_CELL: u64 = 200_000;

/// The seed of the search.
const SEED: u64 = 27;

/// A tour being improved: the cells in order, each cell's place, the leaps in it.
struct State<'a> {
    board: &'a Board,
    graph: &'a Graph,
    /// The leaps each leap crosses (crossings only).
    crossing: Vec<Vec<usize>>,
    measure: Measure,
    closed: bool,
    tour: Vec<u32>,
    place: Vec<usize>,
    on: Vec<bool>,
}

/// A move: leaps out, leaps in (two each, one each for an end move, three each for a
/// stretch moved), and how the order of the cells changes.
struct Move {
    out: Vec<(u32, u32)>,
    ins: Vec<(u32, u32)>,
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

impl State<'_> {
    fn leap(&self, a: u32, b: u32) -> usize {
        self.graph.edge(a, b).expect("a knight's leap")
    }

    /// The tour's neighbours of cell `c` (one at an end of an open tour).
    fn neighbours(&self, c: u32) -> Vec<u32> {
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

    /// Whether a cell with these neighbours counts under `measure` (turns or sharp):
    /// it turns, or turns by more than a right angle.
    fn counts(&self, c: u32, nb: &[u32], measure: Measure) -> bool {
        if nb.len() < 2 {
            return false;
        }
        let xy = |c: u32| {
            let (x, y) = self.board.xy(c);
            (x as i64, y as i64)
        };
        let (o, u, v) = (xy(c), xy(nb[0]), xy(nb[1]));
        let (u, v) = ((u.0 - o.0, u.1 - o.1), (v.0 - o.0, v.1 - o.1));
        match measure {
            Measure::Sharp => u.0 * v.0 + u.1 * v.1 > 0,
            _ => u != (-v.0, -v.1),
        }
    }

    /// Chosen leaps crossing leap `e`.
    fn crossed(&self, e: usize) -> i64 {
        self.crossing[e].iter().filter(|&&f| self.on[f]).count() as i64
    }

    /// How much the move changes the measure.
    fn delta(&mut self, m: &Move) -> i64 {
        self.delta_of(self.measure, m)
    }

    fn delta_of(&mut self, measure: Measure, m: &Move) -> i64 {
        match measure {
            Measure::Crossings => self.crossings_delta(m),
            Measure::Run => self.runs_delta(m),
            Measure::Sum(w) => w
                .terms()
                .into_iter()
                .map(|(t, k)| i64::from(k) * self.delta_of(t, m))
                .sum(),
            _ => self.cells_delta(measure, m),
        }
    }

    fn crossings_delta(&mut self, m: &Move) -> i64 {
        let out: Vec<usize> = m.out.iter().map(|&(a, b)| self.leap(a, b)).collect();
        let ins: Vec<usize> = m.ins.iter().map(|&(a, b)| self.leap(a, b)).collect();
        // Out one by one, in one by one: a pair among them counted once.
        let mut d = 0;
        for &e in &out {
            self.on[e] = false;
            d -= self.crossed(e);
        }
        for &e in &ins {
            d += self.crossed(e);
            self.on[e] = true;
        }
        for &e in &ins {
            self.on[e] = false;
        }
        for &e in &out {
            self.on[e] = true;
        }
        d
    }

    /// The change in the cells that count (turns or sharp turns) at the move's cells.
    fn cells_delta(&self, measure: Measure, m: &Move) -> i64 {
        move_cells(m)
            .into_iter()
            .map(|c| {
                let (before, after) = (self.neighbours(c), self.neighbours_after(c, m));
                i64::from(self.counts(c, &after, measure))
                    - i64::from(self.counts(c, &before, measure))
            })
            .sum()
    }

    /// The change in the sum of [`run_cost`] over the runs: those through the move's
    /// cells before it and after it (every other run is the same).
    fn runs_delta(&self, m: &Move) -> i64 {
        let moved = move_cells(m);
        let after: Vec<(u32, Vec<u32>)> = moved
            .iter()
            .map(|&c| (c, self.neighbours_after(c, m)))
            .collect();
        let now = |c: u32| self.neighbours(c);
        let then = |c: u32| match after.iter().find(|(d, _)| *d == c) {
            Some((_, nb)) => nb.clone(),
            None => self.neighbours(c),
        };
        self.runs_cost(&moved, &then) - self.runs_cost(&moved, &now)
    }

    /// The sum of [`run_cost`] over the runs through `cells`, the tour's neighbours of
    /// each cell given by `nb`.
    fn runs_cost(&self, cells: &[u32], nb: &dyn Fn(u32) -> Vec<u32>) -> i64 {
        let mut runs: Vec<(u32, u32, u64)> = Vec::new();
        for &c in cells {
            for d in nb(c) {
                let (a, _) = self.run_end(d, c, nb);
                let (b, leaps) = self.run_end(a.0, a.1, nb);
                let run = (b.0.min(a.0), b.0.max(a.0), leaps);
                if !runs.contains(&run) {
                    runs.push(run);
                }
            }
        }
        runs.iter().map(|r| run_cost(r.2)).sum()
    }

    /// Walks from leap `from -> to` straight on while the cell reached goes straight:
    /// the last leap of the run, as `(its end, the cell before)`, and the leaps walked.
    fn run_end(&self, from: u32, to: u32, nb: &dyn Fn(u32) -> Vec<u32>) -> ((u32, u32), u64) {
        let (mut prev, mut at, mut leaps) = (from, to, 1);
        loop {
            let next = nb(at);
            if next.len() < 2 || self.counts(at, &next, Measure::Turns) {
                return ((at, prev), leaps);
            }
            let onward = if next[0] == prev { next[1] } else { next[0] };
            (prev, at, leaps) = (at, onward, leaps + 1);
        }
    }

    /// The tour's neighbours of a cell of the move, after it.
    fn neighbours_after(&self, c: u32, m: &Move) -> Vec<u32> {
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

    /// The sum of [`run_cost`] over all the tour's runs.
    fn all_runs_cost(&self) -> i64 {
        self.runs_cost(&self.tour, &|c| self.neighbours(c))
    }

    fn apply(&mut self, m: &Move) {
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
    fn draw(&self, rng: &mut ChaCha8Rng) -> Option<Move> {
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
fn move_cells(m: &Move) -> Vec<u32> {
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

/// What a run of `leaps` leaps costs the local search: 0 for one leap, then 1, 5, 21,
/// ... (`(4^(leaps-1) - 1) / 3`), so that a leap more on a long run outweighs several
/// short runs and the sum falls with the longest run.
fn run_cost(leaps: u64) -> i64 {
    (4i64.pow(leaps.saturating_sub(1) as u32) - 1) / 3
}

impl State<'_> {
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

/// The tour `path` of `spec` improved by the search (the least value of its measure,
/// turns, crossings, sharp turns, a weighted sum of them or the longest run, that it
/// finds), with its value; the path itself when it finds nothing better. It stops
/// early, with the best so far, when `budget` runs out.
pub fn improve(spec: &Spec, path: &[u32], value: u64, budget: Duration) -> (Vec<u32>, u64) {
    let clock = Instant::now();
    let board = &spec.board;
    let graph = Graph::new(board);
    let mut crossing = vec![Vec::new(); graph.edges().len()];
    let crossings = match spec.measure {
        Measure::Crossings => true,
        Measure::Sum(w) => w.crossings > 0,
        _ => false,
    };
    if crossings {
        for (e, f) in crossing_pairs(&graph, board) {
            crossing[e].push(f);
            crossing[f].push(e);
        }
    }
    let Some(on) = super::chosen_of(&graph, path, spec.closed) else {
        return (path.to_vec(), value);
    };
    let mut place = vec![0; path.len()];
    for (i, &c) in path.iter().enumerate() {
        place[c as usize] = i;
    }
    let mut s = State {
        board,
        graph: &graph,
        crossing,
        measure: spec.measure,
        closed: spec.closed,
        tour: path.to_vec(),
        place,
        on,
    };
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    // The longest run is annealed on its sum over the runs.
    let runs = spec.measure == Measure::Run;
    let start = if runs {
        s.all_runs_cost()
    } else {
        value as i64
    };
    let (mut now, mut best) = (start, (path.to_vec(), start));
    let steps = STEPS_PER_CELL * board.cells();
    // Rounds of annealing, each from the best tour found so far.
    const ROUNDS: u64 = 8;
    for _ in 0..ROUNDS {
        let per = steps / ROUNDS;
        for k in 0..per {
            if k % 4096 == 0 && clock.elapsed() > budget {
                break;
            }
            let heat = 2.0 * (0.02f64 / 2.0).powf(k as f64 / per as f64);
            let Some(m) = s.draw(&mut rng) else {
                continue;
            };
            let d = s.delta(&m);
            if d <= 0 || rng.gen_bool((-(d as f64) / heat).exp()) {
                s.apply(&m);
                now += d;
                if now < best.1 {
                    best = (s.tour.clone(), now);
                }
            }
        }
        // The next round starts from the best.
        let chosen = super::chosen_of(&graph, &best.0, spec.closed).expect("a tour");
        s.on = chosen;
        s.tour = best.0.clone();
        for (i, &c) in s.tour.iter().enumerate() {
            s.place[c as usize] = i;
        }
        now = best.1;
    }
    if runs {
        let chosen = super::chosen_of(&graph, &best.0, spec.closed).expect("a tour");
        let run = super::value(&graph, board, Measure::Run, &chosen);
        return if run < value {
            (best.0, run)
        } else {
            (path.to_vec(), value)
        };
    }
    (best.0, best.1 as u64)
}
