//! Large boards: the overview style is chosen when the squares get too small, its
//! document grows with blocks rather than cells and marks the corners; `--region` draws
//! a crop at full detail in the board's own coordinates, with exactly the markers
//! inside it and the leaps leaving it clipped at its frame.

use knights_core::metrics::Metrics;
use knights_core::metrics::{crossing_points, turn_cells};
use knights_core::Verified;
use knights_render::{Drawing, Options, Region, Resolution, Show, Style};

fn draw(t: &Verified, m: &Metrics, opts: &Options) -> Result<String, knights_core::Error> {
    Drawing::new(t, m, opts).map(|d| d.svg().to_string())
}
use crate::render_support::*;
use resvg::usvg::roxmltree;

fn count_class(doc: &roxmltree::Document, class: &str) -> usize {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .count()
}

#[test]
fn large_boards_are_drawn_as_an_overview_with_their_corners_framed() {
    let (t, m) = measured(formation(400, 400));
    let svg = draw(&t, &m, &Options::default()).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(count_class(&doc, "overview"), 1);
    assert_eq!(count_class(&doc, "tour"), 0, "no per-leap paths");
    assert_eq!(count_class(&doc, "turn"), 0, "no per-cell markers");
    assert_eq!(
        count_class(&doc, "squares"),
        0,
        "no checkered squares: a moire"
    );
    let spots: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("spot"))
        .map(|n| n.attribute("data-name").unwrap().to_string())
        .collect();
    for c in ["bottom-left", "bottom-right", "top-left", "top-right"] {
        assert!(spots.contains(&format!("{c} corner")), "{spots:?}");
    }
    // Every block with a turn has a turn-density dot, and only those.
    let blocks = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("overview"))
        .unwrap()
        .attribute("data-block")
        .unwrap()
        .parse::<u32>()
        .unwrap();
    let mut busy = std::collections::HashSet::new();
    for c in turn_cells(t.grid()) {
        let (x, y) = t.board().xy(c);
        busy.insert((x / blocks, y / blocks));
    }
    let dots = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("turn-density"))
        .unwrap()
        .children()
        .filter_map(|n| n.attribute("d"))
        .map(|d| d.matches("h0").count())
        .sum::<usize>();
    assert_eq!(dots, busy.len());
    // The size follows the blocks, not the 160 000 cells.
    assert!(svg.len() < 200_000, "{} bytes", svg.len());
    // Asked for, the detailed drawing is still there.
    let detail = Options {
        style: Style::Detail,
        ..Default::default()
    };
    let svg = draw(&t, &m, &detail).unwrap();
    assert!(svg.contains("class=\"tour\"") && !svg.contains("class=\"overview\""));
    // Small boards stay detailed.
    let (s, sm) = measured(formation(30, 30));
    let svg = draw(&s, &sm, &Options::default()).unwrap();
    assert!(svg.contains("class=\"tour\"") && !svg.contains("class=\"overview\""));
    // PNG and PDF of the overview come out.
    let png = Drawing::new(
        &t,
        &m,
        &Options {
            resolution: Resolution::Width(300),
            ..Default::default()
        },
    )
    .unwrap()
    .png()
    .unwrap();
    assert!(png.starts_with(b"\x89PNG"));
}

#[test]
fn a_region_is_drawn_in_full_detail_in_board_coordinates() {
    let (t, m) = measured(formation(200, 120));
    let region: Region = "40,0,63,23".parse().unwrap();
    let opts = Options {
        region: Some(region),
        show: Show::parse("+turns,+crossings,+coords").unwrap(),
        ..Default::default()
    };
    let svg = draw(&t, &m, &opts).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let b = t.board();
    let grid = t.grid();
    let turns_inside = turn_cells(grid)
        .into_iter()
        .filter(|&c| region.contains(b.xy(c)))
        .count();
    assert!(turns_inside > 0);
    assert_eq!(dots(&doc, "turn").len(), turns_inside);
    let inside = |(x, y): (f64, f64)| (39.5..=63.5).contains(&x) && (-0.5..=23.5).contains(&y);
    let crossings_inside = crossing_points(grid)
        .into_iter()
        .filter(|&p| inside(p))
        .count();
    assert_eq!(dots(&doc, "crossing").len(), crossings_inside);
    // The view box is the region (plus margins) in the board's coordinates: SVG y is
    // measured down from the top row, 119.
    let vb: Vec<f64> = doc
        .root_element()
        .attribute("viewBox")
        .unwrap()
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect();
    assert!(vb[0] < 39.5 && vb[0] > 30.0, "{vb:?}");
    assert!(vb[1] < (119 - 23) as f64 - 0.5, "{vb:?}");
    // The tour is clipped at the frame, and the coordinates are the board's.
    assert!(svg.contains("clip-path=\"url(#region)\""));
    let labels: Vec<String> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text().map(|t| t.trim().to_string()))
        .collect();
    assert!(labels.contains(&"41".to_string()), "{labels:?}");
    assert!(labels.contains(&"24".to_string()), "{labels:?}");
    assert!(!labels.contains(&"40".to_string()), "{labels:?}");
    // Every tour vertex is at most two leaps from the region.
    for p in doc.descendants().filter(|n| n.has_tag_name("path")) {
        if p.parent().and_then(|g| g.attribute("class")) != Some("tour") {
            continue;
        }
        let d = p.attribute("d").unwrap();
        for (x, y) in subpaths(d).into_iter().flat_map(|s| s.0) {
            let y = 119.0 - y;
            assert!(
                (36.0..=67.0).contains(&x) && (0.0..=27.0).contains(&y),
                "{x},{y}"
            );
        }
    }
    // A region off the board is refused.
    let bad = Options {
        region: Some("190,100,200,110".parse().unwrap()),
        ..Default::default()
    };
    let e = draw(&t, &m, &bad).unwrap_err().to_string();
    assert!(e.contains("leaves the 200x120 board"), "{e}");
}

/// The style is decided on whole squares: a board whose squares come out at exactly
/// the theme's `below` points is drawn square by square however the division rounds
/// (198 / 1.1 is 179.99999999999997 in floating point), the decision changes once
/// along the sides, and the web theme's threshold lies between the 180 and 184 squares
/// of the catalogue's series, with neither within 0.5% of it.
#[test]
fn the_overview_threshold_is_decided_on_whole_squares_away_from_the_catalogue_sides() {
    use knights_render::detail_sides;
    use knights_render::Theme;
    let square = |n: u32| Region {
        x0: 0,
        y0: 0,
        x1: n - 1,
        y1: n - 1,
    };
    let mut t = Theme::default();
    (t.page.max_size, t.overview.below) = (198.0, 1.1);
    assert_eq!(detail_sides(&t), 180);
    assert_eq!(Style::Auto.resolve(&square(180), &t), Style::Detail);
    assert_eq!(Style::Auto.resolve(&square(181), &t), Style::Overview);
    let web = Theme::default();
    let limit = detail_sides(&web);
    let styles: Vec<Style> = (2..400)
        .map(|n| Style::Auto.resolve(&square(n), &web))
        .collect();
    let changes = styles.windows(2).filter(|w| w[0] != w[1]).count();
    assert_eq!(changes, 1, "one change from detail to overview");
    assert_eq!(styles[(limit - 2) as usize], Style::Detail);
    assert_eq!(styles[(limit - 1) as usize], Style::Overview);
    let edge = limit as f64 + 0.5;
    for side in [180.0, 184.0] {
        assert!((side - edge).abs() > edge * 0.005, "{side} is near {limit}");
    }
    // A theme whose squares never shrink below `below` never draws an overview, and
    // one whose squares start below it always does.
    let mut tiny = Theme::default();
    tiny.overview.below = 0.0;
    assert_eq!(Style::Auto.resolve(&square(5000), &tiny), Style::Detail);
    tiny.overview.below = tiny.page.cell + 1.0;
    assert_eq!(Style::Auto.resolve(&square(2), &tiny), Style::Overview);
}

/// The `print` theme draws a large board as the `web` theme does, in its own greys: the
/// blocks take their sections' colours (the print overview was one flat grey), and the
/// numbers of the framed spots fit inside their frames.
#[test]
fn the_print_overview_shows_the_sections_and_its_frame_numbers_fit() {
    let (t, m) = measured(formation(400, 400));
    let opts = Options {
        theme: knights_render::Theme::load("print").unwrap(),
        ..Options::default()
    };
    let svg = draw(&t, &m, &opts).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let overview = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("overview"))
        .unwrap();
    let fills: std::collections::BTreeSet<&str> = overview
        .descendants()
        .filter(|n| !n.ancestors().any(|a| a.attribute("class") == Some("spots")))
        .filter_map(|n| n.attribute("fill"))
        .filter(|f| f.starts_with('#'))
        .collect();
    assert!(fills.len() >= 6, "the blocks' colours: {fills:?}");
    let mut spots = 0;
    for spot in doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("spot"))
    {
        let num = |n: roxmltree::Node, a: &str| n.attribute(a).unwrap().parse::<f64>().unwrap();
        let rect = spot.children().find(|n| n.has_tag_name("rect")).unwrap();
        let text = spot.children().find(|n| n.has_tag_name("text")).unwrap();
        let (w, h) = (num(rect, "width"), num(rect, "height"));
        let size = num(text, "font-size");
        let digits = text.text().unwrap().trim().len() as f64;
        assert!(
            size <= h * 0.6 && size * 0.65 * digits <= w,
            "{size} in {w}x{h}"
        );
        spots += 1;
    }
    assert!(spots >= 4);
}

#[test]
fn every_band_pattern_of_an_overview_has_its_bands() {
    // The giraffe's tour has dozens of sections, none with 5% of the cells: its band
    // patterns came out empty and the overview's interleaved blocks blank.
    let board = knights_core::Board::with_leaper(116, 38, knights_core::Leaper::GIRAFFE).unwrap();
    let req = knights_construct::Request::closed(board);
    let giraffe =
        knights_core::verify::verify(knights_construct::build(&req, "besa").unwrap()).unwrap();
    for t in [giraffe, formation(400, 400)] {
        let (t, m) = measured(t);
        let opts = Options {
            style: Style::Overview,
            ..Options::default()
        };
        let svg = draw(&t, &m, &opts).unwrap();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let patterns: Vec<_> = doc
            .descendants()
            .filter(|n| n.has_tag_name("pattern"))
            .collect();
        assert!(!patterns.is_empty(), "{}: no band patterns", t.board());
        for p in patterns {
            let bands = p.children().filter(|n| n.has_tag_name("rect")).count();
            assert!(
                bands >= 2,
                "{}: pattern {:?} has {bands} bands",
                t.board(),
                p.attribute("id")
            );
        }
    }
}
