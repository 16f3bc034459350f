//! One tour of a board of three or more sides, start to finish, as [`super::tours`]
//! does it for 2-D boards: built by [`knights_construct::space`] (which proves it before
//! returning it), proved once more on its own and timed, measured by
//! [`knights_core::space::metrics`] and drawn by [`knights_render::levels`] as its levels side
//! by side. A tour that fails the proof stops here: nothing of it is written.
//!
//! What it ships: the drawing of its levels as SVG, thumbnails, and the `[site]`
//! downloads (PNG and PDF of the same drawing, the JSON tour file) as a 2-D tour does.
//! A catalogue tour's drawing with small levels shows every turn and crossing; a
//! series member's (one of many boards for the plots) and one whose levels have more
//! than [`MARKED_LEVEL_CELLS`] cells show the leaps and the moves between levels only,
//! which keeps the SVG about a quarter of the size (a 26x26x26 tour: 968 KB with the
//! markers, 247 KB without). Its turns and crossings are in its page's table.
//! Thumbnails show the leaps in the levels' colours on a plain background.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Instant;

use super::plan::Job;
use super::tours::{
    blame, downloads, section_counts, write, Built, Measures, Settings, THUMB_WIDTH,
};
use knights_construct::space::SpaceRequest;
use knights_core::space::{metrics, verify};
use knights_core::Error;
use knights_render::{levels, Options, Resolution, Show};

/// Width in pixels of the large PNG download (as for 2-D tours).
const PNG_WIDTH: u32 = 1600;
/// Colours of a thumbnail's palette (as for 2-D tours).
const THUMB_COLOURS: usize = 16;
/// The layers a series member's drawing leaves out.
const LIGHT: &str = "-turns,-crossings";
/// Levels of more cells than this are drawn light on catalogue pages too: the
/// markers of 26 levels of 26x26 are dots too small to read, and cost 720 KB.
const MARKED_LEVEL_CELLS: u32 = 400;
/// Whether a page's drawing shows turn dots and crossing disks: a catalogue tour's
/// whose levels have at most [`MARKED_LEVEL_CELLS`] cells.
pub fn marked(listed: bool, level_cells: u32) -> bool {
    listed && level_cells <= MARKED_LEVEL_CELLS
}

/// The layers a thumbnail leaves out: the markers, and the squares, whose two shades
/// leave little of a 16-colour palette to the levels' colours at this size.
const THUMB: &str = "-turns,-crossings,-squares,-ends";

/// Builds, proves, measures and draws the tour of `req` by `algo` into `out`.
pub fn build(
    job: &Job,
    req: &SpaceRequest,
    algo: &str,
    settings: &Settings,
    out: &Path,
) -> Result<Built, Error> {
    let at = blame(job);
    let t0 = Instant::now();
    let tour = knights_construct::space::build(req, algo).map_err(at)?;
    let construct_secs = t0.elapsed().as_secs_f64();
    let t1 = Instant::now();
    verify::check(&tour).map_err(|f| Error::internal(format!("{}: {f}", req.space)))?;
    let verify_secs = t1.elapsed().as_secs_f64();
    let t2 = Instant::now();
    let m = metrics::measure(&tour);
    let slug = &job.slug;
    let mut files = BTreeMap::new();
    let mut put = |kind: &str, rel: String, bytes: &[u8]| -> Result<(), Error> {
        write(&out.join(&rel), bytes)?;
        files.insert(kind.to_string(), rel);
        Ok(())
    };
    let opts = |show: &str| -> Result<Options, Error> {
        Ok(Options {
            theme: settings.theme.clone(),
            show: if show.is_empty() {
                Show::Defaults
            } else {
                Show::parse(show)?
            },
            ..Default::default()
        })
    };
    let page_show = if marked(job.listed, tour.space().level_cells()) {
        ""
    } else {
        LIGHT
    };
    let drawing = levels::drawing(&tour, &m, &opts(page_show).map_err(at)?).map_err(at)?;
    put("svg", format!("files/{slug}.svg"), drawing.svg().as_bytes())?;
    let downloads = downloads(job, settings);
    let wants = |kind: &str| downloads.iter().any(|d| d == kind);
    if wants("png") {
        let png = drawing.png_at(Resolution::Width(PNG_WIDTH)).map_err(at)?;
        put("png", format!("files/{slug}.png"), &png)?;
    }
    if wants("pdf") {
        let pdf = drawing.pdf().map_err(at)?;
        put("pdf", format!("files/{slug}.pdf"), &pdf)?;
    }
    if wants("json") {
        let json = knights_core::format::space_to_json(&tour);
        put("json", format!("files/{slug}.json"), json.as_bytes())?;
    }
    // Thumbnails: the leaps and the moves between levels in the levels' colours.
    let thumb = levels::drawing(&tour, &m, &opts(THUMB).map_err(at)?).map_err(at)?;
    for (kind, scale, suffix) in [("thumb", 1, ""), ("thumb2x", 2, "@2x")] {
        let png = thumb
            .png_small(Resolution::Width(THUMB_WIDTH * scale), THUMB_COLOURS)
            .map_err(at)?;
        put(kind, format!("thumbs/{slug}{suffix}.png"), &png)?;
    }
    Ok(Built {
        algorithm: tour.algorithm().to_string(),
        metrics: Measures::Space(m),
        construct_secs,
        verify_secs,
        draw_secs: t2.elapsed().as_secs_f64(),
        sections: section_counts(tour.sections(), &settings.theme),
        files,
        crops: Vec::new(),
        walk: None,
        pyramid: None,
        cached: false,
    })
}
