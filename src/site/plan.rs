//! The build plan: the catalogue resolved into a list of tours to build, each with a
//! checked board, algorithm and slug, plus the series (lists of those tours) and the
//! prose pages. Everything that can be refused without building a tour is refused here,
//! naming the file, line and field, before any work starts.

use std::collections::HashMap;

use super::catalogue::{Catalogue, Located, PageSpec, Place, TourSpec};
use crate::board::{Board, Leaper};
use crate::construct::{self, Algo, Part, Request};
use crate::Error;

/// Most boards one series may expand to.
const MAX_SERIES_LEN: u32 = 1000;

/// One tour to build.
#[derive(Clone, Debug)]
pub struct Job {
    /// Its page is `tours/<slug>.html`.
    pub slug: String,
    /// The heading of its page.
    pub title: String,
    /// A short note from the catalogue.
    pub note: String,
    /// Tags for filtering (series members carry their series' tags).
    pub tags: Vec<String>,
    /// The construction asked for (`auto` allowed).
    pub algorithm: Algo,
    /// The board, open or closed, variant and seed.
    pub request: Request,
    /// Where its board was written, for errors found while building it.
    pub place: Place,
    /// Whether a `[[tour]]` lists it (rather than only a series).
    pub listed: bool,
    /// Whether the catalogue lets its page offer downloads (`downloads = false`).
    pub downloads: bool,
    /// The slugs of the series it belongs to.
    pub series: Vec<String>,
    /// Whether its page may get a tiled pyramid of its full detail when that is too
    /// heavy as SVG (see `pyramid`): catalogue tours and each series' largest board.
    pub pyramid: bool,
}

/// A series: tours of one construction over growing boards.
#[derive(Clone, Debug)]
pub struct Series {
    /// Its name in the output.
    pub slug: String,
    /// Its heading.
    pub title: String,
    /// The construction, as asked.
    pub algorithm: String,
    /// Indices into [`Plan::jobs`], smallest board first.
    pub members: Vec<usize>,
}

/// Everything the build will make.
#[derive(Clone, Debug)]
pub struct Plan {
    /// Tours, listed ones first in catalogue order, then series members.
    pub jobs: Vec<Job>,
    /// Series in catalogue order.
    pub series: Vec<Series>,
    /// Prose pages.
    pub pages: Vec<PageSpec>,
    /// The `[site]` settings.
    pub site: super::catalogue::SiteConfig,
}

/// Tours that ask for the same thing are built once.
type Key = (
    u32,
    u32,
    (u32, u32),
    String,
    Option<String>,
    bool,
    u64,
    String,
);

fn key(job: &Job) -> Key {
    let r = &job.request;
    (
        r.board.width(),
        r.board.height(),
        r.board.leaper().steps(),
        job.algorithm.to_string(),
        r.variant.clone(),
        r.open,
        r.seed,
        r.board.topology().to_string(),
    )
}

/// Resolves and checks the catalogue.
pub fn plan(cat: Catalogue) -> Result<Plan, Error> {
    let mut jobs: Vec<Job> = Vec::new();
    let mut by_key: HashMap<Key, usize> = HashMap::new();
    let mut slugs: HashMap<String, Place> = HashMap::new();
    for spec in &cat.tours {
        let job = resolve(spec, &spec.board)?;
        let place = spec.slug.as_ref().map_or(&job.place, |s| &s.place);
        claim_slug(&mut slugs, &job.slug, place, "tour")?;
        by_key.entry(key(&job)).or_insert(jobs.len());
        jobs.push(job);
    }
    let mut series = Vec::new();
    let mut series_slugs = HashMap::new();
    for s in &cat.series {
        check_slug(&s.slug)?;
        claim_slug(&mut series_slugs, &s.slug.value, &s.slug.place, "series")?;
        let mut members = Vec::new();
        for n in sizes(&s.sizes)? {
            let board = Located {
                value: s.board.value.replace("{n}", &n.to_string()),
                place: s.board.place.clone(),
            };
            let mut job = resolve(&s.tour, &board)?;
            job.listed = false;
            job.pyramid = false;
            let idx = match by_key.get(&key(&job)) {
                Some(&i) => i,
                None => {
                    claim_slug(&mut slugs, &job.slug, &job.place, "tour")?;
                    by_key.insert(key(&job), jobs.len());
                    jobs.push(job);
                    jobs.len() - 1
                }
            };
            let j = &mut jobs[idx];
            if !j.series.contains(&s.slug.value) {
                j.series.push(s.slug.value.clone());
                for t in &s.tour.tags {
                    if !j.tags.contains(t) {
                        j.tags.push(t.clone());
                    }
                }
            }
            members.push(idx);
        }
        if let Some(&last) = members.last() {
            jobs[last].pyramid = true;
        }
        series.push(Series {
            slug: s.slug.value.clone(),
            title: s.title.clone(),
            algorithm: s.tour.algorithm.value.clone(),
            members,
        });
    }
    let mut page_slugs = HashMap::new();
    for p in &cat.pages {
        check_slug(&p.slug)?;
        claim_slug(&mut page_slugs, &p.slug.value, &p.slug.place, "page")?;
    }
    Ok(Plan {
        jobs,
        series,
        pages: cat.pages,
        site: cat.site,
    })
}

/// The sizes a series runs over.
fn sizes(s: &Located<(u32, u32, u32)>) -> Result<Vec<u32>, Error> {
    let (from, to, step) = s.value;
    if step == 0 || from > to {
        return Err(s.place.error(
            "sizes",
            format!(
                "from = {from}, to = {to}, step = {step} is empty: need from <= to and step >= 1"
            ),
        ));
    }
    if (to - from) / step + 1 > MAX_SERIES_LEN {
        return Err(s.place.error(
            "sizes",
            format!("the series has more than {MAX_SERIES_LEN} boards"),
        ));
    }
    Ok((from..=to).step_by(step as usize).collect())
}

/// A catalogue's `leaper = "A,B"`.
fn leaper(text: &str) -> Result<Leaper, Error> {
    let bad = || Error::invalid(format!("'{text}' is not a leaper: write A,B, e.g. 1,4"));
    let (a, b) = text.split_once(',').ok_or_else(bad)?;
    let step = |t: &str| t.trim().parse::<u32>().map_err(|_| bad());
    Leaper::new(step(a)?, step(b)?)
}

/// One tour of the catalogue, checked: the board parses and has a tour of the kind
/// asked for, the algorithm exists, has the variant, and supports the board.
fn resolve(spec: &TourSpec, board: &Located<String>) -> Result<Job, Error> {
    let b: Board = board
        .value
        .parse()
        .map_err(|e: Error| board.place.error("board", e.to_string()))?;
    let b = match &spec.leaper {
        None => b,
        Some(l) => leaper(&l.value)
            .and_then(|leaper| Board::with_leaper(b.width(), b.height(), leaper))
            .map_err(|e| l.place.error("leaper", e.to_string()))?,
    };
    let b = match &spec.topology {
        Some(t) => b.with_topology(
            t.value
                .parse()
                .map_err(|e: Error| t.place.error("topology", e.to_string()))?,
        ),
        None => b,
    };
    let algo: Algo = spec
        .algorithm
        .value
        .parse()
        .map_err(|e: Error| spec.algorithm.place.error("algorithm", e.to_string()))?;
    let variant = spec.variant.as_ref().map(|v| v.value.clone());
    let request = Request {
        board: b.clone(),
        open: spec.open,
        variant: variant.clone(),
        seed: spec.seed,
        start: None,
    };
    construct::resolve(&request, algo).map_err(|r| match (r.part, &spec.variant) {
        (Part::Variant, Some(v)) => v.place.error("variant", r.error.to_string()),
        _ => board.place.error("board", r.error.to_string()),
    })?;
    let slug = match &spec.slug {
        Some(s) => {
            check_slug(s)?;
            s.value.clone()
        }
        None => default_slug(&b, algo.name(), variant.as_deref(), spec.open, spec.seed),
    };
    let kind = request.kind();
    Ok(Job {
        title: spec
            .title
            .clone()
            .unwrap_or_else(|| format!("{b} {kind} tour, {algo}")),
        slug,
        note: spec.note.clone(),
        tags: spec.tags.clone(),
        algorithm: algo,
        request,
        place: board.place.clone(),
        listed: true,
        downloads: spec.downloads,
        series: Vec::new(),
        pyramid: true,
    })
}

fn default_slug(b: &Board, algo: &str, variant: Option<&str>, open: bool, seed: u64) -> String {
    let mut s = format!("{}x{}-{algo}", b.width(), b.height());
    if b.topology().wraps() {
        s = format!("{}x{}-{}-{algo}", b.width(), b.height(), b.topology());
    }
    if let Some(v) = variant {
        s.push('-');
        s.extend(v.chars().map(|c| if slug_char(c) { c } else { '-' }));
    }
    if open {
        s.push_str("-open");
    }
    if seed != 0 {
        s.push_str(&format!("-seed{seed}"));
    }
    s
}

fn slug_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.'
}

/// A slug becomes a file name in the output: it must stay inside the output folder and
/// be safe in a URL.
fn check_slug(s: &Located<String>) -> Result<(), Error> {
    let v = &s.value;
    if v.is_empty() {
        return Err(s.place.error("slug", "the slug is empty"));
    }
    if v.contains(['/', '\\']) || v.starts_with('.') || v.contains(':') {
        return Err(s.place.error(
            "slug",
            format!("slug '{v}' would escape the output folder: use letters, digits, '-', '_' and '.' (not first)"),
        ));
    }
    if !v.chars().all(slug_char) {
        return Err(s.place.error(
            "slug",
            format!("slug '{v}' may only contain letters, digits, '-', '_' and '.'"),
        ));
    }
    Ok(())
}

/// Slugs name files; names differing only in case collide on some file systems.
fn claim_slug(
    seen: &mut HashMap<String, Place>,
    slug: &str,
    place: &Place,
    what: &str,
) -> Result<(), Error> {
    if let Some(first) = seen.get(&slug.to_ascii_lowercase()) {
        return Err(place.error(
            "slug",
            format!(
                "duplicate {what} slug '{slug}': {}, line {} already uses it",
                first.file, first.line
            ),
        ));
    }
    seen.insert(slug.to_ascii_lowercase(), place.clone());
    Ok(())
}
