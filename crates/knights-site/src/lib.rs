//! The gallery: `knights build` reads the catalogue in `content/`, builds every tour in
//! parallel (construct, verify, measure, draw), and fills the templates (built in, or
//! overridden by `content/templates/` and `--templates`) into `site/`.
//!
//! [`build`] is a straight list of steps: load the catalogue, plan (every check that
//! needs no tour), load the templates, open a staging folder, build the tours, write the
//! metrics and plots, render the pages, copy `content/static/` through, write the
//! sitemap, and swap the staging folder in. A failure at any
//! step leaves the previous site as it was.

mod catalogue;
mod config;
mod exhibit;
mod exhibits;
mod files;
mod formation;
#[cfg(test)]
mod fuzz;
mod guards;
mod heels;
mod html;
pub mod init;
mod links;
mod output;
mod pages;
mod pattern;
mod place;
mod plan;
mod plots;
#[cfg(feature = "serve")]
pub mod serve;
mod teaching;
pub mod templates;
mod tours;

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Instant;

pub use links::SITEMAP;
pub use output::MARKER;

use knights_core::Error;

/// The most worker threads a build starts (each has its own stack).
pub const MAX_JOBS: usize = 256;

/// `n` when it is a number of worker threads a build may start (1 to [`MAX_JOBS`]).
pub fn check_jobs(n: usize) -> Result<usize, Error> {
    if (1..=MAX_JOBS).contains(&n) {
        Ok(n)
    } else {
        Err(Error::invalid(format!(
            "{n} is not a number of worker threads from 1 to {MAX_JOBS}"
        )))
    }
}

/// What `knights build` was asked to do.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// The catalogue folder (`content/`).
    pub content: PathBuf,
    /// A folder of templates and `static/` files that overrides the built-in ones file
    /// by file (after the content folder's own `templates/`); an empty path: none.
    pub templates: PathBuf,
    /// Where the site goes (`site/`).
    pub out: PathBuf,
    /// Worker threads, 1 to [`MAX_JOBS`] (default: one per core).
    pub jobs: Option<usize>,
    /// Replace an output folder this tool did not create, and build every tour again
    /// rather than take it from the build cache.
    pub force: bool,
    /// Report progress on standard error (a bar on a terminal, lines otherwise).
    pub progress: bool,
}

impl Default for BuildOptions {
    fn default() -> BuildOptions {
        BuildOptions {
            content: "content".into(),
            templates: PathBuf::new(),
            out: "site".into(),
            jobs: None,
            force: false,
            progress: false,
        }
    }
}

/// What a build made.
#[derive(Clone, Debug)]
pub struct Summary {
    /// Tours built (catalogue entries and series members, each once).
    pub entries: usize,
    /// Of those, how many were taken from the build cache.
    pub cached: usize,
    /// HTML pages written.
    pub pages: usize,
    /// Wall-clock seconds for the whole build.
    pub seconds: f64,
    /// The output folder.
    pub out: PathBuf,
    /// What the build did but a user may not want (e.g. no style sheet to copy).
    pub warnings: Vec<String>,
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "built {} tours ({} unchanged, from the cache) and {} pages into {} in {:.2} s",
            self.entries,
            self.cached,
            self.pages,
            self.out.display(),
            self.seconds
        )
    }
}

/// Builds the gallery. See the module documentation for the steps.
pub fn build(opts: &BuildOptions) -> Result<Summary, Error> {
    let start = Instant::now();
    if let Some(n) = opts.jobs {
        check_jobs(n)?;
    }
    guards::check_folders(opts)?;
    let cat = catalogue::load(&opts.content)?;
    guards::check_catalogue(&cat, &opts.content)?;
    let plan = plan::plan(cat)?;
    let templates = templates::Templates::load(&templates::folders(opts)?)?;
    let tera = templates.tera(html::escape)?;
    let settings = tours::Settings {
        theme: load_theme(&plan.site.theme, &opts.content)?,
        downloads: plan.site.downloads.clone(),
        series_downloads: plan.site.series_downloads,
    };
    let staging = output::begin(&opts.out, opts.force)?;
    let dir = staging.dir().to_path_buf();
    for sub in [
        "tours", "files", "thumbs", "compare", "pages", "plots", "static",
    ] {
        let p = dir.join(sub);
        std::fs::create_dir_all(&p).map_err(|e| Error::io(&p, e))?;
    }
    templates.write_static(&dir.join("static"))?;
    let gallery = exhibit::Context {
        theme: &settings.theme,
    };
    exhibits::write_all(&dir, &gallery)?;

    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.jobs.unwrap_or(0))
        .build()
        .map_err(|e| Error::invalid(format!("cannot start {:?} worker threads: {e}", opts.jobs)))?;
    let cache = tours::Cache::open(&opts.out, opts.force);
    let built = tours::build_all(&plan.jobs, &settings, &dir, &cache, opts.progress, &pool)?;

    let metrics = pages::metrics::table(&plan, &built);
    pages::metrics::write(&dir, &metrics)?;
    let rendered = pages::render_all(&tera, &plan, &built, &metrics)?;
    for (path, html) in &rendered {
        files::write(&dir.join(path), html.as_bytes())?;
    }
    copy_through(&opts.content.join("static"), &dir)?;
    let pages = rendered.iter().map(|(path, _)| path.as_str());
    if let Some(xml) = links::sitemap(&plan.site.base_url, pages) {
        files::write(&dir.join(links::SITEMAP), xml.as_bytes())?;
    }
    staging.commit()?;
    cache.prune()?;
    let seconds = start.elapsed().as_secs_f64();
    write_timings(&opts.out, &plan, &built, seconds)?;
    Ok(Summary {
        entries: built.len(),
        cached: built.iter().filter(|b| b.cached).count(),
        pages: rendered.len(),
        seconds,
        out: opts.out.clone(),
        warnings: guards::site_warnings(&plan.site),
    })
}

/// What a build of `opts` reads, which `knights serve` watches: the content folder,
/// the `--templates` folder, and the theme file when the catalogue names one.
pub fn inputs(opts: &BuildOptions) -> Vec<PathBuf> {
    let mut out = vec![opts.content.clone()];
    if !opts.templates.as_os_str().is_empty() {
        out.push(opts.templates.clone());
    }
    if let Ok(cat) = catalogue::load(&opts.content) {
        if !knights_render::theme::BUILT_IN.contains(&cat.site.theme.as_str()) {
            out.push(opts.content.join(&cat.site.theme));
        }
    }
    out
}

/// The drawings' theme: a built-in name, or a theme file relative to the content folder.
fn load_theme(spec: &str, content: &Path) -> Result<knights_render::Theme, Error> {
    if knights_render::theme::BUILT_IN.contains(&spec) {
        knights_render::Theme::load(spec)
    } else {
        knights_render::Theme::load(&content.join(spec).to_string_lossy())
    }
}

/// How long each tour took, in `timings.json` and `timings.js` beside the pages: the
/// only files that differ between two builds of the same catalogue, so they are
/// written after the site is in place and no page includes them (the timings page,
/// the same in every build, loads the script).
fn write_timings(
    out: &Path,
    plan: &plan::Plan,
    built: &[tours::Built],
    seconds: f64,
) -> Result<(), Error> {
    let tours: Vec<_> = plan
        .jobs
        .iter()
        .zip(built)
        .map(|(j, b)| {
            serde_json::json!({
                "tour": j.slug, "construct_secs": b.construct_secs,
                "verify_secs": b.verify_secs, "draw_secs": b.draw_secs,
                "from_cache": b.cached,
            })
        })
        .collect();
    let json = serde_json::json!({ "build_secs": seconds, "tours": tours });
    let text = serde_json::to_string_pretty(&json).expect("timings serialize");
    files::write(&out.join(TIMINGS), text.as_bytes())?;
    // The same for the timings page, as a script: it loads from `file://` too.
    let script = format!("window.knightsTimings = {text};\n");
    files::write(&out.join(TIMINGS_SCRIPT), script.as_bytes())
}

/// The file with the build's timings (see [`write_timings`]).
pub const TIMINGS: &str = "timings.json";
/// The timings as a script, read by the timings page (`timings.html`).
pub const TIMINGS_SCRIPT: &str = "timings.js";
/// The files that differ between two builds of the same catalogue: the timings.
pub const MEASURED: [&str; 2] = [TIMINGS, TIMINGS_SCRIPT];

/// Copies the content's `static/` folder (a CNAME, a robots.txt...) into the site
/// unchanged, refusing to replace a file the build wrote.
fn copy_through(from: &Path, to: &Path) -> Result<(), Error> {
    if !from.is_dir() {
        return Ok(());
    }
    for (rel, path) in templates::list(from)? {
        let dest = to.join(&rel);
        if dest.exists() {
            return Err(Error::invalid(format!(
                "{}: the site already has {rel} (the build writes it): rename the file{}",
                path.display(),
                if rel.starts_with("static/") {
                    ", or put it in the content's templates/ folder to override a built-in one"
                } else {
                    ""
                }
            )));
        }
        if let Some(parent) = dest.parent() {
            std::fs::create_dir_all(parent).map_err(|e| Error::io(parent, e))?;
        }
        std::fs::copy(&path, &dest).map_err(|e| Error::io(&path, e))?;
    }
    Ok(())
}
