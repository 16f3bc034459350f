//! What kind of walk a [`crate::Tour`] claims to be: one path over every cell (a tour,
//! open or closed), closed cycles that together cover the board (a tourney), or a
//! path over some cells none of whose leaps cross (an uncrossed path). The three are
//! one claim with one proof ([`crate::verify`]), one [`crate::metrics::measure`], one
//! drawing and one file format; the shape is what they branch on.

/// The kind of walk a tour claims to be (see the module's comment).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Shape {
    /// Every cell of the board once, in one path (closed or open).
    #[default]
    Tour,
    /// Closed cycles covering the board, written one after another in the path: cycle
    /// `i` starts at step `starts[i]` and ends where the next starts.
    Tourney {
        /// Where each cycle starts in the path, increasing, the first 0.
        starts: Vec<usize>,
    },
    /// A path (closed: a cycle) over some of the board's cells, no two leaps crossing
    /// (Yarbrough 1969, "Uncrossed knight's tours").
    Uncrossed {
        /// The number of leaps its file claims, which the proof checks.
        claim: Option<u64>,
    },
}

impl Shape {
    /// The shape's name in messages: `tour`, `tourney`, `uncrossed path`.
    pub fn name(&self) -> &'static str {
        match self {
            Shape::Tour => "tour",
            Shape::Tourney { .. } => "tourney",
            Shape::Uncrossed { .. } => "uncrossed path",
        }
    }
}
