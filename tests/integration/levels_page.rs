//! The page of a board of three or more sides as a reader sees it (issue 37): the
//! 26x26x26 tour's 26 levels, drawn in one picture four a row, were 85 pixels a level
//! on a phone, where the triangles of the moves between levels, the start's ring and
//! the levels' labels could not be made out. Each level is now a picture of its own in
//! a grid that reflows with the window: here, on the shipped gallery, each shown at
//! least as wide as the page asks ([`LEAST_LEVEL_PX`] or more), and at that width its
//! marks, line and label at sizes a reader tells apart; the page's levels weigh about
//! what the one picture did.

use std::fs;

use super::audit::shipped_gallery;
use super::thumbs::attr;

/// The narrowest a level may be shown, in CSS pixels: the issue asks for 240 at 1400.
const LEAST_LEVEL_PX: f64 = 240.0;

/// The smallest sizes, in CSS pixels where a level is shown at its narrowest, that
/// a reader tells apart on a screen: a move's triangle's half-width, the start's
/// ring's radius, the route's line (the cards' 1.6 pixels), the level's label (the
/// body text is 16 pixels; a label of 15 beside a picture reads as its caption).
const TRIANGLE_PX: f64 = 3.5;
const RING_PX: f64 = 4.0;
const LINE_PX: f64 = 1.4;
const LABEL_PX: f64 = 15.0;

/// The most the page's level pictures may weigh over the one picture of every level
/// that the page showed before (247 KB for 26x26x26).
const WEIGHT: f64 = 1.2;

/// The tags `<name ...>` of `svg` whose class is `class`.
fn tags<'a>(svg: &'a str, name: &str, class: &str) -> Vec<&'a str> {
    svg.split(&format!("<{name} class=\"{class}\""))
        .skip(1)
        .map(|t| &t[..t.find('>').unwrap()])
        .collect()
}

/// The half-width of a polygon's points, in the drawing's squares.
fn half_width(points: &str) -> f64 {
    let xs: Vec<f64> = (points.split(' '))
        .map(|p| p.split(',').next().unwrap().parse().unwrap())
        .collect();
    let (lo, hi) = xs
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &x| {
            (lo.min(x), hi.max(x))
        });
    (hi - lo) / 2.0
}

#[test]
fn the_26x26x26_page_shows_each_level_large_enough_to_tell_its_marks_apart() {
    let site = shipped_gallery();
    let page = fs::read_to_string(site.join("tours/26x26x26-besa.html")).unwrap();
    let at = page.find("<ul class=\"levels\"").expect("a grid of levels");
    let list = &page[at..at + page[at..].find("</ul>").unwrap()];
    let least: f64 = attr(list, "style")
        .trim_start_matches("--level-min:")
        .trim()
        .trim_end_matches("px")
        .parse()
        .unwrap();
    assert!(least >= LEAST_LEVEL_PX, "levels {least} px wide at least");
    // The stylesheet's grid shows no level narrower than --level-min, but on a screen
    // narrower than that, where a level takes (nearly) the width.
    let css = fs::read_to_string(site.join("static/style.css")).unwrap();
    assert!(
        css.contains("minmax(min(100%, var(--level-min"),
        "the stylesheet's grid of levels"
    );
    let files: Vec<&str> = (list.split("<img").skip(1))
        .map(|i| attr(i, "src").trim_start_matches("../"))
        .collect();
    assert_eq!(files.len(), 26, "one picture a level");
    let mut bytes = 0;
    let mut wrong = Vec::new();
    let (mut triangles, mut rings) = (0, 0);
    for f in &files {
        let svg = fs::read_to_string(site.join(f)).unwrap();
        bytes += svg.len();
        let root = &svg[svg.find("<svg").unwrap()..];
        let view: Vec<f64> = (attr(root, "viewBox").split(' '))
            .map(|v| v.parse().unwrap())
            .collect();
        // CSS pixels a square where the picture is shown at its narrowest.
        let px = least / view[2];
        let mut small = |what: &str, squares: f64, at_least: f64| {
            if squares * px < at_least {
                wrong.push(format!("{f}: {what} {:.1} px", squares * px));
            }
        };
        assert_eq!(tags(&svg, "g", "level").len(), 1, "{f}");
        for t in tags(&svg, "text", "level-label") {
            small("label", attr(t, "font-size").parse().unwrap(), LABEL_PX);
        }
        for t in tags(&svg, "g", "tour") {
            small("line", attr(t, "stroke-width").parse().unwrap(), LINE_PX);
        }
        for class in ["leave", "arrive"] {
            for t in tags(&svg, "polygon", class) {
                small(class, half_width(attr(t, "points")), TRIANGLE_PX);
                triangles += 1;
            }
        }
        for t in tags(&svg, "circle", "start") {
            small("start", attr(t, "r").parse().unwrap(), RING_PX);
            rings += 1;
        }
    }
    // 100 moves between levels, each marked at both ends; one start.
    assert_eq!((triangles, rings), (200, 1));
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    let one = fs::metadata(site.join("files/26x26x26-besa.svg"))
        .unwrap()
        .len();
    assert!(
        bytes as f64 <= WEIGHT * one as f64,
        "the levels weigh {bytes} bytes, the one picture {one}"
    );
}
