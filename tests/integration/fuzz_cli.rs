//! Fuzzing the command line with proptest (issue 39): the worksheet, cipher and stats
//! options, and tour files with holes, no cells, bad cells and any number of sides,
//! given to the real binary. Whatever the input, the run ends with 0, 1 or 2 (never a
//! panic's 101, an abort, or 3, the tool's own bug), and a refusal for the input
//! (exit 1) is one line starting `knights: `. Each case is a process, so the cases are
//! counted (a few hundred in all, seconds in the default suite); the seeds proptest
//! prints on a failure replay it.

use std::path::Path;
use std::process::Output;

use proptest::prelude::*;
use proptest::test_runner::Config;

use crate::run::{knights_in, stderr};

/// Asserts what every run promises: a status of 0, 1 or 2, no panic, and exit 1's
/// message one line naming the tool.
fn sane(args: &[String], o: &Output) {
    let err = stderr(o);
    let code = o.status.code();
    assert!(
        matches!(code, Some(0..=2)),
        "knights {}: status {:?}\n{err}",
        args.join(" "),
        o.status
    );
    assert!(
        !err.contains("panicked"),
        "knights {}: {err}",
        args.join(" ")
    );
    if code == Some(1) {
        let line = err.strip_suffix('\n').unwrap_or(&err);
        assert!(
            line.starts_with("knights: ") && !line.contains('\n') && !line.is_empty(),
            "knights {}: not one line:\n{err}",
            args.join(" ")
        );
    }
}

/// `knights ARGS` in `dir`, checked by [`sane`].
fn run(dir: &Path, args: Vec<String>) -> Output {
    let strs: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = knights_in(dir, &strs);
    sane(&args, &o);
    o
}

/// Boards as a user may write them: small ones that have tours, ones that have none,
/// sides of 0 or 1, three sides, and text that is no board.
fn board() -> impl Strategy<Value = String> {
    prop_oneof![
        (1u32..9, 1u32..9).prop_map(|(w, h)| format!("{w}x{h}")),
        (3u32..5, 3u32..5, 2u32..4).prop_map(|(w, h, d)| format!("{w}x{h}x{d}")),
        Just("0x5".to_string()),
        Just("8x-1".to_string()),
        Just("x8".to_string()),
        Just("100000x100000".to_string()),
    ]
}

/// A cipher's message: letters, digits, blanks, punctuation, control characters and
/// letters outside ASCII, up to longer than small boards have squares.
fn message() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            prop::char::range('a', 'z'),
            prop::char::range('0', '9'),
            Just(' '),
            Just('!'),
            Just('\u{1}'),
            Just('é'),
            Just('\u{1F600}'),
        ],
        0..40,
    )
    .prop_map(|c| c.into_iter().collect())
}

/// An option of the worksheet, maybe out of its range.
fn worksheet_option() -> impl Strategy<Value = Vec<String>> {
    let pair = |flag: &'static str, v: BoxedStrategy<String>| {
        v.prop_map(move |v| vec![flag.to_string(), v])
    };
    let num = |r: std::ops::Range<i64>| r.prop_map(|n| n.to_string()).boxed();
    prop_oneof![
        pair("--count", num(-1..6)),
        pair("--per-page", num(0..8)),
        pair("--mistakes", num(0..4)),
        pair("--reveal", num(-1..70)),
        pair("--seed", num(0..5)),
        pair("--start", Just("0,0".to_string()).boxed()),
        pair("--variant", Just("corner".to_string()).boxed()),
        pair("--algo", Just("parberry".to_string()).boxed()),
        Just(vec!["--open".to_string()]),
        pair("--cipher", message().boxed()),
    ]
}

/// A tour file: a board of two sides with holes (sometimes every cell), or of three
/// or more sides, and a path of cells that may be off the board, repeated, of the
/// wrong length or missing.
fn tour_file() -> impl Strategy<Value = String> {
    let cell = |n: usize| prop::collection::vec(0u32..5, n..=n);
    let cells = move |n: usize| prop::collection::vec(cell(n), 0..20);
    let flat = (
        0u32..5,
        0u32..5,
        prop::collection::vec(cell(2), 0..10),
        cells(2),
        any::<bool>(),
    )
        .prop_map(|(w, h, holes, path, closed)| {
            format!(
                r#"{{"board":{{"width":{w},"height":{h},"holes":{}}},"closed":{closed},"path":{}}}"#,
                json(&holes),
                json(&path)
            )
        });
    let more = (prop::collection::vec(0u32..4, 3..6), 2usize..6, any::<bool>())
        .prop_flat_map(move |(sides, n, closed)| (Just(sides), cells(n), Just(closed)))
        .prop_map(|(sides, path, closed)| {
            format!(
                r#"{{"board":{{"width":{},"height":{},"depth":{},"sides":{}}},"closed":{closed},"path":{}}}"#,
                sides[0],
                sides[1],
                sides[2],
                list(&sides),
                json(&path)
            )
        });
    let holes_all = (1u32..4, 1u32..4).prop_map(|(w, h)| {
        let holes: Vec<Vec<u32>> = (0..w)
            .flat_map(|x| (0..h).map(move |y| vec![x, y]))
            .collect();
        format!(
            r#"{{"board":{{"width":{w},"height":{h},"holes":{}}},"closed":true,"path":[]}}"#,
            json(&holes)
        )
    });
    prop_oneof![flat, more, holes_all]
}

/// `[a,b,...]`.
fn list(v: &[u32]) -> String {
    let v: Vec<String> = v.iter().map(u32::to_string).collect();
    format!("[{}]", v.join(","))
}

/// `[[a,b],...]`.
fn json(cells: &[Vec<u32>]) -> String {
    let c: Vec<String> = cells.iter().map(|c| list(c)).collect();
    format!("[{}]", c.join(","))
}

proptest! {
    #![proptest_config(Config { cases: 48, ..Config::default() })]

    /// Worksheets of any board with any of their options, the cipher's message
    /// among them.
    #[test]
    fn worksheet_options_never_break_the_tool(
        b in board(),
        opts in prop::collection::vec(worksheet_option(), 0..3),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let mut args = vec!["worksheet".to_string(), b, "-o".into(), "w.pdf".into()];
        args.extend(opts.into_iter().flatten());
        run(dir.path(), args);
    }

    /// The cipher alone, on boards with holes too (the `corner` variant).
    #[test]
    fn cipher_messages_never_break_the_tool(
        n in 5u32..9,
        corner in any::<bool>(),
        m in message(),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let mut args = vec![
            "worksheet".to_string(), format!("{n}x{n}"), "-o".into(), "w.pdf".into(),
            "--count".into(), "1".into(), "--cipher".into(), m,
        ];
        if corner {
            args.extend(["--algo".into(), "parberry".into(), "--variant".into(), "corner".into()]);
        }
        run(dir.path(), args);
    }

    /// `stats` with any samples, seed (up to the last), blur and plot.
    #[test]
    fn stats_options_never_break_the_tool(
        b in board(),
        samples in prop_oneof![0u64..4, Just(10_001u64)],
        seed in prop_oneof![0u64..3, Just(u64::MAX), Just(u64::MAX - 1)],
        blur in prop::option::of(0u64..20),
        plot in prop::option::of(prop_oneof![
            Just("p.svg"), Just("p.txt"), Just("nodir/p.svg"), Just(".")
        ]),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let mut args = vec![
            "stats".to_string(), b,
            "--samples".into(), samples.to_string(),
            "--seed".into(), seed.to_string(),
        ];
        if let Some(k) = blur {
            args.extend(["--blur".into(), k.to_string()]);
        }
        if let Some(p) = plot {
            args.extend(["--plot".into(), p.into()]);
        }
        let o = run(dir.path(), args);
        if o.status.success() {
            let out = String::from_utf8_lossy(&o.stdout).into_owned();
            prop_assert!(out.contains("seeds "), "{}", out);
        }
    }
}

proptest! {
    #![proptest_config(Config { cases: 96, ..Config::default() })]

    /// Tour files with holes, no cells, bad cells and any number of sides, read by
    /// `verify` and `metrics` and drawn by `render`.
    #[test]
    fn tour_files_never_break_the_tool(text in tour_file(), cmd in 0usize..3) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("t.json"), &text).unwrap();
        let args: Vec<String> = match cmd {
            0 => vec!["verify".into(), "t.json".into()],
            1 => vec!["metrics".into(), "t.json".into()],
            _ => vec!["render".into(), "t.json".into(), "-o".into(), "t.svg".into()],
        };
        run(dir.path(), args);
    }
}
