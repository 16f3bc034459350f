//! Tours for the tests, read from `tests/fixtures/` and proved on loading: this crate
//! draws tours but cannot build them (the constructions are a layer beside it), so
//! its tests draw stored ones. Each file was written by `knights tour` (the command is
//! in `tests/fixtures/README.md`).

use std::path::PathBuf;

use knights_core::format::parse;
use knights_core::verify::verify;
use knights_core::{Tour, Verified};

fn read(name: &str) -> Tour {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "fixtures", name]
        .iter()
        .collect();
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
    parse(&text, name).unwrap_or_else(|e| panic!("{e}"))
}

/// The two-sided tour stored as `name` (e.g. `8x8.json`), proved.
pub fn tour(name: &str) -> Verified {
    let t = read(name);
    assert_eq!(t.board().dims(), 2, "{name}: a board of {}", t.board());
    verify(t).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The tour of a board of three or more sides stored as `name`, proved.
pub fn space_tour(name: &str) -> Verified {
    let t = read(name);
    assert!(
        t.board().dims() > 2,
        "{name}: a board of two sides, {}",
        t.board()
    );
    verify(t).unwrap_or_else(|e| panic!("{name}: {e}"))
}
