//! `model`: a band's tour in three dimensions, as an STL solid to 3-D print or an SVG
//! projection to show.

use std::path::Path;

use knights_core::atomic;
use knights_render::band3d;

use super::args::BuildArgs;
use super::tours::load;
use super::Failure;

/// Builds or reads the tour and writes its model; the extension of `output` says which.
pub(super) fn model(input: &str, args: &BuildArgs, output: &Path) -> Result<(), Failure> {
    let ext = output
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let tour = load(input, args)?;
    let bytes = match ext.as_deref() {
        Some("stl") => band3d::stl(&tour)?,
        Some("svg") => band3d::projection(&tour, "#b03a2e")?.into_bytes(),
        _ => {
            return Err(Failure::Usage(format!(
                "cannot tell the model's format from '{}': use .stl (a solid to print) or .svg (a picture)",
                output.display()
            )))
        }
    };
    Ok(atomic::write_bytes(output, &bytes)?)
}
