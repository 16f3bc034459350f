//! The board: its squares (checkered or a plain grid), missing squares and outline.
//!
//! The size of this layer grows with the board's sides, not its area: the dark squares
//! are one path of stripes, every other column and every other row, filled with the
//! even-odd rule, which leaves exactly the squares where one stripe crosses no other.

use std::fmt::Write;

use svg::node::element::{Group, Path, Rectangle};

use super::frame::{num, Frame};
use super::theme::Theme;
use knights_core::Board;

fn rect(x: f64, y: f64, w: f64, h: f64) -> Rectangle {
    Rectangle::new()
        .set("x", num(x))
        .set("y", num(y))
        .set("width", num(w))
        .set("height", num(h))
}

/// The board's area in the light colour, then the squares when `squares` is set, the
/// holes, and the outline.
pub fn layer(board: &Board, frame: &Frame, theme: &Theme, squares: bool) -> Group {
    let s = &theme.board;
    let [x, y, w, h] = frame.area();
    let mut g = Group::new()
        .set("class", "board")
        .add(rect(x, y, w, h).set("fill", s.light.as_str()));
    if squares && s.checkered {
        g = g.add(
            Path::new()
                .set("class", "squares")
                .set("fill", s.dark.as_str())
                .set("fill-rule", "evenodd")
                .set("d", stripes(frame)),
        );
    } else if squares {
        g = g.add(
            Path::new()
                .set("class", "squares")
                .set("fill", "none")
                .set("stroke", s.grid.as_str())
                .set("stroke-width", num(frame.size(&s.grid_width)))
                .set("d", grid_lines(frame)),
        );
    }
    for &c in board.holes() {
        if !frame.shows_cell(board.xy(c)) {
            continue;
        }
        let (x, y) = frame.cell(board.xy(c));
        let hole = rect(x as f64 - 0.5, y as f64 - 0.5, 1.0, 1.0);
        g = g.add(hole.set("class", "hole").set("fill", s.hole.as_str()));
    }
    g.add(
        rect(x, y, w, h)
            .set("class", "outline")
            .set("fill", "none")
            .set("stroke", s.outline.as_str())
            .set("stroke-width", num(frame.size(&s.outline_width))),
    )
}

/// Even columns and odd rows (counted from the bottom) as stripes: with the even-odd
/// rule the dark squares are those with `x + y` even, so a1 is dark as on a chessboard.
/// Only the drawn region's squares: its even columns and odd rows.
fn stripes(f: &Frame) -> String {
    let r = &f.region;
    let [left, top, w, h] = f.area();
    let mut d = String::new();
    for x in (r.x0 + r.x0 % 2..=r.x1).step_by(2) {
        let _ = write!(d, "M{} {}h1v{h}h-1z", num(x as f64 - 0.5), num(top));
    }
    for y in (r.y0 + 1 - r.y0 % 2..=r.y1).step_by(2) {
        let (_, y) = f.point((0.0, y as f64 + 0.5));
        let _ = write!(d, "M{} {}h{w}v1h-{w}z", num(left), num(y));
    }
    d
}

/// The lines between the drawn region's squares.
fn grid_lines(f: &Frame) -> String {
    let r = &f.region;
    let [left, top, w, h] = f.area();
    let mut d = String::new();
    for x in r.x0 + 1..=r.x1 {
        let _ = write!(d, "M{} {}v{h}", num(x as f64 - 0.5), num(top));
    }
    for y in r.y0 + 1..=r.y1 {
        let (_, y) = f.point((0.0, y as f64 - 0.5));
        let _ = write!(d, "M{} {}h{w}", num(left), num(y));
    }
    d
}
