//! The sharp-turn layer (`--show sharp`): a disk at each cell where the tour turns by
//! more than a right angle, the turns `knights metrics` counts as sharp and `knights
//! optimum --minimize sharp` minimizes. Larger than a turn dot, in a colour of its own
//! and drawn over it, so a drawing of every turn still tells the sharp ones apart. As
//! the crossings, one path of dots drawn twice: a halo in the background's colour, then
//! the disk (`class="sharp"`, counted by [`markers::count`]).

use svg::node::element::{Group, Path};

use super::frame::{num, Frame};
use super::markers;
use super::theme::Theme;
use knights_core::metrics;
use knights_core::verify::Verified;

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
    let m = &theme.markers;
    let r = frame.size(&m.sharp);
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
        .set("stroke", m.sharp_colour.as_str())
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
