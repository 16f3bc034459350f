//! A tiled image pyramid: a drawing too heavy to ship as one SVG (a tile construction's
//! full detail, a turn at almost every cell) rasterized at a few widths and cut into
//! square PNG tiles, so that a page's zoom viewer loads only the tiles it shows.
//!
//! Each tile is rasterized on its own from the drawing's one parsed tree: the level's
//! scale, shifted so that the tile's pixels land on its own small pixmap. The shift is
//! a whole number of pixels, so the tiles laid side by side are the whole raster at
//! that level (but for the anti-aliasing of a few edge pixels, which tiny-skia
//! computes a little differently under a shift), without ever holding it in memory.
//! Tiles are drawn in parallel and encoded like every PNG of this tool (a palette
//! image with its resolution), so the same drawing gives the same bytes.

use rayon::prelude::*;
use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::Tree;
use serde::{Deserialize, Serialize};

use super::raster::{self, MAX_SIDE};
use knights_core::{Error, TooLarge};

/// A tile's side in pixels (the last column and row of a level may be narrower).
pub const TILE: u32 = 256;

/// One level of a pyramid: the whole drawing at `width x height` pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Level {
    /// Pixels across.
    pub width: u32,
    /// Pixels down.
    pub height: u32,
}

impl Level {
    /// The level `width` pixels wide of a drawing of `tree`'s size (the height rounded
    /// as [`raster::pixmap`] rounds it).
    pub fn of(tree: &Tree, width: u32) -> Result<Level, Error> {
        let size = tree.size();
        let scale = width as f32 / size.width();
        let height = (size.height() * scale).round().max(1.0) as u32;
        if width == 0 || width > MAX_SIDE || height > MAX_SIDE {
            return Err(TooLarge::Level {
                width,
                height,
                limit: MAX_SIDE,
            }
            .into());
        }
        Ok(Level { width, height })
    }

    /// Tiles across.
    pub fn cols(&self) -> u32 {
        self.width.div_ceil(TILE)
    }

    /// Tiles down.
    pub fn rows(&self) -> u32 {
        self.height.div_ceil(TILE)
    }

    /// The pixels of tile `(col, row)`: left, top, width, height.
    pub fn rect(&self, col: u32, row: u32) -> [u32; 4] {
        let (x, y) = (col * TILE, row * TILE);
        [x, y, TILE.min(self.width - x), TILE.min(self.height - y)]
    }
}

/// One tile: level `level` (an index into the levels asked for), column `col` from
/// the left and row `row` from the top, as PNG bytes.
pub struct Tile {
    /// Index of its level.
    pub level: usize,
    /// Column, from the left.
    pub col: u32,
    /// Row, from the top.
    pub row: u32,
    /// The PNG file.
    pub png: Vec<u8>,
}

/// Every tile of every level of `levels`, in order of level, row and column, with at
/// most `colours` (2 to 256) palette colours each.
pub fn tiles(tree: &Tree, levels: &[Level], colours: usize) -> Result<Vec<Tile>, Error> {
    let jobs: Vec<(usize, u32, u32)> = levels
        .iter()
        .enumerate()
        .flat_map(|(i, l)| (0..l.rows()).flat_map(move |r| (0..l.cols()).map(move |c| (i, c, r))))
        .collect();
    jobs.into_par_iter()
        .map(|(level, col, row)| {
            let l = levels[level];
            let pixmap = tile_pixmap(tree, l, col, row)?;
            let dpi = l.width as f32 / tree.size().width() * 72.0;
            let png = raster::encode_pixmap(&pixmap, dpi, colours)?;
            Ok(Tile {
                level,
                col,
                row,
                png,
            })
        })
        .collect()
}

/// The pixels of tile `(col, row)` of `level`: the level's raster, shifted.
pub fn tile_pixmap(tree: &Tree, level: Level, col: u32, row: u32) -> Result<Pixmap, Error> {
    let [x, y, w, h] = level.rect(col, row);
    let mut pixmap = Pixmap::new(w, h).ok_or(TooLarge::Pixels {
        what: "tile",
        width: w,
        height: h,
    })?;
    let scale = level.width as f32 / tree.size().width();
    let at = Transform::from_scale(scale, scale).post_translate(-(x as f32), -(y as f32));
    resvg::render(tree, at, &mut pixmap.as_mut());
    Ok(pixmap)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{font, Resolution};

    /// A drawing with what tours are drawn with: a pattern of squares, anti-aliased
    /// lines and disks, and text.
    const SVG: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="-0.5 -0.5 7 5" width="203" height="145">
<defs><pattern id="sq" width="2" height="2" patternUnits="userSpaceOnUse" x="-0.5" y="-0.5">
<rect width="1" height="1" fill="#e6dccb"/><rect x="1" y="1" width="1" height="1" fill="#e6dccb"/></pattern></defs>
<rect x="-0.5" y="-0.5" width="7" height="5" fill="#f3efe6"/>
<rect x="-0.5" y="-0.5" width="7" height="5" fill="url(#sq)"/>
<path d="M0 0L1 2L3 3L5 2L6 4L4 3L2 4" fill="none" stroke="#0072b2" stroke-width="0.08"/>
<circle cx="3" cy="3" r="0.13" fill="#fff" stroke="#222" stroke-width="0.03"/>
<text x="0" y="4" font-size="0.4" font-family="DejaVu Sans">12</text>
</svg>"##;

    #[test]
    fn the_tiles_of_a_level_are_its_whole_raster_cut_up() {
        let tree = font::tree(SVG).unwrap();
        // Widths smaller than, equal to and not a multiple of a tile.
        for width in [100, TILE, 700, 1000] {
            let level = Level::of(&tree, width).unwrap();
            let full = raster::pixmap(&tree, Resolution::Width(width)).unwrap();
            assert_eq!((full.width(), full.height()), (level.width, level.height));
            let (mut covered, mut equal, mut diff) = (0u64, 0u64, 0u64);
            for row in 0..level.rows() {
                for col in 0..level.cols() {
                    let [x, y, w, h] = level.rect(col, row);
                    let tile = tile_pixmap(&tree, level, col, row).unwrap();
                    assert_eq!((tile.width(), tile.height()), (w, h));
                    covered += (w * h) as u64;
                    for ty in 0..h {
                        for tx in 0..w {
                            let a = tile.pixel(tx, ty).unwrap();
                            let b = full.pixel(x + tx, y + ty).unwrap();
                            equal += (a == b) as u64;
                            diff += [
                                a.red().abs_diff(b.red()),
                                a.green().abs_diff(b.green()),
                                a.blue().abs_diff(b.blue()),
                                a.alpha().abs_diff(b.alpha()),
                            ]
                            .iter()
                            .map(|&d| d as u64)
                            .sum::<u64>();
                        }
                    }
                }
            }
            // All but a few anti-aliased edge pixels are equal, and those nearly.
            assert!(
                equal * 1000 >= covered * 998 && (diff as f64 / covered as f64) < 0.2,
                "level {width}: {equal} of {covered} pixels equal, differences {diff}"
            );
            assert_eq!(covered, (level.width * level.height) as u64);
        }
    }

    #[test]
    fn tiles_are_palette_pngs_of_their_size_in_order() {
        let tree = font::tree(SVG).unwrap();
        let levels = [
            Level::of(&tree, 300).unwrap(),
            Level::of(&tree, 600).unwrap(),
        ];
        let tiles = tiles(&tree, &levels, 256).unwrap();
        let expected: u32 = levels.iter().map(|l| l.cols() * l.rows()).sum();
        assert_eq!(tiles.len() as u32, expected);
        let mut last = None;
        for t in &tiles {
            let key = (t.level, t.row, t.col);
            assert!(last < Some(key), "out of order at {key:?}");
            last = Some(key);
            let info = png::Decoder::new(std::io::Cursor::new(&t.png))
                .read_info()
                .unwrap()
                .info()
                .clone();
            let [_, _, w, h] = levels[t.level].rect(t.col, t.row);
            assert_eq!((info.width, info.height), (w, h));
            assert_eq!(info.color_type, png::ColorType::Indexed);
            assert!(info.pixel_dims.is_some(), "no pHYs");
        }
        // The same drawing gives the same bytes.
        let again = super::tiles(&tree, &levels, 256).unwrap();
        assert!(tiles.iter().zip(&again).all(|(a, b)| a.png == b.png));
        assert!(Level::of(&tree, 0).is_err() && Level::of(&tree, MAX_SIDE + 1).is_err());
    }
}
