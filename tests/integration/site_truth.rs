//! What the gallery's pages say is true, checked mechanically on every page of a site
//! that has one tour of each kind (`tests/fixtures/truth`), built once for all the
//! tests here: every `knights` command a page shows runs and makes the tour the page
//! shows; every legend speaks of what its drawing draws, and of nothing else; every
//! bound names the formula that gives it on that kind of tour; no number shows more
//! than four decimals; the counts add up.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use knights_site::{build, BuildOptions, Summary};

use super::commands::{commands, named_only};
use super::run::{knights_in, stderr, stdout};

/// The fixture's tours: nine catalogue tours and the series' 20x20 (its 16x16 is a
/// catalogue tour too).
const TOURS: usize = 10;
const LISTED: usize = 9;

/// The fixture site, built once (into cargo's folder for the tests' files).
fn site() -> &'static (PathBuf, Summary) {
    static SITE: OnceLock<(PathBuf, Summary)> = OnceLock::new();
    SITE.get_or_init(|| {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("truth-site");
        let summary = build(&BuildOptions {
            content: root.join("tests/fixtures/truth/content"),
            templates: root.join("crates/knights-site/templates"),
            out: out.clone(),
            jobs: Some(2),
            force: true,
            progress: false,
            exhibits: knights_gallery::all(),
        })
        .unwrap_or_else(|e| panic!("the truth fixture does not build: {e}"));
        (out, summary)
    })
}

/// Every HTML page of the site: (path relative to it, text).
fn pages() -> Vec<(String, String)> {
    let (out, _) = site();
    let mut found = Vec::new();
    let mut dirs = vec![out.clone()];
    while let Some(dir) = dirs.pop() {
        for e in fs::read_dir(&dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "html") {
                let rel = p
                    .strip_prefix(out)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                found.push((rel, fs::read_to_string(&p).unwrap()));
            }
        }
    }
    found.sort();
    found
}

/// The tour pages: (slug, text).
fn tour_pages() -> Vec<(String, String)> {
    let tours: Vec<_> = pages()
        .into_iter()
        .filter_map(|(p, html)| {
            let slug = p.strip_prefix("tours/")?.strip_suffix(".html")?.to_string();
            Some((slug, html))
        })
        .collect();
    assert_eq!(tours.len(), TOURS);
    tours
}

/// The page's `data-metric` cells.
fn metrics(html: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for part in html.split("data-metric=\"").skip(1) {
        let (key, rest) = part.split_once('"').unwrap();
        let value = rest[rest.find('>').unwrap() + 1..rest.find('<').unwrap()].to_string();
        out.insert(key.to_string(), value);
    }
    out
}

/// The text of every element `<tag ... attr="value"...>...</tag>` with that attribute,
/// by value (the legend's items by `data-layer`).
fn by_attribute(html: &str, attr: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for part in html.split(&format!("{attr}=\"")).skip(1) {
        let (value, rest) = part.split_once('"').unwrap();
        let end = rest.find("</li>").unwrap_or(rest.len());
        out.insert(value.to_string(), rest[..end].to_string());
    }
    out
}

/// The sides of a page's board (`40x8 moebius` is 40 by 8).
fn sides(board: &str) -> (u64, u64) {
    let (w, h) = board
        .split_whitespace()
        .next()
        .unwrap()
        .split_once('x')
        .unwrap();
    (w.parse().unwrap(), h.parse().unwrap())
}

#[test]
fn every_command_on_every_page_makes_the_tour_it_shows() {
    let (out, _) = site();
    let work = tempfile::tempdir().unwrap();
    let (mut tours, mut others) = (0, 0);
    for (page, html) in pages() {
        for args in commands(&html) {
            if named_only(&args) {
                continue; // a subcommand named in prose (`knights model`), not a command
            }
            let shown = format!("{page}: knights {}", args.join(" "));
            if args[0] != "tour" {
                let o = knights_in(
                    work.path(),
                    &args.iter().map(String::as_str).collect::<Vec<_>>(),
                );
                assert!(o.status.success(), "{shown}: {}", stderr(&o));
                others += 1;
                continue;
            }
            let mut run: Vec<&str> = args.iter().map(String::as_str).collect();
            run.extend(["-o", "made.json"]);
            let o = knights_in(work.path(), &run);
            assert!(o.status.success(), "{shown}: {}", stderr(&o));
            let made = work.path().join("made.json");
            let o = knights_in(work.path(), &["metrics", "made.json", "--json"]);
            assert!(o.status.success(), "{shown}: {}", stderr(&o));
            let m: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
            // The tour it makes is the one the page shows: the same counts, and the
            // same tour file where the page offers it.
            let cells = metrics(&html);
            for key in ["cells", "turns", "crossings"] {
                assert_eq!(cells[key], m[key].to_string(), "{shown}: {key}");
            }
            let closed = m["closed"].as_bool().unwrap();
            assert_eq!(
                cells["closed"],
                if closed { "closed" } else { "open" },
                "{shown}"
            );
            assert_eq!(
                cells["algorithm"],
                m["algorithm"].as_str().unwrap(),
                "{shown}"
            );
            let slug = page.trim_start_matches("tours/").trim_end_matches(".html");
            let file = out.join(format!("files/{slug}.json"));
            if file.exists() {
                let read = |p: &Path| -> serde_json::Value {
                    serde_json::from_str(&fs::read_to_string(p).unwrap()).unwrap()
                };
                assert_eq!(read(&made), read(&file), "{shown}");
            }
            tours += 1;
        }
    }
    // Every tour page shows the command that makes its tour.
    assert_eq!(tours, TOURS, "{others} other commands");
}

#[test]
fn every_legend_speaks_of_what_its_drawing_draws_and_nothing_else() {
    let (out, _) = site();
    let mut seen = BTreeSet::new();
    for (slug, html) in tour_pages() {
        let legend = by_attribute(&html, "data-layer");
        let svg = fs::read_to_string(out.join(format!("files/{slug}.svg"))).unwrap();
        // A board of three sides also shows its levels stacked in isometric projection:
        // one plate per level.
        let iso = fs::read_to_string(out.join(format!("files/{slug}-iso.svg"))).ok();
        if let Some(iso) = &iso {
            let levels: usize = metrics(&html)["levels"].parse().unwrap();
            assert_eq!(iso.matches("class=\"plate\"").count(), levels, "{slug}");
            assert!(html.contains(&format!("files/{slug}-iso.svg")), "{slug}");
        }
        let overview = legend.get("overview").map_or("", String::as_str);
        let drawn = [
            ("turns", svg.contains("class=\"turn")),
            ("crossings", svg.contains("class=\"crossing")),
            (
                "ends",
                svg.contains("class=\"start\"") || svg.contains("class=\"ends\""),
            ),
            ("end", svg.contains("class=\"end\"")),
            ("levels", svg.contains("class=\"level\"")),
            ("overview", svg.contains("class=\"overview\"")),
            ("seams", svg.contains("class=\"seam\" data-mark=\"seam\">")),
            ("coords", svg.contains("class=\"coords\"")),
            ("frames", svg.contains("class=\"spots\"")),
            ("isometric", iso.is_some()),
        ];
        for (layer, in_svg) in drawn {
            let said = match layer {
                "turns" => legend.contains_key("turns") || overview.contains("dots sized"),
                "crossings" => legend.contains_key("crossings") || overview.contains("disks by"),
                _ => legend.contains_key(layer),
            };
            assert_eq!(said, in_svg, "{slug}: the legend on {layer}: {legend:?}");
            if !in_svg {
                seen.insert(format!("no {layer}"));
            } else {
                seen.insert(layer.to_string());
            }
        }
        // What is not drawn is said to be left out, with no marker of its own.
        let missing = legend.get("none").map_or("", String::as_str);
        for (layer, word) in [
            ("turns", "turns"),
            ("crossings", "crossings"),
            ("ends", "the start"),
        ] {
            let drawn = drawn.iter().any(|(l, d)| *l == layer && *d);
            assert_eq!(!drawn, missing.contains(word), "{slug}: {layer}: {missing}");
        }
    }
    // The fixture has drawings with and without each layer (but the start: its only
    // drawing without one, the 200x200 overview, is now the figure whose first inset,
    // the bottom-left corner, draws it).
    assert!(seen.contains("ends"));
    for layer in [
        "turns",
        "crossings",
        "levels",
        "overview",
        "coords",
        "frames",
        "isometric",
    ] {
        assert!(
            seen.contains(layer) && seen.contains(&format!("no {layer}")),
            "{layer}: {seen:?}"
        );
    }
}

#[test]
fn every_bound_names_the_formula_that_gives_it_on_that_kind_of_tour() {
    let mut kinds = BTreeSet::new();
    for (slug, html) in tour_pages() {
        let m = metrics(&html);
        let Some(bound) = m.get("turn_lower_bound") else {
            assert!(
                m.contains_key("levels"),
                "{slug}: a 2-D tour without its bound"
            );
            continue;
        };
        let (w, h) = sides(&m["board"]);
        let band = m["board"].contains("cylinder") || m["board"].contains("moebius");
        let open = m["closed"] == "open";
        let missing = w * h - m["cells"].parse::<u64>().unwrap();
        // Each formula from its definition: every edge cell turns (a band has no left
        // and right edges), but a missing cell and an open tour's ends.
        let edge = if band { 2 * w } else { 2 * (w + h) - 4 };
        let expected = edge - missing - if open { 2 } else { 0 };
        assert_eq!(bound, &expected.to_string(), "{slug}");
        let at = html.find("data-metric=\"turn_lower_bound\"").unwrap();
        let label = html[html[..at].rfind("<th>").unwrap()..at].replace("&#39;", "'");
        assert_eq!(label.contains("2(w + h) - 4"), !band, "{slug}: {label}");
        assert_eq!(label.contains(": 2w"), band, "{slug}: {label}");
        assert_eq!(label.contains("open tour's ends"), open, "{slug}: {label}");
        assert_eq!(
            label.contains("missing edge cell"),
            missing > 0,
            "{slug}: {label}"
        );
        let ratio: f64 = m["turn_ratio"].parse().unwrap();
        let turns: f64 = m["turns"].parse().unwrap();
        assert!((ratio - turns / expected as f64).abs() < 5e-4, "{slug}");
        // The paper's asymptotic bounds: only beside a closed knight's tour of a full
        // n x n board of the plane, and never divided by.
        let knight = html.contains("knight&#39;s tour of");
        let paper = w == h && !open && !band && missing == 0 && knight;
        assert_eq!(m.contains_key("asymptotic_turns"), paper, "{slug}");
        assert_eq!(html.contains("Theorem"), paper, "{slug}");
        assert!(!m.keys().any(|k| k.contains("to_bound")), "{slug}");
        kinds.insert((band, open, missing > 0, paper));
    }
    assert!(kinds.len() >= 4, "{kinds:?}");
}

/// The visible text of a page: no scripts, inline drawings or tags.
fn text(html: &str) -> String {
    let mut s = html.to_string();
    for (open, close) in [("<script", "</script>"), ("<svg", "</svg>")] {
        while let Some(i) = s.find(open) {
            let j = s[i..].find(close).map_or(s.len(), |j| i + j + close.len());
            s.replace_range(i..j, " ");
        }
    }
    let mut out = String::new();
    let mut in_tag = false;
    for c in s.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                out.push(' ');
            }
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

/// The numbers of `text` with more than four decimals.
fn long_decimals(text: &str) -> Vec<String> {
    let b = text.as_bytes();
    let mut found = Vec::new();
    for i in 1..b.len() {
        // A number starts after a space or punctuation, not after a letter or a colon
        // (`arXiv:1904.02824` is a name).
        let start = b[..i]
            .iter()
            .rposition(|c| !c.is_ascii_digit())
            .map_or(0, |p| p + 1);
        let named = start > 0 && (b[start - 1].is_ascii_alphabetic() || b[start - 1] == b':');
        if b[i] == b'.' && b[i - 1].is_ascii_digit() && !named {
            let digits = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
            if digits > 4 {
                found.push(text[i.saturating_sub(8)..(i + 1 + digits).min(text.len())].to_string());
            }
        }
    }
    found
}

#[test]
fn no_page_shows_a_number_with_more_than_four_decimals() {
    assert_eq!(
        long_decimals("n = 10.666666666666666"),
        ["n = 10.666666666666666"]
    );
    assert!(long_decimals("v1.2, 2.2670, arXiv:1904.02824 and 1000.5").is_empty());
    let mut read = 0;
    for (page, html) in pages() {
        let found = long_decimals(&text(&html));
        assert!(found.is_empty(), "{page}: {found:?}");
        read += 1;
    }
    assert!(read > TOURS);
    let cube = fs::read_to_string(site().0.join("tours/16x12x4-besa.html")).unwrap();
    assert!(
        cube.contains("n = 10.667, the mean side"),
        "{}",
        text(&cube)
    );
}

#[test]
fn the_counts_add_up() {
    let (out, summary) = site();
    assert_eq!(summary.entries, TOURS);
    let index = fs::read_to_string(out.join("index.html")).unwrap();
    let cards: Vec<(String, String)> = index
        .split("<li class=\"card\" data-slug=\"")
        .skip(1)
        .map(|c| {
            let (slug, rest) = c.split_once('"').unwrap();
            let kind = rest
                .split("data-kind=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap();
            (slug.to_string(), kind.to_string())
        })
        .collect();
    // A catalogue tour that is also a series member has two cards, but counts once.
    assert!(cards.len() > TOURS, "{cards:?}");
    let tours: BTreeSet<&str> = cards.iter().map(|c| c.0.as_str()).collect();
    assert_eq!(tours.len(), TOURS);
    let listed: BTreeSet<&str> = cards
        .iter()
        .filter(|c| c.1.split(' ').any(|k| k == "listed"))
        .map(|c| c.0.as_str())
        .collect();
    assert_eq!(listed.len(), LISTED);
    assert!(index.contains(&format!(
        "<span id=\"f-count\" aria-live=\"polite\">{TOURS} tours</span>"
    )));
    let script = fs::read_to_string(out.join("static/gallery.js")).unwrap();
    assert!(
        script.contains("dataset.slug"),
        "the script counts tours, not cards"
    );
    assert!(index.contains("Formation tours <small>(2 tours)</small>"));
    assert_eq!(summary.pages, pages().len());
}
