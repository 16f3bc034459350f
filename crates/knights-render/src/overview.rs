//! The overview style, for boards whose squares are too small to draw one by one: a
//! tour line per cell at under a few points a square reads as a flat grey texture, or
//! worse as a moire. Instead the board is cut into blocks of `b x b` cells (at most
//! `theme.overview.blocks` along the longer side) and each block shows what the eye
//! can take in at that scale:
//! - its fill: the colour of the section (or gradient piece) most of its cells belong
//!   to, the same colours as the detailed drawing, so sections read as bands and regions;
//! - a dark dot whose area is the share of its cells where the tour turns, and a white
//!   disk whose area follows its crossings per cell (the detailed drawing's turn dots
//!   and crossing disks, summed over the block);
//! - framed and named: the board's corners and its busiest places ([`spots`]), which a
//!   gallery page also shows as detailed crops.
//!
//! Everything is drawn from flat shapes on block boundaries, so no resolution shows a
//! moire, and the document's size grows with the number of blocks, not of cells.

use std::collections::BTreeMap;
use std::fmt::Write;

use svg::node::element::{Definitions, Group, Path, Pattern, Rectangle, Text};

use super::colour::{self, Rgb};
use super::frame::{num, Frame};
use super::layers::{Layer, Layers};
use super::path::{Colours, Walk};
use super::theme::Theme;
use knights_core::metrics;
use knights_core::tour::Tour;
use knights_core::Region;

/// Square by square, or as an overview.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Style {
    /// An overview when the squares would be smaller than the theme's
    /// `overview.below` points, else square by square.
    #[default]
    Auto,
    /// Every square, leap and marker.
    Detail,
    /// Blocks of cells (see the module documentation).
    Overview,
}

impl Style {
    /// [`Style::Auto`] decided for drawing `region` with `theme`: square by square
    /// while its longer side is at most [`detail_sides`] squares.
    pub fn resolve(self, region: &Region, theme: &Theme) -> Style {
        if self != Style::Auto {
            return self;
        }
        if region.width().max(region.height()) <= detail_sides(theme) {
            Style::Detail
        } else {
            Style::Overview
        }
    }

    /// The layers an overview shows by default: the densities of turns and crossings
    /// are its point, squares would be a moire.
    pub fn default_layers(self, defaults: Layers) -> Layers {
        match self {
            Style::Overview => defaults
                .with(Layer::Turns, true)
                .with(Layer::Crossings, true)
                .with(Layer::Squares, false),
            _ => defaults,
        }
    }
}

impl std::str::FromStr for Style {
    type Err = knights_core::Error;
    fn from_str(s: &str) -> Result<Style, knights_core::Error> {
        match s {
            "auto" => Ok(Style::Auto),
            "detail" => Ok(Style::Detail),
            "overview" => Ok(Style::Overview),
            _ => Err(knights_core::Error::invalid(format!(
                "unknown style '{s}': choose auto, detail or overview"
            ))),
        }
    }
}

/// The longest side, in squares, that `theme` draws square by square: squares are
/// drawn at `min(page.cell, page.max_size / side)` points, and an overview replaces
/// them below `overview.below` points. The decision is made on whole squares, with a
/// margin for rounding, so that a board whose squares come out at exactly `below`
/// points (720 / 4 = 180 squares) is drawn the same way on every machine and under
/// every way of writing the same numbers; the `web` theme's threshold also lies
/// between the sides of the shipped catalogue's boards (see its `below`).
pub fn detail_sides(theme: &Theme) -> u32 {
    let below = theme.overview.below;
    if theme.page.cell < below {
        return 0;
    }
    if below <= 0.0 {
        return u32::MAX;
    }
    let sides = theme.page.max_size / below * (1.0 + 1e-9);
    sides.floor().min(u32::MAX as f64) as u32
}

/// A board cut into square blocks of cells; block `(i, j)` holds cells
/// `i*b .. (i+1)*b` across and `j*b .. (j+1)*b` up (the last row and column may be
/// narrower).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Blocks {
    /// Cells along a block's side.
    pub side: u32,
    /// Blocks across.
    pub cols: u32,
    /// Blocks up.
    pub rows: u32,
    w: u32,
    h: u32,
}

impl Blocks {
    /// Blocks of a `w x h` board, at most `most` along the longer side.
    pub fn new(w: u32, h: u32, most: u32) -> Blocks {
        let side = w.max(h).div_ceil(most.max(1)).max(1);
        Blocks {
            side,
            cols: w.div_ceil(side),
            rows: h.div_ceil(side),
            w,
            h,
        }
    }

    /// The number of blocks.
    pub fn len(&self) -> usize {
        (self.cols * self.rows) as usize
    }

    /// Whether there are no blocks (an empty board).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The block of cell `(x, y)`.
    pub fn of(&self, (x, y): (u32, u32)) -> usize {
        ((y / self.side) * self.cols + x / self.side) as usize
    }

    /// The cells of block `k`, as a region of the board.
    pub fn region(&self, k: usize) -> Region {
        let (i, j) = (k as u32 % self.cols, k as u32 / self.cols);
        let (x0, y0) = (i * self.side, j * self.side);
        Region {
            x0,
            y0,
            x1: (x0 + self.side).min(self.w) - 1,
            y1: (y0 + self.side).min(self.h) - 1,
        }
    }
}

/// What each block holds.
#[derive(Clone, Debug)]
pub struct Summary {
    /// The blocks.
    pub blocks: Blocks,
    /// Cells of the tour in each block (holes excluded).
    pub cells: Vec<u32>,
    /// Turns in each block.
    pub turns: Vec<u32>,
    /// Crossings in each block (by where the two leaps meet).
    pub crossings: Vec<u32>,
    /// The colour key most of each block's cells have (`None`: no cells).
    pub key: Vec<Option<usize>>,
    /// The share of each block's cells that have its key.
    pub share: Vec<f64>,
    /// The mean progress of each block's cells along their own colour key's steps,
    /// 0 (its first step) to 1 (its last).
    pub progress: Vec<f64>,
    /// The line orientation (0 to 3: a leap direction and its opposite) most straight
    /// cells of each block run in, if at least half its cells do.
    pub orientation: Vec<Option<u8>>,
    /// The share of the tour's cells each colour key has.
    pub key_share: Vec<f64>,
}

impl Summary {
    /// Counts the cells, turns and crossings of `tour` in blocks of `blocks`, and the
    /// colour key (`step_key(i)` of step `i`, below `keys`) most cells of each have.
    pub fn of(
        walk: &Walk,
        tour: &Tour,
        blocks: Blocks,
        keys: usize,
        step_key: impl Fn(usize) -> usize,
    ) -> Self {
        let b = tour.board();
        let n = blocks.len();
        let mut orient = vec![[0u32; 4]; n];
        for i in 0..walk.edges() {
            if i > 0 && !walk.is_turn(i) {
                orient[blocks.of(b.xy(tour.path()[i]))][walk.dir(i) % 4] += 1;
            }
        }
        let mut cells = vec![0u32; n];
        let mut counts = vec![0u32; n * keys.max(1)];
        let mut per_key = vec![0u64; keys.max(1)];
        for i in 0..tour.path().len() {
            per_key[step_key(i).min(keys - 1)] += 1;
        }
        let mut seen = vec![0u64; keys.max(1)];
        let mut progress = vec![0f64; n];
        for (i, &c) in tour.path().iter().enumerate() {
            let k = blocks.of(b.xy(c));
            let key = step_key(i).min(keys - 1);
            cells[k] += 1;
            counts[k * keys + key] += 1;
            progress[k] += seen[key] as f64 / per_key[key].max(2).saturating_sub(1) as f64;
            seen[key] += 1;
        }
        for (p, &c) in progress.iter_mut().zip(&cells) {
            *p /= c.max(1) as f64;
        }
        let mut turns = vec![0u32; n];
        let mut crossings = vec![0u32; n];
        if let Some(grid) = tour.grid() {
            for c in metrics::turn_cells(grid) {
                turns[blocks.of(b.xy(c))] += 1;
            }
            for (x, y) in metrics::crossing_points(grid) {
                let cell = (x.round().max(0.0) as u32, y.round().max(0.0) as u32);
                let cell = (cell.0.min(b.width() - 1), cell.1.min(b.height() - 1));
                crossings[blocks.of(cell)] += 1;
            }
        }
        let best: Vec<(Option<usize>, f64)> = (0..n)
            .map(|k| {
                let row = &counts[k * keys..(k + 1) * keys];
                let best = (0..keys).max_by_key(|&i| (row[i], std::cmp::Reverse(i)));
                match best {
                    Some(i) if row[i] > 0 => (Some(i), row[i] as f64 / cells[k] as f64),
                    _ => (None, 0.0),
                }
            })
            .collect();
        let total = tour.path().len().max(1) as f64;
        let orientation = (0..n)
            .map(|k| {
                let (o, c) = (0..4u8)
                    .map(|o| (o, orient[k][o as usize]))
                    .max_by_key(|p| p.1)?;
                (c * 2 >= cells[k].max(1)).then_some(o)
            })
            .collect();
        Summary {
            orientation,
            key_share: per_key.iter().map(|&c| c as f64 / total).collect(),
            blocks,
            cells,
            turns,
            crossings,
            key: best.iter().map(|b| b.0).collect(),
            share: best.iter().map(|b| b.1).collect(),
            progress,
        }
    }

    /// Whether the colour keys interleave rather than hold regions of their own: in most
    /// blocks no key has even half the cells (the formation tour's four knights sweep
    /// the board side by side). Blocks are then coloured by progress instead.
    pub fn interleaved(&self) -> bool {
        let mut shares: Vec<f64> = (0..self.blocks.len())
            .filter(|&k| self.cells[k] > 0)
            .map(|k| self.share[k])
            .collect();
        shares.sort_by(f64::total_cmp);
        shares.get(shares.len() / 2).is_some_and(|&m| m < 0.5)
    }

    /// Turns per cell of block `k`.
    pub fn turn_density(&self, k: usize) -> f64 {
        self.turns[k] as f64 / self.cells[k].max(1) as f64
    }

    /// Crossings per cell of block `k`.
    pub fn crossing_density(&self, k: usize) -> f64 {
        self.crossings[k] as f64 / self.cells[k].max(1) as f64
    }
}

/// What an overview shows besides the coloured blocks.
#[derive(Clone, Copy, Debug, Default)]
pub struct Show {
    /// Turn density dots.
    pub turns: bool,
    /// Crossing density disks.
    pub crossings: bool,
    /// Frames around the corners and busiest places.
    pub spots: bool,
}

/// The overview layers: coloured blocks, density markers and framed spots.
pub fn layer(
    walk: &Walk,
    tour: &Tour,
    frame: &Frame,
    theme: &Theme,
    colours: &Colours,
    show: Show,
) -> Group {
    let b = tour.board();
    let blocks = Blocks::new(b.width(), b.height(), theme.overview.blocks);
    let s = Summary::of(walk, tour, blocks, colours.len(), |i| {
        colours.key_of_step(i)
    });
    let mut g = Group::new()
        .set("class", "overview")
        .set("data-block", blocks.side)
        .add(fills(&s, frame, theme, colours, b.leaper().dirs()));
    if show.turns {
        g = g.add(densities(&s, frame, theme, Density::Turns));
    }
    if show.crossings {
        g = g.add(densities(&s, frame, theme, Density::Crossings));
    }
    if show.spots {
        g = g.add(frames(&spots(tour, &s), frame, theme));
    }
    g
}

/// The block fills: one path per colour, each a list of horizontal runs of blocks.
fn fills(
    s: &Summary,
    frame: &Frame,
    theme: &Theme,
    colours: &Colours,
    dirs: [(i32, i32); 8],
) -> Group {
    let bl = s.blocks;
    let light = colour::parse(&theme.board.light).unwrap_or(Rgb(255, 255, 255));
    let tint = theme.overview.tint;
    let interleaved = s.interleaved();
    let tinted = |key: usize| {
        let c = colour::parse(colours.colour(key)).unwrap_or(Rgb(0, 0, 0));
        colour::mix(light, c, tint).hex()
    };
    let fill_of = |k: usize, key: usize| match s.orientation[k] {
        Some(o) if interleaved => format!("url(#bands-{o})"),
        _ => tinted(key),
    };
    let mut by_colour: BTreeMap<String, String> = BTreeMap::new();
    for j in 0..bl.rows {
        let mut i = 0;
        while i < bl.cols {
            let k = (j * bl.cols + i) as usize;
            let Some(key) = s.key[k] else {
                i += 1;
                continue;
            };
            let fill = fill_of(k, key);
            let mut end = i + 1;
            while end < bl.cols {
                let next = (j * bl.cols + end) as usize;
                if s.key[next].is_none_or(|kk| fill_of(next, kk) != fill) {
                    break;
                }
                end += 1;
            }
            let first = bl.region(k);
            let last = bl.region((j * bl.cols + end - 1) as usize);
            let (x, top) = frame.point((first.x0 as f64 - 0.5, last.y1 as f64 + 0.5));
            let _ = write!(
                by_colour.entry(fill).or_default(),
                "M{} {}h{}v{}h-{}z",
                num(x),
                num(top),
                last.x1 + 1 - first.x0,
                first.y1 + 1 - first.y0,
                last.x1 + 1 - first.x0,
            );
            i = end;
        }
    }
    let mut g = Group::new().set("class", "blocks");
    if interleaved {
        g = g.add(bands(s, frame, &dirs, &tinted));
    }
    by_colour.into_iter().fold(g, |g, (fill, d)| {
        g.add(Path::new().set("fill", fill).set("d", d))
    })
}

/// Where the sections run side by side (the formation tour's knights), a block shows
/// them as parallel bands in their colours along its straight runs' direction: one
/// pattern per orientation, each band at least a couple of points wide. The bands are
/// a schematic of the interleaving, not the tour's lines one by one.
fn bands(
    s: &Summary,
    frame: &Frame,
    dirs: &[(i32, i32)],
    tinted: &dyn Fn(usize) -> String,
) -> Definitions {
    let keys: Vec<usize> = (0..s.key_share.len())
        .filter(|&k| s.key_share[k] >= 0.05)
        .collect();
    let n = keys.len().max(1) as f64;
    let period = (s.blocks.side as f64 * n).max(n * 4.0 / frame.cell_pt);
    let mut defs = Definitions::new();
    for (o, &(dx, dy)) in dirs.iter().take(4).enumerate() {
        let angle = (-(dy as f64)).atan2(dx as f64).to_degrees();
        let mut p = Pattern::new()
            .set("id", format!("bands-{o}"))
            .set("patternUnits", "userSpaceOnUse")
            .set("width", num(period))
            .set("height", num(period))
            .set("patternTransform", format!("rotate({})", num(angle)))
            .set("shape-rendering", "crispEdges");
        for (i, &k) in keys.iter().enumerate() {
            p = p.add(
                Rectangle::new()
                    .set("x", -1)
                    .set("y", num(period * i as f64 / n - 0.1))
                    .set("width", num(period + 2.0))
                    .set("height", num(period / n + 0.2))
                    .set("fill", tinted(k)),
            );
        }
        defs = defs.add(p);
    }
    defs
}

#[derive(Clone, Copy, PartialEq)]
enum Density {
    Turns,
    Crossings,
}

/// Density markers come in this many radii: the eye tells no more apart at an
/// overview's scale, and one path per radius keeps the document small.
const MARKER_SIZES: f64 = 12.0;

/// One marker per block whose area follows the density: turn dots in the upper left
/// of the block, crossing disks in the lower right, so both can be read together.
/// Thousands of markers make an overview, so each is a zero-length stroke with round
/// caps in one path per radius (about 8 bytes a marker rather than 40 for a circle);
/// a crossing disk is a dark stroke under a narrower white one.
fn densities(s: &Summary, frame: &Frame, theme: &Theme, which: Density) -> Group {
    let o = &theme.overview;
    let m = &theme.markers;
    let (class, full, dx) = match which {
        Density::Turns => ("turn-density", o.full_turns, -0.2),
        Density::Crossings => ("crossing-density", o.full_crossings, 0.2),
    };
    let side = s.blocks.side as f64;
    let mut by_size: BTreeMap<u32, Vec<(f64, f64)>> = BTreeMap::new();
    for k in 0..s.blocks.len() {
        let d = match which {
            Density::Turns => s.turn_density(k),
            Density::Crossings => s.crossing_density(k),
        };
        if d <= 0.0 {
            continue;
        }
        let r = s.blocks.region(k);
        let cx = (r.x0 + r.x1) as f64 / 2.0 + dx * side;
        let cy = (r.y0 + r.y1) as f64 / 2.0 - dx * side;
        let size = ((d / full).min(1.0).sqrt() * MARKER_SIZES).round().max(1.0) as u32;
        by_size.entry(size).or_default().push(frame.point((cx, cy)));
    }
    let g = Group::new()
        .set("class", class)
        .set("fill", "none")
        .set("stroke-linecap", "round");
    let stroke = s.blocks.side as f64 * 0.03;
    by_size.into_iter().fold(g, |g, (size, points)| {
        let diameter = 2.0 * o.marker * side * size as f64 / MARKER_SIZES;
        let d = dots(&points);
        match which {
            Density::Turns => g.add(dot_path(&d, diameter, &m.turn_colour)),
            Density::Crossings => g
                .add(dot_path(&d, diameter + stroke, &m.crossing_stroke))
                .add(dot_path(&d, (diameter - stroke).max(0.0), &m.crossing_fill)),
        }
    })
}

/// Path data with a zero-length segment at each point (`M x y h0 m dx dy h0 ...`), the
/// moves relative in whole thousandths so that no rounding accumulates.
pub fn dots(points: &[(f64, f64)]) -> String {
    let milli = |v: f64| (v * 1000.0).round() as i64;
    let text = |v: i64| num(v as f64 / 1000.0);
    let mut d = String::new();
    let mut at: Option<(i64, i64)> = None;
    for &(x, y) in points {
        let p = (milli(x), milli(y));
        let (cmd, (a, b)) = match at {
            None => ("M", p),
            Some(q) => ("m", (p.0 - q.0, p.1 - q.1)),
        };
        let (a, b) = (text(a), text(b));
        let sep = if b.starts_with('-') { "" } else { " " };
        let _ = write!(d, "{cmd}{a}{sep}{b}h0");
        at = Some(p);
    }
    d
}

/// A path drawing [`dots`] as round dots `diameter` across.
fn dot_path(d: &str, diameter: f64, colour: &str) -> Path {
    Path::new()
        .set("stroke", colour)
        .set("stroke-width", num(diameter))
        .set("d", d)
}

/// A place worth a closer look: a board corner or a busy place, and its cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spot {
    /// A short name (`bottom-left corner`, `busiest place 1`).
    pub name: String,
    /// Its cells.
    pub region: Region,
}

/// The side, in cells, of a spot's window on a board whose longer side is `side`.
pub fn spot_side(side: u32) -> u32 {
    side.min(16)
}

/// The four corners of the board, then up to two of its busiest windows (most turns
/// and crossings per cell) that do not overlap a corner or each other and are busier
/// than the board on average. Boards small enough to draw whole have no spots.
pub fn spots(tour: &Tour, s: &Summary) -> Vec<Spot> {
    let b = tour.board();
    let (w, h) = (b.width(), b.height());
    let k = spot_side(w.max(h));
    let (kw, kh) = (k.min(w), k.min(h));
    let corner = |name: &str, x0: u32, y0: u32| Spot {
        name: format!("{name} corner"),
        region: Region {
            x0,
            y0,
            x1: x0 + kw - 1,
            y1: y0 + kh - 1,
        },
    };
    let mut out = vec![
        corner("bottom-left", 0, 0),
        corner("bottom-right", w - kw, 0),
        corner("top-left", 0, h - kh),
        corner("top-right", w - kw, h - kh),
    ];
    out.dedup_by(|a, b| a.region == b.region);
    let busy = |k: usize| (s.turns[k] + s.crossings[k]) as f64 / s.cells[k].max(1) as f64;
    let total: f64 = (0..s.blocks.len())
        .map(|k| (s.turns[k] + s.crossings[k]) as f64)
        .sum();
    let mean = total / s.cells.iter().map(|&c| c as f64).sum::<f64>().max(1.0);
    let mut order: Vec<usize> = (0..s.blocks.len()).filter(|&k| s.cells[k] > 0).collect();
    order.sort_by(|&a, &b| busy(b).total_cmp(&busy(a)).then(a.cmp(&b)));
    let mut found = 0;
    for blk in order {
        if found == 2 || busy(blk) <= mean * 1.5 {
            break;
        }
        let r = s.blocks.region(blk);
        let (cx, cy) = ((r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2);
        let x0 = cx.saturating_sub(kw / 2).min(w - kw);
        let y0 = cy.saturating_sub(kh / 2).min(h - kh);
        let window = Region {
            x0,
            y0,
            x1: x0 + kw - 1,
            y1: y0 + kh - 1,
        };
        let near = window.grown(k, b);
        if out.iter().any(|sp| sp.region.overlaps(&near)) {
            continue;
        }
        found += 1;
        out.push(Spot {
            name: format!("busiest place {found}"),
            region: window,
        });
    }
    out
}

/// The corners and busiest places of `tour`'s overview drawn with `theme` (see
/// [`spots`]); empty when `tour` would be drawn square by square.
pub fn spots_of(tour: &Tour, theme: &Theme) -> Vec<Spot> {
    let b = tour.board();
    if tour.path().len() < 2 || Style::Auto.resolve(&Region::all(b), theme) != Style::Overview {
        return Vec::new();
    }
    let walk = Walk::new(tour);
    let colours = Colours::new(tour, &walk, theme, false);
    let blocks = Blocks::new(b.width(), b.height(), theme.overview.blocks);
    spots(
        tour,
        &Summary::of(&walk, tour, blocks, colours.len(), |_| 0),
    )
}

/// A frame around each spot, numbered.
fn frames(spots: &[Spot], frame: &Frame, theme: &Theme) -> Group {
    let o = &theme.overview;
    let width = frame.size(&o.frame_width);
    let font = frame.size(&o.label_size);
    let mut g = Group::new()
        .set("class", "spots")
        .set("fill", "none")
        .set("stroke", o.frame_colour.as_str())
        .set("stroke-width", num(width));
    for (i, sp) in spots.iter().enumerate() {
        let r = &sp.region;
        let (x, y) = frame.point((r.x0 as f64 - 0.5, r.y1 as f64 + 0.5));
        let label = Text::new(format!("{}", i + 1))
            .set("x", num(x + width + font * 0.15))
            .set("y", num(y + width + font * 0.85))
            .set("fill", o.frame_colour.as_str())
            .set("stroke", "none")
            .set("font-size", num(font))
            .set("font-family", "DejaVu Sans, sans-serif");
        g = g.add(
            Group::new()
                .set("class", "spot")
                .set("data-name", sp.name.as_str())
                .set("data-region", r.to_string())
                .add(
                    Rectangle::new()
                        .set("x", num(x))
                        .set("y", num(y))
                        .set("width", r.x1 + 1 - r.x0)
                        .set("height", r.y1 + 1 - r.y0),
                )
                .add(label),
        );
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_cover_the_board_once() {
        let bl = Blocks::new(1000, 600, 64);
        assert_eq!(bl.side, 16);
        assert_eq!((bl.cols, bl.rows), (63, 38));
        let area: u32 = (0..bl.len())
            .map(|k| {
                let r = bl.region(k);
                (r.x1 + 1 - r.x0) * (r.y1 + 1 - r.y0)
            })
            .sum();
        assert_eq!(area, 1000 * 600);
        assert_eq!(bl.of((999, 599)), bl.len() - 1);
        assert_eq!(bl.region(bl.len() - 1).x1, 999);
        assert_eq!(Blocks::new(8, 8, 64).side, 1);
    }

    #[test]
    fn dots_move_relatively_without_drift() {
        let d = dots(&[(1.5, 2.0), (4.5, 2.0), (0.001, -0.333), (0.002, 0.0)]);
        assert_eq!(d, "M1.5 2h0m3 0h0m-4.499-2.333h0m.001 .333h0");
        assert_eq!(dots(&[]), "");
    }
}
