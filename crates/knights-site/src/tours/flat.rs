//! The drawings of a tour of a board of two sides, the branch of [`super::tour`]'s road
//! where the drawing differs from a board of more sides'.
//!
//! What a 2-D tour ships beyond what every tour does ([`super::ship`]: its drawing,
//! downloads and thumbnails): detailed crops of the corners and busiest places when
//! the drawing frames them (an overview, or squares too small to follow a leap: see
//! knights-render's `overview::framed`), a walk-through of a small board's tour, a
//! band's tour bent into space, and a tiled pyramid of a heavy full detail ([`super::pyramid`]).
//! Each picture is drawn once; the PNG and PDF come from the same document as the SVG.

use std::path::Path;

use super::built::blame;
use super::pyramid;
use super::ship::{downloads, route_line, thumb_theme, thumb_width, Files, Settings};
use super::ship::{ROUTE_PX, THUMB_LINE, THUMB_SHADES};
use super::tour::Pictures;
use crate::files;
use crate::plan::Job;
use knights_core::metrics::Metrics;
use knights_core::verify::Verified;
use knights_core::Error;
use knights_render::Walkthrough;
use knights_render::{self as render, Drawing, Insets, Layer, Options, Region, Show, Style, Theme};
use knights_render::{Timing, MAX_STEPS};

/// The layers of a thumbnail that draws the route: the leaps alone, in their
/// sections' colours on the page's background. The squares, markers and coordinates
/// of the page's drawing are noise at a card's size (16x12's coordinates were
/// unreadable, its leaps pale), and every card shows the same kind of picture.
const THUMB_LEAPS: Show = Show::defaults()
    .without(Layer::Turns)
    .without(Layer::Crossings)
    .without(Layer::Squares)
    .without(Layer::Ends)
    .without(Layer::Coords);
/// The fewest pixels a square gets on a card (at 1x) for the thumbnail to draw the
/// route's leaps: a leap is then over two squares (6.7 pixels) long, and the lines of
/// 1.6 pixels leave room between them. Below, the leaps of a 64x64 board's motif
/// blocks (2.6 pixels a square) merged into one patch a block, and the five
/// hidden-Hilbert tours of 64x64, whose motifs share most of their leaps, looked
/// alike: the thumbnail draws the route simplified instead ([`THUMB_POINT_PX`]), in
/// shades that keep the order each block is walked in. Set between the catalogue's square boards
/// of 52 and 56 sides (3.18 and 2.95 pixels a square), so that no board sits on it.
pub const THUMB_ROUTE_PX: f64 = 3.0;
/// Pixels of a card a point of the simplified route stands for: a point every
/// `ceil(THUMB_POINT_PX / pixels a square)` steps, 4 on a 64x64 board (2.6 pixels a
/// square), whose 8x8 motif blocks become figures of 16 points (every 2 or 8 steps a
/// point, the figures merged again or lost their shape: tried on the five
/// hidden-Hilbert tours), 7 on the Fibonacci tour's 64x104, 12 on 200x200.
const THUMB_POINT_PX: f64 = 10.0;

/// The most ink (knights-render's `route_ink`: the line's length times its width over
/// the board) a thumbnail's simplified route may have. Past it the lines cover the
/// board over and over, and drawn in the sections' colours they blended into a
/// near-black fill (100x100 and 96x96 at 1.8, 200x200 at 3.8, the giraffe's 116x38 at
/// 2.5): the card is the overview's blocks in their sections' colours instead, its
/// sections as bands. The simplified routes of the hidden-Hilbert 64x64 tours and
/// the Fibonacci tour have about 0.5.
const THUMB_FILL_INK: f64 = 1.2;

/// Steps a point of a thumbnail's simplified route when a square gets `px` pixels.
fn simplify(px: f64) -> u32 {
    (THUMB_POINT_PX / px).ceil().max(1.0) as u32
}

/// What a page's drawing adds to the theme's defaults: coordinates on boards of every
/// size (the theme leaves them out past 32 squares, and the giraffe's 116x38 at 6
/// points a square was a tangle without them), so that a place on the drawing, a
/// framed spot and its crop can be named by column and row.
const PAGE_SHOW: Show = Show::defaults().with(Layer::Coords);
/// The colour of a band's tour in its 3-D projection (the one `knights model` uses).
const MODEL_COLOUR: &str = "#b03a2e";

/// Tours of boards up to this side get a walk-through with play, pause and step
/// buttons on their page.
pub const WALK_MAX_SIDE: u32 = 12;

/// The drawings of the proved 2-D tour of `job` (measured as `m`): the page's drawing
/// and downloads, thumbnails, a band's model, the walk-through, crops and pyramid.
pub(super) fn draw(
    job: &Job,
    tour: &Verified,
    m: &Metrics,
    settings: &Settings,
    out: &Path,
    files: &mut Files<'_>,
) -> Result<Pictures, Error> {
    let at = blame(job);
    let theme = &settings.theme;
    let draw = Draw {
        tour,
        m,
        theme,
        at,
        crops: job.pyramid,
    };
    let mut drawing = draw.drawing(Style::Auto, None, PAGE_SHOW)?;
    let pyramid = if job.pyramid {
        pyramid::write(tour, m, theme, &drawing, &job.slug, out).map_err(at)?
    } else {
        None
    };
    // A large board's overview becomes the figure with its insets, as `knights
    // render` draws it, unless a pyramid's tiles lie over the overview when zoomed.
    let insets = draw.crops && pyramid.is_none() && drawing.style() == Style::Overview;
    if insets {
        drawing = draw.figure()?;
    }
    let json = || knights_core::format::to_json(tour);
    files.page(&drawing, downloads(job, settings), json, at)?;
    let thumb = draw.thumbnail()?;
    files.thumbnails(&thumb, &thumb, true, at)?;
    draw.band_model(files, &job.slug)?;
    let walk = draw.walk(files, &job.slug)?;
    let crops = if insets {
        Vec::new()
    } else {
        draw.crops(out, &job.slug)?
    };
    Ok(Pictures {
        drawing,
        crops,
        walk,
        pyramid,
        insets,
        levels: Default::default(),
    })
}

/// A proved tour and its metrics, drawn in the site's theme; drawing errors go through
/// `at` (the tour's blame).
struct Draw<'a, F> {
    tour: &'a Verified,
    m: &'a Metrics,
    theme: &'a Theme,
    at: F,
    /// Whether the page shows detailed crops of its framed places (and frames them on
    /// its drawing): only the tours that may get a pyramid, the catalogue's tours and
    /// each series' largest board ([`Job::pyramid`]). A crop is a drawing of 16 by 16
    /// squares with every turn and crossing, 20 to 65 KB of SVG: six of them for each
    /// of the two hundred series members of 52 squares and more took 26 MB, two thirds
    /// of the site's 40 MB budget, for boards whose page drawing zooms to every leap.
    crops: bool,
}

impl<F: Fn(Error) -> Error + Copy> Draw<'_, F> {
    /// The tour drawn in `style`, of `region` (all of it when `None`), showing `show`.
    fn drawing(&self, style: Style, region: Option<Region>, show: Show) -> Result<Drawing, Error> {
        self.drawn_with(self.theme.clone(), style, region, show, !self.crops)
    }

    /// The page's figure: the overview with its frames and, below it, a detailed
    /// inset of each of its corners and busiest places.
    fn figure(&self) -> Result<Drawing, Error> {
        let opts = Options {
            theme: self.theme.clone(),
            show: PAGE_SHOW,
            insets: Insets::Auto,
            ..Default::default()
        };
        Drawing::new(self.tour, self.m, &opts).map_err(self.at)
    }

    /// A thumbnail's own drawing, showing `show`, its lines `line` squares wide
    /// ([`thumb_theme`]), in [`THUMB_SHADES`] shades along the walk, simplified to a
    /// point every `simplify` steps (1: every leap). The numbered frames of the page's
    /// drawing are left out: what the page points at with them is not on the card.
    fn thumb(&self, style: Style, show: Show, line: f64, simplify: u32) -> Result<Drawing, Error> {
        let opts = Options {
            theme: thumb_theme(self.theme, line),
            show,
            style,
            no_frames: true,
            order_shades: THUMB_SHADES,
            simplify,
            ..Default::default()
        };
        Drawing::new(self.tour, self.m, &opts).map_err(self.at)
    }

    fn drawn_with(
        &self,
        theme: Theme,
        style: Style,
        region: Option<Region>,
        show: Show,
        no_frames: bool,
    ) -> Result<Drawing, Error> {
        let opts = Options {
            theme,
            show,
            style,
            region,
            no_frames,
            ..Default::default()
        };
        Drawing::new(self.tour, self.m, &opts).map_err(self.at)
    }

    /// The longer side of the board.
    fn side(&self) -> u32 {
        let b = self.tour.board();
        b.width().max(b.height())
    }

    /// The thumbnails' drawing, made for the size a card shows it (the same drawing
    /// at 1x and 2x, whose lines are the same width on screen): the route in shades
    /// along the walk, light where the knight enters a section, dark where it leaves
    /// it; its leaps [`route_line`] wide (one width on every card) while a square gets
    /// [`THUMB_ROUTE_PX`] pixels, else the route simplified to a point every few steps
    /// ([`simplify`]), its line [`ROUTE_PX`] wide.
    fn thumbnail(&self) -> Result<Drawing, Error> {
        let draft = self.thumb(Style::Detail, THUMB_LEAPS, THUMB_LINE, 1)?;
        let squares = draft.width_at(1.0).map_err(self.at)? as f64;
        let shown = thumb_width(draft.aspect().map_err(self.at)?, 1, true) as f64;
        let px = shown / squares;
        if px >= THUMB_ROUTE_PX {
            return self.thumb(Style::Detail, THUMB_LEAPS, route_line(squares, shown), 1);
        }
        let (line, per) = (ROUTE_PX / px, simplify(px));
        if render::route_ink(self.tour, line, per as usize) > THUMB_FILL_INK {
            let flat = Show::defaults()
                .without(Layer::Turns)
                .without(Layer::Crossings)
                .without(Layer::Ends);
            return self.thumb(Style::Overview, flat, THUMB_LINE, 1);
        }
        self.thumb(Style::Detail, THUMB_LEAPS, line, per)
    }

    /// A band's tour bent into space, as `knights model` projects it.
    fn band_model(&self, files: &mut Files<'_>, slug: &str) -> Result<(), Error> {
        if !self.tour.board().topology().wraps() {
            return Ok(());
        }
        let svg = render::band3d::projection(self.tour, MODEL_COLOUR).map_err(self.at)?;
        files.put("model", format!("files/{slug}-3d.svg"), svg.as_bytes())
    }

    /// The walk-through of a small board's tour, written and returned for the page.
    fn walk(&self, files: &mut Files<'_>, slug: &str) -> Result<Option<String>, Error> {
        if self.side() > WALK_MAX_SIDE {
            return Ok(None);
        }
        let layers = render::Layers::defaults(&self.theme.layers, self.side());
        let walk = Walkthrough::new(self.tour, self.theme, layers, MAX_STEPS);
        let svg = walk.animated(Timing::default());
        files.put("walk", format!("files/{slug}-walk.svg"), svg.as_bytes())?;
        Ok(Some(svg))
    }

    /// The detailed crops of an overview's corners and busiest places, written into
    /// `out`: (what each shows, its file).
    fn crops(&self, out: &Path, slug: &str) -> Result<Vec<(String, String)>, Error> {
        let mut crops = Vec::new();
        if !self.crops {
            return Ok(crops);
        }
        let detail = Show::defaults()
            .with(Layer::Turns)
            .with(Layer::Crossings)
            .with(Layer::Coords)
            .with(Layer::Ends);
        for (i, spot) in render::spots_of(self.tour, self.theme)
            .into_iter()
            .enumerate()
        {
            let svg = self.drawing(Style::Detail, Some(spot.region), detail)?;
            let rel = format!("files/{slug}-detail-{}.svg", i + 1);
            files::write(&out.join(&rel), svg.svg().as_bytes())?;
            crops.push((crop_caption(i + 1, &spot.name, spot.region), rel));
        }
        Ok(crops)
    }
}

/// What crop `number` shows, in the board's own coordinates (from 1).
fn crop_caption(number: usize, name: &str, r: Region) -> String {
    format!(
        "{number}: {name}, columns {} to {}, rows {} to {}",
        r.x0 + 1,
        r.x1 + 1,
        r.y0 + 1,
        r.y1 + 1
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use knights_render::detail_sides;

    /// The sides of the shipped catalogue's boards (tours and series members).
    fn catalogue_sides() -> Vec<u32> {
        let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content");
        let plan = crate::plan::plan(crate::catalogue::load(&content).unwrap());
        let mut sides: Vec<u32> = plan
            .unwrap()
            .jobs
            .iter()
            .filter(|j| j.target.sides().len() == 2)
            .map(|j| j.target.sides().into_iter().max().unwrap_or(0))
            .collect();
        sides.sort_unstable();
        sides.dedup();
        sides
    }

    /// A threshold on sides is robust when moving it by 0.5% either way decides every
    /// catalogue board the same: no board sits on it (the 180x180 board once sat
    /// exactly on the overview's, at 720 / 4.0 = 180 squares).
    fn clear_of(sides: &[u32], threshold: u32) -> Result<(), u32> {
        let t = threshold as f64 + 0.5; // boards up to `threshold` are on one side
        match sides.iter().find(|&&s| (s as f64 - t).abs() < t * 0.005) {
            Some(&s) => Err(s),
            None => Ok(()),
        }
    }

    #[test]
    fn no_catalogue_board_sits_on_a_style_threshold() {
        let sides = catalogue_sides();
        assert!(sides.contains(&180) && sides.contains(&184) && sides.contains(&36));
        let web = Theme::default();
        let detail = detail_sides(&web);
        assert!((180..184).contains(&detail), "{detail}");
        assert_eq!(
            clear_of(&sides, detail),
            Ok(()),
            "the page drawing's threshold"
        );
        // The thumbnail's threshold, in pixels a square on a card: a square board is
        // shown THUMB_HEIGHT pixels across, margins included.
        let card_px = |side: u32| {
            let cell = web.page.cell.min(web.page.max_size / side as f64);
            let squares = side as f64 + 2.0 * web.page.margin / cell;
            super::super::ship::THUMB_HEIGHT as f64 / squares
        };
        let near = sides
            .iter()
            .find(|&&s| (card_px(s) / THUMB_ROUTE_PX - 1.0).abs() < 0.01);
        assert_eq!(near, None, "the thumbnail's threshold");
        assert!(card_px(52) > THUMB_ROUTE_PX && card_px(56) < THUMB_ROUTE_PX);
        // The check finds a board on the old threshold.
        assert_eq!(clear_of(&sides, 180), Err(180));
    }
}
