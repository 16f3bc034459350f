//! The finite window's integer program (see `window.rs`), solved by HiGHS (the `motif`
//! feature): a 0/1 column per free leap, the degree rows, a straight column per pair of
//! opposite free leaps at a cell, a label per cell and pair of the best tour carried
//! across taken leaps (fixed at the forced leaps that end at a boundary leap, equal
//! across links). First the turns, then the crossings at those turns; pieces no
//! boundary leap reaches are cut lazily ("two free leaps leave these cells"), and a
//! path to the wrong pair (the labels forbid it; kept as a check) by a no-good row.

use std::time::{Duration, Instant};

use highs::{Col, HighsModelStatus, HighsSolutionStatus, Model, RowProblem, Sense};

use super::window::{End, Straight, Window};
use knights_core::Error;

/// A lazy row.
enum Cut {
    /// At least two free leaps leave these cells.
    Leave(Vec<usize>),
    /// Not all of these free leaps.
    NoGood(Vec<usize>),
}

/// What a solve found.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The free leaps taken.
    pub chosen: Vec<bool>,
    /// Turns in the window, and the bound proved.
    pub turns: (u32, u32),
    /// Crossings its leaps add, and the bound proved.
    pub crossings: (u32, u32),
    /// Seconds.
    pub seconds: f64,
}

/// Solves the window: turns, then crossings at those turns, each within `limit`.
pub fn solve(win: &Window, limit: Duration) -> Result<Solved, Error> {
    let clock = Instant::now();
    let mut cuts = Vec::new();
    let (chosen, turns) = phase(win, None, None, &mut cuts, limit)?;
    let chosen =
        chosen.ok_or_else(|| Error::internal("no transition fits the window (infeasible)"))?;
    let t = win.turns(&chosen);
    let (better, crossings) = phase(win, Some(t), Some(&chosen), &mut cuts, limit)?;
    let chosen = better.unwrap_or(chosen);
    Ok(Solved {
        turns: (t, turns.min(t)),
        crossings: (
            win.crossings(&chosen),
            crossings.min(win.crossings(&chosen)),
        ),
        chosen,
        seconds: clock.elapsed().as_secs_f64(),
    })
}

/// One phase: the best valid solution found (if any) and the bound.
fn phase(
    win: &Window,
    most_turns: Option<u32>,
    start: Option<&[bool]>,
    cuts: &mut Vec<Cut>,
    limit: Duration,
) -> Result<(Option<Vec<bool>>, u32), Error> {
    let clock = Instant::now();
    let value = |c: &[bool]| match most_turns {
        None => win.turns(c),
        Some(_) => win.crossings(c),
    };
    let (mut model, x) = build(win, most_turns, cuts);
    let mut best: Option<Vec<bool>> = start.map(<[bool]>::to_vec);
    let mut bound = 0u32;
    loop {
        let left = limit.saturating_sub(clock.elapsed());
        if left.is_zero() {
            break;
        }
        model.set_option("time_limit", left.as_secs_f64());
        let solved = model.solve();
        let status = solved.status();
        if status == HighsModelStatus::Infeasible {
            return Ok((best, u32::MAX));
        }
        if !matches!(
            status,
            HighsModelStatus::Optimal | HighsModelStatus::ReachedTimeLimit
        ) {
            return Err(Error::internal(format!(
                "HiGHS stopped with status {status:?} on the window"
            )));
        }
        let optimal = status == HighsModelStatus::Optimal;
        let offset = match most_turns {
            None => win.cells.len() as f64,
            Some(_) => 0.0,
        };
        let dual = solved
            .double_info_value(c"mip_dual_bound")
            .ok()
            .filter(|d| d.is_finite())
            .or(optimal.then(|| solved.objective_value()));
        if let Some(d) = dual {
            bound = bound.max((d + offset - 1e-6).ceil().max(0.0) as u32);
        }
        let feasible = solved.primal_solution_status() == HighsSolutionStatus::Feasible;
        let chosen: Option<Vec<bool>> = feasible.then(|| {
            let sol = solved.get_solution();
            x.iter().map(|&c| sol[c] > 0.5).collect()
        });
        model = Model::from(solved);
        let Some(chosen) = chosen else { break };
        let (unreached, wrong) = win.broken(&chosen);
        if unreached.is_empty() && wrong.is_empty() {
            if best.as_deref().is_none_or(|b| value(&chosen) < value(b)) {
                best = Some(chosen);
            }
            break;
        }
        let new: Vec<Cut> = unreached
            .into_iter()
            .map(Cut::Leave)
            .chain(wrong.into_iter().map(Cut::NoGood))
            .collect();
        for cut in &new {
            let (lo, hi, row) = cut_row(win, &x, cut);
            model.add_row(lo..=hi, row);
        }
        cuts.extend(new);
        if !optimal {
            break;
        }
    }
    Ok((best, bound))
}

/// A lazy cut as a row.
fn cut_row(win: &Window, x: &[Col], cut: &Cut) -> (f64, f64, Vec<(Col, f64)>) {
    match cut {
        Cut::Leave(cells) => {
            let row = (0..win.leaps.len())
                .filter(|&e| {
                    let (a, b, _) = win.leaps[e];
                    cells.binary_search(&a).is_ok() != cells.binary_search(&b).is_ok()
                })
                .map(|e| (x[e], 1.0))
                .collect();
            (2.0, f64::INFINITY, row)
        }
        Cut::NoGood(leaps) => {
            let mut leaps = leaps.clone();
            leaps.sort_unstable();
            leaps.dedup();
            (
                f64::NEG_INFINITY,
                leaps.len() as f64 - 1.0,
                leaps.iter().map(|&e| (x[e], 1.0)).collect(),
            )
        }
    }
}

/// The model: turns (`most_turns` none) or crossings at most those turns.
fn build(win: &Window, most_turns: Option<u32>, cuts: &[Cut]) -> (Model, Vec<Col>) {
    let mut pb = RowProblem::default();
    let turns = most_turns.is_none();
    let fixed_gain = |e: usize| {
        win.straight
            .iter()
            .filter(|(_, s)| *s == Straight::Fixed(e))
            .count() as f64
    };
    let x: Vec<Col> = (0..win.leaps.len())
        .map(|e| {
            let cost = if turns {
                -fixed_gain(e)
            } else {
                f64::from(win.fixed_cross[e])
            };
            pb.add_integer_column(cost, 0..=1)
        })
        .collect();
    let mut straight_row: Vec<(Col, f64)> = Vec::new();
    let mut always = 0.0;
    for &(_, s) in &win.straight {
        match s {
            Straight::Pair(e, f) => {
                let c = pb.add_column(if turns { -1.0 } else { 0.0 }, 0..=1);
                pb.add_row(..=0, [(c, 1.0), (x[e], -1.0)]);
                pb.add_row(..=0, [(c, 1.0), (x[f], -1.0)]);
                straight_row.push((c, 1.0));
            }
            Straight::Fixed(_) => {}
            Straight::Always => always += 1.0,
        }
    }
    // A free leap may go straight on at both its ends: one entry, its count.
    for (e, &col) in x.iter().enumerate() {
        let gain = fixed_gain(e);
        if gain > 0.0 {
            straight_row.push((col, gain));
        }
    }
    if let Some(most) = most_turns {
        for &(e, f) in &win.pair_cross {
            let k = pb.add_column(1.0, 0..=1);
            pb.add_row(-1.0.., [(k, 1.0), (x[e], -1.0), (x[f], -1.0)]);
        }
        let least = win.cells.len() as f64 - f64::from(most) - always;
        pb.add_row(least.., straight_row);
    }
    for v in 0..win.cells.len() {
        let d = f64::from(win.need[v]);
        pb.add_row(d..=d, win.at[v].iter().map(|&e| (x[e], 1.0)));
    }
    labels(&mut pb, win, &x);
    for cut in cuts {
        let (lo, hi, row) = cut_row(win, &x, cut);
        pb.add_row(lo..=hi, row);
    }
    let mut model = pb.optimise(Sense::Minimise);
    model.make_quiet();
    model.set_option("mip_rel_gap", 0.0);
    (model, x)
}

/// A label per cell and pair, one per cell, fixed or tied at the forced leaps and
/// carried across taken leaps: every path joins two boundary leaps of one pair.
fn labels(pb: &mut RowProblem, win: &Window, x: &[Col]) {
    let m = win.pairs;
    if m == 0 {
        return;
    }
    let y: Vec<Col> = (0..win.cells.len() * m)
        .map(|_| pb.add_column(0.0, 0..=1))
        .collect();
    for v in 0..win.cells.len() {
        pb.add_row(1..=1, (0..m).map(|j| (y[v * m + j], 1.0)));
    }
    for (k, f) in win.forced.iter().enumerate() {
        match f.end {
            End::Pair(j) => {
                pb.add_row(1..=1, [(y[f.cell * m + j], 1.0)]);
            }
            End::Link(o) if o > k && win.forced[o].cell != f.cell => {
                let g = win.forced[o].cell;
                for j in 0..m {
                    pb.add_row(0..=0, [(y[f.cell * m + j], 1.0), (y[g * m + j], -1.0)]);
                }
            }
            End::Link(_) => {}
        }
    }
    for (e, &(a, b, _)) in win.leaps.iter().enumerate() {
        for j in 0..m {
            let (u, w) = (y[a * m + j], y[b * m + j]);
            pb.add_row(..=1, [(u, 1.0), (w, -1.0), (x[e], 1.0)]);
            pb.add_row(..=1, [(w, 1.0), (u, -1.0), (x[e], 1.0)]);
        }
    }
}
