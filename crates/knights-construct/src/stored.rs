//! Data the constructions keep in the repository and a test can make again (the
//! stored tiles of `parberry` and `stitch`, the searched pieces of `besa`). The test compares the stored text with
//! what the code makes now; with `KNIGHTS_REGENERATE=1` it writes the new text
//! instead, to be looked at and committed (docs/regenerating.md).

/// The variable that turns the tests that own data into writers of that data.
pub(crate) const REGENERATE: &str = "KNIGHTS_REGENERATE";

/// Whether `KNIGHTS_REGENERATE=1` is set.
pub(crate) fn regenerating() -> bool {
    std::env::var(REGENERATE).is_ok_and(|v| v == "1")
}

/// Checks that `stored`, the text of the file `relative` (to the crate's root), is
/// `fresh`, what the code makes now; when regenerating, writes `fresh` there instead.
pub(crate) fn check(relative: &str, stored: &str, fresh: &str) {
    if regenerating() {
        let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(relative);
        std::fs::write(&file, fresh).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        eprintln!("wrote {relative}: rebuild and run the tests again to check it");
        return;
    }
    assert!(
        stored == fresh,
        "{relative} differs from what the code makes now: if the change is meant, rewrite it with {REGENERATE}=1 (docs/regenerating.md)"
    );
}
