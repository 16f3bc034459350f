//! PNG output: the SVG document rasterized by resvg at a chosen width or resolution.

use resvg::tiny_skia::{Pixmap, Transform};

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
    resvg::render(
        tree,
        Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}

/// PNG bytes of a pixmap at `dpi` dots per inch: an 8-bit palette image (see
/// [`super::palette`]) with its resolution in a `pHYs` chunk, so that print software
/// sizes it as the page it was drawn for. Palette images compress best unfiltered.
fn encode(pixmap: &Pixmap, dpi: f32, colours: usize) -> Result<Vec<u8>, png::EncodingError> {
    let pixels: Vec<[u8; 4]> = pixmap
        .pixels()
        .iter()
        .map(|p| {
            let c = p.demultiply();
            [c.red(), c.green(), c.blue(), c.alpha()]
        })
        .collect();
    let q = super::palette::quantize(&pixels, colours);
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    enc.set_color(png::ColorType::Indexed);
    enc.set_depth(png::BitDepth::Eight);
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
    enc.set_compression(png::Compression::Best);
    enc.set_filter(png::FilterType::NoFilter);
    enc.set_adaptive_filter(png::AdaptiveFilterType::NonAdaptive);
    let mut w = enc.write_header()?;
    w.write_image_data(&q.indices)?;
    w.finish()?;
    Ok(out)
}
