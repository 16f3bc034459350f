//! Data the constructions keep in the repository and a search of this crate makes
//! again. A test compares the stored file with what the search makes now; with
//! `KNIGHTS_REGENERATE=1` it writes the new text instead, to be looked at and committed
//! (docs/regenerating.md).

use std::path::{Path, PathBuf};

/// The variable that turns the tests that own data into writers of that data.
pub(crate) const REGENERATE: &str = "KNIGHTS_REGENERATE";

/// Whether `KNIGHTS_REGENERATE=1` is set.
pub(crate) fn regenerating() -> bool {
    std::env::var(REGENERATE).is_ok_and(|v| v == "1")
}

/// The repository's root, which the stored files' paths are relative to.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Checks that the stored file `relative` (to the repository's root) holds `fresh`,
/// what the code makes now; when regenerating, writes `fresh` there instead.
pub(crate) fn check(relative: &str, fresh: &str) {
    let file = root().join(relative);
    if regenerating() {
        std::fs::write(&file, fresh).unwrap_or_else(|e| panic!("{relative}: {e}"));
        eprintln!("wrote {relative}: rebuild and run the tests again to check it");
        return;
    }
    let stored = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{relative}: {e}"));
    assert!(
        stored == fresh,
        "{relative} differs from what the code makes now: if the change is meant, rewrite it with {REGENERATE}=1 (docs/regenerating.md)"
    );
}
