//! The tour as SVG paths: a straight run of leaps is one segment, so a path has one
//! vertex per turn (plus the ends of each coloured piece) and a drawing's size grows
//! with the number of turns, not of cells.
//!
//! The tour is cut into pieces of one colour: by section when the tour has sections,
//! else into a few pieces along a gradient (cut at turns, so no vertex is added), or
//! one piece in a single colour.

use std::fmt::Write;

use svg::node::element::{Group, Path};

use super::colour;
use super::frame::{num, Frame};
use super::theme::Theme;
use crate::tour::Tour;

/// A run of edges of one colour: edges `start .. start + edges` (edge `i` leaves step
/// `i`, indices modulo the path length for closed tours).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Colour key: a section index or a gradient piece.
    pub key: usize,
    /// First step.
    pub start: usize,
    /// Number of edges.
    pub edges: usize,
}

/// The directions of the tour's edges and which steps are turns.
pub struct Walk<'a> {
    tour: &'a Tour,
    dirs: Vec<u8>,
}

impl<'a> Walk<'a> {
    /// Reads the edges of a verified tour.
    pub fn new(tour: &'a Tour) -> Walk<'a> {
        let p = tour.path();
        let b = tour.board();
        let n = p.len();
        let edges = if tour.is_closed() { n } else { n - 1 };
        let dirs = (0..edges)
            .map(|i| b.dir_between(p[i], p[(i + 1) % n]).expect("verified tour") as u8)
            .collect();
        Walk { tour, dirs }
    }

    /// Number of edges.
    pub fn edges(&self) -> usize {
        self.dirs.len()
    }

    /// Whether the tour turns at step `i` (never at an open tour's ends).
    pub fn is_turn(&self, i: usize) -> bool {
        let n = self.tour.path().len();
        let e = self.dirs.len();
        let i = i % n;
        if !self.tour.is_closed() && (i == 0 || i == n - 1) {
            return false;
        }
        self.dirs[(i + e - 1) % e] != self.dirs[i % e]
    }

    /// Cuts the edges into runs of equal `key(edge)`. A closed tour's runs wrap around.
    pub fn pieces(&self, key: impl Fn(usize) -> usize) -> Vec<Piece> {
        let e = self.edges();
        let closed = self.tour.is_closed();
        let first = if closed {
            match (0..e).find(|&i| key(i) != key((i + e - 1) % e)) {
                Some(i) => i,
                None => {
                    return vec![Piece {
                        key: key(0),
                        start: 0,
                        edges: e,
                    }]
                }
            }
        } else {
            0
        };
        let mut out: Vec<Piece> = Vec::new();
        for j in 0..e {
            let i = (first + j) % e;
            let k = key(i);
            match out.last_mut() {
                Some(p) if p.key == k => p.edges += 1,
                _ => out.push(Piece {
                    key: k,
                    start: i,
                    edges: 1,
                }),
            }
        }
        out
    }

    /// Gradient keys: a new piece begins at the first turn past each `edges / pieces`.
    pub fn gradient_keys(&self, pieces: u32) -> Vec<u32> {
        let e = self.edges();
        let step = e.div_ceil(pieces.max(1) as usize).max(1);
        let mut keys = Vec::with_capacity(e);
        let mut k = 0;
        for i in 0..e {
            if i >= (k as usize + 1) * step && self.is_turn(i) {
                k += 1;
            }
            keys.push(k);
        }
        keys
    }

    /// The path data of a piece: its first cell, every turn inside it, its last cell.
    /// A piece that is the whole of a closed tour starts at a turn and ends with `Z`.
    pub fn data(&self, frame: &Frame, piece: &Piece) -> String {
        let p = self.tour.path();
        let n = p.len();
        let b = self.tour.board();
        let whole = self.tour.is_closed() && piece.edges == n;
        let start = if whole {
            (0..n).find(|&i| self.is_turn(i)).unwrap_or(0)
        } else {
            piece.start
        };
        let mut d = String::new();
        let mut put = |i: usize, cmd: &str| {
            let (x, y) = frame.cell(b.xy(p[i % n]));
            let _ = write!(d, "{cmd}{x} {y}");
        };
        put(start, "M");
        let mut sep = "L";
        for i in start + 1..start + piece.edges {
            if self.is_turn(i) {
                put(i, sep);
                sep = " ";
            }
        }
        if whole {
            d.push('Z');
        } else {
            put(start + piece.edges, sep);
        }
        d
    }
}

/// The tour layer: one `<path>` per piece, coloured by section, by gradient, or plain.
pub fn layer(tour: &Tour, frame: &Frame, theme: &Theme, coloured: bool) -> Group {
    let walk = Walk::new(tour);
    let t = &theme.tour;
    let mut g = Group::new()
        .set("class", "tour")
        .set("fill", "none")
        .set("stroke", t.colour.as_str())
        .set("stroke-width", num(frame.size(&t.width)))
        .set("stroke-linecap", "round")
        .set("stroke-linejoin", "round");
    if t.opacity < 1.0 {
        g = g.set("stroke-opacity", num(t.opacity));
    }
    let sections = tour.sections().filter(|s| {
        s.labels().len() == tour.path().len()
            && s.labels().iter().all(|&l| (l as usize) < s.names().len())
    });
    let e = walk.edges() as f64;
    match (coloured, sections) {
        (false, _) => {
            let piece = walk.pieces(|_| 0)[0];
            g.add(Path::new().set("d", walk.data(frame, &piece)))
        }
        (true, Some(s)) => {
            let labels = s.labels();
            for piece in walk.pieces(|i| labels[i] as usize) {
                let name = &s.names()[piece.key];
                let path = Path::new()
                    .set("data-section", name.as_str())
                    .set("stroke", colour::section(theme, name, piece.key))
                    .set("d", walk.data(frame, &piece));
                g = g.add(path);
            }
            g
        }
        (true, None) => {
            let keys = walk.gradient_keys(t.gradient_pieces);
            for piece in walk.pieces(|i| keys[i] as usize) {
                let mid = (piece.start as f64 + piece.edges as f64 / 2.0) / e;
                let c = colour::gradient(&t.gradient, mid).hex();
                let path = Path::new()
                    .set("stroke", c)
                    .set("d", walk.data(frame, &piece));
                g = g.add(path);
            }
            g
        }
    }
}
