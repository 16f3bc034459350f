//! The coloured blocks of an overview: each block filled with its section's colour,
//! runs of equal blocks merged into one path per colour, and parallel bands where the
//! sections run side by side.

use std::collections::BTreeMap;
use std::fmt::Write;

use svg::node::element::{Definitions, Group, Path, Pattern, Rectangle};

use super::blocks::Summary;
use crate::colour::{self, Rgb};
use crate::frame::{num, Frame};
use crate::path::Colours;
use crate::theme::Theme;

/// The block fills: one path per colour, each a list of horizontal runs of blocks.
pub(super) fn fills(
    s: &Summary,
    frame: &Frame,
    theme: &Theme,
    colours: &Colours,
    dirs: [(i32, i32); 8],
) -> Group {
    let bl = s.blocks;
    let light = colour::parse(&theme.board.light).unwrap_or(Rgb(255, 255, 255));
    let tint = theme.overview.tint;
    let interleaved = s.interleaved();
    let tinted = |key: usize| {
        let c = colour::parse(colours.colour(key)).unwrap_or(Rgb(0, 0, 0));
        colour::mix(light, c, tint).hex()
    };
    let fill_of = |k: usize, key: usize| match s.orientation[k] {
        Some(o) if interleaved => format!("url(#bands-{o})"),
        _ => tinted(key),
    };
    let mut by_colour: BTreeMap<String, String> = BTreeMap::new();
    for j in 0..bl.rows {
        let mut i = 0;
        while i < bl.cols {
            let k = (j * bl.cols + i) as usize;
            let Some(key) = s.key[k] else {
                i += 1;
                continue;
            };
            let fill = fill_of(k, key);
            let mut end = i + 1;
            while end < bl.cols {
                let next = (j * bl.cols + end) as usize;
                if s.key[next].is_none_or(|kk| fill_of(next, kk) != fill) {
                    break;
                }
                end += 1;
            }
            let first = bl.region(k);
            let last = bl.region((j * bl.cols + end - 1) as usize);
            let (x, top) = frame.point((first.x0 as f64 - 0.5, last.y1 as f64 + 0.5));
            let _ = write!(
                by_colour.entry(fill).or_default(),
                "M{} {}h{}v{}h-{}z",
                num(x),
                num(top),
                last.x1 + 1 - first.x0,
                first.y1 + 1 - first.y0,
                last.x1 + 1 - first.x0,
            );
            i = end;
        }
    }
    let mut g = Group::new().set("class", "blocks");
    if interleaved {
        g = g.add(bands(s, frame, &dirs, &tinted));
    }
    by_colour.into_iter().fold(g, |g, (fill, d)| {
        g.add(Path::new().set("fill", fill).set("d", d))
    })
}

/// Where the sections run side by side (the formation tour's knights), a block shows
/// them as parallel bands in their colours along its straight runs' direction: one
/// pattern per orientation, each band at least a couple of points wide. The bands are
/// a schematic of the interleaving, not the tour's lines one by one.
fn bands(
    s: &Summary,
    frame: &Frame,
    dirs: &[(i32, i32)],
    tinted: &dyn Fn(usize) -> String,
) -> Definitions {
    let keys = banded_keys(&s.key_share);
    let n = keys.len().max(1) as f64;
    let period = (s.blocks.side as f64 * n).max(n * 4.0 / frame.cell_pt);
    let mut defs = Definitions::new();
    for (o, &(dx, dy)) in dirs.iter().take(4).enumerate() {
        let angle = (-(dy as f64)).atan2(dx as f64).to_degrees();
        let mut p = Pattern::new()
            .set("id", format!("bands-{o}"))
            .set("patternUnits", "userSpaceOnUse")
            .set("width", num(period))
            .set("height", num(period))
            .set("patternTransform", format!("rotate({})", num(angle)))
            .set("shape-rendering", "crispEdges");
        for (i, &k) in keys.iter().enumerate() {
            p = p.add(
                Rectangle::new()
                    .set("x", -1)
                    .set("y", num(period * i as f64 / n - 0.1))
                    .set("width", num(period + 2.0))
                    .set("height", num(period / n + 0.2))
                    .set("fill", tinted(k)),
            );
        }
        defs = defs.add(p);
    }
    defs
}

/// The sections a band pattern shows, in key order: those with at least 5% of the
/// cells; when none has (the giraffe's tour has dozens of small sections), the four
/// largest, so that a pattern never comes out empty and its blocks blank.
fn banded_keys(share: &[f64]) -> Vec<usize> {
    let keys: Vec<usize> = (0..share.len()).filter(|&k| share[k] >= 0.05).collect();
    if !keys.is_empty() {
        return keys;
    }
    let mut largest: Vec<usize> = (0..share.len()).filter(|&k| share[k] > 0.0).collect();
    largest.sort_by(|&a, &b| share[b].total_cmp(&share[a]).then(a.cmp(&b)));
    largest.truncate(4);
    largest.sort_unstable();
    largest
}

#[cfg(test)]
mod tests {
    use super::banded_keys;

    #[test]
    fn bands_show_the_large_sections_or_else_the_four_largest() {
        assert_eq!(banded_keys(&[0.5, 0.01, 0.49]), [0, 2]);
        let small = [0.03, 0.04, 0.0, 0.02, 0.045, 0.01, 0.035];
        assert_eq!(banded_keys(&small), [0, 1, 4, 6]);
        assert!(banded_keys(&[]).is_empty());
    }
}
