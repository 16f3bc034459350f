//! One tour of the plan, start to finish: construct, verify, measure, draw, write its
//! files. Independent of every other tour, so the build runs these in parallel. A tour
//! that fails verification stops here: nothing of it is written.
//!
//! What a tour ships: its drawing as SVG (shown on its page), thumbnails at two
//! resolutions (for sharp high-density screens), detailed crops of the corners and
//! busiest places when the drawing is an overview, and, for catalogue tours (series
//! members when the catalogue asks), the PNG, PDF and JSON downloads `[site]` names. Each picture is drawn
//! once; the PNG and PDF come from the same document as the SVG.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Instant;

use serde::{Deserialize, Serialize};

use super::plan::{Job, Target};
use super::pyramid::{self, Pyramid};
use knights_construct as construct;
use knights_core::metrics::{self, Metrics};
use knights_core::space::metrics::SpaceMetrics;
use knights_core::{verify, Error};
use knights_render::animate::Walkthrough;
use knights_render::steps::{Timing, MAX_STEPS};
use knights_render::{
    self as render, overview, Drawing, Options, Region, Resolution, Show, Style, Theme,
};

/// Width in pixels of the large PNG download.
const PNG_WIDTH: u32 = 1600;
/// Width in CSS pixels of the index thumbnails (written at 1x and 2x).
pub const THUMB_WIDTH: u32 = 240;
/// Colours of a thumbnail's palette: its flat colours and a few edge shades (on the
/// shipped catalogue the thumbnails took 5.3 MB at 32 colours, 4.7 MB at 16).
const THUMB_COLOURS: usize = 16;
/// Thumbnails of boards up to this side show the page's drawing; larger ones an
/// overview of flat blocks. At 2x a square gets at least 480 / 38 = 12.6 pixels, enough
/// to follow the leaps; below that a drawing of every leap is a texture at thumbnail
/// size that costs 40 to 95 KB, where the overview's section colours cost 2 to 7 KB.
/// The threshold is in whole squares and lies between the catalogue's sides (36 and
/// 40), so no board sits on it.
pub const THUMB_DETAIL_SIDES: u32 = 38;
/// The colour of a band's tour in its 3-D projection (the one `knights model` uses).
const MODEL_COLOUR: &str = "#b03a2e";

/// Tours of boards up to this side get a walk-through with play, pause and step
/// buttons on their page.
pub const WALK_MAX_SIDE: u32 = 12;

/// How every tour is drawn and what it ships.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The drawings' theme.
    pub theme: Theme,
    /// The downloads of a tour page (`png`, `pdf`, `json`).
    pub downloads: Vec<String>,
    /// Write downloads for series members too.
    pub series_downloads: bool,
}

/// What building one tour produced (its files are in the output folder).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Built {
    /// The construction that actually made the tour (resolves `auto`).
    pub algorithm: String,
    /// Its measurements.
    pub metrics: Measures,
    /// Seconds spent constructing it.
    pub construct_secs: f64,
    /// Seconds spent verifying it.
    pub verify_secs: f64,
    /// Seconds spent drawing and writing its files.
    pub draw_secs: f64,
    /// Section names, how many cells each has, and their colour in the drawing, when
    /// the construction labelled them.
    pub sections: Vec<(String, u64, String)>,
    /// The files written, by kind (`svg`, `thumb`, `thumb2x`, `png`, `pdf`, `json`),
    /// relative to the output folder.
    pub files: BTreeMap<String, String>,
    /// Detailed crops of an overview: (what it shows, its SVG file).
    pub crops: Vec<(String, String)>,
    /// The walk-through (an animated SVG, shown inline on the page so that its
    /// buttons can drive it) of a small board's tour.
    #[serde(default)]
    pub walk: Option<String>,
    /// The tiled image pyramid of its full detail, for a catalogue tour whose
    /// full-detail SVG would be too heavy (see [`super::pyramid`]).
    #[serde(default)]
    pub pyramid: Option<Pyramid>,
    /// Taken from the build cache rather than built now.
    #[serde(skip)]
    pub cached: bool,
}

/// What a tour measures: the 2-D metrics, or those of a board of three or more sides
/// (turns, crossings inside each level, moves between levels).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Measures {
    /// A 2-D tour's.
    Plane(Metrics),
    /// A tour's of a board of three or more sides.
    Space(SpaceMetrics),
}

impl Measures {
    /// Turns.
    pub fn turns(&self) -> u64 {
        match self {
            Measures::Plane(m) => m.turns,
            Measures::Space(m) => m.turns,
        }
    }

    /// Crossings (inside levels, for a board of three or more sides).
    pub fn crossings(&self) -> u64 {
        match self {
            Measures::Plane(m) => m.crossings,
            Measures::Space(m) => m.crossings,
        }
    }

    /// Cells visited.
    pub fn cells(&self) -> u64 {
        match self {
            Measures::Plane(m) => m.cells,
            Measures::Space(m) => m.cells,
        }
    }

    /// Closed or open.
    pub fn closed(&self) -> bool {
        match self {
            Measures::Plane(m) => m.closed,
            Measures::Space(m) => m.closed,
        }
    }

    /// The 2-D metrics, when the tour is of a 2-D board.
    pub fn plane(&self) -> Option<&Metrics> {
        match self {
            Measures::Plane(m) => Some(m),
            Measures::Space(_) => None,
        }
    }
}

impl Built {
    /// Every file of the tour, relative to the output folder.
    pub fn all_files(&self) -> impl Iterator<Item = &String> {
        let tiles = self.pyramid.iter().flat_map(|p| &p.files);
        self.files
            .values()
            .chain(self.crops.iter().map(|c| &c.1))
            .chain(tiles)
    }
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

/// Builds, proves, measures and draws `job` into `out` (the staging folder).
pub fn build(job: &Job, settings: &Settings, out: &Path) -> Result<Built, Error> {
    match &job.target {
        Target::Plane { algorithm, request } => {
            build_plane(job, request, *algorithm, settings, out)
        }
        Target::Space { algorithm, request } => {
            super::space_tours::build(job, request, algorithm, settings, out)
        }
    }
}

/// An error while building `job`, placed at its catalogue entry (a bug keeps its own
/// message and exit status: it is not the catalogue's fault).
pub fn blame(job: &Job) -> impl Fn(Error) -> Error + Copy + '_ {
    move |e: Error| {
        if e.is_internal() {
            return e;
        }
        job.place.error(
            "board",
            format!(
                "{} tour of {} ({}): {e}",
                job.target.kind(),
                job.target.board_name(),
                job.target.algorithm()
            ),
        )
    }
}

/// A 2-D tour: built, proved, measured and drawn.
fn build_plane(
    job: &Job,
    request: &construct::Request,
    algorithm: construct::Algo,
    settings: &Settings,
    out: &Path,
) -> Result<Built, Error> {
    let at = blame(job);
    let t0 = Instant::now();
    let resolved = construct::resolve(request, algorithm).map_err(|r| at(r.error))?;
    let tour = resolved.build().map_err(at)?;
    let construct_secs = t0.elapsed().as_secs_f64();
    let t1 = Instant::now();
    let tour = verify::constructed(tour)?;
    let verify_secs = t1.elapsed().as_secs_f64();
    let t2 = Instant::now();
    let m = metrics::measure(&tour);
    let theme = &settings.theme;
    let slug = &job.slug;
    let mut files = BTreeMap::new();
    let mut put = |kind: &str, rel: String, bytes: &[u8]| -> Result<(), Error> {
        write(&out.join(&rel), bytes)?;
        files.insert(kind.to_string(), rel);
        Ok(())
    };
    let opts = |style: Style, region: Option<Region>, show: Show| Options {
        theme: theme.clone(),
        show,
        style,
        region,
        ..Default::default()
    };
    let drawing = Drawing::new(&tour, &m, &opts(Style::Auto, None, Show::Defaults)).map_err(at)?;
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
        let json = knights_core::format::to_json(&tour);
        put("json", format!("files/{slug}.json"), json.as_bytes())?;
    }
    // Thumbnails: the page's drawing when its squares are big enough at 2x, else an
    // overview of flat blocks only (density markers are noise at this size), drawn
    // once for both sizes.
    let small = tour.board().width().max(tour.board().height()) > THUMB_DETAIL_SIDES;
    let overview_thumb = if small {
        let flat = Show::parse("-turns,-crossings,-ends").map_err(at)?;
        Some(Drawing::new(&tour, &m, &opts(Style::Overview, None, flat)).map_err(at)?)
    } else {
        None
    };
    let thumb = overview_thumb.as_ref().unwrap_or(&drawing);
    for (kind, scale, suffix) in [("thumb", 1, ""), ("thumb2x", 2, "@2x")] {
        let png = thumb
            .png_small(Resolution::Width(THUMB_WIDTH * scale), THUMB_COLOURS)
            .map_err(at)?;
        put(kind, format!("thumbs/{slug}{suffix}.png"), &png)?;
    }
    if tour.board().topology().wraps() {
        // A band: its tour bent into space, as `knights model` projects it.
        let svg = knights_render::band3d::projection(&tour, MODEL_COLOUR).map_err(at)?;
        put("model", format!("files/{slug}-3d.svg"), svg.as_bytes())?;
    }
    let b = tour.board();
    let walk = (b.width().max(b.height()) <= WALK_MAX_SIDE).then(|| {
        let layers = render::Layers::defaults(&theme.layers, b.width().max(b.height()));
        Walkthrough::new(&tour, theme, layers, MAX_STEPS).animated(Timing::default())
    });
    if let Some(svg) = &walk {
        put("walk", format!("files/{slug}-walk.svg"), svg.as_bytes())?;
    }
    let mut crops = Vec::new();
    let detail = Show::parse("+turns,+crossings,+coords,+ends").map_err(at)?;
    for (i, spot) in overview::spots_of(&tour, theme).into_iter().enumerate() {
        let crop = opts(Style::Detail, Some(spot.region), detail);
        let svg = Drawing::new(&tour, &m, &crop).map_err(at)?;
        let rel = format!("files/{slug}-detail-{}.svg", i + 1);
        write(&out.join(&rel), svg.svg().as_bytes())?;
        let r = spot.region;
        crops.push((
            format!(
                "{}: {}, columns {} to {}, rows {} to {}",
                i + 1,
                spot.name,
                r.x0 + 1,
                r.x1 + 1,
                r.y0 + 1,
                r.y1 + 1
            ),
            rel,
        ));
    }
    let pyramid = if job.pyramid {
        pyramid::write(&tour, &m, theme, &drawing, slug, out).map_err(at)?
    } else {
        None
    };
    Ok(Built {
        algorithm: tour.algorithm().to_string(),
        metrics: Measures::Plane(m),
        construct_secs,
        verify_secs,
        draw_secs: t2.elapsed().as_secs_f64(),
        sections: section_counts(tour.sections(), theme),
        files,
        crops,
        walk,
        pyramid,
        cached: false,
    })
}

/// Each section's name, cell count and colour in the drawing.
pub fn section_counts(
    sections: Option<&knights_core::Sections>,
    theme: &Theme,
) -> Vec<(String, u64, String)> {
    let Some(s) = sections else {
        return Vec::new();
    };
    let mut counts = vec![0u64; s.names().len()];
    for &l in s.labels() {
        if let Some(c) = counts.get_mut(l as usize) {
            *c += 1;
        }
    }
    s.names()
        .iter()
        .zip(counts)
        .enumerate()
        .map(|(i, (name, n))| (name.clone(), n, render::section_colour(theme, name, i)))
        .collect()
}

/// Writes `bytes` to `path` (inside the staging folder, so no temp file is needed:
/// the whole folder is swapped in at the end).
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    std::fs::write(path, bytes).map_err(|e| Error::io(path, e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use knights_render::overview::detail_sides;

    /// The sides of the shipped catalogue's boards (tours and series members).
    fn catalogue_sides() -> Vec<u32> {
        let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content");
        let plan = super::super::plan::plan(super::super::catalogue::load(&content).unwrap());
        let mut sides: Vec<u32> = plan
            .unwrap()
            .jobs
            .iter()
            .filter(|j| matches!(j.target, Target::Plane { .. }))
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
        assert_eq!(
            clear_of(&sides, THUMB_DETAIL_SIDES),
            Ok(()),
            "the thumbnail's threshold"
        );
        // The check finds a board on the old threshold.
        assert_eq!(clear_of(&sides, 180), Err(180));
    }
}
