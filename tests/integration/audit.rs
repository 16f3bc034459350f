//! The audit of every figure (issue 37): every SVG the gallery writes and every SVG
//! the docs' commands make, read back by knights-render's `audit` (text over text or
//! a marker, an element outside the figure or its clip, lines and type too thin at a
//! declared print size, a faint mark, a legend that does not match its marks, a series
//! hidden under another), with no finding. The fixture catalogue's gallery (every kind
//! of page and exhibit) and the shipped gallery (`content/`, built once for every test
//! of this binary that needs it: [`shipped_gallery`]) pass. The docs' figures are
//! audited where their commands run (`docs_commands`). And the audit is shown to fail:
//! a label planted on a turn's dot of a gallery drawing is found. Outside the gallery,
//! the sweep of `--show all` and numbered teaching figures over every kind of board
//! (plane, rectangle, bands, giraffe, 3-D, tourney, open, large with insets, a print
//! size) passes too: labels moved, leadered or left out (and said so in the legend)
//! rather than set on a marker. Beside the audit,
//! what the teaching page says of its figures: the command shown beside a figure
//! makes that figure.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use super::site::{build_fixture, opts, root};

/// The fixture catalogue's gallery, built once for this module's tests.
fn fixture_site() -> &'static Path {
    static SITE: OnceLock<tempfile::TempDir> = OnceLock::new();
    SITE.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        build_fixture(&dir.path().join("site"));
        dir
    })
    .path()
}

/// Every SVG under `dir`, in name order.
pub(super) fn svgs(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(svgs(&p));
        } else if p.extension().is_some_and(|x| x == "svg") {
            out.push(p);
        }
    }
    out.sort();
    out
}

/// The shipped gallery (`content/`), built once for every test of this binary that
/// needs it (this module's audit, the browser's pages and budget), into
/// `target/test-gallery/site`.
pub(super) fn shipped_gallery() -> &'static Path {
    static SITE: OnceLock<PathBuf> = OnceLock::new();
    SITE.get_or_init(|| {
        let out = root().join("target/test-gallery/site");
        let mut o = opts(&root().join("content"), &out);
        o.force = true;
        knights_site::build(&o).unwrap_or_else(|e| panic!("the shipped gallery: {e}"));
        out
    })
}

/// The findings of the audit of every SVG under `dir`, each line led by its file, and
/// how many files were read; the files are read on every core.
pub(super) fn findings(dir: &Path) -> (usize, Vec<String>) {
    let files = svgs(dir);
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let chunk = files.len().div_ceil(threads).max(1);
    let found: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = (files.chunks(chunk))
            .map(|part| s.spawn(move || audit_files(dir, part)))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    (files.len(), found)
}

/// The findings on `files` (under `dir`), each led by its file's name.
fn audit_files(dir: &Path, files: &[PathBuf]) -> Vec<String> {
    let mut out = Vec::new();
    for f in files {
        let svg = fs::read_to_string(f).unwrap();
        let report = knights_render::audit(&svg).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let name = f.strip_prefix(dir).unwrap().display().to_string();
        out.extend(report.findings.iter().map(|x| format!("{name}: {x}")));
    }
    out
}

#[test]
fn every_figure_of_the_fixture_gallery_passes_the_audit() {
    let (files, found) = findings(&fixture_site().join("site"));
    assert!(files > 40, "{files} figures");
    assert!(
        found.is_empty(),
        "{} findings:\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn every_figure_of_the_shipped_gallery_passes_the_audit() {
    let site = shipped_gallery();
    let (files, found) = findings(site);
    assert!(files > 500, "{files} figures");
    assert!(
        found.is_empty(),
        "{} findings:\n{}",
        found.len(),
        found.join("\n")
    );
}

/// A gallery drawing of the 8x8 board passes; the same with a step number planted
/// on its first turn's dot does not, and the finding names the label.
#[test]
fn a_label_planted_on_a_marker_is_found() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("tour.svg");
    let o = super::run::knights(&["render", "8x8", "-o", out.to_str().unwrap()]);
    assert!(o.status.success());
    let svg = fs::read_to_string(&out).unwrap();
    let overlaps = |svg: &str| -> Vec<String> {
        let found = knights_render::audit(svg).unwrap().findings;
        (found.iter().filter(|f| f.kind == "overlap"))
            .map(|f| f.to_string())
            .collect()
    };
    assert_eq!(overlaps(&svg), Vec::<String>::new());
    // The first turn's dot: `M x y h0` in the path of class "turn".
    let d = &svg[svg.find("class=\"turn\" d=\"M").unwrap() + 17..];
    let xy: Vec<f64> = d
        .split(['h', ' '])
        .take(2)
        .map(|v| v.parse().unwrap())
        .collect();
    let label = format!(
        "<text x=\"{}\" y=\"{}\" font-size=\".35\" text-anchor=\"middle\">17</text></svg>",
        xy[0],
        xy[1] + 0.12
    );
    let planted = svg.replace("</svg>", &label);
    let found = overlaps(&planted);
    assert_eq!(found.len(), 1, "{found:?}");
    let line = &found[0];
    assert!(
        line.starts_with("overlap: text \"17\" at (") && line.ends_with("over the marker turn"),
        "{line}"
    );
}

/// In each section of the teaching page, the `knights render` commands writing an SVG
/// and the SVG figures shown, in order: each command makes its figure, byte for byte.
#[test]
fn the_command_beside_each_teaching_figure_makes_it() {
    let page = fs::read_to_string(root().join("content/pages/teaching.md")).unwrap();
    let site = fixture_site().join("site");
    let mut checked = 0;
    for section in page.split("\n## ") {
        let commands: Vec<&str> = (section.split('`'))
            .filter(|c| c.starts_with("knights render ") && c.ends_with(".svg"))
            .collect();
        let figures: Vec<&str> = (section.split("](../").skip(1))
            .filter_map(|rest| rest.split(')').next())
            .filter(|f| f.ends_with(".svg"))
            .collect();
        if commands.is_empty() || figures.is_empty() {
            continue;
        }
        assert_eq!(commands.len(), figures.len(), "{section}");
        for (command, figure) in commands.iter().zip(&figures) {
            let dir = tempfile::tempdir().unwrap();
            let args: Vec<&str> = command.split(' ').skip(1).collect();
            let o = super::run::knights_in(dir.path(), &args);
            assert!(o.status.success(), "{command}: {}", super::run::stderr(&o));
            let written = fs::read(dir.path().join(args.last().unwrap())).unwrap();
            let shown = fs::read(site.join(figure)).unwrap();
            assert!(written == shown, "`{command}` does not make {figure}");
            checked += 1;
        }
    }
    assert!(checked >= 2, "{checked} figures checked");
}

/// The boards of the sweep: plane squares of a few sizes, a rectangle, the three
/// bands, an open tour, the giraffe, a board of three sides, a tourney (`TOURNEY`,
/// written first) and a large board drawn as an overview with insets.
const SWEEP_BOARDS: &[&str] = &[
    "5x5 --open",
    "8x8",
    "12x12",
    "16x16",
    "10x12",
    "8x8 --topology torus",
    "16x6 --topology cylinder",
    "24x6 --topology moebius",
    "8x8 --open",
    "52x22 --leaper 1,4",
    "6x6x6",
    "TOURNEY",
    "200x200",
];

/// The looks of the sweep: every layer, and the teaching theme with step numbers.
const SWEEP_LOOKS: &[&str] = &["--show all", "--theme teaching --show +numbers"];

/// The findings of the audit on the figure `knights render ARGS -o f.svg` writes in
/// `dir`, each led by the command.
fn sweep_findings(dir: &Path, args: &str) -> Vec<String> {
    let out = dir.join(format!("{}.svg", args.replace([' ', ',', '/'], "_")));
    let mut argv: Vec<&str> = vec!["render"];
    argv.extend(args.split(' '));
    argv.extend(["-o", out.to_str().unwrap()]);
    let o = super::run::knights_in(dir, &argv);
    assert!(o.status.success(), "{args}: {}", super::run::stderr(&o));
    let svg = fs::read_to_string(&out).unwrap();
    let report = knights_render::audit(&svg).unwrap_or_else(|e| panic!("{args}: {e}"));
    (report.findings.iter())
        .map(|f| format!("knights render {args}: {f}"))
        .collect()
}

/// Every layer at once and the numbered teaching figures, on every kind of board and
/// at a print size, pass the audit `knights render --check` runs: no number or
/// coordinate over a turn's dot, a crossing, the first leap's arrow or a seam's
/// arrows; inset captions at the page's body type. (On main before this sweep, 3,701
/// findings: numbers over turn dots, degrees over crossings and numbers, numbers on
/// the torus's seam arrows, numbers over a 200x200 overview's blocks.)
#[test]
fn show_all_and_numbered_figures_of_every_board_pass_the_audit() {
    let dir = tempfile::tempdir().unwrap();
    let tourney = dir.path().join("tourney.json");
    let o = super::run::knights(&["tourney", "8x8", "-o", tourney.to_str().unwrap()]);
    assert!(o.status.success(), "{}", super::run::stderr(&o));
    let mut runs: Vec<String> = Vec::new();
    for board in SWEEP_BOARDS {
        let board = board.replace("TOURNEY", tourney.to_str().unwrap());
        for look in SWEEP_LOOKS {
            runs.push(format!("{board} {look}"));
        }
    }
    runs.push("1000x1000 --theme print --size 160mm".to_string());
    runs.push("200x200 --show all --size 160mm".to_string());
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let chunk = runs.len().div_ceil(threads).max(1);
    let found: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = (runs.chunks(chunk))
            .map(|part| {
                let dir = dir.path();
                s.spawn(move || {
                    part.iter()
                        .flat_map(|a| sweep_findings(dir, a))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    assert!(
        found.is_empty(),
        "{} findings:\n{}",
        found.len(),
        found.join("\n")
    );
}

/// The sweep's figures are not clean by chance: the numbered 8x8 with every layer,
/// with a step number planted on a crossing's disk (beside a turn's ring), fails the
/// audit, and the finding names the label.
#[test]
fn a_label_planted_on_a_crossing_of_the_sweep_is_found() {
    let dir = tempfile::tempdir().unwrap();
    assert!(sweep_findings(dir.path(), "8x8 --show all").is_empty());
    let svg = fs::read_to_string(dir.path().join("8x8_--show_all.svg")).unwrap();
    let d = &svg[svg.find("class=\"crossing\" d=\"M").unwrap() + 21..];
    let xy: Vec<f64> = d
        .split(['h', ' '])
        .take(2)
        .map(|v| v.parse().unwrap())
        .collect();
    let label = format!(
        "<text x=\"{}\" y=\"{}\" font-size=\".3\" text-anchor=\"middle\">42</text></svg>",
        xy[0],
        xy[1] + 0.1
    );
    let found = knights_render::audit(&svg.replace("</svg>", &label))
        .unwrap()
        .findings;
    let lines: Vec<String> = found.iter().map(|f| f.to_string()).collect();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("overlap: text \"42\"") && l.contains("over the marker")),
        "{lines:?}"
    );
}
