//! A legend inside the drawing (`--legend`): what each kind of mark means, for a figure
//! that leaves the gallery page (a PNG in a paper, a printed PDF). It lists only what
//! the drawing shows (layers on, marks in the drawn region) and sits in room added
//! beside the board (below a wide one), so it never covers the tour. Its sizes are in
//! points, so it reads the same on an 8x8 and a 1000x1000 board.

use svg::node::element::{
    Definitions, Group, Line, LinearGradient, Polyline, Rectangle, Stop, Text,
};

use super::frame::{num, Frame};
use super::layers::{Layer, Layers};
use super::markers::{arrow, disk};
use super::path::Colours;
use super::theme::Theme;
use knights_core::metrics;
use knights_core::verify::Verified;

/// Font size of the labels, in points.
const FONT_PT: f64 = 10.0;
/// Average advance of a character of DejaVu Sans, in ems (to size the panel).
const CHAR_EM: f64 = 0.6;
/// The most section entries listed one by one; more are summed up in one line.
const MOST_SECTIONS: usize = 16;

/// The picture of one entry.
#[derive(Clone, Debug, PartialEq)]
enum Icon {
    Turn,
    Crossing,
    Start,
    Direction,
    End,
    /// A stretch of tour line in a section's colour.
    Swatch(String),
    /// A bar running through the gradient's colours.
    Gradient,
    /// A sample of text in a colour: a step number, a degree.
    Sample(&'static str, String),
    /// No picture (a line summing up the sections not listed).
    Blank,
    /// A stretch of the route line.
    Route,
    /// A sharp turn's disk on a turn of the line.
    Sharp,
    /// A stretch of line over a longest run's band.
    Run,
}

/// One line of the legend.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    icon: Icon,
    label: String,
}

/// What the drawing shows, for its legend.
pub struct Shown<'a> {
    /// The layers drawn.
    pub layers: Layers,
    /// Whether the drawing is an overview (turns and crossings as densities).
    pub overview: bool,
    /// How the tour is coloured (`None`: the tour has under two cells, no line).
    pub colours: Option<&'a Colours<'a>>,
}

/// The entries of the legend of `tour` drawn in `frame` as `shown` says, in the order
/// the marks are drawn.
pub fn entries(tour: &Verified, frame: &Frame, theme: &Theme, shown: &Shown) -> Vec<Entry> {
    let entry = |icon, label: &str| Entry {
        icon,
        label: label.to_string(),
    };
    let b = tour.board();
    let p = tour.path();
    let mut out = Vec::new();
    let has = |l| shown.layers.has(l) && p.len() >= 2;
    if has(Layer::Turns) {
        if shown.overview {
            out.push(entry(
                Icon::Turn,
                "dot: share of cells where the tour turns",
            ));
        } else if (metrics::turn_cells(tour.grid()).into_iter()).any(|c| frame.shows_cell(b.xy(c)))
        {
            out.push(entry(Icon::Turn, "the tour turns"));
        }
    }
    if has(Layer::Sharp) && !shown.overview {
        let cells = metrics::sharp_cells(tour.grid());
        if cells.into_iter().any(|c| frame.shows_cell(b.xy(c))) {
            out.push(entry(Icon::Sharp, "a sharp turn: by more than 90 degrees"));
        }
    }
    if has(Layer::Run) && !shown.overview {
        let run = metrics::longest_run(tour.grid(), p, tour.is_closed());
        let leaps = if run == 1 { "leap" } else { "leaps" };
        out.push(entry(
            Icon::Run,
            &format!("the longest straight run: {run} {leaps}"),
        ));
    }
    if has(Layer::Crossings) {
        if shown.overview {
            out.push(entry(Icon::Crossing, "disk: crossings per cell"));
        } else if (metrics::crossing_points(tour.grid()).into_iter()).any(|q| frame.shows_point(q))
        {
            out.push(entry(Icon::Crossing, "two leaps cross"));
        }
    }
    if has(Layer::Ends) {
        if frame.shows_cell(b.xy(p[0])) {
            out.push(entry(Icon::Start, "start"));
            out.push(entry(Icon::Direction, "direction of the first move"));
        }
        if !tour.is_closed() && frame.shows_cell(b.xy(p[p.len() - 1])) {
            out.push(entry(Icon::End, "end of the open tour"));
        }
    }
    if shown.layers.has(Layer::Numbers) {
        let colour = theme.text.numbers_colour.clone();
        out.push(entry(
            Icon::Sample("17", colour),
            "step number: the order of the moves",
        ));
    }
    if shown.layers.has(Layer::Degrees) {
        let colour = theme.markers.end_colour.clone();
        out.push(entry(
            Icon::Sample("3", colour),
            "onward leaps when the knight came",
        ));
    }
    if shown.layers.has(Layer::Route) && tour.sections().is_some() {
        out.push(entry(
            Icon::Route,
            "route: the sections' centres in visiting order",
        ));
    }
    if let Some(c) = shown.colours {
        out.extend(colour_entries(tour, frame, c));
    }
    out
}

/// The section colours with their names (those of sections with a cell in the drawn
/// region), or the gradient.
fn colour_entries(tour: &Verified, frame: &Frame, c: &Colours) -> Vec<Entry> {
    if c.by_gradient() {
        return vec![Entry {
            icon: Icon::Gradient,
            label: "colour: from the start to the end".into(),
        }];
    }
    if !c.by_section() {
        return Vec::new();
    }
    let b = tour.board();
    let mut present = vec![false; c.len()];
    for (i, &cell) in tour.path().iter().enumerate() {
        if frame.shows_cell(b.xy(cell)) {
            present[c.key_of_step(i)] = true;
        }
    }
    let keys: Vec<usize> = (0..c.len()).filter(|&k| present[k]).collect();
    let listed = if keys.len() > MOST_SECTIONS {
        MOST_SECTIONS - 1
    } else {
        keys.len()
    };
    let mut out: Vec<Entry> = keys[..listed]
        .iter()
        .map(|&k| Entry {
            icon: Icon::Swatch(c.colour(k).to_string()),
            label: c.name(k).unwrap_or_default().to_string(),
        })
        .collect();
    if listed < keys.len() {
        out.push(Entry {
            icon: Icon::Blank,
            label: format!("and {} more sections", keys.len() - listed),
        });
    }
    out
}

/// Room for `entries` beside the board (below it when the drawing is wider than tall)
/// in the view box `v` of `frame`: the grown view box and the legend drawn in it (none
/// when there is nothing to explain).
pub fn place(
    v: [f64; 4],
    frame: &Frame,
    theme: &Theme,
    entries: &[Entry],
) -> ([f64; 4], Option<Group>) {
    if entries.is_empty() {
        return (v, None);
    }
    let pt = 1.0 / frame.cell_pt; // squares per point
    let fs = FONT_PT * pt;
    let row = fs * 1.7;
    let icon = fs * 2.0;
    let gap = fs * 0.8;
    let longest = entries
        .iter()
        .map(|e| e.label.chars().count())
        .max()
        .unwrap_or(0);
    let width = icon + gap + longest as f64 * CHAR_EM * fs;
    let height = row * entries.len() as f64;
    let margin = theme.page.margin * pt;
    let area = frame.area();
    let (origin, grown) = if v[2] > v[3] * 1.25 {
        let o = (area[0], v[1] + v[3]);
        (
            o,
            [
                v[0],
                v[1],
                v[2].max(o.0 - v[0] + width + margin),
                v[3] + height + margin,
            ],
        )
    } else {
        let o = (v[0] + v[2], area[1]);
        (
            o,
            [
                v[0],
                v[1],
                v[2] + width + margin,
                v[3].max(o.1 - v[1] + height + margin),
            ],
        )
    };
    let mut g = Group::new().set("class", "legend");
    let mut text = Group::new()
        .set("class", "legend-labels")
        .set(
            "font-family",
            format!("{}, DejaVu Sans, sans-serif", theme.text.font),
        )
        .set("font-size", num(fs))
        .set("fill", theme.text.coords_colour.as_str());
    for (i, e) in entries.iter().enumerate() {
        let cy = origin.1 + row * (i as f64 + 0.5);
        let cx = origin.0 + icon / 2.0;
        g = g.add(draw_icon(&e.icon, (cx, cy), fs, theme));
        text = text.add(
            Text::new(e.label.clone())
                .set("x", num(origin.0 + icon + gap))
                .set("y", num(cy + fs * 0.35)),
        );
    }
    (grown, Some(g.add(text)))
}

/// The picture of `icon` centred on `c`, sized for labels of `fs` squares.
fn draw_icon(icon: &Icon, (x, y): (f64, f64), fs: f64, theme: &Theme) -> Group {
    let m = &theme.markers;
    let line = |colour: &str, width: f64| {
        Line::new()
            .set("x1", num(x - fs * 0.9))
            .set("y1", num(y))
            .set("x2", num(x + fs * 0.9))
            .set("y2", num(y))
            .set("stroke", colour.to_string())
            .set("stroke-width", num(width))
            .set("stroke-linecap", "round")
    };
    let tour = theme.tour.colour.as_str();
    let stroke = fs * 0.12;
    let g = Group::new();
    match icon {
        Icon::Turn => {
            g.add(disk("legend-turn", (x, y), &num(fs * 0.22)).set("fill", m.turn_colour.as_str()))
        }
        Icon::Crossing => g.add(
            disk("legend-crossing", (x, y), &num(fs * 0.32))
                .set("fill", m.crossing_fill.as_str())
                .set("stroke", m.crossing_stroke.as_str())
                .set("stroke-width", num(stroke)),
        ),
        Icon::Start => g.add(
            disk("legend-start", (x, y), &num(fs * 0.45))
                .set("fill", "none")
                .set("stroke", m.start_colour.as_str())
                .set("stroke-width", num(stroke * 1.5)),
        ),
        Icon::Direction => g.add(line(tour, stroke)).add(
            arrow(
                (x - fs, y),
                (x + fs, y),
                fs * 0.4,
                &m.start_colour,
                &theme.page.background,
            )
            .set("class", "legend-direction"),
        ),
        Icon::End => g.add(
            Rectangle::new()
                .set("x", num(x - fs * 0.45))
                .set("y", num(y - fs * 0.45))
                .set("width", num(fs * 0.9))
                .set("height", num(fs * 0.9))
                .set("fill", "none")
                .set("stroke", m.end_colour.as_str())
                .set("stroke-width", num(stroke * 1.5)),
        ),
        Icon::Swatch(colour) => g.add(line(colour, fs * 0.4)),
        Icon::Route => g.add(line(&m.route_colour, fs * 0.25).set("stroke-opacity", "0.75")),
        Icon::Sharp => {
            let (a, c) = (
                (x - fs * 0.45, y + fs * 0.45),
                (x + fs * 0.45, y + fs * 0.45),
            );
            let corner = Polyline::new()
                .set(
                    "points",
                    format!(
                        "{},{} {x},{} {},{}",
                        num(a.0),
                        num(a.1),
                        num(y - fs * 0.35),
                        num(c.0),
                        num(c.1)
                    ),
                )
                .set("fill", "none")
                .set("stroke", tour)
                .set("stroke-width", num(stroke))
                .set("stroke-linejoin", "round");
            let halo = theme.page.background.as_str();
            g.add(corner).add(
                disk("legend-sharp", (x, y - fs * 0.35), &num(fs * 0.3))
                    .set("fill", m.sharp_colour.as_str())
                    .set("stroke", halo)
                    .set("stroke-width", num(fs * 0.1)),
            )
        }
        Icon::Run => g
            .add(line(&m.run_colour, fs * 0.55).set("class", "legend-run"))
            .add(line(tour, stroke)),
        Icon::Gradient => {
            let n = theme.tour.gradient.len().max(2) - 1;
            let stops = theme.tour.gradient.iter().enumerate().fold(
                LinearGradient::new().set("id", "legend-gradient"),
                |lg, (i, c)| {
                    lg.add(
                        Stop::new()
                            .set("offset", num(i as f64 / n as f64))
                            .set("stop-color", c.as_str()),
                    )
                },
            );
            // A filled bar: a gradient over a line's zero-height box would paint nothing.
            g.add(Definitions::new().add(stops)).add(
                Rectangle::new()
                    .set("x", num(x - fs * 0.9))
                    .set("y", num(y - fs * 0.2))
                    .set("width", num(fs * 1.8))
                    .set("height", num(fs * 0.4))
                    .set("fill", "url(#legend-gradient)"),
            )
        }
        Icon::Sample(text, colour) => g.add(
            Text::new(*text)
                .set("x", num(x))
                .set("y", num(y + fs * 0.35))
                .set("text-anchor", "middle")
                .set(
                    "font-family",
                    format!("{}, DejaVu Sans, sans-serif", theme.text.font),
                )
                .set("font-size", num(fs))
                .set("fill", colour.as_str()),
        ),
        Icon::Blank => g,
    }
}
