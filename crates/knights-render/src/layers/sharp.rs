//! The sharp-turn layer (`--show sharp`): a disk at each cell where the tour turns by
//! more than a right angle, the turns `knights metrics` counts as sharp and `knights
//! optimum --minimize sharp` minimizes. Larger than a turn dot, in a colour of its own
//! and drawn over it, so a drawing of every turn still tells the sharp ones apart. As
//! the crossings, one path of dots drawn twice: a halo in the background's colour, then
//! the disk (`class="sharp"`, counted by [`markers::count`]).

use svg::node::element::{Group, Path, Polyline};

use super::{Canvas, Depth, Kind};
use crate::frame::{num, Frame};
use crate::legend::{stroke, Entry, Spot};
use crate::markers::{self, disk};
use crate::theme::{Field, Size, Theme, Value};
use knights_core::metrics::{self, Metrics};
use knights_core::verify::Verified;
use knights_core::{Board, Error};

/// The radius of a sharp turn's disk, drawn over the turn dot.
const RADIUS: Field = Field {
    table: "markers",
    key: "sharp",
    default: Value::Size(Size {
        cells: 0.15,
        min: 1.6,
        max: 4.5,
        limit: 0.3,
    }),
};

/// The colour of sharp turns' disks (each has a halo in the page's background).
const COLOUR: Field = Field {
    table: "markers",
    key: "sharp_colour",
    default: Value::Colour("#dc267f"),
};

/// A disk at each sharp turn.
pub struct Sharp;

impl Kind for Sharp {
    fn name(&self) -> &'static str {
        "sharp"
    }

    /// It singles out what one measure counts, over the turn dots `all` shows
    /// already: shown when named.
    fn in_all(&self) -> bool {
        false
    }

    fn fields(&self) -> &'static [Field] {
        &[RADIUS, COLOUR]
    }

    /// Over the turn dots, under the crossings.
    fn depth(&self) -> Depth {
        Depth(32)
    }

    /// None on an overview: its cells are too small to single out.
    fn draw(&self, c: &Canvas) -> Result<Option<Group>, Error> {
        let shown = !c.overview && c.has_line();
        Ok(shown.then(|| layer(c.tour, c.frame, c.theme)))
    }

    /// Disks of the theme's least radius, a share of the square at most.
    fn legible_from(&self, theme: &Theme) -> f64 {
        crate::paper::legible_from(&theme.size(&RADIUS), 0.0)
    }

    fn legend_rank(&self) -> u8 {
        20
    }

    fn legend(&self, c: &Canvas) -> Vec<Entry> {
        if c.overview || !c.has_line() {
            return Vec::new();
        }
        let b = c.tour.board();
        let cells = metrics::sharp_cells(c.tour.grid());
        if !cells.into_iter().any(|cell| c.frame.shows_cell(b.xy(cell))) {
            return Vec::new();
        }
        vec![Entry::new("a sharp turn: by more than 90 degrees", icon)]
    }

    /// Two dots each (halo and disk), as a crossing: about 56 bytes.
    fn bytes(&self, _board: &Board, metrics: &Metrics) -> u64 {
        metrics::sharp_turns(&metrics.turns_by_angle) * 56
    }
}

/// A sharp turn's disk on a turn of the line.
fn icon(at: Spot, theme: &Theme) -> Group {
    let Spot { x, y, fs } = at;
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
        .set("stroke", theme.tour.colour.as_str())
        .set("stroke-width", num(stroke(at)))
        .set("stroke-linejoin", "round");
    let halo = theme.page.background.as_str();
    Group::new().add(corner).add(
        disk("legend-sharp", (x, y - fs * 0.35), &num(fs * 0.3))
            .set("fill", theme.colour(&COLOUR))
            .set("stroke", halo)
            .set("stroke-width", num(fs * 0.1)),
    )
}

/// A disk at every sharp turn shown in `frame`.
pub fn layer(tour: &Verified, frame: &Frame, theme: &Theme) -> Group {
    let b = tour.board();
    let points = metrics::sharp_cells(tour.grid())
        .into_iter()
        .map(|c| b.xy(c))
        .filter(|&xy| frame.shows_cell(xy))
        .map(|xy| {
            let (x, y) = frame.cell(xy);
            (x as f64, y as f64)
        });
    let r = frame.size(&theme.size(&RADIUS));
    let g = Group::new()
        .set("class", "sharps")
        .set("stroke-linecap", "round");
    let Some(d) = markers::dots(points) else {
        return g;
    };
    let halo = Path::new()
        .set("class", "sharp-halo")
        .set("d", d.as_str())
        .set("stroke", theme.page.background.as_str())
        .set("stroke-width", num(2.6 * r));
    let disk = Path::new()
        .set("class", "sharp")
        .set("d", d)
        .set("stroke", theme.colour(&COLOUR))
        .set("stroke-width", num(2.0 * r));
    g.add(halo).add(disk)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::tour;

    /// The cells where travel turns by more than a right angle, from the path alone:
    /// in from the cell before, out to the cell after, the two leaps from the cell
    /// pointing the same way (a positive dot product).
    fn sharp_by_hand(t: &Verified) -> Vec<(u32, u32)> {
        let (b, p) = (t.board(), t.path());
        let n = p.len();
        let xy = |i: usize| {
            let (x, y) = b.xy(p[i % n]);
            (i64::from(x), i64::from(y))
        };
        (0..n)
            .filter(|&i| t.is_closed() || (i > 0 && i + 1 < n))
            .filter(|&i| {
                let (c, a, z) = (xy(i), xy(i + n - 1), xy(i + 1));
                (a.0 - c.0) * (z.0 - c.0) + (a.1 - c.1) * (z.1 - c.1) > 0
            })
            .map(|i| b.xy(p[i]))
            .collect()
    }

    /// The layer marks exactly the cells the metrics count as sharp turns, at their
    /// centres, on closed and open tours of several sizes.
    #[test]
    fn the_sharp_layer_marks_exactly_the_sharp_turns() {
        let theme = Theme::load("web").unwrap();
        for name in ["6x6.json", "8x8.json", "5x5-open.json", "40x40.json"] {
            let t = tour(name);
            let m = metrics::measure(&t);
            let want = sharp_by_hand(&t);
            assert_eq!(
                want.len() as u64,
                metrics::sharp_turns(&m.turns_by_angle),
                "{name}"
            );
            let frame = Frame::new(t.board(), &theme, false);
            let svg = layer(&t, &frame, &theme).to_string();
            assert_eq!(markers::count(&svg, "sharp"), want.len(), "{name}");
            let points = want.iter().map(|&xy| {
                let (x, y) = frame.cell(xy);
                (x as f64, y as f64)
            });
            let d = markers::dots(points).unwrap();
            assert!(
                svg.contains(&format!("class=\"sharp\" d=\"{d}\"")),
                "{name}: {svg}"
            );
        }
        // A closed tour turns sharply at least at its four corners.
        assert!(sharp_by_hand(&tour("6x6.json")).len() >= 4);
    }
}
