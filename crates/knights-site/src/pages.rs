//! The gallery's pages: the plan and the built tours turned into tera contexts and
//! rendered through the templates (see [`super::templates`]) (autoescaped: catalogue text shows as text). Every
//! link is relative, through a `root` prefix, so the site works from `file://` and from
//! any sub-path of a web server.
//!
//! Tera has no recursion limit: a template that includes itself, or a macro that calls
//! itself without end, overflows the stack and aborts the process (the previous site
//! stays, as for any failed build). This is documented for template authors rather
//! than caught.

use std::collections::BTreeMap;

use serde::Serialize;
use tera::{Context, Tera};

use super::html;
use super::plan::{Job, Plan};
use super::templates;
use super::tours::{self, Built, Measures};
use knights_core::Error;

/// One tour as the templates see it.
#[derive(Clone, Debug, Serialize)]
pub struct Card {
    slug: String,
    title: String,
    note: String,
    board: String,
    width: u32,
    height: u32,
    cells: u64,
    algorithm: String,
    closed: bool,
    turns: u64,
    crossings: u64,
    /// The board's sides (2 on the plane).
    sides: usize,
    /// The exponent of n the per-n numbers divide by, written (`n`, `n²`, `n³`...).
    per: String,
    side: String,
    turns_per_n: String,
    crossings_per_n: String,
    /// The 2-D measures (longest run, bounds); none on a board of three or more sides.
    plane: Option<PlaneCard>,
    /// The measures of a board of three or more sides.
    space: Option<SpaceCard>,
    /// The leaper as `A,B` when it is not the knight (for the `knights tour` command
    /// a series member's page shows).
    leaper: Option<String>,
    bounds: Vec<BoundCell>,
    tags: Vec<String>,
    series: Vec<String>,
    listed: bool,
    sections: Vec<(String, u64, String)>,
    files: BTreeMap<String, String>,
    crops: Vec<(String, String)>,
    walk: Option<String>,
    /// The tiled pyramid of the full detail: its folder, levels (`WxH ...`) and tile side.
    tiles: Option<TilesCard>,
    alt: String,
}

/// What only a 2-D tour measures.
#[derive(Clone, Debug, Serialize)]
pub struct PlaneCard {
    longest_run: u64,
    turn_lower_bound: u64,
    turn_ratio: String,
}

/// What only a tour of a board of three or more sides measures.
#[derive(Clone, Debug, Serialize)]
pub struct SpaceCard {
    levels: u32,
    moves_between_levels: u64,
    moves_in_levels: u64,
    /// The fewest and most crossings of one level.
    level_crossings_min: u64,
    level_crossings_max: u64,
    /// What the crossing count means, in words.
    crossings_note: String,
    /// The drawing leaves out turn dots and crossing disks.
    light: bool,
}

/// A tour's tiled pyramid as its page's zoom viewer reads it.
#[derive(Clone, Debug, Serialize)]
pub struct TilesCard {
    dir: String,
    levels: String,
    tile: u32,
}

/// A tour's count against the best lower bound of one measure, as the pages show it.
#[derive(Clone, Debug, Serialize)]
struct BoundCell {
    /// `turn` or `crossing`: the stem of the `data-metric` names.
    measure: &'static str,
    bound: String,
    ratio: String,
    exact: bool,
    source: String,
}

fn bound_cells(m: Option<&knights_core::metrics::Metrics>) -> Vec<BoundCell> {
    let Some(m) = m else {
        return Vec::new();
    };
    [
        ("turn", &m.turns_to_bound),
        ("crossing", &m.crossings_to_bound),
    ]
    .into_iter()
    .filter_map(|(measure, r)| {
        r.as_ref().map(|r| BoundCell {
            measure,
            bound: r.bound.to_string(),
            ratio: format!("{:.3}", r.ratio),
            exact: r.exact,
            source: r.source.clone(),
        })
    })
    .collect()
}

/// The board's n: the mean of its sides. On the plane `(w + h) / 2`, the side of a
/// square board and what the per-n numbers of a rectangle divide by (its boundary is
/// `4n - 4` cells, like a square's); a cube's side.
pub fn mean_side(sides: &[u32]) -> f64 {
    sides.iter().map(|&s| s as f64).sum::<f64>() / sides.len().max(1) as f64
}

/// `count / n^(d - 1)` on a board of `d` sides: a construction whose count grows as
/// the boundary of its levels times their number (turns and crossings of the
/// formation tour: `O(n^(d-1))`) gives about the same number on every board size.
pub fn per_n(count: u64, sides: &[u32]) -> f64 {
    count as f64 / mean_side(sides).powi(sides.len() as i32 - 1)
}

/// `n`, `n²`, `n³`, ... : what [`per_n`] divides by on a board of `d` sides.
pub fn per_name(d: usize) -> String {
    const SUPERSCRIPTS: [&str; 10] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"];
    match d {
        0..=2 => "n".to_string(),
        d => {
            let e: String = (d - 1)
                .to_string()
                .bytes()
                .map(|b| SUPERSCRIPTS[(b - b'0') as usize])
                .collect();
            format!("n{e}")
        }
    }
}

fn card(job: &Job, b: &Built) -> Card {
    let sides = job.target.sides();
    let (w, h) = (sides[0], sides[1]);
    let m = &b.metrics;
    let n = mean_side(&sides);
    let board = job.target.board_name();
    let levels = match m {
        Measures::Space(s) => format!(" ({} levels)", s.levels),
        Measures::Plane(_) => String::new(),
    };
    Card {
        slug: job.slug.clone(),
        title: job.title.clone(),
        note: job.note.clone(),
        board: board.clone(),
        width: w,
        height: h,
        cells: m.cells(),
        algorithm: b.algorithm.clone(),
        closed: m.closed(),
        turns: m.turns(),
        crossings: m.crossings(),
        sides: sides.len(),
        per: per_name(sides.len()),
        side: format!("{n}"),
        turns_per_n: format!("{:.3}", per_n(m.turns(), &sides)),
        crossings_per_n: format!("{:.3}", per_n(m.crossings(), &sides)),
        plane: m.plane().map(|p| PlaneCard {
            longest_run: p.longest_run,
            turn_lower_bound: p.edge_turn_bound,
            turn_ratio: format!("{:.3}", p.turn_ratio),
        }),
        space: match m {
            Measures::Space(s) => Some(SpaceCard {
                levels: s.levels,
                moves_between_levels: s.moves_between_levels,
                moves_in_levels: s.moves_in_levels,
                level_crossings_min: s.crossings_per_level.iter().copied().min().unwrap_or(0),
                level_crossings_max: s.crossings_per_level.iter().copied().max().unwrap_or(0),
                crossings_note: sentence(knights_core::space::metrics::CROSSINGS_NOTE),
                light: !tours::marked(job.listed, sides[0] * sides[1]),
            }),
            Measures::Plane(_) => None,
        },
        bounds: bound_cells(m.plane()),
        leaper: match job.target.leaper() {
            knights_core::board::Leaper::KNIGHT => None,
            l => Some(format!("{},{}", l.steps().0, l.steps().1)),
        },
        tags: job.tags.clone(),
        series: job.series.clone(),
        listed: job.listed,
        sections: b.sections.clone(),
        files: b.files.clone(),
        crops: b.crops.clone(),
        walk: b.walk.clone(),
        tiles: b.pyramid.as_ref().map(|p| TilesCard {
            dir: p.dir.clone(),
            levels: p.levels_attr(),
            tile: p.tile(),
        }),
        alt: format!(
            "A {} {} tour of the {board} board{levels} by {}: {} turns, {} crossings{}",
            knights_core::TourKind::open_if(!m.closed()),
            piece(job.target.leaper()),
            b.algorithm,
            m.turns(),
            m.crossings(),
            if levels.is_empty() {
                ""
            } else {
                " inside levels"
            }
        ),
    }
}

/// `text` as a sentence: its first letter capitalized (only that one: tera's
/// `capitalize` lowers the rest, names too), a full stop at the end.
fn sentence(text: &str) -> String {
    let mut c = text.chars();
    match c.next() {
        Some(first) => format!("{}{}.", first.to_uppercase(), c.as_str()),
        None => String::new(),
    }
}

/// Whose tour it is, for the alt text: the knight's, the giraffe's or an (a, b)-leaper's.
fn piece(leaper: knights_core::board::Leaper) -> String {
    match leaper {
        knights_core::board::Leaper::KNIGHT => "knight's".into(),
        knights_core::board::Leaper::GIRAFFE => "giraffe's".into(),
        l => {
            let (a, b) = l.steps();
            format!("({a}, {b})-leaper's")
        }
    }
}

/// The rendered pages, as (path relative to the output folder, HTML).
pub type Rendered = Vec<(String, String)>;

/// Renders every page of the gallery.
pub fn render_all(
    tera: &Tera,
    plan: &Plan,
    built: &[Built],
    extras: &MetricsFiles,
) -> Result<Rendered, Error> {
    let cards: Vec<Card> = plan
        .jobs
        .iter()
        .zip(built)
        .map(|(j, b)| card(j, b))
        .collect();
    let nav: Vec<_> = plan
        .pages
        .iter()
        .map(|p| serde_json::json!({"slug": p.slug.value, "title": p.title}))
        .collect();
    let comparisons = comparisons(&cards);
    // The comparison boards in the navigation, smallest first (not as text sorts them).
    let mut boards: Vec<(&Card, &String)> = comparisons.iter().map(|(b, g)| (&g[0], b)).collect();
    boards.sort_by_key(|(c, b)| (c.width.max(c.height), c.cells, b.to_string()));
    let boards: Vec<&String> = boards.into_iter().map(|(_, b)| b).collect();
    let base = |root: &str| {
        let mut c = Context::new();
        c.insert("root", root);
        c.insert("nav_pages", &nav);
        c.insert("nav_compare", &boards);
        c.insert("site", &plan.site);
        c
    };
    let mut out = Vec::new();
    // Renders the page at `path` (relative to the site root, given to the templates
    // for absolute addresses) with template `name`.
    let mut render = |path: String, name: &str, mut ctx: Context| -> Result<(), Error> {
        ctx.insert("path", &path);
        let html = tera
            .render(name, &ctx)
            .map_err(|e| Error::invalid(format!("template {name}: {}", templates::chain(&e))))?;
        out.push((path, html));
        Ok(())
    };

    let mut c = base("");
    c.insert("cards", &cards);
    c.insert(
        "algorithms",
        &distinct(cards.iter().map(|c| c.algorithm.clone())),
    );
    c.insert("tags", &distinct(cards.iter().flat_map(|c| c.tags.clone())));
    c.insert("comparisons", &boards);
    let groups: Vec<_> = plan
        .series
        .iter()
        .map(|s| {
            let members: Vec<&Card> = s.members.iter().map(|&i| &cards[i]).collect();
            serde_json::json!({"slug": s.slug, "title": s.title, "cards": members})
        })
        .collect();
    c.insert("series_groups", &groups);
    render("index.html".to_string(), "index.html", c)?;

    for card in &cards {
        let mut c = base("../");
        c.insert("tour", card);
        c.insert("compare", &comparisons.contains_key(&card.board));
        render(format!("tours/{}.html", card.slug), "tour.html", c)?;
    }
    for (board, group) in &comparisons {
        let mut c = base("../");
        c.insert("board", board);
        c.insert("tours", group);
        render(format!("compare/{board}.html"), "compare.html", c)?;
    }

    let mut c = base("");
    c.insert("series", &extras.series);
    let rows: Vec<_> = extras
        .rows
        .iter()
        .map(|r| {
            serde_json::json!({
                "series": r.series, "board": r.board, "n": r.n, "cells": r.cells,
                "per": per_name(r.sides),
                "turns": r.turns, "crossings": r.crossings, "page": r.page,
                "turns_per_n": format!("{:.3}", r.turns_per_n),
                "crossings_per_n": format!("{:.3}", r.crossings_per_n),
                "turn_bound": r.turn_bound, "crossing_bound": r.crossing_bound,
                "turns_to_bound": r.turns_to_bound.map(|v| format!("{v:.3}")),
                "crossings_to_bound": r.crossings_to_bound.map(|v| format!("{v:.3}")),
            })
        })
        .collect();
    c.insert("rows", &rows);
    render("metrics.html".to_string(), "metrics.html", c)?;
    render("timings.html".to_string(), "timings.html", base(""))?;

    for p in &plan.pages {
        let mut c = base("../");
        c.insert("title", &p.title);
        c.insert("slug", &p.slug.value);
        c.insert("body", &html::markdown(&p.body));
        render(format!("pages/{}.html", p.slug.value), "page.html", c)?;
    }
    Ok(out)
}

fn distinct(items: impl Iterator<Item = String>) -> Vec<String> {
    let mut v: Vec<String> = items.collect();
    v.sort();
    v.dedup();
    v
}

/// Boards with tours from at least two constructions, each with those tours.
fn comparisons(cards: &[Card]) -> BTreeMap<String, Vec<Card>> {
    let mut by_board: BTreeMap<String, Vec<Card>> = BTreeMap::new();
    for c in cards {
        by_board.entry(c.board.clone()).or_default().push(c.clone());
    }
    by_board.retain(|_, group| distinct(group.iter().map(|c| c.algorithm.clone())).len() >= 2);
    by_board
}

/// One row of the metrics table (and of its CSV and JSON downloads).
#[derive(Clone, Debug, Serialize)]
pub struct MetricsRow {
    /// The series' slug.
    pub series: String,
    /// The construction that made the tour.
    pub algorithm: String,
    /// `WxH` or `WxHxD...`.
    pub board: String,
    /// The board's number of sides d (2 on the plane).
    pub sides: usize,
    /// The board's n: the mean of its sides (see [`mean_side`]).
    pub n: f64,
    /// Cells.
    pub cells: u64,
    /// Turns.
    pub turns: u64,
    /// Crossings.
    pub crossings: u64,
    /// Turns / n^(d-1) (turns / n on the plane, see [`per_n`]).
    pub turns_per_n: f64,
    /// Crossings / n^(d-1).
    pub crossings_per_n: f64,
    /// The best lower bound on turns (see [`knights_core::metrics::bounds::best`]).
    pub turn_bound: Option<f64>,
    /// Turns / that bound.
    pub turns_to_bound: Option<f64>,
    /// The best lower bound on crossings, when one applies.
    pub crossing_bound: Option<f64>,
    /// Crossings / that bound.
    pub crossings_to_bound: Option<f64>,
    /// The tour's page, relative to the site root.
    pub page: String,
}

/// The metrics page's data: one row per series member, and the series' headings.
#[derive(Clone, Debug, Default)]
pub struct MetricsFiles {
    /// `(slug, title, algorithm)` of each series.
    pub series: Vec<(String, String, String)>,
    /// The rows, series by series.
    pub rows: Vec<MetricsRow>,
}

/// Collects the series' numbers.
pub fn metrics_rows(plan: &Plan, built: &[Built]) -> MetricsFiles {
    let mut out = MetricsFiles::default();
    for s in &plan.series {
        let mut algos = Vec::new();
        for &i in &s.members {
            let (job, b) = (&plan.jobs[i], &built[i]);
            let sides = job.target.sides();
            let m = &b.metrics;
            let plane = m.plane();
            algos.push(b.algorithm.clone());
            out.rows.push(MetricsRow {
                series: s.slug.clone(),
                algorithm: b.algorithm.clone(),
                board: job.target.board_name(),
                sides: sides.len(),
                n: mean_side(&sides),
                cells: m.cells(),
                turns: m.turns(),
                crossings: m.crossings(),
                turns_per_n: per_n(m.turns(), &sides),
                crossings_per_n: per_n(m.crossings(), &sides),
                turn_bound: plane
                    .and_then(|p| p.turns_to_bound.as_ref())
                    .map(|r| r.bound),
                turns_to_bound: plane
                    .and_then(|p| p.turns_to_bound.as_ref())
                    .map(|r| r.ratio),
                crossing_bound: plane
                    .and_then(|p| p.crossings_to_bound.as_ref())
                    .map(|r| r.bound),
                crossings_to_bound: plane
                    .and_then(|p| p.crossings_to_bound.as_ref())
                    .map(|r| r.ratio),
                page: format!("tours/{}.html", job.slug),
            });
        }
        let algos = distinct(algos.into_iter());
        let algo = if algos.is_empty() {
            s.algorithm.clone()
        } else {
            algos.join(", ")
        };
        out.series.push((s.slug.clone(), s.title.clone(), algo));
    }
    out
}

/// The metrics table as CSV.
pub fn metrics_csv(rows: &[MetricsRow]) -> String {
    let mut s = String::from(
        "series,algorithm,board,n,cells,turns,crossings,turns_per_n,crossings_per_n,turn_bound,turns_to_bound,crossing_bound,crossings_to_bound,sides\n",
    );
    let opt = |v: Option<f64>, digits: usize| v.map_or(String::new(), |v| format!("{v:.digits$}"));
    for r in rows {
        s.push_str(&format!(
            "{},{},{},{},{},{},{},{:.6},{:.6},{},{},{},{},{}\n",
            csv_field(&r.series),
            csv_field(&r.algorithm),
            r.board,
            r.n,
            r.cells,
            r.turns,
            r.crossings,
            r.turns_per_n,
            r.crossings_per_n,
            opt(r.turn_bound, 1),
            opt(r.turns_to_bound, 6),
            opt(r.crossing_bound, 1),
            opt(r.crossings_to_bound, 6),
            r.sides,
        ));
    }
    s
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alt_texts_name_the_leaper_whose_tour_it_is() {
        use knights_core::board::Leaper;
        assert_eq!(piece(Leaper::KNIGHT), "knight's");
        assert_eq!(piece(Leaper::GIRAFFE), "giraffe's");
        assert_eq!(piece(Leaper::new(2, 3).unwrap()), "(2, 3)-leaper's");
    }

    #[test]
    fn csv_quotes_what_needs_quoting() {
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("plain"), "plain");
    }

    #[test]
    fn per_n_divides_by_n_to_the_sides_less_one() {
        assert_eq!(mean_side(&[16, 12]), 14.0);
        assert_eq!(per_n(140, &[16, 12]), 10.0);
        assert_eq!(per_n(2000, &[20, 20, 20]), 5.0);
        assert_eq!(per_n(54, &[4, 2, 2, 4]), 2.0);
        assert_eq!(per_name(2), "n");
        assert_eq!(per_name(3), "n²");
        assert_eq!(per_name(12), "n¹¹");
    }

    #[test]
    fn notes_become_sentences_keeping_their_names() {
        assert_eq!(
            sentence("crossings by Besa et al"),
            "Crossings by Besa et al."
        );
        assert_eq!(sentence(""), "");
    }
}
