//! How a model keeps its answers in one piece (issue 40, `knights optimum --connect`).
//! By default lazily (`cuts`): solve, cut each piece of the answer, solve again, each
//! solve a new search of HiGHS. A run whose every solve ends in a cycle cover of the
//! bound (8x8 crossings: five solves of 68 in two or three pieces) spends its hours
//! starting over. So, as an option, connectivity in the model itself, so that every
//! integer answer is a tour and one search proves the optimum:
//!
//! - `flow`, a single-commodity flow: cell 0 sends one unit to every other cell along
//!   the leaps taken, `f_ab + f_ba <= (n - 1) x_e`. Few columns (two per leap) but a
//!   weak relaxation (a leap taken a little carries all the flow);
//! - `multiflow`, a flow per cell `k` other than cell 0: two units from cell 0 to `k`
//!   (one for an open tour), `f_ab <= x_e` each way. Its relaxation is exactly the
//!   subtour rows' (max-flow min-cut: every cell set holding cell 0 and not `k` is
//!   crossed by at least 2), at `2 (n - 1)` columns per leap.
//!
//! Both are valid: a tour (one cycle, or one path) carries such flows along itself,
//! and an answer in two pieces cannot carry flow from the piece of cell 0 to the other.

use std::fmt;
use std::str::FromStr;

use knights_core::Error;

use super::OptimumError;

/// How the model keeps its answers in one piece.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Connect {
    /// Subtour cuts after each solve (and at the relaxation).
    #[default]
    Cuts,
    /// A single-commodity flow from cell 0.
    Flow,
    /// A flow from cell 0 to each other cell.
    Multiflow,
}

impl Connect {
    /// The option's word.
    pub fn name(self) -> &'static str {
        match self {
            Connect::Cuts => "cuts",
            Connect::Flow => "flow",
            Connect::Multiflow => "multiflow",
        }
    }
}

impl fmt::Display for Connect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Connect {
    type Err = Error;

    fn from_str(s: &str) -> Result<Connect, Error> {
        [Connect::Cuts, Connect::Flow, Connect::Multiflow]
            .into_iter()
            .find(|c| c.name() == s)
            .ok_or_else(|| {
                OptimumError::Model {
                    why: format!("--connect {s}: the ways are cuts, flow and multiflow"),
                }
                .into()
            })
    }
}

/// The flow columns and rows (the `motif` feature).
#[cfg(feature = "motif")]
pub mod rows {
    use highs::Col;

    use super::Connect;
    use crate::optimum::model::Columns;

    /// A flow column (they follow the measure's columns, in this order): its
    /// commodity (0 for the single flow, else the cell it goes to), its leap and
    /// whether it runs from the leap's second cell to its first.
    #[derive(Clone, Copy, Debug)]
    pub struct Arc {
        /// The commodity: the cell the flow goes to (0: the single flow to all).
        pub to: u32,
        /// The leap.
        pub leap: usize,
        /// From the leap's second cell to its first.
        pub back: bool,
    }

    /// Adds the flow of `how` to the model (nothing for `cuts`): its columns, their
    /// rows of capacity and of conservation. Returns the arcs, for a starting
    /// answer's values.
    pub fn add(model: &mut Columns<'_>, how: Connect, closed: bool) -> Vec<Arc> {
        let n = model.board().area();
        let edges = model.graph().edges().to_vec();
        let commodities: Vec<u32> = match how {
            Connect::Cuts => return Vec::new(),
            Connect::Flow => vec![0],
            Connect::Multiflow => (1..n as u32).collect(),
        };
        // What each commodity sends, and the capacity it has on a leap taken.
        let (send, cap) = match how {
            Connect::Flow => (1.0, (n - 1) as f64),
            _ => (if closed { 2.0 } else { 1.0 }, 1.0),
        };
        let mut arcs = Vec::new();
        for &to in &commodities {
            let mut out: Vec<Vec<(Col, f64)>> = vec![Vec::new(); n as usize];
            for (e, &(a, b)) in edges.iter().enumerate() {
                let x = model.x(e);
                let there = model.column(0.0, 0.0..=cap);
                let back = model.column(0.0, 0.0..=cap);
                if how == Connect::Flow {
                    model.row(..=0.0, vec![(there, 1.0), (back, 1.0), (x, -cap)]);
                } else {
                    model.row(..=0.0, vec![(there, 1.0), (x, -cap)]);
                    model.row(..=0.0, vec![(back, 1.0), (x, -cap)]);
                }
                // Net outflow of a cell: what leaves it less what enters.
                out[a as usize].extend([(there, 1.0), (back, -1.0)]);
                out[b as usize].extend([(back, 1.0), (there, -1.0)]);
                arcs.push(Arc {
                    to,
                    leap: e,
                    back: false,
                });
                arcs.push(Arc {
                    to,
                    leap: e,
                    back: true,
                });
            }
            for (c, row) in out.into_iter().enumerate() {
                let net = match (how, c as u32) {
                    (Connect::Flow, 0) => send * (n - 1) as f64,
                    (Connect::Flow, _) => -send,
                    (_, 0) => send,
                    (_, k) if k == to => -send,
                    _ => 0.0,
                };
                model.row(net..=net, row);
            }
        }
        arcs
    }

    /// The flow arcs' values for the tour `path` (cells in order, a cycle when
    /// `closed`), in the order of `arcs`: the single flow goes along the tour from
    /// cell 0 (both ways on an open one), the flow to `k` one unit each way round a
    /// cycle (one unit along a path).
    pub fn values(
        arcs: &[Arc],
        edges: &[(u32, u32)],
        path: &[u32],
        closed: bool,
        how: Connect,
    ) -> Vec<f64> {
        let n = path.len();
        let at = path.iter().position(|&c| c == 0).unwrap_or(0);
        // The flow on each directed step (u, v) of the tour.
        let mut flow: std::collections::HashMap<(u32, u32, u32), f64> = Default::default();
        let mut push = |to: u32, u: u32, v: u32, f: f64| {
            *flow.entry((to, u, v)).or_default() += f;
        };
        // The walks from cell 0 along the tour: forward and back (a cycle: each to
        // its end before 0 again; a path: to its two ends).
        let forward: Vec<u32> = if closed {
            (0..n).map(|i| path[(at + i) % n]).collect()
        } else {
            path[at..].to_vec()
        };
        let backward: Vec<u32> = if closed {
            (0..n).map(|i| path[(at + n - i) % n]).collect()
        } else {
            path[..=at].iter().rev().copied().collect()
        };
        match how {
            Connect::Cuts => return Vec::new(),
            Connect::Flow => {
                if closed {
                    // All n - 1 units forward, each cell keeping one.
                    for i in 0..n - 1 {
                        push(0, forward[i], forward[i + 1], (n - 1 - i) as f64);
                    }
                } else {
                    for walk in [&forward, &backward] {
                        let len = walk.len();
                        for i in 0..len.saturating_sub(1) {
                            push(0, walk[i], walk[i + 1], (len - 1 - i) as f64);
                        }
                    }
                }
            }
            Connect::Multiflow => {
                for walk in [&forward, &backward] {
                    for (j, &k) in walk.iter().enumerate().skip(1) {
                        if k == 0 {
                            continue;
                        }
                        for i in 0..j {
                            push(k, walk[i], walk[i + 1], 1.0);
                        }
                    }
                }
            }
        }
        arcs.iter()
            .map(|arc| {
                let (a, b) = edges[arc.leap];
                let (u, v) = if arc.back { (b, a) } else { (a, b) };
                flow.get(&(arc.to, u, v)).copied().unwrap_or(0.0)
            })
            .collect()
    }
}

#[cfg(all(test, feature = "motif"))]
mod tests {
    use super::rows::{values, Arc};
    use super::Connect;
    use crate::motif::Graph;

    /// The arcs `add` makes, without a model: per commodity, each leap both ways.
    fn arcs(n: u32, leaps: usize, how: Connect) -> Vec<Arc> {
        let to: Vec<u32> = match how {
            Connect::Multiflow => (1..n).collect(),
            _ => vec![0],
        };
        to.iter()
            .flat_map(|&to| {
                (0..leaps).flat_map(move |leap| [false, true].map(|back| Arc { to, leap, back }))
            })
            .collect()
    }

    /// A tour's flows, the starting answer's values, keep the model's rows: each cell
    /// sends what it should, and no flow runs on a leap not taken or over capacity.
    #[test]
    fn a_tours_flows_are_conserved_and_within_the_leaps_taken() {
        for (w, h, closed) in [(6, 6, true), (5, 6, true), (5, 5, false)] {
            let board = knights_core::Board::parse_flat(&format!("{w}x{h}")).unwrap();
            let spec = crate::optimum::Spec {
                board: board.clone(),
                closed,
                measure: "turns".parse().unwrap(),
            };
            let (path, _) = crate::optimum::built_tour(&spec).unwrap();
            let graph = Graph::new(&board);
            let edges = graph.edges();
            let chosen = crate::optimum::chosen_of(&graph, &path, closed).unwrap();
            let n = board.area();
            for how in [Connect::Flow, Connect::Multiflow] {
                let arcs = arcs(n as u32, edges.len(), how);
                let v = values(&arcs, edges, &path, closed, how);
                let (send, cap) = match how {
                    Connect::Flow => (1.0, (n - 1) as f64),
                    _ => (if closed { 2.0 } else { 1.0 }, 1.0),
                };
                let mut net = std::collections::HashMap::<(u32, u32), f64>::new();
                for (arc, &f) in arcs.iter().zip(&v) {
                    assert!(f >= 0.0 && f <= cap, "{how}: {f}");
                    assert!(f == 0.0 || chosen[arc.leap], "{how}: flow off the tour");
                    let (a, b) = edges[arc.leap];
                    let (u, x) = if arc.back { (b, a) } else { (a, b) };
                    *net.entry((arc.to, u)).or_default() += f;
                    *net.entry((arc.to, x)).or_default() -= f;
                }
                let commodities: Vec<u32> = match how {
                    Connect::Flow => vec![0],
                    _ => (1..n as u32).collect(),
                };
                for to in commodities {
                    for c in 0..n as u32 {
                        let want = match (how, c) {
                            (Connect::Flow, 0) => send * (n - 1) as f64,
                            (Connect::Flow, _) => -send,
                            (_, 0) => send,
                            (_, k) if k == to => -send,
                            _ => 0.0,
                        };
                        let got = net.get(&(to, c)).copied().unwrap_or(0.0);
                        assert_eq!(got, want, "{w}x{h} {how} to {to}, cell {c}");
                    }
                }
            }
        }
    }
}
