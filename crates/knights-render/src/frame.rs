//! The frame of a drawing: how big a square is on the page, where the margins are, and
//! how board cells map to SVG coordinates.
//!
//! One SVG user unit is one square, and cell centres sit on whole numbers: cell `(x, y)`
//! (y from the bottom) is drawn at `(x, h - 1 - y)`, so a tour's path data is integers.
//! The document's `width` and `height` are in points, which is what PDF pages and the
//! PNG `--dpi` scale are measured in.
//!
//! A frame may show only a region of the board (`--region`): the coordinates stay the
//! board's, the `viewBox` closes around the region, and each layer draws only what
//! [`Frame::shows_cell`] and [`Frame::shows_point`] let through.

use super::theme::{Size, Theme};
use knights_core::Board;
use knights_core::Region;

/// Geometry shared by every layer.
#[derive(Clone, Debug)]
pub struct Frame {
    /// Columns.
    pub w: u32,
    /// Rows.
    pub h: u32,
    /// Points per square.
    pub cell_pt: f64,
    /// Margins in squares: left, top, right, bottom.
    pub margin: [f64; 4],
    /// Font size of the coordinates, in squares (0 when not shown).
    pub coords_size: f64,
    /// The cells drawn (the whole board unless a region was asked for).
    pub region: Region,
}

impl Frame {
    /// The frame of `board` drawn with `theme`, with room for coordinates when shown.
    pub fn new(board: &Board, theme: &Theme, coords: bool) -> Frame {
        Frame::of_region(board, theme, coords, Region::all(board))
    }

    /// The frame of `region` of `board`, scaled as a board of the region's size would be.
    pub fn of_region(board: &Board, theme: &Theme, coords: bool, region: Region) -> Frame {
        let (w, h) = (board.width(), board.height());
        let side = region.width().max(region.height()) as f64;
        let cell_pt = theme.page.cell.min(theme.page.max_size / side);
        let m = theme.page.margin / cell_pt;
        let mut margin = [m; 4];
        let mut coords_size = 0.0;
        if coords {
            let f = theme.text.coords_size.resolve(cell_pt);
            let digits = (region.y1 + 1).to_string().len() as f64;
            margin[0] += f * (0.65 * digits + 0.5);
            margin[3] += f * 1.5;
            coords_size = f;
        }
        Frame {
            w,
            h,
            cell_pt,
            margin,
            coords_size,
            region,
        }
    }

    /// Whether the whole board is drawn.
    pub fn is_whole(&self) -> bool {
        self.region.width() == self.w && self.region.height() == self.h
    }

    /// Whether cell `(x, y)` is drawn.
    pub fn shows_cell(&self, xy: (u32, u32)) -> bool {
        self.region.contains(xy)
    }

    /// Whether a board point in cell units (see [`Frame::point`]) is inside the drawn
    /// squares.
    pub fn shows_point(&self, (x, y): (f64, f64)) -> bool {
        let r = &self.region;
        x >= r.x0 as f64 - 0.5
            && x <= r.x1 as f64 + 0.5
            && y >= r.y0 as f64 - 0.5
            && y <= r.y1 as f64 + 0.5
    }

    /// The drawn squares' rectangle in SVG units: left, top, width, height.
    pub fn area(&self) -> [f64; 4] {
        let r = &self.region;
        [
            r.x0 as f64 - 0.5,
            (self.h - 1 - r.y1) as f64 - 0.5,
            r.width() as f64,
            r.height() as f64,
        ]
    }

    /// The SVG point of a board point in cell units (`(0, 0)` the centre of the bottom
    /// left cell, y up).
    pub fn point(&self, p: (f64, f64)) -> (f64, f64) {
        (p.0, (self.h - 1) as f64 - p.1)
    }

    /// The SVG point of cell `(x, y)`'s centre.
    pub fn cell(&self, (x, y): (u32, u32)) -> (i64, i64) {
        (x as i64, (self.h - 1 - y) as i64)
    }

    /// A theme length, in squares.
    pub fn size(&self, s: &Size) -> f64 {
        s.resolve(self.cell_pt)
    }

    /// The `viewBox`: the drawn squares (the whole board spans `-0.5 .. w - 0.5`
    /// across and `-0.5 .. h - 0.5` down) and the margins.
    pub fn view_box(&self) -> [f64; 4] {
        let [l, t, r, b] = self.margin;
        let [x, y, w, h] = self.area();
        [x - l, y - t, w + l + r, h + t + b]
    }

    /// Width and height of the page, in points.
    pub fn page_pt(&self) -> (f64, f64) {
        let v = self.view_box();
        (v[2] * self.cell_pt, v[3] * self.cell_pt)
    }
}

/// A rectangle over the view box `v` in `colour`: the page behind a drawing.
pub fn background(v: [f64; 4], colour: &str) -> svg::node::element::Rectangle {
    svg::node::element::Rectangle::new()
        .set("x", num(v[0]))
        .set("y", num(v[1]))
        .set("width", num(v[2]))
        .set("height", num(v[3]))
        .set("fill", colour)
}

/// A number for SVG: at most three decimals, no trailing zeros.
pub fn num(v: f64) -> String {
    let r = (v * 1000.0).round() / 1000.0;
    if r == r.trunc() {
        format!("{}", r as i64)
    } else {
        let s = format!("{r:.3}");
        let s = s.trim_end_matches('0');
        s.strip_prefix("0.")
            .map(|f| format!(".{f}"))
            .or_else(|| s.strip_prefix("-0.").map(|f| format!("-.{f}")))
            .unwrap_or_else(|| s.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short() {
        assert_eq!(num(3.0), "3");
        assert_eq!(num(0.25), ".25");
        assert_eq!(num(-0.5), "-.5");
        assert_eq!(num(12.3456), "12.346");
        assert_eq!(num(-0.0001), "0");
    }

    #[test]
    fn cells_map_to_whole_numbers_with_y_down() {
        let t = Theme::load("web").unwrap();
        let f = Frame::new(&Board::new(8, 6).unwrap(), &t, false);
        assert_eq!(f.cell((0, 0)), (0, 5));
        assert_eq!(f.cell((7, 5)), (7, 0));
        assert_eq!(f.cell_pt, t.page.cell);
        let big = Frame::new(&Board::new(1000, 500).unwrap(), &t, false);
        assert!((big.cell_pt * 1000.0 - t.page.max_size).abs() < 1e-9);
    }

    #[test]
    fn a_region_keeps_board_coordinates_and_is_scaled_by_its_size() {
        let t = Theme::load("web").unwrap();
        let b = Board::new(1000, 500).unwrap();
        let f = Frame::of_region(&b, &t, false, "10,20,29,39".parse().unwrap());
        assert_eq!(f.cell((10, 39)), (10, 460));
        assert_eq!(f.area(), [9.5, 459.5, 20.0, 20.0]);
        assert_eq!(f.cell_pt, t.page.cell);
        assert!(f.shows_cell((29, 20)) && !f.shows_cell((30, 20)));
        assert!(f.shows_point((29.5, 19.5)) && !f.shows_point((29.6, 25.0)));
        assert!(!f.is_whole() && Frame::new(&b, &t, false).is_whole());
    }
}
