//! The motifs the structured constructions use, found once by `knights motif` and kept
//! as data in `motifs.toml` (each entry names the command that finds it again), so that
//! every build has them, with or without the solver. Tests prove each one a tour with
//! the recorded ends; knights-lab's recount its symmetry and, with the `motif`
//! feature, solve the small ones again and check the count is still the optimum.

use std::sync::OnceLock;

use serde::Deserialize;

use knights_core::format;
use knights_core::Topology;
use knights_core::Tour;
use knights_core::{Error, Named, Unknown};

/// The data file.
const DATA: &str = include_str!("motifs.toml");

/// The 8x8 open motifs from the bottom-left corner to the square diagonally next to
/// the bottom-right corner: the blocks of the hidden-Hilbert and Fibonacci tours.
pub(crate) const BLOCK_VARIANTS: &[&str] = &["o8", "o8-b", "o8-c", "o8-d", "o8-e"];

/// The tessellation-like 24x24 open tours (nearly fourfold symmetric, the interior
/// repeated by translation), with the same ends as the 8x8 motifs (listed for the
/// hidden-Hilbert tests; the construction takes them from [`HILBERT_VARIANTS`]).
#[cfg(test)]
pub(crate) const TESSELLATION_VARIANTS: &[&str] = &["t24-a", "t24-b", "t24-c", "t24-d"];

/// The variants of the hidden-Hilbert construction: every open motif of the shape
/// above, 8x8 or 24x24.
pub(crate) const HILBERT_VARIANTS: &[&str] = &[
    "o8", "o8-b", "o8-c", "o8-d", "o8-e", "t24-a", "t24-b", "t24-c", "t24-d",
];

/// One stored motif.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stored {
    /// Its name (a `--variant` of the constructions that use it).
    pub name: String,
    /// What it is, in a few words.
    pub about: String,
    /// The `knights motif` command that finds it.
    pub command: String,
    /// The symmetry its count is of.
    pub symmetry: String,
    /// Leaps whose images are in the tour too.
    pub count: u32,
    /// The solver's bound on the count (equal: proved optimal).
    pub bound: u32,
    /// Whether the tour is closed.
    pub closed: bool,
    /// The tour as a numbered grid, top row first.
    pub grid: String,
    /// How its left and right edges meet (absent: the plane).
    #[serde(default)]
    pub topology: Option<String>,
    /// For a band motif: the number of copies it was designed for (`--copies`).
    #[serde(default)]
    pub copies: Option<u32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    motif: Vec<Stored>,
}

/// Every stored motif, read once.
pub fn all() -> &'static [Stored] {
    static ALL: OnceLock<Vec<Stored>> = OnceLock::new();
    ALL.get_or_init(|| {
        toml::from_str::<File>(DATA)
            .expect("motifs.toml is well formed (tested)")
            .motif
    })
}

/// The motif called `name`.
pub fn get(name: &str) -> Result<&'static Stored, Error> {
    all().iter().find(|m| m.name == name).ok_or_else(|| {
        let names: Vec<&str> = all().iter().map(|m| m.name.as_str()).collect();
        Unknown::new(Named::Motif, name, &names).into()
    })
}

impl Stored {
    /// The tour, as read from its grid (not verified here: the tests prove it).
    pub fn tour(&self) -> Tour {
        let t = format::parse(&self.grid, &self.name).expect("stored grids parse (tested)");
        let board = t.board().clone().with_topology(self.topology());
        Tour::new(board, t.path().to_vec(), self.closed).with_algorithm("motif")
    }

    /// How its left and right edges meet.
    pub fn topology(&self) -> Topology {
        self.topology.as_deref().map_or(Topology::Plane, |t| {
            t.parse().expect("stored topologies parse (tested)")
        })
    }

    /// The side of a square motif (its width).
    pub fn side(&self) -> u32 {
        self.grid
            .lines()
            .find(|l| !l.trim().is_empty())
            .map_or(0, |l| l.split_whitespace().count() as u32)
    }

    /// The visited squares `(x, y)` in order.
    pub fn cells(&self) -> Vec<(u32, u32)> {
        let t = self.tour();
        t.path().iter().map(|&c| t.board().xy(c)).collect()
    }
}
