//! A rectangle of a board's cells: what `--region X0,Y0,X1,Y1` asks to draw at full
//! detail, and the corners and busy places an overview frames. Coordinates are the
//! board's own (column, row from the bottom, from 0), both corners included.

use std::fmt;
use std::str::FromStr;

use crate::board::Board;
use crate::error::BadOption;
use crate::Error;

/// Cells `x0..=x1` across and `y0..=y1` up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    /// Leftmost column.
    pub x0: u32,
    /// Bottom row.
    pub y0: u32,
    /// Rightmost column.
    pub x1: u32,
    /// Top row.
    pub y1: u32,
}

impl Region {
    /// The whole of `board`.
    pub fn all(board: &Board) -> Region {
        Region {
            x0: 0,
            y0: 0,
            x1: board.width() - 1,
            y1: board.height() - 1,
        }
    }

    /// Columns.
    pub fn width(&self) -> u32 {
        self.x1 - self.x0 + 1
    }

    /// Rows.
    pub fn height(&self) -> u32 {
        self.y1 - self.y0 + 1
    }

    /// Whether cell `(x, y)` is inside.
    pub fn contains(&self, (x, y): (u32, u32)) -> bool {
        (self.x0..=self.x1).contains(&x) && (self.y0..=self.y1).contains(&y)
    }

    /// Whether the two regions share a cell.
    pub fn overlaps(&self, o: &Region) -> bool {
        self.x0 <= o.x1 && o.x0 <= self.x1 && self.y0 <= o.y1 && o.y0 <= self.y1
    }

    /// This region grown by `d` cells on every side, within `board`.
    pub fn grown(&self, d: u32, board: &Board) -> Region {
        Region {
            x0: self.x0.saturating_sub(d),
            y0: self.y0.saturating_sub(d),
            x1: (self.x1 + d).min(board.width() - 1),
            y1: (self.y1 + d).min(board.height() - 1),
        }
    }

    /// Checks that the region lies on `board`, naming the problem.
    pub fn check(&self, board: &Board) -> Result<(), Error> {
        if self.x1 >= board.width() || self.y1 >= board.height() {
            return Err(BadOption::RegionOutside {
                region: self.to_string(),
                board: board.to_string(),
                width: board.width(),
                height: board.height(),
            }
            .into());
        }
        Ok(())
    }
}

impl fmt::Display for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{},{},{}", self.x0, self.y0, self.x1, self.y1)
    }
}

impl FromStr for Region {
    type Err = Error;

    /// `X0,Y0,X1,Y1`: two opposite corner cells, in either order.
    fn from_str(s: &str) -> Result<Region, Error> {
        let bad = || BadOption::RegionSyntax { text: s.into() };
        let v: Vec<u32> = s
            .split(',')
            .map(|p| p.trim().parse::<u32>())
            .collect::<Result<_, _>>()
            .map_err(|_| bad())?;
        let [a, b, c, d] = v[..] else {
            return Err(bad().into());
        };
        Ok(Region {
            x0: a.min(c),
            y0: b.min(d),
            x1: a.max(c),
            y1: b.max(d),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_corners_in_either_order_and_checks_the_board() {
        let r: Region = "10, 5,2,7".parse().unwrap();
        assert_eq!(
            r,
            Region {
                x0: 2,
                y0: 5,
                x1: 10,
                y1: 7
            }
        );
        assert_eq!((r.width(), r.height()), (9, 3));
        assert_eq!(r.to_string(), "2,5,10,7");
        for bad in ["1,2,3", "a,b,c,d", "1,2,3,4,5", "-1,0,2,2"] {
            let e = bad.parse::<Region>().unwrap_err().to_string();
            assert!(e.contains("is not a region"), "{e}");
        }
        let b = Board::new(8, 8).unwrap();
        assert!(r
            .check(&b)
            .unwrap_err()
            .to_string()
            .contains("leaves the 8x8 board"));
        assert!("0,0,7,7".parse::<Region>().unwrap().check(&b).is_ok());
        let g = "0,0,1,1".parse::<Region>().unwrap().grown(2, &b);
        assert_eq!(g.to_string(), "0,0,3,3");
        assert!(g.overlaps(&"3,3,5,5".parse().unwrap()));
        assert!(!g.overlaps(&"4,0,5,5".parse().unwrap()));
    }
}
