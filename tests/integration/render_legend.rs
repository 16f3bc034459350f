//! The legend inside a drawing (`--legend`): it lists exactly the marks and colours the
//! drawing shows, names the sections, sits in room added beside (or below) the board so
//! the tour is drawn as without it, and comes out in PNG and PDF too.

use crate::render_support::*;
use knights_core::metrics::Metrics;
use knights_core::Verified;
use knights_render::{Drawing, Options, Region, Show, Theme};
use resvg::usvg::roxmltree::{Document, Node};

fn opts(theme: &str, show: &str, legend: bool) -> Options {
    Options {
        theme: Theme::load(theme).unwrap(),
        show: Show::parse(show).unwrap(),
        legend,
        ..Default::default()
    }
}

fn svg(t: &Verified, m: &Metrics, o: &Options) -> String {
    Drawing::new(t, m, o).unwrap().svg().to_string()
}

fn legend<'a>(doc: &'a Document) -> Option<Node<'a, 'a>> {
    doc.descendants()
        .find(|n| n.attribute("class") == Some("legend"))
}

/// The legend's labels, top to bottom.
fn labels(svg: &str) -> Vec<String> {
    let doc = Document::parse(svg).unwrap();
    legend(&doc).map_or_else(Vec::new, |g| {
        g.descendants()
            .filter(|n| n.attribute("class") == Some("legend-labels"))
            .flat_map(|l| l.children().filter(|n| n.has_tag_name("text")))
            .map(|n| n.text().unwrap().trim().to_string())
            .collect()
    })
}

/// The smallest value of the attributes `names` inside the legend.
fn least(svg: &str, names: &[&str]) -> f64 {
    let doc = Document::parse(svg).unwrap();
    let g = legend(&doc).expect("a legend");
    g.descendants()
        .flat_map(|n| names.iter().filter_map(move |a| n.attribute(*a)))
        .map(|v| v.parse::<f64>().unwrap())
        .fold(f64::INFINITY, f64::min)
}

/// The markup of the element of class `class`.
fn part(svg: &str, class: &str) -> String {
    let doc = Document::parse(svg).unwrap();
    let n = doc
        .descendants()
        .find(|n| n.attribute("class") == Some(class))
        .unwrap();
    svg[n.range()].to_string()
}

fn view_box(svg: &str) -> Vec<f64> {
    let doc = Document::parse(svg).unwrap();
    let v = doc.root_element().attribute("viewBox").unwrap();
    v.split(' ').map(|s| s.parse().unwrap()).collect()
}

#[test]
fn the_formation_tour_names_its_sections_beside_the_board() {
    let (t, m) = measured(formation(30, 30));
    let show = "squares,sections,turns,crossings,ends,coords";
    let with = svg(&t, &m, &opts("web", show, true));
    let without = svg(&t, &m, &opts("web", show, false));
    let mut want: Vec<String> = [
        "the tour turns",
        "two leaps cross",
        "start",
        "direction of the first move",
    ]
    .map(String::from)
    .to_vec();
    want.extend(FORMATION.iter().map(|s| s.to_string()));
    assert_eq!(labels(&with), want, "names, not counts; no open end");
    // Beside the board (its right edge is at 29.5), which is drawn as without it.
    assert!(least(&with, &["x", "cx", "x1"]) > 29.5);
    for class in ["tour", "turns", "crossings", "ends", "coords"] {
        assert_eq!(part(&with, class), part(&without, class), "{class}");
    }
    let doc = Document::parse(&with).unwrap();
    assert_eq!(dots(&doc, "turn").len() as u64, m.turns);
    assert_eq!(dots(&doc, "crossing").len() as u64, m.crossings);
    let (a, b) = (view_box(&with), view_box(&without));
    assert!(
        a[2] > b[2] && a[3] >= b[3] && a[..2] == b[..2],
        "{a:?} {b:?}"
    );
    assert!(labels(&without).is_empty());
}

#[test]
fn only_what_is_shown_is_listed() {
    let (t, m) = measured(formation(30, 30));
    assert_eq!(
        labels(&svg(&t, &m, &opts("web", "sections", true))),
        FORMATION
    );
    let none = svg(&t, &m, &opts("web", "none", true));
    assert!(labels(&none).is_empty());
    assert_eq!(
        none,
        svg(&t, &m, &opts("web", "none", false)),
        "nothing to explain"
    );
    // A region away from the start and the junctions: the formation knights only.
    let mut o = opts("web", "sections,ends", true);
    o.region = Some("10,10,19,19".parse::<Region>().unwrap());
    let middle = labels(&svg(&t, &m, &o));
    assert!(
        !middle.is_empty()
            && !middle
                .iter()
                .any(|l| l == "start" || l.contains("junction"))
    );
    assert!(
        middle.iter().all(|l| FORMATION.contains(&l.as_str())),
        "{middle:?}"
    );
}

#[test]
fn gradients_open_ends_and_many_sections() {
    // The teaching theme: numbers, no turn dots; a gradient without sections.
    let (t, m) = measured(warnsdorff(8, 8, true, 7, 20_000).unwrap());
    assert_eq!(
        labels(&svg(&t, &m, &opts("teaching", "+sections", true))),
        [
            "start",
            "direction of the first move",
            "step number: the order of the moves",
            "colour: from the start to the end"
        ]
    );
    let (o, mo) = measured(warnsdorff(7, 9, false, 3, 200).unwrap());
    assert_eq!(
        labels(&svg(&o, &mo, &opts("web", "ends,degrees", true))),
        [
            "start",
            "direction of the first move",
            "end of the open tour",
            "onward leaps when the knight came"
        ]
    );
    // Twenty sections: fifteen by name, the rest summed up.
    let names: Vec<String> = (1..=20).map(|i| format!("part {i}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let (s, ms) = measured(with_sections(&t, &names));
    let l = labels(&svg(&s, &ms, &opts("web", "sections", true)));
    assert_eq!(l.len(), 16);
    assert_eq!(
        (l[0].as_str(), l[15].as_str()),
        ("part 1", "and 5 more sections")
    );
}

#[test]
fn a_wide_board_has_its_legend_below_and_every_format_shows_it() {
    let (t, m) = measured(formation(40, 12));
    let o = opts("web", "sections,ends", true);
    let with = svg(&t, &m, &o);
    assert!(
        least(&with, &["y", "cy", "y1"]) > 11.5,
        "below the bottom row"
    );
    let d = Drawing::new(&t, &m, &o).unwrap();
    let plain = Drawing::new(&t, &m, &opts("web", "sections,ends", false)).unwrap();
    let size = |png: Vec<u8>| {
        let r = png::Decoder::new(std::io::Cursor::new(png))
            .read_info()
            .unwrap();
        (r.info().width, r.info().height)
    };
    let (a, b) = (size(d.png().unwrap()), size(plain.png().unwrap()));
    assert!(a.0 == b.0 && a.1 > b.1, "{a:?} {b:?}");
    assert!(d.pdf().unwrap().starts_with(b"%PDF"));
}

/// `--show sharp,run`: a disk at each sharp turn (over the turn dots) and a band under
/// each longest run, each listed with what it means; neither is drawn by default, and
/// a region without sharp turns does not list them.
#[test]
fn sharp_turns_and_the_longest_runs_are_drawn_and_listed() {
    let (t, m) = measured(formation(30, 30));
    let sharp = knights_core::metrics::sharp_turns(&m.turns_by_angle);
    let with = svg(&t, &m, &opts("web", "turns,sharp,run", true));
    assert_eq!(
        labels(&with),
        [
            "the tour turns".to_string(),
            "a sharp turn: by more than 90 degrees".to_string(),
            format!("the longest straight run: {} leaps", m.longest_run),
        ]
    );
    let doc = Document::parse(&with).unwrap();
    assert_eq!(dots(&doc, "sharp").len() as u64, sharp);
    assert!(sharp > 0 && sharp < m.turns);
    let runs = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("run"))
        .count();
    assert!(runs > 0);
    let plain = svg(&t, &m, &opts("web", "turns", false));
    let defaults = Drawing::new(&t, &m, &Options::default())
        .unwrap()
        .svg()
        .to_string();
    for s in [&plain, &defaults] {
        assert!(!s.contains("class=\"sharp\"") && !s.contains("class=\"run\""));
    }
    // The formation tour's middle goes straight on: no sharp turn there.
    let mut o = opts("web", "sharp", true);
    o.region = Some("12,12,17,17".parse::<Region>().unwrap());
    let middle = svg(&t, &m, &o);
    assert!(labels(&middle).is_empty(), "{:?}", labels(&middle));
}

/// `knights render --show sharp,run` draws any tour with them; a misspelt layer is
/// refused in one line that lists them.
#[test]
fn the_command_line_shows_sharp_turns_and_runs() {
    use crate::run::knights;
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t.svg");
    let o = knights(&[
        "render",
        "8x8",
        "--show",
        "turns,sharp,run",
        "--legend",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", crate::run::stderr(&o));
    let s = std::fs::read_to_string(&out).unwrap();
    assert!(s.contains("class=\"sharp\"") && s.contains("class=\"run\""));
    assert!(s.contains("a sharp turn") && s.contains("the longest straight run"));
    let o = knights(&[
        "render",
        "8x8",
        "--show",
        "sharpp",
        "-o",
        out.to_str().unwrap(),
    ]);
    // A usage error (exit 2, clap's message): the layers are listed on its first line.
    let e = crate::run::stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{e}");
    let first = e.lines().next().unwrap_or_default();
    assert!(
        first.contains("unknown layer 'sharpp'")
            && first.contains("sharp")
            && first.contains("run"),
        "{e}"
    );
}
