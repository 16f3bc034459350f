//! A region of a tour as the piece searches cut it out: closed under the diagonals that
//! graze it, with its ports (the cells just outside it that the tour enters it from)
//! paired as the tour pairs them through it. A cover that joins the same pairs keeps
//! the patched tour one cycle.

use std::collections::HashSet;

use super::error::SearchError;
use crate::gadget::Cell;
use knights_core::Leaper;

/// The cell a knight's move `d` away from `c`.
pub(super) fn step(c: Cell, d: u8) -> Cell {
    let (dx, dy) = Leaper::KNIGHT.dirs()[d as usize];
    (c.0 + dx, c.1 + dy)
}

/// The ports of a region (outside cells the tour enters it from), paired as the tour
/// joins them through the region: entries, then the exit each one reaches.
pub(super) fn ports(
    cells: &[Cell],
    moves: &dyn Fn(i32, i32) -> u8,
) -> Result<(Vec<Cell>, Vec<Cell>), SearchError> {
    let inside: HashSet<Cell> = cells.iter().copied().collect();
    let dirs = |c: Cell| (0..8u8).filter(move |&d| moves(c.0, c.1) >> d & 1 == 1);
    let mut port_set = Vec::new();
    for &c in cells {
        for d in dirs(c) {
            let o = step(c, d);
            if !inside.contains(&o) && !port_set.contains(&o) {
                port_set.push(o);
            }
        }
    }
    port_set.sort_unstable();
    let (mut entries, mut exits) = (Vec::new(), Vec::new());
    let mut done = HashSet::new();
    for &p in &port_set {
        if done.contains(&p) {
            continue;
        }
        let into: Vec<u8> = dirs(p).filter(|&d| inside.contains(&step(p, d))).collect();
        if into.len() != 1 {
            return Err(SearchError::Port {
                port: p,
                moves: into.len(),
            });
        }
        let (mut prev, mut at) = (p, step(p, into[0]));
        while inside.contains(&at) {
            let next = dirs(at)
                .map(|d| step(at, d))
                .find(|&o| o != prev)
                .ok_or(SearchError::Stops(at))?;
            (prev, at) = (at, next);
        }
        done.insert(p);
        done.insert(at);
        entries.push(p);
        exits.push(at);
    }
    Ok((entries, exits))
}

/// The region with every outside cell both of whose moves lead into it (a diagonal
/// just grazing it) taken in, until there is none.
pub(super) fn closed(cells: &[Cell], moves: &dyn Fn(i32, i32) -> u8) -> Vec<Cell> {
    let mut out = cells.to_vec();
    loop {
        let inside: HashSet<Cell> = out.iter().copied().collect();
        let grazing: Vec<Cell> = out
            .iter()
            .flat_map(|&c| (0..8u8).map(move |d| step(c, d)))
            .filter(|o| !inside.contains(o))
            .filter(|&o| {
                let m = moves(o.0, o.1);
                m != 0 && (0..8u8).all(|d| m >> d & 1 == 0 || inside.contains(&step(o, d)))
            })
            .collect::<HashSet<_>>()
            .into_iter()
            .collect();
        if grazing.is_empty() {
            return out;
        }
        out.extend(grazing);
        out.sort_unstable();
    }
}
