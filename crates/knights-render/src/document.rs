//! The drawing as an SVG document: a pure function of the tour, its metrics, a theme,
//! the layers to show, the style (detailed or overview) and the region drawn. Each
//! layer is drawn by its own module, in this order: board, longest runs, tour (or the
//! overview's blocks), turns, sharp turns, crossings, numbers, ends, coordinates. The
//! overview draws no runs or sharp turns (its cells are too small to single out).

use svg::node::element::{ClipPath, Definitions, Group, Rectangle, Title};
use svg::Document;

use super::frame::{num, Frame};
use super::layers::{Layer, Layers};
use super::overview::{self, Style};
use super::path::{Colours, Walk};
use super::theme::Theme;
use super::{degrees, legend, markers, path, route, runs, seam, sharp, squares, text};
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
        Ok(Plan {
            layers: opts.show.resolve(style.default_layers(defaults)),
            style,
            region,
            legend: opts.legend,
            frames: !opts.no_frames,
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
    let colours =
        (walk.as_ref()).map(|w| Colours::new(tour, w, theme, layers.has(Layer::Sections)));
    let (v, legend) = if plan.legend {
        let shown = legend::Shown {
            layers,
            overview,
            colours: colours.as_ref(),
        };
        legend::place(
            frame.view_box(),
            &frame,
            theme,
            &legend::entries(tour, &frame, theme, &shown),
        )
    } else {
        (frame.view_box(), None)
    };
    let (w, h) = (v[2] * frame.cell_pt, v[3] * frame.cell_pt);
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
        );
    // A band's leaps across the seam leave the board: they are clipped at its edges.
    let band = board.topology().wraps();
    let clip = |g: Group| {
        if frame.is_whole() && !band {
            g
        } else {
            g.set("clip-path", "url(#region)")
        }
    };
    if !frame.is_whole() || band {
        let [x, y, w, h] = frame.area();
        doc = doc.add(
            Definitions::new().add(
                ClipPath::new().set("id", "region").add(
                    Rectangle::new()
                        .set("x", num(x))
                        .set("y", num(y))
                        .set("width", num(w))
                        .set("height", num(h)),
                ),
            ),
        );
    }
    doc = doc.add(squares::layer(
        board,
        &frame,
        theme,
        layers.has(Layer::Squares) && !overview,
    ));
    if let (Some(walk), Some(colours)) = (&walk, &colours) {
        if overview {
            let show = overview::Show {
                turns: layers.has(Layer::Turns),
                crossings: layers.has(Layer::Crossings),
                spots: plan.frames && frame.is_whole(),
            };
            doc = doc.add(clip(overview::layer(
                walk, tour, &frame, theme, colours, show,
            )));
        } else {
            // The longest runs under the line, the sharp turns over the turn dots.
            if layers.has(Layer::Run) {
                doc = doc.add(clip(runs::layer(tour, &frame, theme)));
            }
            doc = doc.add(clip(path::layer(walk, &frame, theme, colours)));
            if layers.has(Layer::Turns) {
                doc = doc.add(markers::turns(tour, &frame, theme));
            }
            if layers.has(Layer::Sharp) {
                doc = doc.add(sharp::layer(tour, &frame, theme));
            }
            if layers.has(Layer::Crossings) {
                doc = doc.add(markers::crossings(tour, &frame, theme));
            }
        }
    }
    // Small squares: the corners and busiest places framed, as on an overview.
    if !overview && plan.frames && frame.is_whole() {
        let spots = overview::spots_of(tour, theme);
        if !spots.is_empty() {
            doc = doc.add(overview::frames(&spots, &frame, theme));
        }
    }
    doc = doc.add(seam::layer(board, &frame, theme));
    if layers.has(Layer::Route) {
        if let Some(line) = route::layer(tour, &frame, theme) {
            doc = doc.add(clip(Group::new().add(line)));
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
        doc = doc.add(text::coords(&frame, theme, seam::reach(board, &frame)));
    }
    if let Some(legend) = legend {
        doc = doc.add(legend);
    }
    Ok(doc.to_string())
}
