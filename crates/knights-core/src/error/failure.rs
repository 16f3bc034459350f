//! Why a tour is not a tour, and where ([`Failure`]): what [`crate::verify`] finds
//! wrong with a path, a move grid or a claimed closing move, on a board of any number
//! of sides, its cells written as [`Coords`]; and why cycles are not a tourney or a
//! path not an uncrossed path, the other shapes of walk [`crate::verify`] proves.

use std::fmt;

use super::plural;

/// The coordinates of a cell, x first, written `[x, y]` (`[x, y, z, ...]` on a board of
/// more sides).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coords(pub Vec<u32>);

impl Coords {
    /// The cell `(x, y)` of a board of two sides.
    pub fn xy((x, y): (u32, u32)) -> Coords {
        Coords(vec![x, y])
    }

    /// The first two coordinates, `(x, y)`.
    pub fn pair(&self) -> (u32, u32) {
        (self.0[0], self.0[1])
    }
}

impl fmt::Display for Coords {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (i, v) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{v}")?;
        }
        f.write_str("]")
    }
}

/// Why a walk is not what it claims to be (a tour, a tourney, an uncrossed path), and
/// where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Failure {
    /// The path does not have one entry per cell.
    #[error("the path has {actual} cells but the {board} board has {expected}{hint}")]
    WrongLength {
        /// The board, as `WxH` (or `WxHxD`).
        board: String,
        /// Cells the board has.
        expected: u64,
        /// Cells the path lists.
        actual: u64,
        /// A hint on which cells are missing or extra.
        hint: String,
    },
    /// A cell number is off the board.
    #[error("step {step} of the path is cell number {cell}, which is off the {board} board")]
    OffBoard {
        /// The position in the path (from 0).
        step: usize,
        /// The cell number.
        cell: u32,
        /// The board, as `WxH` (or `WxHxD`).
        board: String,
    },
    /// A cell the board does not have.
    #[error("step {step} of the path visits [{x}, {y}], which is a hole of the board")]
    Hole {
        /// The position in the path (from 0).
        step: usize,
        /// Column.
        x: u32,
        /// Row from the bottom.
        y: u32,
    },
    /// A cell visited twice.
    #[error("cell {cell} is visited twice, at steps {first} and {second} of the path")]
    Repeated {
        /// The cell.
        cell: Coords,
        /// The first visit (from 0).
        first: usize,
        /// The second visit.
        second: usize,
    },
    /// A step that is not a leap.
    #[error("step {step} of the path, from {from} to {to}, is not a {leaper} leap")]
    NotALeap {
        /// The position of the step's end in the path (from 1).
        step: usize,
        /// Where it leaves.
        from: Coords,
        /// Where it lands.
        to: Coords,
        /// The leaper, as `(1, 2)`.
        leaper: String,
    },
    /// The move grid a construction attached is of another board.
    #[error("the tour's move grid is of the {grid} board, not the {board} board")]
    GridBoard {
        /// The grid's board.
        grid: String,
        /// The tour's board.
        board: String,
    },
    /// The move grid a construction attached does not hold the path's moves.
    #[error("the tour's move grid does not hold its path's moves at [{x}, {y}]")]
    GridMismatch {
        /// Column.
        x: u32,
        /// Row from the bottom.
        y: u32,
    },
    /// The move grid holds the path's moves but declares a uniform rectangle (where
    /// walks jump) that is not.
    #[error("the tour's move grid declares that a rectangle's cells all hold the same moves, but [{x}, {y}] does not")]
    GridStraight {
        /// Column.
        x: u32,
        /// Row from the bottom.
        y: u32,
    },
    /// A tour claimed closed whose ends are not a leap apart.
    #[error("the tour claims to be closed, but its last cell {last} is not a {leaper} leap from its first {first}")]
    NotClosed {
        /// The first cell.
        first: Coords,
        /// The last cell.
        last: Coords,
        /// The leaper.
        leaper: String,
    },
    /// A tourney of no cycles at all on a board with cells.
    #[error("there are no cycles")]
    NoCycles,
    /// A tourney's cycle too short to be closed (fewer than three cells).
    #[error("cycle {cycle} has {len} cell{}, and a closed cycle needs at least 3", plural(*.len as u64))]
    ShortCycle {
        /// The cycle, from 0.
        cycle: usize,
        /// Its cells.
        len: usize,
    },
    /// A tourney's cell off the board or missing from it (off the board, it is written
    /// `[4294967295, 4294967295]`).
    #[error("cycle {cycle}, step {step}: {cell} is not a cell of the board")]
    CycleOffBoard {
        /// The cycle, from 0.
        cycle: usize,
        /// The step, from 0.
        step: usize,
        /// The cell.
        cell: Coords,
    },
    /// A cell in two places of a tourney.
    #[error("{cell} is in cycle {} at step {} and again in cycle {} at step {}", .first.0, .first.1, .second.0, .second.1)]
    CycleRepeated {
        /// The cell.
        cell: Coords,
        /// Its first place, (cycle, step).
        first: (usize, usize),
        /// Its second place.
        second: (usize, usize),
    },
    /// Two cells in a row of a tourney's cycle (or its last and first) that are not a
    /// leap apart.
    #[error("cycle {cycle}, step {step}: {from} to {to} is not a {leaper} leap")]
    CycleNotALeap {
        /// The cycle, from 0.
        cycle: usize,
        /// The step that leaves `from`.
        step: usize,
        /// From this cell.
        from: Coords,
        /// To this one.
        to: Coords,
        /// The leaper, as `(1, 2)`.
        leaper: String,
    },
    /// Cells of the board in no cycle of a tourney.
    #[error("{count} cell{} in no cycle, the first {cell}", if *.count == 1 { " is" } else { "s are" })]
    Uncovered {
        /// The first such cell (lowest number).
        cell: Coords,
        /// How many.
        count: u64,
    },
    /// An uncrossed path on a band or a board with holes.
    #[error("not an uncrossed path of {board}: uncrossed paths lie on full boards of the plane")]
    UncrossedOffPlane {
        /// The board, as its `Display` writes it.
        board: String,
    },
    /// An uncrossed path of too few cells (a path needs two, a cycle three).
    #[error("not an uncrossed path of {board}: {cells} cells are too few")]
    UncrossedTooShort {
        /// The board.
        board: String,
        /// The cells of the path.
        cells: usize,
    },
    /// A cell an uncrossed path visits twice.
    #[error("not an uncrossed path of {board}: {cell} is visited twice")]
    UncrossedRepeated {
        /// The board.
        board: String,
        /// The cell.
        cell: Coords,
    },
    /// A step of an uncrossed path that is not a leap.
    #[error("not an uncrossed path of {board}: step {step} is not a {leaper}'s leap")]
    UncrossedNotALeap {
        /// The board.
        board: String,
        /// The step, from 1.
        step: usize,
        /// The leaper's name (`knight`).
        leaper: String,
    },
    /// Two leaps of an uncrossed path that cross.
    #[error("not an uncrossed path of {board}: steps {first} and {second} cross")]
    Crossing {
        /// The board.
        board: String,
        /// The earlier step, from 1.
        first: usize,
        /// The later step.
        second: usize,
    },
    /// An uncrossed path whose file claims another number of leaps.
    #[error("not an uncrossed path of {board}: the file claims {claimed} leaps but the path has {leaps}")]
    WrongLeaps {
        /// The board.
        board: String,
        /// The leaps the file claims.
        claimed: u64,
        /// The leaps of the path.
        leaps: u64,
    },
}

/// The kind of walk a [`Failure`] refuses.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Walk {
    Tour,
    Tourney,
    Uncrossed,
}

impl Failure {
    fn of_walk(&self) -> Walk {
        use Failure::*;
        match self {
            NoCycles
            | ShortCycle { .. }
            | CycleOffBoard { .. }
            | CycleRepeated { .. }
            | CycleNotALeap { .. }
            | Uncovered { .. } => Walk::Tourney,
            UncrossedOffPlane { .. }
            | UncrossedTooShort { .. }
            | UncrossedRepeated { .. }
            | UncrossedNotALeap { .. }
            | Crossing { .. }
            | WrongLeaps { .. } => Walk::Uncrossed,
            _ => Walk::Tour,
        }
    }

    /// The kind of walk the failure refuses: `tour`, `tourney` or `uncrossed path`.
    pub fn walk(&self) -> &'static str {
        match self.of_walk() {
            Walk::Tour => "tour",
            Walk::Tourney => "tourney",
            Walk::Uncrossed => "uncrossed path",
        }
    }

    /// The failure said as the refusal of its walk: `not a tour: ...`, `not a tourney:
    /// ...`, `not an uncrossed path of 4x4: ...` (whose own message says so).
    pub fn refusal(&self) -> String {
        match self.of_walk() {
            Walk::Uncrossed => self.to_string(),
            _ => format!("not a {}: {self}", self.walk()),
        }
    }
}
