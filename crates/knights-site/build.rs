//! Compiles the site's default templates (`templates/`) and the starter catalogue of
//! `knights init` (`starter/`) into the binary, so that an installed `knights` publishes
//! without a copy of this repository. Each folder becomes a list of
//! `(relative path, include_bytes!(file))` in `$OUT_DIR`; cargo runs this again when
//! anything under either folder changes, a new file included.

use std::path::{Path, PathBuf};
use std::{env, fs};

fn main() {
    let root = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let out = PathBuf::from(env::var("OUT_DIR").expect("cargo sets it"));
    println!("cargo:rerun-if-changed=build.rs");
    for folder in ["templates", "starter"] {
        println!("cargo:rerun-if-changed={folder}");
        let dir = root.join(folder);
        let mut files = Vec::new();
        walk(&dir, &mut files);
        files.sort();
        let mut list = String::from("&[\n");
        for path in files {
            let rel = path.strip_prefix(&dir).expect("walked under dir");
            let name = rel.to_string_lossy().replace('\\', "/");
            list.push_str(&format!("    ({name:?}, include_bytes!({path:?})),\n"));
        }
        list.push_str("]\n");
        let dest = out.join(format!("{folder}.rs"));
        fs::write(&dest, list).unwrap_or_else(|e| panic!("{}: {e}", dest.display()));
    }
}

/// Every file under `dir`, but hidden ones (editor and system leftovers).
fn walk(dir: &Path, files: &mut Vec<PathBuf>) {
    let entries = fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let entry = entry.unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        if entry.file_name().to_string_lossy().starts_with('.') {
            continue;
        }
        let path = entry.path();
        if path.is_dir() {
            walk(&path, files);
        } else {
            files.push(path);
        }
    }
}
