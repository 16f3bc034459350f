//! The tour as SVG paths: a straight run of leaps is one segment, so a path has one
//! vertex per turn (plus the ends of each coloured piece) and a drawing's size grows
//! with the number of turns, not of cells.
//!
//! The tour is cut into pieces of one colour: by section when the tour has sections,
//! else into a few pieces along a gradient (cut at turns, so no vertex is added), or
//! one piece in a single colour.

use std::collections::HashMap;
use std::fmt::Write;

use svg::node::element::{Group, Path};

use super::colour;
use super::frame::{num, Frame};
use super::shade::{self, Shading};
use super::theme::Theme;
use knights_core::{Region, Tour};

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

    /// The tour walked.
    pub fn tour(&self) -> &'a Tour {
        self.tour
    }

    /// The direction (an index into the leaper's [`knights_core::Leaper::dirs`]) of
    /// edge `i`.
    pub fn dir(&self, i: usize) -> usize {
        self.dirs[i] as usize
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
        // The leap in, seen from this cell (across a Moebius seam, mirrored).
        let (p, b) = (self.tour.path(), self.tour.board());
        let before = (i + e - 1) % e;
        let into = b.back(p[before], self.dirs[before] as usize);
        (into + 4) % 8 != self.dirs[i % e] as usize
    }

    /// Whether edge `i` crosses the seam of a band.
    fn wraps(&self, i: usize) -> bool {
        let p = self.tour.path();
        self.tour
            .board()
            .wraps(p[i % p.len()], self.dirs[i % self.dirs.len()] as usize)
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

    /// Whether `piece` is the whole of a closed tour, and the step its path data starts
    /// at: the first turn of a whole closed tour, else the piece's own start.
    fn drawn_from(&self, piece: &Piece) -> (bool, usize) {
        let n = self.tour.path().len();
        let whole = self.tour.is_closed() && piece.edges == n;
        let start = if whole {
            (0..n).find(|&i| self.is_turn(i)).unwrap_or(0)
        } else {
            piece.start
        };
        (whole, start)
    }

    /// The path data of a piece: its first cell, every turn inside it, its last cell.
    /// A piece that is the whole of a closed tour starts at a turn and ends with `Z`.
    /// After the first cell every point is relative to the one before (`l dx dy ...`):
    /// a straight run of leaps is a few small numbers whatever the board's size, which
    /// keeps the drawings of large boards about half the size of absolute ones.
    pub fn data(&self, frame: &Frame, piece: &Piece) -> String {
        if self.tour.board().topology().wraps() {
            return self.band_data(frame, piece);
        }
        let p = self.tour.path();
        let n = p.len();
        let b = self.tour.board();
        let (whole, start) = self.drawn_from(piece);
        let at = |i: usize| frame.cell(b.xy(p[i % n]));
        let first = at(start);
        let mut d = format!("M{} {}", first.0, first.1);
        let mut last = first;
        let mut sep = "l";
        let mut put = |i: usize| {
            let (x, y) = at(i);
            let (dx, dy) = (x - last.0, y - last.1);
            let space = if dy < 0 { "" } else { " " };
            let lead = if sep == " " && dx < 0 { "" } else { sep };
            let _ = write!(d, "{lead}{dx}{space}{dy}");
            last = (x, y);
            sep = " ";
        };
        for i in start + 1..start + piece.edges {
            if self.is_turn(i) {
                put(i);
            }
        }
        if whole {
            d.push('Z');
        } else {
            put(start + piece.edges);
        }
        d
    }

    /// [`Walk::data`] on a band, in absolute commands: a leap across the seam is drawn
    /// as two half-segments, out past one edge and back in through the other (the
    /// drawing is clipped to the board).
    fn band_data(&self, frame: &Frame, piece: &Piece) -> String {
        let p = self.tour.path();
        let n = p.len();
        let b = self.tour.board();
        let (whole, start) = self.drawn_from(piece);
        let mut d = String::new();
        let put = |d: &mut String, i: usize, cmd: &str| {
            let (x, y) = frame.cell(b.xy(p[i % n]));
            let _ = write!(d, "{cmd}{x} {y}");
        };
        put(&mut d, start, "M");
        let mut sep = "L";
        let mut cut = false;
        for i in start..start + piece.edges {
            if i > start && self.is_turn(i) && !cut {
                put(&mut d, i, sep);
                sep = " ";
            }
            cut = false;
            if self.wraps(i) {
                // A leap across the seam: out past one edge, back in through the other
                // (the drawing is clipped to the board).
                let (from, to) = (p[i % n], p[(i + 1) % n]);
                let dir = self.dirs[i % self.dirs.len()] as usize;
                let back = b.back(from, dir);
                let beyond = |out: &mut String, c: u32, dir: usize, cmd: &str| {
                    let (x, y) = frame.cell(b.xy(c));
                    let (dx, dy) = b.leaper().dirs()[dir];
                    let _ = write!(out, "{cmd}{} {}", x + dx as i64, y - dy as i64);
                };
                if !(i > start && self.is_turn(i)) {
                    put(&mut d, i, "L");
                }
                beyond(&mut d, from, dir, "L");
                beyond(&mut d, to, back, "M");
                put(&mut d, i + 1, "L");
                sep = "L";
                cut = true;
            }
        }
        if whole && !(0..n).any(|i| self.wraps(i)) {
            d.push('Z');
        } else {
            put(&mut d, start + piece.edges, sep);
        }
        d
    }
}

/// How the tour is coloured: a colour key for every edge, and a colour (and, for
/// sections, a name) for every key. The detailed drawing, the overview and the legend
/// all read their colours from here, so they agree.
pub struct Colours<'a> {
    keys: Keys<'a>,
    colours: Vec<String>,
    names: Vec<String>,
    /// The line's shades of each colour along the order of the walk
    /// ([`Colours::shaded`]), and those colours: `per` shades of key `k` at
    /// `k * per ..`.
    shading: Option<(Shading, Vec<String>)>,
}

enum Keys<'a> {
    /// One colour.
    One,
    /// A section label per step (edge `i` has step `i`'s label).
    Sections(&'a [u8]),
    /// A gradient piece per edge.
    Gradient(Vec<u32>),
}

impl<'a> Colours<'a> {
    /// By section when `coloured` and the tour has valid sections, else by gradient
    /// when `coloured`, else the theme's one tour colour.
    pub fn new(tour: &'a Tour, walk: &Walk<'_>, theme: &Theme, coloured: bool) -> Colours<'a> {
        let sections = tour.sections().filter(|s| {
            s.labels().len() == tour.path().len()
                && s.labels().iter().all(|&l| (l as usize) < s.names().len())
        });
        let t = &theme.tour;
        match (coloured, sections) {
            (false, _) => Colours {
                keys: Keys::One,
                colours: vec![t.colour.clone()],
                names: Vec::new(),
                shading: None,
            },
            (true, Some(s)) => Colours {
                keys: Keys::Sections(s.labels()),
                colours: (s.names().iter().enumerate())
                    .map(|(i, name)| crate::theme::section_colour(theme, name, i, s.names().len()))
                    .collect(),
                names: s.names().to_vec(),
                shading: None,
            },
            (true, None) => {
                let keys = walk.gradient_keys(t.gradient_pieces);
                let e = keys.len().max(1) as f64;
                let mut first: Vec<(usize, usize)> = Vec::new();
                for (i, &k) in keys.iter().enumerate() {
                    match first.get_mut(k as usize) {
                        Some(f) => f.1 += 1,
                        None => first.push((i, 1)),
                    }
                }
                let colours = first
                    .iter()
                    .map(|&(start, edges)| {
                        let mid = (start as f64 + edges as f64 / 2.0) / e;
                        colour::gradient(&t.gradient, mid).hex()
                    })
                    .collect();
                Colours {
                    keys: Keys::Gradient(keys),
                    colours,
                    names: Vec::new(),
                    shading: None,
                }
            }
        }
    }

    /// The same colours, the line drawn in `per` shades of each along the walk
    /// ([`crate::shade`]): each stretch of one section (the whole tour when it is
    /// drawn in one colour) from light at its start to dark at its end. A
    /// tour coloured along the gradient keeps it: the gradient is its order already,
    /// from the start to the end, and shades over it would grey its colours.
    pub fn shaded(mut self, walk: &Walk<'_>, theme: &Theme, per: usize) -> Colours<'a> {
        if self.by_gradient() {
            return self;
        }
        let stretch = |i: usize| match &self.keys {
            Keys::Sections(l) => l[i] as usize,
            Keys::One | Keys::Gradient(_) => 0,
        };
        let shading = Shading::along(walk.edges(), walk.tour.is_closed(), per, stretch);
        let colours = (self.colours.iter())
            .flat_map(|c| shade::shades(c, theme, shading.per))
            .collect();
        self.shading = Some((shading, colours));
        self
    }

    /// The key the line draws edge `i` with ([`Colours::line_colour`]): its colour's
    /// key, or with [`Colours::shaded`] that of its shade.
    pub fn line_key(&self, i: usize) -> usize {
        match &self.shading {
            Some((s, _)) => self.key_of_edge(i) * s.per + s.of_edge[i] as usize,
            None => self.key_of_edge(i),
        }
    }

    /// The colour of line key `k` ([`Colours::line_key`]).
    pub fn line_colour(&self, k: usize) -> &str {
        match &self.shading {
            Some((_, shades)) => &shades[k],
            None => &self.colours[k],
        }
    }

    /// The section of line key `k`, when the tour is coloured by section.
    pub fn line_name(&self, k: usize) -> Option<&str> {
        let per = self.shading.as_ref().map_or(1, |(s, _)| s.per);
        self.name(k / per)
    }

    /// Whether the line is drawn in shades along the walk.
    pub fn is_shaded(&self) -> bool {
        self.shading.is_some()
    }

    /// The number of keys.
    pub fn len(&self) -> usize {
        self.colours.len()
    }

    /// The key of edge `i`.
    pub fn key_of_edge(&self, i: usize) -> usize {
        match &self.keys {
            Keys::One => 0,
            Keys::Sections(l) => l[i] as usize,
            Keys::Gradient(k) => k[i] as usize,
        }
    }

    /// The key of step `i`: that of the edge leaving it (the last edge for an open
    /// tour's last step).
    pub fn key_of_step(&self, i: usize) -> usize {
        match &self.keys {
            Keys::One => 0,
            Keys::Sections(l) => l[i] as usize,
            Keys::Gradient(k) => k[i.min(k.len().saturating_sub(1))] as usize,
        }
    }

    /// The colour of key `k`.
    pub fn colour(&self, k: usize) -> &str {
        &self.colours[k]
    }

    /// The section named by key `k`, when the tour is coloured by section.
    pub fn name(&self, k: usize) -> Option<&str> {
        self.names.get(k).map(String::as_str)
    }

    /// Whether the colours follow named sections.
    pub fn by_section(&self) -> bool {
        matches!(self.keys, Keys::Sections(_))
    }

    /// Whether the colours run along a gradient.
    pub fn by_gradient(&self) -> bool {
        matches!(self.keys, Keys::Gradient(_))
    }
}

/// Whether the segment from cell `u` to cell `v` meets `region`'s squares grown by
/// `margin` (cell units; Liang-Barsky clipping).
fn meets(region: &Region, margin: f64, u: (u32, u32), v: (u32, u32)) -> bool {
    let (x0, y0) = (u.0 as f64, u.1 as f64);
    let (dx, dy) = (v.0 as f64 - x0, v.1 as f64 - y0);
    let (lo, hi) = (-0.5 - margin, 0.5 + margin);
    let sides = [
        (-dx, x0 - (region.x0 as f64 + lo)),
        (dx, region.x1 as f64 + hi - x0),
        (-dy, y0 - (region.y0 as f64 + lo)),
        (dy, region.y1 as f64 + hi - y0),
    ];
    let (mut t0, mut t1) = (0.0_f64, 1.0_f64);
    for (p, q) in sides {
        if p == 0.0 {
            if q < 0.0 {
                return false;
            }
        } else if p < 0.0 {
            t0 = t0.max(q / p);
        } else {
            t1 = t1.min(q / p);
        }
    }
    t0 <= t1
}

/// The tour layer: one `<path>` per colour key (its pieces as subpaths), coloured by section, by gradient, or plain.
pub fn layer(walk: &Walk, frame: &Frame, theme: &Theme, colours: &Colours) -> Group {
    let t = &theme.tour;
    let mut g = Group::new()
        .set("class", "tour")
        .set("fill", "none")
        .set("stroke", t.colour.as_str())
        .set("stroke-width", num(frame.size(&t.width)))
        .set("stroke-linecap", "round")
        .set("stroke-linejoin", "round");
    if colours.by_gradient() || colours.by_section() {
        g = g.set("data-mark", "tour");
    }
    if t.opacity < 1.0 {
        g = g.set("stroke-opacity", num(t.opacity));
    }
    // In a region, only the edges that may cross it (a leap reaches `reach` cells);
    // of those that do not wrap, only the ones whose stroke meets its squares: the
    // others, clipped away, would lie outside the region's view, under whatever the
    // page shows there (an inset's neighbours on a figure).
    let b = walk.tour.board();
    let (a, c) = b.leaper().steps();
    let near = frame.region.grown(a.max(c), b);
    let p = walk.tour.path();
    let margin = 0.5 + frame.size(&t.width) / 2.0;
    let shown = |i: usize| {
        if frame.is_whole() {
            return true;
        }
        let (u, v) = (b.xy(p[i]), b.xy(p[(i + 1) % p.len()]));
        if !near.contains(u) && !near.contains(v) {
            return false;
        }
        walk.wraps(i) || meets(&frame.region, margin, u, v)
    };
    let key = |i: usize| {
        if shown(i) {
            colours.line_key(i)
        } else {
            usize::MAX
        }
    };
    // One path per colour key, its pieces as subpaths in tour order, so a section
    // that comes back a thousand times (a tile construction's tiles) is one element.
    let mut keys: Vec<usize> = Vec::new();
    let mut data: HashMap<usize, String> = HashMap::new();
    for piece in walk.pieces(key) {
        if piece.key == usize::MAX {
            continue;
        }
        data.entry(piece.key)
            .or_insert_with(|| {
                keys.push(piece.key);
                String::new()
            })
            .push_str(&walk.data(frame, &piece));
    }
    for k in keys {
        let mut path = Path::new();
        if let Some(name) = colours.line_name(k) {
            path = path.set("data-section", name);
        }
        if colours.by_section() || colours.by_gradient() || colours.is_shaded() {
            path = path.set("stroke", colours.line_colour(k));
        }
        g = g.add(path.set("d", data.remove(&k).unwrap_or_default()));
    }
    g
}
