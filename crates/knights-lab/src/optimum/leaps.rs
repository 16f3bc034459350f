//! The leaps' relations the models are built from, and the counts of a set of leaps:
//! the pairs of leaps that cross and the cliques of those, the pairs of leaps at a
//! cell that go straight on or turn gently, the lines of leaps (for the runs), and the
//! [`Counter`] of a board that holds them, which each measure counts a set of chosen
//! leaps by (for the solver, the local search and brute force).

use knights_core::metrics::open_segments_cross;
use knights_core::Board;

use crate::motif::Graph;

/// The pairs of leaps of `graph` whose open segments meet, as indices into its edges,
/// the smaller first (two leaps at one cell meet only there, so never cross).
pub fn crossing_pairs(graph: &Graph, board: &Board) -> Vec<(usize, usize)> {
    let seg = |e: usize| {
        let (a, b) = graph.edges()[e];
        let (p, q) = (board.xy(a), board.xy(b));
        [(p.0 as i32, p.1 as i32), (q.0 as i32, q.1 as i32)]
    };
    let m = graph.edges().len();
    let mut pairs = Vec::new();
    for e in 0..m {
        let s = seg(e);
        for f in e + 1..m {
            let t = seg(f);
            // Leaps are short: only those whose boxes overlap can meet.
            let apart = s[0].0.max(s[1].0) < t[0].0.min(t[1].0)
                || t[0].0.max(t[1].0) < s[0].0.min(s[1].0)
                || s[0].1.max(s[1].1) < t[0].1.min(t[1].1)
                || t[0].1.max(t[1].1) < s[0].1.min(s[1].1);
            if !apart && open_segments_cross(s, t) {
                pairs.push((e, f));
            }
        }
    }
    pairs
}

/// The maximal sets of three or more leaps that cross each other pairwise (cliques of
/// the crossing graph, by Bron and Kerbosch with pivoting), each sorted. `k` leaps of
/// one such set make `k(k-1)/2 >= t k - t(t+1)/2` crossings for every integer `t`: the
/// crossings model's cuts, much tighter than one pair at a time.
pub fn crossing_cliques(m: usize, pairs: &[(usize, usize)]) -> Vec<Vec<usize>> {
    let mut adj = vec![Vec::new(); m];
    for &(e, f) in pairs {
        adj[e].push(f);
        adj[f].push(e);
    }
    let mut out = Vec::new();
    let all: Vec<usize> = (0..m).filter(|&e| !adj[e].is_empty()).collect();
    bron_kerbosch(&adj, &mut Vec::new(), all, Vec::new(), &mut out);
    for c in &mut out {
        c.sort_unstable();
    }
    out.sort();
    out
}

fn bron_kerbosch(
    adj: &[Vec<usize>],
    r: &mut Vec<usize>,
    p: Vec<usize>,
    mut x: Vec<usize>,
    out: &mut Vec<Vec<usize>>,
) {
    if p.is_empty() {
        if x.is_empty() && r.len() >= 3 {
            out.push(r.clone());
        }
        return;
    }
    let pivot = p
        .iter()
        .chain(&x)
        .copied()
        .max_by_key(|&u| p.iter().filter(|v| adj[u].contains(v)).count())
        .expect("p is not empty");
    let mut p = p;
    let candidates: Vec<usize> = p
        .iter()
        .copied()
        .filter(|v| !adj[pivot].contains(v))
        .collect();
    for v in candidates {
        r.push(v);
        let keep = |w: &usize| adj[v].contains(w);
        bron_kerbosch(
            adj,
            r,
            p.iter().copied().filter(keep).collect(),
            x.iter().copied().filter(keep).collect(),
            out,
        );
        r.pop();
        p.retain(|&w| w != v);
        x.push(v);
    }
}

/// The pairs of leaps at each cell whose directions `u`, `v` from it satisfy `keep`,
/// as `(cell, e, f)` with indices into the edges of `graph`.
fn pairs_at_cells(
    graph: &Graph,
    board: &Board,
    keep: impl Fn((i64, i64), (i64, i64)) -> bool,
) -> Vec<(u32, usize, usize)> {
    let mut pairs = Vec::new();
    for c in 0..board.area() as u32 {
        let (x, y) = board.xy(c);
        let (x, y) = (x as i64, y as i64);
        let dir = |e: usize| {
            let (a, b) = graph.edges()[e];
            let (p, q) = (board.xy(if a == c { b } else { a }), (x, y));
            (p.0 as i64 - q.0, p.1 as i64 - q.1)
        };
        let at = graph.incident(c);
        for (i, &e) in at.iter().enumerate() {
            for &f in &at[i + 1..] {
                if keep(dir(e), dir(f)) {
                    pairs.push((c, e, f));
                }
            }
        }
    }
    pairs
}

/// The pairs of opposite leaps at each cell (a cell that holds one such pair goes
/// straight on), as indices into the edges of `graph`.
pub fn straight_pairs(graph: &Graph, board: &Board) -> Vec<(u32, usize, usize)> {
    pairs_at_cells(graph, board, |u, v| u.0 == -v.0 && u.1 == -v.1)
}

/// The pairs of leaps at each cell at which travel turns by a right angle or less
/// (straight on included): a cell with two leaps is a sharp turn unless it holds one
/// of them. Travel comes in along `-u` and leaves along `v`, so it turns by more than
/// a right angle exactly when `u . v > 0`.
pub fn gentle_pairs(graph: &Graph, board: &Board) -> Vec<(u32, usize, usize)> {
    pairs_at_cells(graph, board, |u, v| u.0 * v.0 + u.1 * v.1 <= 0)
}

/// The lines of leaps of the board: each a maximal chain of leaps of `graph` end to
/// end along one straight line, in order. A tour's straight runs are the stretches of
/// consecutive leaps of a line that it takes (a cell between two leaps of one line
/// holds nothing else), so its longest run is the most consecutive leaps of a line it
/// takes.
pub fn lines(graph: &Graph, board: &Board) -> Vec<Vec<usize>> {
    let m = graph.edges().len();
    // Each leap's neighbours along its line: at most one at each end.
    let mut along = vec![Vec::new(); m];
    for (_, e, f) in straight_pairs(graph, board) {
        along[e].push(f);
        along[f].push(e);
    }
    let mut seen = vec![false; m];
    let mut out = Vec::new();
    // A line starts at a leap with one neighbour along it, or none (a line of one).
    for first in 0..m {
        if seen[first] || along[first].len() > 1 {
            continue;
        }
        let mut line = vec![first];
        seen[first] = true;
        while let Some(&next) = along[*line.last().expect("not empty")]
            .iter()
            .find(|&&f| !seen[f])
        {
            seen[next] = true;
            line.push(next);
        }
        out.push(line);
    }
    out
}

/// The relations of the leaps of one board, each listed once, that the measures count
/// sets of chosen leaps by.
pub struct Counter<'a> {
    graph: &'a Graph,
    cells: u32,
    lines: Vec<Vec<usize>>,
    straight: Vec<(usize, usize)>,
    gentle: Vec<(usize, usize)>,
    crossing: Vec<(usize, usize)>,
}

impl<'a> Counter<'a> {
    /// The counter of `graph`, the leaps of `board`.
    pub fn new(graph: &'a Graph, board: &Board) -> Counter<'a> {
        let at_cells =
            |p: Vec<(u32, usize, usize)>| p.into_iter().map(|(_, e, f)| (e, f)).collect();
        Counter {
            graph,
            cells: board.area() as u32,
            lines: lines(graph, board),
            straight: at_cells(straight_pairs(graph, board)),
            gentle: at_cells(gentle_pairs(graph, board)),
            crossing: crossing_pairs(graph, board),
        }
    }

    /// The cells with two chosen leaps.
    pub fn two(&self, chosen: &[bool]) -> u64 {
        (0..self.cells)
            .filter(|&c| {
                self.graph
                    .incident(c)
                    .iter()
                    .filter(|&&e| chosen[e])
                    .count()
                    == 2
            })
            .count() as u64
    }

    /// The pairs of `pairs` whose two leaps are chosen.
    pub fn both(&self, pairs: &[(usize, usize)], chosen: &[bool]) -> u64 {
        pairs
            .iter()
            .filter(|&&(e, f)| chosen[e] && chosen[f])
            .count() as u64
    }

    /// The pairs of opposite leaps at a cell ([`straight_pairs`]).
    pub fn straight(&self) -> &[(usize, usize)] {
        &self.straight
    }

    /// The pairs of leaps at a cell meeting at a right angle or less ([`gentle_pairs`]).
    pub fn gentle(&self) -> &[(usize, usize)] {
        &self.gentle
    }

    /// The pairs of leaps that cross ([`crossing_pairs`]).
    pub fn crossing(&self) -> &[(usize, usize)] {
        &self.crossing
    }

    /// The lines of leaps of the board ([`lines`]).
    pub fn lines(&self) -> &[Vec<usize>] {
        &self.lines
    }
}

/// The chosen leaps of a path of cells (closed: the last back to the first too).
pub fn chosen_of(graph: &Graph, path: &[u32], closed: bool) -> Option<Vec<bool>> {
    let mut chosen = vec![false; graph.edges().len()];
    let n = path.len();
    let steps = if closed { n } else { n.saturating_sub(1) };
    for i in 0..steps {
        chosen[graph.edge(path[i], path[(i + 1) % n])?] = true;
    }
    Some(chosen)
}
