//! The symmetric variants: tours invariant under a half turn (Theorem 2.2: four turned
//! copies of one quadrant tour, joined as usual) and under a quarter turn (Theorem 2.5:
//! four turned copies of an odd quadrant tour missing the corner at the centre, joined
//! through the four centre cells), and the placement of a corner tour's hole.

use knights_core::Error;

use super::canvas::{Canvas, Transform};
use super::split::{join, Builder};
use super::tiles::{is_knight_move, Rc, Tiles, HOLE_MOVE};

/// Section names of the four quadrants, in placement order.
pub(super) fn quadrant_names() -> Vec<String> {
    ["NW", "NE", "SE", "SW"].map(String::from).to_vec()
}

/// How the quadrant tour is laid in each quadrant of an `n` x `n` board so that a
/// quarter turn of the board carries each copy onto the next: NW, NE, SE, SW.
fn turned(first: Transform, n: u32) -> [(Transform, Rc); 4] {
    let m = n / 2;
    let at = [(0, 0), (0, m), (m, m), (m, 0)];
    let turns = [
        Transform::IDENTITY,
        Transform::QUARTER,
        Transform::HALF,
        Transform::THREE_QUARTERS,
    ];
    let mut out = [(Transform::IDENTITY, (0, 0)); 4];
    for q in 0..4 {
        out[q] = (compose(first, turns[q], m), at[q]);
    }
    out
}

/// The transform `second` after `first` on an `m` x `m` square, found by where it
/// sends two cells (a symmetry of the square is fixed by where they go).
fn compose(first: Transform, second: Transform, m: u32) -> Transform {
    let size = (m, m);
    let image = |p: Rc| second.cell(first.cell(p, size), size);
    let all = (0..8).map(|i| Transform::new(i & 4 != 0, i & 2 != 0, i & 1 != 0));
    all.into_iter()
        .find(|t| t.cell((0, 0), size) == image((0, 0)) && t.cell((0, 1), size) == image((0, 1)))
        .expect("the symmetries of a square are closed under composition")
}

/// A closed tour of the `n` x `n` board (4 divides `n`, `n >= 12`) invariant under a
/// half turn: the structured tour of the NW quadrant and its three quarter turns.
pub(super) fn sym180(n: u32, tiles: &Tiles) -> Result<Canvas, Error> {
    let m = n / 2;
    let mut q = Builder::new(m, m, tiles, 0)?;
    q.tour((0, 0), m, m, false)?;
    let mut canvas = Canvas::new(n, n)?;
    for (i, (t, at)) in turned(Transform::IDENTITY, n).into_iter().enumerate() {
        canvas.blit(&q.canvas, t, at, Some(i as u8));
    }
    join(&mut canvas, (m, m))?;
    Ok(canvas)
}

/// A closed tour of the `n` x `n` board (`n = 4k + 2 >= 10`) invariant under a quarter
/// turn: the odd quadrant tour missing its corner, turned into each quadrant with the
/// four holes at the centre; from each copy the move [`HOLE_MOVE`] is deleted and
/// every centre cell is linked to the two freed ends a knight's move from it.
pub(super) fn sym90(n: u32, tiles: &Tiles) -> Result<Canvas, Error> {
    let m = n / 2;
    let mut q = Builder::new(m, m, tiles, 0)?;
    q.tour((0, 0), m, m, true)?;
    join_quarter_turns(&q.canvas, n)
}

/// The 90-degree join of [`sym90`] for any quadrant tour: an odd `n / 2` square
/// missing its top-left corner and holding the move [`HOLE_MOVE`].
pub(super) fn join_quarter_turns(q: &Canvas, n: u32) -> Result<Canvas, Error> {
    let mut canvas = Canvas::new(n, n)?;
    let placements = turned(Transform::HALF, n);
    for (i, &(t, at)) in placements.iter().enumerate() {
        canvas.blit(q, t, at, Some(i as u8));
    }
    let (ends, links) = centre_links(n, HOLE_MOVE)
        .ok_or_else(|| Error::internal("parberry: the 90-degree join does not fit"))?;
    for pair in ends.chunks(2) {
        if !canvas.unlink(pair[0], pair[1]) {
            return Err(Error::internal(format!(
                "parberry: a quadrant tour lacks the move {:?}-{:?} the 90-degree join needs",
                pair[0], pair[1]
            )));
        }
    }
    for (a, b) in links {
        canvas.link(a, b);
    }
    Ok(canvas)
}

/// The freed ends and the new moves of the 90-degree join.
type CentreLinks = (Vec<Rc>, Vec<(Rc, Rc)>);

/// For the 90-degree join on an `n` x `n` board deleting the corner tile's move `mv`
/// (cells as offsets from the hole): the freed ends, two per quadrant in placement
/// order, and the eight new moves, each centre cell to the two freed ends a knight's
/// move away. `None` when some centre cell has not exactly two.
fn centre_links(n: u32, mv: (Rc, Rc)) -> Option<CentreLinks> {
    let m = n / 2;
    let mut ends = Vec::new();
    for (t, (top, left)) in turned(Transform::HALF, n) {
        for p in [mv.0, mv.1] {
            let (r, c) = t.cell(p, (m, m));
            ends.push((top + r, left + c));
        }
    }
    let centre = [(m - 1, m - 1), (m - 1, m), (m, m), (m, m - 1)];
    let mut links = Vec::new();
    for c in centre {
        let near: Vec<Rc> = ends
            .iter()
            .copied()
            .filter(|&e| is_knight_move(c, e))
            .collect();
        if near.len() != 2 {
            return None;
        }
        links.extend(near.into_iter().map(|e| (c, e)));
    }
    Some((ends, links))
}

/// Whether deleting `mv` (offsets from the hole) in the 90-degree join chains the four
/// quadrant paths and the four centre cells into a single cycle (used by the search
/// that chose [`HOLE_MOVE`]).
#[cfg(test)]
pub(super) fn sym90_join_closes(mv: (Rc, Rc)) -> bool {
    let n = 14;
    let Some((ends, links)) = centre_links(n, mv) else {
        return false;
    };
    // Nodes: the 8 ends (each quadrant's path joins ends 2q and 2q + 1) and the
    // centre cells; walk the degree-2 graph from end 0.
    let mut adj: std::collections::HashMap<Rc, Vec<Rc>> = Default::default();
    let mut add = |a: Rc, b: Rc| {
        adj.entry(a).or_default().push(b);
        adj.entry(b).or_default().push(a);
    };
    ends.chunks(2).for_each(|p| add(p[0], p[1]));
    links.iter().for_each(|&(a, b)| add(a, b));
    if adj.len() != 12 || adj.values().any(|v| v.len() != 2) {
        return false;
    }
    let (mut prev, mut cur, mut steps) = (ends[0], adj[&ends[0]][0], 1);
    while cur != ends[0] {
        let next = if adj[&cur][0] == prev {
            adj[&cur][1]
        } else {
            adj[&cur][0]
        };
        (prev, cur, steps) = (cur, next, steps + 1);
    }
    steps == 12
}

/// The transform that carries the top-left corner of an `n` x `n` board to the corner
/// holding `hole` (`None` when `hole` is no corner).
pub(super) fn corner_transform(hole: Rc, n: u32) -> Option<Transform> {
    let last = n - 1;
    match hole {
        (0, 0) => Some(Transform::IDENTITY),
        (0, c) if c == last => Some(Transform::new(false, false, true)),
        (r, 0) if r == last => Some(Transform::new(false, true, false)),
        (r, c) if r == last && c == last => Some(Transform::HALF),
        _ => None,
    }
}
