//! The build's third step: every tour of the plan built on its own (construct, verify,
//! measure, draw, write its files), in parallel on the build's worker threads, each
//! taken from the build cache when nothing its files depend on changed. A 2-D tour goes
//! through [`plane`], a tour of a board of three or more sides through [`space`]; both
//! ship the files every tour page has through [`ship`] and return a [`Built`] record.

mod built;
mod cache;
mod plane;
mod progress;
mod pyramid;
mod ship;
mod space;

use std::path::Path;
use std::time::Instant;

use rayon::prelude::*;
use rayon::ThreadPool;

use crate::plan::{Job, Target};
use knights_core::Error;

pub use built::{Built, Drawn, Measures};
pub use cache::Cache;
pub use ship::Settings;

/// Builds every job into `dir` (the staging folder) on `pool`, through `cache`,
/// reporting progress on standard error when `progress` is set. The records are in the
/// order of `jobs`; the first failure is the build's error.
pub fn build_all(
    jobs: &[Job],
    settings: &Settings,
    dir: &Path,
    cache: &Cache,
    progress: bool,
    pool: &ThreadPool,
) -> Result<Vec<Built>, Error> {
    let theme_id = format!("{:?}", settings.theme);
    let bar = progress::Progress::new(progress, jobs.len());
    let built = pool.install(|| {
        jobs.par_iter()
            .map(|job| {
                let t = Instant::now();
                let r = cached_or_built(job, settings, dir, cache, &theme_id);
                bar.done(job, r.as_ref().ok(), t.elapsed().as_secs_f64());
                r
            })
            .collect::<Result<Vec<_>, Error>>()
    });
    bar.finish();
    built
}

/// `job` from the cache when it has it, else built now and put in the cache.
fn cached_or_built(
    job: &Job,
    settings: &Settings,
    dir: &Path,
    cache: &Cache,
    theme_id: &str,
) -> Result<Built, Error> {
    let key = Cache::key(&(
        format!("{:?}", job.target),
        &job.slug,
        theme_id,
        ship::downloads(job, settings),
        job.pyramid,
    ));
    match cache.get(&key, dir) {
        Some(b) => Ok(b),
        None => build(job, settings, dir).inspect(|b| cache.put(&key, dir, b)),
    }
}

/// Builds, proves, measures and draws `job` into `out` (the staging folder).
fn build(job: &Job, settings: &Settings, out: &Path) -> Result<Built, Error> {
    match &job.target {
        Target::Plane { algorithm, request } => {
            plane::build(job, request, *algorithm, settings, out)
        }
        Target::Space { algorithm, request } => {
            space::build(job, request, algorithm, settings, out)
        }
    }
}
