//! One tour of the plan, start to finish, whatever its board's number of sides:
//! constructed through the registry, proved, measured, its JSON file and downloads
//! written, and drawn: a board of two sides by [`super::flat`], one of three or more
//! as its levels by [`super::levels`] (the one place the road branches). Independent
//! of every other tour, so the build runs these in parallel. A tour that fails its
//! proof stops here: nothing of it is written.

use std::path::Path;
use std::time::Instant;

use super::built::{blame, section_counts, Built, Drawn, Levels};
use super::ship::{Files, Settings};
use super::{flat, levels};
use crate::plan::{Job, Target};
use knights_core::metrics;
use knights_core::verify::{self, Verified};
use knights_core::Error;
use knights_render::Drawing;

/// What a tour's drawing branch made beside its files: the page's drawing, and on a
/// board of two sides its crops, walk-through and pyramid.
pub(super) struct Pictures {
    /// The page's drawing.
    pub drawing: Drawing,
    /// The detailed crops: (what each shows, its file).
    pub crops: Vec<(String, String)>,
    /// The walk-through's SVG, for a small board.
    pub walk: Option<String>,
    /// The tiled pyramid of a heavy full detail.
    pub pyramid: Option<crate::tours::pyramid::Pyramid>,
    /// The drawing is a figure: the overview and its detailed insets.
    pub insets: bool,
    /// A board of more sides' levels, as its page and card show them.
    pub levels: Levels,
}

/// Builds, proves, measures and draws the tour of `job` into `out` (the staging
/// folder).
pub(super) fn build(job: &Job, settings: &Settings, out: &Path) -> Result<Built, Error> {
    let at = blame(job);
    let (tour, construct_secs, verify_secs) = construct_and_prove(&job.target, at)?;
    let t2 = Instant::now();
    let m = metrics::measure(&tour);
    let mut files = Files::new(out, &job.slug);
    let pictures = match tour.board().dims() {
        2 => flat::draw(job, &tour, &m, settings, out, &mut files)?,
        _ => levels::draw(job, &tour, &m, settings, &mut files)?,
    };
    let drawn = drawn(&pictures);
    Ok(Built {
        algorithm: tour.algorithm().to_string(),
        metrics: m,
        construct_secs,
        verify_secs,
        draw_secs: t2.elapsed().as_secs_f64(),
        sections: section_counts(tour.sections(), &settings.theme),
        files: files.written(),
        crops: pictures.crops,
        walk: pictures.walk,
        pyramid: pictures.pyramid,
        levels: pictures.levels,
        drawn,
        cached: false,
    })
}

/// The tour `target` asks for, constructed (from the request the plan resolved) and
/// proved, with the seconds each took.
fn construct_and_prove(
    target: &Target,
    at: impl Fn(Error) -> Error,
) -> Result<(Verified, f64, f64), Error> {
    let t0 = Instant::now();
    let tour = target.resolved().build().map_err(at)?;
    let construct_secs = t0.elapsed().as_secs_f64();
    let t1 = Instant::now();
    let tour = verify::constructed(tour)?;
    Ok((tour, construct_secs, t1.elapsed().as_secs_f64()))
}

/// What the page's drawing shows: a figure's insets also draw the start where it lies
/// in one, which the legend then explains.
fn drawn(p: &Pictures) -> Drawn {
    let mut d = Drawn::of(&p.drawing);
    if p.insets {
        let svg = p.drawing.svg();
        d.insets = true;
        d.ends |= svg.contains("class=\"start\"") || svg.contains("class=\"ends\"");
    }
    d
}
