//! Drawing [`Fragments`]: a region of a board at a large scale, the piece's cells on
//! the theme's squares (the cells around them veiled), the moves around it faint, each
//! knight's path in its own colour (a section's colour when it is named after one, a
//! dot for a knight that stays in place), the turn and crossing marks of
//! [`knights_render::parts`], and a caption. A partial drawing says so in its caption.
//!
//! The document carries `data-knights`, `data-turns`, `data-crossings` and
//! `data-status`, and each path is an element of class `knight`, so tests can check
//! a drawing against the data it was made from.

use std::fmt::Write as _;

use svg::node::element::{Circle, ClipPath, Definitions, Group, Line, Path, Rectangle, Text};
use svg::Document;

use crate::fragments::{Fragments, Status};
use crate::worksheet::wrap;
use knights_render::parts;
use knights_render::parts::{num, Frame};
use knights_render::theme::{section_colour, Theme};

/// Caption size, in squares.
const CAPTION: f64 = 0.42;
/// How much larger than the theme's squares the drawing is.
const SCALE: f64 = 1.6;
/// Colour of the moves around the piece.
const CONTEXT: &str = "#9e9e9e";

/// The SVG document of `f`, drawn with `theme`, with `caption` below it.
pub fn svg(f: &Fragments, theme: &Theme, caption: &str) -> String {
    let b = f.board();
    let frame = Frame::of_region(b, theme, false, f.region());
    let mut v = frame.view_box();
    let caption = match f.status() {
        Status::Complete => caption.to_string(),
        Status::Partial(why) => format!("{caption} (partial drawing: {why})"),
    };
    let per_line = ((v[2] / (CAPTION * 0.56)) as usize).max(8);
    let lines = wrap(&caption, per_line);
    let band = CAPTION * (1.4 * lines.len() as f64 + 0.6);
    v[3] += band;
    let cell_pt = frame.cell_pt * SCALE;
    let status = match f.status() {
        Status::Complete => "complete",
        Status::Partial(_) => "partial",
    };
    let [ax, ay, aw, ah] = frame.area();
    let area = || {
        Rectangle::new()
            .set("x", num(ax))
            .set("y", num(ay))
            .set("width", num(aw))
            .set("height", num(ah))
    };
    let mut doc = Document::new()
        .set("viewBox", v.map(num).join(" "))
        .set("width", num(v[2] * cell_pt))
        .set("height", num(v[3] * cell_pt))
        .set("class", "fragments")
        .set("data-knights", f.paths().len())
        .set("data-turns", f.turns().len())
        .set("data-crossings", f.crossings().len())
        .set("data-status", status)
        .add(Definitions::new().add(ClipPath::new().set("id", "piece-region").add(area())))
        .add(knights_render::parts::background(
            v,
            theme.page.background.as_str(),
        ))
        .add(parts::squares(b, &frame, theme, true));
    let mut veil = Group::new()
        .set("class", "outside")
        .set("fill", theme.page.background.as_str())
        .set("fill-opacity", ".6");
    for y in f.region().y0..=f.region().y1 {
        for x in f.region().x0..=f.region().x1 {
            if !f.cells().contains(&b.index(x, y)) {
                let (cx, cy) = frame.cell((x, y));
                veil = veil.add(
                    Rectangle::new()
                        .set("x", num(cx as f64 - 0.5))
                        .set("y", num(cy as f64 - 0.5))
                        .set("width", 1)
                        .set("height", 1),
                );
            }
        }
    }
    let width = frame.size(&theme.tour.width).max(0.07);
    let mut context = Group::new()
        .set("class", "context")
        .set("stroke", CONTEXT)
        .set("stroke-width", num(width * 0.6))
        .set("stroke-linecap", "round");
    for &[a, c] in f.context() {
        let ((x1, y1), (x2, y2)) = (frame.cell(b.xy(a)), frame.cell(b.xy(c)));
        context = context.add(
            Line::new()
                .set("x1", x1)
                .set("y1", y1)
                .set("x2", x2)
                .set("y2", y2),
        );
    }
    let mut knights = Group::new()
        .set("class", "knights")
        .set("fill", "none")
        .set("stroke-width", num(width * 1.6))
        .set("stroke-linecap", "round")
        .set("stroke-linejoin", "round");
    let mut leaps = Group::new().set("class", "leaps");
    for (i, p) in f.paths().iter().enumerate() {
        let c = section_colour(theme, &p.label, i, f.paths().len());
        let at = |k: usize| frame.cell(b.xy(p.cells[k]));
        if p.cells.len() == 1 {
            let (x, y) = at(0);
            knights = knights.add(
                Circle::new()
                    .set("class", "knight")
                    .set("data-knight", p.label.as_str())
                    .set("cx", x)
                    .set("cy", y)
                    .set("r", ".22")
                    .set("fill", c.as_str()),
            );
            continue;
        }
        let mut d = String::new();
        for k in 0..p.cells.len() {
            let (x, y) = at(k);
            let _ = write!(d, "{}{x} {y}", if k == 0 { "M" } else { "L" });
        }
        knights = knights.add(
            Path::new()
                .set("class", "knight")
                .set("data-knight", p.label.as_str())
                .set("stroke", c.as_str())
                .set("d", d),
        );
        if p.cells.len() == 2 {
            // A single leap is a move: the knight where it stands, and its direction.
            let ((x1, y1), (x2, y2)) = (at(0), at(1));
            // The arrow three quarters of the way, clear of other leaps' middles.
            let z = (x2 as f64, y2 as f64);
            let a = ((x1 as f64 + z.0) / 2.0, (y1 as f64 + z.1) / 2.0);
            let size = frame.size(&theme.markers.start).max(0.12) * 0.7;
            leaps = leaps
                .add(
                    Circle::new()
                        .set("cx", x1)
                        .set("cy", y1)
                        .set("r", ".18")
                        .set("fill", c.as_str()),
                )
                .add(parts::arrow(a, z, size, &c, &theme.page.background));
        }
    }
    let shown = |xy: (u32, u32)| frame.shows_cell(xy);
    let turns = f.turns().iter().map(|&c| b.xy(c)).filter(|&xy| shown(xy));
    let crossings = f.crossings().iter().copied();
    doc = doc.add(
        Group::new()
            .set("clip-path", "url(#piece-region)")
            .add(veil)
            .add(context)
            .add(knights)
            .add(leaps)
            .add(parts::turn_dots(turns, &frame, theme))
            .add(parts::crossing_disks(
                crossings.filter(|&p| frame.shows_point(p)),
                &frame,
                theme,
            )),
    );
    let y0 = ay + ah + CAPTION * 1.5;
    for (k, line) in lines.into_iter().enumerate() {
        doc = doc.add(
            Text::new(line)
                .set("class", "caption")
                .set("x", num(ax))
                .set("y", num(y0 + k as f64 * CAPTION * 1.4))
                .set("font-size", num(CAPTION))
                .set(
                    "font-family",
                    format!("{}, DejaVu Sans, sans-serif", theme.text.font),
                )
                .set("fill", theme.text.coords_colour.as_str()),
        );
    }
    knights_render::xml_safe(doc.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figures;

    #[test]
    fn the_drawing_has_an_element_per_path_and_per_mark() {
        let theme = Theme::load("web").unwrap();
        for f in figures::all().unwrap() {
            let d = &f.fragments;
            let s = svg(d, &theme, &f.caption);
            let count = |needle: &str| s.matches(needle).count();
            assert_eq!(count("class=\"knight\""), d.paths().len(), "{}", f.name);
            assert!(s.contains(&format!("data-knights=\"{}\"", d.paths().len())));
            assert_eq!(parts::count(&s, "turn"), d.turns().len(), "{}", f.name);
            assert_eq!(
                parts::count(&s, "crossing"),
                d.crossings().len(),
                "{}",
                f.name
            );
            assert!(s.contains("data-status=\"complete\""), "{}", f.name);
            // Every path is drawn in the colour of its section (or knight).
            for (i, p) in d.paths().iter().enumerate() {
                let c = section_colour(&theme, &p.label, i, d.paths().len());
                assert!(s.contains(&c), "{} {}", f.name, p.label);
            }
            let png = knights_render::svg_to_png(&s, knights_render::Resolution::Width(200));
            assert!(png.unwrap().starts_with(b"\x89PNG"));
        }
    }

    #[test]
    fn a_partial_drawing_says_so() {
        let b = knights_core::Board::new(8, 8).unwrap();
        let f = Fragments::new(&b, knights_core::Region::all(&b), [0, 1], vec![]).unwrap();
        let s = svg(&f, &Theme::load("web").unwrap(), "Nothing");
        assert!(s.contains("data-status=\"partial\""));
        assert!(s.contains("partial drawing: 2 of the"));
    }
}
