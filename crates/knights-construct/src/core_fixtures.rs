//! The tours that core's tests read from `crates/knights-core/tests/fixtures/`: core
//! proves, measures and writes tours but cannot build them (the constructions are the
//! layer above it), so its tests that need real tours read these files. They are
//! written once by the ignored test below, which can make them again:
//! `cargo test -p knights-construct --release -- --ignored write_core_fixtures`.
//!
//! Each file is a tour in the JSON format of docs/tour-format.md. A formation tour's
//! file also carries, as a field the tour readers skip, the uniform rectangle its
//! construction declared in its move grid (`straight`), so that core's tests can give
//! the grid back its declaration.

use std::path::{Path, PathBuf};

use knights_core::format::to_json;
use knights_core::{Board, Leaper, Tour};

use crate::warnsdorff::more_sides as walk;
use crate::{build, Request};

/// A tour of `board` by `algo`, open or closed, of `variant`, as a user asks for one.
fn built(board: &str, algo: &str, open: bool, variant: Option<&str>) -> Tour {
    let mut req = Request::closed(board.parse().expect("a board"));
    req.open = open;
    req.variant = variant.map(String::from);
    build(&req, algo).unwrap_or_else(|e| panic!("{board} {algo}: {e}"))
}

/// The walk of the construction for small boards of more sides, `open` or closed,
/// from the random stream `seed`.
fn walked(sides: &[u32], open: bool, seed: u64) -> Tour {
    let b = Board::with_sides(sides, Leaper::KNIGHT).expect("a board");
    let path = walk::tour(&b, open, seed).unwrap_or_else(|| panic!("{b}: no walk"));
    Tour::new(b, path, !open).with_algorithm("warnsdorff")
}

/// The JSON of `tour`, with the uniform rectangle its move grid declares (if any) as
/// the field `straight`.
fn json(tour: &Tour) -> String {
    let text = to_json(tour);
    let Some(s) = tour.attached_grid().and_then(|g| g.straight()) else {
        return text;
    };
    let note = format!(
        "{{\n  \"straight\": {{ \"xs\": [{}, {}], \"ys\": [{}, {}], \"mask\": {} }},",
        s.xs.start, s.xs.end, s.ys.start, s.ys.end, s.mask
    );
    text.replacen('{', &note, 1)
}

/// Every fixture: its file name and its tour.
fn fixtures() -> Vec<(String, Tour)> {
    let mut out: Vec<(String, Tour)> = Vec::new();
    // Closed and open tours as `knights tour` builds them (`auto`).
    for (board, open) in [
        ("6x6", false),
        ("8x8", false),
        ("12x5", false),
        ("7x7", true),
        ("6x9", true),
        ("4x4x4", false),
        ("4x4x3", false),
        ("4x3x3x2", false),
        ("4x3x3x2", true),
    ] {
        let name = format!("{board}{}.json", if open { "-open" } else { "" });
        out.push((name, built(board, "auto", open, None)));
    }
    // Parberry's tours, plain and symmetric.
    for (board, variant) in [
        ("6x6", None),
        ("8x10", None),
        ("24x26", None),
        ("12x12", Some("sym180")),
        ("16x16", Some("sym180")),
        ("10x10", Some("sym90")),
        ("14x14", Some("sym90")),
    ] {
        let name = match variant {
            Some(v) => format!("parberry-{board}-{v}.json"),
            None => format!("parberry-{board}.json"),
        };
        out.push((name, built(board, "parberry", false, variant)));
    }
    // The walks of boards of more sides, closed and open.
    let small: [&[u32]; 5] = [
        &[4, 4, 4],
        &[6, 5, 3],
        &[5, 5, 4],
        &[4, 3, 3, 2],
        &[8, 6, 2],
    ];
    for sides in small {
        let board: Vec<String> = sides.iter().map(u32::to_string).collect();
        let board = board.join("x");
        out.push((format!("walk-{board}.json"), walked(sides, false, 0)));
        out.push((format!("walk-{board}-open.json"), walked(sides, true, 1)));
    }
    // Formation tours, with their grids' uniform rectangles.
    for board in ["16x12", "13x16", "40x17", "30x30", "40x30", "62x45"] {
        out.push((
            format!("besa-{board}.json"),
            built(board, "besa", false, None),
        ));
    }
    out
}

/// Core's fixture folder.
fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../knights-core/tests/fixtures")
}

#[test]
#[ignore = "writes core's test fixtures: run it by name after changing a construction they use"]
fn write_core_fixtures() {
    let dir = folder();
    for (name, tour) in fixtures() {
        std::fs::write(dir.join(&name), json(&tour)).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}
