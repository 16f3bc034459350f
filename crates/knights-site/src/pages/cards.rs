//! One tour as the templates see it: a [`Card`] made from its job and what building it
//! produced, with the numbers formatted, the per-n values, the bounds, the files and
//! the alt text of its drawing. The index, the tour pages, the comparison pages and
//! the series groups all show cards.

use std::collections::BTreeMap;

use serde::Serialize;

use super::number::number;
use super::scale::{mean_side, per_n, per_name};
use crate::plan::Job;
use crate::tours::{Built, Drawn};

/// One tour as the templates see it.
#[derive(Clone, Debug, Serialize)]
pub struct Card {
    pub(super) slug: String,
    title: String,
    note: String,
    pub(super) board: String,
    pub(super) width: u32,
    pub(super) height: u32,
    pub(super) cells: u64,
    pub(super) algorithm: String,
    /// What the construction does, in one line (as `knights list` says it).
    algorithm_summary: String,
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
    /// The measures of a board of three or more sides (`space` in the templates).
    space: Option<LevelsCard>,
    /// The `knights tour` command that makes this tour, from the request that made it.
    command: String,
    pub(super) tags: Vec<String>,
    series: Vec<String>,
    listed: bool,
    sections: Vec<(String, u64, String)>,
    files: BTreeMap<String, String>,
    crops: Vec<(String, String)>,
    /// What the page's drawing shows: its legend lists these and nothing else.
    drawn: Drawn,
    walk: Option<String>,
    /// The tiled pyramid of the full detail: its folder, levels (`WxH ...`) and tile side.
    tiles: Option<TilesCard>,
    alt: String,
}

/// What only a 2-D tour measures.
#[derive(Clone, Debug, Serialize)]
pub struct PlaneCard {
    longest_run: u64,
    /// The lower bound on turns proved for this board, and where it comes from with
    /// the formula that gives it on this kind of tour.
    turn_lower_bound: u64,
    turn_bound_source: String,
    turn_ratio: String,
    /// The paper's asymptotic bounds, on a closed knight's tour of a full n x n board:
    /// shown for comparison, never divided by.
    asymptotic: Vec<Asymptotic>,
}

/// One of the paper's asymptotic bounds as a tour page shows it.
#[derive(Clone, Debug, Serialize)]
struct Asymptotic {
    /// `turns` or `crossings`.
    measure: &'static str,
    value: String,
    source: &'static str,
}

/// What only a tour of a board of three or more sides measures.
#[derive(Clone, Debug, Serialize)]
pub struct LevelsCard {
    levels: u32,
    moves_between_levels: u64,
    moves_in_levels: u64,
    /// The fewest and most crossings of one level.
    level_crossings_min: u64,
    level_crossings_max: u64,
    /// What the crossing count means, in words.
    crossings_note: String,
    /// Each level's picture on the page, in order.
    views: Vec<LevelView>,
    /// The narrowest a level's picture is shown, in CSS pixels.
    view_min_px: u32,
    /// The levels the card draws, in words, when it draws fewer than all.
    card_levels: Option<String>,
}

/// One level's picture on a page: its label (`z = 3`) and its SVG file.
#[derive(Clone, Debug, Serialize)]
pub struct LevelView {
    label: String,
    file: String,
}

/// A tour's tiled pyramid as its page's zoom viewer reads it.
#[derive(Clone, Debug, Serialize)]
pub struct TilesCard {
    dir: String,
    levels: String,
    tile: u32,
}

/// What only a 2-D tour measures, as its page shows it.
fn plane_card(job: &Job, m: &knights_core::metrics::Metrics) -> PlaneCard {
    use knights_core::metrics::bounds;
    let (bound, source) = match &m.turns_to_bound {
        Some(r) => (r.bound as u64, r.source.clone()),
        None => (m.edge_turn_bound, String::new()),
    };
    let board = &job.target.request().board;
    // The board asked for has no holes; a variant may take cells out of it.
    let asymptotic = match bounds::paper_applies(board, m.closed) && m.cells == board.cells() {
        true => bounds::asymptotic(board.width())
            .into_iter()
            .map(|b| Asymptotic {
                measure: b.measure,
                value: number(b.value),
                source: b.source,
            })
            .collect(),
        _ => Vec::new(),
    };
    PlaneCard {
        longest_run: m.longest_run,
        turn_lower_bound: bound,
        turn_bound_source: source,
        turn_ratio: number(m.turn_ratio),
        asymptotic,
    }
}

/// The card of `job`, built as `b`.
pub fn card(job: &Job, b: &Built) -> Card {
    let sides = job.target.sides();
    let m = &b.metrics;
    Card {
        slug: job.slug.clone(),
        title: job.title.clone(),
        note: job.note.clone(),
        board: job.target.board_name(),
        width: sides[0],
        height: sides[1],
        cells: m.cells,
        algorithm: b.algorithm.clone(),
        algorithm_summary: algorithm_summary(job, &b.algorithm),
        closed: m.closed,
        turns: m.turns,
        crossings: m.crossings,
        sides: sides.len(),
        per: per_name(sides.len()),
        side: number(mean_side(&sides)),
        turns_per_n: number(per_n(m.turns, &sides)),
        crossings_per_n: number(per_n(m.crossings, &sides)),
        plane: m.levels.is_none().then(|| plane_card(job, m)),
        space: levels_card(b),
        command: job.target.command_line(),
        tags: job.tags.clone(),
        series: job.series.clone(),
        listed: job.listed,
        sections: b.sections.clone(),
        files: b.files.clone(),
        crops: b.crops.clone(),
        drawn: b.drawn,
        walk: b.walk.clone(),
        tiles: b.pyramid.as_ref().map(|p| TilesCard {
            dir: p.dir.clone(),
            levels: p.levels_attr(),
            tile: p.tile(),
        }),
        alt: alt_text(job, b),
    }
}

/// What only a tour of a board of three or more sides measures; `None` on the plane.
fn levels_card(b: &Built) -> Option<LevelsCard> {
    let s = b.metrics.levels.as_ref()?;
    let views = (b.levels.views.iter())
        .map(|(label, file)| LevelView {
            label: label.clone(),
            file: file.clone(),
        })
        .collect();
    Some(LevelsCard {
        levels: s.levels,
        moves_between_levels: s.moves_between_levels,
        moves_in_levels: s.moves_in_levels,
        level_crossings_min: s.crossings_per_level.iter().copied().min().unwrap_or(0),
        level_crossings_max: s.crossings_per_level.iter().copied().max().unwrap_or(0),
        crossings_note: sentence(knights_core::metrics::CROSSINGS_NOTE),
        views,
        view_min_px: crate::tours::LEVEL_MIN_PX,
        card_levels: b.levels.card.clone(),
    })
}

/// What the construction `name` that made the tour of `job` does, in one line.
fn algorithm_summary(job: &Job, name: &str) -> String {
    let c = knights_construct::all().iter().find(|c| c.name() == name);
    let summary = match job.target.sides().len() {
        2 => c.map(|c| c.summary()),
        _ => c.and_then(|c| c.more_sides()).map(|m| m.summary),
    };
    summary.unwrap_or_default().to_string()
}

/// The alt text of the tour's drawing: its kind, whose tour, the board (with its
/// levels), the construction and its counts.
fn alt_text(job: &Job, b: &Built) -> String {
    let m = &b.metrics;
    let (levels, inside) = match &m.levels {
        Some(s) => (format!(" ({} levels)", s.levels), " inside levels"),
        None => (String::new(), ""),
    };
    format!(
        "A {} {} tour of the {} board{levels} by {}: {} turns, {} crossings{inside}",
        knights_core::TourKind::open_if(!m.closed),
        piece(job.target.leaper()),
        job.target.board_name(),
        b.algorithm,
        m.turns,
        m.crossings,
    )
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
fn piece(leaper: knights_core::Leaper) -> String {
    match leaper {
        knights_core::Leaper::KNIGHT => "knight's".into(),
        knights_core::Leaper::GIRAFFE => "giraffe's".into(),
        l => {
            let (a, b) = l.steps();
            format!("({a}, {b})-leaper's")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alt_texts_name_the_leaper_whose_tour_it_is() {
        use knights_core::Leaper;
        assert_eq!(piece(Leaper::KNIGHT), "knight's");
        assert_eq!(piece(Leaper::GIRAFFE), "giraffe's");
        assert_eq!(piece(Leaper::new(2, 3).unwrap()), "(2, 3)-leaper's");
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
