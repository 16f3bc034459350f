//! Builds the explorer's WebAssembly module (crates/knights-web, for
//! `wasm32-unknown-unknown`, the workspace's `wasm` profile) so that the gallery embeds
//! it: `cargo build` of the `knights` binary is then all a site with a working explorer
//! needs. The module is built by a second cargo in a target folder of its own
//! (`TARGET/knights-web`: the outer build holds its own folder's lock), sharing the
//! outer build's jobs.
//!
//! Without the target (or with `KNIGHTS_EXPLORER=0`, for quick rebuilds), or if the
//! module fails to build, the build still succeeds: the module is empty and
//! `explorer.txt` says in one line why and how to get it, which the explore page shows.
//! Writes `$OUT_DIR/knights_web.wasm` and `$OUT_DIR/explorer.txt`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::{env, fs};

const TARGET: &str = "wasm32-unknown-unknown";

fn main() {
    let out = PathBuf::from(env::var("OUT_DIR").expect("cargo sets it"));
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let crates = manifest.parent().expect("the crate sits in crates/");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=KNIGHTS_EXPLORER");
    for dep in [
        "knights-web",
        "knights-core",
        "knights-construct",
        "knights-render",
    ] {
        println!("cargo:rerun-if-changed={}", crates.join(dep).display());
    }
    let root = crates.parent().expect("the workspace holds crates/");
    for file in ["Cargo.lock", "Cargo.toml"] {
        println!("cargo:rerun-if-changed={}", root.join(file).display());
    }
    let (module, why) = match build(root, &out) {
        Ok(bytes) => (bytes, String::new()),
        Err(why) => {
            println!("cargo:warning=the gallery's explorer is left out: {why}");
            (Vec::new(), why)
        }
    };
    write(&out.join("knights_web.wasm"), &module);
    write(&out.join("explorer.txt"), why.as_bytes());
}

/// The module's bytes, or why there are none (one line).
fn build(root: &Path, out: &Path) -> Result<Vec<u8>, String> {
    if env::var("KNIGHTS_EXPLORER").is_ok_and(|v| v == "0") {
        return Err("this knights was built with KNIGHTS_EXPLORER=0".into());
    }
    if !target_installed() {
        return Err(format!(
            "the {TARGET} target is missing: rustup target add {TARGET}, then build again (cargo run --release -- build)"
        ));
    }
    // OUT_DIR is TARGET_DIR/[TRIPLE/]PROFILE/build/knights-gallery-HASH/out.
    let target_dir = out
        .ancestors()
        .nth(4)
        .expect("OUT_DIR is deep")
        .join("knights-web");
    let cargo = env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.current_dir(root)
        .args([
            "build",
            "--profile",
            "wasm",
            "--locked",
            "-p",
            "knights-web",
        ])
        .args(["--target", TARGET])
        .arg("--target-dir")
        .arg(&target_dir);
    // The outer build's flags and wrappers are for the host, not for this target.
    for var in [
        "CARGO_ENCODED_RUSTFLAGS",
        "RUSTFLAGS",
        "CARGO_BUILD_RUSTFLAGS",
        "CARGO_TARGET_DIR",
        "CARGO_BUILD_TARGET",
        "RUSTC_WORKSPACE_WRAPPER",
    ] {
        cmd.env_remove(var);
    }
    let run = cmd
        .output()
        .map_err(|e| format!("cargo did not run: {e}"))?;
    if !run.status.success() {
        let err = String::from_utf8_lossy(&run.stderr);
        let first = err
            .lines()
            .find(|l| l.starts_with("error"))
            .unwrap_or("see cargo build -p knights-web --target wasm32-unknown-unknown");
        return Err(format!("the module did not build: {first}"));
    }
    let module = target_dir.join(TARGET).join("wasm/knights_web.wasm");
    fs::read(&module).map_err(|e| format!("{}: {e}", module.display()))
}

/// Whether the standard library for the target is installed.
fn target_installed() -> bool {
    let rustc = env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let sysroot = Command::new(rustc).args(["--print", "sysroot"]).output();
    sysroot.is_ok_and(|o| {
        let root = String::from_utf8_lossy(&o.stdout).trim().to_string();
        Path::new(&root)
            .join("lib/rustlib")
            .join(TARGET)
            .join("lib")
            .is_dir()
    })
}

fn write(path: &Path, bytes: &[u8]) {
    fs::write(path, bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}
