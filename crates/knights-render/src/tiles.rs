//! A tiled image pyramid: a drawing too heavy to ship as one SVG (a tile construction's
//! full detail, a turn at almost every cell) rasterized at a few widths and cut into
//! square PNG tiles, so that a page's zoom viewer loads only the tiles it shows.
//!
//! A level is drawn in the bands that [`raster::pixmap`] draws a picture in ([`BAND`]
//! rows, a whole number of tiles), in parallel, each band from the drawing's one
//! parsed tree and cut into its tiles: the tree is drawn a few times a level instead of
//! once a tile, and the tiles laid side by side are exactly the picture of the level
//! that [`raster::pixmap`] draws, without ever holding it in memory. Tiles are encoded
//! like every PNG of this tool (a palette image with its resolution), so the same
//! drawing gives the same bytes.

use rayon::prelude::*;
use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::Tree;
use serde::{Deserialize, Serialize};

use super::raster::{self, BAND, MAX_SIDE};
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
    let bands: Vec<(usize, u32)> = levels
        .iter()
        .enumerate()
        .flat_map(|(i, l)| (0..l.height.div_ceil(BAND)).map(move |b| (i, b * BAND)))
        .collect();
    let per_band = bands
        .into_par_iter()
        .map(|(level, top)| band_tiles(tree, levels[level], level, top, colours))
        .collect::<Result<Vec<_>, Error>>()?;
    Ok(per_band.into_iter().flatten().collect())
}

/// The tiles of the band of `level` (the `index`th level) from row `top` down, in
/// order of row and column.
fn band_tiles(
    tree: &Tree,
    level: Level,
    index: usize,
    top: u32,
    colours: usize,
) -> Result<Vec<Tile>, Error> {
    let band = band_pixmap(tree, level, top)?;
    let dpi = level.width as f32 / tree.size().width() * 72.0;
    let rows = top / TILE..(top + band.height()).div_ceil(TILE);
    let tiles: Vec<(u32, u32)> = rows
        .flat_map(|r| (0..level.cols()).map(move |c| (c, r)))
        .collect();
    tiles
        .into_par_iter()
        .map(|(col, row)| {
            let pixmap = cut(&band, level, top, col, row)?;
            Ok(Tile {
                level: index,
                col,
                row,
                png: raster::encode_pixmap(&pixmap, dpi, colours)?,
            })
        })
        .collect()
}

/// The band of `level` from row `top` down: [`BAND`] rows, or what is left.
fn band_pixmap(tree: &Tree, level: Level, top: u32) -> Result<Pixmap, Error> {
    let h = BAND.min(level.height - top);
    let mut band = Pixmap::new(level.width, h).ok_or(TooLarge::Pixels {
        what: "tile",
        width: level.width,
        height: h,
    })?;
    let scale = level.width as f32 / tree.size().width();
    let at = Transform::from_scale(scale, scale);
    raster::band(tree, at, top, band.data_mut(), level.width);
    Ok(band)
}

/// Tile `(col, row)` of `level`, cut from `band`, the level's rows from `top` down.
fn cut(band: &Pixmap, level: Level, top: u32, col: u32, row: u32) -> Result<Pixmap, Error> {
    let [x, y, w, h] = level.rect(col, row);
    let mut tile = Pixmap::new(w, h).ok_or(TooLarge::Pixels {
        what: "tile",
        width: w,
        height: h,
    })?;
    let (from, to) = (band.width() as usize * 4, w as usize * 4);
    for (k, dst) in tile.data_mut().chunks_mut(to).enumerate() {
        let start = (y - top) as usize * from + k * from + x as usize * 4;
        dst.copy_from_slice(&band.data()[start..start + to]);
    }
    Ok(tile)
}

/// The pixels of tile `(col, row)` of `level`, cut from its band.
pub fn tile_pixmap(tree: &Tree, level: Level, col: u32, row: u32) -> Result<Pixmap, Error> {
    let top = row * TILE / BAND * BAND;
    cut(&band_pixmap(tree, level, top)?, level, top, col, row)
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
        // Widths smaller than, equal to and not a multiple of a tile; the last two
        // levels are more than a band high.
        for width in [100, TILE, 700, 1000, 2100] {
            let level = Level::of(&tree, width).unwrap();
            let full = raster::pixmap(&tree, Resolution::Width(width)).unwrap();
            assert_eq!((full.width(), full.height()), (level.width, level.height));
            let mut covered = 0u64;
            for row in 0..level.rows() {
                for col in 0..level.cols() {
                    let [x, y, w, h] = level.rect(col, row);
                    let tile = tile_pixmap(&tree, level, col, row).unwrap();
                    assert_eq!((tile.width(), tile.height()), (w, h));
                    covered += (w * h) as u64;
                    for ty in 0..h {
                        for tx in 0..w {
                            assert_eq!(
                                tile.pixel(tx, ty),
                                full.pixel(x + tx, y + ty),
                                "level {width}, pixel {} {}",
                                x + tx,
                                y + ty
                            );
                        }
                    }
                }
            }
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
