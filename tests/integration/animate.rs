//! `knights render --animate`: the walk-through as an animated SVG, a GIF and numbered
//! frames, through the real binary. That it plays in headless Chromium (and that a tour
//! page's buttons drive it) is checked by tests/integration/browser.rs, with the gallery.

use std::path::Path;

use crate::run::{knights, refused, stderr};

fn ok(args: &[&str]) {
    let out = knights(args);
    assert!(
        out.status.success(),
        "knights {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn gif_frames(path: &Path) -> usize {
    let file = std::fs::File::open(path).unwrap();
    let mut dec = gif::DecodeOptions::new().read_info(file).unwrap();
    let mut n = 0;
    while dec.read_next_frame().unwrap().is_some() {
        n += 1;
    }
    n
}

#[test]
fn the_svg_has_one_animated_step_per_move() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("walk.svg");
    let s = svg.to_str().unwrap();
    // A closed 6x6 tour: 36 moves, the last one back to the start.
    ok(&["render", "6x6", "--animate", "--theme", "teaching", "-o", s]);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(text.matches("<g class=\"step\"").count(), 36);
    assert_eq!(text.matches("attributeName=\"opacity\"").count(), 36);
    assert!(text.contains("class=\"knight\"") && text.contains("36 of 36 moves"));
    assert!(!text.contains("<script"));
    // An open 5x5 tour: 24 moves.
    ok(&["render", "5x5", "--open", "--animate", "-o", s]);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(text.matches("<g class=\"step\"").count(), 24);
}

#[test]
fn gif_and_frames_have_one_picture_per_move_or_section() {
    let dir = tempfile::tempdir().unwrap();
    let gif = dir.path().join("walk.gif");
    let frames = dir.path().join("frames");
    let (g, f) = (gif.to_str().unwrap(), frames.to_str().unwrap());
    ok(&[
        "render",
        "5x5",
        "--open",
        "--animate",
        "--width",
        "80",
        "-o",
        g,
        "--frames",
        f,
    ]);
    assert_eq!(gif_frames(&gif), 24);
    let mut names: Vec<String> = std::fs::read_dir(&frames)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names.len(), 24);
    assert_eq!(
        (names[0].as_str(), names[23].as_str()),
        ("frame-0001.png", "frame-0024.png")
    );
    // 40x40 closed: 1600 moves in sections of 4, 400 frames.
    ok(&[
        "render",
        "40x40",
        "--animate",
        "--width",
        "40",
        "--speed",
        "50",
        "-o",
        g,
    ]);
    assert_eq!(gif_frames(&gif), 400);
}

#[test]
fn a_gif_is_slide_sized_and_small_by_default() {
    // Issue 25: the 30x30 GIF was 1010 pixels wide and 30 MB (every frame whole, with
    // a palette of its own); now frames share one palette and hold only their changes.
    let dir = tempfile::tempdir().unwrap();
    let gif = dir.path().join("walk.gif");
    ok(&["render", "20x20", "--animate", "-o", gif.to_str().unwrap()]);
    let file = std::fs::File::open(&gif).unwrap();
    let dec = gif::DecodeOptions::new().read_info(file).unwrap();
    assert_eq!(dec.width(), 640);
    assert_eq!(gif_frames(&gif), 400);
    let bytes = std::fs::metadata(&gif).unwrap().len();
    assert!(bytes < 1_000_000, "{bytes} bytes");
}

#[test]
fn a_board_too_large_to_animate_picture_by_picture_is_refused_up_front() {
    // Issue 25: 1000x1000 --animate ran for minutes without a word.
    let dir = tempfile::tempdir().unwrap();
    for out in ["walk.gif", "walk.svg --frames f"] {
        let mut args = vec!["render", "300x300", "--animate", "-o"];
        let target: Vec<String> = out
            .split(' ')
            .map(|p| dir.path().join(p).display().to_string())
            .collect();
        args.push(&target[0]);
        if target.len() > 1 {
            args.extend(["--frames", &target[2]]);
        }
        let o = knights(&args);
        assert_eq!(o.status.code(), Some(1), "{out}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains("draw about 18045000")
                && err.contains("over their 400 pictures")
                && err.contains("-o walk.svg"),
            "{err}"
        );
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
    assert!(!dir.path().join("walk.gif").exists());
}

#[test]
fn bad_animation_settings_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let s = dir.path().join("w.svg");
    let s = s.to_str().unwrap();
    for (args, says) in [
        (vec!["--speed", "0"], "--speed 0"),
        (vec!["--loop", "never"], "--loop 'never'"),
    ] {
        let mut a = vec!["render", "6x6", "--animate", "-o", s];
        a.extend(args);
        // An option out of its range is a usage error (clap's value parser).
        let o = knights(&a);
        assert_eq!(
            o.status.code(),
            Some(2),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(String::from_utf8_lossy(&o.stderr).contains(says));
    }
    let out = knights(&["render", "6x6", "--animate", "-o", "w.pdf"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("writes an animated .svg or .gif"));
    assert!(!Path::new("w.pdf").exists());
}

#[test]
fn worksheets_are_multi_page_pdfs_with_fonts_embedded() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("sheet.pdf");
    let p = pdf.to_str().unwrap();
    ok(&[
        "worksheet",
        "6x6",
        "--per-page",
        "2",
        "--count",
        "3",
        "--seed",
        "4",
        "-o",
        p,
    ]);
    let bytes = std::fs::read(&pdf).unwrap();
    let text = String::from_utf8_lossy(&bytes);
    assert!(text.starts_with("%PDF-"));
    assert!(
        text.contains("/Count 4"),
        "two pages of exercises, two of answers"
    );
    assert!(text.contains("/FontFile2"));
    let out = knights(&["worksheet", "5x5", "--open", "--reveal", "25", "-o", p]);
    refused(&out, "--reveal 25 shows every step");
    let out = knights(&["worksheet", "5x5", "--open", "-o", "sheet.svg"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn cipher_worksheets_carry_the_message_and_refuse_one_that_does_not_fit() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("cipher.pdf");
    let p = pdf.to_str().unwrap();
    ok(&[
        "worksheet",
        "8x8",
        "--cipher",
        "Meet me at noon",
        "--count",
        "2",
        "-o",
        p,
    ]);
    let text = String::from_utf8_lossy(&std::fs::read(&pdf).unwrap()).to_string();
    assert!(
        text.contains("/Count 2"),
        "a page of ciphers, a page of answers"
    );
    let long = "a".repeat(26);
    let out = knights(&["worksheet", "5x5", "--open", "--cipher", &long, "-o", p]);
    refused(
        &out,
        "it has 26 letters, more than the 25 squares of the 5x5 board",
    );
    assert_eq!(stderr(&out).lines().count(), 1);
    let out = knights(&["worksheet", "5x5", "--open", "--cipher", "?!", "-o", p]);
    refused(&out, "--cipher '?!': it has no letters or digits to carry");
}

#[test]
fn degrees_label_every_square() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("deg.svg");
    let s = svg.to_str().unwrap();
    ok(&[
        "render",
        "8x8",
        "--algo",
        "warnsdorff",
        "--open",
        "--show",
        "+degrees",
        "-o",
        s,
    ]);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(text.matches("class=\"degree\"").count(), 64);
    // The last square has no onward leap, and no square has more than eight.
    assert!(text.contains(">\n0\n</text>"));
}

#[test]
fn the_rule_is_animated_decision_by_decision() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("rule.svg");
    let s = svg.to_str().unwrap();
    // Plain tie-breaking from a corner of 5x8 meets a dead end, then restarts.
    ok(&[
        "render",
        "5x8",
        "--animate",
        "--rule",
        "--variant",
        "first",
        "-o",
        s,
    ]);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains("Dead end on") && text.contains("The knight starts on e8."));
    assert!(text.matches("class=\"chosen\"").count() >= 39);
    ok(&["render", "8x8", "--animate", "--rule", "-o", s]);
    let text = std::fs::read_to_string(&svg).unwrap();
    // 1 start and 63 decisions, each with its chosen square.
    assert_eq!(text.matches("class=\"decision\"").count(), 64);
    assert_eq!(text.matches("class=\"chosen\"").count(), 63);
    assert!(text.contains("roth") && text.contains("tie-break"));
}

/// Issue 39: a band's walk-through past the still drawing's crossing-tests bound. The
/// walk-through places no crossings, so its animated SVG is written within seconds
/// (the still drawing is refused by that bound); its GIF rasterizes every move done so
/// far in every picture, a long leaper's moves as long as many knight's moves, and is
/// refused at once by their drawn length (it ran past two minutes).
#[test]
fn a_long_leapers_band_walk_is_bounded_by_what_it_draws() {
    let dir = tempfile::tempdir().unwrap();
    let out = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    let band = ["render", "88x88", "--topology", "torus", "--leaper", "1,64"];
    let t0 = std::time::Instant::now();
    let still = out("still.svg");
    let o = knights(&[&band[..], &["-o", &still]].concat());
    refused(
        &o,
        "a drawing of the 88x88 torus board places its crossings",
    );
    let walk = out("walk.svg");
    ok(&[&band[..], &["--animate", "-o", &walk]].concat());
    let text = std::fs::read_to_string(&walk).unwrap();
    assert!(text.contains("<g class=\"step\""));
    let gif = out("walk.gif");
    let o = knights(&[&band[..], &["--animate", "-o", &gif]].concat());
    refused(
        &o,
        "draw about 1509304 moves of the (1, 64) leaper, each as long as 28.6 of the knight's (43204075 in all) over their 388 pictures, more than the 5000000",
    );
    assert!(!Path::new(&gif).exists() && !Path::new(&still).exists());
    assert!(
        t0.elapsed() < std::time::Duration::from_secs(30),
        "{:?}",
        t0.elapsed()
    );
}
