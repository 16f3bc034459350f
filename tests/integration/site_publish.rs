//! Publishing: the gallery's size, incremental builds through the build cache, and
//! reproducible output (every file but `timings.json` byte-identical between builds of
//! the same catalogue, cached or not).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use knights_site::{build, BuildOptions, Summary, MEASURED, TIMINGS};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The fixture catalogue with `[site]` settings replaced by `site` and `extra` entries
/// appended, in `dir/content`.
fn content(dir: &Path, site: &str, extra: &str) -> PathBuf {
    let c = dir.join("content");
    fs::create_dir_all(c.join("pages")).unwrap();
    let fixture = root().join("tests/fixtures/site/content");
    let toml = fs::read_to_string(fixture.join("catalogue.toml")).unwrap();
    let toml = toml.replace("series_downloads = true", site);
    fs::write(c.join("catalogue.toml"), format!("{toml}\n{extra}")).unwrap();
    fs::copy(fixture.join("pages/about.md"), c.join("pages/about.md")).unwrap();
    c
}

/// A content folder in `dir` whose catalogue is `catalogue` alone.
fn bare(dir: &Path, catalogue: &str) -> PathBuf {
    let c = dir.join("content");
    fs::create_dir_all(&c).unwrap();
    fs::write(c.join("catalogue.toml"), catalogue).unwrap();
    c
}

fn run(content: &Path, out: &Path, force: bool) -> Summary {
    build(&BuildOptions {
        content: content.to_path_buf(),
        templates: root().join("crates/knights-site/templates"),
        out: out.to_path_buf(),
        jobs: Some(2),
        force,
        progress: false,
        exhibits: knights_gallery::all(),
    })
    .unwrap_or_else(|e| panic!("build failed: {e}"))
}

/// Every file of the site and its bytes, but the timings.
fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    for e in walkdir::WalkDir::new(dir).into_iter().flatten() {
        if !e.file_type().is_file() {
            continue;
        }
        let rel = e.path().strip_prefix(dir).unwrap();
        let rel = rel.to_string_lossy().replace('\\', "/");
        if !MEASURED.contains(&rel.as_str()) {
            out.insert(rel, fs::read(e.path()).unwrap());
        }
    }
    out
}

#[test]
fn a_second_build_takes_unchanged_tours_from_the_cache_and_is_byte_identical() {
    let tmp = tempfile::tempdir().unwrap();
    let c = content(tmp.path(), "", "");
    let out = tmp.path().join("site");
    let first = run(&c, &out, false);
    assert_eq!(first.cached, 0);
    let before = snapshot(&out);
    assert!(out.join(TIMINGS).is_file());

    let second = run(&c, &out, false);
    assert_eq!(second.cached, second.entries, "{second}");
    assert_eq!(snapshot(&out), before, "a cached build differs");

    // One changed tour is built again; the others come from the cache.
    let toml = fs::read_to_string(c.join("catalogue.toml")).unwrap();
    let changed = toml.replacen("board = \"16x12\"", "board = \"16x14\"", 1);
    assert_ne!(changed, toml);
    fs::write(c.join("catalogue.toml"), changed).unwrap();
    let third = run(&c, &out, false);
    assert_eq!(third.cached, third.entries - 1, "{third}");
    let index = fs::read_to_string(out.join("index.html")).unwrap();
    assert!(index.contains("16x14") && !index.contains("\"16x12-besa"));
    assert!(
        index.contains("<title>Gallery · Fixture tours</title>"),
        "[site] title"
    );

    // --force builds everything again, and the result is the same as from the cache.
    let cached = snapshot(&out);
    let forced = run(&c, &out, true);
    assert_eq!(forced.cached, 0);
    assert_eq!(
        snapshot(&out),
        cached,
        "a forced build differs from a cached one"
    );
    let timings: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(out.join(TIMINGS)).unwrap()).unwrap();
    assert_eq!(timings["tours"].as_array().unwrap().len(), forced.entries);
    // Pages carry no times: they would differ from build to build. Every tour page
    // has a legend and an alt text that describes the tour.
    for (f, bytes) in &cached {
        if f.starts_with("tours/") {
            let html = String::from_utf8_lossy(bytes);
            assert!(html.contains("class=\"legend"), "{f} has no legend");
            assert!(
                html.contains("s tour of the") && html.contains("turns,"),
                "{f} has no describing alt text"
            );
        }
        if f.ends_with(".html") {
            let html = String::from_utf8_lossy(bytes);
            assert!(
                !html.contains(" ms<") && !html.contains(" µs<"),
                "{f} has a time"
            );
        }
    }
}

#[test]
fn downloads_are_for_catalogue_tours_and_large_boards_get_detailed_crops() {
    let tmp = tempfile::tempdir().unwrap();
    let c = content(
        tmp.path(),
        "",
        "[[tour]]\nboard = \"200x200\"\nalgorithm = \"besa\"\n\
         [[tour]]\nboard = \"16x16\"\nalgorithm = \"hilbert\"\nopen = true\ndownloads = false\n\
         [[tour]]\nboard = \"120x120\"\nalgorithm = \"stitch\"\ndownloads = false\n\
         [[series]]\nslug = \"large\"\ntitle = \"t\"\nalgorithm = \"besa\"\n\
         sizes = { from = 56, to = 60, step = 4 }\n",
    );
    let out = tmp.path().join("site");
    let summary = run(&c, &out, false);
    let files = snapshot(&out);
    // The summary's size is the bytes of the site's files (the timings included, the
    // hidden marker of a built site left out).
    let measured: usize = MEASURED
        .iter()
        .map(|f| fs::metadata(out.join(f)).map_or(0, |m| m.len() as usize))
        .sum();
    let bytes: usize = files
        .iter()
        .filter(|(f, _)| !f.starts_with('.'))
        .map(|(_, b)| b.len())
        .sum::<usize>()
        + measured;
    assert_eq!(summary.bytes as usize, bytes);
    assert!(summary
        .to_string()
        .ends_with(&format!(" ({:.2} MB)", bytes as f64 / 1e6)));
    // Squares too small to follow a leap: a series' largest board has its places
    // framed and drawn in detail; a smaller member, neither (its drawing zooms).
    let crops_of = |slug: &str| {
        files
            .keys()
            .filter(|f| f.starts_with(&format!("files/{slug}-detail-")))
            .count()
    };
    let framed = |slug: &str| {
        String::from_utf8_lossy(&files[&format!("files/{slug}.svg")]).contains("class=\"spots\"")
    };
    assert!(crops_of("60x60-besa") >= 4 && framed("60x60-besa"));
    assert_eq!((crops_of("56x56-besa"), framed("56x56-besa")), (0, false));
    let page = String::from_utf8_lossy(&files["tours/56x56-besa.html"]).into_owned();
    assert!(!page.contains("In detail") && !page.contains("numbered frame"));
    // A catalogue tour with `downloads = false`: its drawing, none of the downloads.
    assert!(files.contains_key("files/16x16-hilbert-open.svg"));
    for ext in ["png", "pdf", "json"] {
        assert!(
            !files.contains_key(&format!("files/16x16-hilbert-open.{ext}")),
            "{ext}"
        );
    }
    for listed in ["8x8-warnsdorff", "six-by-six", "200x200-besa"] {
        for ext in ["png", "pdf", "json", "svg"] {
            assert!(
                files.contains_key(&format!("files/{listed}.{ext}")),
                "{listed}.{ext}"
            );
        }
    }
    for member in ["8x8-warnsdorff-open", "10x10-warnsdorff-open"] {
        assert!(files.contains_key(&format!("files/{member}.svg")));
        assert!(files.contains_key(&format!("thumbs/{member}@2x.png")));
        for ext in ["png", "pdf", "json"] {
            assert!(
                !files.contains_key(&format!("files/{member}.{ext}")),
                "{member}.{ext}"
            );
        }
        let page = String::from_utf8_lossy(&files[&format!("tours/{member}.html")]).into_owned();
        assert!(!page.contains(".pdf\""), "{member}'s page links a PDF");
    }
    // The large board: one figure, as `knights render` draws it: the overview, its
    // numbered frames, and below it an inset of each in full detail (turns and
    // crossings drawn); no crops beside it.
    let svg = String::from_utf8_lossy(&files["files/200x200-besa.svg"]).into_owned();
    assert!(svg.contains("class=\"overview\""));
    let insets = svg.matches("<svg class=\"inset-").count();
    assert!(insets >= 4, "{insets} insets");
    let first = &svg[svg.find("<svg class=\"inset-1\"").unwrap()..];
    let first = &first[..first.find("</svg>").unwrap()];
    assert!(first.contains("class=\"tour\"") && first.contains("class=\"turn\""));
    assert!(svg.contains("bottom-left corner"));
    assert!(!files
        .keys()
        .any(|f| f.starts_with("files/200x200-besa-detail-")));
    let page = String::from_utf8_lossy(&files["tours/200x200-besa.html"]).into_owned();
    assert!(page.contains("in the inset of the same number"));
    assert!(!page.contains("<h2>In detail</h2>"));
    // A tile tour's full detail is too heavy for SVG: its page has a tiled pyramid,
    // every tile of every level it names, each of its place's size; the formation
    // tour's full detail is light enough, so it has none.
    assert!(!files.keys().any(|f| f.starts_with("tiles/200x200-besa")));
    let page = String::from_utf8_lossy(&files["tours/120x120-stitch.html"]).into_owned();
    let attr = |name: &str| -> String {
        let at = page
            .find(&format!("{name}=\""))
            .unwrap_or_else(|| panic!("no {name}"));
        let rest = &page[at + name.len() + 2..];
        rest[..rest.find('"').unwrap()].to_string()
    };
    assert_eq!(attr("data-tiles"), "../tiles/120x120-stitch");
    let tile: u32 = attr("data-tile").parse().unwrap();
    let levels: Vec<(u32, u32)> = attr("data-levels")
        .split(' ')
        .map(|l| {
            let (w, h) = l.split_once('x').unwrap();
            (w.parse().unwrap(), h.parse().unwrap())
        })
        .collect();
    assert_eq!(levels.len(), 2, "{levels:?}");
    assert!(levels[1].0 > levels[0].0 * 19 / 10, "{levels:?}");
    let mut count = 0;
    for (i, &(w, h)) in levels.iter().enumerate() {
        for row in 0..h.div_ceil(tile) {
            for col in 0..w.div_ceil(tile) {
                let f = format!("tiles/120x120-stitch/{i}/{col}-{row}.png");
                let png = files.get(&f).unwrap_or_else(|| panic!("no {f}"));
                let size = (
                    u32::from_be_bytes(png[16..20].try_into().unwrap()),
                    u32::from_be_bytes(png[20..24].try_into().unwrap()),
                );
                let want = (tile.min(w - col * tile), tile.min(h - row * tile));
                assert_eq!(size, want, "{f}");
                count += 1;
            }
        }
    }
    let all = files.keys().filter(|f| f.starts_with("tiles/")).count();
    assert_eq!(all, count, "no other tiles");
    // Sizes: PNGs are palette images with their resolution; the site stays small.
    for (f, bytes) in &files {
        if f.ends_with(".png") {
            assert_eq!(bytes[25], 3, "{f} is not a palette PNG");
            assert!(bytes.windows(4).any(|w| w == b"pHYs"), "{f} has no pHYs");
        }
        if f.starts_with("thumbs/") {
            assert!(bytes.len() < 120_000, "{f}: {} bytes", bytes.len());
        }
    }
    // The explorer's module is the same on every site, whatever its catalogue: it has
    // a budget of its own, the (2 MB gzipped), and the site's is the rest.
    let total: usize = files
        .iter()
        .filter(|(f, _)| !f.starts_with("explore/"))
        .map(|(_, b)| b.len())
        .sum();
    assert!(total < 7_000_000, "the fixture site is {total} bytes");
    if let Some(module) = files.get("explore/knights_web.wasm") {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        std::io::Write::write_all(&mut gz, module).unwrap();
        let zipped = gz.finish().unwrap().len();
        assert!(
            zipped < 2_000_000,
            "the explorer's module is {zipped} bytes gzipped"
        );
    }
}

/// The heaviest kinds of drawing of the shipped catalogue, at its largest sizes: a tile
/// construction's detailed drawing just under the overview's threshold (a turn at
/// almost every cell, a section per tile) and its overview just above. The shipped
/// catalogue has about a hundred such series members; its whole site was measured at
/// 35.1 MB (target: 40 MB, 36 MB to leave room) with these drawings at about 135 KB
/// and 117 KB and three tiled pyramids of 0.6 to 0.8 MB.
#[test]
fn the_heaviest_drawings_stay_within_their_budget() {
    let tmp = tempfile::tempdir().unwrap();
    let c = content(
        tmp.path(),
        "",
        "[[tour]]\nboard = \"180x180\"\nalgorithm = \"stitch\"\n\
         [[tour]]\nboard = \"192x192\"\nalgorithm = \"stitch\"\n",
    );
    let out = tmp.path().join("site");
    run(&c, &out, false);
    let size = |f: &str| fs::metadata(out.join(f)).unwrap().len();
    let detail = fs::read_to_string(out.join("files/180x180-stitch.svg")).unwrap();
    assert!(detail.contains("class=\"tour\""), "drawn square by square");
    assert!(
        detail.matches("<path").count() < 20,
        "one path per colour, not per tile"
    );
    let overview = fs::read_to_string(out.join("files/192x192-stitch.svg")).unwrap();
    assert!(overview.contains("class=\"overview\""));
    assert!(!overview.contains("<circle"), "markers are dots in paths");
    for (f, budget) in [
        ("files/180x180-stitch.svg", 150_000),
        ("files/192x192-stitch.svg", 130_000),
        ("thumbs/180x180-stitch@2x.png", 20_000),
        ("thumbs/192x192-stitch@2x.png", 20_000),
    ] {
        assert!(size(f) < budget, "{f}: {} bytes", size(f));
    }
}

/// The index folds the series away, the navigation marks the current page and lists
/// the comparison boards by size, comparison tables mark the best values, the metrics
/// page shows every series on a second pair of plots (SVG, PNG, PDF), and the build's
/// timings have a page of their own that no other page includes.
#[test]
fn navigation_series_best_values_plots_and_the_timings_page() {
    let tmp = tempfile::tempdir().unwrap();
    let c = content(tmp.path(), "", "");
    let out = tmp.path().join("site");
    run(&c, &out, false);
    let read = |f: &str| fs::read_to_string(out.join(f)).unwrap();
    let index = read("index.html");
    assert!(index.contains("<details class=\"series\""), "series folded");
    assert!(!index.contains("<details class=\"series\" open"));
    assert!(index.contains("href=\"timings.html\""));
    let metrics = read("metrics.html");
    assert!(metrics.contains("href=\"metrics.html\" aria-current=\"page\""));
    assert!(!index.contains("href=\"metrics.html\" aria-current"));
    let (small, large) = (
        metrics.find("compare/6x6.html").unwrap(),
        metrics.find("compare/16x12.html").unwrap(),
    );
    assert!(small < large, "comparison boards sorted by size");
    let compare = read("compare/16x12.html");
    assert!(compare.contains("class=\"best\""));
    assert!(compare.contains("href=\"../compare/16x12.html\" aria-current=\"page\""));
    for p in ["turns", "crossings", "turns-all", "crossings-all"] {
        assert!(metrics.contains(&format!("plots/{p}.svg")), "{p}");
        for ext in ["png", "pdf"] {
            assert!(out.join(format!("plots/{p}.{ext}")).is_file(), "{p}.{ext}");
        }
    }
    let timings = read("timings.html");
    assert!(timings.contains("src=\"timings.js\""));
    assert!(read("timings.js").starts_with("window.knightsTimings = {"));
    for page in ["index.html", "metrics.html", "tours/six-by-six.html"] {
        assert!(!read(page).contains("timings.js"), "{page}");
    }
    // Tour pages load the zoom script and mark their drawing zoomable.
    let tour = read("tours/six-by-six.html");
    assert!(tour.contains("static/zoom.js") && tour.contains("data-zoom"));
}

/// The least share of coloured pixels of a thumbnail at 1x. Before the thumbnails had
/// their own lines and tint, the five here had 0 to 9.7%, and under half their 2x share
/// (checked apart). Since the cards of small boards are shaded light to dark along the
/// walk (issue 37: tests/integration/thumbs.rs checks their lightness and that they
/// differ), their darkest shades and the palette's grey sections carry little colour:
/// 18x14 has 10.3% at 1x and 15.2% at 2x, 23x23 18.4%; the section-coloured 30x30 36%.
const COLOURED: f64 = 0.08;

/// The share of a PNG's pixels (decoded from its palette) whose colour is saturated:
/// the largest and smallest channel at least 60 apart.
fn coloured_share(png_bytes: &[u8]) -> f64 {
    let mut dec = png::Decoder::new(std::io::Cursor::new(png_bytes));
    dec.set_transformations(png::Transformations::EXPAND);
    let mut reader = dec.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    let px = &buf[..info.buffer_size()];
    let pixels = px.len() / channels;
    let coloured = px
        .chunks(channels)
        .filter(|p| {
            let rgb = &p[..3];
            rgb.iter().max().unwrap() - rgb.iter().min().unwrap() >= 60
        })
        .count();
    coloured as f64 / pixels as f64
}

/// Both thumbnails of a tour in coloured sections keep the colours: at 1x a 30x30,
/// 23x23 or 18x14 board's leaps once blended with its squares, markers and coordinates into a
/// grey 16-colour palette, and the 3-D boards' levels (16x12x4, 26x26x26) and the leaps alone
/// (30x30 at 1x) were lines under half a pixel wide, pale or grey, as were the pale
/// blocks of a large board's overview (the giraffe's 52x22). Now each thumbnail has a
/// fair share of coloured pixels, and the 1x one at least 0.6 times the 2x one's.
#[test]
fn thumbnails_keep_the_section_colours_at_both_resolutions() {
    let tmp = tempfile::tempdir().unwrap();
    let c = bare(
        tmp.path(),
        "[site]\ntitle = \"t\"\n\
         [[tour]]\nboard = \"30x30\"\nalgorithm = \"besa\"\n\
         [[tour]]\nboard = \"23x23\"\nalgorithm = \"besa\"\nvariant = \"corner\"\n\
         [[tour]]\nboard = \"18x14\"\nalgorithm = \"besa\"\n\
         [[tour]]\nboard = \"16x12x4\"\nalgorithm = \"besa\"\n\
         [[tour]]\nboard = \"26x26x26\"\nalgorithm = \"besa\"\n\
         [[tour]]\nslug = \"giraffe\"\nboard = \"52x22\"\nalgorithm = \"besa\"\nleaper = \"1,4\"\n",
    );
    let out = tmp.path().join("site");
    run(&c, &out, false);
    for slug in [
        "30x30-besa",
        "23x23-besa-corner",
        "18x14-besa",
        "16x12x4-besa",
        "26x26x26-besa",
        "giraffe",
    ] {
        let share = |f: String| coloured_share(&fs::read(out.join("thumbs").join(f)).unwrap());
        let (at1x, at2x) = (
            share(format!("{slug}.png")),
            share(format!("{slug}@2x.png")),
        );
        eprintln!("{slug}: {at1x:.3} at 1x, {at2x:.3} at 2x");
        assert!(
            at2x > 0.05 && at1x > COLOURED && at1x > 0.6 * at2x,
            "{slug}: {:.1}% coloured pixels at 1x, {:.1}% at 2x",
            at1x * 100.0,
            at2x * 100.0
        );
    }
}

/// Sections are named by the part of the construction that made them, not by their
/// colour; a long order of sections (a Hilbert tour's 16 blocks) is coloured along a
/// gradient, no two alike, shown as a key with its first and last section.
#[test]
fn sections_are_named_by_role_and_a_long_order_has_a_gradient_key() {
    let tmp = tempfile::tempdir().unwrap();
    let c = bare(
        tmp.path(),
        "[site]\ntitle = \"t\"\n\
         [[tour]]\nboard = \"16x12\"\nalgorithm = \"besa\"\n\
         [[tour]]\nboard = \"32x32\"\nalgorithm = \"hilbert\"\nopen = true\n",
    );
    let out = tmp.path().join("site");
    run(&c, &out, false);
    let page = |slug: &str| fs::read_to_string(out.join(format!("tours/{slug}.html"))).unwrap();
    let formation = page("16x12-besa");
    for role in ["bottom-left junction, run 1", "formation knight 4"] {
        assert!(formation.contains(role), "{role}");
    }
    assert!(!formation.contains("light red"));
    assert!(
        !formation.contains("gradient-key"),
        "eight sections: a list"
    );
    let hilbert = page("32x32-hilbert-open");
    assert!(hilbert.contains("gradient-key"));
    assert!(hilbert
        .contains("<span>block 1 in Hilbert order</span><span>block 16 in Hilbert order</span>"));
    let colours: BTreeSet<&str> = hilbert
        .split("class=\"swatch\" style=\"background: ")
        .skip(1)
        .map(|s| &s[..7])
        .collect();
    assert_eq!(colours.len(), 16, "{colours:?}");
}

/// A PNG's pixels, decoded from its palette to RGB(A), with its width.
fn pixels(png_bytes: &[u8]) -> (Vec<[u8; 3]>, u32) {
    let mut dec = png::Decoder::new(std::io::Cursor::new(png_bytes));
    dec.set_transformations(png::Transformations::EXPAND);
    let mut reader = dec.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    let px = buf[..info.buffer_size()]
        .chunks(channels)
        .map(|p| [p[0], p[1], p[2]])
        .collect();
    (px, info.width)
}

/// The share of pixels where two pictures of one size differ clearly (a channel by
/// more than 48).
fn differing(a: &[[u8; 3]], b: &[[u8; 3]]) -> f64 {
    assert_eq!(a.len(), b.len());
    let n = a
        .iter()
        .zip(b)
        .filter(|(p, q)| (0..3).any(|c| p[c].abs_diff(q[c]) > 48))
        .count();
    n as f64 / a.len() as f64
}

/// The index's 1x thumbnails show each tour's route: the five hidden-Hilbert tours
/// of 64x64, which differ only in their 8x8 motif, were the same flat blocks (the
/// blocks of their Hilbert curve, one colour each) and are told apart now, their
/// leaps drawn at the card's size (the two fourfold motifs, o8-d and o8-e, differ in a
/// few leaps: 1.5% of their pixels, the other pairs 14 to 26%); the cylinder's
/// thumbnail shows leaps, not a band of one colour.
#[test]
fn thumbnails_tell_the_hidden_hilbert_tours_apart() {
    let tmp = tempfile::tempdir().unwrap();
    let mut catalogue = String::from("[site]\ntitle = \"t\"\n");
    let variants = ["o8", "o8-b", "o8-c", "o8-d", "o8-e"];
    for v in variants {
        catalogue.push_str(&format!(
            "[[tour]]\nslug = \"h-{v}\"\nboard = \"64x64\"\nalgorithm = \"hilbert\"\nvariant = \"{v}\"\nopen = true\n"
        ));
    }
    catalogue.push_str(
        "[[tour]]\nslug = \"band\"\nboard = \"64x8\"\ntopology = \"cylinder\"\nalgorithm = \"bands\"\n",
    );
    let c = bare(tmp.path(), &catalogue);
    let out = tmp.path().join("site");
    run(&c, &out, false);
    let thumb = |slug: &str| pixels(&fs::read(out.join(format!("thumbs/{slug}.png"))).unwrap());
    let all: Vec<_> = variants
        .iter()
        .map(|v| thumb(&format!("h-{v}")).0)
        .collect();
    for i in 0..all.len() {
        for j in i + 1..all.len() {
            let d = differing(&all[i], &all[j]);
            eprintln!(
                "{} and {}: {:.1}% of pixels differ",
                variants[i],
                variants[j],
                d * 100.0
            );
            assert!(
                d > 0.01,
                "{} and {}: only {:.1}% of their pixels differ",
                variants[i],
                variants[j],
                d * 100.0
            );
        }
    }
    // The band's leaps: along a row of the thumbnail the colour changes often (the
    // flat band of one colour changed a handful of times).
    let (band, width) = thumb("band");
    let row = &band[(band.len() / width as usize / 2) * width as usize..][..width as usize];
    let changes = row.windows(2).filter(|p| p[0] != p[1]).count();
    assert!(
        changes > width as usize / 8,
        "{changes} changes in {width} pixels"
    );
}

/// A large cube's page shows its levels large enough to read (26 levels of 26x26 six
/// a row were about 70 pixels wide at 1400): at most four levels a row, the drawing
/// across the page, its labels an eighteenth of a level's side or more, the stacked
/// plates' labels a twentieth of a plate at least.
#[test]
fn a_cube_s_levels_are_drawn_large_and_labelled() {
    let tmp = tempfile::tempdir().unwrap();
    let c = bare(
        tmp.path(),
        "[site]\ntitle = \"t\"\n\
         [[tour]]\nboard = \"26x26x26\"\nalgorithm = \"besa\"\n",
    );
    let out = tmp.path().join("site");
    run(&c, &out, false);
    let svg = fs::read_to_string(out.join("files/26x26x26-besa.svg")).unwrap();
    let mut lefts: Vec<String> = svg
        .split("class=\"level\"")
        .skip(1)
        .map(|g| {
            let at = g.find("translate(").unwrap() + 10;
            g[at..].split(' ').next().unwrap().to_string()
        })
        .collect();
    assert_eq!(lefts.len(), 26);
    lefts.sort();
    lefts.dedup();
    assert!((3..=4).contains(&lefts.len()), "{lefts:?} levels a row");
    let size_of = |doc: &str, class: &str| -> f64 {
        let at = doc.find(&format!("class=\"{class}\"")).unwrap();
        let tag = &doc[doc[..at].rfind('<').unwrap()..];
        let tag = &tag[..tag.find('>').unwrap()];
        let f = tag.find("font-size=\"").unwrap() + 11;
        tag[f..f + tag[f..].find('"').unwrap()].parse().unwrap()
    };
    let label = size_of(&svg, "level-label");
    assert!(label >= 26.0 / 18.0 - 1e-9, "labels of {label} squares");
    let page = fs::read_to_string(out.join("tours/26x26x26-besa.html")).unwrap();
    assert!(page.contains("<figure class=\"drawing wide\">"));
    let iso = fs::read_to_string(out.join("files/26x26x26-besa-iso.svg")).unwrap();
    let plate = 52.0 * 0.866;
    let iso_label = iso
        .split("<text")
        .nth(1)
        .and_then(|t| t.split("font-size=\"").nth(1))
        .map(|t| t[..t.find('"').unwrap()].parse::<f64>().unwrap())
        .unwrap();
    assert!(iso_label >= plate / 20.0 - 0.01, "{iso_label}");
}
