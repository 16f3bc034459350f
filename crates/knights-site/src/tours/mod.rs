//! The build's third step: every tour of the plan built on its own (construct, verify,
//! measure, draw, write its files), in parallel on the build's worker threads, each
//! taken from the build cache when nothing its files depend on changed. Every tour takes
//! the one road of [`tour`], which branches only where the drawing differs ([`flat`],
//! [`levels`]); each ships the files every tour page has through [`ship`] and returns a
//! [`Built`] record.

mod built;
mod flat;
mod levels;
mod progress;
mod pyramid;
mod ship;
mod tour;

use std::path::Path;
use std::time::Instant;

use rayon::prelude::*;
use rayon::ThreadPool;

use crate::cache::{Cache, ThemeKey};
use crate::plan::{Job, TargetKey};
use knights_core::Error;

pub use built::{Built, Drawn};
pub use levels::LEVEL_MIN_PX;
pub use pyramid::check_jobs as check_pyramids;
pub use ship::Settings;

/// Builds every job into `dir` (the staging folder) on `pool`, through `cache`,
/// reporting progress on standard error when `progress` is set. The records are in the
/// order of `jobs`; a failure stops the build and is its error.
///
/// The jobs are handed to the threads largest first ([`cost`]), each to the next
/// thread free: the three 200x200 tile tours take a tenth of a cold build, and started
/// last (they came late in the catalogue, and rayon splits a list in halves) they left
/// one core idle at its end.
pub fn build_all(
    jobs: &[Job],
    settings: &Settings,
    dir: &Path,
    cache: &Cache,
    progress: bool,
    pool: &ThreadPool,
) -> Result<Vec<Built>, Error> {
    let bar = progress::Progress::new(progress, jobs.len());
    let built: Result<Vec<(usize, Built)>, Error> = pool.install(|| {
        largest_first(jobs)
            .into_iter()
            .par_bridge()
            .map(|i| {
                knights_core::interrupt::check()?;
                let job = &jobs[i];
                let t = Instant::now();
                let r = cached_or_built(job, settings, dir, cache);
                bar.done(job, r.as_ref().ok(), t.elapsed().as_secs_f64());
                r.map(|b| (i, b))
            })
            .collect()
    });
    bar.finish();
    let mut built = built?;
    built.sort_unstable_by_key(|(i, _)| *i);
    Ok(built.into_iter().map(|(_, b)| b).collect())
}

/// The indices of `jobs`, the costliest first by [`cost`], in catalogue order among
/// equals.
fn largest_first(jobs: &[Job]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..jobs.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(cost(&jobs[i])));
    order
}

/// A job's cost, roughly: its cells, four times over when it may get a pyramid and
/// crops (drawn at every level and place). Measured on the shipped catalogue, one
/// thread: the 200x200 tile tours 2.3 to 5.4 s, 100x100 0.7 s, the median tour 0.1 s.
fn cost(job: &Job) -> u64 {
    let cells: u64 = job.target.sides().iter().map(|&s| s as u64).product();
    if job.pyramid {
        cells * 4
    } else {
        cells
    }
}

/// Everything the files of a tour depend on besides this binary: what it asks for,
/// its slug, the theme, the downloads it ships and whether it may get a pyramid.
#[derive(Hash)]
struct TourKey<'a> {
    target: TargetKey,
    slug: &'a str,
    theme: &'a ThemeKey,
    downloads: &'a [String],
    pyramid: bool,
}

/// `job` from the cache when it has it, else built now and put in the cache.
fn cached_or_built(
    job: &Job,
    settings: &Settings,
    dir: &Path,
    cache: &Cache,
) -> Result<Built, Error> {
    let key = Cache::key(&TourKey {
        target: job.target.key(),
        slug: &job.slug,
        theme: &settings.theme_key,
        downloads: ship::downloads(job, settings),
        pyramid: job.pyramid,
    });
    let files = |b: &Built| b.all_files().cloned().collect::<Vec<_>>();
    match cache.get(&key, dir, files) {
        Some(b) => Ok(Built { cached: true, ..b }),
        None => tour::build(job, settings, dir).inspect(|b| cache.put(&key, dir, b, &files(b))),
    }
}
