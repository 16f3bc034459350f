//! A site as a value, as zola has one: [`Site::load`] reads and checks everything a
//! build reads (the catalogue, its plan, the templates, the theme) before anything is
//! written; [`Site::build`] writes it, as many times as asked; [`Site::reload`] reads
//! the inputs again after an edit, keeping what it had when they no longer load.
//! `knights build` loads and builds once; `knights serve` holds one site, its worker
//! threads included, for all its rebuilds.

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Instant;

use rayon::prelude::*;
use rayon::ThreadPool;
use tera::Tera;

use crate::cache::{Cache, ThemeKey};
use crate::error::SiteError;
use crate::exhibit::{self, Exhibit};
use crate::options::{check_jobs, BuildOptions};
use crate::plan::Plan;
use crate::templates::{self, Templates};
use crate::tours::{self, Built};
use crate::{catalogue, exhibits, files, guards, html, links, output, pages, plan, timings};
use knights_core::{Error, Named, Unknown};
use knights_render::Theme;

/// The folders of the site every build makes, whether or not anything goes in them.
const FOLDERS: [&str; 7] = [
    "tours", "files", "thumbs", "compare", "pages", "plots", "static",
];

/// A gallery ready to build: its options, its worker threads, and its inputs, read
/// and checked.
pub struct Site {
    options: BuildOptions,
    pool: ThreadPool,
    inputs: Inputs,
}

/// Everything a build reads, checked: the plan, the templates and the drawings'
/// settings, and how long reading them took.
struct Inputs {
    plan: Plan,
    /// The exhibits of the build: the caller's, less those with a page of their own
    /// when `[site] explorer = false`.
    exhibits: Vec<&'static dyn Exhibit>,
    templates: Templates,
    tera: Tera,
    settings: tours::Settings,
    secs: f64,
}

impl Site {
    /// Reads and checks everything a build of `options` reads, and starts its worker
    /// threads; nothing is written.
    pub fn load(options: BuildOptions) -> Result<Site, Error> {
        let start = Instant::now();
        if let Some(n) = options.jobs {
            check_jobs(n)?;
        }
        let mut inputs = Inputs::read(&options)?;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(options.jobs.unwrap_or(0))
            .build()
            .map_err(|source| SiteError::Threads {
                jobs: options.jobs,
                source,
            })?;
        inputs.secs = start.elapsed().as_secs_f64();
        Ok(Site {
            options,
            pool,
            inputs,
        })
    }

    /// Reads the inputs again (after an edit). When they do not load, the error is
    /// returned and the site keeps what it had.
    pub fn reload(&mut self) -> Result<(), Error> {
        let start = Instant::now();
        let mut inputs = Inputs::read(&self.options)?;
        inputs.secs = start.elapsed().as_secs_f64();
        self.inputs = inputs;
        Ok(())
    }

    /// Each tour the site builds, by its slug, with what it asks for (whose
    /// [`crate::Target::command`] its page shows).
    pub fn tours(&self) -> impl Iterator<Item = (&str, &crate::Target)> {
        self.inputs
            .plan
            .jobs
            .iter()
            .map(|j| (j.slug.as_str(), &j.target))
    }

    /// What the site was loaded with.
    pub fn options(&self) -> &BuildOptions {
        &self.options
    }

    /// What a build reads, which `knights serve` watches: the content folder, the
    /// `--templates` folder, and the theme file when the catalogue names one (as last
    /// loaded).
    pub fn inputs(&self) -> Vec<PathBuf> {
        let opts = &self.options;
        let mut out = vec![opts.content.clone()];
        if !opts.templates.as_os_str().is_empty() {
            out.push(opts.templates.clone());
        }
        let theme = &self.inputs.plan.site.theme;
        if !knights_render::theme::BUILT_IN.contains(&theme.as_str()) {
            out.push(opts.content.join(theme));
        }
        out
    }

    /// Builds the gallery into the output folder: a staging folder gets the exhibits
    /// and the tours (in parallel with each other, through the cache), the metrics,
    /// the pages, the content's static files, the sitemap and the build's times, and
    /// is swapped in whole at the end. A failure at any step leaves the previous site
    /// as it was.
    ///
    /// The steps of the test hook ([`knights_core::interrupt::step`]), in order: the
    /// staging folder made (1), its frame (2), the tours and exhibits (3), the pages
    /// (4), the times (5), the swap (6, in [`output::Staging::commit`]), the old site's
    /// removal begun (7, the same), the cache pruned (8).
    pub fn build(&self) -> Result<Summary, Error> {
        use knights_core::interrupt::step;
        let start = Instant::now();
        let opts = &self.options;
        let staging = output::begin(&opts.out, opts.force)?;
        step();
        let dir = staging.dir().to_path_buf();
        let cache = Cache::open(&opts.out, opts.force);
        self.write_frame(&dir)?;
        step();
        let (exhibits, built) = self.pool.install(|| {
            rayon::join(
                || self.write_exhibits(&dir, &cache),
                || {
                    let (settings, jobs) = (&self.inputs.settings, &self.inputs.plan.jobs);
                    tours::build_all(jobs, settings, &dir, &cache, opts.progress, &self.pool)
                },
            )
        });
        let (exhibits, built) = (exhibits?, built?);
        step();
        let pages = self
            .pool
            .install(|| self.write_pages(&dir, &built, &cache))?;
        step();
        let seconds = self.inputs.secs + start.elapsed().as_secs_f64();
        timings::write(&dir, &self.inputs.plan, &built, seconds)?;
        step();
        staging.commit()?;
        cache.prune()?;
        step();
        Ok(Summary {
            entries: built.len(),
            cached: built.iter().filter(|b| b.cached).count(),
            exhibits: exhibits.exhibits,
            exhibits_cached: exhibits.cached,
            pages,
            seconds,
            bytes: files::size(&opts.out)?,
            out: opts.out.clone(),
            warnings: guards::site_warnings(&self.inputs.plan.site),
        })
    }

    /// What comes before the tours: the site's folders and the templates' static
    /// files.
    fn write_frame(&self, dir: &Path) -> Result<(), Error> {
        for sub in FOLDERS {
            let p = dir.join(sub);
            std::fs::create_dir_all(&p).map_err(|e| Error::io(&p, e))?;
        }
        self.inputs.templates.write_static(&dir.join("static"))
    }

    /// What the build gives its exhibits: the theme and the content folder.
    fn exhibit_context(&self) -> exhibit::Context<'_> {
        exhibit::Context {
            theme: &self.inputs.settings.theme,
            content: &self.options.content,
        }
    }

    /// The exhibits the pages show, written beside the tours.
    fn write_exhibits(&self, dir: &Path, cache: &Cache) -> Result<exhibits::Written, Error> {
        let (all, ctx) = (&self.inputs.exhibits, self.exhibit_context());
        let theme = &self.inputs.settings.theme_key;
        exhibits::write_all(all, dir, &ctx, theme, &self.inputs.plan.pages, cache)
    }

    /// What comes after the tours: the metrics, the pages, the content's static files
    /// and the sitemap. Returns the number of pages.
    /// The pages are rendered and written in parallel (run it on the build's threads).
    fn write_pages(&self, dir: &Path, built: &[Built], cache: &Cache) -> Result<usize, Error> {
        let plan = &self.inputs.plan;
        let table = pages::metrics::table(plan, built);
        pages::metrics::write(dir, &table, cache)?;
        let (all, ctx) = (&self.inputs.exhibits, self.exhibit_context());
        let rendered = pages::render_all(&self.inputs.tera, plan, built, &table, (all, &ctx))?;
        rendered.par_iter().try_for_each(|(path, html)| {
            knights_core::interrupt::check()?;
            files::write(&dir.join(path), html.as_bytes())
        })?;
        let paths = rendered.iter().map(|(path, _)| path.as_str());
        if let Some(xml) = links::sitemap(&plan.site.base_url, paths) {
            files::write(&dir.join(links::SITEMAP), xml.as_bytes())?;
        }
        // Last but for the times, so that it meets every file the build has written,
        // and told of the times, written after it.
        let later = [timings::TIMINGS, timings::TIMINGS_SCRIPT];
        let content = &self.options.content;
        files::copy_through(&content.join("static"), content, dir, &later)?;
        Ok(rendered.len())
    }
}

impl Inputs {
    /// Reads and checks the inputs of a build of `opts`, in the order a user fixes
    /// them: the folders, the catalogue, its plan, the templates, the theme.
    fn read(opts: &BuildOptions) -> Result<Inputs, Error> {
        guards::check_folders(opts)?;
        let cat = catalogue::load(&opts.content)?;
        guards::check_catalogue(&cat, &opts.content)?;
        files::check_through(&opts.content.join("static"), &opts.content)?;
        exhibits::check(opts.exhibits, &cat.pages)?;
        let plan = plan::plan(cat)?;
        tours::check_pyramids(&plan.jobs)?;
        let exhibits = exhibits::wanted(opts.exhibits, &plan.site);
        let templates = Templates::load(&templates::folders(opts)?)?;
        let tera = templates.tera(html::escape)?;
        let (theme, theme_key) = load_theme(&plan.site.theme, &opts.content)?;
        let settings = tours::Settings {
            theme,
            theme_key,
            downloads: plan.site.downloads.clone(),
            series_downloads: plan.site.series_downloads,
        };
        Ok(Inputs {
            plan,
            exhibits,
            templates,
            tera,
            settings,
            secs: 0.0,
        })
    }
}

/// The drawings' theme: a built-in name, or a theme file relative to the content folder
/// (read once, so that the theme and its key come from the same bytes), with its key.
fn load_theme(spec: &str, content: &Path) -> Result<(Theme, ThemeKey), Error> {
    if knights_render::theme::BUILT_IN.contains(&spec) {
        return Ok((Theme::load(spec)?, ThemeKey::BuiltIn(spec.to_string())));
    }
    let path = content.join(spec);
    if path.extension().is_none_or(|e| e != "toml") && !path.exists() {
        // Neither a built-in theme nor a file: refused as `Theme::load` refuses it.
        let name = path.to_string_lossy();
        return Err(Unknown::new(Named::Theme, name, &knights_render::theme::BUILT_IN).into());
    }
    let text = knights_core::files::read_to_string(&path, knights_core::files::TEXT_LIMIT)?;
    let theme = Theme::from_toml(&path.display().to_string(), &text)?;
    Ok((theme, ThemeKey::File(text)))
}

/// What a build made.
#[derive(Clone, Debug)]
pub struct Summary {
    /// Tours built (catalogue entries and series members, each once).
    pub entries: usize,
    /// Of those, how many were taken from the build cache.
    pub cached: usize,
    /// Exhibits written (the material of the prose pages: see `exhibits`).
    pub exhibits: usize,
    /// Of those, how many were taken from the build cache (not searched for and drawn
    /// again).
    pub exhibits_cached: usize,
    /// HTML pages written.
    pub pages: usize,
    /// Wall-clock seconds for the whole build (reading the inputs, then writing).
    pub seconds: f64,
    /// The bytes of the site's files (the shipped catalogue's budget is 40 MB).
    pub bytes: u64,
    /// The output folder.
    pub out: PathBuf,
    /// What the build did but a user may not want (e.g. no style sheet to copy).
    pub warnings: Vec<String>,
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "built {} tours ({} unchanged, from the cache) and {} pages into {} in {:.2} s ({:.2} MB)",
            self.entries,
            self.cached,
            self.pages,
            self.out.display(),
            self.seconds,
            self.bytes as f64 / 1e6
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A theme's cache key is what it was read from: a built-in theme's name, a theme
    /// file's text (so an edit changes the key); a name that is neither is refused as
    /// `Theme::load` refuses it.
    #[test]
    fn a_theme_is_keyed_by_what_it_was_read_from() {
        let content = tempfile::tempdir().unwrap();
        let (_, key) = load_theme("print", content.path()).unwrap();
        assert_eq!(key, ThemeKey::BuiltIn("print".into()));
        let file = content.path().join("mine.toml");
        let text = "base = \"print\"\n[tour]\nopacity = 0.5\n";
        std::fs::write(&file, text).unwrap();
        let (theme, key) = load_theme("mine.toml", content.path()).unwrap();
        assert_eq!(theme.tour.opacity, 0.5);
        assert_eq!(key, ThemeKey::File(text.into()));
        std::fs::write(&file, "base = \"print\"\n").unwrap();
        let (_, edited) = load_theme("mine.toml", content.path()).unwrap();
        assert_ne!(edited, key);
        let e = load_theme("nope", content.path()).unwrap_err().to_string();
        let nope = content.path().join("nope");
        let want = Theme::load(&nope.to_string_lossy())
            .unwrap_err()
            .to_string();
        assert_eq!(e, want);
        assert!(e.contains("web, print, teaching"), "{e}");
    }
}
