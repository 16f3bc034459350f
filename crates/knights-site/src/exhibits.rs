//! Writing the exhibits a build was given (see [`super::exhibit`];
//! [`crate::BuildOptions::exhibits`] lists them, in the order the build writes them),
//! and placing their blocks in the pages. They are written in parallel, beside the
//! tours, each through the build cache: what an exhibit writes depends on nothing but
//! this binary, the theme and the content files it reads ([`Exhibit::reads`]), so an
//! unchanged build links last build's files instead of searching and drawing again (the
//! heel search, the tourneys' samples, the teaching worksheets).

use std::path::{Path, PathBuf};

use rayon::prelude::*;

use super::cache::{Cache, ThemeKey};
use super::catalogue::PageSpec;
use super::config::SiteConfig;
use super::exhibit::{Context, Exhibit};
use super::files;
use super::html;
use knights_core::Error;

/// The exhibits of a build, in the order it writes them.
pub type List = [&'static dyn Exhibit];

/// The exhibits of `all` that `site` wants: all of them, but without those that have a
/// page of their own at the site's root (the explorer) when `[site] explorer = false`:
/// no page, no header link, no files.
pub fn wanted(all: &List, site: &SiteConfig) -> Vec<&'static dyn Exhibit> {
    all.iter()
        .copied()
        .filter(|e| site.explorer || e.page().is_none())
        .collect()
}

/// What writing the exhibits did: how many were written, and of those how many were
/// taken from the build cache.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Written {
    /// Exhibits written (those the pages show).
    pub exhibits: usize,
    /// Of those, linked from the build cache rather than made again.
    pub cached: usize,
}

/// Writes every exhibit that has a page of its own or that a page of the catalogue
/// links into (`../<folder>/`, among `pages`' markdown) into its folder under `site` (the staging folder), in
/// parallel, through `cache` (with `theme`, what `ctx`'s theme was read from, in their
/// keys): a site whose pages show none of them (the starter site) ships none of their
/// files. The first failure, in the order of `all`, is the error.
pub fn write_all(
    all: &List,
    site: &Path,
    ctx: &Context<'_>,
    theme: &ThemeKey,
    pages: &[PageSpec],
    cache: &Cache,
) -> Result<Written, Error> {
    let shown: Vec<&&dyn Exhibit> = all
        .iter()
        .filter(|e| e.page().is_some() || shown(e.folder(), pages))
        .collect();
    let cached = shown
        .par_iter()
        .map(|e| {
            knights_core::interrupt::check()?;
            let read = read(&e.reads(ctx)?, ctx.content)?;
            let key = Cache::key(&("exhibit", e.folder(), theme, &read));
            cache.files(&key, site, || {
                let dir = site.join(e.folder());
                e.write(&dir, ctx)?;
                let listed = files::list(&dir, &dir)?;
                Ok(listed
                    .into_iter()
                    .map(|(rel, _)| format!("{}/{rel}", e.folder()))
                    .collect())
            })
        })
        .collect::<Vec<Result<bool, Error>>>()
        .into_iter()
        .collect::<Result<Vec<bool>, Error>>()?;
    Ok(Written {
        exhibits: cached.len(),
        cached: cached.iter().filter(|&&c| c).count(),
    })
}

/// The files at `paths`, each by its name in the `content` folder, with its bytes.
fn read(paths: &[PathBuf], content: &Path) -> Result<Vec<(PathBuf, Vec<u8>)>, Error> {
    paths
        .iter()
        .map(|p| {
            let bytes = knights_core::files::read(p, knights_core::files::TEXT_LIMIT)?;
            Ok((p.strip_prefix(content).unwrap_or(p).to_path_buf(), bytes))
        })
        .collect()
}

/// Whether a page links into the exhibit's `folder` or places one of its blocks.
fn shown(folder: &str, pages: &[PageSpec]) -> bool {
    let link = format!("../{folder}/");
    pages.iter().any(|p| {
        p.body.contains(&link)
            || placed(&html::markdown(&p.body))
                .iter()
                .any(|(_, name)| name.split('/').next() == Some(folder))
    })
}

/// How the markdown renders a fenced code block of language `exhibit`, which places
/// the exhibit block it names.
const OPEN: &str = "<pre><code class=\"language-exhibit\">";
const CLOSE: &str = "</code></pre>";

/// The exhibit blocks a page's HTML places: where each is, and its name.
fn placed(html: &str) -> Vec<(std::ops::Range<usize>, &str)> {
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(i) = html[at..].find(OPEN) {
        let start = at + i;
        let inner = start + OPEN.len();
        let Some(len) = html[inner..].find(CLOSE) else {
            break;
        };
        at = inner + len + CLOSE.len();
        out.push((start..at, html[inner..inner + len].trim()));
    }
    out
}

/// The exhibit of `all` that offers block `name` (`FOLDER/NAME`), and the block's own
/// name.
fn offering<'a>(all: &List, name: &'a str) -> Option<(&'static dyn Exhibit, &'a str)> {
    let (folder, block) = name.split_once('/')?;
    all.iter()
        .find(|e| e.folder() == folder && e.blocks().contains(&block))
        .map(|e| (*e, block))
}

/// The pages the engine writes at the site's root, which no exhibit's page may take.
const ROOT_PAGES: [&str; 3] = ["index.html", "metrics.html", "timings.html"];

/// No two exhibits of `all` share a folder or a page, no exhibit's page is one of the
/// engine's or outside the root, and every exhibit block a page places is one of
/// theirs, or the page and the name in one line (checked before any tour is built).
pub fn check(all: &List, pages: &[PageSpec]) -> Result<(), Error> {
    for (i, e) in all.iter().enumerate() {
        // The list is the caller's code, not the user's catalogue.
        if all[..i].iter().any(|o| o.folder() == e.folder()) {
            return Err(Error::internal(format!(
                "two exhibits write into the folder {}",
                e.folder()
            )));
        }
        if let Some(page) = e.page() {
            let taken = ROOT_PAGES.contains(&page.file)
                || all[..i]
                    .iter()
                    .any(|o| o.page().map(|p| p.file) == Some(page.file));
            if taken || page.file.contains('/') || !page.file.ends_with(".html") {
                return Err(Error::internal(format!(
                    "the {} exhibit's page {} is taken or not a page at the site's root",
                    e.folder(),
                    page.file
                )));
            }
        }
    }
    for p in pages {
        for (_, name) in placed(&html::markdown(&p.body)) {
            if offering(all, name).is_none() {
                let known: Vec<String> = all
                    .iter()
                    .flat_map(|e| e.blocks().iter().map(|b| format!("{}/{b}", e.folder())))
                    .collect();
                return Err(Error::invalid(format!(
                    "{}: no exhibit block '{name}' (a fenced block of language exhibit names one of: {})",
                    p.slug.place.file,
                    known.join(", ")
                )));
            }
        }
    }
    Ok(())
}

/// A page's HTML with each exhibit block it places (one of `all`'s, given `ctx`) made
/// and put in its place.
pub fn fill(all: &List, ctx: &Context<'_>, html: &str) -> Result<String, Error> {
    let mut out = String::with_capacity(html.len());
    let mut last = 0;
    for (at, name) in placed(html) {
        let (exhibit, block) = offering(all, name)
            .ok_or_else(|| Error::internal(format!("exhibit block {name} was not checked")))?;
        out.push_str(&html[last..at.start]);
        out.push_str(&exhibit.block(block, ctx)?);
        last = at.end;
    }
    out.push_str(&html[last..]);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use knights_render::Theme;

    /// An exhibit for the tests: it copies the content's `demo.txt` into its folder,
    /// and offers one block, `demo/hello`.
    struct Demo;

    impl Exhibit for Demo {
        fn folder(&self) -> &'static str {
            "demo"
        }

        fn write(&self, dir: &Path, ctx: &Context<'_>) -> Result<(), Error> {
            std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
            let from = ctx.content.join("demo.txt");
            let bytes = std::fs::read(&from).map_err(|e| Error::io(&from, e))?;
            files::write(&dir.join("demo.txt"), &bytes)
        }

        fn reads(&self, ctx: &Context<'_>) -> Result<Vec<PathBuf>, Error> {
            Ok(vec![ctx.content.join("demo.txt")])
        }

        fn blocks(&self) -> &'static [&'static str] {
            &["hello"]
        }

        fn block(&self, name: &str, _: &Context<'_>) -> Result<String, Error> {
            Ok(format!("<p class=\"demo\">{name}</p>"))
        }
    }

    const ALL: &List = &[&Demo];

    /// The key of the built-in theme these tests draw with.
    fn web() -> ThemeKey {
        ThemeKey::BuiltIn("web".into())
    }

    fn page(body: &str) -> PageSpec {
        crate::catalogue::read_page("p.md", Path::new("p.md"), body).unwrap()
    }

    /// A fenced block of language `exhibit` is replaced by the block it names, the
    /// rest of the page kept; a page placing one shows its exhibit.
    #[test]
    fn a_placed_block_is_made_in_its_place() {
        let md = "# P\n\nbefore\n\n```exhibit\ndemo/hello\n```\n\n```\nknights tour 6x6\n```\n";
        let ctx = Context {
            theme: &Theme::default(),
            content: Path::new("content"),
        };
        let html = fill(ALL, &ctx, &html::markdown(md)).unwrap();
        assert!(
            html.starts_with("<h1>P</h1>\n<p>before</p>\n<p class=\"demo\">hello</p>"),
            "{html}"
        );
        assert!(
            html.contains("<pre><code>knights tour 6x6\n</code></pre>"),
            "{html}"
        );
        assert!(!html.contains("language-exhibit"), "{html}");
        assert!(shown("demo", &[page(md)]));
        assert!(shown("demo", &[page("[a](../demo/demo.txt)")]));
        assert!(!shown("demo", &[page("# P\n\n```\ndemo/hello\n```\n")]));
        assert!(check(ALL, &[page(md)]).is_ok());
        let bad = check(ALL, &[page("```exhibit\ndemo/none\n```\n")]).unwrap_err();
        assert_eq!(
            bad.to_string(),
            "p.md: no exhibit block 'demo/none' (a fenced block of language exhibit names one of: demo/hello)"
        );
    }

    /// Without the exhibit a page places, the page is refused; two exhibits of one
    /// folder are refused.
    #[test]
    fn a_build_knows_only_the_exhibits_it_is_given() {
        let md = "```exhibit\ndemo/hello\n```\n";
        let e = check(&[], &[page(md)]).unwrap_err().to_string();
        assert!(e.starts_with("p.md: no exhibit block 'demo/hello'"), "{e}");
        let e = check(&[&Demo, &Demo], &[]).unwrap_err().to_string();
        assert_eq!(
            e,
            "internal error: two exhibits write into the folder demo; please report this"
        );
    }

    /// An unchanged record is taken from the cache; an edited one makes the exhibit
    /// again, from the new bytes; a page that does not show it writes nothing.
    #[test]
    fn an_edited_record_makes_its_exhibit_again() {
        let tmp = tempfile::tempdir().unwrap();
        let content = tmp.path().join("content");
        std::fs::create_dir_all(&content).unwrap();
        let theme = Theme::default();
        let ctx = Context {
            theme: &theme,
            content: &content,
        };
        let pages = [page("[a](../demo/demo.txt)")];
        let build = |n: u32| {
            let site = tmp.path().join(format!("site{n}"));
            let cache = Cache::open(&tmp.path().join("site"), false);
            let w = write_all(ALL, &site, &ctx, &web(), &pages, &cache).unwrap();
            (
                w,
                std::fs::read_to_string(site.join("demo/demo.txt")).unwrap(),
            )
        };
        std::fs::write(content.join("demo.txt"), "one").unwrap();
        let fresh = Written {
            exhibits: 1,
            cached: 0,
        };
        assert_eq!(build(1), (fresh, "one".to_string()));
        let cached = Written {
            exhibits: 1,
            cached: 1,
        };
        assert_eq!(build(2), (cached, "one".to_string()));
        std::fs::write(content.join("demo.txt"), "two").unwrap();
        assert_eq!(build(3), (fresh, "two".to_string()));
        let cache = Cache::open(&tmp.path().join("site"), false);
        let site4 = tmp.path().join("site4");
        let none = write_all(ALL, &site4, &ctx, &web(), &[], &cache).unwrap();
        assert_eq!(none, Written::default());
    }
}
