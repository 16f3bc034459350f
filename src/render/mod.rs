//! Drawing tours: a pure function from (tour, metrics, theme) to an SVG document, which
//! resvg rasterizes to PNG and svg2pdf turns into vector PDF.
//!
//! [`render_svg`], [`render_png_bytes`] and [`render_pdf_bytes`] return the document;
//! [`render_file`] picks the format from the file's extension and never leaves a
//! half-written file behind.

pub mod animate;
mod colour;
mod document;
mod font;
mod frame;
mod frames;
pub mod layers;
mod markers;
mod path;
mod pdf;
mod raster;
mod squares;
pub mod steps;
mod text;
pub mod theme;

use std::path::Path;

pub use colour::section as section_colour;
pub use layers::{Layer, Layers};
pub use raster::{Resolution, DEFAULT_DPI};
pub use theme::Theme;

use crate::metrics::Metrics;
use crate::verify::Verified;
use crate::Error;

/// What the command line asks of a drawing.
#[derive(Clone, Debug, Default)]
pub struct RenderOptions {
    /// A built-in theme (`web`, `print`, `teaching`) or the path of a `.toml` theme file.
    pub theme: String,
    /// The layers to show, as a comma list (see [`Layers::parse`]); `None`: the theme's
    /// defaults for the board's size.
    pub show: Option<String>,
    /// PNG width in pixels.
    pub width: Option<u32>,
    /// PNG resolution in dots per inch of the page's size.
    pub dpi: Option<f32>,
}

impl RenderOptions {
    /// The theme, or `web` when none is named.
    fn theme(&self) -> Result<Theme, Error> {
        Theme::load(if self.theme.is_empty() {
            "web"
        } else {
            &self.theme
        })
    }

    fn resolution(&self) -> Result<Resolution, Error> {
        match (self.width, self.dpi) {
            (Some(_), Some(_)) => Err(Error::invalid("give --width or --dpi, not both")),
            (Some(w), None) => Ok(Resolution::Width(w)),
            (None, Some(d)) => Ok(Resolution::Dpi(d)),
            (None, None) => Ok(Resolution::Dpi(DEFAULT_DPI)),
        }
    }
}

/// The layers `opts` shows on `tour` drawn with `theme`.
pub fn layers_for(tour: &Verified, theme: &Theme, show: Option<&str>) -> Result<Layers, Error> {
    let side = tour.board().width().max(tour.board().height());
    let defaults = Layers::defaults(&theme.layers, side);
    match show {
        None => Ok(defaults),
        Some(s) => Layers::parse(s, defaults),
    }
}

/// The drawing as an SVG document with an explicit theme and layers.
pub fn svg_with(
    tour: &Verified,
    metrics: &Metrics,
    theme: &Theme,
    layers: Layers,
) -> Result<String, Error> {
    document::document(tour, metrics, theme, layers)
}

/// The drawing as an SVG document.
pub fn render_svg(
    tour: &Verified,
    metrics: &Metrics,
    opts: &RenderOptions,
) -> Result<String, Error> {
    let theme = opts.theme()?;
    let layers = layers_for(tour, &theme, opts.show.as_deref())?;
    svg_with(tour, metrics, &theme, layers)
}

/// The drawing as PNG bytes (e.g. gallery thumbnails: set `opts.width`).
pub fn render_png_bytes(
    tour: &Verified,
    metrics: &Metrics,
    opts: &RenderOptions,
) -> Result<Vec<u8>, Error> {
    let res = opts.resolution()?;
    raster::png(&render_svg(tour, metrics, opts)?, res)
}

/// The drawing as vector PDF bytes.
pub fn render_pdf_bytes(
    tour: &Verified,
    metrics: &Metrics,
    opts: &RenderOptions,
) -> Result<Vec<u8>, Error> {
    pdf::pdf(&render_svg(tour, metrics, opts)?)
}

/// Converts an SVG document made by [`render_svg`] to PNG.
pub fn svg_to_png(svg: &str, res: Resolution) -> Result<Vec<u8>, Error> {
    raster::png(svg, res)
}

/// Converts an SVG document made by [`render_svg`] to PDF.
pub fn svg_to_pdf(svg: &str) -> Result<Vec<u8>, Error> {
    pdf::pdf(svg)
}

/// Draws the tour into `out`; the format comes from the extension (`svg`, `png`, `pdf`).
/// The file is written to a temporary file beside it and renamed into place.
pub fn render_file(
    tour: &Verified,
    metrics: &Metrics,
    opts: &RenderOptions,
    out: &Path,
) -> Result<(), Error> {
    let ext = out
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let bytes = match ext.as_deref() {
        Some("svg") => render_svg(tour, metrics, opts)?.into_bytes(),
        Some("png") => render_png_bytes(tour, metrics, opts)?,
        Some("pdf") => render_pdf_bytes(tour, metrics, opts)?,
        _ => {
            return Err(Error::invalid(format!(
                "{}: cannot tell the format from the extension: use .svg, .png or .pdf",
                out.display()
            )))
        }
    };
    crate::output::write_bytes(out, &bytes)
}
