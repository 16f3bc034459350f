//! A large board's figure (its overview and detailed insets) over a sweep of boards,
//! constructions and themes: the figure fits a page (at most
//! `knights_render::MOST_ASPECT` times as tall as wide), its default insets show
//! different things (no two the same leaps moved, none overlapping another) and the
//! audit finds nothing in it.

use knights_core::metrics::measure;
use knights_core::verify::{verify, Verified};
use knights_core::{Board, Region};
use knights_render::{audit, Drawing, Insets, Options, Theme, MOST_ASPECT};

/// The `algo` tour of a `w` x `h` board, closed where the construction closes it.
fn tour(w: u32, h: u32, algo: &str) -> Verified {
    let mut req = knights_construct::Request::closed(Board::new(w, h).unwrap());
    let built = knights_construct::build(&req, algo).or_else(|_| {
        req.open = true;
        knights_construct::build(&req, algo)
    });
    verify(built.unwrap()).unwrap()
}

/// The figure of `t` with `theme`, `size` wide on paper (its own width when `None`),
/// with the default insets.
fn figure(t: &Verified, theme: &str, size: Option<&str>) -> String {
    let mut opts = Options {
        theme: Theme::load(theme).unwrap(),
        insets: Insets::Auto,
        ..Default::default()
    };
    opts.theme.page.width = size.map(|s| s.parse().unwrap());
    Drawing::new(t, &measure(t), &opts)
        .unwrap()
        .svg()
        .to_string()
}

/// A number attribute of the first tag of `svg`.
fn attribute(tag: &str, name: &str) -> Option<String> {
    let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    Some(tag[at..at + tag[at..].find('"')?].to_string())
}

/// The figure's width and height from its view box.
fn view(svg: &str) -> (f64, f64) {
    let v: Vec<f64> = attribute(svg, "viewBox")
        .unwrap()
        .split_whitespace()
        .map(|n| n.parse().unwrap())
        .collect();
    (v[2], v[3])
}

/// The cells of each inset of the figure, in its order.
fn inset_regions(svg: &str) -> Vec<Region> {
    (svg.split("<svg class=\"inset-").skip(1))
        .map(|part| {
            let tag = &part[..part.find('>').unwrap()];
            attribute(tag, "data-region").unwrap().parse().unwrap()
        })
        .collect()
}

/// The leaps of `r`'s cells, row by row from its corner: the inset's drawing, moved
/// to the origin.
fn leaps(t: &Verified, r: &Region) -> Vec<u8> {
    let (grid, b) = (t.grid(), t.board());
    (r.y0..=r.y1)
        .flat_map(|y| (r.x0..=r.x1).map(move |x| (x, y)))
        .map(|(x, y)| grid.masks()[b.index(x, y) as usize])
        .collect()
}

#[test]
fn large_figures_fit_a_page_and_their_insets_differ() {
    let cases: [(u32, u32, &str); 5] = [
        (200, 200, "besa"),
        (300, 200, "besa"),
        (1000, 1000, "besa"),
        (200, 200, "warnsdorff"),
        (160, 160, "parberry"),
    ];
    let mut seen = 0;
    for (w, h, algo) in cases {
        let t = tour(w, h, algo);
        // A 1000x1000 overview prints its lines at 0.25 pt from about 9 cm wide, which
        // leaves room for insets beside it on a page of 16 cm, not of 6 in.
        let mut themes = vec![("print", Some("160mm")), ("web", None)];
        if w < 1000 {
            themes.push(("print", Some("6in")));
        }
        for (theme, size) in themes {
            let case = format!("{w}x{h} {algo} {theme} {size:?}");
            let svg = figure(&t, theme, size);
            let regions = inset_regions(&svg);
            if regions.is_empty() {
                // Drawn square by square: no figure.
                assert!(!svg.contains("class=\"overview\""), "{case}");
                continue;
            }
            seen += 1;
            assert!(regions.len() >= 4, "{case}: {regions:?}");
            let (fw, fh) = view(&svg);
            assert!(fh <= MOST_ASPECT * fw + 1e-6, "{case}: {fw} x {fh}");
            for (i, a) in regions.iter().enumerate() {
                for b in &regions[i + 1..] {
                    assert!(!a.overlaps(b), "{case}: {a} and {b} overlap");
                    assert_ne!(leaps(&t, a), leaps(&t, b), "{case}: {a} repeats {b}");
                }
            }
            let report = audit(&svg).unwrap();
            assert!(report.findings.is_empty(), "{case}: {:?}", report.findings);
        }
    }
    assert!(seen >= 8, "{seen} figures");
}
