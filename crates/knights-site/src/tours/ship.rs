//! What every tour page ships, whatever its board, in one copy for the 2-D and the
//! 3-D pipelines: the page's drawing as SVG, the `[site]` downloads (PNG and PDF from
//! the same document as the SVG, the tour file as JSON) and thumbnails at two
//! resolutions (for sharp high-density screens). Catalogue tours get the downloads;
//! series members only when the catalogue asks.

use std::collections::BTreeMap;
use std::path::Path;

use crate::cache::ThemeKey;
use crate::files;
use crate::plan::Job;
use knights_core::Error;
use knights_render::theme::Size;
use knights_render::{Drawing, Resolution, Theme};

/// Width in pixels of the large PNG download.
const PNG_WIDTH: u32 = 1600;
/// Width in CSS pixels of the index thumbnails (written at 1x and 2x; see
/// [`thumb_width`]).
pub const THUMB_WIDTH: u32 = 240;
/// The cards show a thumbnail at most this many CSS pixels tall (the stylesheet's
/// `.card img`), and 170 to 375 wide as the columns fit the window (190 at 1400
/// pixels, 330 on a 390-pixel phone): a square board's thumbnail is shown 170 pixels
/// across.
pub const THUMB_HEIGHT: u32 = 170;

/// Colours of a thumbnail's palette: its flat colours and a few edge shades (on the
/// shipped catalogue the thumbnails took 5.3 MB at 32 colours, 4.7 MB at 16).
const THUMB_COLOURS: usize = 16;

/// A thumbnail's lines, in squares: at 240 pixels across, a board of 38 squares or the
/// 26 levels of a 26x26x26 board leave 1.5 to 6 pixels a square, and the page's lines
/// (a twelfth of a square, at least 0.6 points) came out under half a pixel wide, so
/// the 16-colour palette kept their blend with the background, a pale grey.
pub const THUMB_LINE: f64 = 0.4;
/// How much of its section's colour an overview thumbnail's block keeps (the page's
/// 0.55 tint, made for markers on top, left large boards pale at thumbnail size).
const THUMB_TINT: f64 = 0.9;

/// The narrowest line of a thumbnail, in pixels: thinner ones are blends with the
/// background, each too rare to be one of the palette's colours, and the thumbnail
/// turns grey (the 26x26x26 board's 26 levels at 1x, 1.45 pixels a square).
const THUMB_LINE_PX: f64 = 1.5;

/// The width in squares of a thumbnail's lines when its drawing is `squares` squares
/// across and the thumbnail `width` pixels: at least [`THUMB_LINE`] and
/// [`THUMB_LINE_PX`] pixels, at most a whole square (the leaps of a level then fill it
/// with its colour).
pub fn thumb_line(squares: f64, width: u32) -> f64 {
    let px = width as f64 / squares.max(1.0);
    (THUMB_LINE_PX / px).clamp(THUMB_LINE, 1.0)
}

/// Shades of each colour a thumbnail's route is drawn in along the walk, light at the
/// start of each section's stretch, dark at its end (knights-render's
/// `Options::order_shades`): at a card's size the leaps merge, and the five 64x64
/// hidden-Hilbert tours, whose motifs share most of their leaps, drew alike; the order
/// they walk them in differs.
pub const THUMB_SHADES: u32 = 4;

/// The width on screen, in CSS pixels, of the route a thumbnail draws: the same on
/// every card (16x12's route was 1.25 pixels and pale, 18x14's 5 pixels and heavy).
pub const ROUTE_PX: f64 = 1.6;
/// The widest route a thumbnail draws, in squares: wider, the leaps of a board of
/// small squares merge into a fill.
const ROUTE_MAX: f64 = 0.6;

/// The width in squares of a thumbnail's route when its drawing is `squares` squares
/// across and shown `shown` CSS pixels wide: [`ROUTE_PX`] on screen, at most
/// [`ROUTE_MAX`] squares.
pub fn route_line(squares: f64, shown: f64) -> f64 {
    let px = shown / squares.max(1.0);
    (ROUTE_PX / px).min(ROUTE_MAX)
}

/// The width in pixels of a thumbnail at `scale` (1 or 2) of a drawing `aspect` times
/// as wide as it is tall: `scale` x [`THUMB_WIDTH`], or when the drawing is `fit` to
/// be drawn at the size a card shows it, the largest that fits `scale` x
/// ([`THUMB_WIDTH`] by [`THUMB_HEIGHT`]).
///
/// A drawing fits when it has no line thinner than a pixel there: an overview's flat
/// blocks, the levels of a board of three or more sides (whose lines [`thumb_line`]
/// widens). Drawn 240 and 480 pixels across for 170 and 340 shown, a square board's
/// thumbnails had twice the pixels shown, and the browser threw half of them away. A
/// drawing of every leap keeps the larger size: its lines, a twelfth of a square, are
/// under a pixel wide at the size shown (a 16x13 board at 1x, 30x30 at 2x), their
/// blends with the squares fall out of the 16-colour palette and the leaps fade (seen
/// on those two formation tours and the chessboard's gradient, even with 32 or 64
/// colours), while the browser's reduction of the larger picture keeps them.
pub fn thumb_width(aspect: f64, scale: u32, fit: bool) -> u32 {
    if !fit {
        return THUMB_WIDTH * scale;
    }
    let shown = (THUMB_HEIGHT * scale) as f64 * aspect;
    (shown.round() as u32).clamp(1, THUMB_WIDTH * scale)
}

/// `theme` for the thumbnails drawn apart from the page's drawing (the leaps alone, an
/// overview's flat blocks, a board's levels): lines `line` squares wide (see
/// [`thumb_line`]; [`THUMB_LINE`] where squares are large enough) and blocks in nearly
/// full colour, so that the sections' colours survive the reduction at 1x and 2x.
pub fn thumb_theme(theme: &Theme, line: f64) -> Theme {
    let mut t = theme.clone();
    t.tour.width = Size {
        cells: line,
        min: 0.0,
        max: f64::INFINITY,
        limit: line,
    };
    t.tour.opacity = 1.0;
    t.overview.tint = THUMB_TINT;
    t
}

/// How every tour is drawn and what it ships.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The drawings' theme.
    pub theme: Theme,
    /// What the theme was read from, for the build cache's keys.
    pub theme_key: ThemeKey,
    /// The downloads of a tour page (`png`, `pdf`, `json`).
    pub downloads: Vec<String>,
    /// Write downloads for series members too.
    pub series_downloads: bool,
}

/// The downloads `job` ships (`png`, `pdf`, `json`): none for a series member unless
/// the catalogue asks, none for a tour whose entry says `downloads = false`.
pub fn downloads<'a>(job: &Job, settings: &'a Settings) -> &'a [String] {
    if job.downloads && (job.listed || settings.series_downloads) {
        &settings.downloads
    } else {
        &[]
    }
}

/// The files of one tour as it writes them, by kind (`svg`, `png`, `thumb`...),
/// relative to the output folder.
pub struct Files<'a> {
    out: &'a Path,
    slug: &'a str,
    written: BTreeMap<String, String>,
}

impl<'a> Files<'a> {
    /// The files of the tour `slug`, written into `out` (the staging folder).
    pub fn new(out: &'a Path, slug: &'a str) -> Files<'a> {
        Files {
            out,
            slug,
            written: BTreeMap::new(),
        }
    }

    /// Writes `bytes` as `rel` (relative to the output folder), recorded as `kind`.
    pub fn put(&mut self, kind: &str, rel: String, bytes: &[u8]) -> Result<(), Error> {
        self.write(&rel, bytes)?;
        self.written.insert(kind.to_string(), rel);
        Ok(())
    }

    /// Writes `bytes` as `rel` (relative to the output folder) without recording it:
    /// for files of which a tour has many (its levels' pictures), which its record
    /// lists apart ([`super::Built::all_files`] must name each once: the cache links
    /// every file it names, and a second link over the first emptied it).
    pub fn write(&self, rel: &str, bytes: &[u8]) -> Result<(), Error> {
        files::write(&self.out.join(rel), bytes)
    }

    /// The page's `drawing` as `files/<slug>.svg`, and of the `downloads` its PNG,
    /// its PDF and the tour file (`json`, made only when asked). Drawing errors go
    /// through `at` (the tour's blame); a file that cannot be written keeps its own.
    pub fn page(
        &mut self,
        drawing: &Drawing,
        downloads: &[String],
        json: impl FnOnce() -> String,
        at: impl Fn(Error) -> Error,
    ) -> Result<(), Error> {
        let slug = self.slug;
        self.put("svg", format!("files/{slug}.svg"), drawing.svg().as_bytes())?;
        let wants = |kind: &str| downloads.iter().any(|d| d == kind);
        if wants("png") {
            let png = drawing.png_at(Resolution::Width(PNG_WIDTH)).map_err(&at)?;
            self.put("png", format!("files/{slug}.png"), &png)?;
        }
        if wants("pdf") {
            let pdf = drawing.pdf().map_err(&at)?;
            self.put("pdf", format!("files/{slug}.pdf"), &pdf)?;
        }
        if wants("json") {
            self.put("json", format!("files/{slug}.json"), json().as_bytes())?;
        }
        Ok(())
    }

    /// The index thumbnails, `at1x` and `at2x` (the same drawing, or a coarser one
    /// where 1x pixels are too few for the detail), as `thumbs/<slug>.png` and
    /// `thumbs/<slug>@2x.png`; drawn at the size shown when they `fit` (see
    /// [`thumb_width`]).
    pub fn thumbnails(
        &mut self,
        at1x: &Drawing,
        at2x: &Drawing,
        fit: bool,
        at: impl Fn(Error) -> Error,
    ) -> Result<(), Error> {
        let slug = self.slug;
        for (thumb, kind, scale, suffix) in [(at1x, "thumb", 1, ""), (at2x, "thumb2x", 2, "@2x")] {
            let width = thumb_width(thumb.aspect().map_err(&at)?, scale, fit);
            let png = thumb
                .png_small(Resolution::Width(width), THUMB_COLOURS)
                .map_err(&at)?;
            self.put(kind, format!("thumbs/{slug}{suffix}.png"), &png)?;
        }
        Ok(())
    }

    /// What was written, by kind.
    pub fn written(self) -> BTreeMap<String, String> {
        self.written
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every card's route is [`ROUTE_PX`] wide on screen, from the chessboard (19
    /// pixels a square) to 60 squares across (2.8): the width in squares times the
    /// pixels a square; only on boards too fine for it is it capped in squares.
    #[test]
    fn a_thumbnail_s_route_is_one_width_on_every_card() {
        for squares in [9.0, 17.0, 19.5, 31.0, 40.0, 60.0] {
            let shown = THUMB_HEIGHT as f64;
            let px = route_line(squares, shown) * shown / squares;
            assert!((px - ROUTE_PX).abs() < 1e-9, "{squares}: {px} pixels");
        }
        assert_eq!(route_line(200.0, THUMB_HEIGHT as f64), ROUTE_MAX);
    }
}
