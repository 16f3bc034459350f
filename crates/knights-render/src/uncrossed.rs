//! Drawing an uncrossed path (or cycle): the board's squares as for a tour, the path as
//! one SVG path in the theme's tour colour, a dot on every cell it visits and a ring at
//! its first cell, so the cells it leaves out show bare. A branch of
//! [`super::Drawing::new`]; its PNG and PDF are the tour drawings'.

use svg::node::element::{Circle, Group, Path};

use super::frame::{num, Frame};
use super::{sheet, Drawing, Options};
use knights_core::{Error, Verified};

/// Draws the uncrossed path `p`.
pub(crate) fn drawing(p: &Verified, opts: &Options) -> Result<Drawing, Error> {
    let board = p.board();
    let theme = &opts.theme;
    let layers = opts.layers(board);
    let frame = Frame::new(board, theme, false);
    let width = frame.size(&theme.tour.width);
    let colour = theme.tour.palette[0].as_str(); // a theme has one at least
    let d = sheet::cells_data(board, &frame, p.path(), p.is_closed());
    let mut dots = Group::new().set("class", "cells").set("fill", colour);
    for &c in p.path() {
        let (x, y) = frame.cell(board.xy(c));
        dots = dots.add(
            Circle::new()
                .set("cx", x)
                .set("cy", y)
                .set("r", num(width * 1.2)),
        );
    }
    let (x0, y0) = frame.cell(board.xy(p.path()[0]));
    let start = Circle::new()
        .set("class", "start")
        .set("cx", x0)
        .set("cy", y0)
        .set("r", num(width * 2.5))
        .set("fill", "none")
        .set("stroke", colour)
        .set("stroke-width", num(width * 0.8));
    let line = Path::new()
        .set("class", "path")
        .set("d", d)
        .set("fill", "none")
        .set("stroke", colour)
        .set("stroke-width", num(width))
        .set("stroke-linejoin", "round")
        .set("stroke-linecap", "round");
    let doc = sheet::page(board, &frame, theme, layers, p.to_string())
        .set("data-leaps", p.leaps())
        .add(line)
        .add(dots)
        .add(start);
    Ok(Drawing::from_svg(
        doc.to_string(),
        layers,
        opts.resolution,
        frame.cell_pt,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use knights_core::metrics::measure;
    use knights_core::verify::verify;
    use knights_core::{Board, Tour};

    #[test]
    fn the_path_is_one_svg_path_with_a_dot_per_cell() {
        let b = Board::new(4, 4).unwrap();
        let cells = [(0, 1), (2, 0), (3, 2), (1, 3)].map(|(x, y)| b.index(x, y));
        let p = verify(Tour::uncrossed(b, cells.to_vec(), true)).unwrap();
        let svg = Drawing::new(&p, &measure(&p), &Options::default())
            .unwrap()
            .svg()
            .to_string();
        assert_eq!(svg.matches("class=\"path\"").count(), 1, "{svg}");
        assert!(svg.contains("Z\""), "a cycle closes");
        assert_eq!(
            svg.matches("<circle").count(),
            5,
            "four cells and the start"
        );
        assert!(svg.contains("data-leaps=\"4\""));
    }
}
