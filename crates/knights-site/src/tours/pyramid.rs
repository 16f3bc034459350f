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

use knights_core::metrics::Metrics;
use knights_core::verify::Verified;
use knights_core::Error;
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
    let widths = CELL_PX
        .iter()
        .map(|&px| full.width_at(px))
        .collect::<Result<Vec<_>, Error>>()?;
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
