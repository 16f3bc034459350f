//! The catalogue as its authors wrote it: the TOML files and markdown pages under
//! `content/`, found with walkdir and read with serde. Nothing is checked here beyond
//! the syntax and the field names; [`super::plan`] resolves boards, algorithms and slugs.
//!
//! Every value a later check may object to keeps the line it came from (a
//! [`Located`] value), so an error can name the file, the line and the field.

use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;
use walkdir::WalkDir;

use super::config::SiteConfig;
use super::place::{Located, Place};
use knights_core::{Error, PathProblem};

/// One `[[tour]]` of a catalogue file.
#[derive(Clone, Debug)]
pub struct TourSpec {
    /// `WxH`.
    pub board: Located<String>,
    /// A construction name or `auto`.
    pub algorithm: Located<String>,
    /// A construction-specific variant.
    pub variant: Option<Located<String>>,
    /// The leaper, `A,B` (the knight when absent).
    pub leaper: Option<Located<String>>,
    /// An open tour rather than a closed one.
    pub open: bool,
    /// Seed for randomised constructions.
    pub seed: u64,
    /// The page's name in the output; derived from the board and algorithm when absent.
    pub slug: Option<Located<String>>,
    /// The heading of its page.
    pub title: Option<String>,
    /// A short note shown on its page.
    pub note: String,
    /// Free tags for filtering.
    pub tags: Vec<String>,
    /// Whether its page offers the `[site]` downloads (`downloads = false` keeps a
    /// large tour's page light: its drawing and data stay on the page).
    pub downloads: bool,
    /// How the board's edges meet (`plane`, `cylinder`, `moebius`, `torus`).
    pub topology: Option<Located<String>>,
}

/// One `[[series]]`: the same construction over a range of board sizes, for the plots.
#[derive(Clone, Debug)]
pub struct SeriesSpec {
    /// Its name in the output and the plots' legends.
    pub slug: Located<String>,
    /// A heading for the metrics page.
    pub title: String,
    /// The board pattern, `{n}` standing for each size (default `{n}x{n}`).
    pub board: Located<String>,
    /// The sizes: `from`, `to` (inclusive), `step`.
    pub sizes: Located<(u32, u32, u32)>,
    /// The entries' common settings (board and slug unused).
    pub tour: TourSpec,
}

/// A markdown page: its slug (the file name), title and body.
#[derive(Clone, Debug)]
pub struct PageSpec {
    /// The file name without `.md`.
    pub slug: Located<String>,
    /// From the front matter, else the first heading, else the slug.
    pub title: String,
    /// Its place in the navigation (smaller first).
    pub weight: i64,
    /// The markdown after the front matter.
    pub body: String,
}

/// The folders of `content/` that hold no catalogue: `templates/` (overrides of the
/// built-in templates) and `static/` (files copied into the site unchanged).
pub const OWN_FOLDERS: [&str; 2] = ["templates", "static"];

/// Everything under `content/`.
#[derive(Clone, Debug, Default)]
pub struct Catalogue {
    /// The `[site]` settings (at most one file may have them).
    pub site: SiteConfig,
    /// Single tours, in file order (files sorted by name).
    pub tours: Vec<TourSpec>,
    /// Series, in file order.
    pub series: Vec<SeriesSpec>,
    /// Markdown pages, sorted by weight then slug.
    pub pages: Vec<PageSpec>,
    /// The file that holds the `[site]` table, if any.
    pub site_file: Option<String>,
}

/// Reads every `*.toml` and `*.md` file under `dir`, but those of its `templates/` and
/// `static/` folders (which the build copies or renders, see [`OWN_FOLDERS`]) and the
/// `README.md` files, which explain a folder to whoever browses the content (the
/// stored optima's results table, say) and are not pages of the gallery.
pub fn load(dir: &Path) -> Result<Catalogue, Error> {
    if !dir.is_dir() {
        return Err(Error::path(
            dir,
            PathProblem::Missing,
            format!(
                "content folder {} not found: pass --content DIR",
                dir.display()
            ),
        ));
    }
    let mut files: Vec<PathBuf> = Vec::new();
    let walk = WalkDir::new(dir)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| e.depth() != 1 || !OWN_FOLDERS.iter().any(|f| e.file_name() == *f));
    for entry in walk {
        let entry = entry.map_err(|e| {
            let path = e.path().unwrap_or(dir).to_path_buf();
            Error::io(path, e.into())
        })?;
        if entry.file_type().is_file() {
            files.push(entry.into_path());
        }
    }
    let mut cat = Catalogue::default();
    for path in files {
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if ext != "toml" && ext != "md" || is_readme(&path) {
            continue;
        }
        let text = knights_core::files::read_to_string(&path, knights_core::files::TEXT_LIMIT)?;
        let name = path.display().to_string();
        if ext == "toml" {
            read_toml(&name, &text, &mut cat)?;
        } else {
            cat.pages.push(read_page(&name, &path, &text)?);
        }
    }
    cat.pages
        .sort_by(|a, b| (a.weight, &a.slug.value).cmp(&(b.weight, &b.slug.value)));
    Ok(cat)
}

/// Whether `path` is a folder's `README.md` (in any case).
fn is_readme(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.eq_ignore_ascii_case("README.md"))
}

/// The 1-based line of byte `offset` in `text`.
fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

/// TOML's messages can span lines; errors are one line.
fn one_line(message: &str) -> String {
    let parts: Vec<&str> = message
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    parts.join("; ")
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    tour: Vec<RawTour>,
    #[serde(default)]
    series: Vec<RawSeries>,
    site: Option<Spanned<SiteConfig>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTour {
    board: Spanned<String>,
    #[serde(default)]
    algorithm: Option<Spanned<String>>,
    variant: Option<Spanned<String>>,
    leaper: Option<Spanned<String>>,
    #[serde(default)]
    open: bool,
    #[serde(default)]
    seed: u64,
    slug: Option<Spanned<String>>,
    title: Option<String>,
    #[serde(default)]
    note: String,
    #[serde(default)]
    tags: Vec<String>,
    #[serde(default = "yes")]
    downloads: bool,
    topology: Option<Spanned<String>>,
}

/// The default of `downloads`.
fn yes() -> bool {
    true
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSeries {
    slug: Spanned<String>,
    title: String,
    board: Option<Spanned<String>>,
    sizes: Spanned<RawSizes>,
    algorithm: Option<Spanned<String>>,
    variant: Option<Spanned<String>>,
    leaper: Option<Spanned<String>>,
    #[serde(default)]
    open: bool,
    #[serde(default)]
    seed: u64,
    #[serde(default)]
    note: String,
    #[serde(default)]
    tags: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSizes {
    from: u32,
    to: u32,
    #[serde(default = "one")]
    step: u32,
}

fn one() -> u32 {
    1
}

/// Turns spans into places for one file.
struct Locator<'a> {
    file: &'a str,
    text: &'a str,
}

impl Locator<'_> {
    /// The place of `field` in the table that starts at byte `start`: its line (`field
    /// = ...`), or the table's when it is not written there.
    fn field_place(&self, start: usize, field: &str) -> Place {
        let mut offset = start;
        for (i, line) in self.text[start.min(self.text.len())..]
            .split_inclusive('\n')
            .enumerate()
        {
            let t = line.trim_start();
            if i > 0 && t.starts_with('[') {
                break;
            }
            let key = t.split('=').next().unwrap_or("").trim().trim_matches('"');
            if t.contains('=') && key == field {
                return self.place(offset..offset);
            }
            offset += line.len();
        }
        self.place(start..start)
    }

    fn place(&self, span: Range<usize>) -> Place {
        Place {
            file: self.file.to_string(),
            line: line_of(self.text, span.start),
        }
    }

    fn locate<T: Clone>(&self, s: &Spanned<T>) -> Located<T> {
        Located {
            value: s.get_ref().clone(),
            place: self.place(s.span()),
        }
    }
}

/// Reads one catalogue file (`file`, its `text`) into `cat`.
pub(super) fn read_toml(file: &str, text: &str, cat: &mut Catalogue) -> Result<(), Error> {
    let raw: RawFile = toml::from_str(text).map_err(|e| {
        let line = e.span().map(|s| line_of(text, s.start)).unwrap_or(1);
        Error::Parse {
            file: file.to_string(),
            place: format!("line {line}"),
            message: one_line(e.message()),
        }
    })?;
    let at = Locator { file, text };
    if let Some(site) = raw.site {
        read_site(&at, site, cat)?;
    }
    cat.tours
        .extend(raw.tour.into_iter().map(|t| tour_spec(&at, t)));
    cat.series
        .extend(raw.series.into_iter().map(|s| series_spec(&at, s)));
    Ok(())
}

/// The `[site]` table of the file `at` reads, checked, unless another file had one.
fn read_site(
    at: &Locator<'_>,
    site: Spanned<SiteConfig>,
    cat: &mut Catalogue,
) -> Result<(), Error> {
    let place = at.place(site.span());
    if let Some(first) = &cat.site_file {
        return Err(place.error(
            "site",
            format!("a second [site] table: {first} already has one"),
        ));
    }
    cat.site_file = Some(at.file.to_string());
    let start = site.span().start;
    cat.site = site.into_inner();
    super::config::check(&mut cat.site, &|field| at.field_place(start, field))
}

/// A `[[tour]]` as read, with the places of its values.
fn tour_spec(at: &Locator<'_>, t: RawTour) -> TourSpec {
    let algorithm = algorithm_or_auto(at, t.algorithm.as_ref(), t.board.span());
    TourSpec {
        board: at.locate(&t.board),
        algorithm,
        variant: t.variant.as_ref().map(|v| at.locate(v)),
        leaper: t.leaper.as_ref().map(|v| at.locate(v)),
        open: t.open,
        seed: t.seed,
        slug: t.slug.as_ref().map(|s| at.locate(s)),
        title: t.title,
        note: t.note,
        tags: t.tags,
        downloads: t.downloads,
        topology: t.topology.as_ref().map(|v| at.locate(v)),
    }
}

/// A `[[series]]` as read, with the places of its values; the board pattern is
/// `{n}x{n}` (placed at the slug) when it has none.
fn series_spec(at: &Locator<'_>, s: RawSeries) -> SeriesSpec {
    let sizes = s.sizes.get_ref();
    let board = match &s.board {
        Some(b) => at.locate(b),
        None => Located {
            value: "{n}x{n}".to_string(),
            place: at.place(s.slug.span()),
        },
    };
    let tour = TourSpec {
        board: board.clone(),
        algorithm: algorithm_or_auto(at, s.algorithm.as_ref(), s.slug.span()),
        variant: s.variant.as_ref().map(|v| at.locate(v)),
        leaper: s.leaper.as_ref().map(|v| at.locate(v)),
        open: s.open,
        seed: s.seed,
        slug: None,
        title: None,
        note: s.note,
        tags: s.tags,
        downloads: true,
        topology: None,
    };
    SeriesSpec {
        slug: at.locate(&s.slug),
        title: s.title,
        board,
        sizes: Located {
            value: (sizes.from, sizes.to, sizes.step),
            place: at.place(s.sizes.span()),
        },
        tour,
    }
}

fn algorithm_or_auto(
    at: &Locator<'_>,
    algo: Option<&Spanned<String>>,
    fallback: Range<usize>,
) -> Located<String> {
    match algo {
        Some(a) => at.locate(a),
        None => Located {
            value: knights_construct::Algo::Auto.to_string(),
            place: at.place(fallback),
        },
    }
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct FrontMatter {
    title: Option<String>,
    #[serde(default)]
    weight: i64,
}

/// A markdown page, with optional TOML front matter between `+++` lines.
pub(super) fn read_page(file: &str, path: &Path, text: &str) -> Result<PageSpec, Error> {
    let slug = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("")
        .to_string();
    let (front, body) = split_front_matter(text);
    let fm: FrontMatter = match front {
        Some(f) => toml::from_str(f).map_err(|e| {
            // The front matter starts on line 2, after the opening `+++`.
            let line = e.span().map(|s| line_of(f, s.start)).unwrap_or(1) + 1;
            Error::Parse {
                file: file.to_string(),
                place: format!("line {line}"),
                message: one_line(e.message()),
            }
        })?,
        None => FrontMatter::default(),
    };
    let title = fm
        .title
        .or_else(|| {
            body.lines()
                .find_map(|l| l.strip_prefix("# ").map(|t| t.trim().to_string()))
        })
        .unwrap_or_else(|| slug.clone());
    Ok(PageSpec {
        slug: Located {
            value: slug,
            place: Place {
                file: file.to_string(),
                line: 1,
            },
        },
        title,
        weight: fm.weight,
        body: body.to_string(),
    })
}

fn split_front_matter(text: &str) -> (Option<&str>, &str) {
    let Some(rest) = text.strip_prefix("+++\n") else {
        return (None, text);
    };
    match rest.find("\n+++") {
        Some(end) => {
            let body = &rest[end + 4..];
            (
                Some(&rest[..end + 1]),
                body.strip_prefix('\n').unwrap_or(body),
            )
        }
        None => (None, text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_keep_their_lines() {
        let text = "[[tour]]\nboard = \"8x8\"\n\nalgorithm = \"x\"\n[[series]]\nslug = \"s\"\ntitle = \"t\"\nsizes = { from = 16, to = 24, step = 4 }\n";
        let mut cat = Catalogue::default();
        read_toml("c.toml", text, &mut cat).unwrap();
        assert_eq!(cat.tours[0].board.place.line, 2);
        assert_eq!(cat.tours[0].algorithm.place.line, 4);
        assert_eq!(cat.series[0].sizes.value, (16, 24, 4));
        assert_eq!(cat.series[0].sizes.place.line, 8);
        assert_eq!(cat.series[0].board.value, "{n}x{n}");
    }

    /// Issue 39, case 15: a `[site]` field refused after reading names its own line
    /// (it named the table's), wherever the table is; a table of another file's
    /// fields is not searched.
    #[test]
    fn site_fields_refused_name_their_own_line() {
        for (text, line) in [
            ("[site]\ntitle = \"t\"\n\nbase_url = \"https://x/../\"\n", 4),
            (
                "[[tour]]\nboard = \"8x8\"\n[site]\n  \"base_url\"= \"ftp://x/\"\n",
                4,
            ),
            (
                "[site]\ndownloads = [\"gif\"]\n[[tour]]\nboard = \"8x8\"\n",
                2,
            ),
        ] {
            let e = read_toml("c.toml", text, &mut Catalogue::default()).unwrap_err();
            let e = e.to_string();
            assert!(
                e.starts_with(&format!("c.toml: line {line}, field ")),
                "{e}"
            );
        }
    }

    #[test]
    fn unknown_fields_name_the_line() {
        let text = "[[tour]]\nboard = \"8x8\"\ncolour = \"red\"\n";
        let e = read_toml("c.toml", text, &mut Catalogue::default()).unwrap_err();
        let msg = e.to_string();
        assert!(msg.starts_with("c.toml: line 3: "), "{msg}");
        assert!(msg.contains("colour"), "{msg}");
    }

    #[test]
    fn a_folders_readme_is_not_a_page() {
        let dir = tempfile::tempdir().unwrap();
        let page = "+++\ntitle = \"About\"\n+++\nText.\n";
        std::fs::create_dir(dir.path().join("data")).unwrap();
        std::fs::write(dir.path().join("data/README.md"), "# What the data is\n").unwrap();
        std::fs::write(dir.path().join("about.md"), page).unwrap();
        let cat = load(dir.path()).unwrap();
        let slugs: Vec<&str> = cat.pages.iter().map(|p| p.slug.value.as_str()).collect();
        assert_eq!(slugs, ["about"]);
    }

    #[test]
    fn a_missing_content_folder_is_named() {
        let e = load(Path::new("no-such-content")).unwrap_err();
        assert!(
            matches!(&e, Error::Path { problem: knights_core::PathProblem::Missing, path, .. }
                if path == Path::new("no-such-content")),
            "{e:?}"
        );
        assert_eq!(
            e.to_string(),
            "content folder no-such-content not found: pass --content DIR"
        );
    }

    #[test]
    fn front_matter_is_optional() {
        let (f, b) = split_front_matter("+++\ntitle = \"A\"\n+++\n# B\ntext\n");
        assert_eq!(f, Some("title = \"A\"\n"));
        assert_eq!(b, "# B\ntext\n");
        assert_eq!(split_front_matter("# B\n"), (None, "# B\n"));
    }
}
