//! Publishing like a static site generator: the `[site]` table (base URL, downloads),
//! the sitemap and OpenGraph tags it enables, the favicon, the content's own
//! `templates/` overriding the built-in ones and its `static/` files copied through.

use std::fs;
use std::path::{Path, PathBuf};

use knights_site::{build, BuildOptions, Summary, MEASURED, SITEMAP};

/// The fixture catalogue in `dir/content`, its `[site]` table replaced by `site`.
fn content(dir: &Path, site: &str) -> PathBuf {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/site/content");
    let c = dir.join("content");
    for e in walkdir::WalkDir::new(&fixture)
        .into_iter()
        .map(Result::unwrap)
    {
        let to = c.join(e.path().strip_prefix(&fixture).unwrap());
        match e.file_type().is_dir() {
            true => fs::create_dir_all(&to).unwrap(),
            false => drop(fs::copy(e.path(), &to).unwrap()),
        }
    }
    let toml = fs::read_to_string(c.join("catalogue.toml")).unwrap();
    let at = toml.find("[site]").unwrap();
    let end = at + toml[at..].find("\n\n").unwrap();
    let toml = format!("{}[site]\n{site}{}", &toml[..at], &toml[end..]);
    fs::write(c.join("catalogue.toml"), toml).unwrap();
    c
}

fn put(path: &Path, text: &str) {
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, text).unwrap();
}

fn run(content: &Path, out: &Path) -> Result<Summary, knights_core::Error> {
    build(&BuildOptions {
        content: content.to_path_buf(),
        out: out.to_path_buf(),
        jobs: Some(2),
        exhibits: knights_gallery::all(),
        ..BuildOptions::default()
    })
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every file of the site but the timings, relative, with its bytes.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<_> = walkdir::WalkDir::new(dir)
        .into_iter()
        .map(Result::unwrap)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let rel = e.path().strip_prefix(dir).unwrap().to_string_lossy();
            (rel.replace('\\', "/"), fs::read(e.path()).unwrap())
        })
        .filter(|(rel, _)| !MEASURED.contains(&rel.as_str()))
        .collect();
    out.sort();
    out
}

#[test]
fn a_configured_site_has_a_sitemap_link_previews_its_own_templates_and_static_files() {
    let tmp = tempfile::tempdir().unwrap();
    let c = content(
        tmp.path(),
        "title = \"Fixture tours\"\nbase_url = \"https://example.org/knights\"\n\
         downloads = [\"json\"]\nseries_downloads = true\n",
    );
    put(
        &c.join("templates/page.html"),
        "{% extends \"base.html\" %}{% block main %}OWN {{ title }}{% endblock main %}",
    );
    put(&c.join("static/CNAME"), "tours.example.org\n");
    put(&c.join("static/notes/readme.md"), "# Not a page\n");
    let out = tmp.path().join("site");
    let first = run(&c, &out).unwrap();
    assert!(first.warnings.is_empty(), "{:?}", first.warnings);

    // The content's templates override the built-in ones file by file.
    assert!(read(&out.join("pages/about.html")).contains("OWN About"));
    assert!(read(&out.join("index.html")).contains("id=\"grid\""));
    // Static files are copied through unchanged, and are not catalogue pages.
    assert_eq!(read(&out.join("CNAME")), "tours.example.org\n");
    assert_eq!(read(&out.join("notes/readme.md")), "# Not a page\n");
    assert!(!out.join("pages/readme.html").exists());
    // Only the downloads asked for.
    let tour = "tours/six-by-six.html";
    let page = read(&out.join(tour));
    assert!(out.join("files/six-by-six.json").is_file());
    for kind in ["png", "pdf"] {
        assert!(
            !out.join(format!("files/six-by-six.{kind}")).exists(),
            "{kind}"
        );
        assert!(!page.contains(&format!("six-by-six.{kind}")), "{kind}");
    }
    // The sitemap lists every page, whole; the favicon is a file of the site.
    let html: Vec<String> = files(&out)
        .into_iter()
        .map(|(rel, _)| rel)
        .filter(|rel| rel.ends_with(".html"))
        .collect();
    let sitemap = read(&out.join(SITEMAP));
    assert_eq!(sitemap.matches("<loc>").count(), html.len(), "{sitemap}");
    for rel in &html {
        let loc = format!("<loc>https://example.org/knights/{rel}</loc>");
        assert!(sitemap.contains(&loc), "{loc}");
    }
    assert!(page.contains("href=\"../static/favicon.svg\""));
    assert!(read(&out.join("static/favicon.svg")).starts_with("<svg"));
    // Link previews: whole addresses, and an image that exists.
    let url = format!("<meta property=\"og:url\" content=\"https://example.org/knights/{tour}\">");
    assert!(page.contains(&url), "{page}");
    let image = "<meta property=\"og:image\" content=\"https://example.org/knights/";
    let at = page.find(image).expect("an og:image") + image.len();
    let rel = &page[at..at + page[at..].find('"').unwrap()];
    assert!(out.join(rel).is_file(), "{rel}");
    assert!(page.contains("<meta property=\"og:title\" content=\"6x6 open tour"));

    // An unchanged build is byte-identical; a changed configuration and static file
    // reach the site while every tour comes from the cache.
    let before = files(&out);
    let second = run(&c, &out).unwrap();
    assert_eq!(second.cached, second.entries);
    assert_eq!(files(&out), before, "a second build differs");
    let toml = read(&c.join("catalogue.toml")).replace("Fixture tours", "Renamed tours");
    put(&c.join("catalogue.toml"), &toml);
    put(&c.join("static/CNAME"), "other.example.org\n");
    let third = run(&c, &out).unwrap();
    assert_eq!(third.cached, third.entries);
    assert_eq!(read(&out.join("CNAME")), "other.example.org\n");
    assert!(read(&out.join(tour)).contains("· Renamed tours</title>"));
}

/// Every HTML file under `dir`.
fn walk_html(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk_html(&p));
        } else if p.extension().is_some_and(|x| x == "html") {
            out.push(p);
        }
    }
    out
}

#[test]
fn without_a_base_url_there_is_no_sitemap_and_a_warning() {
    let tmp = tempfile::tempdir().unwrap();
    let c = content(tmp.path(), "title = \"Fixture tours\"\n");
    let out = tmp.path().join("site");
    let summary = run(&c, &out).unwrap();
    assert!(!out.join(SITEMAP).exists());
    assert!(
        summary.warnings.iter().any(|w| w.contains("base_url")),
        "{:?}",
        summary.warnings
    );
    let index = read(&out.join("index.html"));
    assert!(index.contains("<meta property=\"og:title\" content=\"Fixture tours\">"));
    assert!(!index.contains("og:url") && !index.contains("og:image"));
    // No page of a site without a base_url names an address, its own or another.
    for page in walk_html(&out) {
        let html = read(&page);
        for addr in [
            "rel=\"canonical\"",
            "og:url",
            "og:image",
            "127.0.0.1",
            "localhost",
        ] {
            assert!(!html.contains(addr), "{}: {addr}", page.display());
        }
    }
    // Tours ship every download by default (series members only when asked).
    assert!(out.join("files/six-by-six.png").is_file());
    assert!(out.join("files/six-by-six.pdf").is_file());
}

#[test]
fn a_static_file_may_not_replace_a_built_one_and_bad_settings_name_their_field() {
    let tmp = tempfile::tempdir().unwrap();
    let c = content(tmp.path(), "title = \"Fixture tours\"\n");
    put(&c.join("static/index.html"), "mine");
    let err = run(&c, &tmp.path().join("site")).unwrap_err().to_string();
    assert!(
        err.contains("static/index.html") && err.contains("the build writes it"),
        "{err}"
    );
    assert!(!tmp.path().join("site").exists(), "nothing is published");

    let c = content(&tmp.path().join("b"), "base_url = \"example.org\"\n");
    let err = run(&c, &tmp.path().join("b/site")).unwrap_err().to_string();
    assert!(
        err.contains("catalogue.toml: line 4, field \"base_url\"") && err.contains("web address"),
        "{err}"
    );
}
