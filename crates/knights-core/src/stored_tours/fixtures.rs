//! The tours these tests read from `tests/fixtures/`, each written by a construction
//! (the command that writes them again is in `tests/fixtures/README.md`): parsed, and
//! for a formation tour its move grid with the uniform rectangle its construction
//! declared, so that a test can take the tour as the construction gave it.

use std::path::PathBuf;

use crate::format::parse;
use crate::moves::MoveGrid;
use crate::trace::Straight;
use crate::verify::verify;
use crate::{Tour, Verified};

/// The text of the fixture `name`.
pub fn text(name: &str) -> String {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "fixtures", name]
        .iter()
        .collect();
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The tour stored as `name` (e.g. `8x8.json`), as read.
pub fn tour(name: &str) -> Tour {
    parse(&text(name), name).unwrap_or_else(|e| panic!("{e}"))
}

/// The tour stored as `name`, proved.
pub fn verified(name: &str) -> Verified {
    verify(tour(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The uniform rectangle the construction of the tour `name` declared (its file's
/// `straight` field, which the tour readers skip).
pub fn straight(name: &str) -> Straight {
    let doc: serde_json::Value = serde_json::from_str(&text(name)).expect("JSON");
    let s = &doc["straight"];
    let range = |key: &str| {
        let n = |i: usize| s[key][i].as_u64().expect("a number") as u32;
        n(0)..n(1)
    };
    Straight {
        xs: range("xs"),
        ys: range("ys"),
        mask: s["mask"].as_u64().expect("a mask") as u8,
    }
}

/// The move grid of the formation tour `name`, declaring its uniform rectangle.
pub fn grid(name: &str) -> MoveGrid {
    let t = tour(name);
    MoveGrid::from_path(t.board(), t.path(), t.is_closed())
        .expect("a tour's moves are leaps")
        .with_straight(straight(name))
}

/// The formation tour `name` as its construction gives it: the walk of its grid from
/// its first cell towards its second, the path not written out, the grid attached.
pub fn walked(name: &str) -> Tour {
    let t = tour(name);
    let (p, closed) = (t.path(), t.is_closed());
    let g = grid(name);
    let trace = g.trace(p[0], Some(p[1]));
    Tour::walked(t.board().clone(), g, trace, closed)
}
