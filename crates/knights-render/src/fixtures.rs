//! Tours for the tests, read from `tests/fixtures/` and proved on loading: this crate
//! draws tours but cannot build them (the constructions are a layer beside it), so
//! its tests draw stored ones. Each file was written by `knights tour` (the command is
//! in `tests/fixtures/README.md`).

use std::path::PathBuf;

use knights_core::format::parse_any;
use knights_core::space::VerifiedSpaceTour;
use knights_core::verify::verify;
use knights_core::AnyTour;
use knights_core::Verified;

fn read(name: &str) -> AnyTour {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "fixtures", name]
        .iter()
        .collect();
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
    parse_any(&text, name).unwrap_or_else(|e| panic!("{e}"))
}

/// The two-sided tour stored as `name` (e.g. `8x8.json`), proved.
pub fn tour(name: &str) -> Verified {
    match read(name) {
        AnyTour::Flat(t) => verify(t).unwrap_or_else(|e| panic!("{name}: {e}")),
        AnyTour::Space(t) => panic!("{name}: a board of {} sides", t.space().sides().len()),
    }
}

/// The tour of a board of three or more sides stored as `name`, proved.
pub fn space_tour(name: &str) -> VerifiedSpaceTour {
    match read(name) {
        AnyTour::Space(t) => {
            knights_core::space::verify::verify(t).unwrap_or_else(|e| panic!("{name}: {e}"))
        }
        AnyTour::Flat(t) => panic!("{name}: a board of two sides, {}", t.board()),
    }
}
