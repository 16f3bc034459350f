//! Pósa rotations: reshaping a path over a fixed set of cells so its end moves.
//!
//! If the end `e` of the path `v0 .. vi vi+1 .. e` is a leap from `vi`, then
//! `v0 .. vi e .. vi+1` is a path over the same cells ending at `vi+1` (and the same
//! at the start, mirrored). Each rotation moves an end at most two leaps. Closing walks
//! the two ends towards each other (greedily, with some random moves to escape local
//! minima) and takes, at every step, a rotation that brings them a leap apart as soon
//! as one exists. Growing extends a path by Warnsdorff's rule and, when its end is
//! stuck, rotates the end towards the cells still free.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::field::Field;
use super::rules::{At, Rule};

/// Reverses `path[a..=b]`, keeping `pos` (the index of every cell in `path`) right.
fn reverse(path: &mut [u32], pos: &mut [u32], a: usize, b: usize) {
    path[a..=b].reverse();
    for (i, &p) in path[a..=b].iter().enumerate() {
        pos[p as usize] = (a + i) as u32;
    }
}

/// Squared distance between two cells.
fn dist2(field: &Field, p: u32, q: u32) -> u64 {
    let ((px, py), (qx, qy)) = (field.xy(p), field.xy(q));
    let (dx, dy) = (px.abs_diff(qx) as u64, py.abs_diff(qy) as u64);
    dx * dx + dy * dy
}

/// A rotation that leaves the two ends a leap apart, as the segment to reverse.
fn closing_rotation(field: &Field, path: &[u32], pos: &[u32]) -> Option<(usize, usize)> {
    let k = path.len() - 1;
    let (s, e) = (path[0], path[k]);
    for u in field.neighbours(e).filter(|&u| field.is_cell(u)) {
        let i = pos[u as usize] as usize;
        if i + 1 < k && field.adjacent(path[i + 1], s) {
            return Some((i + 1, k));
        }
    }
    for u in field.neighbours(s).filter(|&u| field.is_cell(u)) {
        let i = pos[u as usize] as usize;
        if i > 1 && field.adjacent(path[i - 1], e) {
            return Some((0, i - 1));
        }
    }
    None
}

/// One rotation at either end: usually the one whose new end is nearest the other
/// end, one time in four a random one.
fn some_rotation(
    field: &Field,
    path: &[u32],
    pos: &[u32],
    rng: &mut ChaCha8Rng,
) -> Option<(usize, usize)> {
    let k = path.len() - 1;
    let (s, e) = (path[0], path[k]);
    let mut moves = [(0u64, 0usize, 0usize); 16];
    let mut n = 0;
    for u in field.neighbours(e).filter(|&u| field.is_cell(u)) {
        let i = pos[u as usize] as usize;
        if i + 1 < k {
            moves[n] = (dist2(field, path[i + 1], s), i + 1, k);
            n += 1;
        }
    }
    for u in field.neighbours(s).filter(|&u| field.is_cell(u)) {
        let i = pos[u as usize] as usize;
        if i > 1 {
            moves[n] = (dist2(field, path[i - 1], e), 0, i - 1);
            n += 1;
        }
    }
    if n == 0 {
        return None;
    }
    let moves = &mut moves[..n];
    if rng.gen_ratio(1, 4) {
        let (_, a, b) = moves[crate::pick::index(rng, n)];
        return Some((a, b));
    }
    let best = moves.iter().map(|m| m.0).min().expect("n > 0");
    let ties = moves.iter().filter(|m| m.0 == best).count();
    let (_, a, b) = *moves
        .iter()
        .filter(|m| m.0 == best)
        .nth(crate::pick::index(rng, ties))
        .expect("a tie");
    Some((a, b))
}

/// Brings the ends of the Hamiltonian path `path` (padded indices) a leap apart by at
/// most `budget` Pósa rotations. Returns the rotations made, `None` if it failed.
pub(crate) fn close(
    field: &Field,
    path: &mut [u32],
    rng: &mut ChaCha8Rng,
    budget: u64,
) -> Option<u64> {
    if path.len() < 3 {
        return None;
    }
    let mut pos = vec![0u32; field.len()];
    for (i, &p) in path.iter().enumerate() {
        pos[p as usize] = i as u32;
    }
    let k = path.len() - 1;
    for made in 0..budget {
        if field.adjacent(path[0], path[k]) {
            return Some(made);
        }
        if let Some((a, b)) = closing_rotation(field, path, &pos) {
            reverse(path, &mut pos, a, b);
            return Some(made + 1);
        }
        let (a, b) = some_rotation(field, path, &pos, rng)?;
        reverse(path, &mut pos, a, b);
    }
    field.adjacent(path[0], path[k]).then_some(budget)
}

/// Rotations [`close_and_align`] may make on a `w` x `h` board: about ten times what
/// closing takes (measured: 0.2 (w + h) on n x n boards, `closing_measure` below).
fn rotation_budget(field: &Field) -> u64 {
    let (w, h) = field.size();
    200 + 2 * (w as u64 + h as u64)
}

/// `path` closed into a cycle by Pósa rotations and turned to begin at `start`, or
/// `None` when the rotation budget ran out.
pub(crate) fn close_and_align(
    field: &Field,
    mut path: Vec<u32>,
    start: u32,
    seed: u64,
) -> Option<Vec<u32>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    close(field, &mut path, &mut rng, rotation_budget(field))?;
    let at = path.iter().position(|&p| p == start)?;
    path.rotate_left(at);
    Some(path)
}

/// The free cell nearest `from` (a scan of the board: it costs what one rotation
/// costs, and is done once each time the path gets stuck).
fn nearest_free(field: &Field, from: u32) -> Option<u32> {
    (0..field.len() as u32)
        .filter(|&p| field.is_free(p))
        .min_by_key(|&p| dist2(field, p, from))
}

/// A rotation of the end of a stuck path: one whose new end has a free neighbour if
/// there is one, else usually the one whose new end is nearest `target`, one time in
/// four a random one.
fn unsticking_rotation(
    field: &Field,
    path: &[u32],
    pos: &[u32],
    target: u32,
    rng: &mut ChaCha8Rng,
) -> Option<(usize, usize)> {
    let k = path.len() - 1;
    let mut moves = [(0u64, 0usize); 8];
    let mut n = 0;
    for u in field.neighbours(path[k]).filter(|&u| field.is_cell(u)) {
        let i = pos[u as usize] as usize;
        if i + 1 < k && !field.is_free(u) {
            let end = path[i + 1];
            let open = field.neighbours(end).any(|m| field.is_free(m));
            moves[n] = (
                if open {
                    0
                } else {
                    1 + dist2(field, end, target)
                },
                i + 1,
            );
            n += 1;
        }
    }
    if n == 0 {
        return None;
    }
    let moves = &moves[..n];
    let best = moves.iter().map(|m| m.0).min().expect("n > 0");
    let pick = if best > 0 && rng.gen_ratio(1, 4) {
        moves[crate::pick::index(rng, n)]
    } else {
        let ties = moves.iter().filter(|m| m.0 == best).count();
        *moves
            .iter()
            .filter(|m| m.0 == best)
            .nth(crate::pick::index(rng, ties))
            .expect("a tie")
    };
    Some((pick.1, k))
}

/// `path` (visited nowhere yet) grown over every free cell of `field`: steps chosen
/// by `rule` (Warnsdorff's, in practice), and, whenever the end has no free neighbour, a Pósa rotation of
/// the end (the start stays put) towards the free cells, at most `budget` rotations in
/// all. The field is left as it was.
pub(crate) fn grow(
    field: &mut Field,
    mut path: Vec<u32>,
    rule: &mut impl Rule,
    rng: &mut ChaCha8Rng,
    budget: u64,
) -> Option<Vec<u32>> {
    let mut pos = vec![0u32; field.len()];
    let (mut rotations, mut target) = (0, None);
    for (i, &p) in path.iter().enumerate() {
        field.visit(p);
        pos[p as usize] = i as u32;
    }
    while field.remaining() > 0 {
        let end = *path.last().expect("the path starts with one cell");
        let at = At { field, path: &path };
        if let Some(d) = rule.choose(&at, 0) {
            let next = field.step(end, d);
            field.visit(next);
            pos[next as usize] = path.len() as u32;
            path.push(next);
            continue;
        }
        let aim = match target {
            Some(t) if field.is_free(t) => t,
            _ => match nearest_free(field, end) {
                Some(t) => *target.insert(t),
                None => break,
            },
        };
        rotations += 1;
        match unsticking_rotation(field, &path, &pos, aim, rng) {
            Some((a, b)) if rotations <= budget => reverse(&mut path, &mut pos, a, b),
            _ => break,
        }
    }
    let done = field.remaining() == 0;
    // Leaving every visited cell, in any order, restores every degree.
    for &p in &path {
        field.leave(p);
    }
    done.then_some(path)
}
