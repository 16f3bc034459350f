//! The route's order as shade: each stretch of a tour in one section (the whole tour
//! when it is drawn in one colour; a tour along the gradient keeps it) drawn from a light shade of its colour at the stretch's first leap
//! to a dark one at its last, so that a picture too small to follow a leap still shows
//! which way the knight went and in what order it filled each part (a card's
//! thumbnail). Two hidden-Hilbert tours whose motifs share 61 of their 63 leaps and
//! walk a stretch of them the other way round drew the same lines; their shades differ.
//!
//! The hue stays the section's (the page's colours, so the card and its page agree);
//! the shade sets the colour's luminance, evenly in lightness (CIE L*) from the
//! lightest that keeps the audit's 3:1 against both squares to a near-black.

use std::collections::BTreeMap;
use std::fmt::Write;

use svg::node::element::{Group, Path};

use super::colour::{self, Rgb};
use super::frame::{num, Frame};
use super::path::{Colours, Walk};
use super::theme::Theme;

/// Contrast the lightest shade keeps against the darker square (the audit asks 3:1;
/// a little more, so that the raster's blends and palette keep it too).
const LIGHTEST_CONTRAST: f64 = 3.2;
/// The darkest shade's lightness (CIE L*, 0 to 100): dark enough to stand apart from
/// the lightest (about 50) at a glance, light enough to keep a trace of its hue.
const DARKEST_L: f64 = 16.0;

/// Which shade each edge of a tour is drawn in: `per` shades, from 0 (lightest, a
/// stretch's start) to `per - 1` (darkest, its end).
#[derive(Clone, Debug)]
pub struct Shading {
    /// Shades of each colour.
    pub per: usize,
    /// The shade of each edge.
    pub of_edge: Vec<u8>,
}

impl Shading {
    /// `per` shades (2 to 255) along the stretches of equal `key` among `edges` edges,
    /// each stretch from shade 0 to `per - 1`. A closed tour's stretches run on past
    /// its last edge into its first.
    pub fn along(edges: usize, closed: bool, per: usize, key: impl Fn(usize) -> usize) -> Shading {
        let per = per.clamp(2, 255);
        let mut of_edge = vec![0u8; edges];
        let first = match closed {
            true => (0..edges)
                .find(|&i| key(i) != key((i + edges - 1) % edges))
                .unwrap_or(0),
            false => 0,
        };
        let mut start = 0;
        while start < edges {
            let k = key((first + start) % edges);
            let end = (start..edges)
                .find(|&j| key((first + j) % edges) != k)
                .unwrap_or(edges);
            let len = end - start;
            for j in start..end {
                let at = (j - start) as f64 / len as f64;
                of_edge[(first + j) % edges] = ((at * per as f64) as usize).min(per - 1) as u8;
            }
            start = end;
        }
        Shading { per, of_edge }
    }
}

/// The `per` shades of `base` (a `#rrggbb` or any SVG colour) in `theme`: its hue at
/// luminances from the lightest that keeps [`LIGHTEST_CONTRAST`] against both squares
/// to [`DARKEST_L`], evenly in lightness.
pub fn shades(base: &str, theme: &Theme, per: usize) -> Vec<String> {
    let base = colour::parse(base).unwrap_or(Rgb(0, 0, 0));
    let ground = [
        &theme.board.light,
        &theme.board.dark,
        &theme.page.background,
    ]
    .iter()
    .map(|c| colour::luminance(colour::parse(c).unwrap_or(Rgb(255, 255, 255))))
    .fold(1.0, f64::min);
    let lightest = lightness((ground + 0.05) / LIGHTEST_CONTRAST - 0.05);
    let per = per.max(2);
    (0..per)
        .map(|s| {
            let l = lightest + (DARKEST_L - lightest) * s as f64 / (per - 1) as f64;
            at_luminance(base, luminance_of(l)).hex()
        })
        .collect()
}

/// The route simplified for a picture whose squares are a few pixels across: a line
/// through the centre of every `per` steps in turn (a knight's leap is over two
/// squares long, and on such squares a drawing of each leaps merges into one patch),
/// each segment in the shade of [`Colours::line_key`] of its first step. A 64x64
/// board's 8x8 motif blocks, every 4 steps a point, become a figure of 16 points a
/// block, which differs from motif to motif. Not on a band (a stretch across its seam
/// has no centre on the drawing): the caller draws the leaps there.
pub fn simplified(
    walk: &Walk<'_>,
    frame: &Frame,
    theme: &Theme,
    colours: &Colours<'_>,
    per: usize,
) -> Group {
    let last = walk.edges().saturating_sub(1);
    let mut keys: Vec<usize> = Vec::new();
    let mut by_key: BTreeMap<usize, String> = BTreeMap::new();
    for ((from, (x0, y0)), (_, (x1, y1))) in pairs(&centres(walk, frame, per)) {
        let k = colours.line_key(from.min(last));
        let d = by_key.entry(k).or_insert_with(|| {
            keys.push(k);
            String::new()
        });
        let _ = write!(d, "M{} {}L{} {}", num(x0), num(y0), num(x1), num(y1));
    }
    let t = &theme.tour;
    let mut g = Group::new()
        .set("class", "tour")
        .set("data-mark", "tour")
        .set("fill", "none")
        .set("stroke-width", num(frame.size(&t.width)))
        .set("stroke-linecap", "round")
        .set("stroke-linejoin", "round");
    for k in keys {
        let mut p = Path::new()
            .set("stroke", colours.line_colour(k))
            .set("d", by_key.remove(&k).unwrap_or_default());
        if let Some(name) = colours.line_name(k) {
            p = p.set("data-section", name);
        }
        g = g.add(p);
    }
    g
}

/// The points the route simplified to a point every `per` steps goes through, each
/// with the step it starts at: the centre of that step's square and the next `per - 1`
/// (with `per` 1, the squares of the route itself).
fn centres(walk: &Walk<'_>, frame: &Frame, per: usize) -> Vec<(usize, (f64, f64))> {
    let tour = walk.tour();
    let b = tour.board();
    let path = tour.path();
    let per = per.max(1);
    let centre = |from: usize| {
        let cells = &path[from..(from + per).min(path.len())];
        let (mut sx, mut sy) = (0.0, 0.0);
        for &c in cells {
            let (x, y) = frame.cell(b.xy(c));
            sx += x as f64;
            sy += y as f64;
        }
        (sx / cells.len() as f64, sy / cells.len() as f64)
    };
    (0..path.len())
        .step_by(per)
        .map(|i| (i, centre(i)))
        .collect()
}

/// Consecutive points of [`centres`], each segment of the line.
fn pairs<T: Copy>(points: &[T]) -> impl Iterator<Item = (T, T)> + '_ {
    points.windows(2).map(|w| (w[0], w[1]))
}

/// How much of the board the route's line covers, drawn `width` squares wide through
/// the points of [`centres`] (`per` 1: every leap): its length times its width over
/// the board's area, where lines cross counted twice. Under about a half there is
/// ground between the lines and a stretch drawn from light to dark keeps its shape;
/// past it the lines merge, and shades from light to near-black darken the whole
/// picture ([`SPARSE_INK`]).
fn ink(walk: &Walk<'_>, frame: &Frame, width: f64, per: usize) -> f64 {
    let length: f64 = pairs(&centres(walk, frame, per))
        .map(|((_, (x0, y0)), (_, (x1, y1)))| (x1 - x0).hypot(y1 - y0))
        .sum();
    let area = (frame.w as f64 * frame.h as f64).max(1.0);
    length * width / area
}

/// The most [`ink`] a route drawn in shades along the walk may have. Measured on the
/// shipped catalogue's cards: the simplified routes of the five 64x64 hidden-Hilbert
/// tours and the Fibonacci tour cover 0.45 to 0.51 of their board, the leaps of 23x23
/// and of the four 24x24 hidden-Hilbert tours 0.50 to 0.53, smaller boards less; the
/// leaps of the 30x30 tours 0.65, 32x32 0.69, the 46x46 and 48x48 tours about 1, the
/// giraffes' 1.5 and 2.5, the bands' 0.8 to 2, the simplified 100x100 and 96x96 1.8
/// and 200x200 3.8, whose shaded cards were brown and grey fills darker than the
/// lightest shade's ground. Set between 0.53 and 0.65, clear of both.
pub const SPARSE_INK: f64 = 0.6;

/// Whether a route drawn `width` squares wide through a point every `per` steps leaves
/// enough ground between its lines to be drawn in shades along the walk: its [`ink`]
/// is at most [`SPARSE_INK`]. A denser route keeps its colours (each section in its
/// own, as the page's drawing): its shades would merge into a dark fill.
pub fn sparse(walk: &Walk<'_>, frame: &Frame, width: f64, per: usize) -> bool {
    ink(walk, frame, width, per) <= SPARSE_INK
}

/// The [`ink`] of `tour`'s route drawn `width` squares wide through a point every
/// `per` steps (1: every leap), for a caller choosing how to draw a small picture.
pub fn route_ink(tour: &knights_core::Tour, width: f64, per: usize) -> f64 {
    if tour.path().len() < 2 {
        return 0.0;
    }
    let frame = Frame::new(tour.board(), &Theme::default(), false);
    ink(&Walk::new(tour), &frame, width, per)
}

/// `c` mixed in linear light with white or black to luminance `y`: luminance is linear
/// in linear light, so the mix's fraction is exact.
fn at_luminance(c: Rgb, y: f64) -> Rgb {
    let y0 = colour::luminance(c);
    if y >= y0 {
        let f = (y - y0) / (1.0 - y0).max(1e-9);
        colour::mix(c, Rgb(255, 255, 255), f.clamp(0.0, 1.0))
    } else {
        colour::mix(c, Rgb(0, 0, 0), (1.0 - y / y0.max(1e-9)).clamp(0.0, 1.0))
    }
}

/// CIE L* of relative luminance `y`.
fn lightness(y: f64) -> f64 {
    let y = y.clamp(0.0, 1.0);
    if y > 216.0 / 24389.0 {
        116.0 * y.cbrt() - 16.0
    } else {
        y * 24389.0 / 27.0
    }
}

/// The relative luminance of CIE L* `l`.
fn luminance_of(l: f64) -> f64 {
    if l > 8.0 {
        ((l + 16.0) / 116.0).powi(3)
    } else {
        l * 27.0 / 24389.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each stretch runs from shade 0 to the last; a closed tour's stretch that wraps
    /// past the last edge is one stretch.
    #[test]
    fn each_stretch_runs_light_to_dark() {
        let keys = [0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1];
        let open = Shading::along(keys.len(), false, 4, |i| keys[i]);
        assert_eq!(open.of_edge, vec![0, 1, 2, 3, 0, 0, 1, 1, 2, 2, 3, 3]);
        let keys = [1, 1, 0, 0, 0, 0, 1, 1];
        let closed = Shading::along(keys.len(), true, 2, |i| keys[i]);
        assert_eq!(closed.of_edge, vec![1, 1, 0, 0, 1, 1, 0, 0]);
    }

    /// The ink of a route is its length times its width over the board: every leap of
    /// a knight is sqrt(5) squares long; simplified, the route is shorter; and the
    /// threshold tells a thin route from a thick one.
    #[test]
    fn ink_is_the_share_of_the_board_the_line_covers() {
        let t = crate::fixtures::tour("6x6.json");
        let leaps = (t.path().len() - 1) as f64;
        let ink = route_ink(&t, 0.1, 1);
        assert!(
            (ink - leaps * 5f64.sqrt() * 0.1 / 36.0).abs() < 1e-9,
            "{ink}"
        );
        assert!(route_ink(&t, 0.1, 3) < ink / 2.0);
        let walk = Walk::new(&t);
        let frame = Frame::new(t.board(), &Theme::default(), false);
        assert!(sparse(&walk, &frame, 0.1, 1));
        assert!(!sparse(&walk, &frame, 0.4, 1));
        // The 64x64 hidden-Hilbert tour simplified as a card draws it is sparse.
        let h = crate::fixtures::tour("64x64-hilbert-open.json");
        let card = route_ink(&h, 0.6, 4);
        assert!(card > 0.3 && card < SPARSE_INK, "{card}");
    }

    /// Every shade of every palette and gradient colour keeps 3:1 against both squares
    /// and the page (the audit's contrast), and the shades of one colour get darker
    /// by a step the eye sees (at least 4 units of L* each).
    #[test]
    fn shades_keep_the_contrast_and_darken_evenly() {
        let theme = Theme::default();
        let grounds = [
            &theme.board.light,
            &theme.board.dark,
            &theme.page.background,
        ];
        let mut bases = theme.tour.palette.clone();
        bases.extend(theme.tour.gradient.iter().cloned());
        for base in &bases {
            let s = shades(base, &theme, 8);
            let ls: Vec<f64> = s
                .iter()
                .map(|c| lightness(colour::luminance(colour::parse(c).unwrap())))
                .collect();
            for (c, g) in s.iter().flat_map(|c| grounds.iter().map(move |g| (c, g))) {
                let ratio = colour::contrast(colour::parse(c).unwrap(), colour::parse(g).unwrap());
                assert!(ratio >= 3.0, "{base}: {c} on {g}: {ratio:.2}");
            }
            for w in ls.windows(2) {
                assert!(w[0] - w[1] > 4.0, "{base}: {ls:?}");
            }
        }
    }
}
