//! A walk-through as pictures for slides: each step's frozen scene rasterized by resvg,
//! as the bytes of numbered PNG frames or of one animated GIF (one small palette, each
//! frame only where it changed). Writing them is the caller's business.

use rayon::prelude::*;

use super::animate::Walkthrough;
use super::font;
use super::palette;
use super::raster::{self, Resolution};
use super::steps::{Repeat, Timing, HOLD_STEPS};
use knights_core::{Error, TooLarge};

/// GIF sides are 16-bit; drawings wider than this are refused before rasterizing.
const GIF_MAX_SIDE: u32 = 4096;

/// The name of frame `k` (from 1) of `count`: `frame-0001.png`, zero-padded to at least
/// four digits so the files sort in order.
pub fn frame_name(k: usize, count: usize) -> String {
    let digits = count.to_string().len().max(4);
    format!("frame-{k:0digits$}.png")
}

/// The scene after step `k` (from 1) as PNG bytes at `res`: the `k`-th of the
/// numbered frames, which the caller writes as [`frame_name`] says.
pub fn png(w: &Walkthrough, res: Resolution, k: usize) -> Result<Vec<u8>, Error> {
    raster::png(&font::tree(&w.frozen(k))?, res)
}

/// The most moves the pictures of one animation draw in all (each picture draws every
/// move done so far): a 30x30 tour's 300 pictures draw 135,000 in about 3 s of CPU, so
/// this is a minute or two of work.
pub const MAX_DRAWN_MOVES: u64 = 5_000_000;

/// Refuses, before drawing anything, an animation whose pictures (GIF or numbered
/// frames) would draw more than [`MAX_DRAWN_MOVES`] moves in all, a longer leaper's
/// moves counted by their length in knight's moves: rasterizing a line costs its
/// length (issue 39: a (1, 64) leaper's tour of the 88x88 torus, 28.6 times the
/// knight's ink a move, ran past two minutes where the knight's took 13 s).
pub fn check_cost(w: &Walkthrough, board: &knights_core::Board) -> Result<(), Error> {
    let steps = w.steps();
    let frames = steps.len().max(1) as u64;
    let moves: u64 = (0..steps.len()).map(|k| steps.made(Some(k)) as u64).sum();
    let (a, b) = board.leaper().steps();
    let ratio = (f64::from(a).hypot(f64::from(b)) / 5f64.sqrt()).max(1.0);
    let drawn = (moves as f64 * ratio).ceil() as u64;
    if drawn > MAX_DRAWN_MOVES {
        let length = match drawn > moves {
            true => format!(
                " of the ({a}, {b}) leaper, each as long as {ratio:.1} of the knight's ({drawn} in all)"
            ),
            false => String::new(),
        };
        return Err(TooLarge::Animation {
            board: board.to_string(),
            moves,
            length,
            frames,
            limit: MAX_DRAWN_MOVES,
        }
        .into());
    }
    Ok(())
}

/// The widest a GIF is drawn when no width or resolution is asked for: frames at
/// [`crate::animate::FRAME_DPI`], but no wider than a slide needs.
pub const GIF_DEFAULT_WIDTH: u32 = 640;

/// The resolution of a GIF when none is asked for (see [`GIF_DEFAULT_WIDTH`]).
pub fn gif_default_resolution(w: &Walkthrough) -> Resolution {
    let at_dpi = w.page_width_pt() * f64::from(super::animate::FRAME_DPI) / 72.0;
    if at_dpi > f64::from(GIF_DEFAULT_WIDTH) {
        Resolution::Width(GIF_DEFAULT_WIDTH)
    } else {
        Resolution::Dpi(super::animate::FRAME_DPI)
    }
}

/// Colours in the GIF's one palette, the first and last frames' most frequent ones (a
/// drawing is a few flat colours and their anti-aliased edges); one more index is the
/// transparent one that leaves the frame before showing through.
const GIF_COLOURS: usize = 63;

/// Frames rasterized at once, in parallel, before they are encoded in order.
const BATCH: usize = 16;

/// The animated GIF: one frame per step, each shown for one step's time, the last held
/// a little longer, played as `timing` says.
///
/// Frames are rasterized in parallel and share one small palette. Only the rectangle
/// where a frame differs from the one before is encoded, placed at its offset over the
/// frame before (disposal "keep"), and the pixels inside it that did not change are
/// transparent, which compresses to almost nothing.
pub fn gif(w: &Walkthrough, res: Resolution, timing: Timing) -> Result<Vec<u8>, Error> {
    gif_reporting(w, res, timing, &mut |_, _| {})
}

/// [`gif`], telling `report` how many of how many frames are drawn after each (a large
/// board's frames take seconds each).
pub fn gif_reporting(
    w: &Walkthrough,
    res: Resolution,
    timing: Timing,
    report: &mut dyn FnMut(usize, usize),
) -> Result<Vec<u8>, Error> {
    let count = w.steps().len().max(1);
    let delay = (100.0 * timing.step_seconds()).round().clamp(2.0, 65535.0) as u16;
    let hold = delay.saturating_mul(1 + HOLD_STEPS as u16);
    let fail = |e: gif::EncodingError| Error::Encode {
        format: "GIF",
        message: e.to_string(),
    };
    let pixels = |k: usize| -> Result<(u32, u32, Vec<[u8; 4]>), Error> {
        let p = raster::pixmap(&font::tree(&w.frozen(k))?, res)?;
        // Drawings are opaque, so the premultiplied pixels are the colours themselves.
        let px = p
            .pixels()
            .iter()
            .map(|c| [c.red(), c.green(), c.blue(), 255]);
        Ok((p.width(), p.height(), px.collect()))
    };
    let (pw, ph, first) = pixels(1)?;
    if pw > GIF_MAX_SIDE || ph > GIF_MAX_SIDE {
        return Err(TooLarge::Image {
            format: "GIF",
            width: pw,
            height: ph,
            limit: GIF_MAX_SIDE,
        }
        .into());
    }
    let last = if count > 1 {
        pixels(count)?.2
    } else {
        Vec::new()
    };
    let sample: Vec<[u8; 4]> = first.iter().chain(&last).copied().collect();
    let colours = palette::quantize(&sample, GIF_COLOURS).palette;
    drop((sample, last));
    let clear = colours.len() as u8;
    let mut table: Vec<u8> = colours.iter().flat_map(|c| [c[0], c[1], c[2]]).collect();
    table.extend([0, 0, 0]);
    let mut out = Vec::new();
    let mut enc = gif::Encoder::new(&mut out, pw as u16, ph as u16, &table).map_err(fail)?;
    if let Some(r) = repetitions(timing.repeat) {
        enc.set_repeat(r).map_err(fail)?;
    }
    let size = (pw as usize, ph as usize);
    let delay_of = |k: usize| if k >= count { hold } else { delay };
    let mut shown = palette::indices_in(&colours, &first);
    drop(first);
    let mut frame = gif::Frame::from_indexed_pixels(pw as u16, ph as u16, shown.clone(), None);
    frame.delay = delay_of(1);
    frame.dispose = gif::DisposalMethod::Keep;
    enc.write_frame(&frame).map_err(fail)?;
    report(1, count);
    let ks: Vec<usize> = (2..=count).collect();
    for batch in ks.chunks(BATCH) {
        let frames = batch
            .par_iter()
            .map(|&k| pixels(k).map(|(_, _, px)| palette::indices_in(&colours, &px)))
            .collect::<Result<Vec<_>, Error>>()?;
        for (&k, next) in batch.iter().zip(frames) {
            let mut frame = changes(&shown, &next, size, clear);
            frame.delay = delay_of(k);
            frame.dispose = gif::DisposalMethod::Keep;
            enc.write_frame(&frame).map_err(fail)?;
            report(k, count);
            shown = next;
        }
    }
    drop(enc);
    Ok(out)
}

/// The part of frame `next` that differs from `shown` (both `size`, as palette
/// indices): the smallest rectangle holding every change, with `clear` (transparent)
/// where a pixel stays; one transparent pixel when nothing changes.
fn changes(shown: &[u8], next: &[u8], (w, h): (usize, usize), clear: u8) -> gif::Frame<'static> {
    let row_changes = |y: usize| shown[y * w..(y + 1) * w] != next[y * w..(y + 1) * w];
    let Some(top) = (0..h).find(|&y| row_changes(y)) else {
        return gif::Frame::from_indexed_pixels(1, 1, vec![clear], Some(clear));
    };
    let bottom = (top..h).rev().find(|&y| row_changes(y)).unwrap_or(top);
    let column = |x: usize| (top..=bottom).any(|y| shown[y * w + x] != next[y * w + x]);
    let left = (0..w).find(|&x| column(x)).unwrap_or(0);
    let right = (left..w).rev().find(|&x| column(x)).unwrap_or(left);
    let mut buf = Vec::with_capacity((right - left + 1) * (bottom - top + 1));
    for y in top..=bottom {
        let row = y * w + left..y * w + right + 1;
        buf.extend(
            shown[row.clone()]
                .iter()
                .zip(&next[row])
                .map(|(&a, &b)| if a == b { clear } else { b }),
        );
    }
    let mut frame = gif::Frame::from_indexed_pixels(
        (right - left + 1) as u16,
        (bottom - top + 1) as u16,
        buf,
        Some(clear),
    );
    frame.left = left as u16;
    frame.top = top as u16;
    frame
}

/// The GIF loop count for `repeat`: none for a single play.
fn repetitions(repeat: Repeat) -> Option<gif::Repeat> {
    match repeat {
        Repeat::Forever => Some(gif::Repeat::Infinite),
        Repeat::Times(1) => None,
        Repeat::Times(n) => Some(gif::Repeat::Finite((n - 1).min(65535) as u16)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layers::Layers;
    use crate::Theme;

    #[test]
    fn frames_are_numbered_to_sort() {
        assert_eq!(frame_name(7, 63), "frame-0007.png");
        assert_eq!(frame_name(12, 12345), "frame-00012.png");
    }

    /// Plays a GIF: the canvas (palette indices) after each frame.
    fn play(bytes: &[u8]) -> (Vec<u8>, Vec<Vec<u8>>) {
        let mut opts = gif::DecodeOptions::new();
        opts.set_color_output(gif::ColorOutput::Indexed);
        let mut dec = opts.read_info(bytes).unwrap();
        let (w, h) = (dec.width() as usize, dec.height() as usize);
        let palette = dec.global_palette().unwrap().to_vec();
        let mut canvas = vec![0u8; w * h];
        let mut shown = Vec::new();
        while let Some(f) = dec.read_next_frame().unwrap() {
            assert!(f.palette.is_none(), "one palette for every frame");
            assert_eq!(f.dispose, gif::DisposalMethod::Keep);
            let (fw, fh) = (f.width as usize, f.height as usize);
            for y in 0..fh {
                for x in 0..fw {
                    let i = f.buffer[y * fw + x];
                    if Some(i) != f.transparent {
                        canvas[(f.top as usize + y) * w + f.left as usize + x] = i;
                    }
                }
            }
            shown.push(canvas.clone());
        }
        (palette, shown)
    }

    #[test]
    fn one_gif_frame_per_step_each_the_scene_after_it() {
        let t = knights_core::verify::verify(knights_core::examples::ring()).unwrap();
        let theme = Theme::load("web").unwrap();
        let w = Walkthrough::new(&t, &theme, Layers::default(), 400);
        let res = Resolution::Width(60);
        let mut reported = Vec::new();
        let mut report = |k, n| reported.push((k, n));
        let bytes = gif_reporting(&w, res, Timing::default(), &mut report).unwrap();
        assert_eq!(reported, (1..=8).map(|k| (k, 8)).collect::<Vec<_>>());
        let (table, shown) = play(&bytes);
        assert_eq!(shown.len(), 8); // the closed ring has eight moves
        let colours: Vec<[u8; 4]> = table.chunks(3).map(|c| [c[0], c[1], c[2], 255]).collect();
        assert!(colours.len() <= GIF_COLOURS + 1);
        for (k, canvas) in shown.iter().enumerate() {
            // The scene after step k + 1, drawn alone and put in the GIF's palette.
            let p = raster::pixmap(&font::tree(&w.frozen(k + 1)).unwrap(), res).unwrap();
            let px: Vec<[u8; 4]> = p
                .pixels()
                .iter()
                .map(|c| [c.red(), c.green(), c.blue(), 255])
                .collect();
            let want = palette::indices_in(&colours[..colours.len() - 1], &px);
            assert_eq!(canvas, &want, "frame {}", k + 1);
        }
        // Frames after the first encode only what changed.
        let mut opts = gif::DecodeOptions::new();
        opts.set_color_output(gif::ColorOutput::Indexed);
        let mut dec = opts.read_info(&bytes[..]).unwrap();
        let full = dec.width() as usize * dec.height() as usize;
        let mut sizes = Vec::new();
        while let Some(f) = dec.read_next_frame().unwrap() {
            sizes.push(f.width as usize * f.height as usize);
        }
        assert_eq!(sizes[0], full);
        assert!(sizes[1..].iter().all(|&s| s < full), "{sizes:?}");
    }

    #[test]
    fn an_unchanged_frame_is_one_clear_pixel_and_a_change_its_rectangle() {
        let (w, h) = (4, 3);
        let a = vec![1u8; w * h];
        let f = changes(&a, &a, (w, h), 9);
        assert_eq!((f.width, f.height, f.transparent), (1, 1, Some(9)));
        let mut b = a.clone();
        b[w + 1] = 2;
        b[2 * w + 2] = 3;
        let f = changes(&a, &b, (w, h), 9);
        assert_eq!((f.left, f.top, f.width, f.height), (1, 1, 2, 2));
        assert_eq!(&f.buffer[..], &[2, 9, 9, 3]);
    }
}
