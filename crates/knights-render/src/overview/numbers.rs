//! Where the numbers of framed places go: outside the drawing, on the side of the
//! board each frame is nearest, moved apart along that side, with a leader from the
//! frame. Inside, a number would lie on the marks it frames (an overview's blocks are
//! everywhere); outside, it hides nothing. The overview's own frames and a figure's
//! frames around its nested overview place their numbers so.

/// A side of the board, where a frame's number goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Above.
    Top,
    /// Below.
    Bottom,
    /// Left.
    Left,
    /// Right.
    Right,
}

/// The sides of the board `b` (left, top, right, bottom) from the nearest to the frame
/// `r`: above or below first when it is within `bias` of those as of the sides (a
/// corner's number is read with its column, and all four corners' the same way).
fn sides_by_distance(r: &[f64; 4], b: [f64; 4], bias: f64) -> [Side; 4] {
    let mut d = [
        (r[1] - b[1], Side::Top),
        (b[3] - r[3], Side::Bottom),
        (r[0] - b[0] + bias, Side::Left),
        (b[2] - r[2] + bias, Side::Right),
    ];
    d.sort_by(|a, b| a.0.total_cmp(&b.0));
    d.map(|(_, s)| s)
}

/// Whether the way out of the frame `r` to the side `s` of `b` passes another of
/// `rects` (a frame inside the board whose leader would run over another frame).
fn blocked(r: &[f64; 4], s: Side, b: [f64; 4], rects: &[[f64; 4]]) -> bool {
    let way = match s {
        Side::Top => [r[0], b[1], r[2], r[1]],
        Side::Bottom => [r[0], r[3], r[2], b[3]],
        Side::Left => [b[0], r[1], r[0], r[3]],
        Side::Right => [r[2], r[1], b[2], r[3]],
    };
    (rects.iter())
        .filter(|o| *o != r)
        .any(|o| o[0] < way[2] && way[0] < o[2] && o[1] < way[3] && way[1] < o[3])
}

/// For each frame of `rects` on the board `b`: its side (the nearest whose way out
/// passes no other frame, or the nearest), and where along that side
/// its number goes (across for top and bottom, down for left and right), the numbers
/// of one side `sep` apart at least and within the side where they fit.
pub fn place(rects: &[[f64; 4]], b: [f64; 4], bias: f64, sep: f64) -> Vec<(Side, f64)> {
    let sides: Vec<Side> = (rects.iter())
        .map(|r| {
            let order = sides_by_distance(r, b, bias);
            let free = order.into_iter().find(|&s| !blocked(r, s, b, rects));
            free.unwrap_or(order[0])
        })
        .collect();
    let mut at: Vec<f64> = (rects.iter().zip(&sides))
        .map(|(r, &s)| match s {
            Side::Top | Side::Bottom => (r[0] + r[2]) / 2.0,
            Side::Left | Side::Right => (r[1] + r[3]) / 2.0,
        })
        .collect();
    for s in [Side::Top, Side::Bottom, Side::Left, Side::Right] {
        let (lo, hi) = match s {
            Side::Top | Side::Bottom => (b[0], b[2]),
            Side::Left | Side::Right => (b[1], b[3]),
        };
        let mut on: Vec<usize> = (0..rects.len()).filter(|&i| sides[i] == s).collect();
        on.sort_by(|&i, &j| at[i].total_cmp(&at[j]));
        spread(&mut at, &on, lo, hi, sep);
    }
    sides.into_iter().zip(at).collect()
}

/// The positions `at[i]` of `on` (in order along a side from `lo` to `hi`) moved apart
/// to `sep` at least, kept within `lo..hi` where they fit.
pub fn spread(at: &mut [f64], on: &[usize], lo: f64, hi: f64, sep: f64) {
    let mut last = f64::NEG_INFINITY;
    for &i in on {
        at[i] = at[i].max(last + sep).max(lo + sep / 2.0);
        last = at[i];
    }
    let mut next = f64::INFINITY;
    for &i in on.iter().rev() {
        at[i] = at[i].min(next - sep).min(hi - sep / 2.0);
        next = at[i];
    }
}

/// The leader line from a frame at `from` to its number at `to`.
pub fn leader(from: (f64, f64), to: (f64, f64)) -> svg::node::element::Line {
    svg::node::element::Line::new()
        .set("class", "leader")
        .set("x1", crate::frame::num(from.0))
        .set("y1", crate::frame::num(from.1))
        .set("x2", crate::frame::num(to.0))
        .set("y2", crate::frame::num(to.1))
}
