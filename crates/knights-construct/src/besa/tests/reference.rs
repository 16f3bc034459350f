//! The specification the constant-time layout must equal: the pieces pasted one by one,
//! exactly as docs/formation.md lists them, onto the board (or its transpose), and
//! which boards the best tour gives its searched corners.

use crate::besa::corner_classes::{Corner, CORNERS, CORNERS_FROM};
use crate::besa::layout::orientation;
use crate::besa::pieces::{background, find_piece, piece, Piece};
use crate::besa::Variant;
use knights_core::Leaper;

/// The built board's masks (rows from the top), pasting the pieces one by one exactly
/// as docs/formation.md lists them: the specification that the constant-time
/// layout must equal.
fn pasted(w: u32, h: u32, v: Variant) -> Vec<u8> {
    let (w, h) = (w as i64, h as i64);
    let mut g = vec![background(); (w * h) as usize];
    // A heel that changes the cells just outside it: their piece, pasted last.
    let mut ports = Vec::new();
    let mut port = |rotated: bool, i0: i64, j0: i64| {
        if let Some(name) = v.heel_ports() {
            let (i, j) = if rotated {
                (i0 + 3, j0 + 4)
            } else {
                (i0 - 1, j0 - 2)
            };
            ports.push((piece(name, rotated), i, j));
        }
    };
    let heel = v.heel();
    let mut paste = |p: &Piece, i0: i64, j0: i64| {
        for a in 0..p.height() {
            for b in 0..p.width() {
                let m = p.at(a, b);
                if m != 0 {
                    g[((i0 + a as i64) * w + j0 + b as i64) as usize] = m;
                }
            }
        }
    };
    let br = (w / 2 + 2).rem_euclid(4);
    let tl = (3 - h).rem_euclid(4);
    let trh = 5 + (w / 2 + h - 1).rem_euclid(4);
    let mut i = h - 7;
    while i >= 0 {
        paste(piece("vertical_edge", false), i, 0);
        i -= 4;
    }
    let mut i = [h - 8, h - 7, h - 10, h - 9][br as usize];
    while i >= 0 {
        paste(piece("vertical_edge", true), i, w - 2);
        i -= 4;
    }
    paste(piece("junction_h5_horizontal", false), h - 5, 0);
    let limit = [w - 6, w - 8, w - 10, w - 4][br as usize];
    let mut j = 6;
    let mut bottom = Vec::new();
    while j < limit {
        bottom.push(j);
        j += 8;
    }
    // The band tour: copies of its period over the middle heels, no outside cells.
    let band_at = |k: usize, n: usize| v.band() && n >= 7 && (2..n - 2).contains(&k);
    for (k, &j) in bottom.iter().enumerate() {
        if band_at(k, bottom.len()) {
            paste(piece("band_period", false), h - 4, j);
        } else {
            paste(piece(heel, false), h - 4, j);
            port(false, h - 4, j);
        }
    }
    match br {
        0 => paste(piece("corner_seq0", false), h - 4, j),
        1 => {
            paste(piece(heel, false), h - 4, j);
            port(false, h - 4, j);
        }
        2 => {
            paste(piece("corner_seq0", false), h - 4, j);
            paste(piece("corner_seq2_tail", false), h - 6, j + 6);
        }
        _ => paste(piece("corner_seq3", false), h - 5, j),
    }
    let mut j = match tl {
        0 => {
            paste(piece("corner_seq0", true), 0, 0);
            6
        }
        1 => {
            paste(piece(heel, true), 0, 0);
            port(true, 0, 0);
            8
        }
        2 => {
            paste(piece("corner_seq2_tail", true), 0, 0);
            paste(piece("corner_seq0", true), 0, 4);
            10
        }
        _ => {
            paste(piece("corner_seq3", true), 0, 0);
            4
        }
    };
    let tr = piece(&format!("junction_h{trh}_vertical"), true);
    let mut top = Vec::new();
    while j < w - 8 {
        // A heel whose outside cells reach under the top-right junction stays plain.
        if v.heel_ports().is_none() || j + 10 <= w - tr.width() as i64 {
            top.push(j);
        } else {
            paste(piece("heel", true), 0, j);
        }
        j += 8;
    }
    for (k, &j) in top.iter().enumerate() {
        if band_at(k, top.len()) {
            paste(piece("band_period", true), 0, j);
        } else {
            paste(piece(heel, true), 0, j);
            port(true, 0, j);
        }
    }
    paste(tr, 0, w - tr.width() as i64);
    for (p, i, j) in ports {
        paste(p, i, j);
    }
    // The band's transitions: the bottom's start and end two heels before its first
    // and last copy; turned on the top edge, the end first.
    for (row, copies, rotated) in [(h, &bottom, false), (0, &top, true)] {
        let n = copies.len();
        if !band_at(2, n) {
            continue;
        }
        let ends = [(copies[1], "band_start"), (copies[n - 3], "band_end")];
        for (j, name) in ends {
            let name = match (rotated, name) {
                (true, "band_start") => "band_end",
                (true, _) => "band_start",
                _ => name,
            };
            if let Some(p) = find_piece(name, rotated) {
                let i0 = if rotated { 0 } else { row - p.height() as i64 };
                paste(p, i0, j);
            }
        }
    }
    // The corners the corner search found, each anchored at its corner of the board.
    let (cw, ch) = CORNERS_FROM;
    if v.corners() && w >= cw as i64 && h >= ch as i64 {
        for corner in CORNERS {
            let name = corner.piece_name(corner.class_of(w as u32, h as u32));
            for name in [name.clone(), name + "_junction"] {
                if let Some(p) = find_piece(&name, false) {
                    let left = matches!(corner, Corner::BottomLeft | Corner::TopLeft);
                    let bottom = matches!(corner, Corner::BottomLeft | Corner::BottomRight);
                    let i0 = if bottom { h - p.height() as i64 } else { 0 };
                    let j0 = if left { 0 } else { w - p.width() as i64 };
                    paste(p, i0, j0);
                }
            }
        }
    }
    g
}

/// Whether the best tour of the `w x h` board has the searched corners.
pub(super) fn has_corners(w: u32, h: u32) -> bool {
    let (bw, bh) = if orientation(w, h) == Some(true) {
        (h, w)
    } else {
        (w, h)
    };
    bw >= CORNERS_FROM.0 && bh >= CORNERS_FROM.1
}

/// A direction mask with every move `(dx, dy)` replaced by `(dy, dx)`.
fn swap_axes(m: u8) -> u8 {
    let k = Leaper::KNIGHT;
    let dirs = k.dirs();
    (0..8)
        .filter(|d| m & (1 << d) != 0)
        .map(|d| 1u8 << k.dir_of(dirs[d].1, dirs[d].0).unwrap())
        .sum()
}

/// The board's masks (`y` from the bottom) from [`pasted`], building the transpose when
/// only the height is even and at least 16.
pub(super) fn reference(w: u32, h: u32, v: Variant) -> Vec<u8> {
    let direct = w.is_multiple_of(2) && w >= 16 && h >= 12;
    let (bw, bh) = if direct { (w, h) } else { (h, w) };
    let g = pasted(bw, bh, v);
    let mut out = vec![0; (w * h) as usize];
    for y in 0..h {
        for x in 0..w {
            let (bx, by) = if direct { (x, y) } else { (y, x) };
            let m = g[((bh - 1 - by) * bw + bx) as usize];
            out[(y * w + x) as usize] = if direct { m } else { swap_axes(m) };
        }
    }
    out
}
