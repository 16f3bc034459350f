//! A walk-through as pictures for slides: each step's frozen scene rasterized by resvg,
//! as the bytes of numbered PNG frames or of one animated GIF (the `gif` crate
//! quantizes each frame to its own palette). Writing them is the caller's business.

use super::animate::Walkthrough;
use super::font;
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

/// The animated GIF: one frame per step, each shown for one step's time, the last held
/// a little longer, played as `timing` says.
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
    let count = w.steps().len();
    let delay = (100.0 * timing.step_seconds()).round().clamp(2.0, 65535.0) as u16;
    let hold = delay.saturating_mul(1 + HOLD_STEPS as u16);
    let fail = |e: gif::EncodingError| Error::Encode {
        format: "GIF",
        message: e.to_string(),
    };
    let first = raster::pixmap(&font::tree(&w.frozen(1.min(count)))?, res)?;
    let (pw, ph) = (first.width(), first.height());
    if pw > GIF_MAX_SIDE || ph > GIF_MAX_SIDE {
        return Err(TooLarge::Image {
            format: "GIF",
            width: pw,
            height: ph,
            limit: GIF_MAX_SIDE,
        }
        .into());
    }
    let mut out = Vec::new();
    let mut enc = gif::Encoder::new(&mut out, pw as u16, ph as u16, &[]).map_err(fail)?;
    if let Some(r) = repetitions(timing.repeat) {
        enc.set_repeat(r).map_err(fail)?;
    }
    let mut next = Some(first);
    for k in 1..=count.max(1) {
        let mut pixmap = match next.take() {
            Some(p) => p,
            None => raster::pixmap(&font::tree(&w.frozen(k))?, res)?,
        };
        // Drawings are opaque, so the premultiplied pixels are the colours themselves.
        let mut frame = gif::Frame::from_rgba_speed(pw as u16, ph as u16, pixmap.data_mut(), 10);
        frame.delay = if k >= count { hold } else { delay };
        enc.write_frame(&frame).map_err(fail)?;
        report(k, count.max(1));
    }
    drop(enc);
    Ok(out)
}

/// The GIF loop count for `repeat`: none for a single play.
fn repetitions(repeat: Repeat) -> Option<gif::Repeat> {
    match repeat {
        Repeat::Forever => Some(gif::Repeat::Infinite),
        Repeat::Times(1) => None,
        // At most MAX_PLAYS, which the parser of --loop refuses beyond.
        Repeat::Times(n) => Some(gif::Repeat::Finite(
            u16::try_from(n - 1).unwrap_or(u16::MAX),
        )),
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

    #[test]
    fn one_gif_frame_per_step() {
        let t = knights_core::verify::verify(knights_core::examples::ring()).unwrap();
        let theme = Theme::load("web").unwrap();
        let w = Walkthrough::new(&t, &theme, Layers::default(), 400);
        let mut reported = Vec::new();
        let mut report = |k, n| reported.push((k, n));
        let bytes =
            gif_reporting(&w, Resolution::Width(40), Timing::default(), &mut report).unwrap();
        assert_eq!(reported, (1..=8).map(|k| (k, 8)).collect::<Vec<_>>());
        let mut dec = gif::DecodeOptions::new().read_info(&bytes[..]).unwrap();
        let mut frames = 0;
        while dec.read_next_frame().unwrap().is_some() {
            frames += 1;
        }
        assert_eq!(frames, 8); // the closed ring has eight moves
    }
}
