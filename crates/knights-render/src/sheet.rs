//! A board drawn with something other than a tour on it (a tourney's cycles, an
//! uncrossed path): the page and the board's squares as a tour's drawing has them, and
//! a list of cells as SVG path data. One place, so those drawings stay alike.

use std::fmt::Write;

use svg::node::element::Title;
use svg::Document;

use super::frame::{background, num, Frame};
use super::layers::{Layer, Layers};
use super::squares;
use super::theme::Theme;
use knights_core::Board;

/// The page of `board` in `frame`: its size, `title`, background and squares.
pub fn page(
    board: &Board,
    frame: &Frame,
    theme: &Theme,
    layers: Layers,
    title: String,
) -> Document {
    let v = frame.view_box();
    let (w, h) = frame.page_pt();
    Document::new()
        .set("viewBox", v.map(num).join(" "))
        .set("width", num(w))
        .set("height", num(h))
        .add(Title::new(title))
        .add(background(v, &theme.page.background).set("class", "background"))
        .add(squares::layer(
            board,
            frame,
            theme,
            layers.has(Layer::Squares),
        ))
}

/// Path data through the centres of `cells` in order, closed back to the first when
/// `closed`.
pub fn cells_data(board: &Board, frame: &Frame, cells: &[u32], closed: bool) -> String {
    let mut d = String::new();
    for (k, &c) in cells.iter().enumerate() {
        let (x, y) = frame.cell(board.xy(c));
        let op = if k == 0 { "M" } else { "L" };
        write!(d, "{op}{x} {y}").expect("writing to a string");
    }
    if closed {
        d.push('Z');
    }
    d
}
