//! Figures for print through the real binary: `render --size` (the figure's width on
//! paper, carried by the SVG, the PDF's page and the PNG's resolution; bad widths a
//! usage error naming the option) and a large board's figure of its overview and
//! detailed insets (`--insets`), the README's print example.

use crate::run::{knights_in, stderr};

/// `knights ARGS` in `dir`, which must succeed.
fn ok(dir: &std::path::Path, args: &[&str]) {
    let o = knights_in(dir, args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
}

/// The `pHYs` resolution of a PNG, in dots per inch, and its width in pixels.
fn png_dpi(bytes: &[u8]) -> (f64, u32) {
    let at = bytes.windows(4).position(|w| w == b"pHYs").unwrap() + 4;
    let per_metre = u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    let width = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    (per_metre as f64 * 0.0254, width)
}

/// The size of a PDF's page, in points, from its MediaBox.
fn pdf_page(bytes: &[u8]) -> (f64, f64) {
    let text = String::from_utf8_lossy(bytes);
    let at = text.find("/MediaBox [").unwrap() + "/MediaBox [".len();
    let n: Vec<f64> = text[at..at + text[at..].find(']').unwrap()]
        .split_whitespace()
        .map(|v| v.parse().unwrap())
        .collect();
    (n[2] - n[0], n[3] - n[1])
}

#[test]
fn a_size_on_paper_is_carried_by_the_svg_the_pdf_and_the_png() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(
        d,
        &[
            "render", "30x30", "--theme", "print", "--size", "120mm", "-o", "f.svg",
        ],
    );
    let svg = std::fs::read_to_string(d.join("f.svg")).unwrap();
    assert!(
        svg.contains("width=\"120mm\"") && svg.contains("height=\""),
        "{}",
        &svg[..300]
    );
    ok(
        d,
        &[
            "render", "30x30", "--theme", "print", "--size", "120mm", "-o", "f.pdf",
        ],
    );
    let (w, h) = pdf_page(&std::fs::read(d.join("f.pdf")).unwrap());
    assert!(
        (w - 120.0 / 25.4 * 72.0).abs() < 0.05 && h > 0.0,
        "{w} x {h}"
    );
    ok(
        d,
        &[
            "render", "30x30", "--size", "4.5in", "--width", "900", "-o", "f.png",
        ],
    );
    let (dpi, px) = png_dpi(&std::fs::read(d.join("f.png")).unwrap());
    assert_eq!(px, 900);
    assert!((px as f64 / dpi - 4.5).abs() < 0.01, "{px} px at {dpi} dpi");
    for bad in ["120", "12furlongs", "0mm", "abcmm"] {
        let o = knights_in(d, &["render", "8x8", "--size", bad, "-o", "x.svg"]);
        assert_eq!(o.status.code(), Some(2), "{bad}");
        let e = stderr(&o);
        assert!(e.contains("--size") && e.contains(bad), "{e}");
    }
    let o = knights_in(d, &["render", "8x8", "--insets", "99", "-o", "x.svg"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--insets"));
}

#[test]
fn the_print_figure_of_a_large_board_is_its_overview_with_detailed_insets() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let args = ["render", "1000x1000", "--theme", "print", "--size", "160mm"];
    ok(d, &[&args[..], &["-o", "f.svg"]].concat());
    let svg = std::fs::read_to_string(d.join("f.svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("width=\"160mm\""));
    assert_eq!(svg.matches("<svg class=\"overview\"").count(), 1);
    let insets: Vec<&str> = svg.split("<svg class=\"inset-").skip(1).collect();
    assert!(insets.len() >= 4, "{} insets", insets.len());
    for inset in &insets {
        // Square by square, with turn dots, crossing disks and coordinates.
        for class in ["tour", "turns", "crossings", "coords"] {
            assert!(inset.contains(&format!("class=\"{class}\"")), "{class}");
        }
    }
    // Every frame on the overview is numbered, and each number has its inset.
    assert_eq!(svg.matches("class=\"spot\"").count(), insets.len());
    ok(d, &[&args[..], &["-o", "f.pdf"]].concat());
    let (w, h) = pdf_page(&std::fs::read(d.join("f.pdf")).unwrap());
    assert!((w - 160.0 / 25.4 * 72.0).abs() < 0.05, "{w}");
    // The SVG says the figure's height in millimetres too, the PDF's page is as
    // tall, and a page takes it (at most 1.5 times as tall as wide).
    let tag = &svg[..svg.find('>').unwrap()];
    let at = tag.find(" height=\"").unwrap() + 9;
    let mm: f64 = tag[at..].split("mm\"").next().unwrap().parse().unwrap();
    assert!((h - mm / 25.4 * 72.0).abs() < 0.05, "{h} pt, {mm} mm");
    assert!(mm <= 1.5 * 160.0, "{mm} mm");
    // The overview alone, asked for.
    ok(d, &[&args[..], &["--insets", "0", "-o", "o.svg"]].concat());
    let alone = std::fs::read_to_string(d.join("o.svg")).unwrap();
    assert!(!alone.contains("<svg class=\"inset-") && alone.contains("class=\"overview\""));
}
