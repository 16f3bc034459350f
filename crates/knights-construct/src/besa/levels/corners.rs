//! The corners of a level where the formation tour's quartet leaves it or arrives from
//! the level below, on boards with more than two sides (the paper's Figure 18, lost
//! from its text): their names in `levels.toml` and where they lie. Their pieces are
//! the 2-D junctions with one move of each of their two runs cut, found by the search
//! of knights-lab (`knights gadgets levels`) and read by `data.rs`.

/// A corner of a level that the knights leave or enter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Corner {
    /// The bottom-left corner: the region of the bottom-left junction (height 5).
    BottomLeft,
    /// The top-right corner: the region of the top-right junction of this height (5-8).
    TopRight(u32),
}

impl Corner {
    /// Every corner the construction needs.
    pub const ALL: [Corner; 5] = [
        Corner::BottomLeft,
        Corner::TopRight(5),
        Corner::TopRight(6),
        Corner::TopRight(7),
        Corner::TopRight(8),
    ];

    /// The name of its pieces in the data: `<name>_end` and `<name>_start`.
    pub fn name(self) -> String {
        match self {
            Corner::BottomLeft => "bottom_left".into(),
            Corner::TopRight(t) => format!("top_right_h{t}"),
        }
    }

    /// The height of the junction whose cells the corner's pieces cover.
    pub fn junction_height(self) -> u32 {
        match self {
            Corner::BottomLeft => 5,
            Corner::TopRight(t) => t,
        }
    }
}
