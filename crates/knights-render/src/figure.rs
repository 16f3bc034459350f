//! A large board as one figure: its overview with numbered frames, and beside it (below
//! the board) a detailed inset of each framed place, drawn square by square with its
//! turns, crossings and coordinates. The overview alone cannot show a single leap and
//! a whole drawing of its squares is a grey texture, so a printed figure of a large
//! board is both ([`Insets`] says which places; by default, when the board is drawn as
//! an overview, its corners and busiest places).
//!
//! Each part is a document of its own, drawn at the width it takes on the page (the
//! theme's size on paper, see [`crate::paper`], so their lines and type are sized in
//! the points they are printed at), and nested in the figure as an `svg` element;
//! the frames on the overview and their numbers, placed in the margin clear of every
//! mark, are the figure's own.

use std::str::FromStr;

use svg::node::element::{Group, Rectangle, Text};

use crate::drawing::Drawing;
use crate::frame::num;
use crate::layers::Layer;
use crate::overview::numbers::{self, Side};
use crate::overview::{places, Spot, Style};
use crate::paper::{self, Paper, TYPE_PT};
use crate::{Options, Show};
use knights_core::metrics::Metrics;
use knights_core::verify::Verified;
use knights_core::{Error, Region};

/// Detailed insets beside a drawing of the whole board (`--insets`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Insets {
    /// None: the drawing alone (what a page that shows its own crops asks for).
    #[default]
    None,
    /// The board's corners and busiest places, when it is drawn as an overview.
    Auto,
    /// This many of those places (corners first), however the board is drawn.
    Count(usize),
    /// These regions.
    Regions(Vec<Region>),
}

/// The most insets a figure holds.
pub const MAX_INSETS: usize = 12;

/// The longest side of an inset, in squares: an inset is a detail.
pub const MAX_INSET_SIDE: u32 = 64;

impl FromStr for Insets {
    type Err = Error;
    /// `auto`, a count from 0 to [`MAX_INSETS`], or regions `X0,Y0,X1,Y1;...`.
    fn from_str(s: &str) -> Result<Insets, Error> {
        let s = s.trim();
        let bad = |why: String| Error::invalid(format!("insets '{s}': {why}"));
        if s == "auto" {
            return Ok(Insets::Auto);
        }
        if let Ok(n) = s.parse::<usize>() {
            return match n {
                0 => Ok(Insets::None),
                n if n <= MAX_INSETS => Ok(Insets::Count(n)),
                _ => Err(bad(format!("at most {MAX_INSETS} insets"))),
            };
        }
        let regions = (s.split(';').map(str::trim).filter(|r| !r.is_empty()))
            .map(|r| {
                r.parse::<Region>().map_err(|_| {
                    bad(format!(
                        "'{r}' is not a region: write auto, a count, or X0,Y0,X1,Y1;X0,Y0,X1,Y1"
                    ))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        match regions.len() {
            0 => Err(bad("write auto, a count, or X0,Y0,X1,Y1;X0,Y0,X1,Y1".into())),
            n if n > MAX_INSETS => Err(bad(format!("at most {MAX_INSETS} insets"))),
            _ => match regions
                .iter()
                .find(|r| r.width().max(r.height()) > MAX_INSET_SIDE)
            {
                Some(r) => Err(bad(format!(
                    "region {r} is wider than an inset's {MAX_INSET_SIDE} squares"
                ))),
                None => Ok(Insets::Regions(regions)),
            },
        }
    }
}

/// The places `opts` asks insets of for the whole of `tour`'s board drawn in style
/// `style` (none for a region: insets go beside the whole board).
pub fn places_of(tour: &Verified, opts: &Options, style: Style) -> Result<Vec<Spot>, Error> {
    let asked = |n: usize| places(tour, &opts.theme, n);
    let spots = match &opts.insets {
        Insets::None => Vec::new(),
        Insets::Auto if style == Style::Overview && opts.region.is_none() => asked(6),
        Insets::Auto => Vec::new(),
        Insets::Count(n) => asked(*n),
        Insets::Regions(rs) => rs
            .iter()
            .enumerate()
            .map(|(i, r)| {
                r.check(tour.board())?;
                Ok(Spot {
                    name: format!("region {}", i + 1),
                    region: *r,
                })
            })
            .collect::<Result<_, Error>>()?,
    };
    if !spots.is_empty() && opts.region.is_some() {
        return Err(Error::invalid(
            "--insets go beside a drawing of the whole board: leave out --region, or give --insets 0",
        ));
    }
    Ok(spots)
}

/// The smallest square of an inset, in points: its turn dots and crossing disks stay
/// apart from 4 points (the themes' least radii over their share of a square, see
/// [`crate::layers::Kind::legible_from`]), with a point to spare.
const INSET_CELL_PT: f64 = 5.0;

/// Points between the parts of the figure.
const GAP: f64 = 10.0;

/// The font size of the frames' numbers, in points.
const LABEL_PT: f64 = 8.0;

/// The font size of the insets' captions on a figure for the screen, in px: the
/// body type of the page it is shown on (8 px read small beside it).
pub const CAPTION_PX: f64 = 16.0;

/// The font size of the insets' captions on a figure of a declared size on paper, in
/// points: above print's smallest type, a little under a printed page's body type.
pub const CAPTION_PT: f64 = 9.0;

/// The most a figure's height may be of its width: a printed page (A4 is 1.41) or a
/// journal's column takes it. The insets are laid out beside and under the overview
/// to stay within it (see [`Layout`]).
pub const MOST_ASPECT: f64 = 1.5;

/// The least share of the figure's width the overview keeps when the default insets
/// are laid out: rather one inset fewer (down to four) than a thumbnail of the board.
const LEAST_OVERVIEW: f64 = 0.5;

/// The fewest insets the default figure is cut down to, to keep within
/// [`MOST_ASPECT`].
const LEAST_INSETS: usize = 4;

/// The figure: `tour` drawn as `opts` say (without insets), framed, and an inset of
/// each of `spots` beside and below it.
pub fn drawing(
    tour: &Verified,
    metrics: &Metrics,
    opts: &Options,
    spots: &[Spot],
) -> Result<Drawing, Error> {
    let room = LABEL_PT * 2.2; // the frames' numbers, in the margin
    let whole = match opts.theme.page.width {
        Some(p) => p,
        None => {
            let alone = main_options(opts, None);
            let w = Drawing::new(tour, metrics, &alone)?.page_width()?;
            Paper::points_of(w + 2.0 * room)
        }
    };
    let unit = |pt: f64| whole.with_points(pt);
    let inner = whole.points() - 2.0 * room;
    let full = Drawing::new(tour, metrics, &main_options(opts, Some(unit(inner))))?;
    let fv = paper::view_box(full.svg()).ok_or_else(|| Error::internal("no view box"))?;
    let size = caption_size(opts);
    // The insets drawn at each width a number of columns gives them, while their
    // squares stay legible.
    let mut drawn: Vec<(usize, f64, Vec<Drawing>, f64)> = Vec::new();
    for cols in 1..=spots.len().clamp(1, 4) {
        let inset_w = (inner - GAP * (cols as f64 - 1.0)) / cols as f64;
        let parts = insets(tour, metrics, opts, spots, unit(inset_w))?;
        if parts.iter().any(|d| d.cell_pt() < INSET_CELL_PT) {
            break;
        }
        let caption = caption_height(spots, inset_w, size);
        drawn.push((cols, inset_w, parts, caption));
    }
    if drawn.is_empty() {
        let mut alone = opts.clone();
        alone.insets = Insets::None;
        return Drawing::new(tour, metrics, &alone);
    }
    let least = match opts.insets {
        Insets::Auto => spots.len().min(LEAST_INSETS),
        _ => spots.len(),
    };
    let sizes = |parts: &[Drawing], w: f64, cap: f64| -> Result<Vec<[f64; 2]>, Error> {
        (parts.iter())
            .map(|d| {
                let v = paper::view_box(d.svg()).ok_or_else(|| Error::internal("no view box"))?;
                Ok([w, cap + w * v[3] / v[2]])
            })
            .collect()
    };
    let mut options = Vec::new();
    for (k, (cols, inset_w, parts, caption)) in drawn.iter().enumerate() {
        let cells = sizes(parts, *inset_w, *caption)?;
        for span in 1..=*cols {
            let ov_w = if span == *cols {
                inner
            } else {
                span as f64 * (inset_w + GAP) - room
            };
            // An overview whose squares come out under a line's least width draws its
            // outline (a square wide at most) thinner than print takes.
            if span < *cols && ov_w / fv[2] < paper::LINE_PT {
                continue;
            }
            for n in least..=spots.len() {
                let l = Layout::new(
                    [ov_w, ov_w * fv[3] / fv[2]],
                    &cells[..n],
                    (*cols, span),
                    room,
                );
                options.push((k, n, l));
            }
        }
    }
    let asked = (opts.insets != Insets::Auto).then_some(spots.len());
    let (k, n, layout) = choose(options, whole.points(), inner, asked);
    let (_, inset_w, parts, caption) = &drawn[k];
    let (spots, parts) = (&spots[..n], &parts[..n]);
    // The overview at the width chosen, and the places again with its real height.
    let main = if (layout.overview[0] - inner).abs() < 1e-6 {
        full
    } else {
        Drawing::new(
            tour,
            metrics,
            &main_options(opts, Some(unit(layout.overview[0]))),
        )?
    };
    let mv = paper::view_box(main.svg()).ok_or_else(|| Error::internal("no view box"))?;
    let ov = [layout.overview[0], layout.overview[0] * mv[3] / mv[2]];
    let layout = Layout::new(ov, &sizes(parts, *inset_w, *caption)?, layout.grid, room);
    let mut body = vec![nested(main.svg(), "overview", room, room, ov[0], ov[1])];
    // The frames and their numbers, in the overview's coordinates on the page.
    let scale = ov[0] / mv[2];
    let to_page = |(x, y2): (f64, f64)| (room + (x - mv[0]) * scale, room + (y2 - mv[1]) * scale);
    let board = tour.board();
    let rects: Vec<[f64; 4]> = (spots.iter())
        .map(|s| {
            let r = s.region;
            let (x0, y0) = to_page((r.x0 as f64 - 0.5, (board.height() - 1 - r.y1) as f64 - 0.5));
            let (x1, y1) = to_page((r.x1 as f64 + 0.5, (board.height() - 1 - r.y0) as f64 + 0.5));
            [x0, y0, x1, y1]
        })
        .collect();
    // The numbers go in the room around the overview's own page, outside every mark.
    let around = [room, room, room + ov[0], room + ov[1]];
    body.push(frames(&rects, around, opts).to_string());
    // Each inset under its caption (of one or two lines; the room of the longest).
    for (i, (d, at)) in parts.iter().zip(&layout.insets).enumerate() {
        let lines = caption_lines(i + 1, &spots[i], *inset_w, size);
        body.push(caption_text(&lines, at[0], at[1], size, opts).to_string());
        let v = paper::view_box(d.svg()).ok_or_else(|| Error::internal("no view box"))?;
        let inset = nested(
            d.svg(),
            &format!("inset-{}", i + 1),
            at[0],
            at[1] + caption,
            *inset_w,
            inset_w * v[3] / v[2],
        );
        // The cells it shows, for a reader of the figure (and the tests).
        let region = format!(" data-region=\"{}\"", spots[i].region);
        body.push(inset.replacen(" height=", &format!("{region} height="), 1));
    }
    let svg = page(
        whole,
        layout.height,
        &opts.theme.page.background,
        tour,
        metrics,
        &body,
    );
    // The overview is nested at the width it was drawn at: its squares keep their
    // points.
    let d = Drawing::from_svg(
        crate::xml_safe(svg),
        main.layers(),
        opts.resolution,
        main.cell_pt(),
    );
    Ok(d.with_style(main.style()))
}

/// An inset of each of `spots`, `width` wide, square by square with its turns,
/// crossings and coordinates (unless the layers asked say otherwise).
fn insets(
    tour: &Verified,
    metrics: &Metrics,
    opts: &Options,
    spots: &[Spot],
    width: Paper,
) -> Result<Vec<Drawing>, Error> {
    let mut parts = Vec::new();
    for spot in spots {
        let mut o = opts.clone();
        o.theme.page.width = Some(width);
        o.region = Some(spot.region);
        o.style = Style::Detail;
        o.legend = false;
        o.insets = Insets::None;
        if o.show == Show::Defaults {
            o.show = (Show::defaults().with(Layer::Turns))
                .with(Layer::Crossings)
                .with(Layer::Coords);
        }
        parts.push(Drawing::new(tour, metrics, &o)?);
    }
    Ok(parts)
}

/// The layout to draw, of `options` (each the index of its insets' width, its count of
/// insets and its layout) on a page `width` wide with `inner` inside its margins: of
/// those within [`MOST_ASPECT`] (whose overview keeps [`LEAST_OVERVIEW`] of the
/// width, when the count may be cut: `asked` is `None`), the one with the most insets,
/// then the widest overview, then the lowest; none within it, the lowest.
fn choose(
    options: Vec<(usize, usize, Layout)>,
    width: f64,
    inner: f64,
    asked: Option<usize>,
) -> (usize, usize, Layout) {
    let fits = |l: &Layout| {
        l.height <= MOST_ASPECT * width
            && (asked.is_some() || l.overview[0] >= LEAST_OVERVIEW * inner - 1e-6)
    };
    let best = (options.iter().enumerate())
        .filter(|(_, (_, _, l))| fits(l))
        .max_by(|(i, a), (j, b)| {
            (a.1.cmp(&b.1))
                .then(a.2.overview[0].total_cmp(&b.2.overview[0]))
                .then(b.2.height.total_cmp(&a.2.height))
                .then(j.cmp(i))
        })
        .map(|(i, _)| i);
    // None within it (a board much taller than wide): the lowest, of those with every
    // inset asked for.
    let lowest = || {
        (options.iter().enumerate())
            .filter(|(_, (_, n, _))| asked.is_none_or(|a| *n == a))
            .min_by(|(i, a), (j, b)| {
                (a.2.height.total_cmp(&b.2.height))
                    .then(b.1.cmp(&a.1))
                    .then(i.cmp(j))
            })
            .map_or(0, |(i, _)| i)
    };
    let pick = best.unwrap_or_else(lowest);
    options
        .into_iter()
        .nth(pick)
        .expect("a layout of each width")
}

/// Where the figure's parts go: the overview at the top left, the insets in `cols`
/// columns, first in the `cols - span` columns beside the overview while their row
/// starts beside it, then in whole rows under it; the frames' numbers keep `room`
/// around the overview.
struct Layout {
    /// The overview's width and height.
    overview: [f64; 2],
    /// Columns, and those the overview spans.
    grid: (usize, usize),
    /// Each inset's top left (its caption's).
    insets: Vec<[f64; 2]>,
    /// The figure's height, its margins included.
    height: f64,
}

impl Layout {
    /// The layout of an overview `ov` (width, height) and of insets `cells` (each its
    /// width and height with its caption) in `grid` (columns, those the overview
    /// spans), in a page whose margins are `room`.
    fn new(ov: [f64; 2], cells: &[[f64; 2]], grid: (usize, usize), room: f64) -> Layout {
        let (cols, span) = grid;
        let column = |c: usize| room + c as f64 * (cells.first().map_or(0.0, |s| s[0]) + GAP);
        let ov_bottom = room + ov[1];
        let (mut insets, mut y, mut i) = (Vec::new(), room, 0);
        // Rows beside the overview, while a row's middle is level with it.
        while span < cols && i < cells.len() {
            let row = &cells[i..(i + cols - span).min(cells.len())];
            let h = row.iter().map(|s| s[1]).fold(0.0, f64::max);
            if y + h / 2.0 > ov_bottom {
                break;
            }
            for c in span..span + row.len() {
                insets.push([column(c), y]);
            }
            (i, y) = (i + row.len(), y + h + GAP);
        }
        let mut bottom = (y - GAP).max(ov_bottom);
        y = y.max(ov_bottom + room);
        while i < cells.len() {
            let row = &cells[i..(i + cols).min(cells.len())];
            let h = row.iter().map(|s| s[1]).fold(0.0, f64::max);
            for c in 0..row.len() {
                insets.push([column(c), y]);
            }
            bottom = y + h;
            (i, y) = (i + row.len(), y + h + GAP);
        }
        Layout {
            overview: ov,
            grid,
            insets,
            height: bottom + room,
        }
    }
}

/// `opts` for the overview of a figure `width` wide (its own size when `None`): no
/// frames of its own (the figure draws them) and no insets.
fn main_options(opts: &Options, width: Option<Paper>) -> Options {
    let mut o = opts.clone();
    if width.is_some() {
        o.theme.page.width = width;
    }
    o.no_frames = true;
    o.insets = Insets::None;
    o
}

/// The figure's document: `whole` wide, `height` points tall, holding `body`.
fn page(
    whole: Paper,
    height: f64,
    background: &str,
    tour: &Verified,
    metrics: &Metrics,
    body: &[String],
) -> String {
    let w = whole.points();
    let title = format!(
        "A {} tour of the {} board: {} turns, {} crossings; its overview and detailed insets",
        tour.kind(),
        tour.board(),
        metrics.turns,
        metrics.crossings
    );
    format!(
        "<svg data-crossings=\"{}\" data-turns=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" width=\"{}\" xmlns=\"http://www.w3.org/2000/svg\">\n<title>{}</title>\n{}\n{}\n</svg>",
        metrics.crossings,
        metrics.turns,
        whole.attribute(height),
        num(w),
        num(height),
        whole.attribute(w),
        title,
        Rectangle::new()
            .set("class", "background")
            .set("width", num(w))
            .set("height", num(height))
            .set("fill", background),
        body.join("\n")
    )
}

/// The document `svg` placed at `(x, y)`, `w` by `h` points, as a nested `svg`
/// element: its view box kept, its ids prefixed with `prefix` so that parts do not
/// share one.
fn nested(svg: &str, prefix: &str, x: f64, y: f64, w: f64, h: f64) -> String {
    let start = svg.find("<svg").unwrap_or(0);
    let open_end = start + svg[start..].find('>').map_or(0, |e| e + 1);
    let close = svg.rfind("</svg>").unwrap_or(svg.len());
    let view = paper::view_box(svg).map_or(String::new(), |v| v.map(num).join(" "));
    let mut inner = svg[open_end..close].to_string();
    for id in ids(&inner) {
        let new = format!("{prefix}-{id}");
        inner = inner
            .replace(&format!("id=\"{id}\""), &format!("id=\"{new}\""))
            .replace(&format!("url(#{id})"), &format!("url(#{new})"))
            .replace(&format!("href=\"#{id}\""), &format!("href=\"#{new}\""));
    }
    format!(
        "<svg class=\"{prefix}\" height=\"{}\" viewBox=\"{view}\" width=\"{}\" x=\"{}\" y=\"{}\">{inner}</svg>",
        num(h),
        num(w),
        num(x),
        num(y)
    )
}

/// The ids defined in a piece of SVG.
fn ids(svg: &str) -> Vec<String> {
    let mut out: Vec<String> = svg
        .match_indices(" id=\"")
        .filter_map(|(at, m)| {
            let rest = &svg[at + m.len()..];
            rest.find('"').map(|e| rest[..e].to_string())
        })
        .collect();
    // Longer ids first, so that renaming `bands-1` leaves `bands-10` alone.
    out.sort();
    out.dedup();
    out.sort_by_key(|id| std::cmp::Reverse(id.len()));
    out
}

/// The frames `rects` (left, top, right, bottom on the page) on the overview whose
/// page is `b`, each numbered outside it on the side it is nearest, with a leader to
/// it: the numbers are outside the drawing, clear of every mark.
fn frames(rects: &[[f64; 4]], b: [f64; 4], opts: &Options) -> Group {
    let o = &opts.theme.overview;
    let colour = o.frame_colour.as_str();
    let width = o.frame_width.min.clamp(paper::LINE_PT, 1.2);
    let mut g = Group::new()
        .set("class", "spots")
        .set("stroke", colour)
        .set("stroke-width", num(width));
    let mut labels = Group::new()
        .set("class", "spot-labels")
        .set("fill", colour)
        .set("font-size", num(LABEL_PT))
        .set("font-family", "DejaVu Sans, sans-serif")
        .set("text-anchor", "middle");
    let (sides, at): (Vec<Side>, Vec<f64>) = numbers::place(rects, b, LABEL_PT, LABEL_PT * 1.6)
        .into_iter()
        .unzip();
    for (i, r) in rects.iter().enumerate() {
        // A frame at least a few points across, so a small place still shows.
        let least = LABEL_PT * 0.6;
        let (cx, cy) = ((r[0] + r[2]) / 2.0, (r[1] + r[3]) / 2.0);
        let (hw, hh) = (
            ((r[2] - r[0]) / 2.0).max(least / 2.0),
            ((r[3] - r[1]) / 2.0).max(least / 2.0),
        );
        g = g.add(
            Rectangle::new()
                .set("class", "spot")
                .set("fill", "none")
                .set("x", num(cx - hw))
                .set("y", num(cy - hh))
                .set("width", num(2.0 * hw))
                .set("height", num(2.0 * hh)),
        );
        let pad = LABEL_PT * 0.35;
        let (from, to, text) = match sides[i] {
            Side::Top => (
                (cx, cy - hh),
                (at[i], b[1] - pad),
                (at[i], b[1] - pad * 1.6),
            ),
            Side::Bottom => (
                (cx, cy + hh),
                (at[i], b[3] + pad),
                (at[i], b[3] + pad * 1.6 + LABEL_PT * 0.75),
            ),
            Side::Left => (
                (cx - hw, cy),
                (b[0] - pad, at[i]),
                (b[0] - pad * 1.5 - LABEL_PT * 0.4, at[i] + LABEL_PT * 0.36),
            ),
            Side::Right => (
                (cx + hw, cy),
                (b[2] + pad, at[i]),
                (b[2] + pad * 1.5 + LABEL_PT * 0.4, at[i] + LABEL_PT * 0.36),
            ),
        };
        g = g.add(numbers::leader(from, to));
        labels = labels.add(
            Text::new((i + 1).to_string())
                .set("x", num(text.0))
                .set("y", num(text.1)),
        );
    }
    Group::new().set("class", "frames").add(g).add(labels)
}

/// The size of the insets' captions: [`CAPTION_PT`] on paper, [`CAPTION_PX`] on
/// screen.
fn caption_size(opts: &Options) -> f64 {
    match opts.theme.page.width {
        Some(_) => CAPTION_PT.max(TYPE_PT),
        None => CAPTION_PX,
    }
}

/// The room over each inset for its caption, `size` large, when the insets are `w`
/// wide: that of the longest caption of `spots`.
fn caption_height(spots: &[Spot], w: f64, size: f64) -> f64 {
    let most = (spots.iter().enumerate())
        .map(|(i, spot)| caption_lines(i + 1, spot, w, size).len())
        .max()
        .unwrap_or(1) as f64;
    size * (1.25 * most + 0.35)
}

/// The caption over inset `n`, `w` wide, `size` large: its number, and its place's
/// name and cells, in two lines (the name on the first, the cells on the second when
/// the whole does not wrap into two), three where the name needs two; its name
/// alone, or its number, where those do not fit. The first line leads with the
/// number.
fn caption_lines(n: usize, spot: &Spot, w: f64, size: f64) -> Vec<String> {
    let r = spot.region;
    let cells = format!(
        "columns {}-{}, rows {}-{}",
        r.x0 + 1,
        r.x1 + 1,
        r.y0 + 1,
        r.y1 + 1
    );
    let short = format!("{}-{} x {}-{}", r.x0 + 1, r.x1 + 1, r.y0 + 1, r.y1 + 1);
    let lead = format!("{n}  ");
    let room = w - crate::font::text_width(&lead, size);
    let fits =
        |lines: &Vec<String>| (lines.iter()).all(|l| crate::font::text_width(l, size) <= room);
    let name = spot.name.clone();
    let mut named = crate::font::wrap(&name, size, room);
    named.push(short.clone());
    let whole = crate::font::wrap(&format!("{name}: {cells}"), size, room);
    let candidates = [
        (2, whole.clone()),
        (2, vec![name.clone(), cells]),
        (2, vec![name.clone(), short]),
        (3, whole),
        (3, named),
        (1, vec![name]),
    ];
    match candidates
        .into_iter()
        .find(|(most, lines)| lines.len() <= *most && fits(lines))
        .map(|c| c.1)
    {
        Some(mut lines) => {
            lines[0] = format!("{lead}{}", lines[0]);
            lines
        }
        None => vec![n.to_string()],
    }
}

/// The caption's `lines` at `(x, y)`, `size` large, one line under the other.
fn caption_text(lines: &[String], x: f64, y: f64, size: f64, opts: &Options) -> Text {
    let mut t = Text::new("")
        .set("class", crate::audit::INSET_CAPTION)
        .set("x", num(x))
        .set("y", num(y + size))
        .set("font-size", num(size))
        .set("font-family", "DejaVu Sans, sans-serif")
        .set("fill", opts.theme.overview.frame_colour.as_str());
    // Lines after the first stand under the first's words, past its number.
    let lead = lines[0]
        .find("  ")
        .map_or(0.0, |at| crate::font::text_width(&lines[0][..at + 2], size));
    for (k, line) in lines.iter().enumerate() {
        let span = svg::node::element::TSpan::new(line.as_str())
            .set("x", num(if k == 0 { x } else { x + lead }))
            .set("y", num(y + size * (1.0 + 1.25 * k as f64)));
        t = t.add(span);
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insets_are_read_as_a_count_or_regions() {
        assert_eq!("auto".parse::<Insets>().unwrap(), Insets::Auto);
        assert_eq!("0".parse::<Insets>().unwrap(), Insets::None);
        assert_eq!("4".parse::<Insets>().unwrap(), Insets::Count(4));
        let two = "0,0,15,15; 100,100,119,119".parse::<Insets>().unwrap();
        assert_eq!(
            two,
            Insets::Regions(vec![
                "0,0,15,15".parse().unwrap(),
                "100,100,119,119".parse().unwrap()
            ])
        );
        for (bad, says) in [
            ("13", "at most 12"),
            ("x", "not a region"),
            ("1,2,3", "not a region"),
            (";", "write auto"),
            ("0,0,99,99", "wider than an inset"),
        ] {
            let e = bad.parse::<Insets>().unwrap_err().to_string();
            assert!(e.contains(says) && e.starts_with("insets"), "{bad}: {e}");
        }
    }

    #[test]
    fn numbers_along_a_side_are_moved_apart_within_it() {
        let mut at = vec![5.0, 6.0, 7.0, 50.0];
        numbers::spread(&mut at, &[0, 1, 2, 3], 0.0, 100.0, 10.0);
        assert_eq!(at, vec![5.0, 15.0, 25.0, 50.0]);
        let mut crowded = vec![98.0, 99.0];
        numbers::spread(&mut crowded, &[0, 1], 0.0, 100.0, 10.0);
        assert_eq!(crowded, vec![85.0, 95.0]);
    }

    /// The figure of the 64x64 fixture `theme` draws `size` wide with `insets`.
    fn figure(theme: &str, size: Option<&str>, insets: &str) -> Drawing {
        let t = crate::fixtures::tour("64x64-hilbert-open.json");
        let mut opts = Options {
            theme: crate::Theme::load(theme).unwrap(),
            insets: insets.parse().unwrap(),
            style: Style::Overview,
            ..Default::default()
        };
        opts.theme.page.width = size.map(|s| s.parse().unwrap());
        Drawing::new(&t, &knights_core::metrics::measure(&t), &opts).unwrap()
    }

    #[test]
    fn numbers_and_captions_are_clear_of_every_drawing_and_of_each_other() {
        for (theme, size, insets) in [
            // (Sizes whose points are whole: usvg then reads the page unscaled, and
            // its words as the page's, not as a figure's.)
            ("print", Some("340pt"), "auto"),
            ("web", None, "6"),
            ("print", Some("324pt"), "0,0,9,9;30,30,45,45;50,2,63,12"),
        ] {
            let d = figure(theme, size, insets);
            let laid = crate::boxes::laid_out(d.svg()).unwrap();
            let numbers: Vec<_> = laid.text.iter().filter(|(t, _)| t.len() <= 2).collect();
            assert!(numbers.len() >= 3, "{theme} {insets}: {:?}", laid.text);
            // The parts' pages as placed (usvg's boxes of nested documents reach back to
            // the origin).
            let parts: Vec<[f64; 4]> = (d.svg().match_indices("<svg class="))
                .map(|(at, _)| {
                    let tag = &d.svg()[at..at + d.svg()[at..].find('>').unwrap()];
                    let n = |k: &str| paper::attribute(tag, k).unwrap().parse::<f64>().unwrap();
                    [n("x"), n("y"), n("x") + n("width"), n("y") + n("height")]
                })
                .collect();
            assert!(parts.len() >= 4, "{theme} {insets}: {parts:?}");
            for (i, (t, a)) in laid.text.iter().enumerate() {
                for f in &parts {
                    assert!(
                        !crate::boxes::overlap(a, f, 0.1),
                        "{theme}: '{t}' {a:?} on {f:?}"
                    );
                }
                for (u, b) in &laid.text[i + 1..] {
                    assert!(!crate::boxes::overlap(a, b, 0.1), "{theme}: '{t}' on '{u}'");
                }
            }
        }
    }

    #[test]
    fn insets_follow_the_count_and_the_regions_asked() {
        let count = |d: &Drawing| d.svg().matches("<svg class=\"inset-").count();
        assert_eq!(count(&figure("web", None, "2")), 2);
        let d = figure("print", Some("120mm"), "0,0,9,9;30,30,45,45");
        assert_eq!(count(&d), 2);
        assert!(d.svg().contains(">\n2  region 2") || d.svg().contains(">2  region 2"));
        assert_eq!(count(&figure("web", None, "0")), 0);
        // A region off the board is refused.
        let t = crate::fixtures::tour("64x64-hilbert-open.json");
        let opts = Options {
            insets: "60,60,70,70".parse().unwrap(),
            style: Style::Overview,
            ..Default::default()
        };
        assert!(Drawing::new(&t, &knights_core::metrics::measure(&t), &opts).is_err());
    }

    #[test]
    fn nested_parts_keep_their_ids_apart() {
        let svg = r##"<svg viewBox="0 0 10 10" width="10" height="10"><defs><clipPath id="region"/><pattern id="bands-1"/><pattern id="bands-10"/></defs><g clip-path="url(#region)" fill="url(#bands-10)"/></svg>"##;
        let n = nested(svg, "inset-2", 1.0, 2.0, 30.0, 30.0);
        assert!(n.contains("id=\"inset-2-region\"") && n.contains("url(#inset-2-region)"));
        assert!(n.contains("url(#inset-2-bands-10)") && n.contains("id=\"inset-2-bands-1\""));
        assert!(n.starts_with("<svg class=\"inset-2\" height=\"30\" viewBox=\"0 0 10 10\""));
        assert!(!n.contains("\"region\"") && !n.contains("#region)"));
    }
}
