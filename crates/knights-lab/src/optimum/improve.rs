//! A local search over tours: the starting tour of `knights optimum` (the
//! construction's) improved before the solver sees it, because on the larger boards
//! the solver's first answers come late or never and its result is the start it was
//! given. Every move keeps the tour a tour (`walk.rs`). Simulated annealing on the
//! measure's cost ([`Cost`]) with a fixed seed and a fixed number of steps, so the same
//! command finds the same tour (unless the time limit cuts it short). A cost that is
//! not the measure itself (the longest run's, a maximum annealed on a sum over the
//! runs) keeps the tour that is best by the measure.

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::rotations;
use super::walk::{Cost, Walk};
use super::Spec;
use crate::motif::Graph;

/// Steps of the search per cell of the board, in all rounds.
pub const STEPS_PER_CELL: u64 = 200_000;

/// The seed of the search (the starting tour's, and `--improve`'s unless `--seed`).
pub const SEED: u64 = 27;

/// Rounds of annealing, each from the best tour found so far.
const ROUNDS: u64 = 8;

/// The tour `path` of `spec` improved by the search (the least value of its measure
/// that it finds), with its value; the path itself when it finds nothing better. It
/// stops early, with the best so far, when `budget` runs out.
pub fn improve(spec: &Spec, path: &[u32], value: u64, budget: Duration) -> (Vec<u32>, u64) {
    anneal(spec, path, value, budget, SEED)
}

/// The search of `knights optimum --improve`, with `seed`: the annealing of
/// [`improve`] and then, on a closed tour whose crossings are minimized, the rotation
/// search (`rotations.rs`) from its tour, within what is left of `budget`. Never worse
/// than the tour it is given.
pub fn improve_seeded(
    spec: &Spec,
    path: &[u32],
    value: u64,
    budget: Duration,
    seed: u64,
) -> (Vec<u32>, u64) {
    let clock = Instant::now();
    let (path, value) = anneal(spec, path, value, budget, seed);
    if !spec.closed || spec.measure.name() != "crossings" {
        return (path, value);
    }
    let graph = Graph::new(&spec.board);
    let pairs = super::crossing_pairs(&graph, &spec.board);
    let crossing = rotations::crossing_lists(graph.edges().len(), &pairs);
    let left = budget.saturating_sub(clock.elapsed());
    rotations::search(
        &graph,
        &crossing,
        (&path, value),
        (seed, rotations::SCHEDULE),
        left,
    )
}

/// Simulated annealing with the moves of `walk.rs`, from `seed`.
fn anneal(spec: &Spec, path: &[u32], value: u64, budget: Duration, seed: u64) -> (Vec<u32>, u64) {
    let clock = Instant::now();
    let board = &spec.board;
    let graph = Graph::new(board);
    let Some(mut walk) = Walk::new(board, &graph, path, spec.closed) else {
        return (path.to_vec(), value);
    };
    let cost = spec.measure.cost(&graph, board);
    let start = cost.start(&walk, value);
    let (mut now, mut best) = (start, (path.to_vec(), start));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let per = STEPS_PER_CELL * board.cells() / ROUNDS;
    for _ in 0..ROUNDS {
        for k in 0..per {
            if k % 4096 == 0 && clock.elapsed() > budget {
                break;
            }
            let heat = 2.0 * (0.02f64 / 2.0).powf(k as f64 / per as f64);
            let Some(m) = walk.draw(&mut rng) else {
                continue;
            };
            let d = cost.delta(&mut walk, &m);
            if d <= 0 || rng.gen_bool((-(d as f64) / heat).exp()) {
                walk.apply(&m);
                now += d;
                if now < best.1 {
                    best = (walk.tour().to_vec(), now);
                }
            }
        }
        // The next round starts from the best.
        walk.reset(&best.0);
        now = best.1;
    }
    kept(spec, &graph, cost.as_ref(), (path, value), best)
}

/// The tour the search keeps: the best by its cost, when that is the measure; else
/// the best by the measure of the start and the best by the cost.
fn kept(
    spec: &Spec,
    graph: &Graph,
    cost: &dyn Cost,
    (path, value): (&[u32], u64),
    best: (Vec<u32>, i64),
) -> (Vec<u32>, u64) {
    if cost.exact() {
        return (best.0, best.1 as u64);
    }
    let chosen = super::chosen_of(graph, &best.0, spec.closed).expect("a tour");
    let measured = spec.measure.value(graph, &spec.board, &chosen);
    if measured < value {
        (best.0, measured)
    } else {
        (path.to_vec(), value)
    }
}
