//! The build's fourth step, the gallery's pages: the plan and the built tours turned
//! into tera contexts ([`cards`] for the tours, [`metrics`] for the series) and rendered
//! through the templates (see [`crate::templates`]), autoescaped: catalogue text shows
//! as text. Every link is relative, through a `root` prefix, so the site works from
//! `file://` and from any sub-path of a web server.
//!
//! Tera has no recursion limit: a template that includes itself, or a macro that calls
//! itself without end, overflows the stack and aborts the process (the previous site
//! stays, as for any failed build). This is documented for template authors rather
//! than caught.

mod cards;
pub mod metrics;
mod number;
mod scale;

use std::collections::BTreeMap;

use rayon::prelude::*;
use tera::{Context, Tera};

use crate::error::SiteError;
use crate::plan::Plan;
use crate::templates;
use crate::tours::Built;
use crate::{exhibit, exhibits, html};
use cards::{card, Card};
use knights_core::Error;

/// The rendered pages, as (path relative to the output folder, HTML).
pub type Rendered = Vec<(String, String)>;

/// Renders every page of the gallery: the index, a page per tour, a comparison page per
/// board built by two constructions or more, the metrics and timings pages, the
/// prose pages (with the blocks of `exhibits` they place) and the exhibits' own pages.
pub fn render_all(
    tera: &Tera,
    plan: &Plan,
    built: &[Built],
    table: &metrics::Table,
    exhibits: (&exhibits::List, &exhibit::Context<'_>),
) -> Result<Rendered, Error> {
    let cards: Vec<Card> = plan
        .jobs
        .iter()
        .zip(built)
        .map(|(j, b)| card(j, b))
        .collect();
    let comparisons = comparisons(&cards);
    let mut pages = Pages::new(tera, plan, nav_boards(&comparisons), exhibits.0);
    pages.index(plan, &cards)?;
    // The tour pages, most of the pages, rendered in parallel (in the build's pool).
    let tours = cards
        .par_iter()
        .map(|card| {
            let mut c = pages.base("../");
            c.insert("tour", card);
            c.insert("compare", &comparisons.contains_key(&card.board));
            pages.page(format!("tours/{}.html", card.slug), "tour.html", c)
        })
        .collect::<Result<Vec<_>, Error>>()?;
    pages.out.extend(tours);
    for (board, group) in &comparisons {
        let mut c = pages.base("../");
        c.insert("board", board);
        c.insert("tours", group);
        pages.render(format!("compare/{board}.html"), "compare.html", c)?;
    }
    pages.metrics(table)?;
    let timings = pages.base("");
    pages.render("timings.html".to_string(), "timings.html", timings)?;
    pages.prose(plan, exhibits)?;
    pages.exhibits(exhibits)?;
    Ok(pages.out)
}

/// The pages rendered so far, and what every page's context has: the navigation
/// (prose pages, exhibits' pages and comparison boards) and the `[site]` settings.
struct Pages<'a> {
    tera: &'a Tera,
    nav: Vec<serde_json::Value>,
    nav_exhibits: Vec<exhibit::Page>,
    boards: Vec<String>,
    plan: &'a Plan,
    out: Rendered,
}

impl<'a> Pages<'a> {
    fn new(
        tera: &'a Tera,
        plan: &'a Plan,
        boards: Vec<String>,
        exhibits: &exhibits::List,
    ) -> Pages<'a> {
        let nav = plan
            .pages
            .iter()
            .map(|p| serde_json::json!({"slug": p.slug.value, "title": p.title}))
            .collect();
        Pages {
            tera,
            nav,
            nav_exhibits: exhibits.iter().filter_map(|e| e.page()).collect(),
            boards,
            plan,
            out: Vec::new(),
        }
    }

    /// The context every page starts from, for a page `root` away from the site root.
    fn base(&self, root: &str) -> Context {
        let mut c = Context::new();
        c.insert("root", root);
        c.insert("nav_pages", &self.nav);
        c.insert("nav_exhibits", &self.nav_exhibits);
        c.insert("nav_compare", &self.boards);
        c.insert("site", &self.plan.site);
        c
    }

    /// Renders the page at `path` (relative to the site root, given to the templates
    /// for absolute addresses) with template `name`.
    fn render(&mut self, path: String, name: &str, ctx: Context) -> Result<(), Error> {
        let page = self.page(path, name, ctx)?;
        self.out.push(page);
        Ok(())
    }

    /// The page at `path` rendered with template `name`, as [`Pages::render`] keeps it.
    fn page(&self, path: String, name: &str, mut ctx: Context) -> Result<(String, String), Error> {
        ctx.insert("path", &path);
        let html = self
            .tera
            .render(name, &ctx)
            .map_err(|source| SiteError::Render {
                template: name.to_string(),
                chain: templates::chain(&source),
                source,
            })?;
        Ok((path, html))
    }

    /// The index: every card, the filters' choices, the comparisons and the series.
    fn index(&mut self, plan: &Plan, cards: &[Card]) -> Result<(), Error> {
        let mut c = self.base("");
        c.insert("cards", cards);
        // Each tour once, though a catalogue tour that is also a series member has a
        // card in both lists.
        c.insert("tour_count", &cards.len());
        c.insert(
            "algorithms",
            &distinct(cards.iter().map(|c| c.algorithm.clone())),
        );
        c.insert("tags", &distinct(cards.iter().flat_map(|c| c.tags.clone())));
        c.insert("comparisons", &self.boards);
        let groups: Vec<_> = plan
            .series
            .iter()
            .map(|s| {
                let members: Vec<&Card> = s.members.iter().map(|&i| &cards[i]).collect();
                serde_json::json!({"slug": s.slug, "title": s.title, "cards": members})
            })
            .collect();
        c.insert("series_groups", &groups);
        self.render("index.html".to_string(), "index.html", c)
    }

    /// The metrics page: the series and their rows.
    fn metrics(&mut self, table: &metrics::Table) -> Result<(), Error> {
        let mut c = self.base("");
        c.insert("series", &table.series);
        let rows: Vec<_> = table.rows.iter().map(metrics::Row::for_page).collect();
        c.insert("rows", &rows);
        self.render("metrics.html".to_string(), "metrics.html", c)
    }

    /// The catalogue's markdown pages, with the exhibit blocks they place.
    fn prose(
        &mut self,
        plan: &Plan,
        (exhibits, ctx): (&exhibits::List, &exhibit::Context<'_>),
    ) -> Result<(), Error> {
        for p in &plan.pages {
            let mut c = self.base("../");
            c.insert("title", &p.title);
            c.insert("slug", &p.slug.value);
            c.insert(
                "body",
                &exhibits::fill(exhibits, ctx, &html::markdown(&p.body))?,
            );
            self.render(format!("pages/{}.html", p.slug.value), "page.html", c)?;
        }
        Ok(())
    }
}

impl Pages<'_> {
    /// The exhibits' own pages, at the site's root, in the template `exhibit.html`.
    fn exhibits(
        &mut self,
        (exhibits, ctx): (&exhibits::List, &exhibit::Context<'_>),
    ) -> Result<(), Error> {
        for e in exhibits.iter() {
            let Some(page) = e.page() else { continue };
            let html = e.page_html(ctx)?;
            let mut c = self.base("");
            c.insert("title", page.title);
            c.insert("body", &html.main);
            c.insert("scripts", &html.scripts);
            self.render(page.file.to_string(), "exhibit.html", c)?;
        }
        Ok(())
    }
}

/// The comparison boards in the navigation, smallest first (not as text sorts them).
fn nav_boards(comparisons: &BTreeMap<String, Vec<Card>>) -> Vec<String> {
    let mut boards: Vec<(&Card, &String)> = comparisons.iter().map(|(b, g)| (&g[0], b)).collect();
    boards.sort_by_key(|(c, b)| (c.width.max(c.height), c.cells, b.to_string()));
    boards.into_iter().map(|(_, b)| b.clone()).collect()
}

/// The items, sorted, each once.
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
