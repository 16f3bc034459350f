//! The tiled image pyramid of a drawing: every level is cut into tiles of the right
//! sizes, each a palette PNG with its resolution, that laid side by side give the PNG
//! of the whole drawing at that level's width (up to the palette each image picks for
//! its anti-aliased edges), and the same drawing gives the same bytes.

use crate::render_support::*;
use knights_render::tiles::TILE;
use knights_render::{Drawing, Options, Resolution, Show, Style};

/// RGBA pixels and size of a PNG.
fn decode(png_bytes: &[u8]) -> (Vec<u8>, u32, u32) {
    let mut d = png::Decoder::new(std::io::Cursor::new(png_bytes));
    d.set_transformations(png::Transformations::EXPAND | png::Transformations::ALPHA);
    let mut r = d.read_info().unwrap();
    let mut buf = vec![0; r.output_buffer_size()];
    let info = r.next_frame(&mut buf).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgba);
    buf.truncate(info.buffer_size());
    (buf, info.width, info.height)
}

#[test]
fn a_pyramids_tiles_put_together_are_the_drawing_at_each_level() {
    let (t, m) = measured(warnsdorff(40, 40, false, 3, 500).expect("a 40x40 tour"));
    let opts = Options {
        show: Show::parse("+turns,+crossings,+ends,+coords").unwrap(),
        style: Style::Detail,
        ..Default::default()
    };
    let d = Drawing::new(&t, &m, &opts).unwrap();
    // Squares of 8 and 20 pixels: widths over a tile, not a multiple of one.
    let widths = [d.width_at(8.0).unwrap(), d.width_at(20.0).unwrap()];
    assert!(
        widths[0] > TILE && !widths[1].is_multiple_of(TILE),
        "{widths:?}"
    );
    let (levels, tiles) = d.pyramid(&widths, 256).unwrap();
    for (i, l) in levels.iter().enumerate() {
        assert_eq!(l.width, widths[i]);
        let (full, fw, fh) = decode(&d.png_at(Resolution::Width(l.width)).unwrap());
        assert_eq!((fw, fh), (l.width, l.height));
        let mut laid = vec![0u8; full.len()];
        let mut count = 0;
        for tile in tiles.iter().filter(|t| t.level == i) {
            count += 1;
            let [x, y, w, h] = l.rect(tile.col, tile.row);
            let (px, tw, th) = decode(&tile.png);
            assert_eq!(
                (tw, th),
                (w, h),
                "tile {},{} of level {i}",
                tile.col,
                tile.row
            );
            for row in 0..h {
                let from = (row * w * 4) as usize;
                let to = (((y + row) * l.width + x) * 4) as usize;
                laid[to..to + (w * 4) as usize].copy_from_slice(&px[from..from + (w * 4) as usize]);
            }
        }
        assert_eq!(count, l.cols() * l.rows());
        // Each image keeps its own 256 most frequent colours: flat colours exactly,
        // the other edge shades as their nearest palette colour, which differs from
        // image to image; so pixels agree closely, not exactly (before encoding all
        // but a few edge pixels agree: the unit tests of `render::tiles`).
        let (mut close, mut diff) = (0usize, 0u64);
        for (a, b) in laid.chunks(4).zip(full.chunks(4)) {
            let d: u64 = a.iter().zip(b).map(|(x, y)| x.abs_diff(*y) as u64).sum();
            close += (d <= 32) as usize;
            diff += d;
        }
        let n = full.len() / 4;
        let mean = diff as f64 / n as f64;
        assert!(
            close * 10 >= n * 9 && mean < 8.0,
            "level {i}: {close} of {n} pixels within 32, mean difference {mean}"
        );
    }
    let (_, again) = d.pyramid(&widths, 256).unwrap();
    assert!(
        tiles.iter().zip(&again).all(|(a, b)| a.png == b.png),
        "not reproducible"
    );
}
