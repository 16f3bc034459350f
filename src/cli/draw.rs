//! `render` with --animate, --rule and --frames, and `worksheet`: drawings beyond a
//! single still picture.

use std::path::Path;

use knights_construct as construct;
use knights_core::metrics;
use knights_core::{Board, Error, Verified};
use knights_render::{self as render, Drawing, Resolution, Theme};

use super::args::{AnimateArgs, BuildArgs, Start, StyleArgs};
use super::Failure;

pub(super) fn animate(
    tour: &Verified,
    style: &StyleArgs,
    walk: &AnimateArgs,
    out: Option<&Path>,
) -> Result<(), Failure> {
    let timing = render::steps::Timing::new(walk.speed, walk.repeat.parse()?)?;
    let frames = walk.frames.as_deref();
    let mut opts = style.options()?;
    if style.width.is_none() && style.dpi.is_none() {
        opts.resolution = Resolution::Dpi(render::animate::FRAME_DPI);
    }
    Ok(render::animate::write_files(
        tour, &opts, timing, out, frames,
    )?)
}

/// `render BOARD --animate --rule`: Warnsdorff's rule, decision by decision.
pub(super) fn animate_rule(
    input: &str,
    build: &BuildArgs,
    style: &StyleArgs,
    walk: &AnimateArgs,
    out: Option<&Path>,
) -> Result<(), Failure> {
    let out = match out {
        Some(o) if o.extension().and_then(|e| e.to_str()) == Some("svg") => o,
        _ => {
            return Err(Failure::Usage(
                "--rule writes an animated SVG: give -o PATH.svg".into(),
            ))
        }
    };
    let board: Board = input.parse()?;
    let variant = build.variant.as_deref().unwrap_or("roth");
    let tie = construct::warnsdorff::TieBreak::by_name(variant)
        .ok_or_else(|| Error::invalid(format!("warnsdorff has no tie-break '{variant}'")))?;
    let start = build.start.map_or((0, 0), |Start(x, y)| (x, y));
    let trace = knights_teach::rule_trace::record(&board, start, tie, 5)?;
    let timing = render::steps::Timing::new(walk.speed, walk.repeat.parse()?)?;
    let svg = knights_teach::rule::animated(&trace, &Theme::load(&style.theme)?, timing);
    Ok(knights_core::atomic::write_bytes(out, svg.as_bytes())?)
}

pub(super) fn worksheet(
    tour: &Verified,
    plan: &knights_teach::exercises::Plan,
    per_page: usize,
    out: &Path,
) -> Result<(), Failure> {
    if out.extension().and_then(|e| e.to_str()) != Some("pdf") {
        return Err(Failure::Usage(format!(
            "{}: a worksheet is a PDF: give a path ending in .pdf",
            out.display()
        )));
    }
    let exercises = knights_teach::exercises::make(tour, plan)?;
    let title = format!("Knight's tours on the {} board", tour.board());
    let pages =
        knights_teach::worksheet::pages(&exercises, &Theme::load("teaching")?, per_page, &title);
    Ok(knights_core::atomic::write_bytes(
        out,
        &render::pdf_pages(&pages)?,
    )?)
}

/// Draws `tour` with its metrics.
pub(super) fn draw(tour: &Verified, opts: &render::Options) -> Result<Drawing, Error> {
    Drawing::new(tour, &metrics::measure(tour), opts)
}
