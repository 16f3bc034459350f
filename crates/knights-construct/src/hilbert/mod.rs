//! Hidden-Hilbert tours (Bosch and Huang, "Structured Knight's Tours", 2021): open tours
//! of `m * 2^k` square boards built from one motif, an open tour of the `m` x `m` board
//! from its bottom-left corner to the square diagonally next to its bottom-right corner.
//!
//! The substitution rule: a tour `O` of the `2n` board puts `O` of the `n` board in the
//! two top quadrants, its mirror image through the rising diagonal (`D+`) in the
//! bottom-left quadrant and its image through the falling diagonal (`D-`) in the
//! bottom-right one. `D+` runs from the corner `(0, 0)` to `(1, n - 2)`, one leap from
//! `O`'s start at `(0, n)`; the top-left `O` ends at `(n - 2, n + 1)`, one leap from the
//! top-right `O`'s start `(n, n)`; that one ends at `(2n - 2, n + 1)`, one leap from
//! `(2n - 1, n - 1)`, the corner where `D-` starts (the image of `O`'s start), and `D-`
//! ends at `(2n - 2, 1)`, the image of `O`'s end, which lies on the falling diagonal. Three connecting leaps, and the result has the motif's shape again, so
//! the rule applies to itself. It is the rule that draws the Hilbert curve, so the
//! tour finishes each `m` x `m` block before the next, adjacent, one, in Hilbert order.
//!
//! Each step's cell depends only on its quadrant at every level: the path is filled in
//! parallel, quadrant by quadrant, in linear time. Sections: the motif blocks in
//! visiting order (runs of consecutive blocks when there are more than 256).

#[cfg(test)]
mod tests;

use super::motif::stored;
use super::{Construction, Request};
use knights_core::{Board, Error, Sections, Tour, Unsupported};

/// Hidden-Hilbert open tours from a stored motif.
pub struct Hilbert;

impl Construction for Hilbert {
    fn name(&self) -> &'static str {
        "hilbert"
    }
    fn summary(&self) -> &'static str {
        "open tours that visit motif blocks in Hilbert-curve order, by substitution (Bosch-Huang)"
    }
    fn boards(&self) -> &'static str {
        "knight, open, square with side 8 * 2^k (side 24 * 2^k with the tessellation motifs)"
    }
    fn variants(&self) -> &'static [&'static str] {
        stored::HILBERT_VARIANTS
    }
    fn check(&self, req: &Request) -> Result<(), Error> {
        check(req).map(|_| ())
    }
    fn build(&self, req: &Request) -> Result<Tour, Error> {
        let motif = check(req)?;
        build(&req.board, motif)
    }
}

/// The motif `req` asks for when hilbert can build it, else the reason it cannot.
fn check(req: &Request) -> Result<&'static stored::Stored, Error> {
    let b = &req.board;
    let refuse = |why: String| {
        let name = Hilbert.name();
        Err(Unsupported::new(name, b, format!("{name}: {why}")).into())
    };
    let name = req
        .variant
        .as_deref()
        .unwrap_or(stored::HILBERT_VARIANTS[0]);
    let motif = stored::get(name)?;
    let m = motif.side();
    if b.leaper() != knights_core::Leaper::KNIGHT {
        return refuse(format!(
            "its motifs are knight's paths, not paths of the {} leaper",
            b.leaper()
        ));
    }
    if !b.holes().is_empty() {
        return refuse(format!("it tours full knight's boards, not {b}"));
    }
    if !req.open {
        return refuse(
            "its tours are open (they end two squares from where they start); add --open".into(),
        );
    }
    let (w, h) = (b.width(), b.height());
    let power = w % m == 0 && (w / m).is_power_of_two();
    if w != h || !power {
        return refuse(format!(
            "the {name} motif is {m}x{m}, so it tours square boards of side {m} * 2^k ({m}, {}, {}, ...), not {b}",
            2 * m,
            4 * m
        ));
    }
    Ok(motif)
}

/// A map from a block's own coordinates to the board's: `(x, y)` goes to
/// `(xx x + xy y + x0, yx x + yy y + y0)`.
#[derive(Clone, Copy, Debug)]
struct Map {
    xx: i64,
    xy: i64,
    x0: i64,
    yx: i64,
    yy: i64,
    y0: i64,
}

impl Map {
    const IDENTITY: Map = Map::new([1, 0, 0], [0, 1, 0]);

    const fn new(x: [i64; 3], y: [i64; 3]) -> Map {
        Map {
            xx: x[0],
            xy: x[1],
            x0: x[2],
            yx: y[0],
            yy: y[1],
            y0: y[2],
        }
    }

    fn apply(&self, x: i64, y: i64) -> (i64, i64) {
        (
            self.xx * x + self.xy * y + self.x0,
            self.yx * x + self.yy * y + self.y0,
        )
    }

    /// `self` after `inner`: first `inner`, then `self`.
    fn then(&self, inner: &Map) -> Map {
        let (x0, y0) = self.apply(inner.x0, inner.y0);
        Map {
            xx: self.xx * inner.xx + self.xy * inner.yx,
            xy: self.xx * inner.xy + self.xy * inner.yy,
            x0,
            yx: self.yx * inner.xx + self.yy * inner.yx,
            yy: self.yx * inner.xy + self.yy * inner.yy,
            y0,
        }
    }
}

/// The four quadrants of a block of side `2h` in tour order, each as the map from its
/// own coordinates. Each is walked forwards: the connectors join its end to the next
/// one's start.
fn quadrants(h: i64) -> [Map; 4] {
    [
        // D+: the mirror image through the rising diagonal, bottom left.
        Map::new([0, 1, 0], [1, 0, 0]),
        // O, top left.
        Map::new([1, 0, 0], [0, 1, h]),
        // O, top right.
        Map::new([1, 0, h], [0, 1, h]),
        // D-: the mirror image through the falling diagonal, bottom right.
        Map::new([0, -1, 2 * h - 1], [-1, 0, h - 1]),
    ]
}

/// Below this many cells a block is filled on the current thread.
const PARALLEL_CELLS: usize = 1 << 14;

/// Fills `out` (one block of side `side`, placed by `map`) with board cell numbers.
fn fill(out: &mut [u32], side: u32, map: Map, motif: &[(u32, u32)], width: u32) {
    if out.len() == motif.len() {
        for (cell, &(x, y)) in out.iter_mut().zip(motif) {
            let (gx, gy) = map.apply(x as i64, y as i64);
            *cell = gy as u32 * width + gx as u32;
        }
        return;
    }
    let h = side / 2;
    let quarter = out.len() / 4;
    let mut jobs = out
        .chunks_mut(quarter)
        .zip(quadrants(h as i64))
        .map(|(part, q)| (part, map.then(&q)));
    let run = |(part, m): (&mut [u32], Map)| fill(part, h, m, motif, width);
    let (a, b, c, d) = (
        jobs.next().expect("four quarters"),
        jobs.next().expect("four quarters"),
        jobs.next().expect("four quarters"),
        jobs.next().expect("four quarters"),
    );
    if quarter >= PARALLEL_CELLS {
        rayon::join(
            || rayon::join(|| run(a), || run(b)),
            || rayon::join(|| run(c), || run(d)),
        );
    } else {
        [a, b, c, d].into_iter().for_each(run);
    }
}

/// The hidden-Hilbert tour of `board` (checked) from `motif`.
fn build(board: &Board, motif: &stored::Stored) -> Result<Tour, Error> {
    let n = board.width();
    let cells = motif.cells();
    let mut path = knights_core::memory::try_vec(board.area() as usize, 0u32, "the tour's path")?;
    fill(&mut path, n, Map::IDENTITY, &cells, n);
    let block = cells.len();
    let sections = sections(path.len() / block, block);
    Ok(Tour::new(board.clone(), path, false)
        .with_algorithm(Hilbert.name())
        .with_sections(sections))
}

/// The motif blocks in visiting order (the Hilbert curve's), one section each, or runs
/// of consecutive blocks when there are more than 256; a board of one block is the
/// motif itself.
fn sections(blocks: usize, block: usize) -> Sections {
    let groups = blocks.min(256);
    let per = blocks / groups;
    let names = (0..groups)
        .map(|g| match (blocks, per) {
            (1, _) => "the motif".to_string(),
            (_, 1) => format!("block {} in Hilbert order", g + 1),
            _ => format!(
                "blocks {} to {} in Hilbert order",
                g * per + 1,
                (g + 1) * per
            ),
        })
        .collect();
    let labels = (0..blocks * block)
        .map(|k| (k / block / per) as u8)
        .collect();
    Sections::new(names, labels)
}
