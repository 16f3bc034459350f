//! `knights render --check`: the audit of the figure just written (knights-render's
//! `audit`), its findings printed one a line on standard output. The SVG written is
//! read back; a PNG or PDF is audited through the SVG document it was made from.
//! Findings make the command fail (exit 1) after the figure is written, as a linter
//! does, so that a script can tell a clean figure from one to look at.

use std::path::Path;

use knights_core::Error;

use super::args::{AnimateArgs, BuildArgs, StyleArgs};
use super::draw::draw;
use super::tours::load_document;
use super::Failure;

/// Audits the figure `render` wrote to `output` from `input` and prints its findings.
pub(super) fn figure(
    input: &str,
    output: Option<&Path>,
    build: &BuildArgs,
    style: &StyleArgs,
    walk: &AnimateArgs,
) -> Result<(), Failure> {
    let svg = svg_of(input, output, build, style, walk)?;
    let report = knights_render::audit(&svg)?;
    for f in &report.findings {
        println!("{f}");
    }
    for s in &report.skipped {
        println!("skipped: {s}");
    }
    match report.findings.len() {
        0 => Ok(()),
        n => Err(Error::invalid(format!(
            "the figure has {n} finding{} (listed above)",
            if n == 1 { "" } else { "s" }
        ))
        .into()),
    }
}

/// The SVG document of the figure: the file written when it is one, else the still
/// drawing's document.
fn svg_of(
    input: &str,
    output: Option<&Path>,
    build: &BuildArgs,
    style: &StyleArgs,
    walk: &AnimateArgs,
) -> Result<String, Failure> {
    match output {
        Some(out) if out.extension().is_some_and(|e| e == "svg") => {
            Ok(std::fs::read_to_string(out).map_err(|e| Error::io(out, e))?)
        }
        Some(_) if !walk.animate && walk.frames.is_none() && !walk.rule => {
            let tour = load_document(input, build)?;
            Ok(draw(&tour, &style.options()?)?.svg().to_string())
        }
        _ => Err(Failure::Usage(
            "--check audits an SVG, or a still drawing's PNG or PDF: not a GIF or frames".into(),
        )),
    }
}
