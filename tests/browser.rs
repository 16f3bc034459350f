//! The gallery in a real browser: runs `tests/browser/run.sh` (headless Chromium, which
//! it installs when missing) on the fixture catalogue built by the binary under test.

use std::process::Command;

#[test]
fn the_fixture_gallery_loads_cleanly_in_chromium() {
    let root = env!("CARGO_MANIFEST_DIR");
    let out = Command::new("bash")
        .arg(format!("{root}/tests/browser/run.sh"))
        .env("KNIGHTS_BIN", env!("CARGO_BIN_EXE_knights"))
        .output()
        .expect("bash runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "browser check failed:\n{text}");
    assert!(text.contains(" passed, 0 failed"), "{text}");
}
