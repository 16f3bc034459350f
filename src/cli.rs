//! The command line: clap's derive describes every subcommand of docs/cli.md, and each
//! has one thin function that calls the library.

use std::io;
use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand, ValueEnum};

use knights::atomic::write_with;
use knights::construct::{self, motif, Algo, Request};
use knights::format::{self, Format};
use knights::metrics::{self, Metrics};
use knights::render::{self, Drawing, Resolution, Show, Theme};
use knights::site;
use knights::symmetry::{self, Symmetry};
use knights::{verify, Board, Error, Tour, Verified};

/// Knight's tours: build, prove, measure, draw and publish them.
#[derive(Parser, Debug)]
#[command(name = "knights", version, about, long_about = None)]
#[command(after_help = "Examples:
  knights tour 8x8 --format grid        a closed tour of the chessboard
  knights metrics 30x30                 turns and crossings of the formation tour
  knights verify tour.json              prove a tour file valid
  knights build                         the gallery from content/ into site/

Exit status: 0 success; 1 invalid input or a tour that fails verification; 2 usage
error; 3 internal error (a bug of knights: please report it).")]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Builds a tour of a board and writes it (JSON by default).
    #[command(after_help = "Examples:
  knights tour 8x8 --format grid
  knights tour 30x30 -o tour30.json
  knights tour 7x7 --open
  knights tour 100x100 --format svg -o tour.svg")]
    Tour {
        /// The board, WIDTHxHEIGHT (columns first), e.g. 8x8 or 40x24.
        #[arg(allow_hyphen_values = true)]
        board: Board,
        #[command(flatten)]
        build: BuildArgs,
        /// Output format (svg, png and pdf need -o unless svg).
        #[arg(long, value_enum, default_value_t = OutFormat::Json)]
        format: OutFormat,
        /// Write here instead of standard output (- is standard output).
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Proves a tour file valid: exit 0 if it is a tour, 1 (saying where) if not.
    #[command(after_help = "Examples:
  knights verify tour.json
  knights tour 8x8 --format grid | knights verify -")]
    Verify {
        /// A tour file (JSON or numbered grid), or - for standard input.
        file: PathBuf,
    },
    /// Measures a tour: turns, crossings, the lower bound and the ratio to it.
    #[command(after_help = "Examples:
  knights metrics 30x30
  knights metrics tour.json --json")]
    Metrics {
        /// A board (WIDTHxHEIGHT, built with --algo) or a tour file.
        #[arg(allow_hyphen_values = true)]
        input: String,
        #[command(flatten)]
        build: BuildArgs,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Draws a tour as SVG, PNG or PDF (chosen by the file extension).
    #[command(after_help = "Examples:
  knights render 30x30 -o formation.svg
  knights render 8x8 --theme teaching --show numbers -o teach.png
  knights render tour.json --theme print -o figure.pdf
  knights render 1000x1000 --region 0,0,23,23 -o corner.png
  knights render 8x8 --animate --theme teaching -o walk.svg
  knights render 8x8 --animate --speed 8 --loop once -o walk.gif --frames frames/")]
    Render {
        /// A board (WIDTHxHEIGHT, built with --algo) or a tour file.
        #[arg(allow_hyphen_values = true)]
        input: String,
        /// The drawing: PATH.svg, PATH.png or PATH.pdf (with --animate: .svg or .gif).
        #[arg(short, long, required_unless_present = "frames", value_parser = drawing_path)]
        output: Option<PathBuf>,
        #[command(flatten)]
        build: BuildArgs,
        #[command(flatten)]
        style: StyleArgs,
        #[command(flatten)]
        walk: AnimateArgs,
    },
    /// Builds the gallery website from a catalogue.
    #[command(after_help = "Examples:
  knights build
  knights build --content my-catalogue --out public --jobs 2")]
    Build {
        /// The catalogue folder.
        #[arg(long, default_value = "content")]
        content: PathBuf,
        /// The templates folder.
        #[arg(long, default_value = "templates")]
        templates: PathBuf,
        /// Where the site goes (replaced atomically when the build succeeds).
        #[arg(long, default_value = "site")]
        out: PathBuf,
        /// Worker threads, 1 to 256 (default: all cores).
        #[arg(long, value_parser = jobs)]
        jobs: Option<usize>,
        /// Replace --out even if knights did not create it.
        #[arg(long)]
        force: bool,
    },
    /// Designs a motif by integer programming: the tour closest to symmetric.
    #[command(after_help = "Examples:
  knights motif 8x8 -o o8.json          open, bottom-left corner to next to bottom-right
  knights motif 8x8 --symmetry quarter --format grid
  knights motif 6x6 --closed
Needs a build with the solver: cargo build --release --features motif")]
    Motif {
        /// The board, WIDTHxHEIGHT.
        board: Board,
        #[command(flatten)]
        motif: MotifArgs,
        /// Output format of the tour.
        #[arg(long, value_enum, default_value_t = OutFormat::Json)]
        format: OutFormat,
        /// Write the tour here instead of standard output.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Writes a printable worksheet (PDF): exercises on a board's tours, then answers.
    #[command(after_help = "Examples:
  knights worksheet 8x8 -o sheet.pdf
  knights worksheet 5x5 --open --reveal 6 --seed 2 --per-page 2 -o sheet.pdf")]
    Worksheet {
        /// A board (WIDTHxHEIGHT, built with --algo) or a tour file.
        input: String,
        /// The worksheet, PATH.pdf.
        #[arg(short, long)]
        output: PathBuf,
        #[command(flatten)]
        build: BuildArgs,
        /// Numbers shown in "fill in" and moves drawn in "finish" (default: a quarter).
        #[arg(long)]
        reveal: Option<usize>,
        /// Exercises per A4 page.
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u16).range(1..=6))]
        per_page: u16,
        /// Exercises in all (default: one page).
        #[arg(long)]
        count: Option<usize>,
        /// Illegal steps in each "find the mistake" exercise: 1 or 2.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2))]
        mistakes: u8,
    },
    /// Lists the constructions and the boards each supports.
    #[command(after_help = "Example:
  knights list")]
    List,
    /// Prints the known lower bounds on turns and crossings of a board, with sources.
    #[command(after_help = "Examples:
  knights bounds 30x30
  knights bounds 100x100 --json")]
    Bounds {
        /// The board, WIDTHxHEIGHT.
        board: Board,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Searches gadgets (regions of a tour re-covered by its knights) and prints the
    /// Pareto front of turns and crossings.
    #[command(after_help = "Examples:
  knights gadgets heel                  the paper's heel search (Section 4.2)
  knights gadgets heel --area open      knights free to enter and leave the heel
  knights gadgets heel --write src/construct/besa/heels.toml")]
    Gadgets {
        /// The gadget: heel (the formation algorithm's bottom-edge heel).
        #[arg(value_enum)]
        gadget: GadgetName,
        /// paper: each knight's first and last heel cell fixed; open: free.
        #[arg(long, value_enum, default_value_t = GadgetArea::Paper)]
        area: GadgetArea,
        /// Let each knight leave at any exit (any) or only the plain heel's (plain).
        #[arg(long, value_enum, default_value_t = GadgetEnding::Any)]
        ending: GadgetEnding,
        /// Also write the heels found (both areas) as a pieces file here.
        #[arg(long)]
        write: Option<PathBuf>,
    },
    /// Times construction, verification and metrics against a memory baseline.
    #[command(after_help = "Examples:
  knights bench
  knights bench --sizes 1000,4000
  knights bench --algo hilbert --open --sizes 1024,8192")]
    Bench {
        /// Square board sides to time.
        #[arg(long, value_delimiter = ',', default_value = "1000,4000,10000")]
        sizes: Vec<u32>,
        /// The construction to time.
        #[arg(long, default_value = "besa")]
        algo: Algo,
        /// Time open tours (hilbert builds only those).
        #[arg(long)]
        open: bool,
        /// A variant of the construction to time (e.g. --algo besa --variant best).
        #[arg(long)]
        variant: Option<String>,
    },
}

/// How to build a tour when the input is a board.
#[derive(clap::Args, Debug)]
struct BuildArgs {
    /// The construction: auto picks the best that supports the board (see `knights list`).
    #[arg(long, default_value_t = Algo::Auto)]
    algo: Algo,
    /// A variant of the construction (see `knights list`).
    #[arg(long)]
    variant: Option<String>,
    /// An open tour instead of a closed one.
    #[arg(long)]
    open: bool,
    /// Seed for constructions that make random choices.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The start square X,Y (column, row from the bottom, from 0) for searches.
    #[arg(long)]
    start: Option<Start>,
}

/// The most worker threads `--jobs` starts (each has its own stack).
const MAX_JOBS: usize = 256;

/// `--jobs`: 1 to [`MAX_JOBS`].
fn jobs(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if (1..=MAX_JOBS).contains(&n) => Ok(n),
        _ => Err(format!(
            "'{s}' is not a number of threads from 1 to {MAX_JOBS}"
        )),
    }
}

/// `--dpi`: a positive finite number.
fn dpi(s: &str) -> Result<f32, String> {
    match s.parse::<f32>() {
        Ok(d) if d.is_finite() && d > 0.0 => Ok(d),
        _ => Err(format!(
            "'{s}' is not a positive resolution in dots per inch"
        )),
    }
}

/// `render -o`: a path whose extension names the drawing's format.
fn drawing_path(s: &str) -> Result<PathBuf, String> {
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

impl BuildArgs {
    /// The first option given that only matters when building a board.
    fn given(&self) -> Option<&'static str> {
        [
            (!matches!(self.algo, Algo::Auto), "--algo"),
            (self.variant.is_some(), "--variant"),
            (self.open, "--open"),
            (self.seed != 0, "--seed"),
            (self.start.is_some(), "--start"),
        ]
        .into_iter()
        .find(|&(given, _)| given)
        .map(|(_, flag)| flag)
    }
}

/// `--start X,Y`.
#[derive(Clone, Copy, Debug)]
struct Start(u32, u32);

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
struct MotifArgs {
    /// An open tour (the default): from --from to --to.
    #[arg(long, conflicts_with = "closed")]
    open: bool,
    /// A closed tour.
    #[arg(long)]
    closed: bool,
    /// The open tour's first square X,Y (default: the bottom-left corner).
    #[arg(long, conflicts_with = "closed")]
    from: Option<Start>,
    /// The open tour's last square X,Y (default: diagonally next to the bottom-right corner).
    #[arg(long, conflicts_with = "closed")]
    to: Option<Start>,
    /// The symmetry to come closest to: mirror (vertical axis) or quarter (turns).
    #[arg(long, default_value = "mirror")]
    symmetry: String,
    /// A leap the tour must make, X,Y:X,Y (repeatable).
    #[arg(long)]
    force: Vec<String>,
    /// Repeat interior leaps with this period along both axes.
    #[arg(long)]
    repeat: Option<u32>,
    /// With --repeat: the cells along each side left free of repetition.
    #[arg(long, default_value_t = 2, requires = "repeat")]
    margin: u32,
    /// Write the RANK-th tour found (1 = the best; each found tour is cut off before the next).
    #[arg(long, default_value_t = 1)]
    rank: usize,
    /// Seconds the solver may take in all.
    #[arg(long, default_value_t = 600)]
    time_limit: u64,
}

/// How to draw.
#[derive(clap::Args, Debug)]
struct StyleArgs {
    /// A built-in theme (web, print, teaching) or a TOML theme file.
    #[arg(long, default_value = "web")]
    theme: String,
    /// Layers to draw, e.g. turns,crossings,numbers,sections (default: by board size).
    #[arg(long)]
    show: Option<String>,
    /// PNG width in pixels.
    #[arg(long, conflicts_with = "dpi", value_parser = clap::value_parser!(u32).range(1..))]
    width: Option<u32>,
    /// PNG resolution in dots per inch.
    #[arg(long, value_parser = dpi)]
    dpi: Option<f32>,
    /// auto (an overview when the squares would be too small to see), detail or overview.
    #[arg(long, default_value = "auto")]
    style: render::Style,
    /// Only the cells X0,Y0,X1,Y1 (column and row from 0 at the bottom left, both
    /// corners included), at full detail; leaps leaving it are cut at its frame.
    #[arg(long)]
    region: Option<render::Region>,
}

/// How to walk the tour step by step.
#[derive(clap::Args, Debug)]
struct AnimateArgs {
    /// Draw the tour move by move: an animated SVG (no script) or GIF.
    #[arg(long)]
    animate: bool,
    /// With --animate: steps per second (a step is one move, or a section of moves on
    /// boards of more than 400 moves).
    #[arg(long, default_value_t = 4.0)]
    speed: f64,
    /// With --animate: how often to play, `forever`, `once` or a number.
    #[arg(long = "loop", default_value = "forever", value_name = "TIMES")]
    repeat: String,
    /// With --animate and a board: animate Warnsdorff's rule choosing each move
    /// (candidates and their onward leaps, the tie-break of --variant, dead ends and
    /// restarts) as an SVG.
    #[arg(long)]
    rule: bool,
    /// Also write the scene after each step as numbered PNGs into DIR (implies --animate).
    #[arg(long, value_name = "DIR")]
    frames: Option<PathBuf>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum GadgetName {
    Heel,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum GadgetArea {
    Paper,
    Open,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum GadgetEnding {
    Any,
    Plain,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum OutFormat {
    Json,
    Grid,
    Svg,
    Png,
    Pdf,
}

/// What went wrong, and the exit status it deserves.
pub enum Failure {
    /// The input is invalid or a tour failed verification: exit 1.
    Invalid(Error),
    /// The command line is wrong: exit 2.
    Usage(String),
}

impl From<Error> for Failure {
    fn from(e: Error) -> Failure {
        Failure::Invalid(e)
    }
}

/// Runs one command.
pub fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        Command::Tour {
            board,
            build,
            format,
            output,
        } => tour(board, &build, format, output.as_deref()),
        Command::Verify { file } => verify_file(&file),
        Command::Metrics { input, build, json } => print_metrics(&input, &build, json),
        Command::Render {
            input,
            output,
            build,
            style,
            walk,
        } => {
            if walk.rule {
                return animate_rule(&input, &build, &style, &walk, output.as_deref());
            }
            let tour = load(&input, &build)?;
            match output {
                Some(out) if !walk.animate && walk.frames.is_none() => {
                    Ok(draw(&tour, &style.options()?)?.write(&out)?)
                }
                _ => animate(&tour, &style, &walk, output.as_deref()),
            }
        }
        Command::Build {
            content,
            templates,
            out,
            jobs,
            force,
        } => build_site(content, templates, out, jobs, force),
        Command::Motif {
            board,
            motif,
            format,
            output,
        } => design_motif(&board, &motif, format, output.as_deref()),
        Command::Worksheet {
            input,
            output,
            build,
            reveal,
            per_page,
            count,
            mistakes,
        } => {
            let tour = load(&input, &build)?;
            let plan = knights::exercises::Plan {
                count: count.unwrap_or(per_page as usize),
                reveal,
                mistakes: mistakes as usize,
                seed: build.seed,
            };
            worksheet(&tour, &plan, per_page as usize, &output)
        }
        Command::List => list(),
        Command::Bounds { board, json } => print_bounds(&board, json),
        Command::Gadgets {
            gadget: GadgetName::Heel,
            area,
            ending,
            write,
        } => gadgets(area, ending, write.as_deref()),
        Command::Bench {
            sizes,
            algo,
            open,
            variant,
        } => Ok(knights::bench::run(
            &sizes,
            algo.name(),
            open,
            variant.as_deref(),
        )?),
    }
}

/// Builds and verifies a tour of `board`.
fn construct(board: Board, args: &BuildArgs) -> Result<Verified, Error> {
    let req = Request {
        board,
        open: args.open,
        variant: args.variant.clone(),
        seed: args.seed,
        start: args.start.map(|Start(x, y)| (x, y)),
    };
    let tour = construct::resolve(&req, args.algo)
        .map_err(Error::from)?
        .build()?;
    verify::constructed(tour)
}

/// A board (`WxH`) to build, or a tour file to read and verify.
fn load(input: &str, args: &BuildArgs) -> Result<Verified, Failure> {
    if looks_like_board(input) {
        let board: Board = input.parse()?;
        return Ok(construct(board, args)?);
    }
    if let Some(flag) = args.given() {
        return Err(Failure::Usage(format!(
            "{flag} builds a tour of a board, but '{input}' is a tour file: leave it out"
        )));
    }
    let path = Path::new(input);
    if input != "-" && !path.exists() {
        return Err(Failure::Invalid(Error::invalid(format!(
            "'{input}' is neither a board size (WIDTHxHEIGHT, e.g. 8x8) nor a tour file that exists"
        ))));
    }
    read_verified(path)
}

/// Reads a tour file and proves it, naming the file when it is not a tour.
fn read_verified(path: &Path) -> Result<Verified, Failure> {
    let tour = read_tour(path)?;
    verify::verify(tour).map_err(|failure| {
        Failure::Invalid(Error::NotATour {
            file: path.display().to_string(),
            failure,
        })
    })
}

/// `WxH` with digits on both sides (a `-` before either counts: it is a bad board, not
/// a file name).
fn looks_like_board(s: &str) -> bool {
    match s.split_once(['x', 'X']) {
        Some((w, h)) => {
            let digits = |t: &str| {
                let t = t.strip_prefix('-').unwrap_or(t);
                !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit())
            };
            digits(w) && digits(h)
        }
        None => false,
    }
}

fn read_tour(path: &Path) -> Result<Tour, Error> {
    let (text, name) = if path == Path::new("-") {
        (format::read_text(io::stdin(), "-")?, "-".to_string())
    } else {
        let name = path.display().to_string();
        let file = std::fs::File::open(path).map_err(|e| Error::io(path, e))?;
        (format::read_text(file, &name)?, name)
    };
    format::parse(&text, &name)
}

fn tour(
    board: Board,
    args: &BuildArgs,
    fmt: OutFormat,
    output: Option<&Path>,
) -> Result<(), Failure> {
    let text_format = match fmt {
        OutFormat::Json => Some(Format::Json),
        OutFormat::Grid => Some(Format::Grid),
        _ => None,
    };
    let to_stdout = output.is_none_or(|p| p == Path::new("-"));
    if text_format.is_none() && fmt != OutFormat::Svg && to_stdout {
        return Err(Failure::Usage(
            format!("--format {fmt:?} writes a binary file: give it a path with -o").to_lowercase(),
        ));
    }
    let ext = format!("{fmt:?}").to_lowercase();
    if let Some(path) = output.filter(|_| text_format.is_none() && !to_stdout) {
        if path.extension().and_then(|e| e.to_str()) != Some(ext.as_str()) {
            return Err(Failure::Usage(format!(
                "--format {ext} but {} does not end in .{ext}",
                path.display()
            )));
        }
    }
    let tour = construct(board, args)?;
    match (text_format, output) {
        (Some(f), _) => write_with(output.unwrap_or(Path::new("-")), |out| {
            format::write(&tour, f, &mut &mut *out)
        })?,
        (None, Some(path)) if !to_stdout => {
            draw(&tour, &render::Options::default())?.write(path)?
        }
        (None, _) => {
            let drawing = draw(&tour, &render::Options::default())?;
            write_with(Path::new("-"), |out| {
                out.write_all(drawing.svg().as_bytes())
            })?
        }
    }
    Ok(())
}

fn verify_file(file: &Path) -> Result<(), Failure> {
    let t = read_verified(file)?;
    let cells = t.path().len();
    let plural = if cells == 1 { "" } else { "s" };
    println!("{}: ok, {t} ({cells} cell{plural})", file.display());
    Ok(())
}

/// What `knights metrics --json` prints.
#[derive(serde::Serialize)]
struct MetricsReport<'a> {
    board: String,
    algorithm: &'a str,
    missing_cells: usize,
    #[serde(flatten)]
    metrics: &'a Metrics,
    symmetry: Symmetry,
}

fn print_metrics(input: &str, args: &BuildArgs, json: bool) -> Result<(), Failure> {
    let tour = load(input, args)?;
    let m = metrics::measure(&tour);
    let sym = symmetry::of_moves(tour.grid());
    if json {
        let report = MetricsReport {
            board: tour.board().to_string(),
            algorithm: tour.algorithm(),
            missing_cells: tour.board().holes().len(),
            metrics: &m,
            symmetry: sym,
        };
        println!(
            "{}",
            serde_json::to_string_pretty(&report).expect("metrics serialize")
        );
        return Ok(());
    }
    let kind = knights::TourKind::open_if(!m.closed);
    println!("board       {}", tour.board());
    println!("algorithm   {}", tour.algorithm());
    println!("cells       {}", m.cells);
    println!("tour        {kind}, verified");
    println!("turns       {}", m.turns);
    println!("crossings   {}", m.crossings);
    println!(
        "turn bound  {} (every edge cell turns); turns / bound = {:.3}",
        m.edge_turn_bound, m.turn_ratio
    );
    println!("longest run {} leaps", m.longest_run);
    let symmetries: Vec<&str> = [
        (sym.quarter_turn, "quarter turn"),
        (sym.half_turn, "half turn"),
        (sym.mirror, "mirror"),
    ]
    .iter()
    .filter(|(has, _)| *has)
    .map(|&(_, name)| name)
    .collect();
    let symmetries = if symmetries.is_empty() {
        "none".to_string()
    } else {
        symmetries.join(", ")
    };
    println!("symmetry    {symmetries}");
    Ok(())
}

fn animate(
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
fn animate_rule(
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
    let trace = knights::rule_trace::record(&board, start, tie, 5)?;
    let timing = render::steps::Timing::new(walk.speed, walk.repeat.parse()?)?;
    let svg = render::rule::animated(&trace, &Theme::load(&style.theme)?, timing);
    Ok(knights::atomic::write_bytes(out, svg.as_bytes())?)
}

fn worksheet(
    tour: &Verified,
    plan: &knights::exercises::Plan,
    per_page: usize,
    out: &Path,
) -> Result<(), Failure> {
    if out.extension().and_then(|e| e.to_str()) != Some("pdf") {
        return Err(Failure::Usage(format!(
            "{}: a worksheet is a PDF: give a path ending in .pdf",
            out.display()
        )));
    }
    let exercises = knights::exercises::make(tour, plan)?;
    let title = format!("Knight's tours on the {} board", tour.board());
    let pages = render::worksheet::pages(&exercises, &Theme::load("teaching")?, per_page, &title);
    Ok(knights::atomic::write_bytes(
        out,
        &render::pdf_pages(&pages)?,
    )?)
}

/// Draws `tour` with its metrics.
fn draw(tour: &Verified, opts: &render::Options) -> Result<Drawing, Error> {
    Drawing::new(tour, &metrics::measure(tour), opts)
}

impl StyleArgs {
    /// Reads the theme and the layer list into drawing options.
    fn options(&self) -> Result<render::Options, Error> {
        Ok(render::Options {
            theme: Theme::load(&self.theme)?,
            show: match &self.show {
                Some(s) => Show::parse(s)?,
                None => Show::Defaults,
            },
            resolution: match (self.width, self.dpi) {
                (Some(w), _) => Resolution::Width(w),
                (None, Some(d)) => Resolution::Dpi(d),
                (None, None) => Resolution::default(),
            },
            style: self.style,
            region: self.region,
        })
    }
}

/// The motif model `args` describe on `board`.
fn motif_spec(board: &Board, args: &MotifArgs) -> Result<motif::Spec, Error> {
    let mut spec = motif::Spec::open_default(board.width(), board.height());
    if args.closed {
        spec.ends = motif::Ends::Closed;
    } else if let motif::Ends::Open(s, t) = spec.ends {
        let from = args.from.map_or(s, |Start(x, y)| (x, y));
        let to = args.to.map_or(t, |Start(x, y)| (x, y));
        spec.ends = motif::Ends::Open(from, to);
    }
    spec.symmetry = args.symmetry.parse()?;
    for f in &args.force {
        let bad = || Error::invalid(format!("'{f}' is not a leap: write X,Y:X,Y, e.g. 0,0:1,2"));
        let (a, b) = f.split_once(':').ok_or_else(bad)?;
        let (Ok(Start(ax, ay)), Ok(Start(bx, by))) = (a.parse::<Start>(), b.parse::<Start>())
        else {
            return Err(bad());
        };
        spec.forced.push(((ax, ay), (bx, by)));
    }
    spec.repeat = args.repeat.map(|period| motif::Repeat {
        period,
        margin: args.margin,
    });
    spec.check()?;
    Ok(spec)
}

/// `knights motif`: solves the model, reports every tour found against the bound,
/// and writes the one asked for, verified.
fn design_motif(
    board: &Board,
    args: &MotifArgs,
    fmt: OutFormat,
    output: Option<&Path>,
) -> Result<(), Failure> {
    let text_format = match fmt {
        OutFormat::Json => Format::Json,
        OutFormat::Grid => Format::Grid,
        other => {
            return Err(Failure::Usage(format!(
                "knights motif writes json or grid, not {}: render the file afterwards",
                format!("{other:?}").to_lowercase()
            )))
        }
    };
    if args.rank == 0 {
        return Err(Failure::Usage("--rank counts from 1".into()));
    }
    let spec = motif_spec(board, args)?;
    let limit = std::time::Duration::from_secs(args.time_limit);
    let found = motif::solve(&spec, args.rank, limit)?;
    for (k, m) in found.iter().enumerate() {
        let verdict = if m.optimal() {
            "optimal"
        } else {
            "not proved optimal"
        };
        eprintln!(
            "tour {}: {} symmetric leaps ({}), solver bound {}: {verdict}",
            k + 1,
            m.count,
            spec.symmetry,
            m.bound
        );
    }
    let Some(chosen) = found.get(args.rank - 1) else {
        return Err(Failure::Invalid(Error::GaveUp(format!(
            "the solver found {} tours within {} s, fewer than --rank {}",
            found.len(),
            args.time_limit,
            args.rank
        ))));
    };
    let tour = verify::constructed(chosen.tour.clone())?;
    write_with(output.unwrap_or(Path::new("-")), |out| {
        format::write(&tour, text_format, &mut &mut *out)
    })?;
    Ok(())
}

fn build_site(
    content: PathBuf,
    templates: PathBuf,
    out: PathBuf,
    jobs: Option<usize>,
    force: bool,
) -> Result<(), Failure> {
    let opts = site::BuildOptions {
        content,
        templates,
        out,
        jobs,
        force,
        progress: true,
    };
    let summary = site::build(&opts)?;
    for w in &summary.warnings {
        eprintln!("knights: warning: {w}");
    }
    eprintln!("{summary}");
    Ok(())
}

/// `knights bounds`: each lower bound with its source.
fn print_bounds(board: &Board, json: bool) -> Result<(), Failure> {
    let bounds = metrics::bounds::bounds(board.width(), board.height());
    if json {
        let text = serde_json::to_string_pretty(&bounds)
            .map_err(|e| Error::internal(format!("bounds as JSON: {e}")))?;
        println!("{text}");
        return Ok(());
    }
    println!("lower bounds for the {board} board");
    for b in bounds {
        let exact = if b.exact { "" } else { " (leading term)" };
        println!("{:>9} >= {:>10.1}{exact}  {}", b.measure, b.value, b.source);
    }
    Ok(())
}

/// `knights gadgets heel`: the front as a table; the pieces file when asked.
fn gadgets(area: GadgetArea, ending: GadgetEnding, write: Option<&Path>) -> Result<(), Failure> {
    use knights::construct::besa::gadgets::{self, Area};
    use knights::gadget::Ending;
    let area = match area {
        GadgetArea::Paper => Area::Paper,
        GadgetArea::Open => Area::Open,
    };
    let ending = match ending {
        GadgetEnding::Any => Ending::Any,
        GadgetEnding::Plain => Ending::Plain,
    };
    print!("{}", gadgets::report(area, ending));
    if let Some(path) = write {
        knights::atomic::write_bytes(path, gadgets::heels_toml().as_bytes())?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

fn list() -> Result<(), Failure> {
    for c in construct::all() {
        println!("{}", c.name());
        println!("    {}", c.summary());
        println!("    boards:   {}", c.boards());
        if !c.variants().is_empty() {
            println!("    variants: {}", c.variants().join(", "));
        }
    }
    println!("{}", Algo::Auto);
    println!("    the first of the above that supports the board (the default)");
    Ok(())
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
    }

    #[test]
    fn the_command_line_is_well_formed() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
