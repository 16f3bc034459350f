//! What a user asked for that cannot be, typed so that a caller can act on the reason
//! (offer the alternatives, ask for a smaller board, point at the option): a name that
//! is none of the choices ([`Unknown`]), an option's value out of its range
//! ([`BadOption`]), and a board that does not fit what was asked of it ([`BadBoard`]).
//! Each message reads as the command line has always written it.

/// What kind of name an [`Unknown`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Named {
    /// A board topology (`--topology`).
    Topology,
    /// A drawing layer (`--show`).
    Layer,
    /// A drawing style (`--style`).
    Style,
    /// A built-in theme, where no theme file of that name exists (`--theme`).
    Theme,
    /// A tie-break of Warnsdorff's rule that its animation does not show.
    TieBreak,
    /// The extension of a drawing's file (`-o`).
    DrawingFormat,
    /// The extension of an animation's file (`-o` with `--animate`).
    AnimationFormat,
    /// A construction (`--algo`); `auto` is among the choices.
    Algorithm,
    /// A variant of the construction named (`--variant`).
    Variant {
        /// The construction.
        algorithm: &'static str,
    },
    /// A variant that no construction has (`--variant` with `--algo auto`).
    AnyVariant,
    /// A motif stored with the constructions.
    Motif,
    /// A symmetry the motif designer imposes (`--symmetry`).
    MotifSymmetry,
    /// A generator of tourneys (`--generator`).
    TourneyGenerator,
    /// The extension of a plot's file (`--plot`).
    PlotFormat,
}

/// A name that is none of the choices, with the choices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unknown {
    /// What kind of name it is.
    pub what: Named,
    /// The name as given (a file's path for the formats).
    pub name: String,
    /// The names that would have done (extensions with their dot).
    pub choices: Vec<String>,
}

impl Unknown {
    /// `name`, of kind `what`, is none of `choices`.
    pub fn new(what: Named, name: impl Into<String>, choices: &[&str]) -> Unknown {
        Unknown {
            what,
            name: name.into(),
            choices: choices.iter().map(|c| c.to_string()).collect(),
        }
    }

    /// The file `path`, whose extension names no format of kind `what` among `choices`.
    pub fn extension(what: Named, path: &std::path::Path, choices: &[&str]) -> Unknown {
        Unknown::new(what, path.display().to_string(), choices)
    }
}

impl std::fmt::Display for Unknown {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (name, all) = (&self.name, self.choices.join(", "));
        let or = listed(&self.choices, "or");
        match self.what {
            Named::Topology => write!(f, "'{name}' is not a topology: choose {or}"),
            Named::Layer => write!(
                f,
                "unknown layer '{name}' in --show: choose from {all}, all, none, or +NAME / \
                 -NAME to change the defaults"
            ),
            Named::Style => write!(f, "unknown style '{name}': choose {or}"),
            Named::Theme => write!(
                f,
                "unknown theme '{name}': choose one of {all} or give the path of a .toml theme \
                 file"
            ),
            Named::TieBreak => write!(
                f,
                "the rule's animation shows the {} tie-breaks, not {name}",
                listed(&self.choices, "and")
            ),
            Named::DrawingFormat => write!(
                f,
                "{name}: cannot tell the format from the extension: use {or}"
            ),
            Named::AnimationFormat => write!(f, "{name}: --animate writes an animated {or}"),
            Named::Algorithm => {
                let (auto, named) = self
                    .choices
                    .split_first()
                    .map_or(("", &[][..]), |(a, n)| (a.as_str(), n));
                write!(
                    f,
                    "unknown algorithm '{name}': choose {auto} or one of {}",
                    named.join(", ")
                )
            }
            Named::Variant { algorithm } => {
                let known = if all.is_empty() {
                    "none".to_string()
                } else {
                    all
                };
                write!(
                    f,
                    "algorithm {algorithm} has no variant '{name}' (it has: {known})"
                )
            }
            Named::AnyVariant => write!(f, "no construction has a variant '{name}'"),
            Named::Motif => write!(f, "there is no stored motif '{name}': choose one of {all}"),
            Named::MotifSymmetry => write!(f, "'{name}' is not a motif symmetry: choose {or}"),
            Named::TourneyGenerator => {
                write!(f, "unknown tourney generator '{name}': choose one of {all}")
            }
            Named::PlotFormat => write!(
                f,
                "--plot {name}: cannot tell the format from its extension: use {or}"
            ),
        }
    }
}

impl std::error::Error for Unknown {}

/// `a, b or c` (with `word` before the last).
fn listed(items: &[String], word: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} {word} {last}", rest.join(", ")),
    }
}

/// An option's value out of its range, or written in a way it cannot be read.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum BadOption {
    /// `--region` not written as four cell numbers.
    #[error(
        "--region '{text}' is not a region: write X0,Y0,X1,Y1 (cells, column and row from 0 \
         at the bottom left, both corners included), e.g. 0,0,19,19"
    )]
    RegionSyntax {
        /// The value as given.
        text: String,
    },
    /// `--region` with cells off the board.
    #[error(
        "--region {region} leaves the {board} board: columns are 0 to {} and rows 0 to {}",
        width - 1,
        height - 1
    )]
    RegionOutside {
        /// The region, as `X0,Y0,X1,Y1`.
        region: String,
        /// The board.
        board: String,
        /// Its columns.
        width: u32,
        /// Its rows.
        height: u32,
    },
    /// A message the tour cipher cannot carry.
    #[error("{what} '{text}': {why}")]
    Message {
        /// `--cipher` or `--decode`.
        what: &'static str,
        /// The message as given (cut short when long).
        text: String,
        /// What is wrong with it.
        why: String,
    },
    /// `--loop` neither `forever`, `once` nor a count from 1 to `most`.
    #[error("--loop '{text}': write forever, once, or how many times to play (1 to {most})")]
    Loop {
        /// The value as given.
        text: String,
        /// The most plays.
        most: u32,
    },
    /// `--speed` out of `least` to `most` steps per second.
    #[error("--speed {speed:?}: give the steps per second, from {least} to {most}")]
    Speed {
        /// The value as given.
        speed: f64,
        /// The slowest speed.
        least: f64,
        /// The fastest speed.
        most: f64,
    },
    /// A PNG width or resolution that is not positive.
    #[error("--width and --dpi must be positive")]
    Resolution,
    /// `--mistakes` other than 1 or 2.
    #[error("--mistakes must be 1 or 2")]
    Mistakes {
        /// The value as given.
        mistakes: usize,
    },
    /// `--samples` outside 1 to `most`.
    #[error("--samples {samples}: take from 1 to {most} samples")]
    Samples {
        /// The value as given.
        samples: u64,
        /// The most samples.
        most: u64,
    },
    /// `--samples` whose tours together have more cells than one run measures.
    #[error(
        "--samples {samples} on the {board} board is {cells} cells in all, more than the {most} \
         one run measures: {}",
        if *fit == 0 { "one tour of this board is already more: take a smaller board".to_string() } else { format!("take at most {fit} samples") }
    )]
    SampledCells {
        /// The value as given.
        samples: u64,
        /// The board.
        board: String,
        /// The cells of all the samples together.
        cells: u64,
        /// The most cells one run measures.
        most: u64,
        /// The most samples of this board that fit.
        fit: u64,
    },
    /// A worksheet's `--count` of more exercises than one sheet draws.
    #[error(
        "--count {count} on the {board} board: a worksheet takes at most {fit} exercise{} of it \
         (at most {most_exercises} on any board, and at most {most_squares} squares numbered \
         over exercises and answers; these would number {squares})",
        super::plural(*.fit)
    )]
    Exercises {
        /// The value as given.
        count: u64,
        /// The board.
        board: String,
        /// The squares numbered over exercises and answers.
        squares: u64,
        /// The most exercises on any board.
        most_exercises: u64,
        /// The most squares numbered.
        most_squares: u64,
        /// The most exercises of this board.
        fit: u64,
    },
    /// `--blur` asking for more exchanges than allowed.
    #[error("--blur {blur} is more exchanges than the {most} allowed")]
    Blur {
        /// The value as given.
        blur: u64,
        /// The most exchanges.
        most: u64,
    },
    /// `--open` given to what works on closed tours only.
    #[error("{what}: leave out --open")]
    ClosedOnly {
        /// What refuses it, in words (`stats measures closed tours`).
        what: &'static str,
    },
    /// A number of worker threads outside 1 to `most`.
    #[error("{jobs} is not a number of worker threads from 1 to {most}")]
    Jobs {
        /// The value as given.
        jobs: usize,
        /// The most threads.
        most: usize,
    },
    /// A forced leap not written as two cells.
    #[error("'{text}' is not a leap: write X,Y:X,Y, e.g. 0,0:1,2")]
    LeapSyntax {
        /// The value as given.
        text: String,
    },
    /// `--variant` for a board of three or more sides, whose constructions have none.
    #[error(
        "the constructions of boards of three or more sides have no variants; leave out \
         --variant {variant}"
    )]
    VariantOnMoreSides {
        /// The variant as given.
        variant: String,
    },
    /// `--reveal` showing every step of the tour.
    #[error(
        "--reveal {reveal} shows every step of {}-step tour: give fewer than {steps}",
        crate::article::an(steps)
    )]
    Reveal {
        /// The value as given.
        reveal: usize,
        /// The tour's steps.
        steps: usize,
    },
}

/// A board that does not fit what was asked of it: a size written wrongly, a board with
/// no cells, holes or starts off it, or a board too small or of the wrong kind.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadBoard {
    /// A board size written wrongly.
    #[error("'{text}' is not a board size: {why}")]
    Size {
        /// The size as written.
        text: String,
        /// What is wrong with it, and how to write one.
        why: &'static str,
    },
    /// A leaper this tool does not model.
    #[error(
        "({a}, {b}) is not a supported leaper: both steps must differ, be non-zero and at most 64"
    )]
    Leaper {
        /// The short step.
        a: u32,
        /// The long step.
        b: u32,
    },
    /// A side of 0.
    #[error("{} board has no cells: both sides must be at least 1", crate::article::an(format!("{width}x{height}")))]
    NoCells {
        /// Columns.
        width: u32,
        /// Rows.
        height: u32,
    },
    /// A side of 0 on a board of three or more sides.
    #[error(
        "{} board has no cells: side {side} is 0, and every side must be at least 1",
        crate::article::an(board)
    )]
    ZeroSide {
        /// The board, as `WxHxD`.
        board: String,
        /// Which side (from 1).
        side: usize,
    },
    /// Fewer than two sides.
    #[error(
        "{} board has {sides} sides: a board has two or more \
         (WIDTHxHEIGHT, WIDTHxHEIGHTxDEPTH, ...)",
        crate::article::an(board)
    )]
    FewSides {
        /// The board as its sides name it.
        board: String,
        /// Its sides.
        sides: usize,
    },
    /// A hole on a board of three or more sides.
    #[error("the {board} board has three or more sides, and such boards take no holes")]
    HolesInSpace {
        /// The board, as `WxHxD`.
        board: String,
    },
    /// A board of three or more sides given to a command (or, `option`, an option of
    /// it) that takes boards of two.
    #[error("{}", match option {
        Some(option) => format!("{option} takes boards of two sides; the {board} board has {sides}"),
        None => format!(
            "the {board} board has {sides} sides: this command takes boards of two; tour, \
             verify, metrics and render take more"
        ),
    })]
    TwoSides {
        /// The board.
        board: String,
        /// Its sides.
        sides: usize,
        /// The option that takes boards of two, when the command takes more.
        option: Option<&'static str>,
    },
    /// A hole off the board.
    #[error("hole [{x}, {y}] is outside the {width}x{height} board")]
    HoleOutside {
        /// Column.
        x: u32,
        /// Row from the bottom.
        y: u32,
        /// The board's columns.
        width: u32,
        /// Its rows.
        height: u32,
    },
    /// Holes that take every cell: no tour has a cell to visit.
    #[error("every cell of the {width}x{height} board is a hole: a board needs at least one cell to tour")]
    AllHoles {
        /// Columns.
        width: u32,
        /// Rows.
        height: u32,
    },
    /// A start off the board.
    #[error("[{x}, {y}] is off the {board} board")]
    StartOutside {
        /// Column.
        x: u32,
        /// Row from the bottom.
        y: u32,
        /// The board.
        board: String,
    },
    /// A start square that is no cell of the board (off it, or a hole).
    #[error("the start square [{x}, {y}] is not a cell of the {board} board")]
    StartNotACell {
        /// Column.
        x: u32,
        /// Row from the bottom.
        y: u32,
        /// The board.
        board: String,
    },
    /// A 3-D model asked of a flat board: only a band (a board whose sides are joined)
    /// makes one.
    #[error(
        "a 3-D model is made of a band's tour, and the {board} board is flat: use --topology \
         cylinder or moebius"
    )]
    Flat {
        /// The board.
        board: String,
    },
    /// The rule's animation asked of a board with holes or of more than `limit` squares.
    #[error(
        "the rule's animation is for full boards of at most {limit} squares, not the {board} board"
    )]
    RuleAnimation {
        /// The board.
        board: String,
        /// The most squares the animation draws.
        limit: u64,
    },
    /// Exercises asked of a board of fewer than `least` squares.
    #[error("the {board} board is too small for exercises: it needs at least {least} squares")]
    Exercises {
        /// The board.
        board: String,
        /// The fewest squares exercises need.
        least: usize,
    },
    /// No stretch of the tour, reversed, makes as many illegal steps as asked.
    #[error(
        "no stretch of this tour of the {board} board reversed gives exactly {mistakes} illegal \
         steps"
    )]
    Mistakes {
        /// The board.
        board: String,
        /// The illegal steps asked for.
        mistakes: usize,
    },
}

/// A field of a settings file (a theme) that is wrong: the file, the line where the
/// field is written when it can be found, the field's dotted path, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {}field {field}: {message}", line.map(|l| format!("line {l}, ")).unwrap_or_default())]
pub struct BadField {
    /// The file.
    pub file: String,
    /// The line (from 1) where the field is written, if it can be found.
    pub line: Option<usize>,
    /// The dotted path of the field (`tour.width`).
    pub field: String,
    /// What is wrong with it.
    pub message: String,
}
