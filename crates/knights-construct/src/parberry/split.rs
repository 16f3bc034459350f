//! The divide and conquer itself (Theorem 2.1 and Lemmas 2.3 and 2.4 of the paper):
//! split a board into four quadrants, tour each (recursively, down to base tiles) and
//! join the four tours with four new moves at the centre.

use std::collections::HashSet;

use knights_core::Error;

use super::canvas::Canvas;
use super::tiles::{Rc, Tiles};

/// Sides from this length on are split; a part with a shorter side is a base tile.
pub(super) const SPLIT_FROM: u32 = 12;

/// The longest side of a stored base tile (the other side is below [`SPLIT_FROM`]).
pub(super) const TILE_MAX: u32 = 16;

/// How a side is cut in two: even sides as evenly as possible into even parts (the
/// smaller first), odd sides into an odd part first and an even part.
pub(super) fn split(len: u32) -> (u32, u32) {
    let half = len / 2;
    match len % 4 {
        0 => (half, half),
        2 => (half - 1, half + 1),
        _ if half % 2 == 1 => (half, half + 1),
        _ => (half + 1, half),
    }
}

/// The sizes `(rows, columns)` of the full base tiles and the sides of the corner tiles
/// kept as data: every rectangle with sides from 6 to [`TILE_MAX`], one below
/// [`SPLIT_FROM`], and an even number of cells; odd squares below [`SPLIT_FROM`].
pub fn base_sizes() -> (Vec<(u32, u32)>, Vec<u32>) {
    let full = (6..=TILE_MAX)
        .flat_map(|h| (6..=TILE_MAX).map(move |w| (h, w)))
        .filter(|&(h, w)| h.min(w) < SPLIT_FROM && (h * w) % 2 == 0)
        .collect();
    (full, (5..SPLIT_FROM).step_by(2).collect())
}

/// The parts a board breaks into: `Ok` when every one is a stored base tile, else the
/// first missing one as `(rows, columns, hole)`.
pub(super) fn coverable(h: u32, w: u32, hole: bool, tiles: &Tiles) -> Result<(), (u32, u32, bool)> {
    fn go(
        h: u32,
        w: u32,
        hole: bool,
        tiles: &Tiles,
        seen: &mut HashSet<(u32, u32, bool)>,
    ) -> Result<(), (u32, u32, bool)> {
        if !seen.insert((h, w, hole)) {
            return Ok(());
        }
        if h.min(w) < SPLIT_FROM {
            return match tiles.get(h, w, hole) {
                Some(_) => Ok(()),
                None => Err((h, w, hole)),
            };
        }
        let ((h1, h2), (w1, w2)) = (split(h), split(w));
        go(h1, w1, hole, tiles, seen)?;
        go(h1, w2, false, tiles, seen)?;
        go(h2, w2, false, tiles, seen)?;
        go(h2, w1, false, tiles, seen)
    }
    go(h, w, hole, tiles, &mut HashSet::new())
}

/// Lays structured tours on a canvas, labelling cells by quadrant path.
pub(super) struct Builder<'a> {
    pub canvas: Canvas,
    tiles: &'a Tiles,
    /// Section names, indexed by label.
    pub names: Vec<String>,
    /// Quadrant depth at which sections are cut.
    label_depth: usize,
}

/// Quadrants in the order the joined tour can visit them, for section names.
const QUADRANTS: [&str; 4] = ["NW", "NE", "SE", "SW"];

impl<'a> Builder<'a> {
    /// A builder for a `h` x `w` canvas whose sections are the quadrants `label_depth`
    /// levels down (or the base tiles above that depth); at most 4 keeps labels in a byte.
    pub fn new(h: u32, w: u32, tiles: &'a Tiles, label_depth: usize) -> Result<Builder<'a>, Error> {
        Ok(Builder {
            canvas: Canvas::new(h, w)?,
            tiles,
            names: Vec::new(),
            label_depth: label_depth.min(4),
        })
    }

    /// The label of a part at quadrant `path`: a new section at the label depth or at a
    /// base tile above it, else the one inherited.
    fn label(&mut self, path: &[u8], inherited: Option<u8>, leaf: bool) -> Option<u8> {
        if inherited.is_some() || (path.len() < self.label_depth && !leaf) {
            return inherited;
        }
        let name = if path.is_empty() {
            "base tile".to_string()
        } else {
            let parts: Vec<_> = path.iter().map(|&q| QUADRANTS[q as usize]).collect();
            parts.join(".")
        };
        self.names.push(name);
        Some((self.names.len() - 1) as u8)
    }

    /// A structured closed tour of the `h` x `w` part at `(top, left)` (its top-left cell
    /// missing when `hole`, for odd squares).
    pub fn tour(&mut self, at: Rc, h: u32, w: u32, hole: bool) -> Result<(), Error> {
        self.part(at, (h, w), hole, &mut Vec::new(), None)
    }

    fn part(
        &mut self,
        (top, left): Rc,
        (h, w): (u32, u32),
        hole: bool,
        path: &mut Vec<u8>,
        label: Option<u8>,
    ) -> Result<(), Error> {
        let leaf = h.min(w) < SPLIT_FROM;
        let label = self.label(path, label, leaf);
        if leaf {
            let tile = self
                .tiles
                .get(h, w, hole)
                .ok_or_else(|| Error::internal(format!("parberry has no {w}x{h} base tile")))?;
            let (size, label) = ((tile.h, tile.w), label.unwrap_or(0));
            self.canvas.place(size, &tile.masks, (top, left), label);
            return Ok(());
        }
        let ((h1, h2), (w1, w2)) = (split(h), split(w));
        let parts = [
            ((top, left), (h1, w1), hole),
            ((top, left + w1), (h1, w2), false),
            ((top + h1, left + w1), (h2, w2), false),
            ((top + h1, left), (h2, w1), false),
        ];
        for (q, (at, size, hole)) in parts.into_iter().enumerate() {
            path.push(q as u8);
            self.part(at, size, hole, path, label)?;
            path.pop();
        }
        join(&mut self.canvas, (top + h1, left + w1))
    }
}

/// Joins four structured quadrant tours meeting at `(m_r, m_c)`, the top-left cell of
/// the bottom-right quadrant: deletes one move from each (edges A, B, C, D of the
/// paper's Figure 3) and adds the four moves that chain the four paths into one cycle.
pub(super) fn join(canvas: &mut Canvas, (mr, mc): Rc) -> Result<(), Error> {
    let a = ((mr - 1, mc - 3), (mr - 2, mc - 1));
    let b = ((mr - 1, mc), (mr - 3, mc + 1));
    let c = ((mr + 1, mc), (mr, mc + 2));
    let d = ((mr + 2, mc - 2), (mr, mc - 1));
    for (p, q) in [a, b, c, d] {
        if !canvas.unlink(p, q) {
            return Err(Error::internal(format!(
                "parberry: a quadrant tour lacks the move {p:?}-{q:?} the join needs"
            )));
        }
    }
    canvas.link(a.1, b.1);
    canvas.link(b.0, c.1);
    canvas.link(c.0, d.0);
    canvas.link(d.1, a.0);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_split_as_the_paper_says() {
        assert_eq!(split(12), (6, 6));
        assert_eq!(split(14), (6, 8));
        assert_eq!(split(30), (14, 16));
        assert_eq!(split(13), (7, 6));
        assert_eq!(split(15), (7, 8));
        assert_eq!(split(27), (13, 14));
        for len in SPLIT_FROM..2000 {
            let (a, b) = split(len);
            assert_eq!(a + b, len);
            assert!(a.abs_diff(b) <= 2 && a >= 6 && b % 2 == 0, "{len}");
        }
    }
}
