//! PNG output: the SVG document rasterized by resvg at a chosen width or resolution.

use resvg::tiny_skia::{Pixmap, Transform};

use resvg::usvg::Tree;

use crate::Error;

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
    let pixmap = pixmap(tree, res)?;
    encode(&pixmap).map_err(|e| Error::internal(format!("PNG encoding failed: {e}")))
}

/// Rasterizes a drawing's parsed SVG document.
pub fn pixmap(tree: &Tree, res: Resolution) -> Result<Pixmap, Error> {
    let size = tree.size();
    let scale = match res {
        Resolution::Width(px) if px > 0 => px as f32 / size.width(),
        Resolution::Dpi(dpi) if dpi > 0.0 && dpi.is_finite() => dpi / 72.0,
        _ => return Err(Error::invalid("--width and --dpi must be positive")),
    };
    let (w, h) = (
        (size.width() * scale).round().max(1.0) as u32,
        (size.height() * scale).round().max(1.0) as u32,
    );
    if w > MAX_SIDE || h > MAX_SIDE {
        return Err(Error::invalid(format!(
            "a {w}x{h} pixel PNG is larger than the {MAX_SIDE} pixels a side this tool writes: \
             ask for a smaller --width or --dpi"
        )));
    }
    let mut pixmap = Pixmap::new(w, h)
        .ok_or_else(|| Error::invalid(format!("cannot allocate a {w}x{h} pixel image")))?;
    resvg::render(
        tree,
        Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}

/// PNG bytes of a pixmap: RGB when it is opaque (drawings always are), else RGBA with
/// the alpha demultiplied; adaptive filters, which make
/// drawings of flat colours about half the size tiny-skia's own encoder makes.
fn encode(pixmap: &Pixmap) -> Result<Vec<u8>, png::EncodingError> {
    let opaque = pixmap.pixels().iter().all(|p| p.alpha() == 255);
    let (colour, data): (png::ColorType, Vec<u8>) = if opaque {
        let rgb = pixmap
            .pixels()
            .iter()
            .flat_map(|p| [p.red(), p.green(), p.blue()]);
        (png::ColorType::Rgb, rgb.collect())
    } else {
        let rgba = pixmap.pixels().iter().flat_map(|p| {
            let c = p.demultiply();
            [c.red(), c.green(), c.blue(), c.alpha()]
        });
        (png::ColorType::Rgba, rgba.collect())
    };
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    enc.set_color(colour);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_compression(png::Compression::Default);
    enc.set_adaptive_filter(png::AdaptiveFilterType::Adaptive);
    let mut w = enc.write_header()?;
    w.write_image_data(&data)?;
    w.finish()?;
    Ok(out)
}
