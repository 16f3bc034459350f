//! The four corners of the best formation tour (`--variant best`) and the classes of
//! boards each one's tour depends on: which corner piece of `best_corners.toml` a board
//! takes. The pieces were found by the corner search of knights-lab
//! (`knights gadgets best-corners`), which searches one board of each class.

/// A corner of the built board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Corner {
    /// The bottom-left junction.
    BottomLeft,
    /// The bottom-right corner sequence.
    BottomRight,
    /// The top-left corner sequence.
    TopLeft,
    /// The top-right junction.
    TopRight,
}

/// The corners in the order they are searched and written.
pub const CORNERS: [Corner; 4] = [
    Corner::BottomLeft,
    Corner::BottomRight,
    Corner::TopLeft,
    Corner::TopRight,
];

/// The smallest built board whose four corners are searched as on the reference boards:
/// each corner's box, with the cells within reach of its moves, holds what it holds on
/// the board of its class the search ran on (tested with the search). Smaller boards
/// keep their corners.
pub const CORNERS_FROM: (u32, u32) = (26, 16);

impl Corner {
    /// The residues of the built board's `(w mod 8, h mod 4)` the corner's tour depends
    /// on: the bottom-left junction on none, the bottom-right corner on the width (which
    /// chooses its corner sequence), the top-left one on the height, the top-right
    /// junction on both (its height and where the last heel ends).
    pub fn classes(self) -> Vec<(u32, u32)> {
        let ws = [0, 2, 4, 6];
        let hs = [0, 1, 2, 3];
        match self {
            Corner::BottomLeft => vec![(0, 0)],
            Corner::BottomRight => ws.iter().map(|&w| (w, 0)).collect(),
            Corner::TopLeft => hs.iter().map(|&h| (0, h)).collect(),
            Corner::TopRight => ws
                .iter()
                .flat_map(|&w| hs.iter().map(move |&h| (w, h)))
                .collect(),
        }
    }

    /// The class of the built `w x h` board for this corner.
    pub fn class_of(self, w: u32, h: u32) -> (u32, u32) {
        match self {
            Corner::BottomLeft => (0, 0),
            Corner::BottomRight => (w % 8, 0),
            Corner::TopLeft => (0, h % 4),
            Corner::TopRight => (w % 8, h % 4),
        }
    }

    /// The name of the corner's piece for a class (its junction part adds `_junction`).
    pub fn piece_name(self, (wc, hc): (u32, u32)) -> String {
        match self {
            Corner::BottomLeft => "corner_bl".into(),
            Corner::BottomRight => format!("corner_br_w{wc}"),
            Corner::TopLeft => format!("corner_tl_h{hc}"),
            Corner::TopRight => format!("corner_tr_w{wc}_h{hc}"),
        }
    }

    /// Whether the corner holds a junction, whose two runs the sections follow.
    pub fn junction(self) -> bool {
        matches!(self, Corner::BottomLeft | Corner::TopRight)
    }
}
