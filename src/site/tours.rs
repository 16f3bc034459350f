//! One tour of the plan, start to finish: construct, verify, measure, draw, write its
//! files. Independent of every other tour, so the build runs these in parallel. A tour
//! that fails verification stops here: nothing of it is written.

use std::path::Path;
use std::time::Instant;

use serde::Serialize;

use super::plan::Job;
use crate::metrics::{self, Metrics};
use crate::render::{self, Drawing, Resolution, Theme};
use crate::{construct, verify, Error};

/// The drawings' theme.
pub const THEME: &str = "web";
/// Width in pixels of the large PNG download.
const PNG_WIDTH: u32 = 1600;
/// Width in pixels of the index thumbnails.
const THUMB_WIDTH: u32 = 240;

/// What building one tour produced (its files are in the output folder).
#[derive(Clone, Debug, Serialize)]
pub struct Built {
    /// The construction that actually made the tour (resolves `auto`).
    pub algorithm: String,
    /// Its measurements.
    pub metrics: Metrics,
    /// Seconds spent constructing it.
    pub construct_secs: f64,
    /// Seconds spent verifying it.
    pub verify_secs: f64,
    /// Section names, how many cells each has, and their colour in the drawing, when
    /// the construction labelled them.
    pub sections: Vec<(String, u64, String)>,
}

/// The files of tour `slug`, relative to the output folder.
pub fn files(slug: &str) -> [(&'static str, String); 5] {
    [
        ("svg", format!("files/{slug}.svg")),
        ("png", format!("files/{slug}.png")),
        ("pdf", format!("files/{slug}.pdf")),
        ("json", format!("files/{slug}.json")),
        ("thumb", format!("thumbs/{slug}.png")),
    ]
}

/// Builds, proves, measures and draws `job` into `out` (the staging folder).
pub fn build(job: &Job, style: &render::Options, out: &Path) -> Result<Built, Error> {
    let at = |e: Error| {
        if e.is_internal() {
            return e; // a bug, not the catalogue's fault: its own message and exit status
        }
        job.place.error(
            "board",
            format!(
                "{} tour of {} ({}): {e}",
                job.request.kind(),
                job.request.board,
                job.algorithm
            ),
        )
    };
    let t0 = Instant::now();
    let resolved = construct::resolve(&job.request, job.algorithm).map_err(|r| at(r.error))?;
    let tour = resolved.build().map_err(at)?;
    let construct_secs = t0.elapsed().as_secs_f64();
    let t1 = Instant::now();
    let tour = verify::constructed(tour)?;
    let verify_secs = t1.elapsed().as_secs_f64();
    let m = metrics::measure(&tour);
    let sections = section_counts(&tour, &style.theme);
    let [svg, png, pdf, json, thumb] = files(&job.slug).map(|(_, f)| out.join(f));
    let drawing = Drawing::new(&tour, &m, style).map_err(at)?;
    write(&svg, drawing.svg().as_bytes())?;
    let big = drawing.png_at(Resolution::Width(PNG_WIDTH)).map_err(at)?;
    write(&png, &big)?;
    write(&pdf, &drawing.pdf().map_err(at)?)?;
    let small = drawing.png_at(Resolution::Width(THUMB_WIDTH)).map_err(at)?;
    write(&thumb, &small)?;
    write(&json, crate::format::to_json(&tour).as_bytes())?;
    Ok(Built {
        algorithm: tour.algorithm().to_string(),
        metrics: m,
        construct_secs,
        verify_secs,
        sections,
    })
}

fn section_counts(tour: &crate::Verified, theme: &Theme) -> Vec<(String, u64, String)> {
    let Some(s) = tour.sections() else {
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
