//! The glued edges of a band drawn flat: the left and right edges, where the tour
//! leaves and comes back, are marked with arrows in the usual way of drawing a surface
//! from a square: both pointing up on a cylinder (glued as they are), opposite ways on
//! a Moebius strip (glued with a half twist). A torus has its top and bottom edges
//! glued too: they are marked the same way, with double arrows both pointing right.

use svg::node::element::{Group, Line, Path};

use super::frame::{num, Frame};
use super::theme::Theme;
use knights_core::{Board, Topology};

/// Whether `frame` of `board` shows the seam.
fn shown(board: &Board, frame: &Frame) -> bool {
    board.topology().wraps() && frame.is_whole()
}

/// The length of the seam's arrows, in squares.
fn arrow(frame: &Frame) -> f64 {
    (frame.h as f64 / 6.0).clamp(0.4, 1.2)
}

/// How far, in squares, the seam's arrows reach left of the board's left edge (where
/// the row numbers go): 0 without a seam.
pub fn reach(board: &Board, frame: &Frame) -> f64 {
    if shown(board, frame) {
        arrow(frame) / 3.0
    } else {
        0.0
    }
}

/// The marks of the seam, or nothing on a plane board.
pub fn layer(board: &Board, frame: &Frame, theme: &Theme) -> Group {
    let mut g = Group::new().set("class", "seam");
    if !shown(board, frame) {
        return g;
    }
    let colour = theme.markers.start_colour.as_str();
    let width = frame.size(&theme.board.outline_width) * 2.0;
    let (top, bottom) = (-0.5, frame.h as f64 - 0.5);
    let arrow = arrow(frame);
    let mid = (top + bottom) / 2.0;
    for (x, up) in [
        (-0.5, true),
        (frame.w as f64 - 0.5, board.topology() != Topology::Moebius),
    ] {
        g = g.add(
            Line::new()
                .set("x1", num(x))
                .set("y1", num(top))
                .set("x2", num(x))
                .set("y2", num(bottom))
                .set("stroke", colour)
                .set("stroke-width", num(width))
                .set("stroke-dasharray", format!("{} {}", num(0.3), num(0.2))),
        );
        let (tip, base) = if up {
            (mid - arrow / 2.0, mid + arrow / 2.0)
        } else {
            (mid + arrow / 2.0, mid - arrow / 2.0)
        };
        let half = arrow / 3.0;
        g = g.add(Path::new().set("fill", colour).set(
            "d",
            format!(
                "M{} {}L{} {}L{} {}Z",
                num(x),
                num(tip),
                num(x - half),
                num(base),
                num(x + half),
                num(base)
            ),
        ));
    }
    if board.topology().wraps_rows() {
        let (left, right) = (-0.5, frame.w as f64 - 0.5);
        let mid = (left + right) / 2.0;
        // Smaller than the side arrows and inside the board, clear of the column
        // letters below it.
        let (long, half) = (arrow * 0.5, arrow / 5.0);
        for (y, inward) in [(top, half), (bottom, -half)] {
            g = g.add(
                Line::new()
                    .set("x1", num(left))
                    .set("y1", num(y))
                    .set("x2", num(right))
                    .set("y2", num(y))
                    .set("stroke", colour)
                    .set("stroke-width", num(width))
                    .set("stroke-dasharray", format!("{} {}", num(0.3), num(0.2))),
            );
            let y = y + inward;
            for tip in [mid + long, mid] {
                let base = tip - long;
                g = g.add(Path::new().set("fill", colour).set(
                    "d",
                    format!(
                        "M{} {}L{} {}L{} {}Z",
                        num(tip),
                        num(y),
                        num(base),
                        num(y - half),
                        num(base),
                        num(y + half)
                    ),
                ));
            }
        }
    }
    g
}

#[cfg(test)]
mod tests {
    use crate::fixtures::tour;
    use crate::{Drawing, Layer, Options, Show};

    /// The row numbers of a band stand clear of the seam's arrows, which reach
    /// [`super::reach`] squares left of the board (they hid the middle row's number).
    #[test]
    fn row_numbers_stand_clear_of_the_seam_arrows() {
        let t = tour("10x8-moebius.json");
        let m = knights_core::metrics::measure(&t);
        let opts = Options {
            show: Show::defaults().with(Layer::Coords),
            ..Default::default()
        };
        let svg = Drawing::new(&t, &m, &opts).unwrap().svg().to_string();
        let rows = svg.split("text-anchor=\"end\"").nth(1).unwrap();
        let rows = &rows[..rows.find("</g>").unwrap()];
        let xs: Vec<f64> = rows
            .split(" x=\"")
            .skip(1)
            .map(|s| s[..s.find('"').unwrap()].parse().unwrap())
            .collect();
        assert_eq!(xs.len(), 8);
        // The arrow's half width (8 rows: 8 / 6 / 3 squares) left of the edge at -0.5.
        let arrow_left = -0.5 - 8.0 / 6.0 / 3.0;
        assert!(xs.iter().all(|&x| x < arrow_left), "{xs:?}");
    }
}
