//! Lines and type too thin to print: at the print size a figure declares (its width
//! in mm, cm, in, pt or pc), a line under 0.25 pt or type under 6 pt. A figure sized
//! in px has no print size: the check says it was skipped.

use super::figure::What;
use super::{Check, Figure, Finding};

/// The thinnest line that prints, in points.
pub const MIN_LINE_PT: f64 = 0.25;
/// The smallest type that reads, in points.
pub const MIN_TYPE_PT: f64 = 6.0;

/// The most a length written to a thousandth of its units reads under what was
/// meant, in those units: a drawing writes a line set at 0.25 pt as 0.022 of a
/// square of 11.3 pt, 0.249 pt.
const ROUNDING: f64 = 0.0005;

/// Lines and type below their print minimum.
pub struct Print;

impl Check for Print {
    fn kind(&self) -> &'static str {
        "print"
    }

    fn check(&self, fig: &Figure) -> Result<Vec<Finding>, String> {
        let Some(pt) = fig.pt_per_px else {
            return Err(
                "the figure declares no print size (its width is not in mm, cm, in, pt or pc): \
                 line widths and type sizes not checked"
                    .to_string(),
            );
        };
        let mut out = Vec::new();
        for item in &fig.items {
            let detail = match &item.what {
                What::Text { size, words }
                    if !words.is_empty() && (size + ROUNDING * item.unit) * pt < MIN_TYPE_PT =>
                {
                    format!("type {:.2} pt, under {MIN_TYPE_PT} pt", size * pt)
                }
                What::Shape(s) => match s.stroke {
                    Some((_, w, _)) if w > 0.0 && (w + ROUNDING * item.unit) * pt < MIN_LINE_PT => {
                        format!("line {:.3} pt, under {MIN_LINE_PT} pt", w * pt)
                    }
                    _ => continue,
                },
                _ => continue,
            };
            out.push(Finding::on(self.kind(), item, detail));
        }
        Ok(out)
    }
}
