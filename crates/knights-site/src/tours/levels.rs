//! The drawings of a tour of a board of three or more sides, the branch of
//! [`super::tour`]'s road where the drawing differs from a 2-D board's: drawn by
//! [`knights_render::Drawing`] as its levels side by side.
//!
//! What it ships: what every tour does ([`super::ship`]): the drawing of its levels as
//! SVG, thumbnails, and the `[site]` downloads (PNG and PDF of the same drawing, the
//! JSON tour file); a catalogue tour of three sides also its levels stacked in
//! isometric projection ([`knights_render::isometric`]).
//! A catalogue tour's drawing with small levels shows every turn and crossing; a
//! series member's (one of many boards for the plots) and one whose levels have more
//! than [`MARKED_LEVEL_CELLS`] cells show the leaps and the moves between levels only,
//! which keeps the SVG about a quarter of the size (a 26x26x26 tour: 968 KB with the
//! markers, 247 KB without). Its turns and crossings are in its page's table.
//! Thumbnails show the leaps in the levels' colours on a plain background, or a
//! cube's plates stacked when its levels are too small for a leap ([`thumbnail`]).

use super::built::blame;
use super::flat::THUMB_ROUTE_PX;
use super::ship::{downloads, route_line, thumb_line, thumb_theme, thumb_width, Files, Settings};
use super::tour::Pictures;
use crate::plan::Job;
use knights_core::metrics::Metrics;
use knights_core::{Error, Verified};
use knights_render::{isometric, isometric_drawing, Drawing, Layer, Options, Show};

/// The layers a series member's drawing leaves out.
const LIGHT: Show = Show::defaults()
    .without(Layer::Turns)
    .without(Layer::Crossings);
/// Levels of more cells than this are drawn light on catalogue pages too: the
/// markers of 26 levels of 26x26 are dots too small to read, and cost 720 KB.
const MARKED_LEVEL_CELLS: u32 = 400;
/// Whether a page's drawing shows turn dots and crossing disks: a catalogue tour's
/// whose levels have at most [`MARKED_LEVEL_CELLS`] cells.
fn marked(listed: bool, level_cells: u32) -> bool {
    listed && level_cells <= MARKED_LEVEL_CELLS
}

/// The layers a thumbnail leaves out: the markers, and the squares, whose two shades
/// leave little of a 16-colour palette to the levels' colours at this size.
const THUMB: Show = LIGHT.without(Layer::Squares).without(Layer::Ends);

/// The drawings of the proved tour of `job` (measured as `m`): its levels, page and
/// downloads, thumbnails, and a catalogue tour's isometric stack.
pub(super) fn draw(
    job: &Job,
    tour: &Verified,
    m: &Metrics,
    settings: &Settings,
    files: &mut Files<'_>,
) -> Result<Pictures, Error> {
    let at = blame(job);
    let page_show = if marked(job.listed, tour.board().level_cells()) {
        Show::defaults()
    } else {
        LIGHT
    };
    let drawing = Drawing::new(tour, m, &options(settings, tour, page_show)).map_err(at)?;
    let json = || knights_core::format::to_json(tour);
    files.page(&drawing, downloads(job, settings), json, at)?;
    let thumb = thumbnail(tour, m, settings).map_err(at)?;
    files.thumbnails(&thumb, &thumb, true, at)?;
    // A catalogue tour of three sides: its levels stacked in isometric projection.
    if job.listed {
        if let Some(svg) = isometric(tour, &settings.theme) {
            files.put("iso", format!("files/{}-iso.svg", job.slug), svg.as_bytes())?;
        }
    }
    Ok(Pictures {
        drawing,
        crops: Vec::new(),
        walk: None,
        pyramid: None,
        insets: false,
    })
}

/// Squares across a page's drawing of levels: the page shows it across its whole
/// width (about 1300 pixels on a 1400-pixel screen), and a square then gets 11 pixels
/// or more, where the triangles between levels, the start's ring and the first leap's
/// arrow can be told apart (the 26 levels of 26x26 six a row had 4-pixel squares).
const LEVELS_ROW_SQUARES: f64 = 112.0;

/// The levels a row of a page's drawing of `board`'s levels: as many as
/// [`LEVELS_ROW_SQUARES`] hold, with the gaps between them.
fn levels_across(board: &knights_core::Board) -> u32 {
    let side = board.width() as f64 + 1.5;
    ((LEVELS_ROW_SQUARES / side).floor() as u32).max(1)
}

/// The thumbnails' drawing, made for the size a card shows it (the same at 1x and
/// 2x): the levels side by side in the levels' colours, about as many squares across
/// as down, their leaps [`route_line`] wide (every card's width) while a square gets
/// [`THUMB_ROUTE_PX`] pixels; below that a cube's levels stacked in isometric
/// projection, a plate for each (the 26 levels of 26x26 side by side were flat blocks
/// of colour); else the levels with lines as wide as their pixels need
/// ([`thumb_line`]: whole squares, filling each level with its colour).
fn thumbnail(tour: &Verified, m: &Metrics, settings: &Settings) -> Result<Drawing, Error> {
    // Without the caption under the levels: three lines of grey text a few pixels
    // high, which took a seventh of the card from the levels.
    let natural = Options {
        levels_across: None,
        no_caption: true,
        ..options(settings, tour, THUMB)
    };
    let fitted = |d: &Drawing| -> Result<(f64, f64), Error> {
        let shown = thumb_width(d.aspect()?, 1, true) as f64;
        Ok((d.width_at(1.0)? as f64, shown))
    };
    let (squares, shown) = fitted(&Drawing::new(tour, m, &natural)?)?;
    let line = |theme_line: f64| Options {
        theme: thumb_theme(&settings.theme, theme_line),
        ..natural.clone()
    };
    if shown / squares >= THUMB_ROUTE_PX {
        return Drawing::new(tour, m, &line(route_line(squares, shown)));
    }
    if let Some(draft) = isometric_drawing(tour, &settings.theme) {
        let (sq, px) = fitted(&draft)?;
        let theme = thumb_theme(&settings.theme, route_line(sq, px));
        if let Some(iso) = isometric_drawing(tour, &theme) {
            return Ok(iso);
        }
    }
    Drawing::new(tour, m, &line(thumb_line(squares, shown as u32)))
}

/// The site's drawing options for `tour`, showing `show`.
fn options(settings: &Settings, tour: &Verified, show: Show) -> Options {
    Options {
        theme: settings.theme.clone(),
        show,
        levels_across: Some(levels_across(tour.board())),
        ..Default::default()
    }
}
