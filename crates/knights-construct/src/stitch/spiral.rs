//! The spiral through the grid of tiles (Leslie-Hurd, "Large Knight's Tours"): it starts at the
//! bottom-right tile, runs anticlockwise round the outer ring and winds inwards ring by
//! ring, ending in the middle. Joining consecutive tiles along it links every tile into
//! one tour without fragmenting it.
//!
//! Tiles are `(i, j)`: `i` the column from the left, `j` the row from the BOTTOM.

/// A grid of `cols` x `rows` tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spiral {
    cols: u32,
    rows: u32,
}

/// The bounds of one ring: columns `r..=right`, rows `r..=top`.
#[derive(Clone, Copy, Debug)]
struct Ring {
    r: u32,
    right: u32,
    top: u32,
}

impl Spiral {
    /// The spiral of a `cols` x `rows` grid (both at least 1).
    pub fn new(cols: u32, rows: u32) -> Spiral {
        assert!(cols >= 1 && rows >= 1, "a tile grid has at least one tile");
        Spiral { cols, rows }
    }

    fn ring(&self, r: u32) -> Option<Ring> {
        let (right, top) = (self.cols.checked_sub(r + 1)?, self.rows.checked_sub(r + 1)?);
        (right >= r && top >= r).then_some(Ring { r, right, top })
    }

    /// The ring of tile `(i, j)` (0 the outermost) and its place along that ring,
    /// counted from the ring's first tile (its bottom-right one). O(1).
    pub fn place(&self, i: u32, j: u32) -> (u32, u64) {
        let r = i.min(j).min(self.cols - 1 - i).min(self.rows - 1 - j);
        let Ring { right, top, .. } = self.ring(r).expect("a tile lies on some ring");
        let (i, j, r, right, top) = (i as u64, j as u64, r as u64, right as u64, top as u64);
        let offset = if i == right {
            j - r
        } else if j == top {
            (top - r) + (right - i)
        } else if i == r {
            (top - r) + (right - r) + (top - j)
        } else {
            2 * (top - r) + (right - r) + (i - r)
        };
        (r as u32, offset)
    }

    /// Every tile in spiral order.
    pub fn tiles(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        (0..).map_while(|r| self.ring(r)).flat_map(ring_tiles)
    }
}

/// The tiles of one ring in order: up the right column, left along the top row, down
/// the left column, right along the bottom row; thin rings visit each tile once.
fn ring_tiles(g: Ring) -> impl Iterator<Item = (u32, u32)> {
    let Ring { r, right, top } = g;
    let up = (r..=top).map(move |j| (right, j));
    let left = (r..right).rev().map(move |i| (i, top));
    let down = (r..top)
        .rev()
        .filter(move |_| right > r)
        .map(move |j| (r, j));
    let back = (r + 1..right).filter(move |_| top > r).map(move |i| (i, r));
    up.chain(left).chain(down).chain(back)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn visits_every_tile_once_through_neighbours_and_places_agree() {
        for cols in 1..=12 {
            for rows in 1..=12 {
                let s = Spiral::new(cols, rows);
                let order: Vec<_> = s.tiles().collect();
                assert_eq!(order.len() as u32, cols * rows, "{cols}x{rows}");
                let mut seen = vec![false; (cols * rows) as usize];
                for &(i, j) in &order {
                    assert!(!std::mem::replace(&mut seen[(j * cols + i) as usize], true));
                }
                assert_eq!(order[0], (cols - 1, 0), "starts at the bottom-right tile");
                for p in order.windows(2) {
                    let ((a, b), (c, d)) = (p[0], p[1]);
                    assert_eq!(a.abs_diff(c) + b.abs_diff(d), 1, "{cols}x{rows}: {p:?}");
                }
                let mut expect = (0, 0);
                for &(i, j) in &order {
                    let (ring, offset) = s.place(i, j);
                    if ring != expect.0 {
                        expect = (ring, 0);
                    }
                    assert_eq!((ring, offset), expect, "{cols}x{rows} tile ({i}, {j})");
                    expect.1 += 1;
                }
            }
        }
    }

    #[test]
    fn goes_anticlockwise_and_ends_in_the_middle() {
        let order: Vec<_> = Spiral::new(3, 3).tiles().collect();
        let want = [
            (2, 0),
            (2, 1),
            (2, 2),
            (1, 2),
            (0, 2),
            (0, 1),
            (0, 0),
            (1, 0),
            (1, 1),
        ];
        assert_eq!(order, want);
    }
}
