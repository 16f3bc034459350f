//! Structure of the SVG drawings: marker counts equal the metrics, the tour's paths
//! have one vertex per turn (plus piece ends) and retrace exactly the tour's leaps, and
//! every document parses with usvg. Also the errors of writing a drawing as the command
//! line does (`Format::of`, `Drawing::bytes`, an atomic write).

use std::collections::HashSet;

use crate::render_support::*;
use knights_core::metrics::{turn_cells, Metrics};
use knights_core::Error;
use knights_core::Verified;
use knights_render::{self as render, Drawing, Format, Layers, Options, Resolution, Show, Theme};
use resvg::usvg::roxmltree;

/// Options read as the command line reads `--theme` and `--show`.
fn try_opts(theme: &str, show: &str) -> Result<Options, Error> {
    Ok(Options {
        theme: Theme::load(theme)?,
        show: Show::parse(show)?,
        ..Default::default()
    })
}

fn opts(theme: &str, show: &str) -> Options {
    try_opts(theme, show).unwrap()
}

fn svg(t: &Verified, m: &Metrics, o: &Options) -> String {
    Drawing::new(t, m, o).unwrap().svg().to_string()
}

fn count_class(doc: &roxmltree::Document, class: &str) -> u64 {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .count() as u64
}

/// The vertices of each tour path's subpaths, in SVG coordinates.
fn tour_paths(doc: &roxmltree::Document) -> Vec<(Vec<(i64, i64)>, bool)> {
    let tour = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("tour"))
        .expect("a tour layer");
    tour.children()
        .filter(|n| n.has_tag_name("path"))
        .flat_map(|p| subpaths(p.attribute("d").unwrap()))
        .map(|(points, closed)| {
            let points = points.iter().map(|&(x, y)| (x as i64, y as i64));
            (points.collect(), closed)
        })
        .collect()
}

/// Checks one drawing of `t` against its metrics.
fn check(t: &Verified, m: &Metrics, sections: bool) {
    let show = if sections {
        "squares,sections,turns,crossings,ends,coords"
    } else {
        "squares,turns,crossings,ends,coords"
    };
    let svg = svg(t, m, &opts("web", show));
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let board = t.board();
    assert_eq!(dots(&doc, "turn").len() as u64, m.turns, "turns on {board}");
    assert_eq!(
        dots(&doc, "crossing").len() as u64,
        m.crossings,
        "crossings on {board}"
    );
    assert_eq!(count_class(&doc, "start"), 1);
    assert_eq!(count_class(&doc, "end"), u64::from(!t.is_closed()));

    // Expected vertices: every turn once, plus both ends of every piece of colour
    // (a piece end that is a turn is written by both pieces it ends).
    let n = t.path().len();
    let edges = if t.is_closed() { n } else { n - 1 };
    let turn_set: HashSet<u32> = turn_cells(t.grid()).into_iter().collect();
    let label = |i: usize| -> usize {
        match t.sections() {
            Some(s) if sections => s.labels()[i] as usize,
            _ => 0,
        }
    };
    let breaks: Vec<usize> = (1..edges).filter(|&i| label(i) != label(i - 1)).collect();
    let wrap = t.is_closed() && label(0) != label(edges - 1);
    let mut expected = m.turns as usize;
    for i in breaks.iter().copied().chain(wrap.then_some(0)) {
        expected += 2 - usize::from(turn_set.contains(&t.path()[i]));
    }
    if !t.is_closed() {
        expected += 2;
    }
    let paths = tour_paths(&doc);
    let vertices: usize = paths.iter().map(|(v, _)| v.len()).sum();
    if !(sections && t.sections().is_none()) {
        // (A gradient's pieces are cut at turns: checked by the leap count only.)
        assert_eq!(vertices, expected, "vertices on {board}");
    }

    // Every segment is a straight run of one leap vector; together they make the tour.
    let dirs = board.leaper().dirs();
    let mut leaps = 0;
    for (v, closed) in &paths {
        let segs = v.len() - 1 + usize::from(*closed);
        for k in 0..segs {
            let (a, b) = (v[k], v[(k + 1) % v.len()]);
            let (dx, dy) = (b.0 - a.0, a.1 - b.1); // SVG y is down
            let run = dirs.iter().find_map(|&(ux, uy)| {
                let k = if ux != 0 {
                    dx / ux as i64
                } else {
                    dy / uy as i64
                };
                (k > 0 && k * ux as i64 == dx && k * uy as i64 == dy).then_some(k)
            });
            leaps += run.unwrap_or_else(|| panic!("segment {a:?}-{b:?} is no straight run"));
        }
    }
    assert_eq!(leaps as usize, edges, "leaps on {board}");
}

#[test]
fn markers_and_vertices_match_the_metrics_on_many_boards() {
    let mut boards = 0;
    let (t, m) = measured(ring());
    check(&t, &m, false);
    for w in 5..=16 {
        for h in w..=16 {
            let Some(t) = warnsdorff(w, h, false, (w * 100 + h) as u64, 200) else {
                continue;
            };
            let (t, m) = measured(t);
            check(&t, &m, false);
            check(&t, &m, true);
            let (s, ms) = measured(with_sections(&t, &FORMATION));
            check(&s, &ms, true);
            boards += 1;
        }
    }
    for (w, h) in [(6, 8), (8, 8), (6, 10), (10, 10), (8, 12), (10, 12)] {
        let t = warnsdorff(w, h, true, 7, 20_000).expect("a closed Warnsdorff tour");
        let (t, m) = measured(t);
        check(&t, &m, false);
        check(&t, &m, true);
        let (s, ms) = measured(with_sections(&t, &FORMATION));
        check(&s, &ms, true);
        // A section that wraps round the start of a closed tour.
        let (s, ms) = measured(with_sections(&t, &["a", "b", "a"]));
        check(&s, &ms, true);
        boards += 1;
    }
    assert!(boards >= 70, "only {boards} boards drawn");
}

#[test]
fn formation_tours_check_out_and_stay_small() {
    let mut boards = 0;
    for w in (16..=40).step_by(2) {
        for h in [12, 13, 16, 19, 24, 30, 41] {
            let (t, m) = measured(formation(w, h));
            assert_eq!(t.sections().unwrap().names().len(), 8);
            check(&t, &m, true);
            check(&t, &m, false);
            boards += 1;
        }
    }
    assert_eq!(boards, 91);
    // Size follows the turns: a detailed 200x200 drawing with default layers stays
    // small (drawn by default as an overview, see render_overview.rs).
    let (t, m) = measured(formation(200, 200));
    let detail = Options {
        style: knights_render::Style::Detail,
        ..Default::default()
    };
    let svg = svg(&t, &m, &detail);
    assert!(
        svg.len() < 2_000 + 12 * m.turns as usize,
        "{} bytes",
        svg.len()
    );
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let sections: HashSet<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("data-section"))
        .collect();
    assert_eq!(sections.len(), 8);
}

#[test]
fn a_closed_single_colour_tour_has_exactly_one_vertex_per_turn() {
    let t = warnsdorff(8, 8, true, 7, 20_000).unwrap();
    let (t, m) = measured(t);
    let svg = svg(&t, &m, &opts("print", "squares"));
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let paths = tour_paths(&doc);
    assert_eq!(paths.len(), 1);
    assert!(paths[0].1, "closed with Z");
    assert_eq!(paths[0].0.len() as u64, m.turns);
}

#[test]
fn every_theme_and_layer_set_parses_with_usvg() {
    let (t, m) = measured(warnsdorff(8, 8, true, 7, 20_000).unwrap());
    let (o, mo) = measured(warnsdorff(7, 9, false, 3, 200).unwrap());
    for theme in render::theme::BUILT_IN {
        for show in ["all", "none", "numbers", "coords,sections", "+numbers"] {
            for (t, m) in [(&t, &m), (&o, &mo)] {
                let drawing = Drawing::new(t, m, &opts(theme, show)).unwrap();
                let png = drawing.png_at(Resolution::Width(48)).unwrap();
                assert!(png.starts_with(b"\x89PNG"));
            }
        }
    }
}

#[test]
fn numbers_write_every_step_once() {
    let (t, m) = measured(warnsdorff(8, 8, true, 7, 20_000).unwrap());
    let svg = svg(&t, &m, &opts("teaching", "numbers"));
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let mut texts: Vec<u32> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap().trim().parse().unwrap())
        .collect();
    texts.sort();
    assert_eq!(texts, (1..=64).collect::<Vec<_>>());
}

#[test]
fn defaults_hide_markers_on_big_boards() {
    let (t, m) = measured(warnsdorff(40, 40, false, 1, 50).unwrap());
    let big = Drawing::new(&t, &m, &Options::default()).unwrap().layers();
    assert!(!big.has(render::Layer::Turns) && !big.has(render::Layer::Crossings));
    assert_ne!(big, Layers::default());
}

#[test]
fn png_and_pdf_come_out_with_the_asked_size() {
    let (t, m) = measured(warnsdorff(8, 8, true, 7, 20_000).unwrap());
    let mut o = opts("teaching", "all");
    o.resolution = Resolution::Width(300);
    let png = Drawing::new(&t, &m, &o).unwrap().png().unwrap();
    let img = resvg::tiny_skia::Pixmap::decode_png(&png).unwrap();
    assert_eq!(img.width(), 300);
    o.resolution = Resolution::Dpi(72.0);
    let drawing = Drawing::new(&t, &m, &o).unwrap();
    let doc = roxmltree::Document::parse(drawing.svg()).unwrap();
    let pt: f32 = doc
        .root_element()
        .attribute("width")
        .unwrap()
        .parse()
        .unwrap();
    let img = resvg::tiny_skia::Pixmap::decode_png(&drawing.png().unwrap()).unwrap();
    assert_eq!(img.width(), pt.round() as u32);
    let pdf = drawing.pdf().unwrap();
    let s = String::from_utf8_lossy(&pdf);
    assert!(s.starts_with("%PDF"));
    assert!(s.contains("/FontFile2"), "text is embedded as a font");
    assert!(!s.contains("/Subtype /Image"), "no bitmap");
    assert!(
        s.contains(&format!("/MediaBox [0 0 {}", pt)),
        "page is the drawing's size in points"
    );
}

#[test]
fn bad_options_fail_cleanly_and_leave_no_file() {
    let (t, m) = measured(ring());
    let dir = tempfile::tempdir().unwrap();
    let keep = dir.path().join("keep.png");
    std::fs::write(&keep, b"old").unwrap();
    let cases = [
        (("neon", "all"), "keep.png", "unknown theme 'neon'"),
        (("web", "glitter"), "keep.png", "unknown layer 'glitter'"),
        (("web", "all"), "out.gif", "use .svg, .png or .pdf"),
        (("web", "all"), "no/such/dir/out.svg", "out.svg"),
    ];
    // As the command line writes a drawing: the format from the extension, the bytes
    // through a temporary file renamed into place.
    let write = |o: Result<Options, Error>, out: &std::path::Path| {
        let drawing = Drawing::new(&t, &m, &o?)?;
        knights_core::atomic::write_bytes(out, &drawing.bytes(Format::of(out)?)?)
    };
    for ((theme, show), name, msg) in cases {
        let e = write(try_opts(theme, show), &dir.path().join(name)).unwrap_err();
        let e = e.to_string();
        assert!(e.contains(msg), "{e}");
        assert!(!e.contains('\n'), "one line: {e}");
    }
    let mut o = opts("web", "all");
    o.resolution = Resolution::Width(0);
    assert!(write(Ok(o), &keep).is_err());
    assert_eq!(std::fs::read(&keep).unwrap(), b"old");
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["keep.png"], "no stray files");
    for ext in ["svg", "png", "pdf"] {
        let out = dir.path().join(format!("ring.{ext}"));
        write(Ok(opts("web", "all")), &out).unwrap();
        assert!(std::fs::metadata(&out).unwrap().len() > 100);
    }
}

#[test]
fn a_theme_file_changes_the_drawing_and_bad_ones_name_the_field() {
    let (t, m) = measured(ring());
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("mine.toml");
    std::fs::write(&good, "base = \"print\"\n[tour]\ncolour = \"#123456\"\n").unwrap();
    let o = opts(good.to_str().unwrap(), "none");
    assert!(svg(&t, &m, &o).contains("#123456"));
    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, "[markers]\nturn_color = \"red\"\n").unwrap();
    let e = try_opts(bad.to_str().unwrap(), "none").unwrap_err();
    let e = e.to_string();
    assert!(
        e.contains("bad.toml: line 2, field markers.turn_color: unknown field"),
        "{e}"
    );
}

/// Crossing disks are sized by the spacing of the crossings: on the chessboard, whose
/// closest crossings are 0.11 squares apart, no two disks touch (at the theme's 0.13
/// squares they piled into blobs); on a board too small in points to follow that, they
/// keep the theme's smallest size.
#[test]
fn crossing_disks_do_not_merge_into_blobs() {
    let t = warnsdorff(8, 8, true, 1, 100).unwrap();
    let (t, m) = measured(t);
    let s = svg(&t, &m, &opts("web", "crossings"));
    let doc = roxmltree::Document::parse(&s).unwrap();
    // A disk's radius is the mean of its outline's and its fill's half widths.
    let width = |class: &str| {
        let n = doc
            .descendants()
            .find(|n| n.attribute("class") == Some(class));
        n.unwrap()
            .attribute("stroke-width")
            .unwrap()
            .parse::<f64>()
            .unwrap()
    };
    let r = (width("crossing") + width("crossing-fill")) / 4.0;
    let disks: Vec<(f64, f64, f64)> = dots(&doc, "crossing")
        .into_iter()
        .map(|(x, y)| (x, y, r))
        .collect();
    assert_eq!(disks.len() as u64, m.crossings);
    for (i, p) in disks.iter().enumerate() {
        for q in &disks[..i] {
            let d = ((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt();
            assert!(d > p.2 + q.2, "disks at {p:?} and {q:?} touch");
        }
    }
}

/// Turns and crossings are paths of dots, not an element each: on a 30x30 formation
/// tour they add at most 20 bytes a marker to the drawing (a `<circle>` each took 45
/// to 55, most of a gallery's detailed crops), and the dots sit where the metrics say.
#[test]
fn markers_cost_a_few_bytes_each() {
    let (t, m) = measured(formation(30, 30));
    let with = svg(&t, &m, &opts("web", "squares,turns,crossings"));
    let without = svg(&t, &m, &opts("web", "squares"));
    let per = (with.len() - without.len()) as f64 / (m.turns + m.crossings) as f64;
    assert!(per < 20.0, "{per:.1} bytes a marker");
    let doc = roxmltree::Document::parse(&with).unwrap();
    let b = t.board();
    let mut want: Vec<(i64, i64)> = turn_cells(t.grid())
        .into_iter()
        .map(|c| b.xy(c))
        .map(|(x, y)| (x as i64, (b.height() - 1 - y) as i64))
        .collect();
    let mut got: Vec<(i64, i64)> = dots(&doc, "turn")
        .into_iter()
        .map(|(x, y)| (x.round() as i64, y.round() as i64))
        .collect();
    want.sort_unstable();
    got.sort_unstable();
    assert_eq!(got, want);
}
