//! The board: its squares (checkered or a plain grid), missing squares and outline.
//!
//! The size of this layer grows with the board's sides, not its area: the dark squares
//! are one path of stripes, every other column and every other row, filled with the
//! even-odd rule, which leaves exactly the squares where one stripe crosses no other.

use std::fmt::Write;

use svg::node::element::{Group, Path, Rectangle};

use super::frame::{num, Frame};
use super::theme::Theme;
use crate::board::Board;

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
    let (w, h) = (frame.w as f64, frame.h as f64);
    let mut g = Group::new()
        .set("class", "board")
        .add(rect(-0.5, -0.5, w, h).set("fill", s.light.as_str()));
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
        let (x, y) = frame.cell(board.xy(c));
        let hole = rect(x as f64 - 0.5, y as f64 - 0.5, 1.0, 1.0);
        g = g.add(hole.set("class", "hole").set("fill", s.hole.as_str()));
    }
    g.add(
        rect(-0.5, -0.5, w, h)
            .set("class", "outline")
            .set("fill", "none")
            .set("stroke", s.outline.as_str())
            .set("stroke-width", num(frame.size(&s.outline_width))),
    )
}

/// Even columns and odd rows (counted from the bottom) as stripes: with the even-odd
/// rule the dark squares are those with `x + y` even, so a1 is dark as on a chessboard.
fn stripes(f: &Frame) -> String {
    let mut d = String::new();
    for x in (0..f.w).step_by(2) {
        let _ = write!(d, "M{} -.5h1v{}h-1z", num(x as f64 - 0.5), f.h);
    }
    for y in (1..f.h).step_by(2) {
        let top = (f.h - 1 - y) as f64 - 0.5;
        let _ = write!(d, "M-.5 {}h{}v1h-{}z", num(top), f.w, f.w);
    }
    d
}

/// The lines between squares.
fn grid_lines(f: &Frame) -> String {
    let mut d = String::new();
    for x in 1..f.w {
        let _ = write!(d, "M{} -.5v{}", num(x as f64 - 0.5), f.h);
    }
    for y in 1..f.h {
        let _ = write!(d, "M-.5 {}h{}", num(y as f64 - 0.5), f.w);
    }
    d
}
