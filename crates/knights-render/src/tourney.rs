//! Drawing a tourney: the board's squares as for a tour, and each closed cycle as one
//! closed SVG path in its own colour from the theme's palette (a tourney of more
//! cycles than colours reuses them in turn, and neighbouring cycles are rarely
//! numbered alike). A branch of [`super::Drawing::new`]; its PNG and PDF are the tour
//! drawings'.

use svg::node::element::{Group, Path};

use super::frame::{num, Frame};
use super::{sheet, Drawing, Options};
use knights_core::metrics::Metrics;
use knights_core::{Error, Verified};

/// Draws the tourney `t`, whose metrics are `m`.
pub(crate) fn drawing(t: &Verified, m: &Metrics, opts: &Options) -> Result<Drawing, Error> {
    let board = t.board();
    let count = m.cycles.as_ref().map_or(0, |c| c.count);
    let theme = &opts.theme;
    let layers = opts.layers(board);
    let frame = Frame::new(board, theme, false);
    let title = format!(
        "A tourney of {} cycles covering the {board} board: {} turns, {} crossings",
        count, m.turns, m.crossings
    );
    let width = frame.size(&theme.tour.width);
    let palette = &theme.tour.palette;
    let mut cycles = Group::new()
        .set("class", "cycles")
        .set("fill", "none")
        .set("stroke-width", num(width))
        .set("stroke-linejoin", "round")
        .set("opacity", num(theme.tour.opacity));
    for (i, cycle) in t.cycles().iter().enumerate() {
        let d = sheet::cells_data(board, &frame, cycle, true);
        let colour = palette[i % palette.len()].as_str(); // a theme has one at least
        cycles = cycles.add(Path::new().set("d", d).set("stroke", colour));
    }
    let doc = sheet::page(board, &frame, theme, layers, title)
        .set("data-cycles", count)
        .set("data-turns", m.turns)
        .set("data-crossings", m.crossings)
        .add(cycles);
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

    #[test]
    fn each_cycle_is_one_closed_path_in_a_colour_of_its_own() {
        let t = knights_core::examples::four_cover();
        let v = verify(t).unwrap();
        let d = Drawing::new(&v, &measure(&v), &Options::default()).unwrap();
        let svg = d.svg();
        assert_eq!(svg.matches("Z\"").count(), 4, "{svg}");
        assert!(svg.contains("data-cycles=\"4\""));
        let colours: std::collections::HashSet<&str> = svg
            .split("stroke=\"")
            .skip(1)
            .map(|s| &s[..s.find('"').unwrap()])
            .collect();
        assert!(colours.len() >= 4, "{colours:?}");
        assert!(!d.png().unwrap().is_empty());
    }
}
