//! The drawing as an SVG document: a pure function of the tour, its metrics, a theme
//! and the layers to show. Each layer is drawn by its own module, in this order: board,
//! tour, turns, crossings, numbers, ends, coordinates.

use svg::node::element::{Rectangle, Title};
use svg::Document;

use super::frame::{num, Frame};
use super::layers::{Layer, Layers};
use super::theme::Theme;
use super::{degrees, markers, path, squares, text};
use crate::metrics::Metrics;
use crate::verify::Verified;
use crate::Error;

/// The SVG document of `tour` drawn with `theme`, showing `layers`.
pub fn document(
    tour: &Verified,
    metrics: &Metrics,
    theme: &Theme,
    layers: Layers,
) -> Result<String, Error> {
    let board = tour.board();
    let frame = Frame::new(board, theme, layers.has(Layer::Coords));
    let v = frame.view_box();
    let (w, h) = frame.page_pt();
    let kind = tour.kind();
    let title = format!(
        "A {kind} tour of the {board} board: {} turns, {} crossings",
        metrics.turns, metrics.crossings
    );
    let mut doc = Document::new()
        .set("viewBox", v.map(num).join(" "))
        .set("width", num(w))
        .set("height", num(h))
        .set("data-turns", metrics.turns)
        .set("data-crossings", metrics.crossings)
        .add(Title::new(title))
        .add(
            Rectangle::new()
                .set("class", "background")
                .set("x", num(v[0]))
                .set("y", num(v[1]))
                .set("width", num(v[2]))
                .set("height", num(v[3]))
                .set("fill", theme.page.background.as_str()),
        )
        .add(squares::layer(
            board,
            &frame,
            theme,
            layers.has(Layer::Squares),
        ));
    if tour.path().len() >= 2 {
        doc = doc.add(path::layer(
            tour,
            &frame,
            theme,
            layers.has(Layer::Sections),
        ));
        if layers.has(Layer::Turns) {
            doc = doc.add(markers::turns(tour, &frame, theme));
        }
        if layers.has(Layer::Crossings) {
            doc = doc.add(markers::crossings(tour, &frame, theme));
        }
    }
    let mut around = 0.0;
    if layers.has(Layer::Numbers) {
        doc = doc.add(text::numbers(tour, &frame, theme)?);
        around = text::number_size(tour.path().len(), &frame, theme).1 * 1.15;
    }
    if layers.has(Layer::Degrees) {
        doc = doc.add(degrees::layer(tour, &frame, theme)?);
    }
    if layers.has(Layer::Ends) && tour.path().len() >= 2 {
        doc = doc.add(markers::ends(tour, &frame, theme, around));
    }
    if layers.has(Layer::Coords) {
        doc = doc.add(text::coords(&frame, theme));
    }
    Ok(doc.to_string())
}
