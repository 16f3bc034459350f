//! The gallery as a value, as `knights serve` holds it: a `Site` loaded once and built
//! again (the second time from the cache, to the same files), reloaded after an edit,
//! and keeping what it had when an edit does not load.

use std::fs;
use std::path::{Path, PathBuf};

use knights_site::{BuildOptions, Site, MEASURED};

/// A copy of the fixture catalogue under `dir`, to edit.
fn content_copy(dir: &Path) -> PathBuf {
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/site/content");
    let to = dir.join("content");
    fs::create_dir_all(to.join("pages")).unwrap();
    fs::copy(from.join("catalogue.toml"), to.join("catalogue.toml")).unwrap();
    for page in fs::read_dir(from.join("pages")).unwrap().flatten() {
        fs::copy(page.path(), to.join("pages").join(page.file_name())).unwrap();
    }
    to
}

/// Every file of the site at `out` but the measured ones, with its bytes.
fn contents(out: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files: Vec<_> = walkdir::WalkDir::new(out)
        .sort_by_file_name()
        .into_iter()
        .flatten()
        .filter(|e| e.file_type().is_file())
        .filter(|e| !MEASURED.iter().any(|m| e.file_name() == *m))
        .map(|e| {
            (
                e.path().strip_prefix(out).unwrap().to_path_buf(),
                fs::read(e.path()).unwrap(),
            )
        })
        .collect();
    files.sort();
    files
}

#[test]
fn a_site_builds_again_reloads_and_keeps_its_inputs_when_an_edit_does_not_load() {
    let tmp = tempfile::tempdir().unwrap();
    let content = content_copy(tmp.path());
    let out = tmp.path().join("site");
    let about = out.join("pages/about.html");
    let mut site = Site::load(BuildOptions {
        content: content.clone(),
        out: out.clone(),
        jobs: Some(2),
        exhibits: knights_gallery::all(),
        ..BuildOptions::default()
    })
    .unwrap();
    assert_eq!(site.inputs(), vec![content.clone()]);

    let first = site.build().unwrap();
    assert_eq!(first.cached, 0);
    let built = contents(&out);
    let second = site.build().unwrap();
    assert_eq!(
        second.cached, second.entries,
        "the second build is all from the cache"
    );
    assert!(
        contents(&out) == built,
        "the second build writes the same files"
    );

    // An edit shows once the site is reloaded.
    fs::write(content.join("pages/about.md"), "# About\n\nEdited.\n").unwrap();
    site.build().unwrap();
    assert!(!fs::read_to_string(&about).unwrap().contains("Edited."));
    site.reload().unwrap();
    site.build().unwrap();
    assert!(fs::read_to_string(&about)
        .unwrap()
        .contains("<p>Edited.</p>"));

    // An edit that does not load is refused, and the site builds what it had.
    let toml = fs::read_to_string(content.join("catalogue.toml")).unwrap();
    fs::write(
        content.join("catalogue.toml"),
        format!("{toml}\n[[tour]]\nboard = \"x\"\n"),
    )
    .unwrap();
    let e = site.reload().unwrap_err().to_string();
    assert!(
        e.contains("catalogue.toml: line ") && e.contains("field \"board\""),
        "{e}"
    );
    site.build().unwrap();
    assert!(fs::read_to_string(&about)
        .unwrap()
        .contains("<p>Edited.</p>"));
}

/// An unchanged build takes the exhibits (the prose pages' material: here the teaching
/// notes' drawings and worksheets, the formation's figures and the heel search's) from
/// the build cache, as it does the tours: it runs no search and draws nothing again.
/// Their files are hard links to the cache's, and the site stays whole when the cache
/// goes; the next build makes everything again, to the same files.
#[test]
fn an_unchanged_build_takes_the_exhibits_from_the_cache_and_the_site_outlives_it() {
    let tmp = tempfile::tempdir().unwrap();
    let content = content_copy(tmp.path());
    fs::write(
        content.join("pages/heels.md"),
        "# Heels\n\n![The front](../heels/front.svg)\n",
    )
    .unwrap();
    let out = tmp.path().join("site");
    let site = Site::load(BuildOptions {
        content,
        out: out.clone(),
        jobs: Some(2),
        exhibits: knights_gallery::all(),
        ..BuildOptions::default()
    })
    .unwrap();
    let first = site.build().unwrap();
    // Those the pages show, and the explorer, which has a page of its own and is
    // always written.
    assert_eq!((first.exhibits, first.exhibits_cached), (4, 0));
    let built = contents(&out);
    assert!(built.iter().any(|(f, _)| f.starts_with("heels")));

    let second = site.build().unwrap();
    assert_eq!((second.exhibits, second.exhibits_cached), (4, 4));
    assert_eq!(second.cached, second.entries);
    assert!(
        contents(&out) == built,
        "the cached build writes the same files"
    );
    #[cfg(unix)]
    for f in [
        "heels/front.svg",
        "teaching/numbered-8x8.svg",
        "plots/turns.png",
    ] {
        use std::os::unix::fs::MetadataExt;
        let links = fs::metadata(out.join(f)).unwrap().nlink();
        assert_eq!(links, 2, "{f}: the site's file and the cache's");
    }

    let cache = tmp.path().join(".site.knights-cache");
    assert!(cache.is_dir());
    fs::remove_dir_all(&cache).unwrap();
    assert!(
        contents(&out) == built,
        "the site does not depend on the cache"
    );
    let third = site.build().unwrap();
    assert_eq!((third.cached, third.exhibits_cached), (0, 0));
    assert!(contents(&out) == built, "made again, the same files");
}
