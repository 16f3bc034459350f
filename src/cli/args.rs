//! Options shared by several subcommands, and the parsers of their values.

use std::path::PathBuf;

use clap::ValueEnum;

use knights_construct::Algo;
use knights_core::{Error, Leaper, Named, Topology, Unknown};
use knights_render::{self as render, Resolution, Show, Theme};
use knights_render::{Repeat, Timing};
use knights_site as site;

use super::Failure;

/// How to build a tour when the input is a board.
#[derive(clap::Args, Debug)]
pub(super) struct BuildArgs {
    /// The construction: auto picks the best that supports the board (see `knights list`).
    #[arg(long, default_value_t = Algo::Auto)]
    pub(super) algo: Algo,
    /// A variant of the construction (see `knights list`).
    #[arg(long, value_parser = variant)]
    pub(super) variant: Option<String>,
    /// An open tour instead of a closed one.
    #[arg(long)]
    pub(super) open: bool,
    /// Seed for constructions that make random choices.
    #[arg(long, default_value_t = 0)]
    pub(super) seed: u64,
    /// The start square X,Y (column, row from the bottom, from 0) for searches.
    #[arg(long)]
    pub(super) start: Option<Start>,
    /// How the edges meet: plane, cylinder, moebius or torus (for a tour file
    /// without a topology field: read it on that band).
    #[arg(long, value_parser = topology)]
    pub(super) topology: Option<Topology>,
    /// The leaper A,B that tours the board: 1,2 is the knight (the default), 1,4 the
    /// giraffe. Constructions that move only knights refuse other leapers.
    #[arg(long, value_parser = leaper)]
    pub(super) leaper: Option<Leaper>,
    /// Then make K random exchanges of moves that keep the closed tour one tour
    /// (Parberry's blur), drawn from --seed: another tour of the same board. At most
    /// 100000, and at most 50000000000 exchanges times the board's cells.
    #[arg(long, value_name = "K",
          value_parser = clap::value_parser!(u64).range(..=knights_construct::tourney::MAX_BLUR))]
    pub(super) blur: Option<u64>,
    /// A magic tour, searched: semi (every row and every column of the visiting numbers
    /// sums alike) or full (the two diagonals too). Picks the magic construction.
    #[arg(long, value_enum, conflicts_with_all = ["algo", "variant", "symmetry"])]
    pub(super) magic: Option<MagicGoal>,
    /// A closed tour of a square board invariant under a rotation: half or quarter
    /// (turn). Picks the symmetric construction.
    #[arg(long, value_enum, conflicts_with_all = ["algo", "variant", "open"])]
    pub(super) symmetry: Option<SymmetryGoal>,
    /// A closed tour: the default, written out.
    #[arg(long, conflicts_with = "open")]
    pub(super) closed: bool,
}

/// `--magic`: how magic the tour is to be.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub(super) enum MagicGoal {
    /// Rows and columns.
    Semi,
    /// Rows, columns and the two diagonals.
    Full,
}

/// `--symmetry`: the rotation the tour is to be invariant under.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub(super) enum SymmetryGoal {
    /// The half turn.
    Half,
    /// The quarter turn.
    Quarter,
}

/// `--leaper A,B`: two different steps from 1 to 64.
pub(super) fn leaper(s: &str) -> Result<Leaper, String> {
    let bad = || {
        format!("'{s}' is not a leaper: write A,B, e.g. 1,2 for the knight or 1,4 for the giraffe")
    };
    let (a, b) = s.split_once(',').ok_or_else(bad)?;
    let (a, b) = (
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    );
    Leaper::new(a, b).map_err(|e| e.to_string())
}

/// `--variant`: a variant some construction has ([`variant_of`] checks, once both
/// are read, that the construction `--algo` names has it).
pub(super) fn variant(s: &str) -> Result<String, String> {
    let mut names: Vec<&str> = Vec::new();
    for v in knights_construct::all().iter().flat_map(|c| c.variants()) {
        if !names.contains(v) {
            names.push(v);
        }
    }
    match names.contains(&s) {
        true => Ok(s.to_string()),
        false => Err(format!(
            "no construction has a variant '{s}': choose one of {} (knights list says whose)",
            names.join(", ")
        )),
    }
}

/// `--variant` with the construction `--algo` names: a variant it lacks is a usage
/// error naming the option and the construction's variants.
pub(super) fn variant_of(algo: Algo, variant: Option<&str>) -> Result<(), Failure> {
    match (algo, variant) {
        (Algo::Named(c), Some(v)) if !c.variants().contains(&v) => {
            let what = Named::Variant {
                algorithm: c.name(),
            };
            Err(Failure::Usage(format!(
                "--variant {v}: {}",
                Unknown::new(what, v, c.variants())
            )))
        }
        _ => Ok(()),
    }
}

/// `--theme`: a built-in theme's name or a theme file (read when drawing).
pub(super) fn theme(s: &str) -> Result<String, String> {
    Theme::check_spec(s)
        .map(|()| s.to_string())
        .map_err(|e| e.to_string())
}

/// `--topology`: plane, cylinder, moebius or torus.
pub(super) fn topology(s: &str) -> Result<Topology, String> {
    s.parse().map_err(|e: Error| e.to_string())
}

/// `--show`: a list of layers, checked as the command line is read (an unknown layer
/// is a usage error).
pub(super) fn show_layers(s: &str) -> Result<Show, String> {
    Show::parse(s).map_err(|e| e.to_string())
}

/// `tourney --algo`: the name of a tourney generator.
pub(super) fn tourney_generator(s: &str) -> Result<String, String> {
    knights_construct::tourney::generator(s)
        .map(|g| g.name().to_string())
        .map_err(|e| e.to_string())
}

/// `--jobs`: 1 to [`site::MAX_JOBS`], the library's bound.
pub(super) fn jobs(s: &str) -> Result<usize, String> {
    s.parse::<usize>()
        .ok()
        .and_then(|n| site::check_jobs(n).ok())
        .ok_or_else(|| {
            format!(
                "'{s}' is not a number of threads from 1 to {}",
                site::MAX_JOBS
            )
        })
}

/// `--speed`: steps per second within [`Timing`]'s range.
pub(super) fn speed(s: &str) -> Result<f64, String> {
    let v: f64 = s
        .parse()
        .map_err(|_| format!("'{s}' is not a number of steps per second"))?;
    Timing::new(v, Repeat::Forever)
        .map(|t| t.speed)
        .map_err(|e| e.to_string())
}

/// `--loop`: forever, once, or a number of plays within [`Repeat`]'s range.
pub(super) fn plays(s: &str) -> Result<Repeat, String> {
    s.parse().map_err(|e: Error| e.to_string())
}

/// `--dpi`: a positive finite number.
pub(super) fn dpi(s: &str) -> Result<f32, String> {
    match s.parse::<f32>() {
        Ok(d) if d.is_finite() && d > 0.0 => Ok(d),
        _ => Err(format!(
            "'{s}' is not a positive resolution in dots per inch"
        )),
    }
}

/// `--size`: a width on paper with its unit.
pub(super) fn paper(s: &str) -> Result<render::Paper, String> {
    s.parse().map_err(|e: Error| e.to_string())
}

/// `--insets`: auto, a count or regions.
pub(super) fn insets(s: &str) -> Result<render::Insets, String> {
    s.parse().map_err(|e: Error| e.to_string())
}

/// `render -o`: a path whose extension names the drawing's format.
pub(super) fn drawing_path(s: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(s);
    match path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
    {
        Some(e) if ["svg", "png", "pdf", "gif"].contains(&e.as_str()) => Ok(path),
        _ => Err(format!(
            "cannot tell the format of '{s}' from its extension: use .svg, .png or .pdf \
             (.gif with --animate)"
        )),
    }
}

/// `WxH` or `WxHxD...`, digits around every `x` (a `-` before a side counts: it is a
/// bad board, not a file name).
pub(super) fn looks_like_board(s: &str) -> bool {
    let parts: Vec<&str> = s.split(['x', 'X']).collect();
    parts.len() >= 2
        && parts.iter().all(|t| {
            let t = t.strip_prefix('-').unwrap_or(t);
            !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit())
        })
}

impl BuildArgs {
    /// The construction and variant asked for: `--magic` and `--symmetry` name
    /// theirs, else `--algo` and `--variant`.
    pub(super) fn construction(&self) -> (Algo, Option<String>) {
        let named = |name: &str, variant: &str| {
            let algo = name.parse().expect("the construction is in the registry");
            (algo, Some(variant.to_string()))
        };
        match (self.magic, self.symmetry) {
            (Some(MagicGoal::Semi), _) => named("magic", "semi"),
            (Some(MagicGoal::Full), _) => named("magic", "full"),
            (_, Some(SymmetryGoal::Half)) => named("symmetric", "half"),
            (_, Some(SymmetryGoal::Quarter)) => named("symmetric", "quarter"),
            _ => (self.algo, self.variant.clone()),
        }
    }

    /// The first option given that only matters when building a board.
    pub(super) fn given(&self) -> Option<&'static str> {
        [
            (!matches!(self.algo, Algo::Auto), "--algo"),
            (self.variant.is_some(), "--variant"),
            (self.open, "--open"),
            (self.seed != 0, "--seed"),
            (self.start.is_some(), "--start"),
            (self.leaper.is_some(), "--leaper"),
            (self.blur.is_some(), "--blur"),
            (self.magic.is_some(), "--magic"),
            (self.symmetry.is_some(), "--symmetry"),
        ]
        .into_iter()
        .find(|&(given, _)| given)
        .map(|(_, flag)| flag)
    }
}

/// `--start X,Y`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Start(pub(super) u32, pub(super) u32);

impl std::str::FromStr for Start {
    type Err = String;
    fn from_str(s: &str) -> Result<Start, String> {
        let bad = || format!("'{s}' is not a square: write X,Y, e.g. 0,0 for the bottom-left");
        let (x, y) = s.split_once(',').ok_or_else(bad)?;
        Ok(Start(
            x.trim().parse().map_err(|_| bad())?,
            y.trim().parse().map_err(|_| bad())?,
        ))
    }
}

/// The motif model's options.
#[derive(clap::Args, Debug)]
pub(super) struct MotifArgs {
    /// An open tour (the default): from --from to --to.
    #[arg(long, conflicts_with = "closed")]
    pub(super) open: bool,
    /// A closed tour.
    #[arg(long)]
    pub(super) closed: bool,
    /// The open tour's first square X,Y (default: the bottom-left corner).
    #[arg(long, conflicts_with = "closed")]
    pub(super) from: Option<Start>,
    /// The open tour's last square X,Y (default: diagonally next to the bottom-right corner).
    #[arg(long, conflicts_with = "closed")]
    pub(super) to: Option<Start>,
    /// The symmetry to come closest to: mirror (vertical axis) or quarter (turns).
    #[arg(long, default_value = "mirror", value_parser = ["mirror", "quarter"])]
    pub(super) symmetry: String,
    /// A leap the tour must make, X,Y:X,Y (repeatable).
    #[arg(long)]
    pub(super) force: Vec<String>,
    /// Repeat interior leaps with this period along both axes.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub(super) repeat: Option<u32>,
    /// With --repeat: the cells along each side left free of repetition.
    #[arg(long, default_value_t = 2, requires = "repeat")]
    pub(super) margin: u32,
    /// Write the RANK-th tour found (1 = the best; each found tour is cut off before the next).
    #[arg(long, default_value_t = 1)]
    pub(super) rank: usize,
    /// How the left and right edges meet: plane, cylinder or moebius.
    #[arg(long, value_parser = topology, default_value = "plane")]
    pub(super) topology: Topology,
    /// Repeat the tour every COLUMNS columns all along the board (a motif around a band).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub(super) columns: Option<u32>,
    /// With --closed on a band: a motif whose COPIES copies, laid end to end round a
    /// band COPIES times as wide (mirrored in turn on a Moebius strip), join into one tour.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub(super) copies: Option<u32>,
    /// Keep the tour in one piece by a flow model instead of subtour cuts after each
    /// solve (one solve; better on large or repeated models, weaker bounds).
    #[arg(long)]
    pub(super) flow: bool,
    /// Seconds the solver may take in all.
    #[arg(long, default_value_t = 600)]
    pub(super) time_limit: u64,
    /// Seconds one solve may take (default: all the time left): a solve stopped early
    /// hands on its best answer, cut and solved again if it splits into cycles, kept
    /// (not proved optimal) if it is one tour.
    #[arg(long)]
    pub(super) round_limit: Option<u64>,
}

/// How to draw.
#[derive(clap::Args, Debug)]
pub(super) struct StyleArgs {
    /// A built-in theme (web, print, teaching) or a TOML theme file.
    #[arg(long, default_value = "web", value_parser = theme)]
    pub(super) theme: String,
    /// Layers to draw, e.g. turns,crossings,numbers,sections; sharp marks the sharp
    /// turns (by more than 90 degrees), run the longest straight runs (default: by
    /// board size).
    #[arg(long, value_parser = show_layers)]
    pub(super) show: Option<Show>,
    /// PNG width in pixels.
    #[arg(long, conflicts_with = "dpi", value_parser = clap::value_parser!(u32).range(1..))]
    pub(super) width: Option<u32>,
    /// PNG resolution in dots per inch.
    #[arg(long, value_parser = dpi)]
    pub(super) dpi: Option<f32>,
    /// auto (an overview when the squares would be too small to see), detail or overview.
    #[arg(long, default_value = "auto")]
    pub(super) style: render::Style,
    /// Only the cells X0,Y0,X1,Y1 (column and row from 0 at the bottom left, both
    /// corners included), at full detail; leaps leaving it are cut at its frame.
    #[arg(long)]
    pub(super) region: Option<render::Region>,
    /// Draw a legend beside the board: the marks shown (turns, crossings, start,
    /// direction, open ends) and the section colours with their names, or the gradient.
    #[arg(long)]
    pub(super) legend: bool,
    /// The figure's width on paper, e.g. 120mm, 4.5in, 340pt: lines, marks and type
    /// sized in points to stay legible at that size (the SVG and PDF carry it, the PNG
    /// as its resolution); marks that would merge are left out, and said so.
    #[arg(long, value_name = "WIDTH", value_parser = paper)]
    pub(super) size: Option<render::Paper>,
    /// Detailed insets beside a large board's overview: auto (its corners and busiest
    /// places when its squares are too small to see), a count (0: the overview alone),
    /// or regions X0,Y0,X1,Y1;X0,Y0,X1,Y1;...
    #[arg(long, value_name = "N|REGIONS", default_value = "auto", value_parser = insets)]
    pub(super) insets: render::Insets,
}

/// How to walk the tour step by step.
#[derive(clap::Args, Debug)]
pub(super) struct AnimateArgs {
    /// Draw the tour move by move: an animated SVG (no script) or GIF.
    #[arg(long)]
    pub(super) animate: bool,
    /// With --animate: steps per second, from 0.01 to 50 (a step is one move, or a
    /// section of moves on boards of more than 400 moves).
    #[arg(long, default_value_t = 4.0, value_parser = speed)]
    pub(super) speed: f64,
    /// With --animate: how often to play, `forever`, `once` or a number from 1 to 65536.
    #[arg(long = "loop", default_value = "forever", value_name = "TIMES", value_parser = plays)]
    pub(super) repeat: Repeat,
    /// With --animate and a board: animate Warnsdorff's rule choosing each move
    /// (candidates and their onward leaps, the tie-break of --variant, dead ends and
    /// restarts) as an SVG.
    #[arg(long)]
    pub(super) rule: bool,
    /// Also write the scene after each step as numbered PNGs into DIR (implies --animate).
    #[arg(long, value_name = "DIR")]
    pub(super) frames: Option<PathBuf>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum GadgetName {
    Heel,
    Corner,
    BestCorners,
    Levels,
    Giraffe,
    Band,
    BandEnds,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum GadgetArea {
    Paper,
    Open,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum GadgetEnding {
    Any,
    Plain,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum OutFormat {
    Json,
    Grid,
    Svg,
    Png,
    Pdf,
}

impl StyleArgs {
    /// Reads the theme and the layer list into drawing options.
    pub(super) fn options(&self) -> Result<render::Options, Error> {
        let mut theme = Theme::load(&self.theme)?;
        if self.size.is_some() {
            theme.page.width = self.size;
        }
        Ok(render::Options {
            theme,
            show: self.show.unwrap_or(Show::Defaults),
            resolution: match (self.width, self.dpi) {
                (Some(w), _) => Resolution::Width(w),
                (None, Some(d)) => Resolution::Dpi(d),
                (None, None) => Resolution::default(),
            },
            style: self.style,
            region: self.region,
            legend: self.legend,
            no_frames: false,
            no_caption: false,
            insets: self.insets.clone(),
            levels_across: None,
            levels: None,
            order_shades: 0,
            simplify: 0,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_and_files_are_told_apart() {
        assert!(looks_like_board("8x8"));
        assert!(looks_like_board("40X24"));
        assert!(!looks_like_board("tour.json"));
        assert!(!looks_like_board("x8"));
        assert!(!looks_like_board("8x8.json"));
        assert!(looks_like_board("-5x8"));
        assert!(looks_like_board("20x16x6"));
        assert!(looks_like_board("4x4x4x4"));
        assert!(looks_like_board("4x-4x4"));
        assert!(!looks_like_board("4x4x4.json"));
        assert!(!looks_like_board("xx"));
    }
}
