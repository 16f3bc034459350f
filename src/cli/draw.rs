//! `render` with --animate, --rule and --frames, and `worksheet`: drawings beyond a
//! single still picture; and the still drawing every command makes (of a board of
//! three or more sides, its levels).

use std::path::Path;

use knights_construct as construct;
use knights_core::{atomic, metrics};
use knights_core::{Board, Error, Named, Unknown, Verified};
use knights_render::frames;
use knights_render::Walkthrough;
use knights_render::{self as render, Drawing, Format, Resolution, Theme};
use knights_render::{Timing, MAX_STEPS};

use super::args::{AnimateArgs, BuildArgs, Start, StyleArgs};
use super::progress::{Busy, Progress};
use super::Failure;

pub(super) fn animate(
    tour: &Verified,
    style: &StyleArgs,
    walk: &AnimateArgs,
    out: Option<&Path>,
) -> Result<(), Failure> {
    let timing = Timing::new(walk.speed, walk.repeat)?;
    let frames = walk.frames.as_deref();
    let mut opts = style.options()?;
    let chosen = style.width.is_some() || style.dpi.is_some();
    if !chosen {
        opts.resolution = Resolution::Dpi(render::FRAME_DPI);
    }
    if let Some(dir) = frames {
        // The folder is made first, so that a path taken by a file is refused before
        // the animation is written.
        frames_folder(dir)?;
    }
    let walk = Walkthrough::new(tour, &opts.theme, opts.layers(tour.board()), MAX_STEPS);
    let svg_only = frames.is_none()
        && out.is_some_and(|o| o.extension().is_some_and(|e| e.eq_ignore_ascii_case("svg")));
    if !svg_only {
        frames::check_cost(&walk, tour.board())?;
    }
    if let Some(out) = out {
        let gif = out
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("gif"));
        let res = match gif && !chosen {
            true => frames::gif_default_resolution(&walk),
            false => opts.resolution,
        };
        write_animation(&walk, res, timing, out)?;
    }
    if let Some(dir) = frames {
        write_frames(&walk, opts.resolution, dir)?;
    }
    Ok(())
}

/// Writes the walk-through to `out`: an animated SVG for `.svg`, an animated GIF for
/// `.gif`, through a temporary file renamed into place.
fn write_animation(
    walk: &Walkthrough,
    res: Resolution,
    timing: Timing,
    out: &Path,
) -> Result<(), Error> {
    let ext = out.extension().and_then(|e| e.to_str());
    let bytes = match ext.map(str::to_ascii_lowercase).as_deref() {
        Some("svg") => walk.animated(timing).into_bytes(),
        Some("gif") => {
            let progress = Progress::new(format!("drawing the GIF's frames ({})", out.display()));
            let mut report = |done, total| progress.set(done as u64, total as u64);
            frames::gif_reporting(walk, res, timing, &mut report)?
        }
        _ => {
            let formats = [".svg", ".gif"];
            return Err(Unknown::extension(Named::AnimationFormat, out, &formats).into());
        }
    };
    atomic::write_bytes(out, &bytes)
}

/// Writes the scene after each step into `dir` (created if missing) as numbered PNGs,
/// one per step, each through a temporary file renamed into place.
fn write_frames(walk: &Walkthrough, res: Resolution, dir: &Path) -> Result<(), Error> {
    let count = walk.steps().len();
    for k in 1..=count {
        let png = frames::png(walk, res, k)?;
        atomic::write_bytes(&dir.join(frames::frame_name(k, count)), &png)?;
    }
    Ok(())
}

/// Makes the `--frames` folder `dir` (and its parents), refusing a path that is not a
/// folder.
fn frames_folder(dir: &Path) -> Result<(), Error> {
    if dir.exists() && !dir.is_dir() {
        return Err(Error::path(
            dir,
            knights_core::PathProblem::Taken,
            format!(
                "--frames {}: it is a file, not a folder: give a folder for the frames",
                dir.display()
            ),
        ));
    }
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))
}

/// Writes `drawing` to `out` in the format its extension names (`svg`, `png`, `pdf`),
/// through a temporary file renamed into place.
pub(super) fn write_drawing(drawing: &Drawing, out: &Path) -> Result<(), Error> {
    atomic::write_bytes(out, &drawing.bytes(Format::of(out)?)?)
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
    let board = Board::parse_flat(input)?;
    let variant = build.variant.as_deref().unwrap_or("roth");
    // A tie-break the animation does not show is a usage error naming those it does.
    let shown = knights_teach::RULE_TIE_BREAKS;
    let tie = construct::TieBreak::by_name(variant)
        .filter(|_| shown.contains(&variant))
        .ok_or_else(|| {
            let why = Unknown::new(Named::TieBreak, variant, &shown);
            Failure::Usage(format!("--variant {variant}: {why}"))
        })?;
    let start = build.start.map_or((0, 0), |Start(x, y)| (x, y));
    let trace = knights_teach::trace_rule(&board, start, tie, 5)?;
    let timing = Timing::new(walk.speed, walk.repeat)?;
    let svg = knights_teach::animate_rule(&trace, &Theme::load(&style.theme)?, timing);
    Ok(atomic::write_bytes(out, svg.as_bytes())?)
}

pub(super) fn worksheet(
    tour: &Verified,
    plan: &knights_teach::Plan,
    cipher: Option<&str>,
    per_page: usize,
    out: &Path,
) -> Result<(), Failure> {
    if out.extension().and_then(|e| e.to_str()) != Some("pdf") {
        return Err(Failure::Usage(format!(
            "{}: a worksheet is a PDF: give a path ending in .pdf",
            out.display()
        )));
    }
    knights_teach::worksheet::check(tour.board(), per_page, plan.count as u64)?;
    let what = format!("making the worksheet {}", out.display());
    let busy = Busy::new(what.clone());
    let (exercises, title) = match cipher {
        Some(message) => (
            knights_teach::cipher_exercises(tour, plan, message)?,
            format!("Knight's tour ciphers on the {} board", tour.board()),
        ),
        None => (
            knights_teach::make_exercises(tour, plan)?,
            format!("Knight's tours on the {} board", tour.board()),
        ),
    };
    let pages =
        knights_teach::worksheet::pages(&exercises, &Theme::load("teaching")?, per_page, &title);
    let mut report = |done: usize, total: usize| {
        busy.say(format!("{what}: page {} of {total}", (done + 1).min(total)))
    };
    let pdf = render::pdf_pages_reporting(&pages, &mut report)?;
    drop(busy);
    Ok(atomic::write_bytes(out, &pdf)?)
}

/// Draws `tour` with its metrics.
/// The still drawing of a tour with its metrics: the board, or on a board of three or
/// more sides its levels side by side.
pub(super) fn draw(tour: &Verified, opts: &render::Options) -> Result<Drawing, Error> {
    Drawing::new(tour, &metrics::measure(tour), opts)
}

/// `knights render` of a tour of a board of three or more sides: its levels, still
/// and whole.
pub(super) fn render_levels(
    tour: &Verified,
    style: &StyleArgs,
    animated: bool,
    output: Option<&Path>,
) -> Result<(), Failure> {
    if animated {
        return Err(Failure::Usage(format!(
            "--animate, --rule and --frames draw tours of 2-D boards; the {} board is drawn as its levels side by side without them",
            tour.board()
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
