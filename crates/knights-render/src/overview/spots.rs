//! The places of a large board worth a closer look ([`Spot`]): the board's corners and
//! its busiest windows, framed and numbered on an overview or on a drawing whose
//! squares are small ([`framed`]), and shown by the gallery as detailed crops.

use svg::node::element::{Group, Rectangle, Text};

use super::blocks::{Blocks, Summary};
use super::numbers::{self, Side};
use super::style::Style;
use crate::frame::{num, Frame};
use crate::path::Walk;
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
    // A board no taller (or wider) than a window has the same window at two corners
    // (a 64x8 band's bottom-left and top-left): framed once.
    let mut seen = Vec::new();
    out.retain(|sp| {
        let new = !seen.contains(&sp.region);
        seen.push(sp.region);
        new
    });
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
    if tour.path().len() < 2 || !framed(tour.board(), theme) {
        return Vec::new();
    }
    busiest(&Walk::new(tour), tour, theme, 2)
}

/// [`spots_of`] a tour whose walk `walk` the drawing has read already.
pub(crate) fn spots_on(walk: &Walk, tour: &Tour, theme: &Theme) -> Vec<Spot> {
    if tour.path().len() < 2 || !framed(tour.board(), theme) {
        return Vec::new();
    }
    busiest(walk, tour, theme, 2)
}

/// Up to `n` places of `tour`'s board for a figure's insets: the windows that differ
/// most from one another ([`super::distinct`]); for a tour without a move grid, its
/// corners and busiest places as [`spots`] finds them on the blocks `theme`'s overview
/// would draw.
pub(crate) fn places(tour: &Tour, theme: &Theme, n: usize) -> Vec<Spot> {
    if tour.path().len() < 2 {
        return Vec::new();
    }
    super::distinct::distinct(tour, n).unwrap_or_else(|| {
        let mut p = busiest(&Walk::new(tour), tour, theme, n.saturating_sub(4));
        p.truncate(n);
        p
    })
}

/// The corners of `tour`'s board and up to `busy` of its busiest places ([`spots`])
/// on `walk`, its walk: the blocks' cells, turns and crossings decide (their colours
/// do not, so one colour key is counted).
fn busiest(walk: &Walk, tour: &Tour, theme: &Theme, busy: usize) -> Vec<Spot> {
    let b = tour.board();
    let blocks = Blocks::new(b.width(), b.height(), theme.overview.blocks);
    let summary = Summary::of(walk, tour, blocks, 1, |_| 0);
    spots_with(tour, &summary, busy)
}

/// The font size of the frames' numbers, in squares: the theme's, or less so that a
/// number (a digit: at most six places are framed) fits the theme's margin.
fn label_font(frame: &Frame, theme: &Theme) -> f64 {
    let room = theme.page.margin / frame.cell_pt;
    (frame.size(&theme.overview.label_size))
        .min(room / 1.25)
        .min(room / 0.84)
}

/// The room the frames' numbers need beyond the drawing's margins, in squares (left,
/// top, right, bottom): where the margin holds the coordinates (left and bottom), the
/// numbers go beyond them.
pub fn numbers_room(frame: &Frame, theme: &Theme) -> [f64; 4] {
    let font = label_font(frame, theme);
    let m = theme.page.margin / frame.cell_pt;
    let beyond = |side: usize, need: f64| if frame.margin[side] > m { need } else { 0.0 };
    [beyond(0, font * 0.9), 0.0, 0.0, beyond(3, font * 1.3)]
}

/// A frame around each spot, numbered outside the board on the side it is nearest,
/// with a leader to it ([`super::numbers`]), beyond the coordinates where they are
/// drawn ([`numbers_room`]): inside, the number would lie on the marks it frames.
pub fn frames(spots: &[Spot], frame: &Frame, theme: &Theme) -> Group {
    let o = &theme.overview;
    let width = frame.size(&o.frame_width);
    let [bx, by, bw, bh] = frame.area();
    let b = [bx, by, bx + bw, by + bh];
    let font = label_font(frame, theme);
    let m = theme.page.margin / frame.cell_pt;
    // Where the numbers' side of the margin begins: past the coordinates.
    let past = [
        b[0] - (frame.margin[0] - m),
        b[1],
        b[2],
        b[3] + (frame.margin[3] - m),
    ];
    let rects: Vec<[f64; 4]> = (spots.iter())
        .map(|sp| {
            let r = &sp.region;
            let (x0, y0) = frame.point((r.x0 as f64 - 0.5, r.y1 as f64 + 0.5));
            let (x1, y1) = frame.point((r.x1 as f64 + 0.5, r.y0 as f64 - 0.5));
            [x0, y0, x1, y1]
        })
        .collect();
    let placed = numbers::place(&rects, b, font, font * 1.6);
    let mut g = Group::new()
        .set("class", "spots")
        .set("data-mark", "frames")
        .set("fill", "none")
        .set("stroke", o.frame_colour.as_str())
        .set("stroke-width", num(width));
    for (i, (sp, (r, &(side, at)))) in spots.iter().zip(rects.iter().zip(&placed)).enumerate() {
        let (from, to, text) = leader(r, b, past, side, at, font);
        let label = Text::new(format!("{}", i + 1))
            .set("x", num(text.0))
            .set("y", num(text.1))
            .set("fill", o.frame_colour.as_str())
            .set("stroke", "none")
            .set("font-size", num(font))
            .set("text-anchor", "middle")
            .set("font-family", "DejaVu Sans, sans-serif");
        let mut spot = Group::new()
            .set("class", "spot")
            .set("data-name", sp.name.as_str())
            .set("data-region", sp.region.to_string())
            .add(
                Rectangle::new()
                    .set("x", num(r[0]))
                    .set("y", num(r[1]))
                    .set("width", num(r[2] - r[0]))
                    .set("height", num(r[3] - r[1])),
            );
        // A frame on the board's edge needs none.
        if (from.0 - to.0).hypot(from.1 - to.1) > width {
            spot = spot.add(numbers::leader(from, to));
        }
        g = g.add(spot.add(label));
    }
    g
}

/// The leader of a frame `r` to its number on `side` of the board `b` at `at` along
/// it: from the frame's edge to the board's, and where the number's text sits
/// (centred; its baseline), `font` high, past the coordinates (`past`).
type Point = (f64, f64);
fn leader(
    r: &[f64; 4],
    b: [f64; 4],
    past: [f64; 4],
    side: Side,
    at: f64,
    font: f64,
) -> (Point, Point, Point) {
    let (cx, cy) = ((r[0] + r[2]) / 2.0, (r[1] + r[3]) / 2.0);
    // Baselines that keep the text's box (0.93 of its size above, 0.24 below) off the
    // board.
    let half = font * 0.35; // half a digit's width, and a little air
    match side {
        Side::Top => ((cx, r[1]), (at, b[1]), (at, b[1] - font * 0.3)),
        Side::Bottom => ((cx, r[3]), (at, b[3]), (at, past[3] + font * 0.95)),
        Side::Left => (
            (r[0], cy),
            (b[0], at),
            (past[0] - font * 0.1 - half, at + half),
        ),
        Side::Right => (
            (r[2], cy),
            (b[2], at),
            (b[2] + font * 0.1 + half, at + half),
        ),
    }
}

#[cfg(test)]
mod tests {
    use crate::layers::Layer;
    use crate::{Drawing, Options, Show, Style};

    /// The 64x64 fixture drawn whole with coordinates, as an overview and square by
    /// square: its frames' numbers lie outside the board and past the coordinates,
    /// and the audit finds no text over text or a marker, nor anything outside.
    #[test]
    fn frame_numbers_are_outside_the_board_and_clear_of_everything() {
        let t = crate::fixtures::tour("64x64-hilbert-open.json");
        let m = knights_core::metrics::measure(&t);
        for style in [Style::Overview, Style::Detail] {
            let opts = Options {
                style,
                show: Show::defaults().with(Layer::Coords),
                insets: crate::Insets::None,
                ..Default::default()
            };
            let d = Drawing::new(&t, &m, &opts).unwrap();
            let svg = d.svg();
            let labels = svg.matches("class=\"spot\"").count();
            assert!(labels >= 4, "{style:?}: {labels} frames");
            let report = crate::audit(svg).unwrap();
            let bad: Vec<String> = (report.findings.iter())
                .filter(|f| f.kind == "overlap" || f.kind == "outside")
                .map(|f| f.to_string())
                .collect();
            assert!(bad.is_empty(), "{style:?}: {bad:?}");
        }
    }

    /// A board no taller than a window frames each window once.
    #[test]
    fn a_band_frames_each_corner_window_once() {
        let t = crate::fixtures::tour("10x8-cylinder.json");
        let s = super::places(&t, &crate::Theme::default(), 4);
        let mut regions: Vec<_> = s.iter().map(|sp| sp.region).collect();
        let n = regions.len();
        regions.dedup();
        assert_eq!(regions.len(), n, "{s:?}");
        assert_eq!(n, 1, "{s:?}");
    }
}
