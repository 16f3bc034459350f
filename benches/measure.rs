//! Measurements that take minutes and assert nothing, so they are not tests: each one
//! prints timings (or which boards fail) to guide a limit or a claim of the README.
//! Run one or more by name, in release:
//!
//! ```text
//! cargo bench --bench measure -- NAME...     (NAME: one below, or `all`)
//! ```
//!
//! Each measurement says why it exists. Timings on a shared machine are compared with a
//! baseline measured in the same run (a memory fill of the same number of cells), never
//! with a fixed figure.
//!
//! What the formation algorithm's own timings were (build and verify of 1000x1000 to
//! 10000x10000 against a memory fill) is `knights bench`, which prints them against a
//! fill and a walk of the same cells; it is not repeated here.

use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use knights_construct::{self as construct, Algo, Construction, Request};
use knights_core::metrics::zigzags;
use knights_core::verify::verify;
use knights_core::{metrics, Board, Tour};
use knights_render::{Drawing, Options, Resolution, Show};
use knights_site as site;

/// The measurements, by name, each with what it is for.
const MEASUREMENTS: [(&str, fn(), &str); 11] = [
    ("metrics", metrics_worst_case, "turns and crossings of a 10^8-cell worst case (every cell a turn) against a fill of 10^8 u32: checks the README's claim that metrics run at memory speed"),
    ("search", search_sweep, "every board the search construction accepts, open and closed, built and verified: the sweep behind the boards `knights list` promises for it (several minutes)"),
    ("search-narrow", search_narrow, "the search on strips 3 to 8 wide up to 5000 long: where its limits on long strips come from"),
    ("backtrack", backtrack_boards, "plain backtracking on every small board it accepts: the times behind its cell limits"),
    ("warnsdorff", warnsdorff_ties, "which tie-break of Warnsdorff's rule tours which n x n board (n = 5..=100), and large boards with the roth tie-break: the choice of the default tie-break and the size limits"),
    ("parberry", parberry_timings, "Parberry's construction and its variants on 1000-cell sides against a memory fill: checks that it is linear"),
    ("render", render_formation, "drawing formation tours of 100x100 and 1000x1000 as SVG, PNG and PDF, against building the same tour: where drawing time goes"),
    ("giant-counts", giant_counts, "the formation tour's turns and crossings counted from its layout (what `knights metrics` prints for a board too large to build) against the built 20000x20000 tour of each variant (about 2 GB and a minute on two cores, too much for the test suite, which compares them up to 100x100 and on 1000x1000)"),
    ("draw", draw_speed, "issue 25's drawing figures against their same-run baselines: the 30x30 PNG of `knights render 30x30 -o x.png` (drawn in bands on every core) against the same picture drawn in one piece and encoded on one thread, and the image pyramids of the three 200x200 tile tours (levels drawn in bands and cut) against the same tiles drawn one by one as before"),
    ("animate", animate_gif, "issue 25's animation figure against its same-run baselines: the GIF of `knights render 30x30 --animate -o walk.gif` (one palette, each frame only where it changed) against rasterizing the same frames alone (the floor of any encoding) and against the same frames as numbered PNGs (`--frames`, each picture whole)"),
    ("site", site_build, "building the shipped catalogue with one and two workers: the gallery's build time and its parallel speedup"),
];

fn main() {
    // `cargo bench` passes `--bench`; names are the other arguments.
    let names: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    if names.is_empty() {
        println!("usage: cargo bench --bench measure -- NAME... (or all)\n");
        for (name, _, why) in MEASUREMENTS {
            println!("  {name:<14} {why}");
        }
        return;
    }
    for name in &names {
        let found: Vec<_> = MEASUREMENTS
            .iter()
            .filter(|(n, _, _)| name == "all" || n == name)
            .collect();
        if found.is_empty() {
            eprintln!("measure: no measurement '{name}' (run without arguments for the list)");
            std::process::exit(2);
        }
        for (n, run, why) in found {
            println!("== {n}: {why}");
            run();
        }
    }
}

/// A tour from the library's construction `algo`, or the reason it cannot be built.
fn build(req: &Request, algo: &str) -> Result<Tour, String> {
    construct::build(req, algo).map_err(|e| e.to_string())
}

/// A request for a `w` x `h` board.
fn request(w: u32, h: u32, open: bool, variant: Option<&str>) -> Request {
    let mut r = Request::closed(Board::new(w, h).expect("a valid board size"));
    r.open = open;
    r.variant = variant.map(String::from);
    r
}

/// The construction called `algo`.
fn named(algo: &str) -> &'static dyn Construction {
    match algo.parse::<Algo>().expect("a known construction") {
        Algo::Named(c) => c,
        Algo::Auto => panic!("{algo} names no one construction"),
    }
}

/// Whether construction `algo` takes the request (a tour exists and it supports it).
fn accepts(req: &Request, algo: &str) -> bool {
    let algo = algo.parse().expect("a known construction");
    construct::resolve(req, algo).is_ok()
}

/// Builds and verifies; `Ok(elapsed)` or the reason it failed.
fn build_and_verify(req: &Request, algo: &str) -> Result<Duration, String> {
    let t = Instant::now();
    let tour = build(req, algo)?;
    let v = verify(tour).map_err(|e| e.to_string())?;
    if v.is_closed() == req.open {
        return Err("a tour of the wrong kind (open or closed)".into());
    }
    Ok(t.elapsed())
}

/// The best of three timings of `f`.
fn best<T>(mut f: impl FnMut() -> T) -> Duration {
    (0..3)
        .map(|_| {
            let t = Instant::now();
            black_box(f());
            t.elapsed()
        })
        .min()
        .expect("three runs")
}

/// A parallel fill of a fresh vector of `cells` u32 (allocation included, as in a
/// construction): the memory baseline of the same size.
fn fill(cells: usize) -> Duration {
    best(|| (0..cells as u32).into_par_iter().collect::<Vec<u32>>())
}

fn giant_counts() {
    let n = 20_000;
    for variant in [None, Some("turns"), Some("crossings"), Some("best")] {
        let t = Instant::now();
        let counted = knights_construct::besa::structure_counts(
            n,
            n,
            knights_construct::besa::Variant::named(variant).expect("a besa variant"),
        );
        let count_time = t.elapsed();
        let t = Instant::now();
        let built = build(&request(n, n, false, variant), "besa")
            .and_then(|tour| verify(tour).map_err(|e| e.to_string()))
            .map(|v| (metrics::turns(v.grid()), metrics::crossings(v.grid())));
        let build_time = t.elapsed();
        let verdict = match (&counted, &built) {
            (Some(c), Ok(b)) if c == b => "agree".to_string(),
            _ => "DIFFER".to_string(),
        };
        println!(
            "{n}x{n} {}: counted {counted:?} in {count_time:?}, built {built:?} in {build_time:?}: {verdict}",
            variant.unwrap_or("plain")
        );
    }
}

fn metrics_worst_case() {
    let n = 100_000_000usize;
    let mut buf = vec![0u32; n];
    let seq = best(|| buf.iter_mut().enumerate().for_each(|(i, v)| *v = i as u32));
    let row = |name: &str, d: Duration| {
        println!(
            "{name:<44} {:>8.1} ms  {:>5.2} x sequential fill",
            d.as_secs_f64() * 1e3,
            d.as_secs_f64() / seq.as_secs_f64()
        );
    };
    println!("{n} cells, {} threads", rayon::current_num_threads());
    row("sequential fill of u32", seq);
    row("parallel fill of u32", fill(n));
    let g = zigzags::zigzags(10_000, 10_000);
    assert_eq!(g.first_unmatched(), None, "every leap is answered");
    row("10000x10000 turns", best(|| metrics::turns(&g)));
    row("10000x10000 crossings", best(|| metrics::crossings(&g)));
    row(
        "10000x10000 turns + crossings",
        best(|| (metrics::turns(&g), metrics::crossings(&g))),
    );
    row(
        "10000x10000 turn_cells (1e8 turns)",
        best(|| metrics::turn_cells(&g)),
    );
    // Cost only: the zigzags are many paths, so the path here is just 0..n.
    row(
        "10000x10000 longest_run (every cell a turn)",
        best(|| metrics::longest_run(&g, &buf, false)),
    );
    drop(g);
    for (w, h) in [(16, 6_250_000), (6_250_000, 16)] {
        let g = zigzags::zigzags(w, h);
        row(
            &format!("{w}x{h} crossings"),
            best(|| metrics::crossings(&g)),
        );
    }
}

fn search_sweep() {
    let mut boards: Vec<(u32, u32)> = Vec::new();
    for w in 3..=100 {
        boards.extend((3..=100).map(|h| (w, h)));
    }
    for s in 3..=8 {
        for l in 101..=1000 {
            boards.extend([(s, l), (l, s)]);
        }
    }
    for open in [false, true] {
        let t = Instant::now();
        let (mut n, mut fails, mut slowest) = (0, Vec::new(), (Duration::ZERO, (0, 0)));
        for &(w, h) in &boards {
            let r = request(w, h, open, None);
            if !accepts(&r, "search") {
                continue;
            }
            n += 1;
            match build_and_verify(&r, "search") {
                Ok(d) => slowest = slowest.max((d, (w, h))),
                Err(_) => fails.push((w, h)),
            }
        }
        println!(
            "open {open}: {n} boards in {:?}, slowest {slowest:?}, failures {fails:?}",
            t.elapsed()
        );
    }
}

fn search_narrow() {
    let mut cases: Vec<(u32, u32, bool)> = Vec::new();
    for n in [10, 12, 14, 20, 30, 50, 100, 200, 500, 1000] {
        cases.extend([(3, n, false), (n, 3, false)]);
    }
    for n in [7, 9, 20, 50, 100, 200, 500, 1000] {
        cases.extend([(3, n, true), (4, n, true), (n, 4, true)]);
    }
    for (w, h) in [
        (5, 200),
        (10, 300),
        (5, 1000),
        (5, 5000),
        (8, 5000),
        (5000, 5),
    ] {
        cases.extend([(w, h, true), (w, h, false)]);
    }
    for (w, h, open) in cases {
        let r = request(w, h, open, None);
        let kind = if open { "open" } else { "closed" };
        println!("{w}x{h} {kind}: {:?}", build_and_verify(&r, "search"));
    }
}

fn backtrack_boards() {
    for open in [true, false] {
        for w in 3..=14u32 {
            for h in 3..=14u32 {
                let r = request(w, h, open, None);
                if !accepts(&r, "backtrack") {
                    continue;
                }
                let kind = if open { "open" } else { "closed" };
                println!("{w}x{h} {kind}: {:?}", build_and_verify(&r, "backtrack"));
            }
        }
    }
}

fn warnsdorff_ties() {
    let ties = named("warnsdorff").variants();
    for &tie in ties {
        let t = Instant::now();
        let fails: Vec<u32> = (5..=100)
            .filter(|&n| build_and_verify(&request(n, n, true, Some(tie)), "warnsdorff").is_err())
            .collect();
        println!(
            "{tie}: open n x n, n = 5..=100, fails for {fails:?}, all in {:?}",
            t.elapsed()
        );
    }
    for n in [200, 500, 1000, 2000, 4000] {
        for open in [true, false] {
            let r = request(n, n, open, Some("roth"));
            let kind = if open { "open" } else { "closed" };
            println!(
                "{n}x{n} {kind} roth: {:?}",
                build_and_verify(&r, "warnsdorff")
            );
        }
    }
}

fn parberry_timings() {
    for (n, variant) in [
        (1000, None),
        (2000, None),
        (1000, Some("sym180")),
        (1002, Some("sym90")),
    ] {
        let r = request(n, n, false, variant);
        let baseline = fill((n * n) as usize);
        let built = best(|| build(&r, "parberry").expect("parberry builds it"));
        let t = Instant::now();
        let v = verify(build(&r, "parberry").expect("parberry builds it")).expect("a tour");
        let verified = t.elapsed();
        let t = Instant::now();
        let m = metrics::measure(&v);
        let measured = t.elapsed();
        println!(
            "{n}x{n} {variant:?}: build {built:?} ({:.1} x a fill of {baseline:?}), verify {verified:?}, measure {measured:?}; turns {:.2} n, crossings {:.2} n",
            built.as_secs_f64() / baseline.as_secs_f64(),
            m.turns as f64 / n as f64,
            m.crossings as f64 / n as f64,
        );
    }
}

fn render_formation() {
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "{:>10} {:>10} {:>9} {:>12} {:>8}",
        "board", "step", "ms", "bytes", "x build"
    );
    for n in [100u32, 1000] {
        let r = request(n, n, false, None);
        let t = Instant::now();
        let v = verify(build(&r, "besa").expect("besa builds it")).expect("a tour");
        let built = t.elapsed();
        let m = metrics::measure(&v);
        let row = |step: &str, d: Duration, bytes: usize| {
            println!(
                "{:>10} {step:>10} {:>9.1} {bytes:>12} {:>8.2}",
                format!("{n}x{n}"),
                ms(d),
                ms(d) / ms(built)
            );
        };
        row("build", built, 0);
        let timed = |f: &dyn Fn() -> usize| {
            let t = Instant::now();
            let len = f();
            (t.elapsed(), len)
        };
        let plain = Options::default();
        let marked = Options {
            show: Show::parse("all,-numbers").expect("valid layers"),
            ..Default::default()
        };
        let draw = |opts: &Options| Drawing::new(&v, &m, opts).expect("a drawing");
        let (drawing, drawing_marked) = (draw(&plain), draw(&marked));
        for (step, opts) in [("svg", &plain), ("svg+marks", &marked)] {
            let (d, len) = timed(&|| draw(opts).svg().len());
            row(step, d, len);
        }
        for (step, dr) in [("png 4000", &drawing), ("png+marks", &drawing_marked)] {
            let (d, len) = timed(&|| dr.png_at(Resolution::Width(4000)).expect("a PNG").len());
            row(step, d, len);
        }
        let (d, len) = timed(&|| drawing.pdf().expect("a PDF").len());
        row("pdf", d, len);
    }
}

fn site_build() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let mut times = Vec::new();
    for jobs in [1, 2] {
        let opts = site::BuildOptions {
            content: root.join("content"),
            out: tmp.path().join(format!("site{jobs}")),
            jobs: Some(jobs),
            exhibits: knights_gallery::all(),
            ..Default::default()
        };
        let s = site::build(&opts).unwrap_or_else(|e| panic!("{e}"));
        println!("--jobs {jobs}: {s}");
        times.push(s.seconds);
    }
    println!("speedup with 2 jobs: {:.2}x", times[0] / times[1]);
}

/// The 30x30 PNG that `knights render 30x30 -o x.png` writes, and the pyramids of the
/// gallery's 200x200 tile tours, each beside its baseline in the same run (best of
/// three).
fn draw_speed() {
    use knights_render::raster::encode_pixmap;
    use knights_render::tiles::{Level, TILE};
    use resvg::tiny_skia::{Pixmap, Transform};
    let secs = |d: Duration| d.as_secs_f64();
    let one_thread = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a pool");
    let v = verify(build(&request(30, 30, false, None), "besa").expect("besa")).expect("a tour");
    let m = metrics::measure(&v);
    let png = || {
        let d = Drawing::new(&v, &m, &Options::default()).expect("a drawing");
        d.png().expect("a PNG").len()
    };
    let now = best(png);
    // The baseline: the same picture drawn in one piece and encoded on one thread.
    let whole = || {
        let d = Drawing::new(&v, &m, &Options::default()).expect("a drawing");
        let tree = knights_render::font::tree(d.svg()).expect("a tree");
        let scale = knights_render::DEFAULT_DPI / 72.0;
        let size = tree.size();
        let (w, h) = (
            (size.width() * scale).round() as u32,
            (size.height() * scale).round() as u32,
        );
        let mut p = Pixmap::new(w, h).expect("a pixmap");
        resvg::render(&tree, Transform::from_scale(scale, scale), &mut p.as_mut());
        encode_pixmap(&p, knights_render::DEFAULT_DPI, 256)
            .expect("a PNG")
            .len()
    };
    let base = one_thread.install(|| best(whole));
    println!(
        "render 30x30 PNG: {:.3} s; one piece on one thread: {:.3} s; ratio {:.2}",
        secs(now),
        secs(base),
        secs(now) / secs(base)
    );
    // The pyramids: the full detail the gallery tiles, at 4 and 8 pixels a square.
    let full = Options {
        show: Show::parse("+turns,+crossings,+ends,-squares,-coords").expect("layers"),
        style: knights_render::Style::Detail,
        ..Default::default()
    };
    for algo in ["stitch", "parberry", "warnsdorff"] {
        let v =
            verify(build(&request(200, 200, false, None), algo).expect("a tour")).expect("a tour");
        let m = metrics::measure(&v);
        let d = Drawing::new(&v, &m, &full).expect("a drawing");
        let widths = [d.width_at(4.0).expect("w"), d.width_at(8.0).expect("w")];
        let now = best(|| d.pyramid(&widths, 32).expect("a pyramid").1.len());
        // The baseline: each tile drawn on its own from the tree, as before.
        let tree = knights_render::font::tree(d.svg()).expect("a tree");
        let tile_by_tile = || {
            let levels: Vec<Level> = widths
                .iter()
                .map(|&w| Level::of(&tree, w).expect("level"))
                .collect();
            let jobs: Vec<(Level, u32, u32)> = levels
                .iter()
                .flat_map(|&l| {
                    (0..l.rows()).flat_map(move |r| (0..l.cols()).map(move |c| (l, c, r)))
                })
                .collect();
            jobs.into_par_iter()
                .map(|(l, c, r)| {
                    let [x, y, w, h] = l.rect(c, r);
                    let mut p = Pixmap::new(w, h).expect("a tile");
                    let scale = l.width as f32 / tree.size().width();
                    let at = Transform::from_scale(scale, scale)
                        .post_translate(-(x as f32), -(y as f32));
                    resvg::render(&tree, at, &mut p.as_mut());
                    encode_pixmap(&p, 72.0, 32).expect("a PNG").len()
                })
                .count()
        };
        let base = best(tile_by_tile);
        println!(
            "200x200-{algo} pyramid ({} + {} px, {TILE} px tiles): {:.2} s; tile by tile: {:.2} s; ratio {:.2}",
            widths[0],
            widths[1],
            secs(now),
            secs(base),
            secs(now) / secs(base)
        );
    }
}

/// The GIF that `knights render 30x30 --animate -o walk.gif` writes, at its default
/// size, against two baselines of the same run (best of three): its frames rasterized
/// and nothing else, and the same frames as whole PNG pictures.
fn animate_gif() {
    use knights_render::Walkthrough;
    use knights_render::{font, frames, raster};
    use knights_render::{Timing, MAX_STEPS};
    let v = verify(build(&request(30, 30, false, None), "besa").expect("besa")).expect("a tour");
    let opts = Options::default();
    let walk = Walkthrough::new(&v, &opts.theme, opts.layers(v.board()), MAX_STEPS);
    let res = frames::gif_default_resolution(&walk);
    let count = walk.steps().len().max(1);
    let mut bytes = 0;
    let gif = best(|| {
        bytes = frames::gif(&walk, res, Timing::default())
            .expect("a GIF")
            .len();
    });
    let scene = |k: usize| font::tree(&walk.frozen(k)).expect("a tree");
    let rasterized = best(|| {
        (1..=count)
            .into_par_iter()
            .map(|k| raster::pixmap(&scene(k), res).expect("a frame").width())
            .count()
    });
    let mut png_bytes = 0;
    let pngs = best(|| {
        png_bytes = (1..=count)
            .into_par_iter()
            .map(|k| frames::png(&walk, res, k).expect("a frame").len())
            .sum::<usize>();
    });
    let (secs, mb) = (|d: Duration| d.as_secs_f64(), |b: usize| b as f64 / 1e6);
    println!(
        "30x30 GIF, {count} frames: {:.2} s, {:.2} MB; the frames rasterized alone: {:.2} s \
         (ratio {:.2}); as numbered PNGs: {:.2} s, {:.2} MB (ratios {:.2}, {:.3})",
        secs(gif),
        mb(bytes),
        secs(rasterized),
        secs(gif) / secs(rasterized),
        secs(pngs),
        mb(png_bytes),
        secs(gif) / secs(pngs),
        bytes as f64 / png_bytes as f64
    );
}
