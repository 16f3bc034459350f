//! Captions too small beside the page they are read on: the captions over a large
//! board's insets (text of class [`INSET_CAPTION`]) on a figure for the screen under
//! the page's body type, [`crate::figure::CAPTION_PX`] (at 8 px they read small next
//! to the text around the figure). At a declared print size their least is print's
//! smallest type, which the print check holds for all text.

use super::figure::What;
use super::{Check, Figure, Finding};
use crate::figure::CAPTION_PX;

/// The class of an inset's caption.
pub const INSET_CAPTION: &str = "inset-caption";

/// Inset captions under the body type, on screen.
pub struct Caption;

impl Check for Caption {
    fn kind(&self) -> &'static str {
        "caption"
    }

    fn check(&self, fig: &Figure) -> Result<Vec<Finding>, String> {
        if fig.pt_per_px.is_some() {
            return Err(
                "the figure declares a print size: its captions are held to print's \
                 smallest type (the print check)"
                    .to_string(),
            );
        }
        let mut out = Vec::new();
        for item in &fig.items {
            let What::Text { size, words } = &item.what else {
                continue;
            };
            let caption = item.name.starts_with(&format!("{INSET_CAPTION} "));
            if caption && !words.is_empty() && *size < CAPTION_PX - 1e-6 {
                let detail = format!("caption {size:.2} px, under the body type {CAPTION_PX} px");
                out.push(Finding::on(self.kind(), item, detail));
            }
        }
        Ok(out)
    }
}
