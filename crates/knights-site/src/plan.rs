//! The build plan: the catalogue resolved into a list of tours to build, each with a
//! checked board, algorithm and slug, plus the series (lists of those tours) and the
//! prose pages. Everything that can be refused without building a tour is refused here,
//! naming the file, line and field, before any work starts.

use std::collections::HashMap;

use super::catalogue::{Catalogue, PageSpec, SeriesSpec, TourSpec};
use super::config::SiteConfig;
use super::pattern;
use super::place::{Located, Place};
use super::slugs::{check_slug, claim_slug, default_slug};
use knights_construct::{self as construct, Algo, Part, Request, Resolved};
use knights_core::Error;
use knights_core::{Board, Leaper};

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
    /// The board and the construction asked for.
    pub target: Target,
    /// Where its board was written, for errors found while building it.
    pub place: Place,
    /// Whether a `[[tour]]` lists it (rather than only a series).
    pub listed: bool,
    /// Whether the catalogue lets its page offer downloads (`downloads = false`).
    pub downloads: bool,
    /// The slugs of the series it belongs to.
    pub series: Vec<String>,
    /// Whether its page may get a tiled pyramid of its full detail when that is too
    /// heavy as SVG (see `pyramid`) and detailed crops of its corners and busiest
    /// places: catalogue tours and each series' largest board.
    pub pyramid: bool,
}

/// What a job builds: a tour of a board of any number of sides, by the construction
/// asked for, through [`knights_construct`]'s registry. It keeps the request as the
/// registry resolved it (checked and matched with its construction), so building the
/// tour resolves nothing again.
#[derive(Clone, Debug)]
pub struct Target {
    /// The construction asked for (`auto` allowed).
    pub algorithm: Algo,
    /// The board, open or closed, variant and seed, resolved.
    resolved: Resolved,
}

/// Everything a [`Target`] asks for, as a value: two targets with equal keys build the
/// same tour. Typed (no `Debug` text), so that a change to how a type prints can
/// neither change a key nor make two keys alike.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TargetKey {
    /// The construction asked for, by name (`auto` allowed).
    algorithm: &'static str,
    /// The board, with its leaper, topology and holes.
    board: Board,
    open: bool,
    variant: Option<String>,
    seed: u64,
    start: Option<(u32, u32)>,
}

impl Target {
    /// The request as resolved, ready to build ([`Resolved::build`]).
    pub fn resolved(&self) -> &Resolved {
        &self.resolved
    }

    /// The board, open or closed, variant and seed.
    pub fn request(&self) -> &Request {
        self.resolved.request()
    }

    /// Everything it asks for, as a key.
    pub fn key(&self) -> TargetKey {
        let r = self.request();
        TargetKey {
            algorithm: self.algorithm.name(),
            board: r.board.clone(),
            open: r.open,
            variant: r.variant.clone(),
            seed: r.seed,
            start: r.start,
        }
    }

    /// The board as written, `WxH` (with its topology when it wraps) or `WxHxD...`.
    pub fn board_name(&self) -> String {
        let b = &self.request().board;
        match b.topology() {
            _ if b.dims() > 2 => b.to_string(),
            knights_core::Topology::Plane => format!("{}x{}", b.width(), b.height()),
            t => format!("{}x{} {t}", b.width(), b.height()),
        }
    }

    /// The sides, x first.
    pub fn sides(&self) -> Vec<u32> {
        self.request().board.sides()
    }

    /// The leaper that tours the board.
    pub fn leaper(&self) -> Leaper {
        self.request().board.leaper()
    }

    /// `open` or `closed`.
    pub fn kind(&self) -> knights_core::TourKind {
        self.request().kind()
    }

    /// The construction asked for, as named.
    pub fn algorithm(&self) -> String {
        self.algorithm.to_string()
    }
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
    pub site: SiteConfig,
}

/// Resolves and checks the catalogue.
pub fn plan(cat: Catalogue) -> Result<Plan, Error> {
    let mut jobs = Jobs::default();
    for spec in &cat.tours {
        jobs.add_listed(spec)?;
    }
    let mut series = Vec::new();
    let mut series_slugs = HashMap::new();
    for s in &cat.series {
        check_slug(&s.slug)?;
        claim_slug(&mut series_slugs, &s.slug.value, &s.slug.place, "series")?;
        series.push(jobs.add_series(s)?);
    }
    let mut page_slugs = HashMap::new();
    for p in &cat.pages {
        check_slug(&p.slug)?;
        claim_slug(&mut page_slugs, &p.slug.value, &p.slug.place, "page")?;
    }
    Ok(Plan {
        jobs: jobs.jobs,
        series,
        pages: cat.pages,
        site: cat.site,
    })
}

/// The jobs planned so far, each once, and the slugs they took.
#[derive(Default)]
struct Jobs {
    jobs: Vec<Job>,
    /// Tours that ask for the same thing are built once.
    by_key: HashMap<TargetKey, usize>,
    slugs: HashMap<String, Place>,
}

impl Jobs {
    /// A `[[tour]]` of the catalogue: always a job of its own (its slug must be free).
    fn add_listed(&mut self, spec: &TourSpec) -> Result<(), Error> {
        let job = resolve(spec, &spec.board)?;
        let place = spec.slug.as_ref().map_or(&job.place, |s| &s.place);
        claim_slug(&mut self.slugs, &job.slug, place, "tour")?;
        self.by_key
            .entry(job.target.key())
            .or_insert(self.jobs.len());
        self.jobs.push(job);
        Ok(())
    }

    /// A series: a job per size, shared with a tour or another series that asks for
    /// the same thing, and carrying the series' slug and tags; its largest board may
    /// get a pyramid.
    fn add_series(&mut self, s: &SeriesSpec) -> Result<Series, Error> {
        let mut members = Vec::new();
        for n in sizes(&s.sizes)? {
            let board = Located {
                value: pattern::expand(&s.board.value, n)
                    .map_err(|e| s.board.place.error("board", e.to_string()))?,
                place: s.board.place.clone(),
            };
            let idx = self.member(resolve(&s.tour, &board)?)?;
            let j = &mut self.jobs[idx];
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
            self.jobs[last].pyramid = true;
        }
        Ok(Series {
            slug: s.slug.value.clone(),
            title: s.title.clone(),
            algorithm: s.tour.algorithm.value.clone(),
            members,
        })
    }

    /// The index of the series member `job`: the job that asks for the same thing,
    /// or `job` itself, added unlisted.
    fn member(&mut self, mut job: Job) -> Result<usize, Error> {
        job.listed = false;
        job.pyramid = false;
        let key = job.target.key();
        if let Some(&i) = self.by_key.get(&key) {
            return Ok(i);
        }
        claim_slug(&mut self.slugs, &job.slug, &job.place, "tour")?;
        self.by_key.insert(key, self.jobs.len());
        self.jobs.push(job);
        Ok(self.jobs.len() - 1)
    }
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

/// One tour of the catalogue, checked: the board (of any number of sides) parses and
/// has a tour of the kind asked for, the algorithm exists, has the variant, and
/// supports the board. A board of three or more sides takes no topology.
fn resolve(spec: &TourSpec, board: &Located<String>) -> Result<Job, Error> {
    let b: Board = board
        .value
        .parse()
        .map_err(|e: Error| board.place.error("board", e.to_string()))?;
    let b = match &spec.leaper {
        None => b,
        Some(l) => leaper(&l.value)
            .and_then(|leaper| Board::with_sides(&b.sides(), leaper))
            .map_err(|e| l.place.error("leaper", e.to_string()))?,
    };
    let b = match &spec.topology {
        Some(t) if b.dims() > 2 => {
            return Err(t.place.error(
                "topology",
                format!(
                    "the {b} board has three or more sides, which take no topology: leave out topology = \"{}\"",
                    t.value
                ),
            ))
        }
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
    let kind = request.kind();
    let resolved =
        construct::resolve(&request, algo).map_err(|r| match (r.part, &spec.variant) {
            (Part::Variant, Some(v)) => v.place.error("variant", r.error.to_string()),
            (Part::Algorithm, _) => spec.algorithm.place.error("algorithm", r.error.to_string()),
            _ => board.place.error("board", in_catalogue_words(&r.error)),
        })?;
    let slug = match &spec.slug {
        Some(s) => {
            check_slug(s)?;
            s.value.clone()
        }
        None => default_slug(&b, algo.name(), variant.as_deref(), spec.open, spec.seed),
    };
    let title = format!("{b} {kind} tour, {algo}");
    let target = Target {
        algorithm: algo,
        resolved,
    };
    Ok(job(spec, board, target, slug, title))
}

/// A construction's refusal as a catalogue's author acts on it: the command line's
/// advice "try --open" becomes the entry's setting `open = true`.
fn in_catalogue_words(e: &Error) -> String {
    e.to_string().replace("try --open", "try open = true")
}

/// The job of a checked catalogue entry.
fn job(
    spec: &TourSpec,
    board: &Located<String>,
    target: Target,
    slug: String,
    title: String,
) -> Job {
    Job {
        title: spec.title.clone().unwrap_or(title),
        slug,
        note: spec.note.clone(),
        tags: spec.tags.clone(),
        target,
        place: board.place.clone(),
        listed: true,
        downloads: spec.downloads,
        series: Vec::new(),
        pyramid: true,
    }
}

#[cfg(test)]
mod tests {
    use super::super::catalogue::read_toml;
    use super::*;

    fn plan_of(text: &str) -> Result<Plan, Error> {
        let mut cat = Catalogue::default();
        read_toml("c.toml", text, &mut cat)?;
        plan(cat)
    }

    #[test]
    fn boards_of_three_or_more_sides_become_jobs_like_any_other() {
        let p = plan_of(
            "[[tour]]\nboard = \"16x12x4\"\nalgorithm = \"besa\"\n\
             [[tour]]\nboard = \"5x5x5\"\nopen = true\n\
             [[series]]\nslug = \"cubes\"\ntitle = \"t\"\nboard = \"{n}x{n}x{n}\"\nalgorithm = \"besa\"\nsizes = { from = 16, to = 20, step = 2 }\n\
             [[series]]\nslug = \"g\"\ntitle = \"t\"\nboard = \"{32n+20}x{8n+14}\"\nleaper = \"1,4\"\nalgorithm = \"besa\"\nsizes = { from = 1, to = 3 }\n",
        )
        .unwrap();
        let names: Vec<String> = p.jobs.iter().map(|j| j.target.board_name()).collect();
        assert_eq!(
            names,
            ["16x12x4", "5x5x5", "16x16x16", "18x18x18", "20x20x20", "52x22", "84x30", "116x38"]
        );
        let slugs: Vec<&str> = p.jobs.iter().map(|j| j.slug.as_str()).collect();
        assert_eq!(
            slugs[..3],
            ["16x12x4-besa", "5x5x5-auto-open", "16x16x16-besa"]
        );
        assert_eq!(slugs[5], "52x22-besa-giraffe");
        let t = &p.jobs[0].target;
        assert!(t.algorithm() == "besa" && t.request().board.levels() == 4 && !t.request().open);
        assert_eq!(p.jobs[5].target.leaper(), Leaper::GIRAFFE);
        assert_eq!(p.jobs[2].title, "16x16x16 closed tour, besa");
        assert_eq!(p.series[0].members, [2, 3, 4]);
    }

    /// Issue 39, case 15: a slug too long for a file name is refused with the place
    /// it was written (it failed mid-build with "File name too long" and a staging
    /// path), for a tour, a series and a page alike; one of the longest is taken.
    #[test]
    fn slugs_too_long_for_a_file_name_are_refused_up_front() {
        let long = "a".repeat(300);
        for text in [
            format!("[[tour]]\nboard = \"8x8\"\nslug = \"{long}\"\n"),
            format!(
                "[[series]]\nslug = \"{long}\"\ntitle = \"t\"\nsizes = {{ from = 5, to = 6 }}\n"
            ),
        ] {
            let e = plan_of(&text).unwrap_err().to_string();
            assert!(
                e.contains("field \"slug\": the slug is 300 characters long")
                    && e.contains("at most 200"),
                "{e}"
            );
        }
        let fits = format!(
            "[[tour]]\nboard = \"8x8\"\nslug = \"{}\"\n",
            "a".repeat(200)
        );
        assert_eq!(plan_of(&fits).unwrap().jobs[0].slug.len(), 200);
    }

    #[test]
    fn bad_entries_of_three_or_more_sides_are_refused_at_their_field() {
        let refused = |entry: &str| {
            let e = plan_of(&format!("[[tour]]\n{entry}\n"))
                .unwrap_err()
                .to_string();
            assert_eq!(e.lines().count(), 1, "{e}");
            e
        };
        let e = refused("board = \"5x5x5\"");
        assert!(
            e.starts_with(
                "c.toml: line 2, field \"board\": no closed knight's tour exists on a 5x5x5 board"
            ),
            "{e}"
        );
        let e = refused("board = \"6x4x3\"\nalgorithm = \"besa\"");
        assert!(e.starts_with("c.toml: line 2, field \"board\": "), "{e}");
        assert!(
            e.contains("one of the first two sides must be even and at least 16"),
            "{e}"
        );
        let e = refused("board = \"16x12x4\"\nalgorithm = \"parberry\"");
        assert!(
            e.starts_with("c.toml: line 3, field \"algorithm\": "),
            "{e}"
        );
        assert!(e.contains("use auto, besa or warnsdorff"), "{e}");
        let e = refused("board = \"16x12x4\"\nvariant = \"turns\"");
        assert!(e.starts_with("c.toml: line 3, field \"variant\": "), "{e}");
        let e = refused("board = \"16x12x4\"\ntopology = \"cylinder\"");
        assert!(e.starts_with("c.toml: line 3, field \"topology\": "), "{e}");
        let e = refused("board = \"16x12x4\"\nopen = true\nalgorithm = \"besa\"");
        assert!(e.contains("builds closed tours"), "{e}");
        let e = refused("board = \"16x0x4\"");
        assert!(e.starts_with("c.toml: line 2, field \"board\": "), "{e}");
        let e = refused("board = \"200x100x60\"\nalgorithm = \"warnsdorff\"");
        assert!(e.contains("at most 1000000 cells"), "{e}");
        let e = refused("board = \"16x12x4\"\nleaper = \"1,x\"");
        assert!(e.starts_with("c.toml: line 3, field \"leaper\": "), "{e}");
        let e = plan_of("[[series]]\nslug = \"s\"\ntitle = \"t\"\nboard = \"{2n*3}x8\"\nsizes = { from = 1, to = 2 }\n")
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("c.toml: line 4, field \"board\": '{2n*3}'"),
            "{e}"
        );
    }
}
