//! `tour`, `verify`, `metrics` and `render` on boards of three or more sides
//! (`WxHxD`, `WxHxDxE`, ...): built with the constructions of `knights_core::space`, written
//! as JSON, proved, measured and drawn as levels side by side.

use std::path::Path;

use knights_construct::space::{self as build, SpaceRequest};
use knights_core::atomic::write_with;
use knights_core::format;
use knights_core::space::metrics::{self, SpaceMetrics, CROSSINGS_NOTE};
use knights_core::space::{Space, VerifiedSpaceTour};
use knights_core::{Error, Leaper};
use knights_render as render;

use super::args::{BuildArgs, OutFormat, StyleArgs};
use super::draw::write_drawing;
use super::Failure;

/// Builds and verifies a tour of `space` as the build options say; the options that
/// only 2-D boards take are refused by name.
pub(super) fn construct(space: Space, args: &BuildArgs) -> Result<VerifiedSpaceTour, Failure> {
    if args.start.is_some() {
        return Err(Failure::Usage(format!(
            "--start takes a square X,Y of a 2-D board; tours of the {space} board start at its corner"
        )));
    }
    if args.topology.is_some_and(|t| t.wraps()) {
        return Err(Failure::Usage(format!(
            "--topology glues the sides of a 2-D board; the {space} board has {} sides",
            space.dims()
        )));
    }
    Ok(build::build(&request(space, args)?, args.algo.name())?)
}

/// What the options ask to build on `space`.
pub(super) fn request(space: Space, args: &BuildArgs) -> Result<SpaceRequest, Error> {
    if let Some(flag) = [
        (args.magic.is_some(), "--magic"),
        (args.symmetry.is_some(), "--symmetry"),
    ]
    .into_iter()
    .find_map(|(given, flag)| given.then_some(flag))
    {
        return Err(Error::invalid(format!(
            "{flag} takes boards of two sides; the {space} board has {}",
            space.dims()
        )));
    }
    let space = match args.leaper {
        Some(l) if l != Leaper::KNIGHT => Space::with_leaper(space.sides(), l)?,
        _ => space,
    };
    Ok(SpaceRequest {
        space,
        open: args.open,
        variant: args.variant.clone(),
        seed: args.seed,
    })
}

/// `knights tour WxHxD`: JSON, or a drawing of the levels.
pub(super) fn tour(
    space: Space,
    args: &BuildArgs,
    fmt: OutFormat,
    output: Option<&Path>,
) -> Result<(), Failure> {
    if fmt == OutFormat::Grid {
        return Err(Failure::Usage(format!(
            "the numbered grid has one number per square of a 2-D board; write the {space} board's tour with --format json"
        )));
    }
    let tour = construct(space, args)?;
    if fmt == OutFormat::Json {
        write_with(output.unwrap_or(Path::new("-")), |out| {
            format::write_space(&tour, &mut &mut *out)
        })?;
        return Ok(());
    }
    let drawing = draw(&tour, &render::Options::default())?;
    match output.filter(|p| *p != Path::new("-")) {
        Some(path) => write_drawing(&drawing, path)?,
        None => write_with(Path::new("-"), |out| {
            out.write_all(drawing.svg().as_bytes())
        })?,
    }
    Ok(())
}

/// Draws the tour's levels with its metrics.
pub(super) fn draw(
    tour: &VerifiedSpaceTour,
    opts: &render::Options,
) -> Result<render::Drawing, Error> {
    render::levels::drawing(tour, &metrics::measure(tour), opts)
}

/// `knights render` of a board or file of three or more sides.
pub(super) fn render(
    tour: &VerifiedSpaceTour,
    style: &StyleArgs,
    animated: bool,
    output: Option<&Path>,
) -> Result<(), Failure> {
    if animated {
        return Err(Failure::Usage(format!(
            "--animate, --rule and --frames draw tours of 2-D boards; the {} board is drawn as its levels side by side without them",
            tour.space()
        )));
    }
    if style.region.is_some() {
        return Err(Failure::Usage(
            "--region shows part of a 2-D board; a board of three or more sides is drawn whole"
                .into(),
        ));
    }
    let out = output.ok_or_else(|| Failure::Usage("give the drawing's path with -o".into()))?;
    Ok(write_drawing(&draw(tour, &style.options()?)?, out)?)
}

/// What `knights metrics --json` prints for these boards.
#[derive(serde::Serialize)]
struct Report<'a> {
    board: String,
    sides: &'a [u32],
    algorithm: &'a str,
    #[serde(flatten)]
    metrics: &'a SpaceMetrics,
    crossings_note: &'static str,
}

pub(super) fn print_metrics(tour: &VerifiedSpaceTour, json: bool) -> Result<(), Failure> {
    let m = metrics::measure(tour);
    let s = tour.space();
    if json {
        let report = Report {
            board: s.to_string(),
            sides: s.sides(),
            algorithm: tour.algorithm(),
            metrics: &m,
            crossings_note: CROSSINGS_NOTE,
        };
        println!(
            "{}",
            serde_json::to_string_pretty(&report).expect("metrics serialize")
        );
        return Ok(());
    }
    let board = format!("{s} ({} sides, {} levels)", s.dims(), m.levels);
    super::report::head(&board, tour.algorithm(), m.cells, m.closed, m.turns);
    println!("crossings   {} (inside levels)", m.crossings);
    println!("            {CROSSINGS_NOTE}");
    println!(
        "levels      {} moves between levels, {} inside levels",
        m.moves_between_levels, m.moves_in_levels
    );
    Ok(())
}

/// Whether `s` is written as a board of three or more sides (`WxHxD`, digits around
/// every `x`; a `-` before a side counts: it is a bad board, not a file name).
pub(super) fn looks_like_space(s: &str) -> bool {
    let parts: Vec<&str> = s.split(['x', 'X']).collect();
    parts.len() >= 3
        && parts.iter().all(|t| {
            let t = t.strip_prefix('-').unwrap_or(t);
            !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_of_more_sides_are_told_from_files() {
        assert!(looks_like_space("20x16x6"));
        assert!(looks_like_space("4x4x4x4"));
        assert!(looks_like_space("4x-4x4"));
        assert!(!looks_like_space("8x8"));
        assert!(!looks_like_space("4x4x4.json"));
        assert!(!looks_like_space("xx"));
    }
}
