//! The promises of docs/cli.md kept by the newer commands (issue 24): what is too large
//! for this process is refused up front with the figure, boards with holes are taken,
//! and nothing typed by a user ends in an internal error or an abort.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use crate::run::{knights, knights_limited, refused, stderr, stdout};

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn worksheets_of_boards_with_holes_are_made() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        &["9x9", "--algo", "parberry", "--variant", "corner"][..],
        &["5x5", "--algo", "parberry", "--variant", "corner"],
        &["17x13", "--algo", "besa", "--variant", "corner"],
    ] {
        let out = dir.path().join("sheet.pdf");
        let mut all = vec!["worksheet"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--count", "8", "-o", s(&out)]);
        let o = knights(&all);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        assert!(fs::read(&out).unwrap().starts_with(b"%PDF"));
    }
}

#[test]
fn a_worksheet_too_large_for_a_page_is_refused_before_it_is_built() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sheet.pdf");
    for board in ["400x400", "4000x4000"] {
        let o = knights(&["worksheet", board, "-o", s(&out)]);
        refused(
            &o,
            &format!("a worksheet numbers every square of its boards, and the {board} board has"),
        );
        assert!(stderr(&o).contains("--per-page"), "{}", stderr(&o));
    }
    assert!(!out.exists());
}

#[cfg(unix)]
#[test]
fn boards_of_three_sides_are_refused_with_the_memory_figure() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("x.svg");
    for args in [
        &["tour", "2000x2000x1000"][..],
        &["metrics", "1600x1600x1600"],
        &["render", "2000x2000x1000", "-o", s(&svg)],
    ] {
        let o = knights_limited(1_000_000, args);
        refused(&o, &format!("a {} board needs about", args[1]));
        assert!(
            stderr(&o).contains("bytes each), but only"),
            "{}",
            stderr(&o)
        );
    }
    assert!(!svg.exists());
}

/// A content folder with `catalogue` and no other file.
fn content(dir: &Path, catalogue: &str) -> PathBuf {
    let c = dir.join("content");
    fs::create_dir_all(&c).unwrap();
    fs::write(c.join("catalogue.toml"), catalogue).unwrap();
    c
}

fn build(content: &Path, out: &Path) -> Output {
    knights_limited(
        2_000_000,
        &["build", "--content", s(content), "--out", s(out)],
    )
}

/// What `dir` holds besides `content` and the build cache.
fn left_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n != "content" && !n.ends_with(".knights-cache"))
        .collect();
    v.sort();
    v
}

#[cfg(unix)]
#[test]
fn a_catalogue_of_boards_too_large_for_memory_is_refused_before_building() {
    for catalogue in [
        "[[tour]]\nboard = \"2000x2000x1000\"\n",
        "[[series]]\nslug = \"cubes\"\ntitle = \"Cubes\"\nboard = \"{n}x{n}x{n}\"\nsizes = { from = 16, to = 1600, step = 1584 }\n",
    ] {
        let dir = tempfile::tempdir().unwrap();
        let c = content(dir.path(), catalogue);
        let o = build(&c, &dir.path().join("site"));
        refused(&o, "board needs about");
        assert!(left_in(dir.path()).is_empty(), "{:?}", left_in(dir.path()));
    }
}

#[cfg(unix)]
#[test]
fn a_band_model_too_large_for_memory_is_refused_with_the_figure() {
    let dir = tempfile::tempdir().unwrap();
    for (topology, out) in [("cylinder", "m.stl"), ("moebius", "m.svg")] {
        let out = dir.path().join(out);
        let args = ["model", "1000x1000", "--topology", topology, "-o", s(&out)];
        let o = knights_limited(1_000_000, &args);
        refused(&o, "model of the 1000x1000");
        assert!(stderr(&o).contains("leaps at about"), "{}", stderr(&o));
        assert!(!out.exists());
    }
}

#[test]
fn templates_that_include_themselves_are_refused_and_the_site_kept() {
    let dir = tempfile::tempdir().unwrap();
    let c = content(dir.path(), SMALL);
    let out = dir.path().join("site");
    let o = knights(&["build", "--content", s(&c), "--out", s(&out)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let index = fs::read_to_string(out.join("index.html")).unwrap();
    let templates = c.join("templates");
    let tour =
        "{% extends \"base.html\" %}{% block main %}{% include \"card.html\" %}{% endblock main %}";
    for (files, cycle) in [
        (
            &[("index.html", "{% include \"index.html\" %}")][..],
            "index.html includes itself",
        ),
        (
            &[
                ("tour.html", tour),
                ("card.html", "{% include \"tour.html\" %}"),
            ],
            "card.html includes tour.html, which includes card.html",
        ),
    ] {
        fs::create_dir_all(&templates).unwrap();
        for (name, text) in files {
            fs::write(templates.join(name), text).unwrap();
        }
        let o = knights(&["build", "--content", s(&c), "--out", s(&out)]);
        refused(
            &o,
            &format!("templates: {cycle}, so rendering it would never end"),
        );
        assert_eq!(stderr(&o).lines().count(), 1, "{}", stderr(&o));
        assert_eq!(left_in(dir.path()), ["site"]);
        assert_eq!(fs::read_to_string(out.join("index.html")).unwrap(), index);
        fs::remove_dir_all(&templates).unwrap();
    }
}

/// One small tour, with a base URL so that the build writes a sitemap.
const SMALL: &str = "[site]\ntitle = \"t\"\nbase_url = \"https://example.org/\"\n\n[[tour]]\nboard = \"6x6\"\nalgorithm = \"warnsdorff\"\n";

#[test]
fn static_files_may_not_replace_the_sitemap_or_the_timings() {
    for name in ["sitemap.xml", "timings.json"] {
        let dir = tempfile::tempdir().unwrap();
        let c = content(dir.path(), SMALL);
        fs::create_dir_all(c.join("static")).unwrap();
        fs::write(c.join("static").join(name), "mine").unwrap();
        let o = knights(&[
            "build",
            "--content",
            s(&c),
            "--out",
            s(&dir.path().join("site")),
        ]);
        refused(
            &o,
            &format!("the site already has {name} (the build writes it)"),
        );
        assert!(left_in(dir.path()).is_empty(), "{:?}", left_in(dir.path()));
    }
}

#[cfg(unix)]
#[test]
fn a_long_grid_of_short_rows_is_refused_with_the_memory_figure() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("long.txt");
    // 12 bytes a row (the step's cell and the row's line) for 2 bytes of text: 20
    // million rows need 240 MB, more than the 200 MB of address space given.
    fs::write(&p, "1\n".repeat(20_000_000)).unwrap();
    let o = knights_limited(200_000, &["verify", s(&p)]);
    refused(&o, "the numbered grid of 1x20000000 cells needs about");
}

#[test]
fn a_grid_may_start_with_a_comment() {
    let dir = tempfile::tempdir().unwrap();
    let o = knights(&["tour", "5x5", "--open", "--format", "grid"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let p = dir.path().join("t.txt");
    fs::write(&p, format!("# an open tour of 5x5\n{}", stdout(&o))).unwrap();
    let o = knights(&["verify", s(&p)]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn counting_a_huge_board_refuses_a_topology_it_does_not_model() {
    for (t, name) in [
        ("moebius", "moebius band"),
        ("cylinder", "cylinder band"),
        ("torus", "torus"),
    ] {
        let args = [
            "metrics",
            "1000000x1000000",
            "--algo",
            "besa",
            "--topology",
            t,
            "--json",
        ];
        let o = knights(&args);
        refused(&o, &format!("only on the plane, not on a {name}:"));
        assert!(o.stdout.is_empty());
    }
}

#[test]
fn a_closed_walk_too_long_to_close_is_refused_with_the_estimate() {
    let o = knights(&["tour", "99x101x100"]);
    refused(
        &o,
        "warnsdorff closes tours of boards of three or more sides of at most 130000 cells",
    );
    assert!(
        stderr(&o).contains("would take about 26 minutes: try --open"),
        "{}",
        stderr(&o)
    );
}

/// The least address space (`ulimit -v`, in KiB, to 1 MiB) in which `knights ARGS`
/// succeeds.
#[cfg(unix)]
fn least_address_space(args: &[&str]) -> u64 {
    let (mut lo, mut hi) = (16 << 10, 8 << 20);
    assert!(knights_limited(hi, args).status.success(), "{args:?}");
    while hi - lo > 1 << 10 {
        let mid = (lo + hi) / 2;
        match knights_limited(mid, args).status.success() {
            true => hi = mid,
            false => lo = mid,
        }
    }
    hi
}

/// A tour file is proven streaming (issue 25): proving a 1000x1000 tour, JSON or
/// numbered grid, takes at most 12 bytes a cell more address space than proving an 8x8
/// one. Reading the whole text first took 26 bytes a cell (JSON) and 30 (the grid).
#[cfg(unix)]
#[test]
fn a_tour_file_is_proven_in_a_few_bytes_a_cell() {
    let dir = tempfile::tempdir().unwrap();
    for format in ["json", "grid"] {
        let path = |board: &str| dir.path().join(format!("{board}.{format}"));
        for board in ["8x8", "1000x1000"] {
            let o = knights(&["tour", board, "--format", format, "-o", s(&path(board))]);
            assert!(o.status.success(), "{}", stderr(&o));
        }
        let floor = least_address_space(&["verify", s(&path("8x8"))]);
        let cells = 1000 * 1000;
        let o = knights_limited(
            floor + 12 * cells / 1024,
            &["verify", s(&path("1000x1000"))],
        );
        assert!(o.status.success(), "{format}: {}", stderr(&o));
        assert!(stdout(&o).contains("ok, a closed tour"), "{}", stdout(&o));
    }
}
