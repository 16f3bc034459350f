//! Resource limits: a request too large for this machine, for cell numbering or for a
//! renderer ([`TooLarge`]), with the figure and the limit, and the byte counts its
//! messages write ([`Bytes`]).

use std::fmt;

/// A request too large for this machine, for cell numbering or for a renderer, with the
/// figure and the limit.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TooLarge {
    /// More cells than cell numbers (`u32`) can name.
    #[error(
        "{} board has {cells} cells, more than the {limit} this tool can number",
        crate::article::an(format!("{width}x{height}"))
    )]
    Board {
        /// Columns.
        width: u32,
        /// Rows.
        height: u32,
        /// Its cells.
        cells: u64,
        /// The most cells a board may have.
        limit: u64,
    },
    /// A board of three or more sides with more cells than cell numbers can name.
    #[error(
        "{} board has {cells} cells, more than the {limit} this tool can number",
        crate::article::an(board)
    )]
    Space {
        /// The board, as `WxHxD`.
        board: String,
        /// Its cells, written out (rounded when huge).
        cells: String,
        /// The most cells a board may have.
        limit: u64,
    },
    /// A side written with more digits than a side may have.
    #[error("'{text}' is too large a board: a side can be at most {} and the board at most {limit} cells", u32::MAX)]
    Side {
        /// The board as written.
        text: String,
        /// The most cells a board may have.
        limit: u64,
    },
    /// The board with its border of walls is too large for the search's cell numbers.
    #[error(
        "{} board is too large to search: its padded grid has more than {limit} cells",
        crate::article::an(board)
    )]
    Search {
        /// The board.
        board: String,
        /// The most cells the padded grid may have.
        limit: u64,
    },
    /// A board too large for the motif solver's model.
    #[error(
        "a motif model of {board} has {cells} cells; the solver takes boards of at most {limit}"
    )]
    Model {
        /// The board.
        board: String,
        /// Its cells.
        cells: u64,
        /// The most cells the solver takes.
        limit: u64,
    },
    /// More memory than this process may use.
    #[error("{what} needs about {need} of memory ({detail}), but only {available} is available")]
    Memory {
        /// What needs it (`a 30000x30000 board`).
        what: String,
        /// How the need is counted.
        detail: String,
        /// The estimate.
        need: Bytes,
        /// What the process may still allocate.
        available: Bytes,
    },
    /// An allocation the system refused.
    #[error("cannot allocate {bytes} for {what}: not enough memory")]
    Allocation {
        /// What it was for.
        what: String,
        /// Its size.
        bytes: Bytes,
    },
    /// A tour file longer than the memory available can parse.
    #[error("{file}: more than {limit} of text, too much to parse in the {available} of memory available")]
    Text {
        /// The file (or `-` for standard input).
        file: String,
        /// The longest text parsed.
        limit: Bytes,
        /// The memory available.
        available: Bytes,
    },
    /// A drawing with more elements than the PNG and PDF renderer accepts.
    #[error("the drawing has {elements} elements, more than the {limit} the PNG and PDF renderer accepts: draw fewer layers with --show (e.g. -turns,-crossings,-numbers) or write SVG")]
    Drawing {
        /// Its elements.
        elements: u64,
        /// The most the renderer accepts.
        limit: u64,
    },
    /// A worksheet of a board with more squares than its pages can number.
    #[error("a worksheet numbers every square of its boards, and the {board} board has {cells}: at {per_page} exercises a page a worksheet takes boards of at most {limit} squares (numbers on more are unreadable, or more than the PDF renderer accepts on a page); take a smaller board, or fewer exercises a page with --per-page")]
    Worksheet {
        /// The board.
        board: String,
        /// Its squares.
        cells: u64,
        /// Exercises a page.
        per_page: usize,
        /// The most squares a board of the worksheet may have.
        limit: u64,
    },
    /// A board of more sides than this tool models.
    #[error("a board of {sides} sides is more than the {limit} this tool models")]
    Sides {
        /// Its sides.
        sides: usize,
        /// The most sides a board may have.
        limit: usize,
    },
    /// An animation whose pictures would take too long to draw one by one.
    #[error("a GIF or frames of the {board} board draw about {moves} moves{length} over their {frames} pictures, more than the {limit} this tool draws (minutes of work): the animated SVG (-o walk.svg) plays it by sections, or animate a smaller board")]
    Animation {
        /// The board.
        board: String,
        /// Moves drawn over all the pictures.
        moves: u64,
        /// For another leaper than the knight, how long its moves are drawn: `" of the
        /// (1, 64) leaper, each as long as 28.6 of the knight's (N in all)"`; empty for
        /// the knight.
        length: String,
        /// The pictures.
        frames: u64,
        /// The most moves drawn.
        limit: u64,
    },
    /// Work that grows with an option past what this tool does in about a minute,
    /// refused before it starts.
    #[error("{what} is about {work} {unit}, more than the {limit} this tool does (about a minute of work): {instead}")]
    Work {
        /// What was asked (`--blur 100000 on the 2000x2000 board`).
        what: String,
        /// The estimate.
        work: u64,
        /// What is counted (`cell moves`).
        unit: &'static str,
        /// The most done.
        limit: u64,
        /// What to ask instead.
        instead: String,
    },
    /// A picture wider or taller than this tool writes.
    #[error("{} pixel {format} is larger than the {limit} pixels a side this tool writes: ask for a smaller --width or --dpi", crate::article::an(format!("{width}x{height}")))]
    Image {
        /// `PNG` or `GIF`.
        format: &'static str,
        /// Its width in pixels.
        width: u32,
        /// Its height in pixels.
        height: u32,
        /// The most pixels a side may have.
        limit: u32,
    },
    /// A level of a tiled image pyramid outside the sides this tool draws.
    #[error("a pyramid level of {width}x{height} pixels is outside 1 to {limit} a side")]
    Level {
        /// Its width in pixels.
        width: u32,
        /// Its height in pixels.
        height: u32,
        /// The most pixels a side may have.
        limit: u32,
    },
    /// Pixels the system would not allocate.
    #[error("cannot allocate {} pixel {what}", crate::article::an(format!("{width}x{height}")))]
    Pixels {
        /// `image` or `tile`.
        what: &'static str,
        /// Its width in pixels.
        width: u32,
        /// Its height in pixels.
        height: u32,
    },
    /// Step numbers asked of a board of more squares than they can be read on.
    #[error("--show numbers writes a number in every square, which is unreadable on the {board} board: it is limited to {limit} squares (draw a part with --region)")]
    Numbers {
        /// The board.
        board: String,
        /// The most squares numbered.
        limit: u64,
    },
    /// Squares asked of a picture of more squares a side than its pixels show.
    #[error("--show squares draws the squares of the {board} board, {side} a side, more than the {limit} a PNG or PDF draws (smaller than its pixels, and minutes to draw): draw a part with --region, leave out squares, or write SVG")]
    Squares {
        /// The board.
        board: String,
        /// Squares a side of the part drawn.
        side: u32,
        /// The most squares a side.
        limit: u32,
    },
    /// A still drawing of a band or torus whose crossings would take too long to place:
    /// each leap is tested against the leaps of every cell within reach of it, a window
    /// that grows with the square of the leap's length.
    #[error("a drawing of the {board} board places its crossings by testing each leap against those around it, {per_cell} tests a cell for the {leaper} leaper, {tests} in all, more than the {limit} a drawing makes (about ten seconds): take a smaller board or a shorter leap")]
    BandCrossings {
        /// The board, with its topology.
        board: String,
        /// The leaper, `(a, b)`.
        leaper: String,
        /// Tests per cell.
        per_cell: u64,
        /// Tests in all.
        tests: u64,
        /// The most tests.
        limit: u64,
    },
    /// Degrees asked of a board of more squares than they can be read on.
    #[error("--show degrees writes a number in every square, which is unreadable on the {board} board: it is limited to {limit} squares")]
    Degrees {
        /// The board.
        board: String,
        /// The most squares numbered.
        limit: u64,
    },
}

/// A number of bytes, written in binary units (`6.7 GiB`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Bytes(pub u64);

impl fmt::Display for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let units = ["bytes", "KiB", "MiB", "GiB", "TiB"];
        let mut v = self.0 as f64;
        let mut u = 0;
        while v >= 1024.0 && u + 1 < units.len() {
            v /= 1024.0;
            u += 1;
        }
        if u == 0 {
            write!(f, "{} bytes", self.0)
        } else {
            write!(f, "{v:.1} {}", units[u])
        }
    }
}
