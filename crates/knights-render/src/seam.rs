//! The glued edges of a band drawn flat: the left and right edges, where the tour
//! leaves and comes back, are marked with arrows in the usual way of drawing a surface
//! from a square: both pointing up on a cylinder (glued as they are), opposite ways on
//! a Moebius strip (glued with a half twist).

use svg::node::element::{Group, Line, Path};

use super::frame::{num, Frame};
use super::theme::Theme;
use knights_core::board::{Board, Topology};

/// The marks of the seam, or nothing on a plane board.
pub fn layer(board: &Board, frame: &Frame, theme: &Theme) -> Group {
    let mut g = Group::new().set("class", "seam");
    if !board.topology().wraps() || !frame.is_whole() {
        return g;
    }
    let colour = theme.markers.start_colour.as_str();
    let width = frame.size(&theme.board.outline_width) * 2.0;
    let (top, bottom) = (-0.5, frame.h as f64 - 0.5);
    let arrow = (frame.h as f64 / 6.0).clamp(0.4, 1.2);
    let mid = (top + bottom) / 2.0;
    for (x, up) in [
        (-0.5, true),
        (frame.w as f64 - 0.5, board.topology() == Topology::Cylinder),
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
    g
}
