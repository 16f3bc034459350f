//! The figure's size on paper (`--size 120mm`, a theme's `page.width`): one more input
//! to the theme's model of sizes, not a second path. A theme's lengths ([`Size`]) are
//! points clamped around a share of the square; a drawing of a given width on paper
//! fixes the square's size in points ([`fitted`] solves it and writes it into the
//! page's `cell` and `max_size`), so every length resolves to the points it will be
//! printed at. At a declared size the lines are at least [`LINE_PT`] and the type at
//! least [`TYPE_PT`] wherever the squares leave room; the layers whose marks would
//! merge at that size are left out ([`too_fine`]) and the legend says which. The SVG
//! document carries the size in the unit asked (its `width` and `height` in mm or in),
//! the PDF its page and the PNG its resolution.

use std::fmt;
use std::str::FromStr;

use serde::Deserialize;
use svg::node::element::{Group, Text};

use crate::frame::{num, Frame};
use crate::layers::{Layer, Layers};
use crate::theme::{Size, Theme};
use knights_core::{Board, Error, Region};

/// The thinnest line printed at a declared size, in points.
pub const LINE_PT: f64 = 0.25;

/// The smallest type printed at a declared size, in points.
pub const TYPE_PT: f64 = 6.0;

/// The units a size on paper is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Millimetres.
    Mm,
    /// Centimetres.
    Cm,
    /// Inches.
    In,
    /// Points, 1/72 inch.
    Pt,
}

impl Unit {
    /// Points in one of this unit.
    fn points(self) -> f64 {
        match self {
            Unit::Mm => 72.0 / 25.4,
            Unit::Cm => 720.0 / 25.4,
            Unit::In => 72.0,
            Unit::Pt => 1.0,
        }
    }

    fn suffix(self) -> &'static str {
        match self {
            Unit::Mm => "mm",
            Unit::Cm => "cm",
            Unit::In => "in",
            Unit::Pt => "pt",
        }
    }
}

/// A width on paper, as written (`120mm`, `4.5in`, `340pt`, `12cm`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Paper {
    value: f64,
    unit: Unit,
}

/// The widest figure, in points: a metre.
const MOST_PT: f64 = 72.0 / 0.0254;

/// The narrowest figure, in points: a centimetre.
const LEAST_PT: f64 = 720.0 / 25.4;

impl Paper {
    /// The width in points.
    pub fn points(self) -> f64 {
        self.value * self.unit.points()
    }

    /// `pt` points, written in points.
    pub(crate) fn points_of(pt: f64) -> Paper {
        Paper {
            value: pt,
            unit: Unit::Pt,
        }
    }

    /// `pt` points, written in this size's unit.
    pub(crate) fn with_points(self, pt: f64) -> Paper {
        Paper {
            value: pt / self.unit.points(),
            unit: self.unit,
        }
    }

    /// This length written in `like`'s unit, rounded up to a tenth (`295.4 mm`).
    fn in_unit(self, like: Paper) -> String {
        let v = self.points() / like.unit.points();
        format!("{} {}", num((v * 10.0).ceil() / 10.0), like.unit.suffix())
    }

    /// A length of `pt` points written in this size's unit, for an SVG `width` or
    /// `height` (`120mm`; points are written bare, as every drawing's are).
    pub fn attribute(self, pt: f64) -> String {
        match self.unit {
            Unit::Pt => num(pt),
            u => format!("{}{}", num(pt / u.points()), u.suffix()),
        }
    }
}

impl fmt::Display for Paper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", num(self.value), self.unit.suffix())
    }
}

impl FromStr for Paper {
    type Err = Error;
    /// `120mm`, `4.5in`, `340pt` or `12cm` (a space before the unit allowed), from a
    /// centimetre to a metre.
    fn from_str(s: &str) -> Result<Paper, Error> {
        let t = s.trim();
        let unit = [Unit::Mm, Unit::Cm, Unit::In, Unit::Pt]
            .into_iter()
            .find(|u| t.ends_with(u.suffix()));
        let bad = |why: &str| Error::invalid(format!("size '{s}': {why}"));
        let Some(unit) = unit else {
            return Err(bad(
                "give the figure's width with its unit: 120mm, 4.5in, 340pt or 12cm",
            ));
        };
        let value: f64 = t[..t.len() - 2]
            .trim()
            .parse()
            .map_err(|_| bad("not a number before the unit (write e.g. 120mm)"))?;
        let p = Paper { value, unit };
        if !(LEAST_PT..=MOST_PT).contains(&p.points()) {
            return Err(bad("a figure's width is from 1 cm to 1 m"));
        }
        Ok(p)
    }
}

impl<'de> Deserialize<'de> for Paper {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Paper, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// `theme` made to draw `region` of `board` so that the page (margins and the
/// coordinates' room included) is `theme.page.width` wide: the square's size in points
/// solved and written into `page.cell` and `page.max_size`, and the lines and type
/// raised to [`LINE_PT`] and [`TYPE_PT`]; `extra` points of the width are taken by
/// something beside the board (a legend). A theme without a width is returned as it is.
pub fn fitted(
    theme: &Theme,
    board: &Board,
    region: Region,
    coords: bool,
    extra: f64,
) -> Result<Theme, Error> {
    let Some(paper) = theme.page.width else {
        return Ok(theme.clone());
    };
    let mut t = theme.clone();
    raise_floors(&mut t);
    let cells = region.width() as f64;
    let side = region.width().max(region.height()) as f64;
    let whole = paper.points();
    let mut cell = whole / cells;
    // The margins and coordinates are points that change little with the square:
    // a few rounds of solving for the squares' share of the width settle it.
    for _ in 0..6 {
        set_cell(&mut t, cell, side);
        let page = Frame::of_region(board, &t, coords, region).page_pt().0;
        let fixed = page - cells * cell + extra;
        if fixed > whole * 0.75 {
            return Err(Error::invalid(format!(
                "size {paper}: too narrow for the drawing of {} squares across, whose margins, \
                 coordinates and legend take {} pt of its {} pt",
                region.width(),
                num(fixed),
                num(whole)
            )));
        }
        cell = (whole - fixed) / cells;
    }
    set_cell(&mut t, cell, side);
    Ok(t)
}

/// Squares of `cell` points on a region whose longer side is `side` squares.
fn set_cell(t: &mut Theme, cell: f64, side: f64) {
    t.page.cell = cell;
    t.page.max_size = cell * side;
}

/// The floors of print: lines of [`LINE_PT`], type of [`TYPE_PT`] at least (a length's
/// `limit` in squares still wins, so marks never outgrow their squares).
fn raise_floors(t: &mut Theme) {
    for s in [
        &mut t.board.grid_width,
        &mut t.board.outline_width,
        &mut t.tour.width,
        &mut t.markers.crossing_stroke_width,
        &mut t.overview.frame_width,
    ] {
        s.min = s.min.max(LINE_PT);
    }
    for s in [
        &mut t.text.numbers_size,
        &mut t.text.coords_size,
        &mut t.overview.label_size,
    ] {
        s.min = s.min.max(TYPE_PT);
    }
}

/// The view box of the SVG document `svg` (its root's), if it has one.
pub fn view_box(svg: &str) -> Option<[f64; 4]> {
    let root = root_tag(svg)?;
    let v: Vec<f64> = attribute(root, "viewBox")?
        .split_whitespace()
        .map(|n| n.parse().ok())
        .collect::<Option<_>>()?;
    v.try_into().ok()
}

/// The opening tag of the document's root `svg` element.
fn root_tag(svg: &str) -> Option<&str> {
    let start = svg.find("<svg")?;
    let end = start + svg[start..].find('>')?;
    Some(&svg[start..end])
}

/// The value of the attribute `name` in the tag `tag`.
pub(crate) fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let from = tag.find(&key)? + key.len();
    Some(&tag[from..from + tag[from..].find('"')?])
}

/// The document `svg` drawn `paper` wide, its height in proportion: its root's
/// `width` and `height` written in `paper`'s unit (for drawings that lay themselves
/// out in the theme's points: the levels, tourneys and uncrossed paths).
pub fn resize(svg: &str, paper: Paper) -> String {
    let (Some(root), Some(v)) = (root_tag(svg), view_box(svg)) else {
        return svg.to_string();
    };
    let w = paper.points();
    let h = w * v[3] / v[2];
    let mut tag = root.to_string();
    for (name, value) in [("width", w), ("height", h)] {
        let new = format!(" {name}=\"{}\"", paper.attribute(value));
        match attribute(root, name) {
            Some(old) => tag = tag.replace(&format!(" {name}=\"{old}\""), &new),
            None => tag.push_str(&new),
        }
    }
    svg.replacen(root, &tag, 1)
}

/// The smallest square, in points, at which marks of length `s` (a radius, a width, a
/// font size) stay at their floor `floor` without outgrowing the share of a square
/// their `limit` allows: below it they shrink under the floor, and merge or blur.
pub fn legible_from(s: &Size, floor: f64) -> f64 {
    let least = s.min.max(floor);
    if s.limit.is_finite() && s.limit > 0.0 {
        least / s.limit
    } else {
        0.0
    }
}

/// Refuses a drawing square by square of `region` at `paper`'s size whose squares of
/// `cell_pt` points leave the tour's line under [`LINE_PT`]: its leaps would print as
/// one dark mass (a 1000x1000 board at 160 mm was a black square), and no layer can be
/// left out of it. The message says how wide the figure must be, or to draw it as an
/// overview.
pub fn line_fits(paper: Paper, theme: &Theme, region: &Region, cell_pt: f64) -> Result<(), Error> {
    let least = legible_from(&theme.tour.width, LINE_PT);
    if cell_pt >= least * (1.0 - 1e-9) {
        return Ok(());
    }
    let need = paper.points() * least / cell_pt;
    Err(Error::invalid(format!(
        "size {paper}: squares of {cell_pt:.2} pt would draw the {}x{} squares' leaps as \
         lines under {LINE_PT} pt, one dark mass: give a size of {} at least, or leave \
         out --style detail for the overview and its detailed insets",
        region.width(),
        region.height(),
        Paper::points_of(need).in_unit(paper)
    )))
}

/// The layers of `layers` whose marks would merge on squares of `cell_pt` points
/// drawn with `theme` (see [`crate::layers::Kind::legible_from`]).
pub fn too_fine(layers: Layers, theme: &Theme, cell_pt: f64) -> Layers {
    (Layer::ALL.iter())
        .filter(|&&l| layers.has(l) && l.kind().legible_from(theme) > cell_pt)
        .fold(Layers::default(), |s, &l| s.with(l, true))
}

/// The line under a drawing naming the layers `dropped` at its size on paper, with
/// squares of `cell_pt` points.
pub fn dropped_note(dropped: Layers, cell_pt: f64) -> Option<String> {
    let names: Vec<&str> = (Layer::ALL.iter())
        .filter(|&&l| dropped.has(l))
        .map(|l| l.name())
        .collect();
    (!names.is_empty()).then(|| {
        format!(
            "Not drawn: {} (their marks would merge on squares of {cell_pt:.2} pt at this size).",
            names.join(", "),
        )
    })
}

/// The line `text` under the drawing whose view box is `v`, wrapped to its width in
/// print's smallest type: the grown view box and the text.
pub fn note(v: [f64; 4], frame: &Frame, theme: &Theme, text: &str) -> ([f64; 4], Group) {
    let pt = frame.cell_pt.recip(); // squares per point
    let margin = theme.page.margin.max(TYPE_PT / 2.0);
    let room = (v[2] / pt - 2.0 * margin).max(TYPE_PT * 10.0);
    let lines = crate::font::wrap(text, TYPE_PT, room);
    let lead = TYPE_PT * 1.25;
    let mut g = Group::new()
        .set("class", "note")
        .set(
            "font-family",
            format!("{}, DejaVu Sans, sans-serif", theme.text.font),
        )
        .set("font-size", num(TYPE_PT * pt))
        .set("fill", theme.text.coords_colour.as_str());
    let top = v[1] + v[3];
    for (i, line) in lines.iter().enumerate() {
        let y = top + (lead * (i as f64 + 1.0) - TYPE_PT * 0.25) * pt;
        g = g.add(
            Text::new(line.clone())
                .set("x", num(v[0] + margin * pt))
                .set("y", num(y)),
        );
    }
    let grown = lead * lines.len() as f64 + margin;
    ([v[0], v[1], v[2], v[3] + grown * pt], g)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_read_in_their_units() {
        let p: Paper = "120mm".parse().unwrap();
        assert!((p.points() - 340.157).abs() < 1e-3);
        assert_eq!(p.attribute(p.points()), "120mm");
        let i: Paper = "4.5 in".parse().unwrap();
        assert_eq!(i.points(), 324.0);
        assert_eq!(i.attribute(162.0), "2.25in");
        let q: Paper = "340pt".parse().unwrap();
        assert_eq!((q.points(), q.attribute(340.0)), (340.0, "340".to_string()));
        assert_eq!(
            "12cm".parse::<Paper>().unwrap().points(),
            120.0 * 72.0 / 25.4
        );
    }

    #[test]
    fn bad_sizes_say_what_is_wrong() {
        for (bad, says) in [
            ("120", "with its unit"),
            ("mm", "not a number"),
            ("abcmm", "not a number"),
            ("-5mm", "1 cm to 1 m"),
            ("2mm", "1 cm to 1 m"),
            ("2000mm", "1 cm to 1 m"),
            ("NaNin", "1 cm to 1 m"),
            ("12 furlongs", "with its unit"),
        ] {
            let e = bad.parse::<Paper>().unwrap_err().to_string();
            assert!(e.contains(says) && e.contains(bad), "{bad}: {e}");
            assert!(!e.contains('\n'));
        }
    }

    #[test]
    fn a_fitted_page_is_as_wide_as_asked_and_its_floors_are_raised() {
        for (size, side, coords) in [
            ("120mm", 30, true),
            ("4.5in", 8, true),
            ("160mm", 1000, false),
        ] {
            let mut theme = Theme::load("print").unwrap();
            theme.page.width = Some(size.parse().unwrap());
            let b = Board::new(side, side).unwrap();
            let t = fitted(&theme, &b, Region::all(&b), coords, 0.0).unwrap();
            let f = Frame::new(&b, &t, coords);
            let want = theme.page.width.unwrap().points();
            assert!(
                (f.page_pt().0 - want).abs() < 1e-6 * want,
                "{size}: {:?}",
                f.page_pt()
            );
            assert!(t.board.grid_width.min >= LINE_PT && t.text.coords_size.min >= TYPE_PT);
        }
        // Without a width the theme is unchanged.
        let web = Theme::load("web").unwrap();
        let b = Board::new(8, 8).unwrap();
        let same = fitted(&web, &b, Region::all(&b), true, 0.0).unwrap();
        assert_eq!(same.page.cell, web.page.cell);
        // A width its margins take is refused, naming the size.
        let mut tiny = web.clone();
        tiny.page.width = Some("1cm".parse().unwrap());
        let e = fitted(&tiny, &b, Region::all(&b), true, 0.0)
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("size 1 cm: too narrow"), "{e}");
    }

    /// The drawing of fixture `name` with `theme` at `size`, as `opts` otherwise say.
    fn drawn(
        name: &str,
        theme: &str,
        size: &str,
        f: impl Fn(&mut crate::Options),
    ) -> crate::Drawing {
        let t = crate::fixtures::tour(name);
        let mut opts = crate::Options {
            theme: Theme::load(theme).unwrap(),
            ..Default::default()
        };
        opts.theme.page.width = Some(size.parse().unwrap());
        f(&mut opts);
        crate::Drawing::new(&t, &knights_core::metrics::measure(&t), &opts).unwrap()
    }

    #[test]
    fn a_drawing_is_as_wide_as_its_size_legend_and_all() {
        for legend in [false, true] {
            let d = drawn("40x40.json", "web", "4.5in", |o| o.legend = legend);
            let tree = crate::font::tree(d.svg()).unwrap();
            assert!(
                (tree.size().width() - 324.0).abs() < 0.5,
                "{legend}: {:?}",
                tree.size()
            );
            assert!(d.svg().contains("width=\"4.5in\""), "{legend}");
        }
    }

    #[test]
    fn a_large_board_at_print_size_is_an_overview_with_detailed_insets() {
        let d = drawn("64x64-hilbert-open.json", "print", "80mm", |o| {
            o.insets = crate::Insets::Auto
        });
        let svg = d.svg();
        assert!(svg.contains("width=\"80mm\""));
        let insets = svg.matches("<svg class=\"inset-").count();
        assert!(insets >= 4, "{insets} insets");
        // Each inset is drawn square by square, with turn dots and crossing disks.
        for part in svg.split("<svg class=\"inset-").skip(1) {
            assert!(part.contains("class=\"turns\"") && part.contains("class=\"crossings\""));
        }
        assert!(svg.contains("<svg class=\"overview\"") && svg.contains("class=\"overview\""));
        // Too narrow a page for insets' squares: the overview alone, framed.
        let alone = drawn("64x64-hilbert-open.json", "print", "40mm", |o| {
            o.insets = crate::Insets::Auto
        });
        assert!(!alone.svg().contains("<svg class=\"inset-"));
    }

    #[test]
    fn detail_of_a_large_board_at_print_size_drops_the_marks_that_would_merge() {
        let d = drawn("64x64-hilbert-open.json", "print", "40mm", |o| {
            o.style = crate::Style::Detail;
            o.show = crate::Show::parse("turns,crossings,squares").unwrap();
        });
        let svg = d.svg();
        assert!(!svg.contains("class=\"turns\"") && !svg.contains("class=\"crossings\""));
        // Said in a line under it (wrapped to the width).
        let note = svg.split("class=\"note\"").nth(1).unwrap();
        assert!(note.contains("Not drawn: squares, turns,") && note.contains("crossings"));
        // The tour's line keeps to its share of the square: lines apart, not a black square.
        let tree = crate::font::tree(svg).unwrap();
        let png = crate::raster::pixmap(&tree, crate::Resolution::Dpi(600.0)).unwrap();
        let dark = png.pixels().iter().filter(|p| p.red() < 64).count();
        assert!(
            dark * 3 < png.pixels().len(),
            "{dark} of {} pixels dark",
            png.pixels().len()
        );
    }

    #[test]
    fn a_tour_too_fine_to_print_square_by_square_is_refused_with_the_size_it_needs() {
        let t = crate::fixtures::tour("64x64-hilbert-open.json");
        let mut opts = crate::Options {
            theme: Theme::load("print").unwrap(),
            style: crate::Style::Detail,
            ..Default::default()
        };
        opts.theme.page.width = Some("15mm".parse().unwrap());
        let e = crate::Drawing::new(&t, &knights_core::metrics::measure(&t), &opts)
            .err()
            .unwrap()
            .to_string();
        assert!(
            e.starts_with("size 15 mm: squares of") && e.contains("at least"),
            "{e}"
        );
        // The size it names draws.
        let need: f64 = e
            .split("size of ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        opts.theme.page.width = Some(format!("{need}mm").parse().unwrap());
        crate::Drawing::new(&t, &knights_core::metrics::measure(&t), &opts).unwrap();
    }

    #[test]
    fn marks_that_would_merge_are_named() {
        let t = Theme::load("print").unwrap();
        let all = Layers::default()
            .with(Layer::Turns, true)
            .with(Layer::Crossings, true)
            .with(Layer::Sections, true);
        // Squares of half a point: no dot or disk can stay apart; colours can.
        let fine = too_fine(all, &t, 0.5);
        assert!(fine.has(Layer::Turns) && fine.has(Layer::Crossings));
        assert!(!fine.has(Layer::Sections));
        assert_eq!(too_fine(all, &t, 20.0), Layers::default());
        let note = dropped_note(fine, 0.453).unwrap();
        assert!(
            note.contains("0.45 pt") && note.contains("turns, crossings"),
            "{note}"
        );
        assert_eq!(dropped_note(Layers::default(), 0.453), None);
    }
}
