//! The gallery build, end to end: the fixture catalogue in `tests/fixtures/site` built
//! with the shipped templates into a temporary folder, and the files that come out.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use knights_site::{build, BuildOptions, Summary, MARKER};

pub(super) fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub(super) fn fixture() -> PathBuf {
    root().join("tests/fixtures/site/content")
}

pub(super) fn opts(content: &Path, out: &Path) -> BuildOptions {
    BuildOptions {
        content: content.to_path_buf(),
        templates: root().join("crates/knights-site/templates"),
        out: out.to_path_buf(),
        jobs: Some(2),
        force: false,
        progress: false,
        exhibits: knights_gallery::all(),
    }
}

pub(super) fn build_fixture(out: &Path) -> Summary {
    build(&opts(&fixture(), out)).unwrap_or_else(|e| panic!("fixture build failed: {e}"))
}

/// Every file under `dir`, relative, with `/` separators.
pub(super) fn files(dir: &Path) -> BTreeSet<String> {
    walk(dir)
        .into_iter()
        .map(|p| {
            p.strip_prefix(dir)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/")
        })
        .collect()
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

/// The names in `dir`, sorted, but the lock file of a site's builds.
pub(super) fn beside(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| !n.ends_with(".knights-lock"))
        .collect();
    v.sort();
    v
}

/// The values of `href="..."` and `src="..."` attributes.
fn links(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    for attr in ["href=\"", "src=\""] {
        let mut rest = html;
        while let Some(i) = rest.find(attr) {
            rest = &rest[i + attr.len()..];
            let end = rest.find('"').expect("attribute closes");
            out.push(rest[..end].replace("&amp;", "&"));
            rest = &rest[end..];
        }
    }
    out
}

#[test]
fn every_page_exists_and_every_link_resolves() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("site");
    let summary = build_fixture(&out);
    let have = files(&out);
    // Six listed tours; the series adds 8x8 and 10x10 open (its 6x6 is six-by-six).
    assert_eq!(summary.entries, 8, "{summary}");
    let slugs = [
        "8x8-warnsdorff",
        "six-by-six",
        "6x6-search-open",
        "16x12-besa",
        "16x13-besa",
        "16x12-warnsdorff-open",
        "8x8-warnsdorff-open",
        "10x10-warnsdorff-open",
    ];
    let mut expected: Vec<String> = vec![
        "index.html".into(),
        "metrics.html".into(),
        "metrics.csv".into(),
        "metrics.json".into(),
        "plots/turns.svg".into(),
        "plots/crossings.svg".into(),
        "plots/turns-all.png".into(),
        "plots/crossings-all.pdf".into(),
        "timings.html".into(),
        "timings.js".into(),
        "static/zoom.js".into(),
        "static/timings.js".into(),
        "compare/6x6.html".into(),
        "compare/16x12.html".into(),
        "compare/16x12.html".into(),
        "pages/about.html".into(),
        "pages/teaching.html".into(),
        "pages/formation.html".into(),
        "explore.html".into(),
        "static/style.css".into(),
        "static/gallery.js".into(),
        MARKER.into(),
    ];
    for s in slugs {
        expected.push(format!("tours/{s}.html"));
        for ext in ["svg", "png", "pdf", "json"] {
            expected.push(format!("files/{s}.{ext}"));
        }
        expected.push(format!("thumbs/{s}.png"));
        expected.push(format!("thumbs/{s}@2x.png"));
    }
    // The explorer's module and scripts, unless this knights was built without the
    // WebAssembly target (its page then says so).
    let explore = fs::read_to_string(out.join("explore.html")).unwrap();
    if !explore.contains("The explorer is not in this build") {
        for f in ["knights_web.wasm", "knights.js", "worker.js", "explore.js"] {
            expected.push(format!("explore/{f}"));
        }
    }
    for e in &expected {
        assert!(have.contains(e), "missing {e}; have {have:?}");
    }
    let pages: Vec<_> = have.iter().filter(|f| f.ends_with(".html")).collect();
    assert_eq!(summary.pages, pages.len());
    // Tours, the index, metrics, timings, comparisons, prose pages and the explorer.
    assert_eq!(pages.len(), 8 + 6 + 3, "{pages:?}");

    let mut checked = 0;
    for page in &pages {
        let path = out.join(page);
        let html = fs::read_to_string(&path).unwrap();
        assert!(html.starts_with("<!DOCTYPE html>"), "{page}");
        check_balanced(page, &html);
        for link in links(&html) {
            assert!(
                !link.contains("://") && !link.starts_with("//"),
                "{page} links outside the site: {link}"
            );
            if link.starts_with("data:") || link.starts_with('#') {
                continue;
            }
            assert!(!link.starts_with('/'), "{page}: absolute link {link}");
            let target = link.split(['#', '?']).next().unwrap();
            let resolved = path.parent().unwrap().join(target);
            let resolved = resolved
                .canonicalize()
                .unwrap_or_else(|_| panic!("{page}: broken link {link}"));
            assert!(
                resolved.starts_with(out.canonicalize().unwrap()),
                "{page}: {link} leaves the site"
            );
            checked += 1;
        }
    }
    assert!(checked > 100, "only {checked} links checked");
    // The images are what their names say.
    for f in have.iter().filter(|f| f.ends_with(".png")) {
        assert!(
            fs::read(out.join(f))
                .unwrap()
                .starts_with(b"\x89PNG\r\n\x1a\n"),
            "{f}"
        );
    }
    for f in have.iter().filter(|f| f.ends_with(".pdf")) {
        assert!(fs::read(out.join(f)).unwrap().starts_with(b"%PDF-"), "{f}");
    }
    // Nothing is left beside the output folder but its build cache.
    assert_eq!(beside(tmp.path()), [".site.knights-cache", "site"]);
}

/// Every opened non-void element is closed, in order.
fn check_balanced(page: &str, html: &str) {
    const VOID: [&str; 8] = [
        "meta", "link", "img", "br", "input", "hr", "source", "!doctype",
    ];
    let mut stack: Vec<String> = Vec::new();
    let mut rest = html;
    while let Some(i) = rest.find('<') {
        rest = &rest[i + 1..];
        let end = rest
            .find('>')
            .unwrap_or_else(|| panic!("{page}: unclosed tag"));
        let tag = &rest[..end];
        rest = &rest[end..];
        if tag.starts_with("!--") {
            continue;
        }
        let closing = tag.starts_with('/');
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| !c.is_whitespace() && *c != '/')
            .collect::<String>()
            .to_ascii_lowercase();
        if VOID.contains(&name.as_str()) || tag.ends_with('/') {
            continue;
        }
        if closing {
            let open = stack
                .pop()
                .unwrap_or_else(|| panic!("{page}: </{name}> closes nothing"));
            assert_eq!(open, name, "{page}: <{open}> closed by </{name}>");
        } else {
            stack.push(name);
        }
    }
    assert!(stack.is_empty(), "{page}: unclosed {stack:?}");
}

#[test]
fn catalogue_text_is_escaped() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("site");
    build_fixture(&out);
    for page in [
        "index.html",
        "tours/8x8-warnsdorff.html",
        "pages/about.html",
    ] {
        let html = fs::read_to_string(out.join(page)).unwrap();
        assert!(
            !html.contains("<script>alert"),
            "{page} runs catalogue text"
        );
        assert!(html.contains("&lt;script&gt;alert"), "{page} lost the text");
    }
    let tour = fs::read_to_string(out.join("tours/8x8-warnsdorff.html")).unwrap();
    assert!(tour.contains("A note with &lt;b&gt;markup&lt;/b&gt; &amp; an ampersand."));
}

#[test]
fn small_tours_pages_walk_the_tour_with_buttons_and_the_formation_drawings_are_written() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("site");
    build_fixture(&out);
    let page = |slug: &str| fs::read_to_string(out.join(format!("tours/{slug}.html"))).unwrap();
    // 8x8: the walk-through inline, its buttons, and the script from the site itself.
    let small = page("8x8-warnsdorff");
    assert_eq!(small.matches("class=\"walkthrough\"").count(), 1);
    assert!(small.contains("class=\"walkthrough\"") && small.contains("data-step-seconds"));
    for action in ["play", "pause", "step", "back"] {
        assert!(
            small.contains(&format!("data-walk=\"{action}\"")),
            "{action}"
        );
    }
    assert!(small.contains("<script src=\"../static/walk.js\"></script>"));
    assert!(out.join("static/walk.js").is_file());
    assert!(out.join("files/8x8-warnsdorff-walk.svg").is_file());
    // 16x12 is past the small boards: no walk-through, no script.
    let large = page("16x12-besa");
    assert!(!large.contains("walk-player") && !large.contains("walk.js"));
    // The formation page's drawings, made from the construction's data.
    for name in [
        "quartet-diagonal",
        "junction-bottom-left",
        "heel",
        "corner-2",
        "heel-best",
    ] {
        let svg = fs::read_to_string(out.join(format!("formation/{name}.svg"))).unwrap();
        assert!(svg.contains("data-status=\"complete\""), "{name}");
    }
}

/// A motif's name `O` is a letter: in a code span's monospace it reads as zero, so the
/// pages and docs write it in italics (*O*).
#[test]
fn no_code_span_writes_the_letter_o_alone() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("README.md")];
    for dir in ["docs", "content/pages"] {
        for e in fs::read_dir(root.join(dir)).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "md") {
                files.push(p);
            }
        }
    }
    for f in files {
        let text = fs::read_to_string(&f).unwrap();
        for bad in ["`O`", "`O(", "`D+(n)` bottom left, `O"] {
            assert!(!text.contains(bad), "{}: {bad}", f.display());
        }
    }
}

/// The classics pages (magic tours, the symmetric classics, the cipher) as shipped,
/// built with one small tour: every figure they show is written, and the numbered
/// boards carry every step once, Beverley's with its sums.
#[test]
fn the_classics_pages_show_their_numbered_boards() {
    let tmp = tempfile::tempdir().unwrap();
    let content = tmp.path().join("content");
    fs::create_dir_all(content.join("pages")).unwrap();
    fs::write(
        content.join("catalogue.toml"),
        "[site]\n\n[[tour]]\nboard = \"5x5\"\nalgorithm = \"search\"\nopen = true\n",
    )
    .unwrap();
    let pages = ["magic", "symmetric", "cipher"];
    for page in pages {
        let md = format!("{page}.md");
        fs::copy(
            root().join("content/pages").join(&md),
            content.join("pages").join(&md),
        )
        .unwrap();
    }
    let out = tmp.path().join("site");
    build(&opts(&content, &out)).unwrap();
    let mut figures = 0;
    for page in pages {
        let html = fs::read_to_string(out.join(format!("pages/{page}.html"))).unwrap();
        for src in html.split("src=\"../classics/").skip(1) {
            let name = src.split('"').next().unwrap();
            let svg = fs::read_to_string(out.join("classics").join(name)).unwrap();
            let numbers: Vec<u32> = svg
                .split("data-cell=")
                .skip(1)
                .filter_map(|t| t.split('>').nth(1)?.split('<').next()?.trim().parse().ok())
                .collect();
            if !numbers.is_empty() {
                let mut sorted = numbers.clone();
                sorted.sort_unstable();
                let n = sorted.len() as u32;
                assert_eq!(sorted, (1..=n).collect::<Vec<_>>(), "{name}");
            }
            figures += 1;
        }
    }
    assert_eq!(figures, 6);
    let beverley = fs::read_to_string(out.join("classics/beverley-1848.svg")).unwrap();
    assert_eq!(beverley.matches("data-row=").count(), 8);
    assert_eq!(beverley.matches("data-column=").count(), 8);
    assert_eq!(
        beverley.matches(">\n260\n<").count() + beverley.matches(">260<").count(),
        16
    );
}
