//! Which tour pages get a tiled image pyramid (see [`knights_render::tiles`]) and at
//! which levels. A page shows its tour as an SVG the zoom viewer scales; for a large
//! board that SVG is an overview, and a full-detail SVG (every leap, turn and
//! crossing) of a tile construction, with a turn at almost every cell, weighs
//! megabytes (5.6 MB for the 200x200 stitched tour). Where the full-detail SVG is
//! heavier than [`SVG_ABOVE`], the build rasterizes it instead, at [`CELL_PX`] pixels
//! a square, into tiles under `tiles/<slug>/<level>/<col>-<row>.png`, and the viewer
//! loads the tiles in view once the page is zoomed in far enough.
//!
//! What it costs decided the choices, measured on the shipped catalogue: a third level
//! at 16 pixels a square made a 200x200 tile tour's pyramid 2.4 to 3.5 MB (with
//! squares, 256 colours); two levels without squares at 32 colours take 0.6 to 0.8 MB;
//! the
//! checkered squares under the leaps cost bytes and show nothing the crops of the page
//! do not; and only catalogue tours and the largest board of each series get one (a
//! series' largest board shows its construction at scale), as the shipped site has
//! about three hundred series members and a 40 MB budget. The tours whose full-detail
//! SVG is under [`SVG_ABOVE`] (a formation tour, a 64x64 hidden-Hilbert tour) keep
//! their SVG alone.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::plan::Job;
use knights_core::metrics::Metrics;
use knights_core::verify::Verified;
use knights_core::Error;
use knights_render::raster::MAX_SIDE;
use knights_render::tiles::{Level, TILE};
use knights_render::{Drawing, Layer, Options, Show, Style, Theme};

/// A tour whose full-detail SVG is heavier than this many bytes gets a pyramid. It
/// was 1 MB while each turn and crossing was an element of its own; drawn as paths of
/// dots the same drawings weigh a quarter (200x200 warnsdorff 1.82 MB -> 0.45 MB,
/// stitch 5.42 -> 1.30 MB, the formation 0.24 -> 0.07 MB), so the same tours keep
/// their pyramid.
pub const SVG_ABOVE: usize = 250_000;

/// Pixels per square of the levels, smallest first: the first where the detail starts
/// to read, then twice that, where a turn dot is 3 or 4 pixels across.
pub const CELL_PX: [f64; 2] = [4.0, 8.0];

/// The most squares a side of a board whose page gets a pyramid may have: its finest
/// level, at the last of [`CELL_PX`] pixels a square, is a raster of at most
/// [`MAX_SIDE`] pixels a side (2500 squares).
pub fn most_squares() -> u32 {
    (MAX_SIDE as f64 / CELL_PX[CELL_PX.len() - 1]) as u32
}

/// Refuses, before any tour is built, a job whose page would get a pyramid (a
/// catalogue tour, a series' largest board) of a flat board with more squares a side
/// than [`most_squares`], naming its catalogue line: such a tour failed after it was
/// built and drawn ("pyramid level ... outside 1 to 20000").
pub fn check_jobs(jobs: &[Job]) -> Result<(), Error> {
    let most = most_squares();
    for j in jobs.iter().filter(|j| j.pyramid) {
        let sides = j.target.sides();
        let side = sides.iter().copied().max().unwrap_or(0);
        if sides.len() == 2 && side > most {
            return Err(j.place.error(
                "board",
                format!(
                    "the {} board's page tiles its drawing at {} pixels a square, at most {MAX_SIDE} pixels a side, so a catalogue tour (or a series' largest board) may have at most {most} squares a side",
                    j.target.board_name(),
                    CELL_PX[CELL_PX.len() - 1]
                ),
            ));
        }
    }
    Ok(())
}

/// Palette colours of a tile: the flat colours of a drawing without squares and a few
/// edge shades.
const COLOURS: usize = 32;

/// A tour's pyramid, as the build wrote it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Pyramid {
    /// Its folder, relative to the output folder (`tiles/<slug>`).
    pub dir: String,
    /// Its levels, smallest first; level `i`'s tiles are in `<dir>/<i>/`.
    pub levels: Vec<Level>,
    /// Every tile file, relative to the output folder.
    pub files: Vec<String>,
}

impl Pyramid {
    /// The levels as the page's viewer reads them: `WxH` each, space separated.
    pub fn levels_attr(&self) -> String {
        let l: Vec<String> = self
            .levels
            .iter()
            .map(|l| format!("{}x{}", l.width, l.height))
            .collect();
        l.join(" ")
    }

    /// A tile's side in pixels.
    pub fn tile(&self) -> u32 {
        TILE
    }
}

/// The full-detail drawing of `tour` (every leap, turn and crossing, no squares) in
/// the frame of `page` (the page's drawing: the same coordinates margin, so the tiles
/// lie exactly over it).
pub fn full_detail(
    tour: &Verified,
    m: &Metrics,
    theme: &Theme,
    page: &Drawing,
) -> Result<Drawing, Error> {
    let show = Show::defaults()
        .with(Layer::Turns)
        .with(Layer::Crossings)
        .with(Layer::Ends)
        .without(Layer::Squares)
        .set(Layer::Coords, page.layers().has(Layer::Coords));
    let opts = Options {
        theme: theme.clone(),
        show,
        style: Style::Detail,
        ..Default::default()
    };
    Drawing::new(tour, m, &opts)
}

/// Writes the pyramid of `tour` into `out` when its full-detail SVG is heavier than
/// [`SVG_ABOVE`]; `None` when the page's SVG is enough.
pub fn write(
    tour: &Verified,
    m: &Metrics,
    theme: &Theme,
    page: &Drawing,
    slug: &str,
    out: &Path,
) -> Result<Option<Pyramid>, Error> {
    let full = full_detail(tour, m, theme, page)?;
    if full.svg().len() <= SVG_ABOVE {
        return Ok(None);
    }
    // A level its margins would make larger than a raster may be is left out (a
    // board near [`most_squares`]); boards beyond it are refused by [`check_jobs`].
    let aspect = full.aspect()?;
    let fits = |w: &u32| *w <= MAX_SIDE && (*w as f64 / aspect).round() <= MAX_SIDE as f64;
    let widths = CELL_PX
        .iter()
        .map(|&px| full.width_at(px))
        .collect::<Result<Vec<_>, Error>>()?;
    let widths: Vec<u32> = widths.into_iter().filter(fits).collect();
    if widths.is_empty() {
        return Ok(None);
    }
    let (levels, tiles) = full.pyramid(&widths, COLOURS)?;
    let dir = format!("tiles/{slug}");
    for i in 0..levels.len() {
        let p = out.join(&dir).join(i.to_string());
        std::fs::create_dir_all(&p).map_err(|e| Error::io(&p, e))?;
    }
    let mut files = Vec::with_capacity(tiles.len());
    for t in &tiles {
        let rel = format!("{dir}/{}/{}-{}.png", t.level, t.col, t.row);
        crate::files::write(&out.join(&rel), &t.png)?;
        files.push(rel);
    }
    Ok(Some(Pyramid { dir, levels, files }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::{read_toml, Catalogue};
    use crate::plan::plan;

    fn checked(text: &str) -> Result<(), Error> {
        let mut cat = Catalogue::default();
        read_toml("c.toml", text, &mut cat)?;
        check_jobs(&plan(cat)?.jobs)
    }

    /// Issue 39, case 15: a catalogue 4000x4000 besa tour passed the up-front checks
    /// and failed after it was built ("pyramid level ... outside 1 to 20000"); now
    /// refused with its line before any tour is built, as is a series' largest board.
    /// An unlisted series member gets no pyramid and is not refused.
    #[test]
    fn a_board_too_large_for_its_pyramid_is_refused_up_front() {
        assert_eq!(most_squares(), 2500);
        let e = checked("[[tour]]\nboard = \"4000x4000\"\nalgorithm = \"besa\"\n")
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "c.toml: line 2, field \"board\": the 4000x4000 board's page tiles its drawing at 8 pixels a square, at most 20000 pixels a side, so a catalogue tour (or a series' largest board) may have at most 2500 squares a side"
        );
        checked("[[tour]]\nboard = \"2500x2500\"\nalgorithm = \"besa\"\n").unwrap();
        let series = |to: u32| {
            format!("[[series]]\nslug = \"s\"\ntitle = \"t\"\nalgorithm = \"besa\"\nsizes = {{ from = 2496, to = {to}, step = 2 }}\n")
        };
        checked(&series(2500)).unwrap();
        let e = checked(&series(2502)).unwrap_err().to_string();
        assert!(e.contains("the 2502x2502 board's page"), "{e}");
    }
}
