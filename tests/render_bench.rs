//! A benchmark (an ignored test): drawing formation tours of 100x100 and 1000x1000 to
//! SVG (default layers, and with every turn and crossing marked), to a 4000-pixel-wide
//! PNG and to PDF, timed against building the same tour in the same run.
//!
//! `cargo test --test render_bench -- --ignored --nocapture`

mod render_support;

use std::time::Instant;

use knights::render::{self, RenderOptions};
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
        let default = RenderOptions::default();
        let (svg, ms) = time(|| render::render_svg(&t, &m, &default).unwrap());
        row("svg", ms, svg.len());
        let marked = RenderOptions {
            show: Some("all,-numbers".into()),
            ..Default::default()
        };
        let (svg_all, ms) = time(|| render::render_svg(&t, &m, &marked).unwrap());
        row("svg+marks", ms, svg_all.len());
        let (png, ms) = time(|| render::svg_to_png(&svg, render::Resolution::Width(4000)).unwrap());
        row("png 4000", ms, png.len());
        let (png, ms) =
            time(|| render::svg_to_png(&svg_all, render::Resolution::Width(4000)).unwrap());
        row("png+marks", ms, png.len());
        let (pdf, ms) = time(|| render::svg_to_pdf(&svg).unwrap());
        row("pdf", ms, pdf.len());
        println!("{:>10} turns {} crossings {}", "", m.turns, m.crossings);
    }
}

#[test]
#[ignore = "writes sample files to $KNIGHTS_SAMPLES for looking at"]
fn write_samples() {
    let dir = std::path::PathBuf::from(std::env::var("KNIGHTS_SAMPLES").unwrap());
    let (t, m) = measured(formation(30, 30));
    let o = RenderOptions {
        theme: "print".into(),
        ..Default::default()
    };
    render::render_file(&t, &m, &o, &dir.join("f30.pdf")).unwrap();
    let (e, me) = measured(warnsdorff(8, 8, true, 7, 20_000).unwrap());
    let o = RenderOptions {
        theme: "teaching".into(),
        ..Default::default()
    };
    render::render_file(&e, &me, &o, &dir.join("t8.pdf")).unwrap();
    render::render_file(&e, &me, &o, &dir.join("t8.svg")).unwrap();
}
