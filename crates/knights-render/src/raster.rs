//! PNG output: the SVG document rasterized by resvg at a chosen width or resolution.

use rayon::prelude::*;
use resvg::tiny_skia::{Pixmap, PixmapMut, Transform};
use resvg::usvg::Tree;

use knights_core::{BadOption, Error, TooLarge};

/// Resolution used when neither a width nor a resolution is asked for.
pub const DEFAULT_DPI: f32 = 300.0;

/// The largest PNG side this tool writes, in pixels.
pub const MAX_SIDE: u32 = 20_000;

/// How big to make a PNG: a width in pixels, or dots per inch of the page's size in
/// points; neither means [`DEFAULT_DPI`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Resolution {
    /// Pixels across.
    Width(u32),
    /// Dots per inch.
    Dpi(f32),
}

impl Default for Resolution {
    /// [`DEFAULT_DPI`].
    fn default() -> Resolution {
        Resolution::Dpi(DEFAULT_DPI)
    }
}

/// Rasterizes a drawing's parsed SVG document into PNG bytes.
pub fn png(tree: &Tree, res: Resolution) -> Result<Vec<u8>, Error> {
    png_with(tree, res, 256)
}

/// Like [`png`], with at most `colours` (2 to 256) colours in the palette: fewer
/// colours coarsen the anti-aliased edges a little and compress much better, which
/// suits a thumbnail.
pub fn png_with(tree: &Tree, res: Resolution, colours: usize) -> Result<Vec<u8>, Error> {
    let pixmap = pixmap(tree, res)?;
    let dpi = pixmap.width() as f32 / tree.size().width() * 72.0;
    encode_pixmap(&pixmap, dpi, colours)
}

/// A pixmap as PNG bytes at `dpi` with at most `colours` palette colours.
pub fn encode_pixmap(pixmap: &Pixmap, dpi: f32, colours: usize) -> Result<Vec<u8>, Error> {
    encode(pixmap, dpi, colours).map_err(|e| Error::internal(format!("PNG encoding failed: {e}")))
}

/// Rasterizes a drawing's parsed SVG document.
pub fn pixmap(tree: &Tree, res: Resolution) -> Result<Pixmap, Error> {
    let size = tree.size();
    let scale = match res {
        Resolution::Width(px) if px > 0 => px as f32 / size.width(),
        Resolution::Dpi(dpi) if dpi > 0.0 && dpi.is_finite() => dpi / 72.0,
        _ => return Err(BadOption::Resolution.into()),
    };
    let (w, h) = (
        (size.width() * scale).round().max(1.0) as u32,
        (size.height() * scale).round().max(1.0) as u32,
    );
    if w > MAX_SIDE || h > MAX_SIDE {
        return Err(TooLarge::Image {
            format: "PNG",
            width: w,
            height: h,
            limit: MAX_SIDE,
        }
        .into());
    }
    let mut pixmap = Pixmap::new(w, h).ok_or(TooLarge::Pixels {
        what: "image",
        width: w,
        height: h,
    })?;
    let at = Transform::from_scale(scale, scale);
    let stride = w as usize * 4;
    pixmap
        .data_mut()
        .par_chunks_mut(stride * BAND as usize)
        .enumerate()
        .for_each(|(i, rows)| band(tree, at, i as u32 * BAND, rows, w));
    Ok(pixmap)
}

/// Rows of a band: [`pixmap`] draws its picture in bands of this many rows, in
/// parallel, and a pyramid's level is drawn in the same bands (see [`crate::tiles`]).
pub const BAND: u32 = 512;

/// Draws the rows from `top` down of the picture that `tree` through `at` makes, into
/// `rows` (the RGBA bytes of whole rows `width` pixels wide): the whole tree shifted
/// up by `top` pixels. A band's anti-aliased edges may differ by a little from those
/// of the picture drawn in one piece (the shift changes the last bits of the
/// coordinates), so every picture is drawn in bands of [`BAND`] rows: the same bands
/// whatever the number of threads, and so the same pixels.
pub fn band(tree: &Tree, at: Transform, top: u32, rows: &mut [u8], width: u32) {
    let height = (rows.len() / (width as usize * 4)) as u32;
    let mut pixmap = PixmapMut::from_bytes(rows, width, height).expect("whole rows of pixels");
    resvg::render(tree, at.post_translate(0.0, -(top as f32)), &mut pixmap);
}

/// PNG bytes of a pixmap at `dpi` dots per inch: an 8-bit palette image (see
/// [`super::palette`]) with its resolution in a `pHYs` chunk, so that print software
/// sizes it as the page it was drawn for. Palette images compress best unfiltered.
/// The colours are counted and mapped, and the rows compressed, in parallel (see
/// [`super::zlib`]).
fn encode(pixmap: &Pixmap, dpi: f32, colours: usize) -> Result<Vec<u8>, png::EncodingError> {
    let pixels: Vec<[u8; 4]> = pixmap
        .pixels()
        .par_iter()
        .map(|p| {
            let c = p.demultiply();
            [c.red(), c.green(), c.blue(), c.alpha()]
        })
        .collect();
    let q = super::palette::quantize(&pixels, colours);
    drop(pixels);
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    enc.set_color(png::ColorType::Indexed);
    let depth = depth(q.palette.len());
    enc.set_depth(match depth {
        1 => png::BitDepth::One,
        2 => png::BitDepth::Two,
        4 => png::BitDepth::Four,
        _ => png::BitDepth::Eight,
    });
    enc.set_palette(q.rgb());
    if let Some(a) = q.alpha() {
        enc.set_trns(a);
    }
    let per_metre = (dpi as f64 / 0.0254).round() as u32;
    enc.set_pixel_dims(Some(png::PixelDimensions {
        xppu: per_metre,
        yppu: per_metre,
        unit: png::Unit::Meter,
    }));
    let mut w = enc.write_header()?;
    // Each row after its filter byte, 0: none.
    let width = pixmap.width() as usize;
    let per_row = (width * depth as usize).div_ceil(8);
    let mut rows = vec![0; (per_row + 1) * pixmap.height() as usize];
    rows.par_chunks_mut(per_row + 1)
        .zip(q.indices.par_chunks(width))
        .for_each(|(out, row)| pack(row, depth, &mut out[1..]));
    let data = super::zlib::compress(&rows, LEVEL);
    for chunk in data.chunks(IDAT) {
        w.write_chunk(png::chunk::IDAT, chunk)?;
    }
    w.finish().map(|_| out)
}

/// Bits a pixel of a palette of `colours` colours: 1, 2, 4 or 8. A thumbnail of 16
/// colours packs two pixels a byte, which halves what is compressed and the file.
fn depth(colours: usize) -> u8 {
    match colours {
        0..=2 => 1,
        3..=4 => 2,
        5..=16 => 4,
        _ => 8,
    }
}

/// Palette indices of one row packed `depth` bits a pixel into `out`, the leftmost
/// pixel in the high bits (PNG's order).
fn pack(indices: &[u8], depth: u8, out: &mut [u8]) {
    if depth == 8 {
        out.copy_from_slice(indices);
        return;
    }
    let per_byte = (8 / depth) as usize;
    for (byte, pixels) in out.iter_mut().zip(indices.chunks(per_byte)) {
        *byte = pixels
            .iter()
            .enumerate()
            .fold(0, |b, (k, &i)| b | i << (8 - depth as usize * (k + 1)));
    }
}

/// The deflate level of a PNG's rows: zlib's default. Measured on the shipped
/// gallery's cold build (its PNGs: downloads, thumbnails, tiles, plots): level 9 took
/// 21.1 s of CPU and 11.51 MB of PNG, level 6 18.4 s and 11.83 MB, level 4 17.0 s and
/// 12.44 MB, level 1 16.7 s and 16.60 MB. Level 6 saves an eighth of the build for 3%
/// more bytes; below it the bytes grow faster than the time falls.
const LEVEL: u32 = 6;

/// Bytes of an `IDAT` chunk at most.
const IDAT: usize = 1 << 24;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::tour;
    use crate::{Drawing, Options};
    use knights_core::metrics::measure;

    /// The 40x40 fixture's drawing at 150 dpi: 1370 rows, three bands.
    fn picture(threads: usize) -> Pixmap {
        let t = tour("40x40.json");
        let d = Drawing::new(&t, &measure(&t), &Options::default()).unwrap();
        let tree = crate::font::tree(d.svg()).unwrap();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| pixmap(&tree, Resolution::Dpi(150.0)).unwrap())
    }

    #[test]
    fn the_bands_drawn_in_parallel_are_the_bands_drawn_one_by_one() {
        let serial = picture(1);
        assert!(serial.height() > 2 * BAND, "{} rows", serial.height());
        for threads in [2, 3, 8] {
            assert!(
                picture(threads).data() == serial.data(),
                "{threads} threads"
            );
        }
        // The bands are the picture drawn in one piece, but for a few anti-aliased
        // edge pixels.
        let t = tour("40x40.json");
        let d = Drawing::new(&t, &measure(&t), &Options::default()).unwrap();
        let tree = crate::font::tree(d.svg()).unwrap();
        let mut whole = Pixmap::new(serial.width(), serial.height()).unwrap();
        let scale = 150.0 / 72.0;
        resvg::render(
            &tree,
            Transform::from_scale(scale, scale),
            &mut whole.as_mut(),
        );
        let pairs = || whole.data().iter().zip(serial.data());
        let differ = pairs().filter(|(a, b)| a != b).count();
        let most = pairs().map(|(a, b)| a.abs_diff(*b)).max().unwrap();
        assert!(
            differ * 200 < whole.data().len() && most < 64,
            "{differ} bytes, {most}"
        );
    }

    /// PNG bytes decoded to RGBA, and the file's bit depth.
    fn decode(bytes: &[u8]) -> (Vec<u8>, png::BitDepth) {
        let mut d = png::Decoder::new(std::io::Cursor::new(bytes));
        d.set_transformations(png::Transformations::EXPAND | png::Transformations::ALPHA);
        let mut r = d.read_info().unwrap();
        let depth = r.info().bit_depth;
        let mut buf = vec![0; r.output_buffer_size()];
        let n = r.next_frame(&mut buf).unwrap().buffer_size();
        buf.truncate(n);
        (buf, depth)
    }

    #[test]
    fn a_few_colours_are_packed_and_decode_to_the_picture() {
        // Widths that fill no whole byte at 1, 2 and 4 bits; 2 to 200 colours, one
        // of them transparent.
        for colours in [2, 3, 4, 5, 16, 17, 200] {
            for width in [1u32, 7, 13, 300] {
                let height = 5;
                let mut p = Pixmap::new(width, height).unwrap();
                for (k, px) in p.pixels_mut().iter_mut().enumerate() {
                    let c = (k * 7 % colours) as u8;
                    let a = if c == 0 { 0 } else { 255 };
                    *px = resvg::tiny_skia::ColorU8::from_rgba(c, 255 - c, c / 2, a).premultiply();
                }
                let (rgba, got) = decode(&encode_pixmap(&p, 96.0, 256).unwrap());
                let want: Vec<u8> = p
                    .pixels()
                    .iter()
                    .flat_map(|px| {
                        let c = px.demultiply();
                        [c.red(), c.green(), c.blue(), c.alpha()]
                    })
                    .collect();
                assert!(rgba == want, "{colours} colours, {width} wide");
                let bits = match got {
                    png::BitDepth::One => 1,
                    png::BitDepth::Two => 2,
                    png::BitDepth::Four => 4,
                    _ => 8,
                };
                // The colours drawn: all, or one a pixel.
                let drawn = colours.min((width * height) as usize);
                let fewest = [1, 2, 4, 8].into_iter().find(|b| drawn <= 1 << b);
                assert_eq!(Some(bits), fewest, "{colours} colours, {width} wide");
            }
        }
    }
}
