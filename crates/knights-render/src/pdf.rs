//! PDF output: the SVG document converted to vector PDF by svg2pdf, text kept as text
//! in the bundled font, one point per SVG unit of the page.

use resvg::usvg::Tree;

use knights_core::Error;

/// Converts a drawing's parsed SVG document into PDF bytes.
pub fn pdf(tree: &Tree) -> Result<Vec<u8>, Error> {
    let page = svg2pdf::PageOptions { dpi: 72.0 };
    svg2pdf::to_pdf(tree, svg2pdf::ConversionOptions::default(), page)
        .map_err(|e| Error::internal(format!("PDF conversion failed: {e}")))
}
