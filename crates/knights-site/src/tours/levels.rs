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
//! Thumbnails show the leaps in the levels' colours on a plain background, drawn wide
//! enough to keep their colours at 1x ([`thumb_theme`]).

use super::built::blame;
use super::ship::{downloads, thumb_line, thumb_theme, thumb_width, Files, Settings};
use super::tour::Pictures;
use crate::plan::Job;
use knights_core::metrics::Metrics;
use knights_core::{Error, Verified};
use knights_render::{isometric, Drawing, Layer, Options, Show};

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
    let drawing = Drawing::new(tour, m, &options(settings, page_show)).map_err(at)?;
    let json = || knights_core::format::to_json(tour);
    files.page(&drawing, downloads(job, settings), json, at)?;
    // Thumbnails: the leaps and the moves between levels in the levels' colours.
    // Their lines are wide enough for their pixels (26 levels of 26x26 at 1x: whole
    // squares, filling each level with its colour).
    let squares = drawing.width_at(1.0).map_err(at)? as f64;
    let aspect = drawing.aspect().map_err(at)?;
    let thumb = |scale| -> Result<_, Error> {
        let px = thumb_width(aspect, scale, true);
        let o = Options {
            theme: thumb_theme(&settings.theme, thumb_line(squares, px)),
            ..options(settings, THUMB)
        };
        Drawing::new(tour, m, &o).map_err(at)
    };
    files.thumbnails(&thumb(1)?, &thumb(2)?, true, at)?;
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
    })
}

/// The site's drawing options, showing `show`.
fn options(settings: &Settings, show: Show) -> Options {
    Options {
        theme: settings.theme.clone(),
        show,
        ..Default::default()
    }
}
