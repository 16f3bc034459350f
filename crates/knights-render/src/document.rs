//! The drawing as an SVG document: a pure function of the tour, its metrics, a theme,
//! the layers to show, the style (detailed or overview) and the region drawn. Its
//! parts go bottom to top by [`Depth`]: the board, the tour's line (or the overview's
//! blocks), the framed spots and a band's seam, which every drawing has, and between
//! them the marks of each layer shown, which each layer draws itself (see
//! [`crate::layers`]); then the legend.

use svg::node::element::{ClipPath, Definitions, Rectangle, Title};
use svg::Document;

use super::frame::{num, Frame};
use super::layers::{self, Canvas, Depth, Layer, Layers};
use super::overview::{self, Style};
use super::path::{self, Colours, Walk};
use super::theme::Theme;
use super::{legend, paper, seam, shade, squares};
use knights_core::metrics::Metrics;
use knights_core::verify::Verified;
use knights_core::Error;
use knights_core::Region;

/// What to draw besides the tour and its theme.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The layers shown.
    pub layers: Layers,
    /// Square by square or as an overview ([`Style::Auto`] already resolved).
    pub style: Style,
    /// The cells drawn.
    pub region: Region,
    /// Whether a legend is drawn beside the board.
    pub legend: bool,
    /// Whether the corners and busiest places are framed where the drawing frames
    /// them (see [`overview::framed`]).
    pub frames: bool,
    /// The layers asked for but left out because their marks would merge at the
    /// theme's size on paper (see [`crate::paper::too_fine`]); the legend names them.
    pub dropped: Layers,
    /// Shades of each colour along the walk ([`super::Options::order_shades`]).
    pub shades: u32,
    /// Steps a point of the simplified route ([`super::Options::simplify`]).
    pub simplify: u32,
}

impl Plan {
    /// What `opts` asks of `tour`: the region (checked), the style resolved for its
    /// size, and the layers, whose defaults depend on both.
    pub fn new(tour: &Verified, opts: &super::Options) -> Result<Plan, Error> {
        let region = opts.region.unwrap_or_else(|| Region::all(tour.board()));
        region.check(tour.board())?;
        let style = opts.style.resolve(&region, &opts.theme);
        let side = region.width().max(region.height());
        let defaults = Layers::defaults(&opts.theme.layers, side);
        let layers = opts.show.resolve(style.default_layers(defaults));
        // At a size on paper, marks of squares too small to hold them are left out (an
        // overview's marks are of its blocks, sized apart).
        let dropped = match opts.theme.page.width {
            Some(p) if style == Style::Detail => {
                let f = Frame::of_region(tour.board(), &opts.theme, false, region);
                paper::line_fits(p, &opts.theme, &region, f.cell_pt)?;
                paper::too_fine(layers, &opts.theme, f.cell_pt)
            }
            _ => Layers::default(),
        };
        Ok(Plan {
            layers: (Layer::ALL.iter())
                .fold(layers, |s, &l| s.with(l, s.has(l) && !dropped.has(l))),
            style,
            region,
            legend: opts.legend,
            frames: !opts.no_frames,
            dropped,
            shades: opts.order_shades,
            simplify: opts.simplify,
        })
    }
}

/// The SVG document of `tour` drawn with `theme` as `plan` says.
pub fn document(
    tour: &Verified,
    metrics: &Metrics,
    theme: &Theme,
    plan: Plan,
) -> Result<String, Error> {
    let board = tour.board();
    let layers = plan.layers;
    plan.region.check(board)?;
    let frame = Frame::of_region(board, theme, layers.has(Layer::Coords), plan.region);
    let overview = plan.style == Style::Overview;
    let walk = (tour.path().len() >= 2).then(|| Walk::new(tour));
    // A band's leaps across the seam leave the board: they are clipped at its edges.
    let band = board.topology().wraps();
    let simplify = match band {
        true => 1,
        false => plan.simplify.max(1) as usize,
    };
    let colours = (walk.as_ref()).map(|w| {
        let c = Colours::new(tour, w, theme, layers.has(Layer::Sections));
        let sparse = || shade::sparse(w, &frame, frame.size(&theme.tour.width), simplify);
        match plan.shades {
            0 | 1 => c,
            _ if overview => c,
            per if sparse() => c.shaded(w, theme, per as usize),
            _ => c,
        }
    });
    let canvas = Canvas {
        tour,
        frame: &frame,
        theme,
        layers,
        overview,
        colours: colours.as_ref(),
        clipped: !frame.is_whole() || band,
    };
    let mut v = seam::fit(board, &frame, theme, frame.view_box());
    // The frames' numbers go past the coordinates, with room of their own.
    let framed = plan.frames && frame.is_whole() && (overview || overview::framed(board, theme));
    if framed && tour.path().len() >= 2 {
        let [l, t, r, b] = overview::numbers_room(&frame, theme);
        v = [v[0] - l, v[1] - t, v[2] + l + r, v[3] + t + b];
    }
    let (v, legend) = if plan.legend {
        let mut entries = layers::legend(&canvas);
        entries.extend(
            seam::legend(board, &frame)
                .into_iter()
                .map(|e| e.or_mark("seam")),
        );
        legend::place(v, &frame, theme, &entries)
    } else {
        (v, None)
    };
    // The layers left out at a size on paper are said in a line under the drawing,
    // with or without a legend.
    let note = (theme.page.width).and_then(|_| paper::dropped_note(plan.dropped, frame.cell_pt));
    let (v, note) = match note {
        Some(n) => {
            let (v, g) = paper::note(v, &frame, theme, &n);
            (v, Some(g))
        }
        None => (v, None),
    };
    let mut doc = head(tour, metrics, theme, &frame, v);
    let mut parts = vec![(
        Depth::BOARD,
        squares::layer(
            board,
            &frame,
            theme,
            layers.has(Layer::Squares) && !overview,
        ),
    )];
    if let (Some(walk), Some(colours)) = (&walk, &colours) {
        let line = if overview {
            let show = overview::Show {
                turns: layers.has(Layer::Turns),
                crossings: layers.has(Layer::Crossings),
                spots: plan.frames && frame.is_whole(),
            };
            overview::layer(walk, tour, &frame, theme, colours, show)
        } else if simplify > 1 {
            shade::simplified(walk, &frame, theme, colours, simplify)
        } else {
            path::layer(walk, &frame, theme, colours)
        };
        parts.push((Depth::LINE, canvas.clip(line)));
    }
    // Small squares: the corners and busiest places framed, as on an overview.
    // (The walk read above: a tour of one cell has neither walk nor spots.)
    let framed_here = !overview && plan.frames && frame.is_whole();
    if let (true, Some(walk)) = (framed_here, &walk) {
        let spots = overview::spots_on(walk, tour, theme);
        if !spots.is_empty() {
            parts.push((Depth::FRAMES, overview::frames(&spots, &frame, theme)));
        }
    }
    parts.push((Depth::SEAM, seam::layer(board, &frame, theme)));
    parts.extend(layers::draw(&canvas)?);
    parts.sort_by_key(|&(depth, _)| depth);
    for (_, g) in parts {
        doc = doc.add(g);
    }
    if let Some(legend) = legend {
        doc = doc.add(legend);
    }
    if let Some(note) = note {
        doc = doc.add(note);
    }
    Ok(crate::xml_safe(doc.to_string()))
}

/// The document's opening: its size, title, data, background and (when the drawing
/// clips) the clip path of the drawn cells.
fn head(tour: &Verified, metrics: &Metrics, theme: &Theme, frame: &Frame, v: [f64; 4]) -> Document {
    let board = tour.board();
    let (w, h) = (v[2] * frame.cell_pt, v[3] * frame.cell_pt);
    let kind = tour.kind();
    let title = format!(
        "A {kind} tour of the {board} board: {} turns, {} crossings",
        metrics.turns, metrics.crossings
    );
    let (w, h) = match theme.page.width {
        Some(p) => (p.attribute(w), p.attribute(h)),
        None => (num(w), num(h)),
    };
    let doc = Document::new()
        .set("viewBox", v.map(num).join(" "))
        .set("width", w)
        .set("height", h)
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
        );
    if frame.is_whole() && !board.topology().wraps() {
        return doc;
    }
    let [x, y, w, h] = frame.area();
    doc.add(
        Definitions::new().add(
            ClipPath::new().set("id", "region").add(
                Rectangle::new()
                    .set("x", num(x))
                    .set("y", num(y))
                    .set("width", num(w))
                    .set("height", num(h)),
            ),
        ),
    )
}
