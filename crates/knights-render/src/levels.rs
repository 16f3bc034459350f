//! Drawing a tour of a board of three or more sides: its levels (2-D slices, all
//! coordinates beyond the first two fixed) side by side, wrapped into a grid of levels
//! when there are many, each labelled with its coordinates (`z = 2`, or `z = 2, w = 1`
//! from four sides on, levels ordered by `z`, then `w`, ...). Each level is drawn as a
//! 2-D tour is (the board's squares, the leaps inside the level coloured along the
//! tour's gradient or by section, turns, crossings), and each move between levels is
//! marked at both ends in the colour of the tour there: a filled triangle where the
//! tour leaves a level, an outlined one where it arrives, pointing up when it goes to
//! a level further on (a greater `z`, `w`, ...) and down otherwise; the leaving mark
//! sits right of the cell's centre and the arriving one left of it.
//!
//! The board's frame, squares, markers, theme, colours, and PNG and PDF output are the
//! 2-D drawings' ([`super::Drawing`]).

use std::fmt::Write;

use svg::node::element::{Group, Path, Polygon, Rectangle, Text, Title};
use svg::Document;

use super::frame::{num, Frame};
use super::layers::Layer;
use super::theme::Theme;
use super::{colour, markers, squares, Drawing, Options};
use knights_core::metrics::levels::{level_grids, steps};
use knights_core::metrics::{Metrics, CROSSINGS_NOTE};
use knights_core::Board;
use knights_core::{Error, Verified};

/// Squares between two levels, across and down.
const GAP: f64 = 1.5;
/// Squares above each level for its label.
const LABEL: f64 = 1.4;
/// A level's label, in squares, at least.
const LABEL_SIZE: f64 = 0.9;
/// A level's side over its label's size: labels of a 26x26 level are 1.44 squares.
const LEVEL_PER_LABEL: f64 = 18.0;

/// Draws `tour` (whose metrics are `m`) as its levels side by side.
pub fn drawing(tour: &Verified, m: &Metrics, opts: &Options) -> Result<Drawing, Error> {
    let s = tour.board();
    if s.dims() < 3 {
        return Err(Error::internal(format!(
            "the levels drawing takes boards of three or more sides, not the {s} board"
        )));
    }
    let level = Board::with_leaper(s.width(), s.height(), s.leaper())?;
    // The layers a level draws; the others (coordinates, numbers...) are not drawn, so
    // the drawing does not report them to a legend.
    let layers = [Layer::Coords, Layer::Numbers, Layer::Degrees, Layer::Route]
        .into_iter()
        .fold(opts.layers(&level), |l, off| l.with(off, false));
    let shown = shown(s, opts.levels.as_deref())?;
    let place = Place {
        across: opts.levels_across,
        caption: !opts.no_caption,
        shown: &shown,
    };
    let (svg, cell_pt) = document(tour, m, &opts.theme, layers, place)?;
    Ok(Drawing::from_svg(svg, layers, opts.resolution, cell_pt))
}

/// The levels drawn: `asked` (each one of the board's), or every level.
fn shown(s: &Board, asked: Option<&[u32]>) -> Result<Vec<u32>, Error> {
    let Some(asked) = asked else {
        return Ok((0..s.levels()).collect());
    };
    match asked.iter().find(|&&l| l >= s.levels()) {
        _ if asked.is_empty() => Err(Error::internal("a drawing of no levels")),
        Some(l) => Err(Error::internal(format!(
            "the {s} board has {} levels, not a level {l}",
            s.levels()
        ))),
        None => Ok(asked.to_vec()),
    }
}

/// How the levels are placed: at most `across` a row, the caption under them or not,
/// and which levels are drawn.
#[derive(Clone, Copy)]
struct Place<'a> {
    across: Option<u32>,
    caption: bool,
    shown: &'a [u32],
}

/// Where the levels go: `cols` levels across, then the next row of levels below; at
/// most `across` when given.
fn columns(s: &Board, count: u32, across: Option<u32>) -> u32 {
    let cols = natural_columns(s, count);
    across.map_or(cols, |a| cols.min(a.max(1)))
}

/// The levels a row without a limit, when `count` of the board's levels are drawn.
fn natural_columns(s: &Board, count: u32) -> u32 {
    let levels = count;
    let z = s.sides()[2];
    if s.dims() > 3 && z <= 8 && count == s.levels() {
        return z; // one row of levels per (w, ...), z across
    }
    // About as many squares across as down.
    let (w, h) = (s.width() as f64 + GAP, s.height() as f64 + GAP + LABEL);
    let cols = ((levels as f64 * h / w).sqrt()).ceil() as u32;
    cols.clamp(1, levels)
}

/// The label of level `l`: `z = 2` or `z = 2, w = 1, ...`.
pub(crate) fn label(s: &Board, l: u32) -> String {
    const NAMES: [&str; 4] = ["z", "w", "v", "u"];
    let parts: Vec<String> = (s.level_coords(l).iter().enumerate())
        .map(|(i, v)| match NAMES.get(i) {
            Some(n) => format!("{n} = {v}"),
            None => format!("x{} = {v}", i + 3),
        })
        .collect();
    parts.join(", ")
}

fn document(
    tour: &Verified,
    m: &Metrics,
    theme: &Theme,
    layers: super::Layers,
    place: Place,
) -> Result<(String, f64), Error> {
    let s = tour.board();
    let caption = place.caption;
    let between = m.levels.as_ref().map_or(0, |l| l.moves_between_levels);
    let (w, h) = (s.width() as f64, s.height() as f64);
    let count = place.shown.len() as u32;
    let cols = columns(s, count, place.across);
    let rows = count.div_ceil(cols);
    let margin_sq = 1.0;
    let total_w = cols as f64 * (w + GAP) - GAP + 2.0 * margin_sq;
    let lines: Vec<String> = match caption {
        true => caption_lines().into(),
        false => Vec::new(),
    };
    // The caption's lines and the room above them, in text sizes.
    let caption_h = |size: f64| match caption {
        true => 1.0 + 3.9 * size,
        false => 0.0,
    };
    let longest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(1) as f64;
    let longest_label = (place.shown.iter())
        .map(|&l| label(s, l).chars().count())
        .max();
    // The texts' sizes in squares depend on the squares' size in points, which depends
    // on the height the texts take: settled by a second round.
    let (mut cell_pt, mut label_size, mut size, mut total_h) = (theme.page.cell, 0.9, 0.55, 0.0);
    // A label is as large beside its level as body text beside a drawing a level
    // wide: a level shown 300 pixels across has labels of 16 or more.
    let label_squares = LABEL_SIZE.max(w.max(h) / LEVEL_PER_LABEL);
    for _ in 0..2 {
        label_size = text_size(
            label_squares,
            cell_pt,
            w / (0.6 * longest_label.unwrap_or(1) as f64),
        );
        size = text_size(
            label_squares * 0.55 / LABEL_SIZE,
            cell_pt,
            (total_w - 2.0 * margin_sq) / (0.52 * longest),
        );
        total_h =
            rows as f64 * (h + GAP + band(label_size)) - GAP + 2.0 * margin_sq + caption_h(size);
        cell_pt = theme
            .page
            .cell
            .min(theme.page.max_size / total_w.max(total_h));
    }
    let label_band = band(label_size);
    let level = Board::with_leaper(s.width(), s.height(), s.leaper())?;
    let mut frame = Frame::new(&level, theme, false);
    frame.cell_pt = cell_pt;
    let colours = Colours::new(tour, theme, layers.has(Layer::Sections));
    let grids = level_grids(s, steps(tour.path(), tour.is_closed()));
    let drawn = match count == s.levels() {
        true => format!("its {} levels", s.levels()),
        false => format!(
            "{} of its {} levels",
            some_levels(s, place.shown),
            s.levels()
        ),
    };
    let title = format!(
        "A {} tour of the {s} board drawn as {drawn}: {} turns, {} crossings inside levels, {} moves between levels",
        tour.kind(),
        m.turns,
        m.crossings,
        between
    );
    let (vx, vy) = (-0.5 - margin_sq, -0.5 - margin_sq - label_band);
    let mut doc = Document::new()
        .set("viewBox", [vx, vy, total_w, total_h].map(num).join(" "))
        .set("width", num(total_w * cell_pt))
        .set("height", num(total_h * cell_pt))
        .set("data-turns", m.turns)
        .set("data-crossings", m.crossings)
        .set("data-levels", s.levels())
        .set("data-moves-between-levels", between)
        .add(Title::new(title))
        .add(super::frame::background(
            [vx, vy, total_w, total_h],
            &theme.page.background,
        ));
    let mut marks = Marks::new(s.levels() as usize);
    collect_marks(tour, &colours, &mut marks);
    for (i, &l) in (0u32..).zip(place.shown) {
        let (ox, oy) = (
            (i % cols) as f64 * (w + GAP),
            (i / cols) as f64 * (h + GAP + label_band),
        );
        let g = level_group(
            tour,
            l,
            &frame,
            theme,
            layers,
            &colours,
            &grids[l as usize],
            &marks,
            label_size,
        )
        .set("transform", format!("translate({} {})", num(ox), num(oy)));
        doc = doc.add(g);
    }
    let top = rows as f64 * (h + GAP + label_band) - GAP - label_band + 0.5 + size;
    for (i, line) in lines.into_iter().enumerate() {
        doc = doc.add(
            Text::new(line)
                .set("class", "caption")
                .set("x", num(-0.5))
                .set("y", num(top + i as f64 * size * 1.3))
                .set("font-family", theme.text.font.as_str())
                .set("font-size", num(size))
                .set("fill", theme.text.coords_colour.as_str()),
        );
    }
    Ok((crate::xml_safe(doc.to_string()), cell_pt))
}

/// The levels `shown` of board `s` in words: `z = 0`, `z = 0 and z = 25`, `z = 0, z = 5
/// and z = 25`.
pub fn some_levels(s: &Board, shown: &[u32]) -> String {
    let labels: Vec<String> = shown.iter().map(|&l| label(s, l)).collect();
    match labels.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// The caption under the levels, in lines.
fn caption_lines() -> [String; 3] {
    let note = capitalized(CROSSINGS_NOTE);
    let (first, rest) = note.split_once("; ").unwrap_or((&note, ""));
    [
        "Filled triangle: the tour leaves for another level (up: a level further on); outlined: it arrives.".to_string(),
        format!("{first};"),
        rest.to_string(),
    ]
}

/// The smallest size in points of the levels' labels and the caption: on a large board
/// (26x26x26: 4.4 points a square) a size in squares alone gave 4-point labels.
const TEXT_PT: f64 = 9.0;

/// A text's size in squares: `squares`, or [`TEXT_PT`] points if that is larger, but
/// at most `fits` (what the space across allows).
fn text_size(squares: f64, cell_pt: f64, fits: f64) -> f64 {
    squares.max(TEXT_PT / cell_pt).min(fits)
}

/// The height above a level for its label of `size` squares.
fn band(size: f64) -> f64 {
    LABEL.max(size * 1.55)
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect::<String>() + ".")
        .unwrap_or_default()
}

/// One level: label, squares, leaps, turns, crossings, the moves between levels and
/// the tour's ends.
#[allow(clippy::too_many_arguments)]
fn level_group(
    tour: &Verified,
    l: u32,
    frame: &Frame,
    theme: &Theme,
    layers: super::Layers,
    colours: &Colours,
    grid: &knights_core::MoveGrid,
    marks: &Marks,
    label_size: f64,
) -> Group {
    let s = tour.board();
    let mut g = Group::new()
        .set("class", "level")
        .set("data-level", l)
        .add(
            Text::new(label(s, l))
                .set("class", "level-label")
                .set("x", num(-0.5))
                .set("y", num(-0.5 - 0.35 * label_size / 0.9))
                .set("font-family", theme.text.font.as_str())
                .set("font-size", num(label_size))
                .set("fill", theme.text.coords_colour.as_str()),
        )
        .add(squares::layer(
            grid.board(),
            frame,
            theme,
            layers.has(Layer::Squares),
        ));
    g = g.add(leaps(tour, l, frame, theme, colours));
    if layers.has(Layer::Turns) {
        let cells = turn_cells(tour, l);
        g = g.add(markers::turn_dots(cells.into_iter(), frame, theme));
    }
    if layers.has(Layer::Crossings) {
        let pts = knights_core::metrics::crossing_points(grid);
        g = g.add(markers::crossing_disks(pts.into_iter(), frame, theme));
    }
    g = g.add(marks.group(l as usize, frame, theme));
    if layers.has(Layer::Ends) {
        g = g.add(ends(tour, l, frame, theme));
    }
    g
}

/// The leaps inside level `l`, one path per colour.
fn leaps(tour: &Verified, l: u32, frame: &Frame, theme: &Theme, colours: &Colours) -> Group {
    let s = tour.board();
    let mut by_colour: Vec<(String, String)> = Vec::new();
    for (i, (a, b)) in steps(tour.path(), tour.is_closed()).enumerate() {
        if s.level_of(a) != l || s.level_of(b) != l {
            continue;
        }
        let (pa, pb) = (at(s, frame, a), at(s, frame, b));
        let c = colours.of(i);
        let d = match by_colour.iter_mut().find(|(k, _)| *k == c) {
            Some((_, d)) => d,
            None => {
                by_colour.push((c, String::new()));
                &mut by_colour.last_mut().expect("just pushed").1
            }
        };
        let _ = write!(d, "M{} {}L{} {}", pa.0, pa.1, pb.0, pb.1);
    }
    let width = num(frame.size(&theme.tour.width));
    by_colour.into_iter().fold(
        Group::new()
            .set("class", "tour")
            .set("fill", "none")
            .set("stroke-width", width)
            .set("stroke-linecap", "round")
            .set("opacity", num(theme.tour.opacity)),
        |g, (c, d)| g.add(Path::new().set("stroke", c).set("d", d)),
    )
}

/// The SVG point of cell `c` inside its level.
fn at(s: &Board, frame: &Frame, c: u32) -> (i64, i64) {
    let xyz = s.coords(c);
    frame.cell((xyz[0], xyz[1]))
}

/// Cells of level `l` where the tour turns.
fn turn_cells(tour: &Verified, l: u32) -> Vec<(u32, u32)> {
    let (s, p) = (tour.board(), tour.path());
    let n = p.len();
    (0..n)
        .filter(|&i| s.level_of(p[i]) == l)
        .filter(|&i| tour.is_closed() || (i > 0 && i + 1 < n))
        .filter(|&i| n >= 3 && s.delta(p[(i + n - 1) % n], p[i]) != s.delta(p[i], p[(i + 1) % n]))
        .map(|i| {
            let xyz = s.coords(p[i]);
            (xyz[0], xyz[1])
        })
        .collect()
}

/// The start (a ring) and an open tour's end (a square), on their levels.
fn ends(tour: &Verified, l: u32, frame: &Frame, theme: &Theme) -> Group {
    let (s, p) = (tour.board(), tour.path());
    let m = &theme.markers;
    let r = frame.size(&m.start);
    let stroke = num((r * 0.35).max(frame.size(&theme.tour.width)));
    let mut g = Group::new().set("class", "ends");
    if s.level_of(p[0]) == l {
        let (x, y) = at(s, frame, p[0]);
        g = g.add(
            markers::disk("start", (x as f64, y as f64), &num(r))
                .set("fill", "none")
                .set("stroke", m.start_colour.as_str())
                .set("stroke-width", stroke.as_str()),
        );
    }
    let last = p[p.len() - 1];
    if !tour.is_closed() && s.level_of(last) == l {
        let (x, y) = at(s, frame, last);
        g = g.add(
            Rectangle::new()
                .set("class", "end")
                .set("x", num(x as f64 - r))
                .set("y", num(y as f64 - r))
                .set("width", num(2.0 * r))
                .set("height", num(2.0 * r))
                .set("fill", "none")
                .set("stroke", m.end_colour.as_str())
                .set("stroke-width", stroke),
        );
    }
    g
}

/// The colour of each step: by section, or along the theme's gradient.
pub(crate) struct Colours<'a> {
    theme: &'a Theme,
    sections: Option<&'a knights_core::Sections>,
    steps: usize,
}

impl<'a> Colours<'a> {
    pub(crate) fn new(tour: &'a Verified, theme: &'a Theme, by_section: bool) -> Colours<'a> {
        let n = tour.path().len();
        let sections = tour
            .sections()
            .filter(|s| by_section && s.labels().len() == n);
        Colours {
            theme,
            sections,
            steps: n,
        }
    }

    /// The colour of step `i` (the leap leaving the `i`-th cell), in pieces of the
    /// gradient so that a level's leaps make a few paths, not one per leap.
    pub(crate) fn of(&self, i: usize) -> String {
        if let Some(s) = self.sections {
            let k = s.labels()[i.min(s.labels().len() - 1)] as usize;
            return crate::theme::section_colour(self.theme, &s.names()[k], k, s.names().len());
        }
        let pieces = self.theme.tour.gradient_pieces.max(1) as usize;
        let piece = i * pieces / self.steps.max(1);
        let t = (piece as f64 + 0.5) / pieces as f64;
        colour::gradient(&self.theme.tour.gradient, t).hex()
    }
}

/// The largest half-width of a move's triangle, in squares: the start's ring's radius
/// up to this (0.24 before: on 26x26x26, drawn 4 points a square, the triangles were
/// 2 pixels wide on the page and could not be told from the leaps). A cell's two
/// triangles sit their half-width either side of its centre.
const MARK_MAX: f64 = 0.4;

/// The moves between levels, as marks on the level each end is on.
struct Marks {
    /// Per level: (cell, leaving, upwards, colour).
    per_level: Vec<Vec<(u32, bool, bool, String)>>,
}

impl Marks {
    fn new(levels: usize) -> Marks {
        Marks {
            per_level: vec![Vec::new(); levels],
        }
    }

    fn group(&self, l: usize, frame: &Frame, theme: &Theme) -> Group {
        let size = frame.size(&theme.markers.start).clamp(0.14, MARK_MAX);
        let halo = theme.page.background.as_str();
        self.per_level[l].iter().fold(
            Group::new().set("class", "between-levels"),
            |g, (c, leaving, up, colour)| {
                let (x, y) = frame.cell((*c % frame.w, *c / frame.w));
                // Leaving to the right of the centre, arriving to the left, so that a
                // cell where the tour both arrives and leaves shows both.
                let shift = if *leaving { 1.0 } else { -1.0 } * size.max(0.24);
                let (x, y) = (x as f64 + shift, y as f64);
                let tip = if *up { -1.0 } else { 1.0 } * size * 1.2;
                let pts = [
                    (x, y + tip),
                    (x - size, y - tip * 0.6),
                    (x + size, y - tip * 0.6),
                ]
                .map(|(px, py)| format!("{},{}", num(px), num(py)))
                .join(" ");
                let tri = Polygon::new()
                    .set("class", if *leaving { "leave" } else { "arrive" })
                    .set("data-direction", if *up { "up" } else { "down" })
                    .set("points", pts)
                    .set("stroke-linejoin", "round");
                let tri = if *leaving {
                    tri.set("fill", colour.as_str())
                        .set("stroke", halo)
                        .set("stroke-width", num(size * 0.25))
                        .set("paint-order", "stroke")
                } else {
                    tri.set("fill", halo)
                        .set("stroke", colour.as_str())
                        .set("stroke-width", num(size * 0.3))
                };
                g.add(tri)
            },
        )
    }
}

/// A mark at both ends of every move between levels.
fn collect_marks(tour: &Verified, colours: &Colours, marks: &mut Marks) {
    let s = tour.board();
    let per = s.level_cells();
    for (i, (a, b)) in steps(tour.path(), tour.is_closed()).enumerate() {
        let (la, lb) = (s.level_of(a), s.level_of(b));
        if la == lb {
            continue;
        }
        let c = colours.of(i);
        let up = lb > la;
        marks.per_level[la as usize].push((a % per, true, up, c.clone()));
        marks.per_level[lb as usize].push((b % per, false, up, c));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::space_tour;

    fn count(svg: &str, pat: &str) -> usize {
        svg.matches(pat).count()
    }

    #[test]
    fn levels_and_moves_between_them_are_drawn() {
        for (sides, open) in [("6x5x3", false), ("4x3x3x2", true)] {
            let name = format!("{sides}{}.json", if open { "-open" } else { "" });
            let t = space_tour(&name);
            let m = knights_core::metrics::measure(&t);
            let d = drawing(&t, &m, &Options::default()).unwrap();
            let svg = d.svg();
            let s = t.board();
            let between = m.levels.as_ref().unwrap().moves_between_levels;
            assert_eq!(count(svg, "class=\"level\""), s.levels() as usize);
            for l in 0..s.levels() {
                assert!(
                    svg.contains(&format!(">\n{}\n</text>", label(s, l))),
                    "{sides} level {l}"
                );
            }
            // One filled and one outlined triangle per move between levels.
            assert_eq!(count(svg, "class=\"leave\""), between as usize);
            assert_eq!(count(svg, "class=\"arrive\""), between as usize);
            assert!(between > 0);
            assert_eq!(crate::markers::count(svg, "crossing"), m.crossings as usize);
            assert_eq!(crate::markers::count(svg, "turn"), m.turns as usize);
            assert!(svg.contains("crossings between levels are left undefined"));
            assert_eq!(count(svg, "class=\"start\""), 1);
            assert_eq!(count(svg, "class=\"end\""), open as usize);
            let png = d.png_at(crate::Resolution::Width(300)).unwrap();
            assert_eq!(&png[1..4], b"PNG");
        }
        let s: Board = "4x3x3x2".parse().unwrap();
        assert_eq!(label(&s, 4), "z = 1, w = 1");
        assert_eq!(columns(&s, 6, None), 3);
    }

    /// A thumbnail leaves the caption out, and its levels take the room: the drawing
    /// is less tall for the same width, and keeps its levels and their labels.
    #[test]
    fn a_thumbnail_leaves_the_caption_out() {
        let t = space_tour("6x5x3.json");
        let m = knights_core::metrics::measure(&t);
        let with = drawing(&t, &m, &Options::default()).unwrap();
        let opts = Options {
            no_caption: true,
            ..Options::default()
        };
        let without = drawing(&t, &m, &opts).unwrap();
        assert!(with.svg().contains("class=\"caption\""));
        assert!(!without.svg().contains("class=\"caption\""));
        assert!(!without.svg().contains("crossings between levels"));
        assert_eq!(count(without.svg(), "class=\"level\""), 3);
        assert!(without
            .svg()
            .contains(&format!(">\n{}\n</text>", label(t.board(), 2))));
        assert!(without.aspect().unwrap() > with.aspect().unwrap() * 1.05);
    }

    /// A page asks for fewer levels a row: each level is then drawn larger, in the
    /// same document, and its label keeps its share of the level.
    #[test]
    fn a_page_asks_for_fewer_levels_a_row() {
        let t = space_tour("6x5x3.json");
        let m = knights_core::metrics::measure(&t);
        let lefts = |across: Option<u32>| -> Vec<String> {
            let opts = Options {
                levels_across: across,
                ..Options::default()
            };
            let svg = drawing(&t, &m, &opts).unwrap().svg().to_string();
            svg.split("class=\"level\"")
                .skip(1)
                .map(|g| {
                    let at = g.find("translate(").unwrap() + 10;
                    g[at..].split(' ').next().unwrap().to_string()
                })
                .collect()
        };
        let natural = natural_columns(&t.board().clone(), 3);
        assert!(natural > 1, "{natural}");
        let all = lefts(None);
        assert_eq!(all.len(), 3);
        assert!(all.iter().any(|x| x != "0"), "{all:?}");
        // One a row: every level at the left edge.
        assert_eq!(lefts(Some(1)), vec!["0", "0", "0"]);
        // A limit above the natural count changes nothing.
        assert_eq!(lefts(Some(natural + 5)), all);
    }

    /// A drawing of some levels draws those, in the order asked, labelled, with the
    /// marks of the moves between levels that meet them; a level the board lacks is
    /// refused.
    #[test]
    fn some_levels_are_drawn_alone() {
        let t = space_tour("6x5x3.json");
        let m = knights_core::metrics::measure(&t);
        let s = t.board();
        let some = |levels: Vec<u32>| {
            let opts = Options {
                levels: Some(levels),
                ..Options::default()
            };
            drawing(&t, &m, &opts)
        };
        let svg = some(vec![2, 0]).unwrap().svg().to_string();
        let drawn: Vec<&str> = (svg.split("data-level=\"").skip(1))
            .map(|g| g.split('"').next().unwrap())
            .collect();
        assert_eq!(drawn, ["2", "0"]);
        assert!(svg.contains(&format!(">\n{}\n</text>", label(s, 2))));
        assert!(!svg.contains(&format!(">\n{}\n</text>", label(s, 1))));
        assert!(svg.contains("z = 2 and z = 0 of its 3 levels"), "{svg}");
        // The marks of level 0 alone: as many as the moves that leave or reach it.
        let one = some(vec![0]).unwrap().svg().to_string();
        let ends = (steps(t.path(), t.is_closed()))
            .filter(|&(a, b)| s.level_of(a) != s.level_of(b))
            .map(|(a, b)| (s.level_of(a) == 0) as usize + (s.level_of(b) == 0) as usize)
            .sum::<usize>();
        assert!(ends > 0);
        assert_eq!(
            count(&one, "class=\"leave\"") + count(&one, "class=\"arrive\""),
            ends
        );
        assert!(some(vec![3]).is_err());
        assert!(some(vec![]).is_err());
        assert_eq!(some_levels(s, &[0, 1, 2]), "z = 0, z = 1 and z = 2");
    }

    /// On a page where a square is a few points (as on 26x26x26), the levels' labels
    /// and the caption are still at least [`TEXT_PT`] points, where they fit across.
    #[test]
    fn labels_stay_readable_when_the_squares_are_small() {
        let t = space_tour("6x5x3.json");
        let m = knights_core::metrics::measure(&t);
        let mut opts = Options::default();
        opts.theme.page.max_size = 60.0;
        let svg = drawing(&t, &m, &opts).unwrap().svg().to_string();
        let attr = |tag: &str, name: &str| -> f64 {
            let at = tag.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
            tag[at..at + tag[at..].find('"').unwrap()].parse().unwrap()
        };
        let root = svg.split("<svg").nth(1).unwrap();
        let (width_pt, view_w) = (attr(root, "width"), {
            let v = root.split("viewBox=\"").nth(1).unwrap();
            v.split(' ').nth(2).unwrap().parse::<f64>().unwrap()
        });
        let cell_pt = width_pt / view_w;
        assert!(cell_pt < 4.0, "{cell_pt}");
        let texts: Vec<&str> = svg
            .split("<text")
            .skip(1)
            .filter(|t| t.contains("level-label") || t.contains("caption"))
            .collect();
        assert_eq!(texts.len(), 3 + 3);
        let content = |t: &str| {
            t.split('>')
                .nth(1)
                .unwrap()
                .split('<')
                .next()
                .unwrap()
                .trim()
                .len()
        };
        let longest = texts
            .iter()
            .filter(|t| t.contains("caption"))
            .map(|t| content(t))
            .max();
        for t in texts {
            let pt = attr(t, "font-size") * cell_pt;
            let what = content(t) as f64;
            // Else as large as fits across: a label across its level (6 squares), the
            // caption's longest line across the drawing.
            let fits = if t.contains("level-label") {
                pt * 0.6 * what >= 6.0 * cell_pt * 0.99
            } else {
                pt * 0.52 * longest.unwrap() as f64 >= (view_w - 2.0) * cell_pt * 0.99
            };
            assert!(pt >= TEXT_PT * 0.99 || fits, "{pt} pt: {t}");
        }
    }
}
