//! The bundled font. PNG and PDF output only ever see DejaVu Sans, loaded from the
//! crate's own bytes (never the system's fonts), so the same drawing comes out on every
//! machine. Its licence is `assets/fonts/LICENSE-DejaVu.txt`.

use std::sync::{Arc, OnceLock};

use resvg::usvg;
use resvg::usvg::fontdb::Database;

use knights_core::Error;

/// DejaVu Sans 2.37.
pub static DEJAVU_SANS: &[u8] = include_bytes!("../assets/fonts/DejaVuSans.ttf");

/// A font database holding only the bundled font, which also stands in for the
/// generic families.
pub fn database() -> Arc<Database> {
    static DB: OnceLock<Arc<Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = Database::new();
        db.load_font_data(DEJAVU_SANS.to_vec());
        db.set_sans_serif_family("DejaVu Sans");
        db.set_serif_family("DejaVu Sans");
        db.set_monospace_family("DejaVu Sans");
        Arc::new(db)
    })
    .clone()
}

/// Parses an SVG document (one this module's renderer made) with the bundled font; a
/// character XML forbids in its text is shown as its control picture first.
pub fn tree(svg: &str) -> Result<usvg::Tree, Error> {
    let opts = usvg::Options {
        font_family: "DejaVu Sans".into(),
        fontdb: database(),
        // A user unit is a point (as `width` and `height` without a unit are), so a
        // size on paper in mm or in reads as the points the PDF and PNG are made in.
        dpi: 72.0,
        ..usvg::Options::default()
    };
    usvg::Tree::from_str(&crate::xml::xml_safe_str(svg), &opts)
        .map_err(|e| Error::internal(format!("the drawing is not valid SVG: {e}")))
}

/// The width, in points, of `text` set in the bundled font at `size` points, as the
/// drawings lay it out (usvg shapes it with the font's own advances and kerning): what
/// a page measures before it places a line, so that no guess per character decides
/// where text ends. Measured from the font's table of advances and kerning (`widths`),
/// which gives usvg's very width; a character outside the table is measured by usvg
/// itself, or, in the browser's module, which carries no font, as the font's
/// missing-glyph box (no drawing the browser makes sets one).
pub fn text_width(text: &str, size: f64) -> f64 {
    match crate::widths::width(text, size) {
        Some(w) => w,
        None => outside_the_table(text, size),
    }
}

#[cfg(not(target_family = "wasm"))]
fn outside_the_table(text: &str, size: f64) -> f64 {
    shaped_width(text, size)
}

#[cfg(target_family = "wasm")]
fn outside_the_table(text: &str, size: f64) -> f64 {
    crate::widths::width_or_missing(text, size)
}

/// The width of `text` as usvg lays it out in the bundled font: a document of that one
/// line parsed, its text shaped, and its bounding box's width.
#[cfg_attr(target_family = "wasm", allow(dead_code))]
pub(crate) fn shaped_width(text: &str, size: f64) -> f64 {
    let escaped = text
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    let svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">\
         <text x=\"0\" y=\"0\" font-size=\"{size}\" font-family=\"DejaVu Sans\" \
         xml:space=\"preserve\">{escaped}</text></svg>"
    );
    match tree(&svg) {
        Ok(t) => {
            let text = t.root().children().iter().find_map(|n| match n {
                usvg::Node::Text(t) => Some(t.bounding_box().width() as f64),
                _ => None,
            });
            text.unwrap_or(0.0)
        }
        Err(_) => 0.0,
    }
}

/// `text` cut at spaces into lines no wider than `width` points at `size` points in
/// the bundled font (a word wider than that alone on its line).
pub fn wrap(text: &str, size: f64, width: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(l) if text_width(&format!("{l} {word}"), size) <= width => {
                l.push(' ');
                l.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::{text_width, wrap};

    /// Lines break at spaces where the measured width runs out: capitals, wider,
    /// break sooner than small letters.
    #[test]
    fn wraps_to_a_measured_width() {
        let w = text_width("mmmm mmmm", 10.0) + 0.1;
        assert_eq!(wrap("mmmm mmmm mmmm", 10.0, w), ["mmmm mmmm", "mmmm"]);
        assert_eq!(wrap("iiii iiii iiii", 10.0, w), ["iiii iiii iiii"]);
        assert_eq!(wrap("", 10.0, w), Vec::<String>::new());
    }

    /// Widths come from the font: proportional (an "i" is narrower than an "m"), in
    /// proportion to the size, and DejaVu Sans's "m" is 0.974 em wide.
    #[test]
    fn text_is_measured_with_the_font() {
        let m = text_width("mmmm", 10.0);
        assert!((m - 38.96).abs() < 0.5, "{m}");
        assert!(text_width("iiii", 10.0) < m / 2.0);
        assert!((text_width("mmmm", 20.0) - 2.0 * m).abs() < 0.5);
        assert_eq!(text_width("", 10.0), 0.0);
        assert!(text_width("a < b & c", 10.0) > text_width("a b c", 10.0));
    }
}
