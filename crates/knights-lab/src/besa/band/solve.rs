//! The band's integer program, solved by HiGHS (the `motif` feature, the solver of
//! `knights optimum`): a 0/1 column per candidate leap, degree rows at every node, a
//! straight column per pair of opposite candidate leaps at a cell (`s <= x_e`,
//! `s <= x_f`, and `s + x_g <= 1` for every other leap `g` there), and for the
//! crossings a column per crossing pair (`k >= x_e + x_f - 1`). Two phases: the turns
//! are minimized; then, with the turns held at the best found, the crossings. Pieces
//! with no port are cut lazily ("at least two leaps leave these cells"), the cuts kept
//! from the first phase to the second. Each solve is of a relaxation of the full model
//! (it lacks some cuts), so its bound holds for every solution; an answer with no
//! portless piece from a solve HiGHS finished is optimal.
//!
//! Asked to join the ports as the plain tour does ([`Joining::Plain`]), every node gets
//! a label per pair of ports the plain tour joins (`y_vj` between 0 and 1, summing to
//! 1; a port's fixed to its pair), and a taken leap carries the labels across
//! (`|y_uj - y_vj| <= 1 - x_e`): a path then ends at two ports of one pair. A potential
//! per node, the copy a path is in (0 at a pair's first port, the plain tour's copy at
//! its second), grows by a taken leap's copy step (`|pi_b - pi_a - t| <= M (1 - x_e)`),
//! so the path also ends in the right copy. Lazy rows stay as a check: a no-good row
//! (not all of a path's leaps) for a path to its partner in the wrong copy, "two leaps
//! leave its nodes" for a path to a wrong port.

use std::time::{Duration, Instant};

use highs::{Col, HighsModelStatus, HighsSolutionStatus, Model, RowProblem, Sense};

use super::problem::{Problem, Straight};
use super::{describe_matching, Found, Joining};
use knights_core::Error;

/// Which measure a phase minimizes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Turns per period.
    Turns,
    /// Crossings per period, the turns held at most the given number.
    Crossings(u32),
}

/// The model's columns, in the order they were added.
struct Columns {
    x: Vec<Col>,
    s: Vec<Col>,
    k: Vec<Col>,
    labels: Vec<Col>,
}

/// A lazy row: at least two leaps leave these nodes, or not all of these leaps.
enum Cut {
    Leave(Vec<usize>),
    NoGood(Vec<usize>),
}

impl Cut {
    /// Adds the row to `add`, in the leaps' columns `x`.
    fn row(&self, p: &Problem, x: &[Col], add: &mut dyn FnMut(f64, f64, Vec<(Col, f64)>)) {
        match self {
            Cut::Leave(nodes) => add(
                2.0,
                f64::INFINITY,
                p.leaving(nodes).iter().map(|&e| (x[e], 1.0)).collect(),
            ),
            Cut::NoGood(leaps) => add(
                f64::NEG_INFINITY,
                leaps.len() as f64 - 1.0,
                leaps.iter().map(|&e| (x[e], 1.0)).collect(),
            ),
        }
    }
}

/// The rows `chosen` breaks: its portless pieces, and (joining as plain) its paths to
/// the wrong port.
fn cuts_of(p: &Problem, chosen: &[bool], joining: Joining) -> Vec<Cut> {
    let mut out: Vec<Cut> = p.portless(chosen).into_iter().map(Cut::Leave).collect();
    if joining == Joining::Plain && out.is_empty() {
        let plain = p.matching(&p.plain);
        let partner = |a: usize| {
            plain
                .iter()
                .find_map(|&(x, y, _)| (x == a).then_some(y).or((y == a).then_some(x)))
        };
        for (a, b, t, leaps) in p.paths(chosen) {
            if plain.contains(&(a, b, t)) {
                continue;
            }
            if partner(a) == Some(b) || partner(b) == Some(a) {
                out.push(Cut::NoGood(leaps));
            } else {
                out.push(Cut::Leave(p.nodes_of(&leaps)));
            }
        }
    }
    out
}

/// What a phase found: the best solution, its value, the bound, solves and cuts.
struct Best {
    chosen: Vec<bool>,
    value: u32,
    bound: u32,
    solves: usize,
}

/// Solves `p`: turns, then crossings at those turns, each phase within `limit`.
pub(super) fn solve(p: &Problem, joining: Joining, limit: Duration) -> Result<Found, Error> {
    let clock = Instant::now();
    let mut cuts: Vec<Cut> = Vec::new();
    let plain = (p.turns(&p.plain), p.crossings(&p.plain));
    // The best tour's heels, when they fit the band, else the plain tour.
    let start = super::best_start(p)
        .filter(|b| p.turns(b) < plain.0)
        .unwrap_or_else(|| p.plain.clone());
    let turns = phase(p, (Phase::Turns, joining), &start, &mut cuts, limit)?;
    let crossings = phase(
        p,
        (Phase::Crossings(turns.value), joining),
        &turns.chosen,
        &mut cuts,
        limit,
    )?;
    let (plain_matching, matching) = describe_matching(p, &crossings.chosen);
    Ok(Found {
        band: p.band,
        joining,
        plain,
        turns: (turns.value, turns.bound),
        crossings: (crossings.value, crossings.bound),
        chosen: crossings.chosen,
        plain_matching,
        matching,
        seconds: clock.elapsed().as_secs_f64(),
        solves: turns.solves + crossings.solves,
        cuts: cuts.len(),
    })
}

/// One phase: solve, cut the portless pieces, solve again, from the best solution known
/// (`start`, valid), until an answer is proved or the time is out.
fn phase(
    p: &Problem,
    (which, joining): (Phase, Joining),
    start: &[bool],
    cuts: &mut Vec<Cut>,
    limit: Duration,
) -> Result<Best, Error> {
    let clock = Instant::now();
    let value = |c: &[bool]| match which {
        Phase::Turns => p.turns(c),
        Phase::Crossings(_) => p.crossings(c),
    };
    let (mut model, cols) = build(p, (which, joining), cuts);
    let mut best = Best {
        chosen: start.to_vec(),
        value: value(start),
        bound: 0,
        solves: 0,
    };
    loop {
        let left = limit.saturating_sub(clock.elapsed());
        if left.is_zero() {
            break;
        }
        model.set_option("time_limit", left.as_secs_f64());
        let _ = model.try_set_solution(Some(&values(p, &cols, &best.chosen)), None, None, None);
        let solved = model.solve();
        best.solves += 1;
        let status = solved.status();
        if !matches!(
            status,
            HighsModelStatus::Optimal | HighsModelStatus::ReachedTimeLimit
        ) {
            return Err(Error::internal(format!(
                "HiGHS stopped with status {status:?} on the band {}",
                p.band.name()
            )));
        }
        let optimal = status == HighsModelStatus::Optimal;
        let dual = solved
            .double_info_value(c"mip_dual_bound")
            .ok()
            .filter(|d| d.is_finite())
            .or(optimal.then(|| solved.objective_value()));
        // The turns' objective counts the straight nodes, negated.
        let offset = match which {
            Phase::Turns => p.nodes.len() as f64,
            Phase::Crossings(_) => 0.0,
        };
        if let Some(d) = dual.map(|d| d + offset) {
            best.bound = best.bound.max((d - 1e-6).ceil().max(0.0) as u32);
        }
        let feasible = solved.primal_solution_status() == HighsSolutionStatus::Feasible;
        let chosen: Option<Vec<bool>> = feasible.then(|| {
            let sol = solved.get_solution();
            cols.x.iter().map(|&c| sol[c] > 0.5).collect()
        });
        model = Model::from(solved);
        let Some(chosen) = chosen else { break };
        let broken = cuts_of(p, &chosen, joining);
        if broken.is_empty() {
            let v = value(&chosen);
            if v < best.value {
                best.value = v;
                best.chosen = chosen;
            }
            break;
        }
        for cut in broken {
            cut.row(p, &cols.x, &mut |lo, hi, row| {
                model.add_row(lo..=hi, row);
            });
            cuts.push(cut);
        }
        if !optimal {
            break;
        }
    }
    best.bound = best.bound.min(best.value);
    Ok(best)
}

/// The model of `which` with the cuts so far.
fn build(p: &Problem, (which, joining): (Phase, Joining), cuts: &[Cut]) -> (Model, Columns) {
    let mut pb = RowProblem::default();
    let turns = which == Phase::Turns;
    let x: Vec<Col> = (0..p.leaps.len())
        .map(|e| {
            let cost = if turns {
                // A port's leap straight on from its fixed move saves a turn.
                -(p.straight
                    .iter()
                    .filter(|s| **s == Straight::Fixed(e))
                    .count() as f64)
            } else {
                f64::from(p.fixed_cross[e] + p.self_cross[e])
            };
            pb.add_integer_column(cost, 0..=1)
        })
        .collect();
    let mut s = Vec::new();
    // The straight columns' sum, with the fixed ones' leaps: nodes less the turns.
    let mut straight_row: Vec<(Col, f64)> = Vec::new();
    for st in &p.straight {
        match *st {
            Straight::Fixed(e) => straight_row.push((x[e], 1.0)),
            Straight::Pair(e, f, node) => {
                let c = pb.add_column(if turns { -1.0 } else { 0.0 }, 0..=1);
                pb.add_row(..=0, [(c, 1.0), (x[e], -1.0)]);
                pb.add_row(..=0, [(c, 1.0), (x[f], -1.0)]);
                // A cell going straight on holds nothing else.
                for &g in p.at[node].iter().filter(|&&g| g != e && g != f) {
                    pb.add_row(..=1, [(c, 1.0), (x[g], 1.0)]);
                }
                straight_row.push((c, 1.0));
                s.push(c);
            }
        }
    }
    let mut k = Vec::new();
    if let Phase::Crossings(most) = which {
        for &(e, f, w) in &p.pair_cross {
            let c = pb.add_column(f64::from(w), 0..=1);
            pb.add_row(-1.0.., [(c, 1.0), (x[e], -1.0), (x[f], -1.0)]);
            k.push(c);
        }
        let least_straight = p.nodes.len() as f64 - f64::from(most);
        pb.add_row(least_straight.., straight_row);
    }
    for (node, es) in p.at.iter().enumerate() {
        let d = f64::from(p.degree[node]);
        pb.add_row(d..=d, es.iter().map(|&e| (x[e], 1.0)));
    }
    flow(&mut pb, p, &x);
    let labels = match joining {
        Joining::Plain => label(&mut pb, p, &x),
        Joining::Any => Vec::new(),
    };
    for cut in cuts {
        cut.row(p, &x, &mut |lo, hi, row| {
            pb.add_row(lo..=hi, row);
        });
    }
    let mut model = pb.optimise(Sense::Minimise);
    model.make_quiet();
    model.set_option("mip_rel_gap", 0.0);
    (model, Columns { x, s, k, labels })
}

/// Rows that tie every band cell to a port: each cell takes one unit of a commodity
/// the ports give out, carried only along taken leaps (at most a unit per band cell
/// each way). A portless piece gets none, so needs no cut; the lazy cuts stay as a
/// check.
fn flow(pb: &mut RowProblem, p: &Problem, x: &[Col]) {
    let most = p.n_band as f64;
    let mut balance: Vec<Vec<(Col, f64)>> = vec![Vec::new(); p.nodes.len()];
    for (e, l) in p.leaps.iter().enumerate() {
        for (from, to) in [(l.a, l.b), (l.b, l.a)] {
            let f = pb.add_column(0.0, 0.0..=most);
            pb.add_row(..=0, [(f, 1.0), (x[e], -most)]);
            balance[from].push((f, -1.0));
            balance[to].push((f, 1.0));
        }
    }
    // A band cell keeps one unit; a port gives out what it likes.
    for row in balance.into_iter().take(p.n_band) {
        pb.add_row(1..=1, row);
    }
}

/// The label columns and rows that make every path join two ports the plain tour
/// joins; the columns, node by node and pair by pair.
fn label(pb: &mut RowProblem, p: &Problem, x: &[Col]) -> Vec<Col> {
    let pairs = p.matching(&p.plain);
    let pair_of = |v: usize| pairs.iter().position(|&(a, b, _)| a == v || b == v);
    let m = pairs.len();
    let mut y = Vec::with_capacity(p.nodes.len() * m);
    for v in 0..p.nodes.len() {
        for j in 0..m {
            let fixed = (v >= p.n_band).then(|| f64::from(u8::from(pair_of(v) == Some(j))));
            y.push(match fixed {
                Some(f) => pb.add_column(0.0, f..=f),
                None => pb.add_column(0.0, 0..=1),
            });
        }
        if v < p.n_band {
            pb.add_row(1..=1, (0..m).map(|j| (y[v * m + j], 1.0)));
        }
    }
    for (e, l) in p.leaps.iter().enumerate() {
        for j in 0..m {
            let (u, w) = (y[l.a * m + j], y[l.b * m + j]);
            pb.add_row(..=1, [(u, 1.0), (w, -1.0), (x[e], 1.0)]);
            pb.add_row(..=1, [(w, 1.0), (u, -1.0), (x[e], 1.0)]);
        }
    }
    // The potentials: a path visits at most every band cell, one copy step a leap.
    let big = 2.0 * p.n_band as f64 + 4.0;
    let pi: Vec<Col> = (0..p.nodes.len())
        .map(|v| {
            let at_port = pairs.iter().find_map(|&(a, b, t)| {
                (a == v).then_some(0.0).or((b == v).then_some(f64::from(t)))
            });
            match at_port {
                Some(f) => pb.add_column(0.0, f..=f),
                None => pb.add_column(0.0, -big..=big),
            }
        })
        .collect();
    for (e, l) in p.leaps.iter().enumerate() {
        let t = f64::from(l.t);
        // pi_b - pi_a - t <= big (1 - x_e), and >= -big (1 - x_e).
        pb.add_row(..=big + t, [(pi[l.b], 1.0), (pi[l.a], -1.0), (x[e], big)]);
        pb.add_row(t - big.., [(pi[l.b], 1.0), (pi[l.a], -1.0), (x[e], -big)]);
    }
    y.extend(pi);
    y
}

/// The column values of the solution `chosen` (for a starting answer), in the order
/// the columns were added.
fn values(p: &Problem, cols: &Columns, chosen: &[bool]) -> Vec<f64> {
    let on = |b: bool| f64::from(u8::from(b));
    let mut v: Vec<f64> = chosen.iter().map(|&c| on(c)).collect();
    let pairs = p.straight.iter().filter_map(|s| match *s {
        Straight::Pair(e, f, _) => Some(on(chosen[e] && chosen[f])),
        Straight::Fixed(_) => None,
    });
    v.extend(pairs.take(cols.s.len()));
    if !cols.k.is_empty() {
        v.extend(
            p.pair_cross
                .iter()
                .map(|&(e, f, _)| on(chosen[e] && chosen[f])),
        );
    }
    v.extend(flows_of(p, chosen));
    if !cols.labels.is_empty() {
        v.extend(labels_of(p, chosen));
    }
    v
}

/// The commodity of a valid solution: along each path from its lower port, as many
/// units on each leap as band cells are left ahead; per leap, `a` to `b` then back.
fn flows_of(p: &Problem, chosen: &[bool]) -> Vec<f64> {
    let mut f = vec![[0.0f64; 2]; p.leaps.len()];
    for (a, _, _, leaps) in p.paths(chosen) {
        let mut at = a;
        let mut left = leaps.len() as f64 - 1.0;
        for e in leaps {
            let l = p.leaps[e];
            let (next, way) = if l.a == at { (l.b, 0) } else { (l.a, 1) };
            f[e][way] = left;
            left -= 1.0;
            at = next;
        }
    }
    f.into_iter().flatten().collect()
}

/// The labels of a solution that joins the ports as the plain tour does: each node's
/// pair, by the path through it (a node on no path, pair 0).
fn labels_of(p: &Problem, chosen: &[bool]) -> Vec<f64> {
    let pairs = p.matching(&p.plain);
    let m = pairs.len();
    let mut of = vec![0usize; p.nodes.len()];
    for (a, b, _, leaps) in p.paths(chosen) {
        let j = pairs
            .iter()
            .position(|&(c, d, _)| (c, d) == (a, b))
            .unwrap_or(0);
        for v in p.nodes_of(&leaps) {
            of[v] = j;
        }
    }
    let mut out: Vec<f64> = (0..p.nodes.len())
        .flat_map(|v| (0..m).map(move |j| (v, j)))
        .map(|(v, j)| f64::from(u8::from(of[v] == j)))
        .collect();
    out.extend(potentials_of(p, chosen));
    out
}

/// Each node's copy along its path from the path's lower port (0 there).
fn potentials_of(p: &Problem, chosen: &[bool]) -> Vec<f64> {
    let mut pi = vec![0.0; p.nodes.len()];
    for (a, _, _, leaps) in p.paths(chosen) {
        let (mut at, mut copy) = (a, 0);
        for e in leaps {
            let l = p.leaps[e];
            let (next, dt) = if l.a == at { (l.b, l.t) } else { (l.a, -l.t) };
            copy += dt;
            at = next;
            pi[at] = f64::from(copy);
        }
    }
    pi
}
