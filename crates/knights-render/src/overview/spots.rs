//! The places of a large board worth a closer look ([`Spot`]): the board's corners and
//! its busiest windows, framed and numbered on an overview or on a drawing whose
//! squares are small ([`framed`]), and shown by the gallery as detailed crops.

use svg::node::element::{Group, Rectangle, Text};

use super::blocks::{Blocks, Summary};
use super::style::Style;
use crate::frame::{num, Frame};
use crate::path::{Colours, Walk};
use crate::theme::Theme;
use knights_core::Region;
use knights_core::Tour;

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
    spots_with(tour, s, 2)
}

/// The corners of the board and up to `busy` of its busiest windows, as [`spots`].
fn spots_with(tour: &Tour, s: &Summary, busy: usize) -> Vec<Spot> {
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
    let busy_of = |k: usize| (s.turns[k] + s.crossings[k]) as f64 / s.cells[k].max(1) as f64;
    let total: f64 = (0..s.blocks.len())
        .map(|k| (s.turns[k] + s.crossings[k]) as f64)
        .sum();
    let mean = total / s.cells.iter().map(|&c| c as f64).sum::<f64>().max(1.0);
    let mut order: Vec<usize> = (0..s.blocks.len()).filter(|&k| s.cells[k] > 0).collect();
    order.sort_by(|&a, &b| busy_of(b).total_cmp(&busy_of(a)).then(a.cmp(&b)));
    let mut found = 0;
    for blk in order {
        if found == busy || busy_of(blk) <= mean * 1.5 {
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

/// A board drawn square by square whose squares come out smaller than this share of
/// the theme's full square (`page.cell`) is framed too: at half the web theme's 28
/// points (boards of more than 51 squares a side: the giraffe's 52x22 and 116x38, a
/// 64x64) its leaps are a tangle too fine to follow, and its corners and busiest places
/// are worth a closer look as an overview's are.
pub const FRAMED_BELOW: f64 = 0.5;

/// Whether a drawing of the whole board with `theme` frames its [`spots`]: an overview
/// always, a drawing square by square when its squares are smaller than
/// [`FRAMED_BELOW`] of the theme's full square.
pub fn framed(board: &knights_core::Board, theme: &Theme) -> bool {
    let all = Region::all(board);
    match Style::Auto.resolve(&all, theme) {
        Style::Overview => true,
        _ => {
            let f = Frame::of_region(board, theme, false, all);
            f.cell_pt < theme.page.cell * FRAMED_BELOW
        }
    }
}

/// The corners and busiest places of `tour` drawn whole with `theme` (see `spots`);
/// empty when the drawing does not frame them (`framed`).
pub fn spots_of(tour: &Tour, theme: &Theme) -> Vec<Spot> {
    let b = tour.board();
    if tour.path().len() < 2 || !framed(b, theme) {
        return Vec::new();
    }
    places(tour, theme, 2)
}

/// The corners of `tour`'s board and up to `busy` of its busiest places (see
/// [`spots`]), found on the blocks `theme`'s overview would draw, framed or not.
pub(crate) fn places(tour: &Tour, theme: &Theme, busy: usize) -> Vec<Spot> {
    if tour.path().len() < 2 {
        return Vec::new();
    }
    let b = tour.board();
    let walk = Walk::new(tour);
    let colours = Colours::new(tour, &walk, theme, false);
    let blocks = Blocks::new(b.width(), b.height(), theme.overview.blocks);
    let summary = Summary::of(&walk, tour, blocks, colours.len(), |_| 0);
    spots_with(tour, &summary, busy)
}

/// A frame around each spot, numbered.
pub fn frames(spots: &[Spot], frame: &Frame, theme: &Theme) -> Group {
    let o = &theme.overview;
    let width = frame.size(&o.frame_width);
    let label_font = frame.size(&o.label_size);
    let mut g = Group::new()
        .set("class", "spots")
        .set("data-mark", "frames")
        .set("fill", "none")
        .set("stroke", o.frame_colour.as_str())
        .set("stroke-width", num(width));
    for (i, sp) in spots.iter().enumerate() {
        let r = &sp.region;
        let (x, y) = frame.point((r.x0 as f64 - 0.5, r.y1 as f64 + 0.5));
        // The number fits inside its frame: at most 0.6 of the frame's shorter side
        // (a few digits), however small the squares are in points.
        let side = (r.x1 + 1 - r.x0).min(r.y1 + 1 - r.y0) as f64;
        let digits = format!("{}", i + 1).len() as f64;
        let font = label_font
            .min((side - 2.0 * width) * 0.6)
            .min((side - 2.0 * width) / (0.65 * digits + 0.3));
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
