//! Reference-image regression tests, in the manner of resvg: each chosen drawing is
//! rendered to PNG and compared with `tests/refs/NAME.png`. A pixel differs when one of
//! its channels differs by more than 1; any differing pixel fails the test and writes
//! `expected | differences | actual` to the test's temporary folder.
//!
//! `KNIGHTS_REGENERATE=1 cargo test --test integration render_refs` rewrites the references (look at
//! them before committing).

use std::path::{Path, PathBuf};

use crate::render_support::*;
use knights_core::metrics::Metrics;
use knights_core::Verified;
use knights_render::{Drawing, Options, Resolution, Show, Theme};
use resvg::tiny_skia::{Pixmap, PremultipliedColorU8};

/// One reference drawing.
struct Case {
    name: &'static str,
    tour: (Verified, Metrics),
    theme: &'static str,
    show: Option<&'static str>,
    width: u32,
}

fn case(
    name: &'static str,
    tour: Verified,
    theme: &'static str,
    show: Option<&'static str>,
    width: u32,
) -> Case {
    Case {
        name,
        tour: measured(tour),
        theme,
        show,
        width,
    }
}

fn closed(w: u32, h: u32) -> Verified {
    warnsdorff(w, h, true, 7, 20_000).expect("a closed Warnsdorff tour")
}

fn open(w: u32, h: u32, seed: u64) -> Verified {
    warnsdorff(w, h, false, seed, 200).expect("an open Warnsdorff tour")
}

fn theme_file(name: &str) -> &'static str {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/refs")
        .join(name);
    Box::leak(p.to_string_lossy().into_owned().into_boxed_str())
}

fn cases() -> Vec<Case> {
    let eight = closed(8, 8);
    let tiles: Vec<&str> = vec!["tile 0", "tile 1", "tile 2", "tile 3", "tile 4", "tile 5"];
    vec![
        case("ring_3x3_all", ring(), "web", Some("all"), 240),
        case("web_8x8_default", eight.clone(), "web", None, 320),
        case("teaching_8x8_default", eight.clone(), "teaching", None, 400),
        case("print_8x8_default", eight.clone(), "print", None, 320),
        case(
            "print_8x8_markers",
            eight.clone(),
            "print",
            Some("squares,turns,crossings,coords"),
            320,
        ),
        case(
            "web_8x8_sections",
            with_sections(&eight, &FORMATION),
            "web",
            Some("+turns"),
            320,
        ),
        case("teaching_6x7_open", open(6, 7, 1), "teaching", None, 360),
        case(
            "web_7x9_open_ends",
            open(7, 9, 2),
            "web",
            Some("squares,sections,ends,coords"),
            300,
        ),
        case(
            "teaching_16x16_numbers",
            open(16, 16, 3),
            "teaching",
            None,
            640,
        ),
        case(
            "web_10x12_palette",
            with_sections(&closed(10, 12), &tiles),
            "web",
            None,
            320,
        ),
        case("web_20x20_gradient", closed(20, 20), "web", None, 320),
        case(
            "web_30x30_open_all",
            open(30, 30, 4),
            "web",
            Some("all,-numbers"),
            400,
        ),
        case("web_40x40_default", open(40, 40, 5), "web", None, 320),
        case(
            "formation_30x30_web",
            formation(30, 30),
            "web",
            Some("squares,sections"),
            480,
        ),
        case(
            "formation_30x30_markers",
            formation(30, 30),
            "web",
            None,
            640,
        ),
        case(
            "formation_30x30_print",
            formation(30, 30),
            "print",
            None,
            480,
        ),
        case(
            "formation_16x12_teaching",
            formation(16, 12),
            "teaching",
            Some("+ends,-numbers"),
            480,
        ),
        case(
            "formation_40x25_print_all",
            formation(40, 25),
            "print",
            Some("all,-numbers"),
            560,
        ),
        case(
            "formation_200x200_web",
            formation(200, 200),
            "web",
            None,
            400,
        ),
        case(
            "custom_theme_8x8",
            eight,
            theme_file("custom.toml"),
            Some("all,-numbers"),
            320,
        ),
    ]
}

fn refs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/refs")
}

fn render(c: &Case) -> Vec<u8> {
    let opts = Options {
        theme: Theme::load(c.theme).unwrap(),
        show: c.show.map_or(Show::Defaults, |s| Show::parse(s).unwrap()),
        resolution: Resolution::Width(c.width),
        ..Default::default()
    };
    let drawing = Drawing::new(&c.tour.0, &c.tour.1, &opts).unwrap();
    drawing.png().unwrap()
}

/// The number of pixels that differ by more than 1 in some channel, and the diff image.
pub(crate) fn compare(expected: &Pixmap, actual: &Pixmap) -> (usize, Pixmap) {
    let (w, h) = (expected.width(), expected.height());
    let mut diff = Pixmap::new(3 * w, h).unwrap();
    let mut bad = 0;
    let red = PremultipliedColorU8::from_rgba(255, 0, 0, 255).unwrap();
    let white = PremultipliedColorU8::from_rgba(255, 255, 255, 255).unwrap();
    let (e, a) = (expected.pixels(), actual.pixels());
    let out = diff.pixels_mut();
    for y in 0..h as usize {
        for x in 0..w as usize {
            let i = y * w as usize + x;
            let (p, q) = (e[i], a[i]);
            let differs = [
                (p.red(), q.red()),
                (p.green(), q.green()),
                (p.blue(), q.blue()),
                (p.alpha(), q.alpha()),
            ]
            .iter()
            .any(|&(s, t)| s.abs_diff(t) > 1);
            bad += differs as usize;
            let row = y * 3 * w as usize;
            out[row + x] = p;
            out[row + w as usize + x] = if differs { red } else { white };
            out[row + 2 * w as usize + x] = q;
        }
    }
    (bad, diff)
}

#[test]
fn drawings_match_their_reference_images() {
    let regen = std::env::var("KNIGHTS_REGENERATE").is_ok_and(|v| v == "1");
    let diffs = Path::new(env!("CARGO_TARGET_TMPDIR")).join("render-diffs");
    let mut failures = Vec::new();
    for c in cases() {
        let png = render(&c);
        let file = refs_dir().join(format!("{}.png", c.name));
        if regen {
            std::fs::write(&file, &png).unwrap();
            continue;
        }
        let Ok(expected) = std::fs::read(&file) else {
            failures.push(format!(
                "{}: no reference (run with KNIGHTS_REGENERATE=1)",
                c.name
            ));
            continue;
        };
        let expected = Pixmap::decode_png(&expected).unwrap();
        let actual = Pixmap::decode_png(&png).unwrap();
        if (expected.width(), expected.height()) != (actual.width(), actual.height()) {
            failures.push(format!(
                "{}: size {}x{} differs from the reference's {}x{}",
                c.name,
                actual.width(),
                actual.height(),
                expected.width(),
                expected.height()
            ));
            continue;
        }
        let (bad, diff) = compare(&expected, &actual);
        if bad > 0 {
            std::fs::create_dir_all(&diffs).unwrap();
            let out = diffs.join(format!("{}.png", c.name));
            diff.save_png(&out).unwrap();
            failures.push(format!(
                "{}: {bad} pixels differ, see {}",
                c.name,
                out.display()
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn every_reference_image_belongs_to_a_case() {
    let names: Vec<String> = cases().iter().map(|c| format!("{}.png", c.name)).collect();
    for e in std::fs::read_dir(refs_dir()).unwrap() {
        let name = e.unwrap().file_name().to_string_lossy().into_owned();
        if name.ends_with(".png") {
            assert!(names.contains(&name), "{name} has no case: remove it");
        }
    }
}
