//! The drawings of a tour of a board of three or more sides, the branch of
//! [`super::tour`]'s road where the drawing differs from a 2-D board's: drawn by
//! [`knights_render::Drawing`] as its levels side by side.
//!
//! What it ships: what every tour does ([`super::ship`]): the drawing of its levels as
//! SVG, thumbnails, and the `[site]` downloads (PNG and PDF of the same drawing, the
//! JSON tour file); each level as a picture of its own, which the page shows in a grid
//! that reflows with the window ([`views`]: one drawing of 26 levels four a row left
//! 85 pixels a level on a phone); a catalogue tour of three sides also its levels
//! stacked in isometric projection ([`knights_render::isometric`]).
//! A catalogue tour's drawing with small levels shows every turn and crossing; a
//! series member's (one of many boards for the plots) and one whose levels have more
//! than [`MARKED_LEVEL_CELLS`] cells show the leaps and the moves between levels only,
//! which keeps the SVG about a quarter of the size (a 26x26x26 tour: 968 KB with the
//! markers, 247 KB without). Its turns and crossings are in its page's table.
//! Thumbnails show as many levels as leave room for their leaps ([`thumbnail`]).

use super::built::{blame, Levels};
use super::flat::THUMB_ROUTE_PX;
use super::ship::{downloads, route_line, thumb_line, thumb_theme, thumb_width, Files, Settings};
use super::tour::Pictures;
use crate::plan::Job;
use knights_core::metrics::levels::steps;
use knights_core::metrics::Metrics;
use knights_core::{Error, Verified};
use knights_render::theme::Size;
use knights_render::{isometric, some_levels, Drawing, Layer, Options, Show, Theme};

/// The layers a series member's drawing leaves out.
const LIGHT: Show = Show::defaults()
    .without(Layer::Turns)
    .without(Layer::Crossings);
/// Levels of more cells than this are drawn light on catalogue pages too: the
/// markers of 26 levels of 26x26 are dots too small to read, and cost 720 KB.
const MARKED_LEVEL_CELLS: u32 = 400;
/// Whether a page's drawing shows turn dots and crossing disks: a catalogue tour's
/// whose levels have at most [`MARKED_LEVEL_CELLS`] cells.
fn marked(listed: bool, level_cells: u32) -> bool {
    listed && level_cells <= MARKED_LEVEL_CELLS
}

/// The layers a thumbnail leaves out: the markers, and the squares, whose two shades
/// leave little of a 16-colour palette to the levels' colours at this size.
const THUMB: Show = LIGHT.without(Layer::Squares).without(Layer::Ends);

/// The drawings of the proved tour of `job` (measured as `m`): its levels, page and
/// downloads, thumbnails, and a catalogue tour's isometric stack.
pub(super) fn draw(
    job: &Job,
    tour: &Verified,
    m: &Metrics,
    settings: &Settings,
    files: &mut Files<'_>,
) -> Result<Pictures, Error> {
    let at = blame(job);
    let page_show = if marked(job.listed, tour.board().level_cells()) {
        Show::defaults()
    } else {
        LIGHT
    };
    let drawing = Drawing::new(tour, m, &options(settings, tour, page_show)).map_err(at)?;
    let json = || knights_core::format::to_json(tour);
    files.page(&drawing, downloads(job, settings), json, at)?;
    let views = views(job, tour, m, settings, page_show, files).map_err(at)?;
    let (thumb, card) = thumbnail(tour, m, settings).map_err(at)?;
    files.thumbnails(&thumb, &thumb, true, at)?;
    // A catalogue tour of three sides: its levels stacked in isometric projection.
    if job.listed {
        if let Some(svg) = isometric(tour, &settings.theme) {
            files.put("iso", format!("files/{}-iso.svg", job.slug), svg.as_bytes())?;
        }
    }
    Ok(Pictures {
        drawing,
        crops: Vec::new(),
        walk: None,
        pyramid: None,
        insets: false,
        levels: Levels { views, card },
    })
}

/// Each level of `tour` drawn on its own as `show` shows it, without the caption (the
/// page's legend says what the triangles mean), written as
/// `files/<slug>-level-<index>.svg`: its label and file, level by level. A page
/// shows them in a grid of pictures at least [`LEVEL_MIN_PX`] wide.
fn views(
    job: &Job,
    tour: &Verified,
    m: &Metrics,
    settings: &Settings,
    show: Show,
    files: &Files<'_>,
) -> Result<Vec<(String, String)>, Error> {
    let board = tour.board();
    let theme = view_theme(&settings.theme, board);
    let mut views = Vec::new();
    for l in 0..board.levels() {
        let opts = Options {
            theme: theme.clone(),
            levels_across: None,
            levels: Some(vec![l]),
            no_caption: true,
            ..options(settings, tour, show)
        };
        let drawing = Drawing::new(tour, m, &opts)?;
        let rel = format!("files/{}-level-{l}.svg", job.slug);
        files.write(&rel, drawing.svg().as_bytes())?;
        views.push((some_levels(board, &[l]), rel));
    }
    Ok(views)
}

/// The narrowest a level's picture is shown on a page, in CSS pixels (the
/// stylesheet's `.levels` grid; four a row at 1400 pixels, one on a phone): a square
/// of a 26x26 level then gets 10 pixels, where the triangles between levels, the
/// start's ring and the end's square are told apart.
pub const LEVEL_MIN_PX: u32 = 300;
/// A level's picture's line on the page, in CSS pixels where it is shown
/// [`LEVEL_MIN_PX`] wide (the cards' [`super::ship::ROUTE_PX`]).
const VIEW_LINE_PX: f64 = 1.6;
/// The radius of the start's ring on a level's picture, in CSS pixels at
/// [`LEVEL_MIN_PX`]; the triangles of the moves between levels follow it (at most
/// 0.4 squares). Drawn with the theme's sizes in points, a level's picture 960 points
/// wide shown 330 pixels across had a ring of 2.6 pixels and lines of 1.
const VIEW_RING_PX: f64 = 5.0;

/// The theme of a level's picture of `board`: its page as wide in points as the
/// picture is shown at its narrowest ([`LEVEL_MIN_PX`], 0.75 points a pixel), its
/// line [`VIEW_LINE_PX`] and its start's ring [`VIEW_RING_PX`] there.
fn view_theme(theme: &Theme, board: &knights_core::Board) -> Theme {
    // A level and its margin of a square each side.
    let squares = board.width().max(board.height()) as f64 + 2.0;
    let px = LEVEL_MIN_PX as f64 / squares;
    let fixed = |cells: f64| Size {
        cells,
        min: 0.0,
        max: f64::INFINITY,
        limit: cells,
    };
    let mut t = theme.clone();
    t.page.max_size = LEVEL_MIN_PX as f64 * 0.75;
    t.tour.width = fixed(VIEW_LINE_PX / px);
    t.markers.start = fixed(VIEW_RING_PX / px);
    t
}

/// Squares across a page's drawing of levels: the page shows it across its whole
/// width (about 1300 pixels on a 1400-pixel screen), and a square then gets 11 pixels
/// or more, where the triangles between levels, the start's ring and the first leap's
/// arrow can be told apart (the 26 levels of 26x26 six a row had 4-pixel squares).
const LEVELS_ROW_SQUARES: f64 = 112.0;

/// The levels a row of a page's drawing of `board`'s levels: as many as
/// [`LEVELS_ROW_SQUARES`] hold, with the gaps between them.
fn levels_across(board: &knights_core::Board) -> u32 {
    let side = board.width() as f64 + 1.5;
    ((LEVELS_ROW_SQUARES / side).floor() as u32).max(1)
}

/// The thumbnails' drawing, made for the size a card shows it (the same at 1x and
/// 2x), and the levels it draws in words when it draws only some: the levels side by
/// side in the levels' colours, about as many squares across as down, their leaps
/// [`route_line`] wide (every card's width), as many levels as leave a square
/// [`THUMB_ROUTE_PX`] pixels and room between the lines (the route's ink at most
/// [`THUMB_LEVELS_INK`]), spread from the first level to the last;
/// every level when they all do. One level that gets fewer is drawn with lines as wide
/// as its pixels need ([`thumb_line`]). The 26 levels of 26x26 side by side were flat
/// blocks of colour, and stacked in isometric projection plates with no route to see;
/// six levels of 20x20 at 3.5 pixels a square were flat blocks again.
fn thumbnail(
    tour: &Verified,
    m: &Metrics,
    settings: &Settings,
) -> Result<(Drawing, Option<String>), Error> {
    let board = tour.board();
    let levels = board.levels();
    // Without the caption under the levels: three lines of grey text a few pixels
    // high, which took a seventh of the card from the levels.
    let draft = |count: u32| Options {
        levels_across: None,
        levels: (count < levels).then(|| spread(levels, count)),
        no_caption: true,
        ..options(settings, tour, THUMB)
    };
    // The drawing's width in squares and on the card, in CSS pixels.
    let fitted = |opts: &Options| -> Result<(f64, f64), Error> {
        let d = Drawing::new(tour, m, opts)?;
        let shown = thumb_width(d.aspect()?, 1, true) as f64;
        Ok((d.width_at(1.0)? as f64, shown))
    };
    let leaps = leap_length(tour);
    let roomy = |count: u32| -> Result<bool, Error> {
        let (squares, shown) = fitted(&draft(count))?;
        let ink = leaps * route_line(squares, shown);
        Ok(shown / squares >= THUMB_ROUTE_PX && ink <= THUMB_LEVELS_INK)
    };
    let count = match roomy(levels)? {
        true => levels,
        false => {
            let mut count = 1;
            while count + 1 < levels && roomy(count + 1)? {
                count += 1;
            }
            count
        }
    };
    let natural = draft(count);
    let (squares, shown) = fitted(&natural)?;
    let line = match shown / squares >= THUMB_ROUTE_PX {
        true => route_line(squares, shown),
        false => thumb_line(squares, shown as u32),
    };
    let mut theme = thumb_theme(&settings.theme, line);
    theme.tour.gradient_pieces = theme.tour.gradient_pieces.min(THUMB_PIECES);
    let opts = Options { theme, ..natural };
    let card = opts.levels.as_ref().map(|l| some_levels(board, l));
    Ok((Drawing::new(tour, m, &opts)?, card))
}

/// The most ink (the route's length times its width over the levels' area, as
/// knights-render's `route_ink` on the plane) a card's levels may have: the formation
/// tour's levels are parallel leaps two squares long, which merge into a fill sooner
/// than a plane card's route. Measured at 1x: 16x12x4's four levels at 0.64 and the
/// 30x30 cards at 0.65 show their leaps; four levels of 16x16x16 at 0.81, two of
/// 26x26x26 at 0.83 and six of 20x20x20 at 1.0 were hatched or flat blocks.
const THUMB_LEVELS_INK: f64 = 0.7;

/// The most pieces of the gradient a card's levels are drawn in (a tour without
/// sections): each then covers enough of the card to be a colour of its 16-colour
/// palette. In the theme's 48 pieces, each a few pixels, the palette kept none of
/// them, and an 8x8x8 Warnsdorff tour's eight levels came out grey.
const THUMB_PIECES: u32 = 8;

/// The length of `tour`'s leaps inside its levels, in squares, over the levels' area:
/// its route's ink ([`knights_render::route_ink`] on the plane) is this times the
/// line's width in squares.
fn leap_length(tour: &Verified) -> f64 {
    let s = tour.board();
    let length: f64 = steps(tour.path(), tour.is_closed())
        .filter(|&(a, b)| s.level_of(a) == s.level_of(b))
        .map(|(a, b)| {
            let (pa, pb) = (s.coords(a), s.coords(b));
            (pa[0] as f64 - pb[0] as f64).hypot(pa[1] as f64 - pb[1] as f64)
        })
        .sum();
    length / (s.level_cells() as f64 * s.levels() as f64).max(1.0)
}

/// `count` of `levels` levels spread evenly from the first to the last (the middle one
/// alone when `count` is 1: the first level's dark purple, the gradient's end, kept
/// 19% coloured pixels at 1x on 26x26x26's card against 32% at 2x): a card's levels.
fn spread(levels: u32, count: u32) -> Vec<u32> {
    if count <= 1 || levels <= 1 {
        return vec![levels.saturating_sub(1) / 2];
    }
    let count = count.min(levels);
    (0..count)
        .map(|i| {
            ((i as u64 * (levels - 1) as u64 + (count as u64 - 1) / 2) / (count - 1) as u64) as u32
        })
        .collect()
}

/// The site's drawing options for `tour`, showing `show`.
fn options(settings: &Settings, tour: &Verified, show: Show) -> Options {
    Options {
        theme: settings.theme.clone(),
        show,
        levels_across: Some(levels_across(tour.board())),
        ..Default::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A card's levels run from the first to the last, evenly, each once.
    #[test]
    fn a_card_s_levels_are_spread_from_the_first_to_the_last() {
        assert_eq!(spread(26, 1), [12]);
        assert_eq!(spread(26, 2), [0, 25]);
        assert_eq!(spread(16, 6), [0, 3, 6, 9, 12, 15]);
        assert_eq!(spread(4, 4), [0, 1, 2, 3]);
        assert_eq!(spread(3, 9), [0, 1, 2]);
    }

    /// A level's picture is drawn for the width it is shown at: its line and ring the
    /// same pixels on a level of 6 squares as on one of 26.
    #[test]
    fn a_level_s_picture_is_sized_for_its_width_on_the_page() {
        for (board, squares) in [("6x5x3", 8.0), ("26x26x26", 28.0)] {
            let b: knights_core::Board = board.parse().unwrap();
            let t = view_theme(&Theme::default(), &b);
            let px = LEVEL_MIN_PX as f64 / squares;
            assert!((t.tour.width.resolve(3.0) * px - VIEW_LINE_PX).abs() < 1e-9);
            assert!((t.markers.start.resolve(30.0) * px - VIEW_RING_PX).abs() < 1e-9);
            assert_eq!(t.page.max_size, LEVEL_MIN_PX as f64 * 0.75);
        }
    }
}
