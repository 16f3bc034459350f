//! Issue 39: a bad value of an option is a usage error, whatever the rest of the
//! command line: exit 2 (docs/cli.md), one line naming the option (clap's first line
//! or the tool's own), before any work. A sweep over the options that take a number,
//! a name or a path's extension from a fixed range, each with values just outside it;
//! and the values at its edges taken (exit 0 or a refusal of the board, never 2).

use crate::run::{knights, stderr};

/// `knights ARGS` refused as a usage error naming `option` in its first line.
fn usage_error(args: &[&str], option: &str) {
    let o = knights(args);
    let err = stderr(&o);
    let first = err.lines().next().unwrap_or("");
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    // clap's message (its first line; then the choices, if any, and where help is),
    // or the tool's own single line.
    assert!(
        first.starts_with("error: ")
            || (first.starts_with("knights: ") && err.lines().count() == 1),
        "{args:?}: {err}"
    );
    assert!(first.contains(option), "{args:?}: {first}");
}

#[test]
fn every_value_out_of_an_options_range_is_a_usage_error_naming_it() {
    let png = ["-o", "x.png"];
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["stats", "8x8", "--samples", "0"], "--samples"),
        (vec!["stats", "8x8", "--samples", "10001"], "--samples"),
        (vec!["stats", "8x8", "--plot", "x.gif"], "--plot"),
        (vec!["tour", "8x8", "--blur", "100001"], "--blur"),
        (vec!["stats", "8x8", "--blur", "100001"], "--blur"),
        (vec!["tour", "8x8", "--leaper", "0,1"], "--leaper"),
        (vec!["tour", "8x8", "--leaper", "1,65"], "--leaper"),
        (vec!["tour", "8x8", "--start", "a"], "--start"),
        (vec!["tour", "8x8", "--topology", "sphere"], "--topology"),
        (vec!["tour", "8x8", "--algo", "bogus"], "--algo"),
        (vec!["tour", "8x8", "--magic", "bogus"], "--magic"),
        (vec!["tour", "8x8", "--symmetry", "bogus"], "--symmetry"),
        (vec!["tour", "8x8", "--format", "bogus"], "--format"),
        (vec!["tourney", "8x8", "--algo", "bogus"], "--algo"),
        (
            [&["render", "8x8", "--width", "0"][..], &png].concat(),
            "--width",
        ),
        (
            [&["render", "8x8", "--dpi", "0"][..], &png].concat(),
            "--dpi",
        ),
        (
            [&["render", "8x8", "--size", "0mm"][..], &png].concat(),
            "--size",
        ),
        (
            [&["render", "8x8", "--size", "2m"][..], &png].concat(),
            "--size",
        ),
        (
            [&["render", "8x8", "--insets", "13"][..], &png].concat(),
            "--insets",
        ),
        (
            [&["render", "8x8", "--style", "bogus"][..], &png].concat(),
            "--style",
        ),
        (
            [&["render", "8x8", "--show", "bogus"][..], &png].concat(),
            "--show",
        ),
        (vec!["render", "8x8", "-o", "x.bmp"], "--output"),
        (
            vec!["render", "8x8", "--animate", "--speed", "0", "-o", "x.gif"],
            "--speed",
        ),
        (
            vec!["render", "8x8", "--animate", "--speed", "51", "-o", "x.gif"],
            "--speed",
        ),
        (
            vec!["render", "8x8", "--animate", "--loop", "0", "-o", "x.gif"],
            "--loop",
        ),
        (
            vec![
                "render",
                "8x8",
                "--animate",
                "--loop",
                "65537",
                "-o",
                "x.gif",
            ],
            "--loop",
        ),
        (
            vec!["worksheet", "8x8", "--per-page", "0", "-o", "w.pdf"],
            "--per-page",
        ),
        (
            vec!["worksheet", "8x8", "--per-page", "7", "-o", "w.pdf"],
            "--per-page",
        ),
        (
            vec!["worksheet", "8x8", "--count", "0", "-o", "w.pdf"],
            "--count",
        ),
        (
            vec!["worksheet", "8x8", "--mistakes", "3", "-o", "w.pdf"],
            "--mistakes",
        ),
        (vec!["build", "--jobs", "0"], "--jobs"),
        (vec!["build", "--jobs", "257"], "--jobs"),
        (vec!["serve", "--port", "65536"], "--port"),
        (vec!["bench", "--sizes", "0"], "--sizes"),
        (vec!["bench", "--sizes", "10,65536"], "--sizes"),
        (vec!["motif", "8x8", "--symmetry", "bogus"], "--symmetry"),
        (vec!["motif", "8x8", "--rank", "0"], "--rank"),
        (vec!["motif", "8x8", "--repeat", "0"], "--repeat"),
        (vec!["motif", "8x8", "--columns", "0"], "--columns"),
        (
            vec!["motif", "8x8", "--closed", "--copies", "0"],
            "--copies",
        ),
        (vec!["gadgets", "band", "--band", "bogus"], "band"),
        // Names from a fixed list (issue 39): every construction's variants, the
        // named construction's, a theme that is neither built in nor a file, the
        // measures and ways of `optimum`.
        (vec!["tour", "8x8", "--variant", "bogus"], "--variant"),
        (
            vec!["tour", "8x8", "--algo", "besa", "--variant", "semi"],
            "--variant",
        ),
        (vec!["metrics", "8x8", "--variant", "bogus"], "--variant"),
        (vec!["stats", "8x8", "--variant", "bogus"], "--variant"),
        (
            vec!["worksheet", "8x8", "--variant", "bogus", "-o", "w.pdf"],
            "--variant",
        ),
        (
            vec!["model", "8x8", "--variant", "bogus", "-o", "m.stl"],
            "--variant",
        ),
        (
            [&["render", "8x8", "--variant", "bogus"][..], &png].concat(),
            "--variant",
        ),
        (vec!["bench", "--variant", "bogus"], "--variant"),
        (
            vec![
                "render",
                "5x8",
                "--animate",
                "--rule",
                "--variant",
                "lookahead",
                "-o",
                "r.svg",
            ],
            "--variant",
        ),
        (
            vec!["bench", "--algo", "hilbert", "--variant", "best"],
            "--variant",
        ),
        (
            [&["render", "8x8", "--theme", "bogus"][..], &png].concat(),
            "--theme",
        ),
        (vec!["optimum", "8x8", "--minimize", "bogus"], "--minimize"),
        (vec!["optimum", "8x8", "--maximize", "bogus"], "--maximize"),
        (vec!["optimum", "8x8", "--maximize", "turns"], "--maximize"),
        (
            vec![
                "optimum",
                "8x8",
                "--minimize",
                "turns",
                "--connect",
                "bogus",
            ],
            "--connect",
        ),
        (vec!["tourney", "8x8", "--format", "bogus"], "--format"),
        (vec!["gadgets", "heel", "--area", "bogus"], "--area"),
        (vec!["gadgets", "heel", "--ending", "bogus"], "--ending"),
    ];
    for (args, option) in &cases {
        usage_error(args, option);
    }
    // The accepted values are named in the same line: a variant's list, the themes
    // and that a file is taken too.
    let first = |args: &[&str]| {
        stderr(&knights(args))
            .lines()
            .next()
            .unwrap_or("")
            .to_string()
    };
    let line = first(&["tour", "8x8", "--variant", "bogus"]);
    assert!(
        line.contains("choose one of turns, crossings, best"),
        "{line}"
    );
    let line = first(&["render", "8x8", "--theme", "bogus", "-o", "x.svg"]);
    assert!(
        line.contains("choose one of web, print, teaching or give the path of a .toml theme file"),
        "{line}"
    );
}

/// The edges of the ranges are taken: the run is not a usage error.
#[test]
fn the_edges_of_an_options_range_are_taken() {
    let dir = tempfile::tempdir().unwrap();
    let out = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    let (plot, tour) = (out("p.svg"), out("t.json"));
    for args in [
        vec!["stats", "6x6", "--samples", "1"],
        vec!["stats", "6x6", "--samples", "2", "--plot", &plot],
        vec!["tour", "6x6", "--blur", "0", "-o", &tour],
        vec!["tour", "8x8", "--blur", "100000", "-o", &tour],
    ] {
        let o = knights(&args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    }
    // A theme named as a file is taken as one: missing, it is bad input (exit 1), not
    // a usage error; a construction's own variant is taken.
    let svg = out("x.svg");
    let o = knights(&["render", "6x6", "--theme", "nosuch.toml", "-o", &svg]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let o = knights(&[
        "tour",
        "8x8",
        "--algo",
        "warnsdorff",
        "--variant",
        "first",
        "-o",
        &tour,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}
