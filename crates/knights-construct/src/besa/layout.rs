//! Where Algorithm 1 puts its pieces on a board (the placement rules of
//! docs/formation.md), and from that the two moves of any one cell in constant
//! time: a fixed list of at most a dozen placements, each a piece repeated along a row
//! or a column, checked from the last pasted to the first.
//!
//! The construction is laid out on the *built* board: the board itself when its width
//! is even and at least 16 and its height at least 12, else its transpose. Built
//! coordinates are rows `i` from the TOP and columns `j` from the left, like the pieces
//! data; [`Layout::moves`] converts from the project's `(x, y)` with `y` up.

use std::ops::Range;

use super::band_edge;
use super::corner_classes::{Corner, CORNERS, CORNERS_FROM};
use super::pieces::{background, find_piece, piece, Piece};
use super::Variant;
use knights_core::Straight;

/// What part of the construction a placement is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Role {
    /// A double straight-up move on the left or right edge (columns 0, 1, w-2, w-1).
    Edge,
    /// The junction in the bottom-left corner.
    BottomLeft,
    /// The junction in the top-right corner.
    TopRight,
    /// A heel or a corner sequence.
    Other,
}

/// Copies of a piece along one axis, at `start + k * step` for `k` in `0..count`;
/// `step` is the piece's extent along the axis, so copies neither overlap nor leave gaps.
#[derive(Clone, Copy, Debug)]
struct Run {
    start: u32,
    step: u32,
    count: u32,
}

impl Run {
    fn once(start: u32, len: u32) -> Run {
        Run {
            start,
            step: len,
            count: 1,
        }
    }

    /// At `first`, `first - step`, ... while not negative.
    fn down_from(first: u32, step: u32) -> Run {
        Run {
            start: first % step,
            step,
            count: first / step + 1,
        }
    }

    /// At `first`, `first + step`, ... while below `limit`.
    fn up_to(first: u32, step: u32, limit: u32) -> Run {
        let count = if limit > first {
            (limit - first).div_ceil(step)
        } else {
            0
        };
        Run {
            start: first,
            step,
            count,
        }
    }

    /// Just past the last copy (`start` when there is none).
    fn end(self) -> u32 {
        self.start + self.step * self.count
    }

    /// Where `pos` falls inside the copy that covers it, if one does.
    fn offset(self, pos: u32) -> Option<u32> {
        let k = pos.checked_sub(self.start)? / self.step;
        (k < self.count).then(|| pos - self.start - k * self.step)
    }
}

/// A piece pasted at every combination of a row run and a column run.
#[derive(Clone, Copy, Debug)]
struct Placement {
    piece: &'static Piece,
    rows: Run,
    cols: Run,
    role: Role,
}

impl Placement {
    /// One copy of `piece` with its top-left corner at row `i0`, column `j0`.
    fn single(piece: &'static Piece, i0: u32, j0: u32, role: Role) -> Placement {
        Placement {
            piece,
            rows: Run::once(i0, piece.height()),
            cols: Run::once(j0, piece.width()),
            role,
        }
    }

    /// The moves this placement puts at built cell `(i, j)`, 0 if it does not cover it.
    fn at(&self, i: u32, j: u32) -> u8 {
        match (self.rows.offset(i), self.cols.offset(j)) {
            (Some(a), Some(b)) if a < self.piece.height() && b < self.piece.width() => {
                self.piece.at(a, b)
            }
            _ => 0,
        }
    }

    /// Whether built cell `(i, j)` is inside this placement's bounding box.
    fn spans(&self, i: u32, j: u32) -> bool {
        (self.rows.start..self.rows.end()).contains(&i)
            && (self.cols.start..self.cols.end()).contains(&j)
    }
}

/// Whether the formation algorithm supports a `w x h` board, and how: `Some(false)` to
/// build it as it is, `Some(true)` to build its transpose, `None` when neither works.
pub(super) fn orientation(w: u32, h: u32) -> Option<bool> {
    let fits = |even: u32, other: u32| even.is_multiple_of(2) && even >= 16 && other >= 12;
    if fits(w, h) {
        Some(false)
    } else if fits(h, w) {
        Some(true)
    } else {
        None
    }
}

/// The direction mask under transposition: `(dx, dy)` becomes `(dy, dx)`, which maps
/// direction `d` to `(9 - d) mod 8`.
const TRANSPOSE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut m = 0;
    while m < 256 {
        let mut d = 0;
        while d < 8 {
            if m & (1 << d) != 0 {
                t[m] |= 1 << ((9 - d) % 8);
            }
            d += 1;
        }
        m += 1;
    }
    t
};

/// The pieces of Algorithm 1 on one board.
#[derive(Clone, Debug)]
pub(super) struct Layout {
    /// The width of the board asked for.
    width: u32,
    /// Whether the built board is its transpose.
    transposed: bool,
    /// Height of the built board.
    built_height: u32,
    /// Width of the built board.
    built_width: u32,
    /// In the order they are pasted: later ones cover earlier ones.
    placements: Vec<Placement>,
    /// Built rows where only the edge pieces differ from the background.
    plain: Range<u32>,
    /// Cell numbers that no junction covers (the rows between the junctions), as u64:
    /// a board too large to number (see [`knights_core::metrics::structure`]) still has a layout.
    between_junctions: Range<u64>,
}

impl Layout {
    /// The layout of a `w x h` board, `None` when the algorithm does not support it.
    pub(super) fn new(w: u32, h: u32, variant: Variant) -> Option<Layout> {
        Layout::with_corners(w, h, variant, true)
    }

    /// The layout with the variant's heels but without its corner pieces: the tour the
    /// corner search starts from.
    pub(super) fn heels_only(w: u32, h: u32, variant: Variant) -> Option<Layout> {
        Layout::with_corners(w, h, variant, false)
    }

    fn with_corners(w: u32, h: u32, variant: Variant, corners: bool) -> Option<Layout> {
        let transposed = orientation(w, h)?;
        let (bw, bh) = if transposed { (h, w) } else { (w, h) };
        let placements = placements(bw, bh, variant, corners);
        let mut top_end = 0;
        let mut bottom_start = bh;
        for p in placements.iter().filter(|p| p.role != Role::Edge) {
            // Top pieces start within the top rows (a heel's outside cells at row 3).
            if p.rows.start < bh / 2 {
                top_end = top_end.max(p.rows.end());
            } else {
                bottom_start = bottom_start.min(p.rows.start);
            }
        }
        let mut layout = Layout {
            width: w,
            transposed,
            built_width: bw,
            built_height: bh,
            placements,
            plain: top_end.min(bottom_start)..bottom_start,
            between_junctions: 0..0,
        };
        let rows = |role| {
            let spans = layout.placements.iter().filter(|p| p.role == role);
            spans
                .map(|p| layout.board_rows(p))
                .reduce(|a, b| a.start.min(b.start)..a.end.max(b.end))
                .expect("both junctions are placed")
        };
        let (bl, tr) = (rows(Role::BottomLeft), rows(Role::TopRight));
        layout.between_junctions = bl.end as u64 * w as u64..tr.start as u64 * w as u64;
        Some(layout)
    }

    /// The board rows (`y` from the bottom) a placement's bounding box spans.
    fn board_rows(&self, p: &Placement) -> Range<u32> {
        if self.transposed {
            p.cols.start..p.cols.end()
        } else {
            self.built_height - p.rows.end()..self.built_height - p.rows.start
        }
    }

    /// The built cell `(i, j)` of the board's cell `(x, y)`.
    fn built(&self, x: u32, y: u32) -> (u32, u32) {
        let (bx, by) = if self.transposed { (y, x) } else { (x, y) };
        (self.built_height - 1 - by, bx)
    }

    /// The placement that decides built cell `(i, j)` and the moves it puts there.
    fn owner(&self, i: u32, j: u32) -> Option<(&Placement, u8)> {
        self.placements.iter().rev().find_map(|p| {
            let m = p.at(i, j);
            (m != 0).then_some((p, m))
        })
    }

    /// The background mask in the board's own orientation.
    fn background(&self) -> u8 {
        self.orient(background())
    }

    fn orient(&self, mask: u8) -> u8 {
        if self.transposed {
            TRANSPOSE[mask as usize]
        } else {
            mask
        }
    }

    /// The direction bits of the two tour moves at `(x, y)` (`y` from the bottom).
    pub(super) fn moves(&self, x: u32, y: u32) -> u8 {
        let (i, j) = self.built(x, y);
        self.owner(i, j)
            .map_or(self.background(), |(_, m)| self.orient(m))
    }

    /// The junction that covers cell number `c`, if one does: [`Role::BottomLeft`] or
    /// [`Role::TopRight`]. Fast for the cells between the junctions.
    pub(super) fn junction(&self, c: u32) -> Option<Role> {
        if self.between_junctions.contains(&(c as u64)) {
            return None;
        }
        let (i, j) = self.built(c % self.width, c / self.width);
        let near = self
            .placements
            .iter()
            .any(|p| matches!(p.role, Role::BottomLeft | Role::TopRight) && p.spans(i, j));
        if !near {
            return None;
        }
        self.owner(i, j)
            .map(|(p, _)| p.role)
            .filter(|r| matches!(r, Role::BottomLeft | Role::TopRight))
    }

    /// Whether every cell number from `a` to `b` lies in the rows between the junctions.
    pub(super) fn clear_of_junctions(&self, a: u32, b: u32) -> bool {
        self.between_junctions.contains(&(a as u64)) && self.between_junctions.contains(&(b as u64))
    }

    /// The cell the tour reaches from the bottom-left cell when it follows the paper's
    /// Figure 3 order: the built board's move 0, "two up, one right".
    pub(super) fn first_step(&self) -> (u32, u32) {
        if self.transposed {
            (2, 1)
        } else {
            (1, 2)
        }
    }

    /// Fills row `y` (from the bottom) of the board's direction masks. The part of the
    /// row in the [`Layout::straight`] rectangle is a memory fill; only the cells near
    /// the board's edges look at the pieces.
    pub(super) fn fill_row(&self, y: u32, row: &mut [u8]) {
        let s = self.straight();
        let span = if s.ys.contains(&y) {
            s.xs.start as usize..s.xs.end as usize
        } else {
            0..0
        };
        row[span.clone()].fill(s.mask);
        for x in (0..span.start).chain(span.end..self.width as usize) {
            row[x] = self.moves(x as u32, y);
        }
    }

    /// The rectangle of the board that holds the background for certain: the plain
    /// rows away from the edge columns, in the board's own orientation.
    pub(super) fn straight(&self) -> Straight {
        let bh = self.built_height;
        let (across, along) = (
            bh - self.plain.end..bh - self.plain.start,
            2..self.built_width - 2,
        );
        let (xs, ys) = if self.transposed {
            (across, along)
        } else {
            (along, across)
        };
        Straight {
            xs,
            ys,
            mask: self.background(),
        }
    }
}

/// The placements of docs/formation.md on a built `w x h` board (`w` even and at
/// least 16, `h` at least 12), in the order they are pasted, with the variant's heel
/// wherever a heel goes; a heel that changes the moves of cells just outside it brings
/// a piece for them, pasted last, above and left of the heel (turned with it).
fn placements(w: u32, h: u32, variant: Variant, corners: bool) -> Vec<Placement> {
    let br = (w / 2 + 2) % 4;
    let tl = (7 - h % 4) % 4; // (3 - h) mod 4, non-negative
    let trh = 5 + (w / 2 + h - 1) % 4;
    let mut out = Vec::with_capacity(16);
    let mut ports = Vec::new();
    let heel_name = variant.heel();
    let port_piece = |rotated| variant.heel_ports().map(|name| piece(name, rotated));
    let edge = |rotated, rows, j0| Placement {
        piece: piece("vertical_edge", rotated),
        rows,
        cols: Run::once(j0, 2),
        role: Role::Edge,
    };
    // 1-2. The left and right edges: double straight-up moves every 4 rows.
    out.push(edge(false, Run::down_from(h - 7, 4), 0));
    let right = [h - 8, h - 7, h - 10, h - 9][br as usize];
    out.push(edge(true, Run::down_from(right, 4), w - 2));
    // 3. The bottom-left junction.
    let bl = piece("junction_h5_horizontal", false);
    out.push(Placement::single(bl, h - 5, 0, Role::BottomLeft));
    // 4. Heels along the bottom edge, then the bottom-right corner.
    let heels = Run::up_to(6, 8, [w - 6, w - 8, w - 10, w - 4][br as usize]);
    let (best, band) = split(heels, variant);
    for cols in best {
        out.push(Placement {
            piece: piece(heel_name, false),
            rows: Run::once(h - 4, 4),
            cols,
            role: Role::Other,
        });
        if let Some(p) = port_piece(false) {
            let cols = Run {
                start: cols.start - 2,
                ..cols
            };
            ports.push(Placement {
                piece: p,
                rows: Run::once(h - 5, 2),
                cols,
                role: Role::Other,
            });
        }
    }
    let mut transitions = Vec::new();
    if let Some(cols) = band {
        out.push(Placement {
            piece: piece(band_edge::PERIOD, false),
            rows: Run::once(h - 4, 4),
            cols,
            role: Role::Other,
        });
        let ends = [
            (band_edge::START, cols.start - 8),
            (band_edge::END, cols.end() - 8),
        ];
        for (name, j0) in ends {
            if let Some(p) = find_piece(name, false) {
                transitions.push(Placement::single(p, h - p.height(), j0, Role::Other));
            }
        }
    }
    let j = heels.end();
    let at = |name, rotated, i0, j0| Placement::single(piece(name, rotated), i0, j0, Role::Other);
    match br {
        0 => out.push(at("corner_seq0", false, h - 4, j)),
        1 => {
            out.push(at(heel_name, false, h - 4, j));
            if let Some(p) = port_piece(false) {
                ports.push(Placement::single(p, h - 5, j - 2, Role::Other));
            }
        }
        2 => {
            out.push(at("corner_seq0", false, h - 4, j));
            out.push(at("corner_seq2_tail", false, h - 6, j + 6));
        }
        _ => out.push(at("corner_seq3", false, h - 5, j)),
    }
    // 5. The top-left corner.
    let j = match tl {
        0 => {
            out.push(at("corner_seq0", true, 0, 0));
            6
        }
        1 => {
            out.push(at(heel_name, true, 0, 0));
            if let Some(p) = port_piece(true) {
                ports.push(Placement::single(p, 3, 4, Role::Other));
            }
            8
        }
        2 => {
            out.push(at("corner_seq2_tail", true, 0, 0));
            out.push(at("corner_seq0", true, 0, 4));
            10
        }
        _ => {
            out.push(at("corner_seq3", true, 0, 0));
            4
        }
    };
    // 6. Heels along the top edge.
    let top = Run::up_to(j, 8, w - 8);
    let tr = piece(&format!("junction_h{trh}_vertical"), true);
    // A heel whose outside cells would reach under the top-right junction keeps the
    // plain heel (the junction's cells there are not the heel's to change).
    let fitting = match port_piece(true) {
        Some(_) => Run::up_to(j, 8, (w - tr.width()).saturating_sub(9)).count,
        None => top.count,
    }
    .min(top.count);
    let (varied, plain) = (
        Run {
            count: fitting,
            ..top
        },
        Run {
            start: top.start + 8 * fitting,
            count: top.count - fitting,
            ..top
        },
    );
    let (best, band) = split(varied, variant);
    let heel_runs = best.iter().map(|&cols| (heel_name, cols));
    for (name, cols) in heel_runs.chain([("heel", plain)]) {
        out.push(Placement {
            piece: piece(name, true),
            rows: Run::once(0, 4),
            cols,
            role: Role::Other,
        });
    }
    for cols in best {
        if let Some(p) = port_piece(true) {
            let cols = Run {
                start: cols.start + 4,
                ..cols
            };
            ports.push(Placement {
                piece: p,
                rows: Run::once(3, 2),
                cols,
                role: Role::Other,
            });
        }
    }
    if let Some(cols) = band {
        out.push(Placement {
            piece: piece(band_edge::PERIOD, true),
            rows: Run::once(0, 4),
            cols,
            role: Role::Other,
        });
        // Turned, the bottom's end transition comes first from the left.
        let ends = [
            (band_edge::END, cols.start - 8),
            (band_edge::START, cols.end() - 8),
        ];
        for (name, j0) in ends {
            if let Some(p) = find_piece(name, true) {
                transitions.push(Placement::single(p, 0, j0, Role::Other));
            }
        }
    }
    // 7. The top-right junction, its right side on the right edge.
    out.push(Placement::single(tr, 0, w - tr.width(), Role::TopRight));
    out.extend(ports);
    out.extend(transitions);
    if corners && variant.corners() {
        out.extend(corner_placements(w, h));
    }
    out
}

/// A run of heels as the variant lays it: the runs that keep the variant's heel, and
/// the run of the band tour's period if it has one (see [`band_edge`]).
fn split(run: Run, variant: Variant) -> (Vec<Run>, Option<Run>) {
    let part = |r: Range<u32>| Run {
        start: run.start + run.step * r.start,
        step: run.step,
        count: r.end - r.start,
    };
    match band_edge::copies(run.count).filter(|_| variant.band()) {
        Some(c) => (
            vec![part(0..c.start), part(c.end..run.count)],
            Some(part(c)),
        ),
        None => (vec![run], None),
    }
}

/// The best tour's corner pieces that the built `w x h` board's classes call for (see
/// [`super::corner_classes`]), each anchored at its corner; the part on a junction's
/// runs keeps the junction's role.
fn corner_placements(w: u32, h: u32) -> Vec<Placement> {
    if w < CORNERS_FROM.0 || h < CORNERS_FROM.1 {
        return Vec::new();
    }
    let mut out = Vec::new();
    for corner in CORNERS {
        let name = corner.piece_name(corner.class_of(w, h));
        let mut parts = vec![(name.clone(), Role::Other)];
        match corner {
            Corner::BottomLeft => parts.push((name + "_junction", Role::BottomLeft)),
            Corner::TopRight => parts.push((name + "_junction", Role::TopRight)),
            _ => {}
        }
        for (name, role) in parts {
            let Some(p) = find_piece(&name, false) else {
                continue;
            };
            let i0 = match corner {
                Corner::BottomLeft | Corner::BottomRight => h - p.height(),
                _ => 0,
            };
            let j0 = match corner {
                Corner::BottomLeft | Corner::TopLeft => 0,
                _ => w - p.width(),
            };
            out.push(Placement::single(p, i0, j0, role));
        }
    }
    out
}

/// The direction bits (see [`knights_core::Leaper::dirs`]) of the two moves of the
/// formation algorithm's tour at cell `(x, y)` (`y` from the bottom) of a `w x h` board,
/// in constant time; 0 when the algorithm does not support the board or the cell is off
/// it.
pub fn cell_moves(w: u32, h: u32, x: u32, y: u32) -> u8 {
    variant_cell_moves(Variant::Plain, w, h, x, y)
}

/// [`cell_moves`] of a variant of the construction.
pub fn variant_cell_moves(variant: Variant, w: u32, h: u32, x: u32, y: u32) -> u8 {
    match Layout::new(w, h, variant) {
        Some(l) if x < w && y < h => l.moves(x, y),
        _ => 0,
    }
}
