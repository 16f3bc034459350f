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
        ..usvg::Options::default()
    };
    usvg::Tree::from_str(&crate::xml::xml_safe_str(svg), &opts)
        .map_err(|e| Error::internal(format!("the drawing is not valid SVG: {e}")))
}
