//! Publishing with an installed binary: `knights init` writes a site that
//! `knights build` turns into verified tours with the built-in templates, and
//! `knights serve` serves it on a loopback port, rebuilding when the content changes.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

fn knights(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_knights"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("the knights binary runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn init_then_build_publishes_verified_tours_without_the_repository() {
    let tmp = tempfile::tempdir().unwrap();
    let o = knights(tmp.path(), &["init", "tours"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("knights build"), "{}", stderr(&o));
    let site = tmp.path().join("tours");
    assert!(!site.join("content/templates").exists());

    // Built from the new folder with no --templates: the built-in ones.
    let o = knights(&site, &["build", "--jobs", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = site.join("site");
    for page in [
        "index.html",
        "metrics.html",
        "pages/about.html",
        "static/style.css",
    ] {
        assert!(out.join(page).is_file(), "{page}");
    }
    let tours: Vec<_> = fs::read_dir(out.join("files"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    assert_eq!(tours.len(), 3, "{tours:?}");
    for tour in &tours {
        let o = knights(&site, &["verify", tour.to_str().unwrap()]);
        assert!(o.status.success(), "{}: {}", tour.display(), stderr(&o));
    }
    assert_eq!(
        fs::read(out.join("robots.txt")).unwrap(),
        fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("starter/static/robots.txt")).unwrap()
    );

    // A folder with something in it is refused, and left as it was.
    let o = knights(tmp.path(), &["init", "tours"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("it is not empty"), "{}", stderr(&o));
    assert!(out.join("index.html").is_file());
}

#[test]
fn init_with_templates_writes_templates_the_build_uses() {
    let tmp = tempfile::tempdir().unwrap();
    let o = knights(tmp.path(), &["init", "t", "--templates"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let page = tmp.path().join("t/content/templates/page.html");
    let text = fs::read_to_string(&page).unwrap();
    fs::write(
        &page,
        text.replace("<article", "<p>EDITED TEMPLATE</p><article"),
    )
    .unwrap();
    let o = knights(&tmp.path().join("t"), &["build", "--jobs", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let about = fs::read_to_string(tmp.path().join("t/site/pages/about.html")).unwrap();
    assert!(about.contains("EDITED TEMPLATE"), "{about}");
}
