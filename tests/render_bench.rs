//! A benchmark (an ignored test): drawing formation tours of 100x100 and 1000x1000 to
//! SVG (default layers, and with every turn and crossing marked), to a 4000-pixel-wide
//! PNG and to PDF, timed against building the same tour in the same run.
//!
//! `cargo test --test render_bench -- --ignored --nocapture`

mod render_support;

use std::time::Instant;

use knights::render::{Drawing, Options, Resolution, Show, Theme};
use render_support::*;

fn time<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let t = Instant::now();
    let v = f();
    (v, t.elapsed().as_secs_f64() * 1000.0)
}

#[test]
#[ignore = "benchmark: run with --ignored --nocapture"]
fn render_formation_tours() {
    println!(
        "{:>10} {:>10} {:>9} {:>12} {:>10} {:>9}",
        "board", "step", "ms", "bytes", "x build", ""
    );
    for n in [100u32, 1000] {
        let (t, build) = time(|| formation(n, n));
        let ((t, m), measure) = time(|| measured(t));
        let row = |step: &str, ms: f64, bytes: usize| {
            println!(
                "{:>10} {step:>10} {ms:>9.1} {bytes:>12} {:>10.2}",
                format!("{n}x{n}"),
                ms / build
            );
        };
        row("build", build, 0);
        row("measure", measure, 0);
        let default = Options::default();
        let (svg, ms) = time(|| Drawing::new(&t, &m, &default).unwrap());
        row("svg", ms, svg.svg().len());
        let marked = Options {
            show: Show::parse("all,-numbers").unwrap(),
            ..Default::default()
        };
        let (svg_all, ms) = time(|| Drawing::new(&t, &m, &marked).unwrap());
        row("svg+marks", ms, svg_all.svg().len());
        let (png, ms) = time(|| svg.png_at(Resolution::Width(4000)).unwrap());
        row("png 4000", ms, png.len());
        let (png, ms) = time(|| svg_all.png_at(Resolution::Width(4000)).unwrap());
        row("png+marks", ms, png.len());
        let (pdf, ms) = time(|| svg.pdf().unwrap());
        row("pdf", ms, pdf.len());
        println!("{:>10} turns {} crossings {}", "", m.turns, m.crossings);
    }
}

#[test]
#[ignore = "writes sample files to $KNIGHTS_SAMPLES for looking at"]
fn write_samples() {
    let dir = std::path::PathBuf::from(std::env::var("KNIGHTS_SAMPLES").unwrap());
    let (t, m) = measured(formation(30, 30));
    let o = Options {
        theme: Theme::load("print").unwrap(),
        ..Default::default()
    };
    Drawing::new(&t, &m, &o)
        .unwrap()
        .write(&dir.join("f30.pdf"))
        .unwrap();
    let (e, me) = measured(warnsdorff(8, 8, true, 7, 20_000).unwrap());
    let o = Options {
        theme: Theme::load("teaching").unwrap(),
        ..Default::default()
    };
    let drawing = Drawing::new(&e, &me, &o).unwrap();
    drawing.write(&dir.join("t8.pdf")).unwrap();
    drawing.write(&dir.join("t8.svg")).unwrap();
}
