//! The browser's module (knights-web) against the command line: the module is built for
//! `wasm32-unknown-unknown`, loaded in Node by `tests/wasm/sweep.mjs` through the
//! loader the pages use, and for a sweep of boards and options (plane, the corner
//! variant, sym90, the giraffe, a torus, 3-D, a tourney, an overview, themes and
//! layers) its SVG must equal byte for byte the file `knights render` writes with the
//! same options, and a board the command line refuses must be refused with the same
//! one-line reason.
//!
//! The test installs nothing. Without the wasm target (`rustup target add
//! wasm32-unknown-unknown`) or Node it says so past the harness's capture and passes;
//! with `KNIGHTS_REQUIRE_WASM=1` (set by `.ci/run`, which installs both) it fails.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::run::knights;

/// One comparison: the command line's `render` arguments (after the input) and the
/// module's request for the same tour and drawing.
struct Case {
    /// A board, or `tourney:BOARD:ALGO` for a tourney file written by `knights tourney`.
    input: &'static str,
    /// The build and drawing options of `knights render`.
    args: &'static [&'static str],
    /// The module's build request.
    build: &'static str,
    /// The module's drawing request.
    draw: &'static str,
}

const CASES: &[Case] = &[
    Case {
        input: "30x30",
        args: &[],
        build: "board=30x30",
        draw: "",
    },
    Case {
        input: "40x32",
        args: &[
            "--algo",
            "besa",
            "--variant",
            "turns",
            "--show",
            "turns,crossings",
        ],
        build: "board=40x32&algo=besa&variant=turns",
        draw: "show=turns,crossings",
    },
    Case {
        input: "17x13",
        args: &["--algo", "besa", "--variant", "corner"],
        build: "board=17x13&algo=besa&variant=corner",
        draw: "",
    },
    Case {
        input: "34x34",
        args: &["--algo", "besa", "--variant", "sym90", "--theme", "print"],
        build: "board=34x34&algo=besa&variant=sym90",
        draw: "theme=print",
    },
    Case {
        input: "52x22",
        args: &["--leaper", "1,4"],
        build: "board=52x22&leaper=1,4",
        draw: "",
    },
    Case {
        input: "8x8",
        args: &["--topology", "torus"],
        build: "board=8x8&topology=torus",
        draw: "",
    },
    Case {
        input: "10x10",
        args: &[
            "--topology",
            "cylinder",
            "--algo",
            "warnsdorff",
            "--open",
            "--start",
            "3,4",
            "--show",
            "numbers",
        ],
        build: "board=10x10&topology=cylinder&algo=warnsdorff&open&start=3,4",
        draw: "show=numbers",
    },
    Case {
        input: "6x6x6",
        args: &[],
        build: "board=6x6x6",
        draw: "",
    },
    Case {
        input: "8x8",
        args: &["--theme", "teaching", "--legend", "--show", "numbers,sharp"],
        build: "board=8x8",
        draw: "theme=teaching&legend&show=numbers,sharp",
    },
    Case {
        input: "10x10",
        args: &["--symmetry", "quarter"],
        build: "board=10x10&algo=symmetric&variant=quarter",
        draw: "",
    },
    Case {
        input: "100x100",
        args: &["--algo", "besa"],
        build: "board=100x100&algo=besa",
        draw: "",
    },
    Case {
        input: "400x400",
        // The command line's figure of a large board adds detailed insets, which the
        // browser's form does not ask for: its overview alone is compared.
        args: &["--style", "overview", "--insets", "0"],
        build: "board=400x400",
        draw: "style=overview",
    },
    Case {
        input: "tourney:12x12:neural",
        args: &[],
        build: "board=12x12&kind=tourney&algo=neural",
        draw: "",
    },
    Case {
        input: "tourney:16x16:four-cover",
        args: &["--show", "crossings"],
        build: "board=16x16&kind=tourney&algo=four-cover",
        draw: "show=crossings",
    },
    Case {
        input: "5x5",
        args: &["--algo", "besa"],
        build: "board=5x5&algo=besa",
        draw: "",
    },
    Case {
        input: "8x8",
        args: &["--leaper", "1,1"],
        build: "board=8x8&leaper=1,1",
        draw: "",
    },
];

#[test]
fn the_modules_drawings_are_the_command_lines_byte_for_byte() {
    let Some(module) = build_module() else { return };
    let dir = tempfile::tempdir().unwrap();
    let mut cases = Vec::new();
    for (i, case) in CASES.iter().enumerate() {
        let out = dir.path().join(format!("{i}.svg"));
        cases.push(serde_json::json!({ "build": case.build, "draw": case.draw, "out": out }));
    }
    let list = dir.path().join("cases.json");
    std::fs::write(&list, serde_json::to_string(&cases).unwrap()).unwrap();
    let root = env!("CARGO_MANIFEST_DIR");
    let run = Command::new("node")
        .arg(format!("{root}/tests/wasm/sweep.mjs"))
        .arg(&module)
        .arg(&list)
        .output()
        .expect("node runs");
    let text = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let _ = write!(std::io::stderr(), "\n{text}");
    for (i, case) in CASES.iter().enumerate() {
        let ours = dir.path().join(format!("{i}.svg"));
        compare(case, &native(case, dir.path(), i), &ours);
    }
}

/// The command line's drawing of `case`: the SVG path, or its refusal's first line.
fn native(case: &Case, dir: &Path, i: usize) -> Result<PathBuf, String> {
    let out = dir.join(format!("{i}.native.svg"));
    let input = match case.input.strip_prefix("tourney:") {
        Some(spec) => {
            let (board, algo) = spec.split_once(':').unwrap();
            let file = dir.join(format!("{i}.tourney.json"));
            let made = knights(&[
                "tourney",
                board,
                "--algo",
                algo,
                "-o",
                file.to_str().unwrap(),
            ]);
            assert!(
                made.status.success(),
                "{}",
                String::from_utf8_lossy(&made.stderr)
            );
            file.to_str().unwrap().to_string()
        }
        None => case.input.to_string(),
    };
    let mut args = vec!["render", input.as_str()];
    args.extend_from_slice(case.args);
    args.extend(["-o", out.to_str().unwrap()]);
    let run = knights(&args);
    match run.status.success() {
        true => Ok(out),
        false => Err(String::from_utf8_lossy(&run.stderr).trim().to_string()),
    }
}

/// The module's answer against the command line's: the same bytes, or the same reason
/// (the module's one line within the command line's message).
fn compare(case: &Case, native: &Result<PathBuf, String>, ours: &Path) {
    let refused = PathBuf::from(format!("{}.refused", ours.display()));
    match native {
        Ok(path) => {
            let (want, got) = (std::fs::read(path).unwrap(), std::fs::read(ours));
            let got = got.unwrap_or_else(|_| {
                panic!(
                    "{}: the module refused: {}",
                    case.build,
                    std::fs::read_to_string(&refused).unwrap_or_default()
                )
            });
            assert!(
                want == got,
                "{}: the module's SVG ({} bytes) differs from knights render's ({} bytes)",
                case.build,
                got.len(),
                want.len()
            );
            assert!(
                String::from_utf8_lossy(&got).contains("data-turns"),
                "{}",
                case.build
            );
        }
        Err(reason) => {
            let ours = std::fs::read_to_string(&refused).unwrap_or_else(|_| {
                panic!(
                    "{}: the command line refused ({reason}), the module drew",
                    case.build
                )
            });
            // The command line's line is "knights: REASON", or clap's for a bad value.
            assert!(
                reason.contains(&ours) && !ours.contains('\n'),
                "{}: {reason} / {ours}",
                case.build
            );
        }
    }
}

/// Builds the module (the `wasm` profile, as the gallery's: the size and speed a visitor
/// gets), or says past the capture why it cannot and returns `None` (a failure with
/// `KNIGHTS_REQUIRE_WASM=1`).
fn build_module() -> Option<PathBuf> {
    let missing = match (target_installed(), node_runs()) {
        (false, _) => Some("the wasm32-unknown-unknown target is missing: rustup target add wasm32-unknown-unknown"),
        (_, false) => Some("node is missing: apt-get install nodejs"),
        _ => None,
    };
    if let Some(why) = missing {
        let required = std::env::var("KNIGHTS_REQUIRE_WASM").is_ok_and(|v| v == "1");
        assert!(!required, "KNIGHTS_REQUIRE_WASM=1 but {why}");
        let _ = write!(
            std::io::stderr(),
            "\nNOTE: the WebAssembly test did not run: {why}\n"
        );
        return None;
    }
    let root = env!("CARGO_MANIFEST_DIR");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    // The target folder knights-gallery's build script builds the module in, for the
    // explore page: after it, this build has nothing to do.
    let target = std::env::var("CARGO_TARGET_DIR").unwrap_or_else(|_| format!("{root}/target"));
    let target = Path::new(&target).join("knights-web");
    let built = Command::new(cargo)
        .current_dir(root)
        .args([
            "build",
            "--profile",
            "wasm",
            "-p",
            "knights-web",
            "--target",
            "wasm32-unknown-unknown",
        ])
        .arg("--target-dir")
        .arg(&target)
        .output()
        .expect("cargo runs");
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    Some(target.join("wasm32-unknown-unknown/wasm/knights_web.wasm"))
}

/// Whether the standard library for `wasm32-unknown-unknown` is installed.
fn target_installed() -> bool {
    let sysroot = Command::new("rustc").args(["--print", "sysroot"]).output();
    sysroot.is_ok_and(|o| {
        let root = String::from_utf8_lossy(&o.stdout).trim().to_string();
        Path::new(&root)
            .join("lib/rustlib/wasm32-unknown-unknown/lib")
            .is_dir()
    })
}

/// Whether `node` runs.
fn node_runs() -> bool {
    Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}
